import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// `replay --verify`'s content hash is written a piece at a time, straight from the rows: it
/// must be the SHA-256 of the state's canonical JSON document built whole — components,
/// objects with owners and properties as they read, types.
struct ContentHashTests {
    @Test func theStreamedHashIsTheWholeDocumentsHash() throws {
        let folder = TemporaryFolder()
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        try catalog.types.declare("badge", properties: ["count": .number, "tint": .color])
        try catalog.objects.add(id: "liste-é", type: "view")
        try catalog.objects.add(id: "cell:1", type: "cell", owners: ["liste-é"])
        try catalog.objects.add(id: "target", type: "view")
        try catalog.objects.add(id: "gone", type: "view")
        try catalog.setProperty(.string("tab\there ☃"), for: "title", on: "cell:1")
        try catalog.setProperty(.rect(Rect(x: 0, y: 0.5, width: 320, height: 44)), for: "frame", on: "cell:1")
        try catalog.setProperty(.object("target"), for: "retained", on: "liste-é")
        try catalog.setProperty(.object("gone"), for: "weakly", on: "liste-é", policy: .weak)
        try catalog.setProperty(.object("target"), for: "copied", on: "liste-é", policy: .copy)
        try catalog.setProperty(.json(["a": [1, 2.5, nil], "b": "x"]), for: "extra", on: "target")
        try catalog.setProperty(.url("https://swift.org"), for: "url", on: "target")
        _ = try catalog.objects.remove("gone")
        for index in 0..<1_100 { try catalog.objects.add(id: "bulk-\(index)", type: "view") }  // more than a page

        var components: [JSONValue] = []
        for name in try catalog.components.names() {
            for version in try catalog.components.history(name) {
                components.append(["name": .string(version.name), "version": .string(version.version), "hash": .string(version.contentHash)])
            }
        }
        var objects: [JSONValue] = []
        for object in try catalog.objects.list().sorted(by: { $0.id < $1.id }) {
            let properties = try catalog.properties.list(on: object.id).sorted { $0.key < $1.key }.map(\.jsonValue)
            objects.append([
                "id": .string(object.id), "type": .string(object.type), "owners": .array(object.owners.sorted().map(JSONValue.string)),
                "properties": .array(properties)
            ])
        }
        let types = try catalog.types.list().map { type -> JSONValue in
            ["name": .string(type.name), "properties": .object(type.properties.mapValues { .string($0.rawValue) })]
        }
        let document: JSONValue = ["components": .array(components), "objects": .array(objects), "types": .array(types)]
        #expect(objects.count > 1_100)
        #expect(document.canonicalText.contains("\"weakly\"") == false, "a weak reference to a removed object reads as absent")
        #expect(try SceneVerification.contentHash(catalog.database) == ContentDigest.sha256Hex(Data(document.canonicalText.utf8)))
    }
}
