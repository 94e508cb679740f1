import CatalogEngine
import CatalogModel
internal import CatalogStore
import Foundation

/// An effect a handler produced for the host to carry out (`openURL`, custom).
///
/// ```swift
/// let outcome = try catalog.send("tap", to: "headline")
/// outcome.effects.first?.jsonValue   // {"effect": "openURL", "value": "https://swift.org"}
/// ```
public struct Effect: Sendable, Hashable {
    /// The effect's name: `openURL`, or one a decorator's handler names.
    public var effect: String
    /// What it carries (the URL to open).
    public var value: JSONValue

    /// An effect named `effect` carrying `value`.
    package init(effect: String, value: JSONValue) {
        self.effect = effect
        self.value = value
    }

    /// `{"effect", "value"}`: an entry of `send --format json`'s `effects`.
    public var jsonValue: JSONValue { ["effect": .string(effect), "value": value] }
}

/// Everything one event did: the effects it emitted, the child objects it created, the
/// properties it set and the animations it started — empty when no handler took the event.
///
/// ```swift
/// let outcome = try catalog.send("textChanged", to: "field-1", value: .string("Hi"))
/// outcome.effects       // []
/// outcome.sets          // [field-1.lt_placeholderLabel … ]
/// outcome.created       // the children a decorator made for it, if any
/// ```
public struct EventOutcome: Sendable, Hashable {
    /// A property a handler set.
    public struct PropertySet: Sendable, Hashable {
        /// The object whose property it is.
        public var object: String
        /// The property's key.
        public var key: String
    }
    /// An animation or chain a handler started.
    public struct Animation: Sendable, Hashable {
        /// The component it runs.
        public var component: String
        /// The object it runs on.
        public var object: String
    }
    /// The effects the handlers emitted, in order.
    public var effects: [Effect]
    /// The child objects created for the event (a decorator's children missing when it ran,
    /// such as those of a log written when children were made at their first use).
    public var created: [String]
    /// The properties the handlers set.
    public var sets: [PropertySet]
    /// The animations the handlers started.
    public var animations: [Animation]

    /// True when no handler of the object or its decorators took the event.
    package var didNothing: Bool { effects.isEmpty && created.isEmpty && sets.isEmpty && animations.isEmpty }
}

extension Catalog {
    /// The id of the decorator instance `name` on `owner`: one per owner and decorator type.
    package static func decoratorID(_ name: String, on owner: String) -> String { "\(owner)/decorator:\(name)" }

    /// The id of a decorator's child object on `owner`.
    package static func childID(_ child: String, on owner: String) -> String { "\(owner)/\(child)" }

    /// Names of the decorators attached to an object, sorted.
    public func decorators(of id: String) throws -> [String] {
        try database.objects.owned(by: id, type: "decorator")
            .compactMap { decorator -> String? in
                guard case .string(let name)? = try database.properties.value(for: "decorator", on: decorator) else { return nil }
                return name
            }.sorted()
    }

    /// A `COMPONENT.PARAM` value checked (and text converted) against the parameter's declaration;
    /// any other key's value as given.
    ///
    /// An animation's override is also compiled into the component, with the object's other
    /// overrides (`pending`: ones set earlier in the same import, by key), and the result checked
    /// as replay reads it: a value within the declared bounds that still makes the body fail to
    /// compile or end beyond the time limit (`duration 1e300`) is refused here, not at the next
    /// `send`.
    func checkedOverride(_ value: PropertyValue, for key: String, on id: String, pending: [String: PropertyValue] = [:]) throws -> PropertyValue {
        guard let dot = key.lastIndex(of: "."), dot != key.startIndex else { return value }
        let componentName = String(key[..<dot]), parameter = String(key[key.index(after: dot)...])
        guard ComponentDefinition.isValidName(componentName), let stored = try database.components.get(componentName) else { return value }
        let definition = try stored.decode()
        guard let spec = definition.parameters[parameter] else { return value }
        var typed = value
        if value.type != spec.type, case .string(let text) = value, let converted = try? PropertyValue(converting: text, to: spec.type) { typed = converted }
        do { try spec.check(typed, file: key, path: "value") } catch {
            throw SceneError.overrideRule(key: key, component: stored.name, parameter: parameter, rule: error.rule)
        }
        guard definition.kind == .animation else { return typed }
        // The other overrides as they stand (none for an object an import is still adding; one
        // of the wrong type is left for apply to name), then the ones set earlier in the import.
        var values = (try? overrides(of: definition, on: id)) ?? [:]
        for (other, value) in pending where other.hasPrefix(stored.name + ".") {
            let name = String(other.dropFirst(stored.name.count + 1))
            if definition.parameters[name]?.type == value.type { values[name] = value }
        }
        values[parameter] = typed
        do {
            try checkReplayable([
                (
                    id,
                    try Self.animationPayload(
                        stored, parameters: values.mapValues(\.jsonValue),
                        box: try referenceBox(for: definition, on: id), tokens: try tokenVersions(for: definition))
                )
            ])
        } catch SceneError.notReplayable(_, _, let rule) {
            throw SceneError.overrideRule(key: key, component: stored.name, parameter: parameter, rule: "cannot be replayed: \(rule)")
        }
        return typed
    }

    /// Sets a property the way `prop set` does: when a decorator in the catalog declares the key
    /// and attaches when it is set (`url` → `hyperlink` on a label), the value must convert to the
    /// declared type and the decorator is attached first (once) — in the same transaction.
    /// Returns nil when no decorator declares the key (the caller sets it plainly).
    /// - Parameter current: the catalog's current decorators, when the caller read them already.
    package func setDecoratedProperty(
        _ value: PropertyValue?, for key: String, on id: String, policy: AssociationPolicy = .retain,
        at sceneTime: Double? = nil, current: [(StoredComponent, DecoratorDefinition)]? = nil
    ) throws -> PropertySetOutcome? {
        let current = try current ?? currentDecorators()
        let candidates = current.filter { $0.1.attachWhenSet.contains(key) }
        guard !candidates.isEmpty else { return nil }
        guard let object = try database.objects.get(id) else { throw StoreError.unknownObject(id) }
        for (stored, decorator) in candidates {
            guard decorator.attachesTo.isEmpty || decorator.attachesTo.contains(object.type), let declared = decorator.properties[key] else { continue }
            let typed = try Self.decoratorValue(value, declared: declared.type, decorator: stored.name, key: key)
            let attached = try decorators(of: id).contains(stored.name)
            let attach = attached ? (objects: [], sets: []) : try attachment(stored.name, decorator, on: id, pending: typed.map { [key: $0] } ?? [:])
            let bound = attached ? try boundChildWrites(owner: id, key: key, value: typed, among: current) : []
            try database.applications.change(
                creating: attach.objects, sets: attach.sets + [PropertyWrite(id: id, key: key, value: typed, policy: policy)] + bound, at: sceneTime)
            return PropertySetOutcome(value: typed, attached: attached ? nil : stored.name)
        }
        return nil
    }

    /// A value for a key a decorator declares: as given when of the declared type, text
    /// converted to it, anything else refused naming the decorator.
    static func decoratorValue(_ value: PropertyValue?, declared: ValueType, decorator: String, key: String) throws -> PropertyValue? {
        guard let value, value.type != declared else { return value }
        do {
            guard case .string(let text) = value else { throw ValueConversionError(type: declared) }
            return try PropertyValue(converting: text, to: declared)
        } catch {
            throw SceneError.decoratorProperty(decorator: decorator, key: key, declared: declared, reason: "\(error)")
        }
    }

    /// The decorators that attach when `key` is set, from the catalog's current decorators.
    func decoratorsAttachingOn(_ key: String) throws -> [(StoredComponent, DecoratorDefinition)] {
        try currentDecorators().filter { $0.1.attachWhenSet.contains(key) }
    }

    /// The catalog's current decorators, kept until the component table changes (checked with one
    /// small query), so a plain property set neither lists nor decodes decorators.
    func currentDecorators() throws -> [(StoredComponent, DecoratorDefinition)] {
        let stamp = try database.components.tableStamp()
        return try compiled.decorators(stamp: stamp) {
            try database.components.list(kind: .decorator).map { stored throws -> (StoredComponent, DecoratorDefinition) in
                (stored, try compiled.decorator(stored))
            }
        }
    }

    /// The writes that keep the owner's decorator children following its `key`: a child property
    /// bound to it (`text: {property: placeholder}`) takes each new value, as LTBouncyPlaceholder's
    /// `setPlaceholder:` updates its label — the decorator's default when the key is removed.
    /// Only decorators binding `key` (among `current`, the catalog's current decorators) are
    /// looked for on the owner, so other sets cost no query.
    func boundChildWrites(
        owner: String, key: String, value: PropertyValue?, among current: [(StoredComponent, DecoratorDefinition)]
    ) throws -> [PropertyWrite] {
        let binding = current.filter { $0.1.children.values.contains { $0.properties.values.contains(.property(key)) } }
        guard !binding.isEmpty else { return [] }
        let attached = Set(try decorators(of: owner))
        var writes: [PropertyWrite] = []
        for (stored, decorator) in binding where attached.contains(stored.name) {
            writes += try decorator.boundWrites(owner: owner, key: key, value: value) { try database.objects.get($0) != nil }
        }
        return writes
    }

    /// The objects and properties that attach decorator `name` to `owner`: the instance (owned by
    /// the owner, so it dies with it) with its name and a weak back-reference, and the
    /// decorator's children with their declared properties — they exist from the moment it
    /// attaches, as LTBouncyPlaceholder's label shows the placeholder before anything is typed
    /// (DESIGN §9). `pending`: the owner's values being set with the attachment, read before the
    /// stored ones.
    func attachment(_ name: String, _ decorator: DecoratorDefinition, on owner: String, pending: [String: PropertyValue] = [:]) throws -> (
        objects: [(id: String, type: String, owner: String)],
        sets: [PropertyWrite]
    ) {
        let instance = Self.decoratorID(name, on: owner)
        var children = HandlerRun(catalog: self, owner: owner, event: nil, time: 0)
        children.decorator = decorator
        children.decoratorName = name
        for (key, value) in pending { children.pending["\(owner)\u{0}\(key)"] = .some(value) }
        for child in decorator.children.keys.sorted() { _ = try children.object(.child(child)) }
        return (
            [(instance, "decorator", owner)] + children.created,
            [
                PropertyWrite(id: instance, key: "decorator", value: .string(name)),
                PropertyWrite(id: instance, key: "owner", value: .object(owner), policy: .weak)
            ] + children.sets
        )
    }

    /// Attaches a decorator explicitly (`apply hyperlink --to label-1`); attaching twice is a no-op.
    func attach(_ stored: StoredComponent, to targets: [String], at sceneTime: Double?) throws -> ApplyResult {
        let decorator = try compiled.decorator(stored)
        let requires = try stored.decode().requires
        var objects: [(id: String, type: String, owner: String)] = []
        var sets: [PropertyWrite] = []
        for target in targets {
            guard let object = try database.objects.get(target) else { throw StoreError.unknownObject(target) }
            guard decorator.attachesTo.isEmpty || decorator.attachesTo.contains(object.type) else {
                throw SceneError.attachesTo(decorator: stored.name, types: decorator.attachesTo, object: target, type: object.type)
            }
            let missing = try objectType(object.type).missing(requires)
            guard missing.isEmpty else {
                throw SceneError.missingRequirements(component: stored.name, missing: missing, object: target, type: object.type)
            }
            guard try !decorators(of: target).contains(stored.name) else { continue }
            let attach = try attachment(stored.name, decorator, on: target)
            objects += attach.objects
            sets += attach.sets
        }
        return ApplyResult(sceneTime: try database.applications.change(creating: objects, sets: sets, at: sceneTime))
    }

    /// Sends an event to an object: every decorator attached to it runs its handler for the
    /// event — conditions read the decorator's properties (on the owner), the owner's and the
    /// event's value; actions set properties, run animations on the owner or a child (made when
    /// missing) and emit effects. The changes and a `send` record commit together. Returns all
    /// the event did (what `catalog send` reports), its effects among it.
    /// With `reducedMotion` the animations it runs are recorded as run under reduced motion.
    public func send(
        _ event: String, to id: String, value: PropertyValue? = nil, at sceneTime: Double? = nil,
        reducedMotion: Bool = false
    ) throws -> EventOutcome {
        try transaction { catalog in try catalog.sendInTransaction(event, to: id, value: value, at: sceneTime, reducedMotion: reducedMotion) }
    }

    /// ``send(_:to:value:at:reducedMotion:)``'s reads, checks and write, on a catalog whose
    /// ``transaction(_:)`` is open.
    private func sendInTransaction(
        _ event: String, to id: String, value: PropertyValue?, at sceneTime: Double?,
        reducedMotion: Bool
    ) throws -> EventOutcome {
        guard AssociationWriter.isValidKey(event) else { throw SceneError.invalidEventName(event) }
        guard try database.objects.get(id) != nil else { throw StoreError.unknownObject(id) }
        let time = try sceneTime ?? database.events.currentSceneTime()
        var run = HandlerRun(catalog: self, owner: id, event: value, time: time)
        run.reducedMotion = reducedMotion
        // Behaviours the object adopted (animations with `on:` handlers), in the order adopted.
        var adopted: [String] = []
        for applied in try database.events.list(object: id) where applied.operation == .apply {
            if case .apply(_, let application) = try applied.change(), application.kind == .behaviour,
                let name = application.component, !adopted.contains(name)
            {
                adopted.append(name)
            }
        }
        for name in adopted {
            guard let stored = try database.components.get(name) else { continue }
            run.decorator = nil
            run.decoratorName = name
            try run.perform(try compiled.handlers(stored).handlers[event] ?? [])
        }
        for name in try decorators(of: id) {
            guard let stored = try database.components.get(name) else { continue }
            let decorator = try compiled.decorator(stored)
            run.decorator = decorator
            run.decoratorName = name
            try run.perform(decorator.handlers[event] ?? [])
        }
        // A handler's parameters may come from properties set long before: checked as replay reads them.
        try checkReplayable(run.applies.map { (object: $0.object ?? id, payload: $0.payload) })
        try Self.checkModelValues(run.sets.map { ($0.id, $0.key, $0.value) })
        let payload = try JSONValueEncoder().encode(SendPayload(event: event, value: value?.jsonValue ?? .null, effects: run.effects.map(\.jsonValue)))
        try database.applications.change(creating: run.created, sets: run.sets, records: run.applies + [(.send, id, payload)], at: time)
        // A handler that resizes a container lays its applied layout out again.
        try relayout(resizedBy: run.sets.map { ($0.id, $0.key) }, at: time)
        return EventOutcome(
            effects: run.effects,
            created: run.created.map(\.id),
            sets: run.sets.map { EventOutcome.PropertySet(object: $0.id, key: $0.key) },
            animations: run.applies.compactMap { apply in
                apply.payload["component"]?.stringValue.map { EventOutcome.Animation(component: $0, object: apply.object ?? id) }
            })
    }
}

/// One event's handlers being carried out: collects the changes to commit together.
struct HandlerRun {
    let catalog: Catalog
    let owner: String
    let event: PropertyValue?
    let time: Double
    /// Animations run under reduced motion (`send --reduced-motion`): recorded so, they play reduced.
    var reducedMotion = false
    var decorator: DecoratorDefinition?
    var decoratorName = ""
    var created: [(id: String, type: String, owner: String)] = []
    var sets: [PropertyWrite] = []
    var applies: [(operation: EventOperation, object: String?, payload: JSONValue)] = []
    var effects: [Effect] = []
    /// Values set earlier in this run, read before the stored ones; `.some(nil)`: removed in
    /// this run (a later condition reads the default, not the stored value).
    var pending: [String: PropertyValue?] = [:]

    mutating func perform(_ actions: [DecoratorAction]) throws {
        for action in actions {
            switch action {
            case .when(let condition, let then, let otherwise):
                try perform(try holds(condition) ? then : otherwise)
            case .emit(let effect, let value):
                effects.append(Effect(effect: effect, value: try value.map { try evaluate($0)?.jsonValue ?? .null } ?? .null))
            case .set(let property, let target, let expression):
                let id = try object(target)
                var value = try evaluate(expression)
                // A literal takes the type the decorator declares for the property, else the
                // target's object type's (a stored definition may hold one that converts to neither).
                let declared = id == owner ? decorator?.properties[property]?.type : nil
                if case .literal(let json) = expression, let type = try declared ?? type(of: id)?.properties[property],
                    let typed = try? PropertyValue(json: json, as: type)
                {
                    value = typed
                }
                sets.append(PropertyWrite(id: id, key: property, value: value))
                pending["\(id)\u{0}\(property)"] = .some(value)
                if id == owner, let decorator {
                    // The owner's children bound to the property follow it.
                    let made = Set(created.map(\.id))
                    for write in try decorator.boundWrites(
                        owner: owner, key: property, value: value, exists: { try made.contains($0) || catalog.database.objects.get($0) != nil })
                    {
                        sets.append(write)
                        pending["\(write.id)\u{0}\(write.key)"] = .some(write.value)
                    }
                }
            case .run(let component, let target, let parameters):
                let id = try object(target)
                let found = try catalog.component(component, for: "run")
                let (stored, definition) = (found.stored!, found.definition)
                if definition.kind == .chain {
                    // A chain run by a handler drives the target in every role.
                    let chain = try ChainDefinition(definition)
                    let plan = try catalog.chainPlan(
                        stored, chain, roles: Dictionary(uniqueKeysWithValues: chain.roles.map { ($0, id) }),
                        reducedMotion: reducedMotion)
                    for record in plan.records {
                        var payload = record.payload.objectValue ?? [:]
                        payload["start"] = .number(time)
                        applies.append((.apply, record.object, .object(payload)))
                    }
                    continue
                }
                // The target's own values (COMPONENT.PARAM properties), then the action's; a
                // parameter given as {property: KEY} reads the owner's property, if set.
                // (A child created in this run has no properties stored yet.)
                let isNew = created.contains { $0.id == id }
                var values = isNew ? [:] : try catalog.overrides(of: definition, on: id).mapValues(\.jsonValue)
                for (key, raw) in parameters {
                    if case .object(let reference) = raw, reference.count == 1, let name = reference["property"]?.stringValue {
                        if let value = try evaluate(.property(name)) { values[key] = value.jsonValue }
                    } else {
                        values[key] = raw
                    }
                }
                // A child created in this run has no size yet: a percentage on it needs one, and says so.
                let box = isNew ? nil : try catalog.referenceBox(for: definition, on: id)
                applies.append(
                    (
                        .apply, id,
                        try Catalog.animationPayload(
                            stored, parameters: values, reducedMotion: reducedMotion, start: time, box: box,
                            tokens: try catalog.tokenVersions(for: definition))
                    ))
            }
        }
    }

    /// The object type of `id` (a child being created this run counts).
    func type(of id: String) throws -> ObjectType? {
        guard let typeName = try created.first(where: { $0.id == id })?.type ?? catalog.database.objects.get(id)?.type else { return nil }
        return try catalog.objectType(typeName)
    }

    /// The owner, or a child — created (with its initial properties) the first time it is used.
    mutating func object(_ target: ActionTarget) throws -> String {
        guard case .child(let name) = target, let spec = decorator?.children[name] else { return owner }
        let id = Catalog.childID(name, on: owner)
        if try catalog.database.objects.get(id) == nil, !created.contains(where: { $0.id == id }) {
            created.append((id, spec.type, owner))
            for (property, expression) in spec.properties.sorted(by: { $0.key < $1.key }) {
                sets.append(PropertyWrite(id: id, key: property, value: try evaluate(expression)))
            }
        }
        return id
    }

    func evaluate(_ expression: ValueExpression) throws -> PropertyValue? {
        switch expression {
        case .eventValue: return event
        case .literal(let json): return PropertyValue(untyped: json)
        case .property(let name):
            if let value = pending["\(owner)\u{0}\(name)"] { return value ?? decorator?.properties[name]?.defaultValue }
            if let stored = try catalog.database.properties.value(for: name, on: owner) { return stored }
            return decorator?.properties[name]?.defaultValue
        }
    }

    func holds(_ condition: DecoratorCondition) throws -> Bool {
        func isEmpty(_ value: PropertyValue?) -> Bool {
            switch value {
            case nil: true
            case .string(let s)?, .url(let s)?: s.isEmpty
            default: false
            }
        }
        switch condition {
        case .empty(let expression): return isEmpty(try evaluate(expression))
        case .nonEmpty(let expression): return !isEmpty(try evaluate(expression))
        case .isTrue(let expression): return try evaluate(expression) == .bool(true)
        case .equals(let a, let b): return try evaluate(a)?.jsonValue == evaluate(b)?.jsonValue
        case .not(let inner): return try !holds(inner)
        case .openableURL(let expression):
            switch try evaluate(expression) {
            case .url(let text)?, .string(let text)?: return OpenableURL.isOpenable(text)
            default: return false
            }
        }
    }
}

extension DecoratorDefinition {
    /// The writes that make the existing children's properties bound to the owner's `key` take
    /// `value` (the declared default when it is nil), children and properties in name order.
    func boundWrites(owner: String, key: String, value: PropertyValue?, exists: (String) throws -> Bool) throws -> [PropertyWrite] {
        var writes: [PropertyWrite] = []
        for (child, spec) in children.sorted(by: { $0.key < $1.key }) {
            let id = Catalog.childID(child, on: owner)
            for (property, expression) in spec.properties.sorted(by: { $0.key < $1.key }) where expression == .property(key) {
                guard try exists(id) else { break }
                writes.append(PropertyWrite(id: id, key: property, value: value ?? properties[key]?.defaultValue))
            }
        }
        return writes
    }
}
