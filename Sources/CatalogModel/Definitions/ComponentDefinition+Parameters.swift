/// Parameter values and `"$name"` substitution: how a component's body is resolved before it is
/// imported (animations, layouts) — defaults, or values given per use and checked against the
/// declaration.
extension ComponentDefinition {
    /// The resolved top-level members of a definition that must be of `kind`: what every kind's
    /// importer starts from.
    /// - Parameters:
    ///   - tokens: put the token sets' values where the body references tokens (false for a
    ///     reader of other members, such as `on:` handlers).
    ///   - context: the token sets references resolve against.
    package func resolvedMembers(
        of kind: ComponentKind, parameters: [String: PropertyValue], file: String, tokens: Bool = true, context: DefinitionContext = DefinitionContext()
    ) throws(DefinitionError)
        -> [String: JSONValue]
    {
        guard self.kind == kind else {
            let article = kind == .animation ? "an" : "a"
            throw DefinitionError(file: file, path: "kind", rule: "\(name) is a \(self.kind.rawValue), not \(article) \(kind.rawValue)")
        }
        return try resolvedMembers(parameters: parameters, file: file, tokens: tokens, context: context)
    }

    /// The document's top-level members with every `"$name"` replaced by the parameter's value:
    /// the given one (checked against the declaration) or the default.
    package func resolvedMembers(
        parameters: [String: PropertyValue], file: String, tokens: Bool = true, context: DefinitionContext = DefinitionContext()
    ) throws(DefinitionError) -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for (name, spec) in self.parameters { values[name] = spec.defaultValue.jsonValue }
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            try parameter(name, file: file).check(value, file: file, path: "parameters.\(name)")
            values[name] = value.jsonValue
        }
        guard case .object(let members) = document.substitutingParameters(values) else {
            throw DefinitionError(file: file, path: "", rule: "a definition must be a mapping")
        }
        // Token references (`"{motion.duration.moderate-01}"`) take the bound token sets' values.
        return tokens ? try TokenSubstitution.apply(to: members, file: file, binding: context.tokens) : members
    }

    /// Parameter values written as text (`--param duration=0.3`), each converted to its declared type.
    package func parameterValues(text: [String: String], file: String) throws(DefinitionError) -> [String: PropertyValue] {
        var values: [String: PropertyValue] = [:]
        for (name, raw) in text.sorted(by: { $0.key < $1.key }) {
            let spec = try parameter(name, file: file)
            do throws(ValueConversionError) { values[name] = try PropertyValue(converting: raw, to: spec.type) } catch {
                throw DefinitionError(file: file, path: "parameters.\(name)", rule: "\"\(raw)\" \(error.description)")
            }
        }
        return values
    }

    /// Parameter values written as JSON (a chain step's `parameters`, an application in the log),
    /// each read as its declared type.
    package func parameterValues(json: [String: JSONValue], file: String) throws(DefinitionError) -> [String: PropertyValue] {
        var values: [String: PropertyValue] = [:]
        for (name, raw) in json.sorted(by: { $0.key < $1.key }) {
            let spec = try parameter(name, file: file)
            do throws(ValueConversionError) { values[name] = try PropertyValue(json: raw, as: spec.type) } catch {
                throw DefinitionError(file: file, path: "parameters.\(name)", rule: error.description)
            }
        }
        return values
    }

    /// The declaration of parameter `name`, or an error listing the declared ones.
    private func parameter(_ name: String, file: String) throws(DefinitionError) -> ParameterSpec {
        guard let spec = parameters[name] else {
            let declared = parameters.keys.sorted().joined(separator: ", ")
            throw DefinitionError(
                file: file, path: "parameters.\(name)",
                rule: "\(self.name) has no parameter '\(name)'" + (declared.isEmpty ? "" : " (declared: \(declared))"),
                code: .unknownParameter)
        }
        return spec
    }
}

extension ParameterSpec {
    /// Checks a value given for this parameter: its type and the declared bounds.
    package func check(_ value: PropertyValue, file: String, path: String) throws(DefinitionError) {
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
    package func substitutingParameters(_ values: [String: JSONValue]) -> JSONValue {
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
