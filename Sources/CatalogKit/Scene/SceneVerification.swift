import CatalogModel
import CatalogStore
import Foundation

/// `replay --verify`: rebuild the whole state from the event log into a fresh database, then
/// compare it with the live one, three ways:
/// - the content hashes: every kept component version, every object (id, type, owners) and every
///   association as it reads (so a weak reference to a deleted object counts as absent, in both);
/// - the logs, event by event: carrying out each change again must log the same change, so an
///   application, a send or a decorator's attachment that does not replay is named;
/// - the scenes folded from both logs: per object its model, the animations running on it (start,
///   properties, end) and the sets scheduled for it.
///
/// An event that cannot be carried out (malformed, or naming what is not there) is an error
/// naming it, never skipped.
///
/// ```swift
/// let check = try SceneVerification.verify(catalog, scratch: "/tmp/rebuilt.sqlite")
/// check.matches   // true: the log reproduces the state exactly
/// ```
public enum SceneVerification {
    public struct Result: Sendable, Hashable {
        public var live: String
        public var rebuilt: String
        public var events: Int
        /// The first event whose replay logged something else (or nothing), or whose scene differs.
        public var firstDivergence: String?
        public var matches: Bool { live == rebuilt && firstDivergence == nil }
    }

    /// An event the rebuild could not carry out.
    public struct ReplayFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// - Parameter replay: how one logged change is carried out again (the rebuild's own by
    ///   default; tests pass a broken one to show that verification notices).
    public static func verify(_ catalog: Catalog, scratch path: String,
                              replay: (Event, CatalogDatabase) throws -> Void = SceneVerification.replay) throws -> Result {
        try? FileManager.default.removeItem(atPath: path)
        let fresh = try Catalog(path: path, loadBuiltIns: false)
        let events = try catalog.database.events.list()
        // Components added together (a batch may reference its own members) are added together again.
        var batch: [ComponentDefinition] = []
        var batchTime = 0.0
        func flush() throws {
            if !batch.isEmpty { try fresh.database.components.add(batch, at: batchTime) }
            batch = []
        }
        // Each event decoded once: replayed here, folded again below.
        let changes = try events.map { event throws -> EventChange in
            do { return try event.change() } catch { throw ReplayFailure(description: "\(error)") }
        }
        for (event, change) in zip(events, changes) {
            if case .componentAdd(let name, _, let definition) = change {
                if !batch.isEmpty, batchTime != event.sceneTime { try flush() }
                batch.append(try DefinitionDecoder.decode(text: definition.canonicalText, file: "\(name).json"))
                batchTime = event.sceneTime
                continue
            }
            try flush()
            do { try replay(event, fresh.database) } catch let failure as ReplayFailure { throw failure } catch {
                throw ReplayFailure(description: "event \(event.seq) (\(event.operation) at t=\(JSONValue.numberText(event.sceneTime))) does not replay: \(error)")
            }
        }
        try flush()
        let rebuiltEvents = try fresh.database.events.list()
        let divergence = try firstDivergence(live: events, rebuilt: rebuiltEvents)
            ?? sceneDivergence(live: zip(events, changes).map { $0 }, rebuilt: rebuiltEvents, liveCatalog: catalog, rebuiltCatalog: fresh)
        return Result(live: try contentHash(catalog.database), rebuilt: try contentHash(fresh.database), events: events.count,
                      firstDivergence: divergence)
    }

    /// The first event the rebuilt log does not repeat (operation, object, time and payload).
    static func firstDivergence(live: [Event], rebuilt: [Event]) throws -> String? {
        for (index, event) in live.enumerated() {
            let name = "event \(event.seq) (\(event.operation)\(event.objectID.map { " on \($0)" } ?? "") at t=\(JSONValue.numberText(event.sceneTime)))"
            guard index < rebuilt.count else { return "\(name) is missing from the rebuilt log" }
            let other = rebuilt[index]
            if other.operation != event.operation || other.objectID != event.objectID || other.sceneTime != event.sceneTime
                || other.payload.canonicalText != event.payload.canonicalText {
                return "\(name) replays as \(other.operation)\(other.objectID.map { " on \($0)" } ?? "") at t=\(JSONValue.numberText(other.sceneTime)): "
                    + "\(excerpt(event.payload)) ≠ \(excerpt(other.payload))"
            }
        }
        return rebuilt.count > live.count ? "the rebuilt log has \(rebuilt.count - live.count) more events than the live one" : nil
    }

    /// Folds both logs event by event and names the first event after which the object it is
    /// about differs between the scenes (and compares the whole scenes at the end).
    static func sceneDivergence(live: [(Event, EventChange)], rebuilt: [Event], liveCatalog: Catalog, rebuiltCatalog: Catalog) throws -> String? {
        var a = SceneSnapshot(), b = SceneSnapshot()
        let resolveA = liveCatalog.resolver(), resolveB = rebuiltCatalog.resolver()
        for ((event, change), other) in zip(live, rebuilt) {
            try a.fold(change, at: event.sceneTime, resolve: resolveA)
            try b.fold(other, resolve: resolveB)
            if let id = event.objectID, sceneDigest(a, only: id) != sceneDigest(b, only: id) {
                return "event \(event.seq) (\(event.operation) on \(id) at t=\(JSONValue.numberText(event.sceneTime))) leaves a different scene"
            }
        }
        return sceneDigest(a) == sceneDigest(b) ? nil : "the scenes differ after the last event"
    }

    /// What the scene holds, per object (or only `id`), as canonical text.
    static func sceneDigest(_ scene: SceneSnapshot, only id: String? = nil) -> String {
        let ids = id.map { [$0] } ?? scene.objects.keys.sorted()
        let objects = ids.compactMap { id -> JSONValue? in
            guard let object = scene.objects[id] else { return nil }
            let running = object.running.map { animation -> JSONValue in
                ["start": .number(animation.start), "properties": .array(animation.animation.properties.map { .string($0.name) }),
                 "end": .number(animation.endTime(reducedMotion: false).isFinite ? animation.endTime(reducedMotion: false) : -1),
                 "reduced": .bool(animation.playsReduced)]
            }
            let scheduled = object.scheduled.map { JSONValue.array([.number($0.time), .string($0.key), $0.value.jsonValue]) }
            return ["id": .string(id), "type": .string(object.type), "model": .object(object.model.mapValues(\.jsonValue)),
                    "running": .array(running), "scheduled": .array(scheduled)]
        }
        return JSONValue.array(objects).canonicalText
    }

    private static func excerpt(_ payload: JSONValue) -> String {
        let text = payload.canonicalText
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    /// Carries out one logged change again, at its scene time. Component additions are not
    /// handled here: ``verify(_:scratch:replay:)`` adds them in their original batches. A
    /// malformed event is an error naming it.
    public static func replay(_ event: Event, into database: CatalogDatabase) throws {
        let change: EventChange
        do { change = try event.change() } catch { throw ReplayFailure(description: error.description) }
        let time = event.sceneTime
        switch change {
        case .componentAdd:
            break
        case .componentRemove(let name):
            try database.components.remove(name, at: time)
        case .objectAdd(let id, let type, let owners):
            try database.objects.add(id: id, type: type, owners: owners, at: time)
        case .objectRemove(let id, _):
            _ = try database.objects.remove(id, at: time)
        case .propertySet(let id, let key, let value, let policy):
            try database.properties.set(value, for: key, on: id, policy: policy, at: time)
        case .propertyUnset(let id, let key, _):
            _ = try database.properties.unset(key, on: id, at: time)
        case .propertyClear(let id, _):
            _ = try database.properties.clear(on: id, at: time)
        case .send(let object, _):
            try database.scene.change(records: [(.send, object, event.payload)], at: time)
        case .typeDeclare(let name, let properties):
            try database.types.declare(name, properties: properties, at: time)
        case .apply(let id, let application):
            var members = application.record.objectValue ?? [:]
            members["start"] = nil   // recordApply stamps it again from the scene time
            try database.scene.recordApply([(object: id, payload: .object(members))], at: time)
        }
    }

    /// SHA-256 of the state's canonical JSON.
    public static func contentHash(_ database: CatalogDatabase) throws -> String {
        var components: [JSONValue] = []
        for name in try database.components.names() {
            for version in try database.components.history(name) {
                components.append(["name": .string(version.name), "version": .string(version.version), "hash": .string(version.contentHash)])
            }
        }
        var objects: [JSONValue] = []
        for object in try database.objects.list().sorted(by: { $0.id < $1.id }) {
            let associations = try database.properties.list(on: object.id).sorted { $0.key < $1.key }.map(\.jsonValue)
            objects.append(["id": .string(object.id), "type": .string(object.type), "owners": .array(object.owners.sorted().map(JSONValue.string)),
                            "properties": .array(associations)])
        }
        let types = try database.types.list().map { type -> JSONValue in
            ["name": .string(type.name), "properties": .object(type.properties.mapValues { .string($0.rawValue) })]
        }
        let state: JSONValue = ["components": .array(components), "objects": .array(objects), "types": .array(types)]
        return ContentDigest.sha256Hex(Data(state.canonicalText.utf8))
    }
}
