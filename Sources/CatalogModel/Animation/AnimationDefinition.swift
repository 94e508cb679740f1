/// An animation component resolved for evaluation: its parameters substituted and its body —
/// the Web Animations `keyframes`/`options` or the Core Animation `animation:` — imported into the
/// model. The engine turns it into an effect.
///
/// ```swift
/// let definition = try DefinitionDecoder.decode(text: yaml, file: "bounce-select.yaml")
/// let animation = try AnimationDefinition(definition, parameters: ["duration": .number(0.3)])
/// ```
public enum AnimationDefinition: Sendable, Hashable {
    case web(KeyframeEffectModel)
    case coreAnimation(CoreAnimationModel)

    /// - Parameter parameters: values for declared parameters; the others take their defaults.
    ///   An undeclared name, a value of the wrong type or outside the declared bounds is refused.
    public init(_ definition: ComponentDefinition, parameters: [String: PropertyValue] = [:], file: String? = nil) throws(DefinitionError) {
        let file = file ?? definition.name
        guard definition.kind == .animation else {
            throw DefinitionError(file: file, path: "kind", rule: "\(definition.name) is a \(definition.kind.rawValue), not an animation")
        }
        var values: [String: JSONValue] = [:]
        for (name, spec) in definition.parameters { values[name] = spec.defaultValue.jsonValue }
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            guard let spec = definition.parameters[name] else {
                let declared = definition.parameters.keys.sorted().joined(separator: ", ")
                throw DefinitionError(file: file, path: "parameters.\(name)",
                                      rule: "\(definition.name) has no parameter '\(name)'" + (declared.isEmpty ? "" : " (declared: \(declared))"))
            }
            try spec.check(value, file: file, path: "parameters.\(name)")
            values[name] = value.jsonValue
        }
        guard case .object(let members) = definition.document.substitutingParameters(values) else {
            throw DefinitionError(file: file, path: "", rule: "a definition must be a mapping")
        }
        if let body = members["animation"] {
            self = .coreAnimation(try CoreAnimationModel(json: body, file: file, path: FieldPath("animation")))
        } else {
            self = .web(try KeyframeEffectModel(webKeyframes: members["keyframes"] ?? .array([]), options: members["options"], file: file))
        }
    }
}

extension ParameterSpec {
    /// Checks a value given for this parameter: its type and the declared bounds.
    public func check(_ value: PropertyValue, file: String, path: String) throws(DefinitionError) {
        guard value.type == type else {
            throw DefinitionError(file: file, path: path, rule: "must be \(ValueConversionError.expectation(type))")
        }
        if case .number(let n) = value {
            if let minimum, n < minimum { throw DefinitionError(file: file, path: path, rule: "must be \(JSONValue.numberText(minimum)) or more") }
            if let maximum, n > maximum { throw DefinitionError(file: file, path: path, rule: "must be \(JSONValue.numberText(maximum)) or less") }
        }
    }
}

extension JSONValue {
    /// The document with every `"$name"` string whose name has a value replaced by that value.
    public func substitutingParameters(_ values: [String: JSONValue]) -> JSONValue {
        switch self {
        case .string(let text) where text.hasPrefix("$"):
            return values[String(text.dropFirst())] ?? self
        case .array(let items):
            return .array(items.map { $0.substitutingParameters(values) })
        case .object(let members):
            return .object(members.mapValues { $0.substitutingParameters(values) })
        default:
            return self
        }
    }
}
