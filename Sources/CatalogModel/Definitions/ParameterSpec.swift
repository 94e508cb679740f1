/// A named input of a component, referenced as `"$name"` in the body.
///
/// ```yaml
/// parameters:
///   duration: {type: number, default: 0.2, minimum: 0}
/// ```
public struct ParameterSpec: Sendable, Hashable {
    /// The type a value must have (an override of another type is refused).
    public var type: ValueType
    /// The value used when neither `--param` nor an override gives one.
    public var defaultValue: PropertyValue
    /// The smallest number accepted, for number parameters.
    public var minimum: Double?
    /// The largest number accepted, for number parameters.
    public var maximum: Double?
    /// What the parameter is for, for people (the web catalog's knobs show it).
    public var summary: String?

    /// A parameter as a definition declares it.
    public init(
        type: ValueType, defaultValue: PropertyValue, minimum: Double? = nil, maximum: Double? = nil,
        summary: String? = nil
    ) {
        self.type = type
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.summary = summary
    }

    static let fields: Set<String> = ["type", "default", "minimum", "maximum", "summary"]

    /// Reads and validates one parameter declaration.
    init(json: JSONValue, file: String, path: FieldPath) throws(DefinitionError) {
        guard case .object(let members) = json else {
            throw DefinitionError(file: file, path: path.description, rule: "must be a mapping with type and default")
        }
        try Self.rejectUnknown(members, allowed: Self.fields, file: file, path: path)
        guard let typeName = members["type"]?.stringValue else {
            throw DefinitionError(
                file: file, path: path.appending("type").description,
                rule: "is required: one of "
                    + Self.parameterTypes.map(\.rawValue).joined(separator: ", "))
        }
        guard let type = ValueType(rawValue: typeName), Self.parameterTypes.contains(type) else {
            throw DefinitionError(
                file: file, path: path.appending("type").description,
                rule: "unknown type '\(typeName)': use one of " + Self.parameterTypes.map(\.rawValue).joined(separator: ", "))
        }
        guard let rawDefault = members["default"] else {
            throw DefinitionError(file: file, path: path.appending("default").description, rule: "is required")
        }
        let value: PropertyValue
        do {
            value = try PropertyValue(json: rawDefault, as: type)
        } catch {
            throw DefinitionError(file: file, path: path.appending("default").description, rule: error.description)
        }
        func bound(_ key: String) throws(DefinitionError) -> Double? {
            guard let raw = members[key] else { return nil }
            guard type == .number else {
                throw DefinitionError(file: file, path: path.appending(key).description, rule: "only number parameters take bounds")
            }
            guard let number = raw.numberValue else {
                throw DefinitionError(file: file, path: path.appending(key).description, rule: "must be a number")
            }
            return number
        }
        let minimum = try bound("minimum")
        let maximum = try bound("maximum")
        if let minimum, let maximum, minimum > maximum {
            throw DefinitionError(file: file, path: path.appending("minimum").description, rule: "must not exceed maximum \(JSONValue.numberText(maximum))")
        }
        if case .number(let n) = value {
            if let minimum, n < minimum {
                throw DefinitionError(file: file, path: path.appending("default").description, rule: "must be ≥ minimum \(JSONValue.numberText(minimum))")
            }
            if let maximum, n > maximum {
                throw DefinitionError(file: file, path: path.appending("default").description, rule: "must be ≤ maximum \(JSONValue.numberText(maximum))")
            }
        }
        if let summary = members["summary"], summary.stringValue == nil {
            throw DefinitionError(file: file, path: path.appending("summary").description, rule: "must be a string")
        }
        self.init(type: type, defaultValue: value, minimum: minimum, maximum: maximum, summary: members["summary"]?.stringValue)
    }

    /// Parameters hold values, never objects.
    static let parameterTypes = ValueType.allCases.filter { $0 != .object }

    static func rejectUnknown(_ members: [String: JSONValue], allowed: Set<String>, file: String, path: FieldPath)
        throws(DefinitionError)
    {
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw DefinitionError(
                file: file, path: path.appending(unknown).description,
                rule: "unknown field: allowed are " + allowed.sorted().joined(separator: ", "))
        }
    }
}
