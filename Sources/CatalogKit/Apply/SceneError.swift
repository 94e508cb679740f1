import CatalogModel
internal import CatalogStore

/// Why the scene refused a change — apply, send, a property set through the facade, a state
/// query — as typed cases, so a caller can tell them apart and a command line can add its own
/// hints (`catalog` names its options). What the store refuses (an unknown object or
/// component, time moving backwards) is thrown as the store's own ``StoreError``: one
/// condition, one error.
///
/// ```swift
/// do { try catalog.apply("fade-sequence", roles: ["image": "v1"]) }
/// catch SceneError.unboundRole(let chain, let role, _) { print("\(chain) still needs \(role)") }
/// ```
package enum SceneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An animation or decorator applied to no object.
    case noTargets(component: String, kind: ComponentKind)
    /// The object's type lacks properties the component `requires`.
    case missingRequirements(component: String, missing: [String], object: String, type: String)
    /// A layout with neither a `rect` parameter nor a container with bounds.
    case noRect(layout: String)
    /// A slot bound that the layout does not have (`slots` are those it has).
    case unknownSlot(layout: String, slot: String, slots: [String])
    /// A layout applied with no slot bound: it would lay out nothing.
    case nothingBound(layout: String, slots: [String])
    /// One object bound to several layout slots (one object has one frame).
    case boundTwice(object: String, slots: [String])
    /// A role bound that the chain does not have (`roles` are those it has).
    case unknownRole(chain: String, role: String, roles: [String])
    /// A role of the chain that no object is bound to.
    case unboundRole(chain: String, role: String, roles: [String])
    /// A `COMPONENT.PARAM` property of the wrong type.
    case overrideType(object: String, component: String, parameter: String, given: ValueType, expected: ValueType)
    /// A `COMPONENT.PARAM` property outside the parameter's declaration.
    case overrideRule(key: String, component: String, parameter: String, rule: String)
    /// A value that does not convert to the type the object's type declares for the key.
    case propertyType(key: String, type: String, declared: ValueType, reason: String)
    /// A value that does not convert to the type a decorator declares for the key.
    case decoratorProperty(decorator: String, key: String, declared: ValueType, reason: String)
    /// A decorator applied to an object of a type it does not attach to.
    case attachesTo(decorator: String, types: [String], object: String, type: String)
    /// A scene time outside the limits (`problem` says which).
    case sceneTime(Double, problem: String)
    /// The log names a component version that is no longer kept.
    case versionNotKept(name: String, version: String)
    /// A compaction point at or before the log's first kept event.
    case nothingToCompact(before: Int64)
    /// An application that replay could not evaluate (a parameter value the compiled body
    /// refuses, an end beyond the time limit): refused before it is logged.
    case notReplayable(component: String, object: String, rule: String)
    /// A value for a property animations start from, beyond the limit for animated values.
    case modelValue(object: String, key: String, problem: String)
    /// An event name that could not be a handler's: empty, too long, or with spaces or control characters.
    case invalidEventName(String)

    /// What is wrong, in the library's words (the command line adds its options).
    package var description: String {
        switch self {
        case .noTargets(let component, let kind):
            "\(component) is a\(kind == .animation ? "n" : "") \(kind.rawValue): name the objects to \(kind == .animation ? "animate" : "decorate")"
        case .missingRequirements(let component, let missing, let object, let type):
            "\(component) requires \(missing.joined(separator: ", ")), which \(object) (a \(type)) does not have"
        case .noRect(let layout): "\(layout) needs a rect: a rect parameter, or a container with bounds"
        case .unknownSlot(let layout, let slot, let slots): "\(layout) has no slot '\(Excerpt.quote(slot))' (slots: \(slots.joined(separator: ", ")))"
        case .nothingBound(let layout, let slots): "\(layout) lays out nothing: bind its slots (slots: \(slots.joined(separator: ", ")))"
        case .boundTwice(let object, let slots):
            "\(object) is bound to \(slots.count) slots (\(slots.joined(separator: ", "))): bind each object to one slot"
        case .unknownRole(let chain, let role, let roles): "\(chain) has no role '\(Excerpt.quote(role))' (roles: \(roles.joined(separator: ", ")))"
        case .unboundRole(let chain, let role, let roles):
            "bind every role of \(chain): \(role) is unbound (roles: \(roles.joined(separator: ", ")))"
        case .overrideType(let object, let component, let parameter, let given, let expected):
            "\(object) sets \(component).\(parameter) to a \(given.rawValue); the parameter takes a \(expected.rawValue)"
        case .overrideRule(let key, let component, let parameter, let rule):
            "\(Excerpt.quote(key)) overrides \(component)'s parameter \(parameter): the value \(rule)"
        case .propertyType(let key, let type, let declared, let reason): "\(Excerpt.quote(key)) of a \(type) is a \(declared.rawValue): \(reason)"
        case .decoratorProperty(let decorator, let key, let declared, let reason):
            "\(decorator) declares \(key) as \(declared.rawValue): it \(reason)"
        case .attachesTo(let decorator, let types, let object, let type):
            "\(decorator) attaches to \(types.joined(separator: ", ")), not to \(object) (a \(type))"
        case .sceneTime(let time, let problem): "scene time \(time) \(problem)"
        case .versionNotKept(let name, let version): "the log names \(name)@\(version), which is not kept"
        case .nothingToCompact(let cut): "no event before \(cut) is left to compact: name a later point"
        case .modelValue(let object, let key, let problem): "\(object).\(Excerpt.quote(key)): the value \(problem)"
        case .invalidEventName(let name):
            "event name '\(Excerpt.quote(name))' must be 1–200 characters without spaces or control characters"
        case .notReplayable(let component, let object, let rule):
            "\(component) on \(object) could not be replayed, so it is refused: \(rule)"
        }
    }
}

extension SceneError: CatalogError {
    /// The stable code of this refusal.
    package var code: ErrorCode {
        switch self {
        case .noTargets: .noTargets
        case .missingRequirements: .missingRequirements
        case .noRect: .noRect
        case .unknownSlot: .unknownSlot
        case .nothingBound: .nothingBound
        case .boundTwice: .boundTwice
        case .unknownRole: .unknownRole
        case .unboundRole: .unboundRole
        case .overrideType: .overrideType
        case .overrideRule: .overrideRule
        case .propertyType, .decoratorProperty: .propertyType
        case .attachesTo: .attachesTo
        case .sceneTime: .invalidSceneTime
        case .versionNotKept: .versionNotKept
        case .nothingToCompact: .nothingToCompact
        case .notReplayable: .notReplayable
        case .modelValue: .valueOutOfRange
        case .invalidEventName: .invalidEventName
        }
    }

    /// The refusal's subjects by name (`component`, `id`, `slots`, …), as `--format json` prints them.
    package var fields: [String: JSONValue] {
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        return switch self {
        case .noTargets(let component, let kind): ["component": .string(component), "kind": .string(kind.rawValue)]
        case .missingRequirements(let component, let missing, let object, let type):
            ["component": .string(component), "missing": strings(missing), "id": .string(object), "type": .string(type)]
        case .noRect(let layout): ["component": .string(layout)]
        case .unknownSlot(let layout, let slot, let slots): ["component": .string(layout), "slot": .string(slot), "slots": strings(slots)]
        case .nothingBound(let layout, let slots): ["component": .string(layout), "slots": strings(slots)]
        case .boundTwice(let object, let slots): ["id": .string(object), "slots": strings(slots)]
        case .unknownRole(let chain, let role, let roles), .unboundRole(let chain, let role, let roles):
            ["component": .string(chain), "role": .string(role), "roles": strings(roles)]
        case .overrideType(let object, let component, let parameter, let given, let expected):
            [
                "id": .string(object), "component": .string(component), "parameter": .string(parameter),
                "given": .string(given.rawValue), "expected": .string(expected.rawValue)
            ]
        case .overrideRule(let key, let component, let parameter, _):
            ["key": .string(key), "component": .string(component), "parameter": .string(parameter)]
        case .propertyType(let key, let type, let declared, _): ["key": .string(key), "type": .string(type), "declared": .string(declared.rawValue)]
        case .decoratorProperty(let decorator, let key, let declared, _):
            ["decorator": .string(decorator), "key": .string(key), "declared": .string(declared.rawValue)]
        case .attachesTo(let decorator, let types, let object, let type):
            ["decorator": .string(decorator), "types": strings(types), "id": .string(object), "type": .string(type)]
        case .sceneTime(let time, _): ["time": .number(time)]
        case .versionNotKept(let name, let version): ["component": .string(name), "version": .string(version)]
        case .nothingToCompact(let cut): ["seq": .number(Double(cut))]
        case .notReplayable(let component, let object, _): ["component": .string(component), "id": .string(object)]
        case .modelValue(let object, let key, _): ["id": .string(object), "key": .string(key)]
        case .invalidEventName(let name): ["event": .string(name)]
        }
    }
}

/// The name `SceneError` had before it was typed.
@available(*, deprecated, renamed: "SceneError")
package typealias ApplyError = SceneError
