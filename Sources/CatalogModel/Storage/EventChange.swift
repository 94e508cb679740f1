/// What one logged event changed, decoded once from its payload into typed fields — the form
/// that folding the scene, `replay --verify` and `send` read, instead of looking up payload keys.
///
/// ```swift
/// for event in try database.events.list() {
///     if case .propertySet(let id, let key, let value, _) = try event.change() { print(id, key, value) }
/// }
/// ```
package enum EventChange: Sendable, Hashable {
    /// A component version was added; `definition` is its canonical JSON.
    case componentAdd(name: String, version: String, definition: JSONValue)
    /// A component was taken out of the catalog.
    case componentRemove(name: String)
    /// An object was created with its type and owners.
    case objectAdd(id: String, type: String, owners: [String])
    /// `removed`: the objects collected with it (it alone owned them).
    case objectRemove(id: String, removed: [String])
    /// A property was set.
    case propertySet(id: String, key: String, value: PropertyValue, policy: AssociationPolicy)
    /// A property was removed; `removed` lists the objects it alone kept alive.
    case propertyUnset(id: String, key: String, removed: [String])
    /// All of an object's properties were removed; `removed` as for an unset.
    case propertyClear(id: String, removed: [String])
    /// A component was applied to `object`.
    case apply(object: String, Application)
    /// A record only: the changes its handlers made are events of their own.
    case send(object: String?, event: String)
    /// A custom object type was declared with its properties' types.
    case typeDeclare(name: String, properties: [String: ValueType])

    /// A component applied to one object: what runs, from when, and the properties it sets
    /// along the way (a chain's `set` steps).
    package struct Application: Sendable, Hashable {
        /// The component applied (a chain for its steps, a behaviour adopted by `on:`).
        package var component: String?
        /// How it was applied; absent in logs written before kinds were recorded.
        package var kind: ApplicationKind?
        /// The scene time the animations start from (the event's time when absent).
        package var start: Double?
        /// Recorded under reduced motion: the animations play as their `reducedMotion:` says.
        package var playsReduced: Bool
        /// The animations it runs on the object.
        package var animations: [Animation]
        /// The properties it sets later (a chain's `set` steps).
        package var sets: [ScheduledSet]
        /// The payload as logged, which a replay records again.
        package var record: JSONValue
    }

    /// One animation an application runs, `offset` seconds after its start.
    package enum Animation: Sendable, Hashable {
        /// A component version with its parameter values.
        case component(name: String, version: String, parameters: [String: JSONValue], offset: Double)
        /// A body written inline in a chain step.
        case inline(JSONValue, offset: Double)

        /// The animation a stored entry names — an apply payload's or a snapshot row's: its
        /// inline body, else its component version; nil when it names neither.
        /// A recorded reference `box` travels in the parameter values (or the inline body) under
        /// ``ReferenceBox/entryKey``: what the animation compiles to depends on it.
        /// Recorded token-set versions travel the same way, under ``TokenVersions/entryKey``.
        package init?(
            inline: JSONValue?, component: String?, version: String?, parameters: [String: JSONValue]?, offset: Double, box: JSONValue? = nil,
            tokens: JSONValue? = nil
        ) {
            if let inline {
                if let box, case .object(var members) = inline {
                    members[ReferenceBox.entryKey] = box
                    self = .inline(.object(members), offset: offset)
                } else {
                    self = .inline(inline, offset: offset)
                }
            } else if let component, let version {
                var parameters = parameters ?? [:]
                if let box { parameters[ReferenceBox.entryKey] = box }
                if let tokens { parameters[TokenVersions.entryKey] = tokens }
                self = .component(name: component, version: version, parameters: parameters, offset: offset)
            } else {
                return nil
            }
        }
    }

    /// A property a chain sets `offset` seconds after its start (the value as written).
    package struct ScheduledSet: Sendable, Hashable {
        /// The property's key.
        package var property: String
        /// The value as the chain wrote it.
        package var value: JSONValue
        /// Seconds after the application's start.
        package var offset: Double
    }
}

/// An event whose payload does not have its operation's shape: named, never skipped.
///
/// ```swift
/// do { _ = try event.change() }
/// catch { print(error.seq, error.problem) }   // which event, and what its payload lacks
/// ```
package struct MalformedEvent: Error, Sendable, Hashable, CustomStringConvertible {
    /// The event's sequence number.
    package var seq: Int64
    /// Its operation, as logged.
    package var operation: String
    /// Its scene time.
    package var sceneTime: Double
    /// What the payload lacks or has wrong.
    package var problem: String
    /// Which event, and what its payload lacks.
    package var description: String { "event \(seq) (\(operation) at t=\(JSONValue.numberText(sceneTime))) is malformed: \(problem)" }
}

extension MalformedEvent: CatalogError {
    /// ``ErrorCode/malformedEvent``.
    package var code: ErrorCode { .malformedEvent }
    /// `seq` and `operation`.
    package var fields: [String: JSONValue] { ["seq": .number(Double(seq)), "operation": .string(operation)] }
}

extension Event {
    /// The typed change this event records; throws ``MalformedEvent`` naming what is missing.
    package func change() throws(MalformedEvent) -> EventChange {
        let payload = self.payload
        func malformed(_ problem: String) -> MalformedEvent { MalformedEvent(seq: seq, operation: operation.rawValue, sceneTime: sceneTime, problem: problem) }
        func read<Payload: Decodable>(_ type: Payload.Type) throws(MalformedEvent) -> Payload {
            do { return try JSONValueDecoder().decode(type, from: payload) } catch {
                throw malformed((error as? DecodingError)?.pathDescription ?? "\(error)")
            }
        }
        switch operation {
        case .componentAdd:
            let add = try read(ComponentAddPayload.self)
            return .componentAdd(name: add.name, version: add.version, definition: add.definition)
        case .componentRemove:
            return .componentRemove(name: try read(ComponentRemovePayload.self).name)
        case .objectAdd:
            let add = try read(ObjectAddPayload.self)
            return .objectAdd(id: add.id, type: add.type, owners: add.owners ?? [])
        case .objectRemove:
            let remove = try read(ObjectRemovePayload.self)
            return .objectRemove(id: remove.id, removed: remove.removed ?? [])
        case .propertySet:
            // The log's most frequent event is read by hand, as its writer writes it by hand: through
            // the decoder a whole-log fold took 68–73 ms against 48–60 ms this way (`catalog-bench
            // state_one_object`, 20,000 events). The fields, their order and rules are
            // PropertySetPayload's (EventPayloadLogTests holds the two to the same bytes).
            guard case .object(let members) = payload else { throw malformed("no payload") }
            guard case .string(let typeName)? = members["type"] else { throw malformed("no type") }
            guard let type = ValueType(rawValue: typeName) else { throw malformed("unknown type \(typeName)") }
            guard let raw = members["value"] else { throw malformed("no value") }
            let value: PropertyValue
            do { value = try PropertyValue(json: raw, as: type) } catch { throw malformed("value: \(error)") }
            var policy = AssociationPolicy.retain
            if let given = members["policy"] {
                guard case .string(let name) = given, let named = AssociationPolicy(rawValue: name) else { throw malformed("policy is not AssociationPolicy") }
                policy = named
            }
            guard case .string(let id)? = members["id"] else { throw malformed("no id") }
            guard case .string(let key)? = members["key"] else { throw malformed("no key") }
            return .propertySet(id: id, key: key, value: value, policy: policy)
        case .propertyUnset:
            let unset = try read(PropertyUnsetPayload.self)
            return .propertyUnset(id: unset.id, key: unset.key, removed: unset.removed ?? [])
        case .propertyClear:
            let clear = try read(PropertyClearPayload.self)
            return .propertyClear(id: clear.id, removed: clear.removed ?? [])
        case .send:
            return .send(object: objectID, event: (try? read(SendPayload.self))?.event ?? "")
        case .typeDeclare:
            let declare = try read(TypeDeclarePayload.self)
            return .typeDeclare(name: declare.name, properties: declare.properties ?? [:])
        case .apply:
            guard let object = objectID else { throw malformed("no object") }
            guard payload.objectValue != nil else { throw malformed("no payload") }
            let typed = try read(ApplyPayload.self)
            var animations: [EventChange.Animation] = []
            for (index, entry) in (typed.animations ?? []).enumerated() {
                guard
                    let animation = EventChange.Animation(
                        inline: entry.inline, component: entry.component, version: entry.version,
                        parameters: entry.parameters, offset: entry.offset ?? 0, box: entry.box,
                        tokens: entry.tokens)
                else {
                    throw malformed("animations[\(index)]: neither a component and version nor an inline body")
                }
                animations.append(animation)
            }
            let sets = (typed.sets ?? []).map { EventChange.ScheduledSet(property: $0.property, value: $0.value, offset: $0.offset ?? 0) }
            return .apply(
                object: object,
                EventChange.Application(
                    component: typed.component, kind: typed.kind, start: typed.start, playsReduced: typed.reducedMotion == true,
                    animations: animations, sets: sets, record: payload))
        }
    }
}
