/// An animation component resolved for evaluation: its parameters substituted and its body —
/// the Web Animations `keyframes`/`options` or the Core Animation `animation:` — imported into the
/// model. The engine turns it into an effect.
///
/// ```swift
/// let definition = try DefinitionDecoder.decode(text: yaml, file: "bounce-select.yaml")
/// let animation = try AnimationDefinition(definition, parameters: ["duration": .number(0.3)])
/// ```
package enum AnimationDefinition: Sendable, Hashable {
    /// A `keyframes:` + `options:` body.
    case web(KeyframeEffectModel)
    /// An `animation:` body in Core Animation's names.
    case coreAnimation(CoreAnimationModel)

    /// - Parameters:
    ///   - parameters: values for declared parameters; the others take their defaults. An
    ///     undeclared name, a value of the wrong type or outside the declared bounds is refused.
    ///   - context: the reference box percentages resolve against and the token sets references do.
    package init(
        _ definition: ComponentDefinition, parameters: [String: PropertyValue] = [:], file: String? = nil, context: DefinitionContext = DefinitionContext()
    ) throws(DefinitionError) {
        // The body compiled by validation holds when it depends on neither box nor tokens.
        if parameters.isEmpty, case .animation(let compiled)? = definition.defaultBody.body {
            self = compiled  // compiled once, by validation
            return
        }
        let file = file ?? definition.name
        let members = try definition.resolvedMembers(of: .animation, parameters: parameters, file: file, context: context)
        if let body = members["animation"] {
            self = .coreAnimation(try CoreAnimationModel(json: body, file: file, path: FieldPath("animation"), box: context.referenceBox))
        } else {
            self = .web(
                try KeyframeEffectModel(webKeyframes: members["keyframes"] ?? .array([]), options: members["options"], file: file, box: context.referenceBox))
        }
    }

    /// The properties it animates, sorted by name (what a sample's values are, in order).
    package var properties: [AnimatableProperty] {
        switch self {
        case .web(let model): model.properties
        case .coreAnimation(let model): model.properties
        }
    }
}
