import CatalogKit
import Foundation
import TestSupport
import Testing

/// A stored version is compiled once per catalog handle: `apply`'s checks, every fold (`state`,
/// snapshots, replay) and sampling share the compile — and a warm handle answers exactly as a
/// fresh one does.
struct CompiledComponentTests {
    let folder = TemporaryFolder()

    private static func animation(_ name: String, version: String = "1.0.0", to opacity: Double, reducedMotion: String? = nil) throws -> ComponentDefinition {
        let reduced = reducedMotion.map { "\"reducedMotion\": \"\($0)\", " } ?? ""
        return try DefinitionDecoder.decode(text: """
            {"name": "\(name)", "kind": "animation", "version": "\(version)", \(reduced)"parameters": {"duration": {"type": "number", "default": 1, "minimum": 0}},
             "animation": {"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": \(opacity), "duration": "$duration"}}
            """, file: "\(name).json")
    }

    @Test func applyingToManyObjectsAndFoldingThemCompilesEachParameterSetOnce() throws {
        let catalog = try Catalog(path: folder.file("once.sqlite"), loadBuiltIns: false)
        try catalog.components.add([try Self.animation("dim", to: 0.2)])
        let ids = (0..<12).map { "cell-\($0)" }
        try catalog.objects.addAll(ids.map { ($0, "cell", []) }, at: 0)
        for id in ids { try catalog.apply("dim", to: [id], parameters: ["duration": "2"], at: 1) }
        #expect(catalog.compiled.animationsCompiled == 1)
        for id in ids { #expect(try catalog.state(of: id, at: 2).presentation["opacity"] == .number(0.6)) }
        try catalog.takeSnapshot()
        #expect(try catalog.sampling(of: "dim", parameters: ["duration": "2"]).samples(at: [1]).first?.values.first?.propertyValue == .number(0.6))
        #expect(catalog.compiled.animationsCompiled == 1, "the checks, the folds, the snapshot and sampling share one compile")
        try catalog.apply("dim", to: ["cell-0"], parameters: ["duration": "4"], at: 3)
        #expect(catalog.compiled.animationsCompiled == 2, "other values are another compile")
        // What the warm handle folds is what a fresh one folds, byte for byte.
        let fresh = try Catalog(path: catalog.path, loadBuiltIns: false)
        for id in ids {
            #expect(try catalog.state(of: id, at: 4).jsonValue.canonicalText == fresh.state(of: id, at: 4).jsonValue.canonicalText)
        }
    }

    /// A `reducedMotion: NAME` stand-in is its newest version when the scene is folded: a warm
    /// handle that compiled the animation before a newer stand-in came folds the newer one, as
    /// a fresh handle does.
    @Test(arguments: TestBackend.allCases) func aStandInAddedLaterIsSeenByAWarmHandle(backend: TestBackend) throws {
        let catalog = try backend.catalog(in: folder, loadBuiltIns: false)
        try catalog.components.add([try Self.animation("calm", to: 0.5), try Self.animation("flash", to: 0, reducedMotion: "calm")], at: 0)
        try catalog.objects.add(id: "card", type: "layer", at: 0)
        try catalog.apply("flash", to: ["card"], at: 1, reducedMotion: true)
        #expect(try catalog.state(of: "card", at: 1.5).presentation["opacity"] == .number(0.75))
        try catalog.components.add([try Self.animation("calm", version: "1.1.0", to: 0.1)], at: 2)
        let warm = try catalog.state(of: "card", at: 1.5)
        let fresh = try backend.reopen(catalog).state(of: "card", at: 1.5)
        #expect(warm.presentation["opacity"] == .number(0.55))
        #expect(warm == fresh)
    }
}

/// Every `apply` payload a scene logs — animations, behaviours, layouts, chains, under reduced
/// motion or not, from handlers too — reads as an ``ApplyPayload`` and writes back to the same
/// bytes: the typed writers and the log agree.
struct ApplyPayloadLogTests {
    let folder = TemporaryFolder()

    @Test func everyLoggedApplicationRoundTripsByteForByte() throws {
        let catalog = try Catalog(path: folder.file("log.sqlite"))
        try catalog.objects.addAll([("list", "view", []), ("cell", "cell", ["list"]), ("title", "label", ["list"]), ("card", "layer", [])], at: 0)
        try catalog.apply("fade-in", to: ["card"], parameters: ["duration": "0.3"], at: 1)
        try catalog.apply("shake", to: ["card"], at: 2, reducedMotion: true)
        try catalog.apply("bounce-select", to: ["cell"], at: 3)
        _ = try catalog.send("select", to: "cell", at: 4)
        for chain in try catalog.components.list(kind: .chain) {
            let roles = Dictionary(uniqueKeysWithValues: try ChainDefinition(try chain.decode()).roles.enumerated().map { ($1, ["cell", "title", "card"][$0 % 3]) })
            try catalog.apply(chain.name, roles: roles, at: 5)
            try catalog.apply(chain.name, roles: roles, at: 6, reducedMotion: true)
        }
        for layout in try catalog.components.list(kind: .layout).prefix(1) {
            let slots = try LayoutDefinition(try layout.decode()).root.slots
            try catalog.apply(layout.name, to: ["list"], roles: [slots[0]: "cell"], at: 7)
        }
        let applications = try catalog.events.list().filter { $0.operation == .apply }
        #expect(Set(try applications.map { try JSONValueDecoder().decode(ApplyPayload.self, from: $0.payload).kind }) == Set(ApplicationKind.allCases))
        for event in applications {
            let typed = try JSONValueDecoder().decode(ApplyPayload.self, from: event.payload)
            #expect(try typed.jsonValue().canonicalText == event.payload.canonicalText)
        }
    }
}
