import CatalogEngine
import CatalogModel
import CatalogStore

/// The scene at a time, rebuilt from the event log alone: each object's type, its model values
/// (associated properties), the animations applied to it and the property sets chains scheduled
/// for it. `state` and `replay` read the scene this way, so the same log always gives the same
/// answers.
///
/// ```swift
/// let scene = try SceneSnapshot(events: try database.events.list(), until: 1.5, resolve: resolver)
/// scene.objects["cell-1"]?.presentation(at: 1.5)
/// ```
public struct SceneSnapshot: Sendable {
    public struct Object: Sendable {
        public var id: String
        public var type: String
        public var model: [String: PropertyValue] = [:]
        public var running: [RunningAnimation] = []
        /// Property sets a chain scheduled: applied to the model once their time has come.
        public var scheduled: [(time: Double, key: String, value: PropertyValue)] = []

        /// Model values at `time`: the stored ones, then the scheduled sets due by then.
        public func model(at time: Double) -> [String: PropertyValue] {
            var values = model
            for set in scheduled where set.time <= time + ComputedTiming.timeTolerance { values[set.key] = set.value }
            return values
        }

        /// Presentation values at `time`: the model with the running animations applied, over the
        /// type's initial values for properties the model does not hold.
        /// - Parameter reducedMotion: as a viewer who prefers reduced motion sees them.
        public func presentation(at time: Double, reducedMotion: Bool = false) -> [String: PropertyValue] {
            var base: [String: PropertyValue] = [:]
            for animation in running {
                for property in animation.properties(reducedMotion: reducedMotion) where base[property.name] == nil {
                    base[property.name] = AnimatedValue(property.initialValue).propertyValue
                }
            }
            base.merge(model(at: time)) { _, model in model }
            return Presentation.values(model: base, running: running, at: time, reducedMotion: reducedMotion)
        }
    }

    public private(set) var objects: [String: Object] = [:]

    /// The animation an `apply` event names, and what it becomes under reduced motion.
    public struct ResolvedAnimation: Sendable {
        public var definition: AnimationDefinition
        public var reducedMotion: ReducedMotion?
        /// The component a `reducedMotion: COMPONENT` names, resolved.
        public var reducedReplacement: AnimationDefinition?

        public init(_ definition: AnimationDefinition, reducedMotion: ReducedMotion? = nil, reducedReplacement: AnimationDefinition? = nil) {
            self.definition = definition
            self.reducedMotion = reducedMotion
            self.reducedReplacement = reducedReplacement
        }
    }

    /// Looks up the animation an `apply` event names: component, version and parameter values.
    public typealias Resolver = (_ component: String, _ version: String, _ parameters: [String: JSONValue]) throws -> ResolvedAnimation

    /// Folds `events` (oldest first) with a scene time up to `time`.
    public init(events: [Event], until time: Double, resolve: Resolver) throws {
        for event in events where event.sceneTime <= time + ComputedTiming.timeTolerance {
            try fold(event, resolve: resolve)
        }
    }

    /// An empty scene, to fold events into one at a time (``fold(_:resolve:)``).
    public init() {}

    /// Applies one logged change to the scene.
    public mutating func fold(_ event: Event, resolve: Resolver) throws {
        let payload = event.payload
        guard let operation = EventOperation(rawValue: event.operation) else { return }
        switch operation {
        case .objectAdd:
            guard let id = payload["id"]?.stringValue, let type = payload["type"]?.stringValue else { return }
            objects[id] = Object(id: id, type: type)
        case .objectRemove:
            for removed in (payload["removed"]?.arrayValue ?? []).compactMap(\.stringValue) + [payload["id"]?.stringValue].compactMap({ $0 }) {
                objects[removed] = nil
            }
        case .propertySet:
            guard let id = payload["id"]?.stringValue, let key = payload["key"]?.stringValue,
                  let typeName = payload["type"]?.stringValue, let type = ValueType(rawValue: typeName), let raw = payload["value"] else { return }
            objects[id]?.model[key] = try? PropertyValue(json: raw, as: type)
        case .propertyUnset:
            guard let id = payload["id"]?.stringValue, let key = payload["key"]?.stringValue else { return }
            objects[id]?.model[key] = nil
            for removed in (payload["removed"]?.arrayValue ?? []).compactMap(\.stringValue) { objects[removed] = nil }
        case .propertyClear:
            guard let id = payload["id"]?.stringValue else { return }
            objects[id]?.model = [:]
            for removed in (payload["removed"]?.arrayValue ?? []).compactMap(\.stringValue) { objects[removed] = nil }
        case .apply:
            guard let id = event.objectID, objects[id] != nil else { return }
            let start = payload["start"]?.numberValue ?? event.sceneTime
            let playsReduced = payload["reducedMotion"]?.boolValue == true
            for animation in payload["animations"]?.arrayValue ?? [] {
                let resolved: ResolvedAnimation
                if let inline = animation["inline"] {
                    resolved = ResolvedAnimation(try Catalog.inlineAnimation(inline, file: "inline"))
                } else {
                    guard let component = animation["component"]?.stringValue, let version = animation["version"]?.stringValue else { continue }
                    resolved = try resolve(component, version, animation["parameters"]?.objectValue ?? [:])
                }
                objects[id]!.running.append(RunningAnimation(resolved.definition, start: start + (animation["offset"]?.numberValue ?? 0),
                                                             reducedMotion: resolved.reducedMotion, reducedReplacement: resolved.reducedReplacement,
                                                             playsReduced: playsReduced))
            }
            for set in payload["sets"]?.arrayValue ?? [] {
                guard let key = set["property"]?.stringValue, let raw = set["value"] else { continue }
                // Typed by the object's type when it declares the property, else read as given.
                let declared = ObjectType.builtIn[objects[id]!.type]?.properties[key]
                guard let value = declared.flatMap({ try? PropertyValue(json: raw, as: $0) }) ?? PropertyValue(untyped: raw) else { continue }
                objects[id]!.scheduled.append((start + (set["offset"]?.numberValue ?? 0), key, value))
            }
        case .componentAdd, .componentRemove, .send, .typeDeclare:
            break
        }
    }
}
