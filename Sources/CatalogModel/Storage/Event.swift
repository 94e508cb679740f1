import Foundation

/// One row of the event log: what changed, when (scene time, seconds) and its details.
///
/// ```swift
/// for event in try catalog.events.list(since: 0, limit: 3) {
///     print(event.seq, event.operation, event.objectID ?? "-")   // 1 component.add -
/// }
/// ```
public struct Event: Sendable, Hashable {
    /// The event's sequence number: 1, 2, 3, … in commit order.
    public var seq: Int64
    /// The scene time it happened at, in seconds; never before the previous event's.
    public var sceneTime: Double
    /// What kind of change it was.
    public var operation: EventOperation
    /// The object it is about, if any.
    public var objectID: String?
    /// The payload as logged; ``change()`` reads it as typed fields.
    public var payload: JSONValue

    /// An event as the log holds it.
    package init(seq: Int64, sceneTime: Double, operation: EventOperation, objectID: String?, payload: JSONValue) {
        self.seq = seq
        self.sceneTime = sceneTime
        self.operation = operation
        self.objectID = objectID
        self.payload = payload
    }

    /// `{"seq", "t", "operation", "object", "payload"}`: a line of `catalog log --format jsonl`.
    public var jsonValue: JSONValue {
        [
            "seq": .number(Double(seq)), "t": .number(sceneTime), "operation": .string(operation.rawValue),
            "object": objectID.map(JSONValue.string) ?? .null, "payload": payload
        ]
    }
}

extension Event {
    /// An event's one-line canonical JSON (`event.jsonValue.canonicalText`) from its stored
    /// columns: the payload is already canonical JSON text, so it is copied, not parsed and
    /// written again. An operation this build does not know is an error naming the event.
    package static func jsonLine(seq: Int64, sceneTime: Double, operation name: String, objectID: String?, payloadText: String) throws -> String {
        guard let operation = EventOperation(rawValue: name) else {
            throw StoreError.unreadableEvent(seq: seq, reason: "unknown operation '\(name)'")
        }
        var line = "{\"object\":"
        if let objectID { JSONValue.writeString(objectID, into: &line) } else { line += "null" }
        line += ",\"operation\":\""
        line += operation.rawValue
        line += "\",\"payload\":"
        line += payloadText
        line += ",\"seq\":"
        line += String(seq)
        line += ",\"t\":"
        line += JSONValue.numberText(sceneTime)
        line += "}"
        return line
    }
}

/// The operations the log records, with their payload shapes.
///
/// ```swift
/// EventOperation(rawValue: "prop.set")   // .propertySet
/// ```
public enum EventOperation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A component version added: `{name, version, hash, definition}`.
    case componentAdd = "component.add"
    /// A component taken out of the catalog (its versions stay kept): `{name}`.
    case componentRemove = "component.remove"
    /// An object created: `{id, type, owners}`.
    case objectAdd = "object.add"
    /// An object deleted: `{id, removed}`, with the ids collected with it.
    case objectRemove = "object.remove"
    /// A property set: `{id, key, type, value, policy}` (and `copy`, a copied reference's new object).
    case propertySet = "prop.set"
    /// A property removed: `{id, key, removed}`.
    case propertyUnset = "prop.unset"
    /// All of an object's properties removed: `{id, keys, removed}`.
    case propertyClear = "prop.clear"
    /// A component applied to an object: {component, version, kind, start, parameters, …}; see
    /// `ApplicationRepository.recordApply`.
    case apply = "apply"
    /// An event sent to an object: {event, value, effects}. A record only: the changes its
    /// handlers made are logged as their own events.
    case send = "send"
    /// A custom object type declared: {name, properties: {property: type}}.
    case typeDeclare = "type.declare"

    /// The operation as the log writes it (`prop.set`).
    public var description: String { rawValue }
}

/// Appends event rows inside a write transaction. Created by `CatalogDatabase.write`, so an
/// event can only be written together with the change it describes.
