import CatalogEngine
import CatalogModel
internal import CatalogStore
import Foundation

/// What `apply` did: the scene time it happened at, the frames a layout wrote, and when a chain
/// completes (its single `done`).
///
/// ```swift
/// let result = try catalog.apply("fade-sequence", roles: ["image": "img", "headline": "h1", "content": "p"])
/// result.doneTime   // when the chain's done fires
/// ```
public struct ApplyResult: Sendable, Hashable {
    /// The scene time the application was logged at.
    public var sceneTime: Double
    /// The frames a layout wrote, by object id.
    public var frames: [String: Rect] = [:]
    /// When a chain's `done` fires, in scene time.
    public var doneTime: Double?

    /// `{"t", "frames", "done"}`: what `apply --format json` prints.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["t": .number(sceneTime)]
        if !frames.isEmpty { members["frames"] = .object(frames.mapValues { PropertyValue.rect($0).jsonValue }) }
        if let doneTime { members["done"] = .number(doneTime) }
        return .object(members)
    }
}

extension Catalog {
    /// Applies a component at a scene time (default: the scene clock's current time).
    ///
    /// - animation: runs on every target (`to`); each target's type must have the properties the
    ///   component `requires`, and an associated property `COMPONENT.PARAM` on a target sets that
    ///   parameter for it (a value given here wins over it).
    /// - layout: lays out the objects bound to its slots (`roles`) in the `rect` parameter, else
    ///   the first target's `bounds` (its frame's size at the origin when it has only a `frame`),
    ///   else the default rect, and sets their `frame`s.
    /// - chain: binds its roles and runs its steps on the bound objects; the result says when it
    ///   is done.
    ///
    /// ```swift
    /// try catalog.apply("bounce-select", to: ["cell-1"], at: 0)
    /// try catalog.state(of: "cell-1", at: 0.1).presentation["transform"]   // scale 0.8
    /// ```
    ///
    /// With `reducedMotion` (the user prefers it) animations and chains are recorded as applied
    /// under reduced motion: they play as their `reducedMotion:` says, and a chain's schedule
    /// follows those steps' durations.
    @discardableResult
    public func apply(
        _ name: String, to targets: [String] = [], roles: [String: String] = [:], parameters: [String: String] = [:],
        at sceneTime: Double? = nil, reducedMotion: Bool = false
    ) throws -> ApplyResult {
        try transaction { catalog in
            try catalog.applyInTransaction(name, to: targets, roles: roles, parameters: parameters, at: sceneTime, reducedMotion: reducedMotion)
        }
    }

    /// ``apply(_:to:roles:parameters:at:reducedMotion:)``'s reads, checks and write, on a
    /// catalog whose ``transaction(_:)`` is open.
    private func applyInTransaction(
        _ name: String, to targets: [String], roles: [String: String], parameters: [String: String],
        at sceneTime: Double?, reducedMotion: Bool
    ) throws -> ApplyResult {
        let reference = ComponentReference(name)
        // A removed component's versions are kept for the log only: NAME@VERSION of it is refused too.
        guard let stored = try database.components.get(reference),
            try reference.version == nil || database.components.get(reference.name) != nil
        else {
            throw StoreError.unknownComponent(reference.name)
        }
        let definition = try stored.decode()
        let objects = try (targets + roles.values.sorted()).map { id throws -> StoredObject in
            guard let object = try database.objects.get(id) else { throw StoreError.unknownObject(id) }
            return object
        }
        let typed = Dictionary(objects.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func given(_ definition: ComponentDefinition) throws -> [String: PropertyValue] {
            try definition.parameterValues(text: parameters, file: definition.name)
        }

        switch definition.kind {
        case .animation:
            guard !targets.isEmpty else { throw SceneError.noTargets(component: definition.name, kind: .animation) }
            // An animation with `on:` handlers is adopted as a behaviour; its events run it.
            var adoption: JSONValue?
            if try !compiled.handlers(stored).isEmpty {
                adoption = try ApplyPayload(component: stored.name, version: stored.version, kind: .behaviour).jsonValue()
            }
            var records: [(object: String, payload: JSONValue)] = []
            let resolve = resolver()  // the handle's compiled animations: the same values compile once
            for target in targets {
                let object = typed[target]!
                let missing = try objectType(object.type).missing(definition.requires)
                guard missing.isEmpty else {
                    throw SceneError.missingRequirements(component: definition.name, missing: missing, object: target, type: object.type)
                }
                var values = try overrides(of: definition, on: target)
                values.merge(try given(definition)) { _, explicit in explicit }
                let run = try Self.animationPayload(
                    stored, parameters: values.mapValues(\.jsonValue), reducedMotion: reducedMotion,
                    box: try referenceBox(for: definition, on: target), tokens: try tokenVersions(for: definition))
                try checkReplayable([(target, run)], resolve: resolve)
                records.append((target, adoption ?? run))
            }
            return ApplyResult(sceneTime: try database.applications.recordApply(records, at: sceneTime))

        case .layout:
            let layout = try LayoutDefinition(definition, parameters: try given(definition))
            let bounds = try targets.first.flatMap { try containerBounds(of: $0) }
            guard let rect = layout.rect(containerBounds: bounds) else {
                throw SceneError.noRect(layout: definition.name)
            }
            let slots = Set(layout.root.slots)
            if let unknown = roles.keys.sorted().first(where: { !slots.contains($0) }) {
                throw SceneError.unknownSlot(layout: definition.name, slot: unknown, slots: layout.root.slots)
            }
            guard !roles.isEmpty else {
                throw SceneError.nothingBound(layout: definition.name, slots: layout.root.slots)
            }
            // One object has one frame: two slots would overwrite each other.
            for (id, bound) in Dictionary(grouping: roles.keys.sorted(), by: { roles[$0]! }) where bound.count > 1 {
                throw SceneError.boundTwice(object: id, slots: bound)
            }
            var result = ApplyResult(sceneTime: 0)
            var sets: [(id: String, key: String, value: PropertyValue)] = []
            for (slot, frame) in LayoutSolver.frames(for: layout.root, in: rect) {
                guard let id = roles[slot] else { continue }
                result.frames[id] = frame
                sets.append((id, "frame", .rect(frame)))
            }
            try Self.checkModelValues(sets.map { ($0.id, $0.key, $0.value) })
            // Laid out in a container's bounds, the layout stays applied to it: a new frame lays it out again.
            if let container = targets.first, layout.rect == nil, bounds != nil {
                sets.append((container, Self.appliedLayoutKey, Self.appliedLayout(stored, roles: roles, parameters: parameters)))
            }
            let record = try ApplyPayload(component: stored.name, version: stored.version, kind: .layout).jsonValue()
            let records = Set(roles.values).sorted().map { (object: $0, payload: record) }
            result.sceneTime = try database.applications.recordApply(records, sets: sets, at: sceneTime)
            // A slot that is itself a container lays its own slots out in its new frame.
            try relayout(resizedBy: sets.map { ($0.id, $0.key) }, at: result.sceneTime)
            return result

        case .chain:
            let chain = try ChainDefinition(definition, parameters: try given(definition))
            if let unknown = roles.keys.sorted().first(where: { !chain.roles.contains($0) }) {
                throw SceneError.unknownRole(chain: definition.name, role: unknown, roles: chain.roles)
            }
            if let unbound = chain.roles.first(where: { roles[$0] == nil }) {
                throw SceneError.unboundRole(chain: definition.name, role: unbound, roles: chain.roles)
            }
            let plan = try chainPlan(stored, chain, roles: roles, reducedMotion: reducedMotion)
            let records = plan.records
            try checkReplayable(records)
            let time = try database.applications.recordApply(records, at: sceneTime)
            return ApplyResult(sceneTime: time, doneTime: time + plan.doneTime)

        case .decorator:
            guard !targets.isEmpty else { throw SceneError.noTargets(component: definition.name, kind: .decorator) }
            return try attach(stored, to: targets, at: sceneTime)

        case .tokens:
            // Token sets are referenced by components, never applied themselves.
            throw ComponentLookupError.wrongKind(
                component: definition.name, kind: .tokens, expected: [.animation, .chain, .decorator, .layout], purpose: "apply")
        }
    }

    /// A type by name: built in, declared (`catalog type declare`), or — unknown — one with no
    /// properties, so that any requirement names what is missing.
    package func objectType(_ name: String) throws -> ObjectType {
        try ObjectType.builtIn[name] ?? database.types.get(name) ?? ObjectType(name: name, properties: [:])
    }

    /// A chain's steps placed in time for the objects bound to its roles: one `apply` payload per
    /// object (its animations with their offsets and its scheduled sets, marked as recorded under
    /// reduced motion when it is) and the `done` offset.
    func chainPlan(_ stored: StoredComponent, _ chain: ChainDefinition, roles: [String: String], reducedMotion: Bool = false) throws
        -> (records: [(object: String, payload: JSONValue)], doneTime: Double)
    {
        let resolve = resolver()
        var resolved: [AnimateStep: ApplyPayload.AnimationEntry] = [:]
        var needsBox: Set<AnimateStep> = []
        let schedule = try ChainSchedule(chain.root) { step in
            guard let reference = step.component else {
                // An inline body runs as it is written; the log carries the body itself, its
                // token references replaced by what they are now.
                var body = step.inline ?? .null
                if case .object(let members) = body, !TokenSubstitution.references(in: members).isEmpty {
                    body = .object(try TokenSubstitution.apply(to: members, file: "\(stored.name).chain", binding: try tokens.binding()))
                }
                resolved[step] = .init(inline: body, offset: 0)
                // How long a step lasts does not depend on the box its percentages resolve against.
                let box: ReferenceBox? = ReferenceBox.isNeeded(by: body) ? .nominal : nil
                if box != nil { needsBox.insert(step) }
                return AnimationEffect(try Self.inlineAnimation(body, file: "\(stored.name).chain", context: DefinitionContext(referenceBox: box))).endTime
            }
            let found = try component(reference, for: stored.name)
            let target = found.stored!
            let values = try found.definition.parameterValues(json: step.parameters, file: "\(stored.name): \(target.name)")
            var parameters = values.mapValues(\.jsonValue)
            var entry = ApplyPayload.AnimationEntry(component: target.name, version: target.version, parameters: parameters, offset: 0)
            entry.tokens = try tokenVersions(for: found.definition)
            resolved[step] = entry
            // Its timing, compiled as the log will have it: with those token versions.
            if let tokens = entry.tokens { parameters[TokenVersions.entryKey] = tokens }
            // How long a step lasts does not depend on the box its percentages resolve against:
            // any box will do, given as a log gives one.
            var timed = parameters
            if found.definition.needsReferenceBox {
                needsBox.insert(step)
                timed[ReferenceBox.entryKey] = ReferenceBox.nominal.jsonValue
            }
            // Under reduced motion a step lasts as long as what it becomes (its compiled end time).
            let source = SceneSnapshot.AnimationSource(
                animation: .component(name: target.name, version: target.version, parameters: timed, offset: 0),
                start: 0, playsReduced: reducedMotion)
            return try source.endTimes(resolve: resolve).asWritten
        }
        var perObject: [String: (animations: [ApplyPayload.AnimationEntry], sets: [ApplyPayload.SetEntry])] = [:]
        for placed in schedule.animations {
            var entry = resolved[placed.step]!
            entry.offset = placed.start
            if needsBox.contains(placed.step) { entry.box = try referenceBox(of: roles[placed.step.role]!)?.jsonValue }
            perObject[roles[placed.step.role]!, default: ([], [])].animations.append(entry)
        }
        for placed in schedule.sets {
            perObject[roles[placed.step.role]!, default: ([], [])].sets.append(
                .init(property: placed.step.property, value: placed.step.value, offset: placed.time))
        }
        let records = try perObject.keys.sorted().map { id in
            (
                object: id,
                payload: try ApplyPayload(
                    component: stored.name, version: stored.version, kind: .chain, reducedMotion: reducedMotion,
                    animations: perObject[id]!.animations, sets: perObject[id]!.sets
                ).jsonValue()
            )
        }
        return (records, schedule.doneTime)
    }

    /// The `apply` payload that runs one animation component with these parameter values (from
    /// `start`, when it is not the event's own time).
    /// - Parameter box: the object's reference box, for an animation with `translate()` percentages.
    /// - Parameter tokens: the token-set versions its references resolve against (``tokenVersions(for:)``).
    static func animationPayload(
        _ stored: StoredComponent, parameters: [String: JSONValue], reducedMotion: Bool = false,
        start: Double? = nil, box: ReferenceBox? = nil, tokens: JSONValue? = nil
    ) throws -> JSONValue {
        var entry = ApplyPayload.AnimationEntry(component: stored.name, version: stored.version, parameters: parameters, offset: 0)
        entry.box = box?.jsonValue
        entry.tokens = tokens
        return try ApplyPayload(
            component: stored.name, version: stored.version, kind: .animation, start: start, reducedMotion: reducedMotion,
            animations: [entry]
        ).jsonValue()
    }

    /// The current versions of the token sets `definition`'s token references resolve in, as an
    /// apply records them (`{"set": "version"}`); nil for a definition without references.
    func tokenVersions(for definition: ComponentDefinition) throws -> JSONValue? {
        guard !definition.tokenReferences.isEmpty else { return nil }
        let binding = try tokens.binding()
        do throws(TokenLookupError) {
            return try TokenVersions.recorded(for: definition.tokenReferences, in: binding)
        } catch {
            throw DefinitionError(file: "\(definition.name)@\(definition.version)", path: "", rule: error.description)
        }
    }

    /// The reference box `definition`'s `translate()` percentages resolve against on object `id`
    /// (docs/Definitions.md): its `bounds` size, else its `frame` size; nil when it has neither,
    /// or the definition has no percentages (then none is recorded).
    func referenceBox(for definition: ComponentDefinition, on id: String) throws -> ReferenceBox? {
        guard definition.needsReferenceBox else { return nil }
        return try referenceBox(of: id)
    }

    /// The rect a layout applied to container `id` lays out in: its `bounds`, else — a container
    /// with only a `frame` — `(0, 0, width, height)` of its frame, as a view's bounds are.
    func containerBounds(of id: String) throws -> Rect? {
        if case .rect(let bounds)? = try database.properties.value(for: "bounds", on: id) { return bounds }
        if case .rect(let frame)? = try database.properties.value(for: "frame", on: id) {
            return Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        }
        return nil
    }

    /// Object `id`'s reference box: its `bounds` size, else its `frame` size, else none.
    func referenceBox(of id: String) throws -> ReferenceBox? {
        try containerBounds(of: id).flatMap { try? ReferenceBox(width: abs($0.width), height: abs($0.height)) }
    }

    /// An inline animation body (a chain step's `animation:` or `keyframes`/`options`); its
    /// percentages resolve against `context`'s box, or one the log recorded with it.
    static func inlineAnimation(_ body: JSONValue, file: String, context: DefinitionContext = DefinitionContext()) throws -> AnimationDefinition {
        // A box the log recorded with the body (``ReferenceBox/entryKey``) resolves its percentages.
        if case .object(let members) = body, members[ReferenceBox.entryKey] != nil {
            let (box, rest) = ReferenceBox.split(members)
            return try inlineAnimation(.object(rest), file: file, context: context.with(referenceBox: box))
        }
        let box = context.referenceBox
        if let animation = body["animation"] {
            return .coreAnimation(try CoreAnimationModel(json: animation, file: file, path: FieldPath("animation"), box: box))
        }
        let options = body["options"].flatMap { $0 == .null ? nil : $0 }
        return .web(try KeyframeEffectModel(webKeyframes: body["keyframes"] ?? .array([]), options: options, file: file, box: box))
    }

    /// Parameter values an object sets for a component through `COMPONENT.PARAM` properties.
    func overrides(of definition: ComponentDefinition, on id: String) throws -> [String: PropertyValue] {
        var values: [String: PropertyValue] = [:]
        for (key, spec) in definition.parameters {
            guard let value = try database.properties.value(for: "\(definition.name).\(key)", on: id) else { continue }
            guard value.type == spec.type else {
                throw SceneError.overrideType(object: id, component: definition.name, parameter: key, given: value.type, expected: spec.type)
            }
            values[key] = value
        }
        return values
    }
}
