import CatalogStore
import CatalogKit
import Foundation
import TestSupport
import Testing

struct ProfileCell: PersistentObject {
    static let persistentType = "cell"
    let persistentID: String
    let catalog: Catalog
}

extension ProfileCell {
    static let highlight = AssociationKey<RGBAColor>("profile.highlight")
    static let link = AssociationKey<URL>("hyperlink.url", policy: .copy)
    var highlight: RGBAColor? { get throws { try value(Self.highlight) } }
    func setHighlight(_ color: RGBAColor?) throws { try set(Self.highlight, to: color) }
}

struct TypedAssociationTests {
    let folder = TemporaryFolder()

    @Test(arguments: TestBackend.allCases) func typedKeysReadBackTheirType(backend: TestBackend) throws {
        let catalog = try backend.catalog(in: folder, loadBuiltIns: false)
        try catalog.database.objects.add(id: "label-1", type: "label")
        let url = AssociationKey<URL>("hyperlink.url", policy: .copy)
        try catalog.set(url, on: "label-1", to: URL(string: "https://swift.org"))
        #expect(try catalog.value(url, on: "label-1") == URL(string: "https://swift.org"))
        #expect(try catalog.database.properties.association(for: "hyperlink.url", on: "label-1")?.policy == .copy)
        let asNumber = AssociationKey<Double>("hyperlink.url")
        #expect(throws: AssociationTypeMismatch.self) { try catalog.value(asNumber, on: "label-1") }
        try catalog.set(url, on: "label-1", to: nil)
        #expect(try catalog.value(url, on: "label-1") == nil)
    }

    @Test(arguments: TestBackend.allCases) func persistentStoredPropertiesSurviveReopening(backend: TestBackend) throws {
        let first = try backend.catalog(in: folder, loadBuiltIns: false)
        do {
            let cell = ProfileCell(persistentID: "cell-42", catalog: first)
            #expect(try cell.highlight == nil)
            try cell.setHighlight(RGBAColor(red: 1, green: 0, blue: 0))
        }
        let reopened = ProfileCell(persistentID: "cell-42", catalog: try backend.reopen(first))
        #expect(try reopened.highlight == RGBAColor(red: 1, green: 0, blue: 0))
        #expect(try reopened.catalog.database.objects.get("cell-42")?.type == "cell")
        try reopened.removeAllAssociations()
        #expect(try reopened.highlight == nil)
    }
}
