import CatalogEngine
import CatalogModel
internal import CatalogStore

/// The scene at a time, rebuilt from the event log alone: each object's type, its model values
/// (associated properties), the animations applied to it and the property sets chains scheduled
/// for it. `state` and `replay` read the scene this way, so the same log always gives the same
/// answers.
///
/// ```swift
/// let scene = try SceneSnapshot(events: try catalog.events.list(), until: 1.5, resolve: catalog.resolver())
/// scene.objects["cell-1"]?.presentation(at: 1.5)
/// ```
package struct SceneSnapshot: Sendable {
    package struct Object: Sendable {
        package var id: String
        package var type: String
        package var model: [String: PropertyValue] = [:]
        package var running: [RunningAnimation] = []
        /// What each of ``running`` was applied as, in the same order: a stored snapshot names
        /// its animations this way and resolves them again when read.
        package var sources: [AnimationSource] = []
        /// Property sets a chain scheduled: applied to the model once their time has come.
        package var scheduled: [(time: Double, key: String, value: PropertyValue)] = []

        /// Model values at `time`: the stored ones, then the scheduled sets due by then.
        package func model(at time: Double) -> [String: PropertyValue] {
            var values = model
            for set in scheduled where set.time <= time + ComputedTiming.timeTolerance { values[set.key] = set.value }
            return values
        }

        /// Presentation values at `time`: the model with the running animations applied, over the
        /// type's initial values for properties the model does not hold.
        /// - Parameter reducedMotion: as a viewer who prefers reduced motion sees them.
        package func presentation(at time: Double, reducedMotion: Bool = false) -> [String: PropertyValue] {
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

    package internal(set) var objects: [String: Object] = [:]

    /// A running animation as its `apply` event named it: the component version and parameter
    /// values (or the inline body), when it starts in scene time, and whether it plays reduced.
    package struct AnimationSource: Sendable, Hashable {
        package var animation: EventChange.Animation
        package var start: Double
        package var playsReduced: Bool

        /// When it is over, played as written and reduced: from the resolver when it knows,
        /// else from the effect built for it.
        func endTimes(resolve: Resolver) throws -> (asWritten: Double, reduced: Double) {
            if case .component(let name, let version, let parameters, _) = animation, let ends = try resolve(name, version, parameters).endTimes {
                return (playsReduced ? ends.reduced : ends.asWritten, ends.reduced)
            }
            let running = try running(resolve: resolve)
            return (running.endTime(reducedMotion: false), running.endTime(reducedMotion: true))
        }

        /// The animation it names, resolved as a fold resolves it.
        func running(resolve: Resolver) throws -> RunningAnimation {
            let resolved: ResolvedAnimation
            switch animation {
            case .inline(let body, _):
                resolved = ResolvedAnimation(try Catalog.inlineAnimation(body, file: "inline"))
            case .component(let name, let version, let parameters, _):
                resolved = try resolve(name, version, parameters)
            }
            return RunningAnimation(
                resolved.definition, start: start, reducedMotion: resolved.reducedMotion,
                reducedReplacement: resolved.reducedReplacement, playsReduced: playsReduced)
        }
    }

    /// The animation an `apply` event names, and what it becomes under reduced motion.
    package struct ResolvedAnimation: Sendable {
        package var definition: AnimationDefinition
        package var reducedMotion: ReducedMotion?
        /// The component a `reducedMotion: COMPONENT` names, resolved.
        package var reducedReplacement: AnimationDefinition?
        /// When it is over — as written, and under reduced motion (the stand-in's when there is
        /// one) — if the resolver knows (``Catalog/resolver()`` does, from the compiled
        /// version): the replay checks then need not build the effect.
        package var endTimes: (asWritten: Double, reduced: Double)?

        package init(_ definition: AnimationDefinition, reducedMotion: ReducedMotion? = nil, reducedReplacement: AnimationDefinition? = nil) {
            self.definition = definition
            self.reducedMotion = reducedMotion
            self.reducedReplacement = reducedReplacement
        }
    }

    /// Looks up the animation an `apply` event names: component, version and parameter values.
    package typealias Resolver = (_ component: String, _ version: String, _ parameters: [String: JSONValue]) throws -> ResolvedAnimation

    /// Folds `events` (oldest first) with a scene time up to `time`.
    package init(events: [Event], until time: Double, resolve: Resolver) throws {
        for event in events where event.sceneTime <= time + ComputedTiming.timeTolerance {
            try fold(event, resolve: resolve)
        }
    }

    /// An empty scene, to fold events into one at a time (``fold(_:resolve:)``).
    package init() {}

    /// Applies one logged change to the scene. A malformed event throws ``MalformedEvent``.
    package mutating func fold(_ event: Event, resolve: Resolver) throws {
        try fold(try event.change(), at: event.sceneTime, resolve: resolve)
    }

    /// Applies one change, already decoded, logged at scene time `time`.
    package mutating func fold(_ change: EventChange, at time: Double, resolve: Resolver) throws {
        switch change {
        case .objectAdd(let id, let type, _):
            objects[id] = Object(id: id, type: type)
        case .objectRemove(let id, let removed):
            for gone in removed + [id] { objects[gone] = nil }
        case .propertySet(let id, let key, let value, _):
            objects[id]?.model[key] = value
        case .propertyUnset(let id, let key, let removed):
            objects[id]?.model[key] = nil
            for gone in removed { objects[gone] = nil }
        case .propertyClear(let id, let removed):
            objects[id]?.model = [:]
            for gone in removed { objects[gone] = nil }
        case .apply(let id, let application):
            guard objects[id] != nil else { return }
            let start = application.start ?? time
            for animation in application.animations {
                // The source keeps the absolute start, not the offset from the application's.
                let source: AnimationSource
                switch animation {
                case .inline(let body, let offset):
                    source = AnimationSource(animation: .inline(body, offset: 0), start: start + offset, playsReduced: application.playsReduced)
                case .component(let name, let version, let parameters, let offset):
                    source = AnimationSource(
                        animation: .component(name: name, version: version, parameters: parameters, offset: 0),
                        start: start + offset, playsReduced: application.playsReduced)
                }
                objects[id]!.running.append(try source.running(resolve: resolve))
                objects[id]!.sources.append(source)
            }
            for set in application.sets {
                // Typed by the object's type when it declares the property, else read as given.
                let declared = ObjectType.builtIn[objects[id]!.type]?.properties[set.property]
                guard let value = declared.flatMap({ try? PropertyValue(json: set.value, as: $0) }) ?? PropertyValue(untyped: set.value) else { continue }
                objects[id]!.scheduled.append((start + set.offset, set.property, value))
            }
        case .componentAdd, .componentRemove, .send, .typeDeclare:
            break
        }
    }
}
