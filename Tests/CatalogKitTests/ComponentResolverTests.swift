import CatalogKit
import Foundation
import TestSupport
import Testing

/// One lookup for what a user names: a file when one is there, else `NAME[@VERSION]` in the
/// catalog, which opens only for a name.
struct ComponentResolverTests {
    let folder = TemporaryFolder()

    private static let nudge =
        #"{"name": "nudge", "kind": "animation", "version": "1.0.0", "animation": {"type": "basic", "keyPath": "position.x", "byValue": 40, "duration": 0.5}}"#

    @Test func aFileIsReadWithoutOpeningTheCatalog() throws {
        let file = folder.file("nudge.json")
        try Self.nudge.write(toFile: file, atomically: true, encoding: .utf8)
        let resolver = ComponentResolver {
            Issue.record("a file needs no catalog"); throw CancellationError()
        }
        let found = try resolver.resolve(file, kinds: [.animation], for: "sample")
        #expect(found.definition.name == "nudge" && found.source == file && found.stored == nil)
        #expect(try resolver.catalog(for: found.definition) == nil)
    }

    @Test func aNameIsTheCurrentVersionAndNameAtVersionAKeptOne() throws {
        let catalog = try Catalog(path: folder.file("c.sqlite"), loadBuiltIns: false)
        try catalog.components.add([try DefinitionDecoder.decode(text: Self.nudge, file: "nudge.json")])
        let newer = Self.nudge.replacingOccurrences(of: "1.0.0", with: "1.1.0").replacingOccurrences(of: "40", with: "60")
        try catalog.components.add([try DefinitionDecoder.decode(text: newer, file: "nudge.json")])
        var opened = 0
        let resolver = ComponentResolver {
            opened += 1; return catalog
        }
        let current = try resolver.resolve("nudge", kinds: [.animation], for: "sample")
        let kept = try resolver.resolve("nudge@1.0.0", kinds: [.animation], for: "sample")
        #expect(current.source == "nudge@1.1.0" && current.stored?.version == "1.1.0")
        #expect(kept.source == "nudge@1.0.0" && kept.definition.version.description == "1.0.0")
        #expect(opened == 1, "the catalog opens once, on the first name")
        #expect(try resolver.catalog(for: kept.definition) === catalog)
    }

    @Test func wrongKindsAndMissingNamesAreErrorsWithCodes() throws {
        let catalog = try Catalog(path: folder.file("b.sqlite"))
        let resolver = ComponentResolver(catalog: catalog)
        #expect {
            try resolver.resolve("hyperlink", kinds: [.animation, .chain], for: "export")
        } throws: { error in
            let error = error as? ComponentLookupError
            return error?.code == .wrongComponent && error?.fields["kind"] == .string("decorator")
                && error?.description == "hyperlink is a decorator; export takes animations and chains"
        }
        // Where a file could have been meant, the message says so; a reference between
        // components is a name only, and its absence is the store's unknown component.
        #expect(throws: ComponentLookupError.notFound("no-such")) {
            try resolver.resolve("no-such", kinds: [.animation], for: "sample")
        }
        #expect(throws: StoreError.unknownComponent("no-such")) {
            try resolver.resolve("no-such", kinds: [.animation], for: "reducedMotion", filesAllowed: false)
        }
        #expect(throws: StoreError.unknownComponent("no-such")) {
            try ComponentPreview(names: ["no-such@1.0.0"], catalog: catalog)
        }
    }

    @Test func aFolderOfSeveralDefinitionsIsRefusedForOne() throws {
        let file = folder.file("two")
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
        for name in ["nudge", "push"] {
            try Self.nudge.replacingOccurrences(of: "nudge", with: name).write(toFile: "\(file)/\(name).json", atomically: true, encoding: .utf8)
        }
        let resolver = ComponentResolver { throw CancellationError() }
        #expect(throws: ComponentLookupError.notOneDefinition(file: file, count: 2, purpose: "plot")) {
            try resolver.resolve(file, kinds: [.animation], for: "plot")
        }
    }
}
