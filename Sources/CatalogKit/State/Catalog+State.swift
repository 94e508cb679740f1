import CatalogEngine
import CatalogModel
internal import CatalogStore
import Foundation

extension Catalog {
    /// An object's state at a scene time (default: the scene clock's current time), rebuilt from
    /// the event log: its model values and its presentation values with every animation applied
    /// to it running (as a viewer who prefers reduced motion sees them, with `reducedMotion`).
    /// - Parameter tokenContexts: token-set contexts (`["theme": "dark"]`) the animations'
    ///   token references resolve in, instead of those their sets hold (`state --context`).
    public func state(of id: String, at time: Double? = nil, reducedMotion: Bool = false, tokenContexts: [String: String] = [:]) throws -> ObjectState {
        if let time, let problem = NumericLimits.problem(time: time) { throw SceneError.sceneTime(time, problem: problem) }
        let time = try time ?? database.events.currentSceneTime()
        var resolve: SceneSnapshot.Resolver?
        if !tokenContexts.isEmpty {
            resolve = resolver(context: DefinitionContext(tokens: try tokens.binding(contexts: tokenContexts)))
        }
        let scene = try objectScene(id, at: time, resolve: resolve) ?? foldedScene(until: time, resolve: resolve).scene
        guard let object = scene.objects[id] else { throw StoreError.unknownObject(id) }
        return Self.objectState(id, object, in: scene, at: time, reducedMotion: reducedMotion)
    }

    /// Every object's state at one scene time, from one fold of the log — what `state --all`
    /// prints: the objects in id order (after `after`, at most `limit` of them), each as
    /// ``state(of:at:reducedMotion:tokenContexts:)`` gives it; an object not yet made (or
    /// removed) by then is left out.
    ///
    /// ```swift
    /// let scene = try catalog.states(at: 0.25)
    /// scene.map(\.id)   // ["card", "email", …]
    /// ```
    public func states(
        at time: Double? = nil, after: String? = nil, limit: Int? = nil, reducedMotion: Bool = false, tokenContexts: [String: String] = [:]
    ) throws -> [ObjectState] {
        if let time, let problem = NumericLimits.problem(time: time) { throw SceneError.sceneTime(time, problem: problem) }
        let time = try time ?? database.events.currentSceneTime()
        var resolve: SceneSnapshot.Resolver?
        if !tokenContexts.isEmpty {
            resolve = resolver(context: DefinitionContext(tokens: try tokens.binding(contexts: tokenContexts)))
        }
        var ids: [String] = []
        try objects.forEach(after: after, limit: limit) { ids.append($0.id) }
        let scene = try foldedScene(until: time, resolve: resolve).scene
        return ids.compactMap { id in scene.objects[id].map { Self.objectState(id, $0, in: scene, at: time, reducedMotion: reducedMotion) } }
    }

    /// What `state` reports of an object of a folded scene: its values, decorators and children.
    package static func objectState(
        _ id: String, _ object: SceneSnapshot.Object, in scene: SceneSnapshot, at time: Double,
        reducedMotion: Bool
    ) -> ObjectState {
        var children: [String: String] = [:]
        for (childID, child) in scene.objects where childID.hasPrefix(id + "/") && child.type != "decorator" {
            children[String(childID.dropFirst(id.count + 1))] = childID
        }
        let decorators = scene.objects.values.filter { $0.id.hasPrefix(id + "/decorator:") }.compactMap { object -> String? in
            if case .string(let name)? = object.model["decorator"] { return name }
            return nil
        }.sorted()
        return ObjectState(
            id: id, type: object.type, time: time, model: object.model(at: time), presentation: object.presentation(at: time, reducedMotion: reducedMotion),
            decorators: decorators, children: children)
    }

    /// The scene of `id` and the objects under it (`id/…`) at `time`, from their own history
    /// (``ownHistory(of:from:until:)``) — nil when that cannot be known so, and the whole scene
    /// decides.
    func objectScene(_ id: String, at time: Double, resolve: SceneSnapshot.Resolver? = nil) throws -> SceneSnapshot? {
        try ownHistory(of: id, from: time, until: time, resolve: resolve)?.scene
    }

    /// `id` and the objects under it (`id/…`) at `start` — their rows of the nearest snapshot,
    /// then their own events (the per-object index) — and their events after it up to `end`.
    /// Nil unless each object the fold ends with exists now and was created by `start`: an
    /// object is only ever removed with its incarnation, so it was alive all along, and any
    /// other event that changes it names it as its object. Otherwise (an object under the id
    /// removed by another object's event, one created later) the whole scene decides.
    func ownHistory(of id: String, from start: Double, until end: Double, resolve given: SceneSnapshot.Resolver? = nil) throws -> (
        scene: SceneSnapshot, later: [Event]
    )? {
        let start = start + ComputedTiming.timeTolerance, end = end + ComputedTiming.timeTolerance
        guard let created = try database.objects.creationTime(of: id), created <= start else { return nil }
        let resolve = given ?? resolver()
        var scene = SceneSnapshot()
        var after: Int64 = 0
        if let base = try snapshot(atOrBefore: start) {
            scene = try SceneSnapshot(storedRows: try database.snapshots.objects(of: base.seq, about: id), resolve: resolve)
            after = base.seq
        }
        var later: [Event] = []
        for event in try database.events.list(about: id, after: after, until: end) {
            if event.sceneTime <= start { try scene.fold(event, resolve: resolve) } else { later.append(event) }
        }
        var last = scene
        for event in later { try last.fold(event, resolve: resolve) }
        for other in last.objects.keys where other != id {
            guard let created = try database.objects.creationTime(of: other), created <= start else { return nil }
        }
        return (scene, later)
    }

    /// Resolves `apply` events' components from the kept versions, each version and parameter
    /// values compiled once for this handle (``CompiledComponents``).
    /// - Parameter context: what an animation reads that its application did not record — a
    ///   box for its percentages (`--box`), token sets for its references (a log records both).
    package func resolver(context: DefinitionContext = DefinitionContext()) -> SceneSnapshot.Resolver {
        let components = database.components
        return Self.resolver(
            kept: { name, version in try components.get(name, version: version)?.decode() },
            newest: { reference in
                guard let other = try components.get(ComponentReference(reference)) else { return nil }
                return try other.decode()
            },
            compiled: compiled, context: context)
    }

    /// A resolver over any source of component versions — the store's kept versions, or the
    /// versions an archive being imported added so far: the component version an application
    /// names (by `kept`) with its parameters applied, compiled once in `compiled`, and the
    /// stand-in a `reducedMotion: COMPONENT` names (its newest version, by `newest`), looked up
    /// once per resolver, since a newer version may have come since it was compiled.
    package static func resolver(
        kept: @escaping (_ name: String, _ version: String) throws -> ComponentDefinition?,
        newest: @escaping (_ reference: String) throws -> ComponentDefinition?,
        compiled: CompiledComponents = CompiledComponents(), context: DefinitionContext = DefinitionContext()
    ) -> SceneSnapshot.Resolver {
        let standIns = StandIns()
        return { name, version, parameters in
            let animation = try compiled.animation(name, version, parameters: parameters, context: context) {
                guard let definition = try kept(name, version) else { throw SceneError.versionNotKept(name: name, version: version) }
                // The token-set versions the apply recorded, kept in the store as components are.
                // In the contexts chosen (`state --context`), if any.
                let binding =
                    try TokenVersions.split(parameters).versions.map { versions in
                        try tokenBinding(versions, kept: kept).choosing(context.tokens?.contexts ?? [:])
                    } ?? context.tokens
                return try .init(definition, parameters: parameters, source: "\(name)@\(version)", context: context.with(tokens: binding))
            }
            var resolved = SceneSnapshot.ResolvedAnimation(animation.definition, reducedMotion: animation.reducedMotion)
            var reducedEnd = animation.reducedEndTime
            if let reference = animation.standIn {
                // The stand-in, with its own defaults, by the reference as written (NAME: its newest version).
                let standIn =
                    try standIns.values[reference]
                    ?? {
                        let replacement = try newest(reference).flatMap { $0.kind == .animation ? try AnimationDefinition($0) : nil }
                        let found = replacement.map { ($0, AnimationEffect($0).endTime) }
                        standIns.values[reference] = .some(found)
                        return found
                    }()
                resolved.reducedReplacement = standIn?.definition
                reducedEnd = standIn?.endTime ?? reducedEnd
            }
            resolved.endTimes = (animation.endTime, reducedEnd)
            return resolved
        }
    }
}

/// Token sets at the versions a log recorded, found by `kept`.
func tokenBinding(_ versions: [String: String], kept: (_ name: String, _ version: String) throws -> ComponentDefinition?) throws -> TokenBinding {
    var sets: [(name: String, version: String, set: TokenSet)] = []
    for (name, version) in versions.sorted(by: { $0.key < $1.key }) {
        guard let definition = try kept(name, version), definition.kind == .tokens else { throw SceneError.versionNotKept(name: name, version: version) }
        let set: TokenSet =
            if case .tokens(let set)? = definition.defaultBody.body { set } else {
                try TokenSet(json: definition.document["tokens"] ?? .null, file: "\(name)@\(version)")
            }
        sets.append((name, version, set))
    }
    return TokenBinding(sets: sets)
}

/// The stand-ins one resolver has looked up (nil: none of that name, or not an animation).
private final class StandIns {
    var values: [String: (definition: AnimationDefinition, endTime: Double)?] = [:]
}

/// An object at a scene time: what `catalog state` prints.
///
/// ```swift
/// let state = try catalog.state(of: "cell-1", at: 0.1)
/// state.presentation["transform"]   // mid-bounce
/// state.model["transform"]          // where it settles
/// ```
public struct ObjectState: Sendable, Hashable {
    /// The object's id.
    public var id: String
    /// Its type.
    public var type: String
    /// The scene time the state is at.
    public var time: Double
    /// Its model values: the properties set on it, as at that time.
    public var model: [String: PropertyValue]
    /// What shows: the model with the running animations applied.
    public var presentation: [String: PropertyValue]
    /// Decorators attached to the object.
    public var decorators: [String] = []
    /// Child objects its decorators created: child name → object id.
    public var children: [String: String] = [:]

    /// `{"id", "type", "model", "presentation", "decorators", "children"}` (docs/CommandLine.md).
    public var jsonValue: JSONValue {
        [
            "id": .string(id), "type": .string(type), "t": .number(time),
            "model": .object(model.mapValues(\.jsonValue)), "presentation": .object(presentation.mapValues(\.jsonValue)),
            "decorators": .array(decorators.map(JSONValue.string)), "children": .object(children.mapValues(JSONValue.string))
        ]
    }
}
