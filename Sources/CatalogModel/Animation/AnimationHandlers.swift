/// Event handlers an animation carries, the `BounceSelect` protocol's idea: applying such an
/// animation to an object makes the object adopt the behaviour instead of running it at once,
/// and events sent to the object run the handlers — in the decorator action syntax (`run`,
/// `set`, `emit`, `if`).
///
/// ```yaml
/// on:
///   select:
///     - run: {component: bounce-select}
///     - set: {property: transform, value: [0.9, 0, 0, 0, 0, 0.9, 0, 0, 0, 0, 0.9, 0, 0, 0, 0, 1]}
///   deselect:
///     - run: {component: bounce-deselect, parameters: {duration: {property: bounce-select.duration}}}
/// ```
///
/// A `run` runs with the target's own parameter values (`COMPONENT.PARAM` properties); a parameter
/// given as `{property: KEY}` reads that property of the owner (left to the default when unset).
package struct AnimationHandlers: Sendable, Hashable {
    /// Event name → actions; empty for an animation without `on:`.
    package var handlers: [String: [DecoratorAction]]

    /// The handlers an animation definition's `on:` lists, with `parameters` applied.
    package init(_ definition: ComponentDefinition, parameters: [String: PropertyValue] = [:], file: String? = nil) throws(DefinitionError) {
        let file = file ?? definition.name
        let members = try definition.resolvedMembers(of: .animation, parameters: parameters, file: file, tokens: false)
        handlers = [:]
        guard let on = members["on"] else { return }
        guard case .object(let events) = on else {
            throw DefinitionError(file: file, path: "on", rule: "must be a mapping of event → actions")
        }
        let scope = DecoratorScope(file: file, properties: [], ownerProperties: nil, children: [:])
        for (event, actions) in events.sorted(by: { $0.key < $1.key }) {
            let field = FieldPath("on").appending(event)
            guard ComponentDefinition.isParameterName(event) else {
                throw DefinitionError(file: file, path: field.description, rule: "an event name is a word: select, deselect, tap or your own")
            }
            handlers[event] = try scope.actions(actions, path: field)
        }
    }

    /// True when the animation has no `on:` handlers.
    package var isEmpty: Bool { handlers.isEmpty }
}
