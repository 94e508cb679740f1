/// A chain component resolved for use: the roles it declares and its tree of steps.
///
/// ```yaml
/// chain:
///   roles: [image, headline]
///   sequence:
///     - {animate: image, component: fade-out, parameters: {duration: 0.25}}
///     - {set: {role: headline, property: opacity, value: 0}}
///     - wait: 0.1
///     - concurrent:
///         - {animate: headline, component: fade-in, delay: 0.05, prepare: [{property: hidden, value: false}]}
/// ```
///
/// A node is a mapping with one of `sequence`, `concurrent` (lists of nodes), `animate` (a role,
/// with `component` and `parameters`, or an inline `animation` / `keyframes` + `options` body,
/// `delay`, `prepare`), `set` (`role`, `property`, `value`) or `wait` (seconds). Every role used
/// must be declared in `roles`.
package struct ChainDefinition: Sendable, Hashable {
    /// The chain's roles, in order of first use.
    package var roles: [String]
    /// The tree of steps.
    package var root: ChainNode

    /// The chain body of `definition`, with `parameters` applied; its inline bodies read in
    /// `context` (their token references and percentages).
    package init(
        _ definition: ComponentDefinition, parameters: [String: PropertyValue] = [:], file: String? = nil, context: DefinitionContext = DefinitionContext()
    ) throws(DefinitionError) {
        if parameters.isEmpty, case .chain(let compiled)? = definition.defaultBody.body {
            self = compiled  // compiled once, by validation
            return
        }
        let file = file ?? definition.name
        let members = try definition.resolvedMembers(of: .chain, parameters: parameters, file: file, context: context)
        try self.init(json: members["chain"] ?? .null, file: file, path: FieldPath("chain"), box: context.referenceBox)
    }

    /// A chain body read from its JSON form; inline bodies' percentages resolve against `box`.
    package init(json: JSONValue, file: String, path: FieldPath, box: ReferenceBox? = nil) throws(DefinitionError) {
        guard case .object(var members) = json else {
            throw DefinitionError(file: file, path: path.description, rule: "must be a mapping with roles and one root node")
        }
        guard case .array(let names)? = members.removeValue(forKey: "roles"), names.allSatisfy({ $0.stringValue != nil }) else {
            throw DefinitionError(file: file, path: path.appending("roles").description, rule: "is required: a list of role names")
        }
        roles = names.map { $0.stringValue! }
        for (index, role) in roles.enumerated() where !ComponentDefinition.isValidName(role) {
            throw DefinitionError(
                file: file, path: path.appending("roles").appending(index: index).description, rule: "a role name matches [a-z0-9][a-z0-9.-]*")
        }
        let reader = ChainReader(file: file, roles: Set(roles), box: box)
        if members.isEmpty {
            root = .sequence([])  // An empty chain: it completes at once.
        } else {
            root = try reader.node(.object(members), path: path)
        }
    }
}

/// Reads chain nodes, checking roles against the declared ones.
struct ChainReader {
    let file: String
    let roles: Set<String>
    /// What inline bodies' percentages resolve against.
    let box: ReferenceBox?
    static let types = ["sequence", "concurrent", "animate", "set", "wait"]

    func fail(_ path: FieldPath, _ rule: String) -> DefinitionError { DefinitionError(file: file, path: path.description, rule: rule) }

    func role(_ json: JSONValue?, path: FieldPath) throws(DefinitionError) -> String {
        guard let name = json?.stringValue else { throw fail(path, "is required: a role name") }
        guard roles.contains(name) else {
            throw fail(path, "unknown role '\(name)' (declared: \(roles.sorted().joined(separator: ", ")))")
        }
        return name
    }

    func node(_ json: JSONValue, path: FieldPath) throws(DefinitionError) -> ChainNode {
        guard case .object(let members) = json else {
            throw fail(path, "a chain node is a mapping: one of \(Self.types.joined(separator: ", "))")
        }
        let present = Self.types.filter { members[$0] != nil }
        guard present.count == 1, let type = present.first else {
            throw fail(
                path,
                present.isEmpty
                    ? "a chain node needs one of \(Self.types.joined(separator: ", "))" : "has both \(present.joined(separator: " and ")): a node is one step")
        }
        let field = path.appending(type)
        switch type {
        case "sequence", "concurrent":
            guard members.count == 1 else { throw fail(path.appending(members.keys.sorted().first { $0 != type }!), "unknown field next to \(type)") }
            guard case .array(let items) = members[type]! else { throw fail(field, "must be a list of chain nodes") }
            var children: [ChainNode] = []
            for (index, item) in items.enumerated() { children.append(try node(item, path: field.appending(index: index))) }
            return type == "sequence" ? .sequence(children) : .concurrent(children)
        case "wait":
            guard members.count == 1 else { throw fail(path, "wait stands alone") }
            guard let seconds = members["wait"]!.numberValue, seconds >= 0, seconds.isFinite else { throw fail(field, "must be seconds, 0 or more") }
            return .wait(seconds)
        case "set":
            guard members.count == 1 else { throw fail(path, "set stands alone") }
            return .set(try propertySet(members["set"]!, role: nil, path: field))
        default:
            return .animate(try animate(members, path: path))
        }
    }

    private func animate(_ members: [String: JSONValue], path: FieldPath) throws(DefinitionError) -> AnimateStep {
        let allowed: Set<String> = ["animate", "component", "parameters", "animation", "keyframes", "options", "delay", "prepare"]
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw fail(path.appending(unknown), "unknown field (allowed here: \(allowed.sorted().joined(separator: ", ")))")
        }
        var step = AnimateStep(role: try role(members["animate"], path: path.appending("animate")))
        let bodies = ["component", "animation", "keyframes"].filter { members[$0] != nil }
        guard bodies.count == 1 else {
            throw fail(path, bodies.isEmpty ? "an animate step needs component, animation or keyframes" : "give one of component, animation, keyframes")
        }
        if let component = members["component"] {
            guard let name = component.stringValue else { throw fail(path.appending("component"), "must be a component name") }
            step.component = name
            if let parameters = members["parameters"] {
                guard case .object(let values) = parameters else { throw fail(path.appending("parameters"), "must be a mapping of parameter values") }
                step.parameters = values
            }
        } else {
            if members["parameters"] != nil { throw fail(path.appending("parameters"), "parameters go with component") }
            if let animation = members["animation"] {
                _ = try CoreAnimationModel(json: animation, file: file, path: path.appending("animation"), box: box)
                step.inline = ["animation": animation]
            } else {
                let body: JSONValue = ["keyframes": members["keyframes"]!, "options": members["options"] ?? .null]
                _ = try KeyframeEffectModel(webKeyframes: members["keyframes"]!, options: members["options"], file: file, path: path, box: box)
                step.inline = body
            }
        }
        if let delay = members["delay"] {
            guard let seconds = delay.numberValue, seconds >= 0, seconds.isFinite else { throw fail(path.appending("delay"), "must be seconds, 0 or more") }
            step.delay = seconds
        }
        if let prepare = members["prepare"] {
            guard case .array(let items) = prepare else { throw fail(path.appending("prepare"), "must be a list of {property, value} sets") }
            for (index, item) in items.enumerated() {
                step.prepare.append(try propertySet(item, role: step.role, path: path.appending("prepare").appending(index: index)))
            }
        }
        return step
    }

    /// `{role, property, value}`; in `prepare` the role defaults to the step's.
    private func propertySet(_ json: JSONValue, role defaultRole: String?, path: FieldPath) throws(DefinitionError) -> PropertySetStep {
        guard case .object(let members) = json else { throw fail(path, "must be a mapping with role, property and value") }
        if let unknown = members.keys.sorted().first(where: { !["role", "property", "value"].contains($0) }) {
            throw fail(path.appending(unknown), "unknown field (allowed here: property, role, value)")
        }
        let role = members["role"] == nil && defaultRole != nil ? defaultRole! : try self.role(members["role"], path: path.appending("role"))
        guard let property = members["property"]?.stringValue, !property.isEmpty else { throw fail(path.appending("property"), "is required: a property name") }
        guard let value = members["value"] else { throw fail(path.appending("value"), "is required") }
        return PropertySetStep(role: role, property: property, value: value)
    }
}
