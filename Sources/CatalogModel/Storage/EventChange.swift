/// What one logged event changed, decoded once from its payload into typed fields — the form
/// that folding the scene, `replay --verify` and `send` read, instead of looking up payload keys.
///
/// ```swift
/// for event in try database.events.list() {
///     if case .propertySet(let id, let key, let value, _) = try event.change() { print(id, key, value) }
/// }
/// ```
public enum EventChange: Sendable, Hashable {
    case componentAdd(name: String, version: String, definition: JSONValue)
    case componentRemove(name: String)
    case objectAdd(id: String, type: String, owners: [String])
    /// `removed`: the objects collected with it (it alone owned them).
    case objectRemove(id: String, removed: [String])
    case propertySet(id: String, key: String, value: PropertyValue, policy: AssociationPolicy)
    case propertyUnset(id: String, key: String, removed: [String])
    case propertyClear(id: String, removed: [String])
    case apply(object: String, Application)
    /// A record only: the changes its handlers made are events of their own.
    case send(object: String?, event: String)
    case typeDeclare(name: String, properties: [String: ValueType])

    /// A component applied to one object: what runs, from when, and the properties it sets
    /// along the way (a chain's `set` steps).
    public struct Application: Sendable, Hashable {
        /// The component applied (a chain for its steps, a behaviour adopted by `on:`).
        public var component: String?
        public var kind: ApplicationKind?
        /// The scene time the animations start from (the event's time when absent).
        public var start: Double?
        /// Recorded under reduced motion: the animations play as their `reducedMotion:` says.
        public var playsReduced: Bool
        public var animations: [Animation]
        public var sets: [ScheduledSet]
        /// The payload as logged, which a replay records again.
        public var record: JSONValue
    }

    /// One animation an application runs, `offset` seconds after its start.
    public enum Animation: Sendable, Hashable {
        case component(name: String, version: String, parameters: [String: JSONValue], offset: Double)
        /// A body written inline in a chain step.
        case inline(JSONValue, offset: Double)
    }

    /// A property a chain sets `offset` seconds after its start (the value as written).
    public struct ScheduledSet: Sendable, Hashable {
        public var property: String
        public var value: JSONValue
        public var offset: Double
    }
}

/// An event whose payload does not have its operation's shape: named, never skipped.
public struct MalformedEvent: Error, Sendable, Hashable, CustomStringConvertible {
    public var seq: Int64
    public var operation: String
    public var sceneTime: Double
    public var problem: String
    public var description: String { "event \(seq) (\(operation) at t=\(JSONValue.numberText(sceneTime))) is malformed: \(problem)" }
}

extension MalformedEvent: CatalogError {
    public var code: ErrorCode { .malformedEvent }
    public var fields: [String: JSONValue] { ["seq": .number(Double(seq)), "operation": .string(operation)] }
}

extension Event {
    /// The typed change this event records; throws ``MalformedEvent`` naming what is missing.
    public func change() throws(MalformedEvent) -> EventChange {
        let payload = self.payload
        func malformed(_ problem: String) -> MalformedEvent { MalformedEvent(seq: seq, operation: operation.rawValue, sceneTime: sceneTime, problem: problem) }
        func string(_ key: String) throws(MalformedEvent) -> String {
            guard let value = payload[key]?.stringValue else { throw malformed("no \(key)") }
            return value
        }
        func strings(_ key: String) -> [String] { (payload[key]?.arrayValue ?? []).compactMap(\.stringValue) }
        switch operation {
        case .componentAdd:
            guard let definition = payload["definition"] else { throw malformed("no definition") }
            return .componentAdd(name: try string("name"), version: try string("version"), definition: definition)
        case .componentRemove:
            return .componentRemove(name: try string("name"))
        case .objectAdd:
            return .objectAdd(id: try string("id"), type: try string("type"), owners: strings("owners"))
        case .objectRemove:
            return .objectRemove(id: try string("id"), removed: strings("removed"))
        case .propertySet:
            let typeName = try string("type")
            guard let type = ValueType(rawValue: typeName) else { throw malformed("unknown type \(typeName)") }
            guard let raw = payload["value"] else { throw malformed("no value") }
            let value: PropertyValue
            do { value = try PropertyValue(json: raw, as: type) } catch { throw malformed("value: \(error)") }
            let policy = payload["policy"]?.stringValue.flatMap(AssociationPolicy.init(rawValue:)) ?? .retain
            return .propertySet(id: try string("id"), key: try string("key"), value: value, policy: policy)
        case .propertyUnset:
            return .propertyUnset(id: try string("id"), key: try string("key"), removed: strings("removed"))
        case .propertyClear:
            return .propertyClear(id: try string("id"), removed: strings("removed"))
        case .send:
            return .send(object: objectID, event: (try? string("event")) ?? "")
        case .typeDeclare:
            var properties: [String: ValueType] = [:]
            for (name, type) in payload["properties"]?.objectValue ?? [:] {
                guard let typeName = type.stringValue, let valueType = ValueType(rawValue: typeName) else { throw malformed("properties.\(name): unknown type") }
                properties[name] = valueType
            }
            return .typeDeclare(name: try string("name"), properties: properties)
        case .apply:
            guard let object = objectID else { throw malformed("no object") }
            guard payload.objectValue != nil else { throw malformed("no payload") }
            let typed: ApplyPayload
            do { typed = try JSONValueDecoder().decode(ApplyPayload.self, from: payload) } catch {
                throw malformed((error as? DecodingError)?.pathDescription ?? "\(error)")
            }
            var animations: [EventChange.Animation] = []
            for (index, animation) in (typed.animations ?? []).enumerated() {
                let offset = animation.offset ?? 0
                if let inline = animation.inline {
                    animations.append(.inline(inline, offset: offset))
                } else if let name = animation.component, let version = animation.version {
                    animations.append(.component(name: name, version: version, parameters: animation.parameters ?? [:], offset: offset))
                } else {
                    throw malformed("animations[\(index)]: neither a component and version nor an inline body")
                }
            }
            let sets = (typed.sets ?? []).map { EventChange.ScheduledSet(property: $0.property, value: $0.value, offset: $0.offset ?? 0) }
            return .apply(object: object, EventChange.Application(
                component: typed.component, kind: typed.kind, start: typed.start, playsReduced: typed.reducedMotion == true,
                animations: animations, sets: sets, record: payload))
        }
    }
}
