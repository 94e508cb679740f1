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
        return try DefinitionDecoder.decode(
            text: """
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

/// Every payload a scene logs — every operation; applications of animations, behaviours,
/// layouts and chains, reduced or not, from handlers too — reads as its typed payload and writes
/// back to the same bytes: the typed writers, the hand-sorted `prop.set` and the log agree.
struct EventPayloadLogTests {
    let folder = TemporaryFolder()

    private static func roundTrip(_ event: Event) throws -> JSONValue {
        let encoder = JSONValueEncoder(), decoder = JSONValueDecoder(), payload = event.payload
        return switch event.operation {
        case .apply: try encoder.encode(try decoder.decode(ApplyPayload.self, from: payload))
        case .componentAdd: try encoder.encode(try decoder.decode(ComponentAddPayload.self, from: payload))
        case .componentRemove: try encoder.encode(try decoder.decode(ComponentRemovePayload.self, from: payload))
        case .objectAdd: try encoder.encode(try decoder.decode(ObjectAddPayload.self, from: payload))
        case .objectRemove: try encoder.encode(try decoder.decode(ObjectRemovePayload.self, from: payload))
        case .propertySet: try encoder.encode(try decoder.decode(PropertySetPayload.self, from: payload))
        case .propertyUnset: try encoder.encode(try decoder.decode(PropertyUnsetPayload.self, from: payload))
        case .propertyClear: try encoder.encode(try decoder.decode(PropertyClearPayload.self, from: payload))
        case .send: try encoder.encode(try decoder.decode(SendPayload.self, from: payload))
        case .typeDeclare: try encoder.encode(try decoder.decode(TypeDeclarePayload.self, from: payload))
        }
    }

    @Test func everyLoggedPayloadRoundTripsByteForByte() throws {
        let catalog = try Catalog(path: folder.file("log.sqlite"))
        try catalog.types.declare("card", properties: ["title": .string, "elevation": .number], at: 0)
        try catalog.objects.addAll(
            [("list", "view", []), ("cell", "cell", ["list"]), ("title", "label", ["list"]), ("card", "card", []), ("panel", "layer", [])], at: 0)
        try catalog.setProperty(.number(0.5), for: "opacity", on: "card", at: 0.5)
        try catalog.setProperty(.object("title"), for: "badge", on: "card", policy: .copy, at: 0.5)
        try catalog.setProperty(.url("https://swift.org"), for: "hyperlink.url", on: "title", at: 0.5)
        try catalog.apply("fade-in", to: ["panel"], parameters: ["duration": "0.3"], at: 1)
        try catalog.apply("shake", to: ["panel"], at: 2, reducedMotion: true)
        try catalog.apply("bounce-select", to: ["cell"], at: 3)
        _ = try catalog.send("select", to: "cell", at: 4)
        for chain in try catalog.components.list(kind: .chain) {
            let roles = Dictionary(
                uniqueKeysWithValues: try ChainDefinition(try chain.decode()).roles.enumerated().map { ($1, ["cell", "title", "panel"][$0 % 3]) })
            try catalog.apply(chain.name, roles: roles, at: 5)
            try catalog.apply(chain.name, roles: roles, at: 6, reducedMotion: true)
        }
        for layout in try catalog.components.list(kind: .layout).prefix(1) {
            let slots = try LayoutDefinition(try layout.decode()).root.slots
            try catalog.apply(layout.name, to: ["list"], roles: [slots[0]: "cell"], at: 7)
        }
        try catalog.unsetProperty("opacity", on: "card", at: 8)
        try catalog.clearProperties(on: "card", at: 8)
        try catalog.components.remove("pop", at: 8)
        try catalog.objects.remove("list", at: 9)

        let events = try catalog.events.list()
        #expect(Set(events.map(\.operation)) == Set(EventOperation.allCases))
        let applications = try events.filter { $0.operation == .apply }.map { try JSONValueDecoder().decode(ApplyPayload.self, from: $0.payload) }
        #expect(Set(applications.map(\.kind)) == Set(ApplicationKind.allCases))
        for event in events {
            #expect(try Self.roundTrip(event).canonicalText == event.payload.canonicalText, "event \(event.seq) (\(event.operation))")
        }
    }
}
