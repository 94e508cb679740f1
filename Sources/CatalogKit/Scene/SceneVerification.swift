import CatalogModel
import CatalogStore
import Foundation

/// `replay --verify`: rebuild the whole state from the event log into a fresh database, then
/// compare content hashes with the live one. The hash covers every kept component version, every
/// object (id, type, owners) and every association as it reads (so a weak reference to a deleted
/// object counts as absent, in both).
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
        public var matches: Bool { live == rebuilt }
    }

    public static func verify(_ catalog: Catalog, scratch path: String) throws -> Result {
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
        for event in events {
            if event.operation == EventOperation.componentAdd.rawValue, let definition = event.payload["definition"],
               let name = event.payload["name"]?.stringValue {
                if !batch.isEmpty, batchTime != event.sceneTime { try flush() }
                batch.append(try DefinitionDecoder.decode(text: definition.canonicalText, file: "\(name).json"))
                batchTime = event.sceneTime
                continue
            }
            try flush()
            try replay(event, into: fresh.database)
        }
        try flush()
        return Result(live: try contentHash(catalog.database), rebuilt: try contentHash(fresh.database), events: events.count)
    }

    /// Carries out one logged change again, at its scene time. Component additions are not
    /// handled here: ``verify(_:scratch:)`` adds them in their original batches.
    private static func replay(_ event: Event, into database: CatalogDatabase) throws {
        let payload = event.payload, time = event.sceneTime
        guard let operation = EventOperation(rawValue: event.operation) else { return }
        switch operation {
        case .componentAdd:
            break
        case .componentRemove:
            guard let name = payload["name"]?.stringValue else { return }
            try database.components.remove(name, at: time)
        case .objectAdd:
            guard let id = payload["id"]?.stringValue, let type = payload["type"]?.stringValue else { return }
            try database.objects.add(id: id, type: type, owners: (payload["owners"]?.arrayValue ?? []).compactMap(\.stringValue), at: time)
        case .objectRemove:
            guard let id = payload["id"]?.stringValue else { return }
            _ = try database.objects.remove(id, at: time)
        case .propertySet:
            guard let id = payload["id"]?.stringValue, let key = payload["key"]?.stringValue, let typeName = payload["type"]?.stringValue,
                  let type = ValueType(rawValue: typeName), let raw = payload["value"] else { return }
            let policy = payload["policy"]?.stringValue.flatMap(AssociationPolicy.init(rawValue:)) ?? .retain
            try database.properties.set(try PropertyValue(json: raw, as: type), for: key, on: id, policy: policy, at: time)
        case .propertyUnset:
            guard let id = payload["id"]?.stringValue, let key = payload["key"]?.stringValue else { return }
            _ = try database.properties.unset(key, on: id, at: time)
        case .propertyClear:
            guard let id = payload["id"]?.stringValue else { return }
            _ = try database.properties.clear(on: id, at: time)
        case .send:
            try database.scene.change(records: [(.send, event.objectID, payload)], at: time)
        case .typeDeclare:
            guard let name = payload["name"]?.stringValue else { return }
            try database.types.declare(name, properties: (payload["properties"]?.objectValue ?? [:]).compactMapValues { $0.stringValue.flatMap(ValueType.init(rawValue:)) }, at: time)
        case .apply:
            guard let id = event.objectID else { return }
            var members = payload.objectValue ?? [:]
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
