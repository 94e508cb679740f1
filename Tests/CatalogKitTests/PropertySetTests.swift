import CatalogKit
import Foundation
import Testing

/// `Catalog.setProperty` is the one way a property is set — by `prop set` and by
/// `Catalog.set(_:on:to:)` alike: parameter overrides are checked before they can poison a later
/// replay, and decorator keys attach their decorator from the library as from the command line.
struct PropertySetTests {
    private func catalog(_ backend: TestBackend) throws -> Catalog {
        let folder = NSTemporaryDirectory() + "property-set-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try backend.catalog(path: folder + "/c.sqlite")
    }

    @Test(arguments: TestBackend.allCases) func parameterOverridesAreCheckedAgainstTheirDeclaration(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        try catalog.database.objects.add(id: "cell", type: "cell")
        // bounce-select declares duration: number, minimum 0.
        for bad: PropertyValue in [.number(-1), .string("slow"), .bool(true)] {
            #expect(throws: SceneError.self) { try catalog.setProperty(bad, for: "bounce-select.duration", on: "cell") }
        }
        #expect(try catalog.database.properties.value(for: "bounce-select.duration", on: "cell") == nil, "nothing stored")
        // Text that reads as the declared type is stored as that type.
        #expect(try catalog.setProperty(.string("0.3"), for: "bounce-select.duration", on: "cell").value == .number(0.3))
        // And a select then replays: the logged application takes the override.
        try catalog.apply("bounce-select", to: ["cell"], at: 0)
        _ = try catalog.send("select", to: "cell", at: 1)
        guard case .transform(let shown)? = try catalog.state(of: "cell", at: 1.15).presentation["transform"] else { Issue.record("no transform"); return }
        #expect(abs(shown.m[0] - 0.8) < 1e-12, "0.8 at half of 0.3 s")
        // A key with a dot that names no component's parameter is any other property.
        #expect(try catalog.setProperty(.number(-1), for: "profile.offset", on: "cell").value == .number(-1))
    }

    @Test(arguments: TestBackend.allCases) func theLibraryAttachesDecoratorsAsTheCommandLineDoes(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        try catalog.database.objects.add(id: "label", type: "label")
        try catalog.set(AssociationKey<URL>("url"), on: "label", to: URL(string: "https://swift.org"))
        #expect(try catalog.state(of: "label").decorators == ["hyperlink"])
        #expect(try catalog.send("tap", to: "label").effects.map(\.jsonValue) == [["effect": "openURL", "value": "https://swift.org"]])
    }

    @Test(arguments: TestBackend.allCases) func keysTheObjectsTypeDeclaresConvertToTheirType(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        try catalog.database.objects.add(id: "v1", type: "view")
        // A view's frame is a rect: the command line's text converts, and a layout then uses it.
        #expect(try catalog.setProperty(.string("0,0,10,10"), for: "frame", on: "v1").value == .rect(Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(try catalog.setProperty(.string("red"), for: "backgroundColor", on: "v1").value == .color(RGBAColor(red: 1, green: 0, blue: 0)))
        for (key, bad) in [("frame", PropertyValue.string("wide")), ("opacity", .string("high")), ("backgroundColor", .number(3))] {
            #expect(throws: SceneError.self, "\(key)") { try catalog.setProperty(bad, for: key, on: "v1") }
        }
        // A key the type does not declare is stored as given.
        #expect(try catalog.setProperty(.string("0,0,10,10"), for: "note", on: "v1").value == .string("0,0,10,10"))
        // Declared custom types convert too.
        try catalog.database.types.declare("badge", properties: ["count": .number])
        try catalog.database.objects.add(id: "b", type: "badge")
        #expect(try catalog.setProperty(.string("3"), for: "count", on: "b").value == .number(3))
    }

    @Test(arguments: TestBackend.allCases) func anObjectCannotOwnItself(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        #expect(throws: StoreError.ownsItself("loop")) { try catalog.database.objects.add(id: "loop", type: "view", owners: ["loop"]) }
        #expect(try catalog.database.objects.get("loop") == nil)
    }

    @Test(arguments: TestBackend.allCases) func jsonTextMustBeJSON(backend: TestBackend) throws {
        #expect(throws: ValueConversionError.self) { try PropertyValue(converting: "{", to: .json) }
        #expect(try PropertyValue(converting: "{\"a\": 1}", to: .json) == .json(["a": 1]))
    }

    /// Unset and clear go through the catalog too: an unknown object is refused (the store alone
    /// would log nothing and say nothing), and unsetting a decorator's key is setting it to nil.
    @Test(arguments: TestBackend.allCases) func unsetAndClearGoThroughTheCatalog(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        let before = try catalog.events.lastSeq()
        #expect(throws: StoreError.unknownObject("ghost")) { try catalog.unsetProperty("url", on: "ghost") }
        #expect(throws: StoreError.unknownObject("ghost")) { try catalog.clearProperties(on: "ghost") }
        #expect(try catalog.events.lastSeq() == before, "nothing logged")
        for id in ["a", "b"] {
            try catalog.database.objects.add(id: id, type: "label")
            try catalog.setProperty(.string("https://swift.org"), for: "url", on: id)
        }
        try catalog.unsetProperty("url", on: "a")
        try catalog.setProperty(nil, for: "url", on: "b")
        let (a, b) = (try catalog.state(of: "a"), try catalog.state(of: "b"))
        #expect(a.model == b.model && a.decorators == b.decorators && a.model["url"] == nil)
        try catalog.setProperty(.number(3), for: "count", on: "a")
        try catalog.clearProperties(on: "a")
        #expect(try catalog.properties.list(on: "a").isEmpty)
    }
}
