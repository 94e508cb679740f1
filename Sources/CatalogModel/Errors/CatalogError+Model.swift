// The model's errors, each with its code and the fields its message is about.

extension DefinitionError: CatalogError {
    public var code: ErrorCode { .invalidDefinition }
    public var fields: [String: JSONValue] { ["file": .string(file), "path": .string(path), "rule": .string(rule)] }
}

extension JSONSyntaxError: CatalogError {
    public var code: ErrorCode { .invalidJSON }
    public var fields: [String: JSONValue] {
        ["line": .number(Double(line)), "column": .number(Double(column)), "path": .string(path)]
    }
}

extension TimingFunctionError: CatalogError {
    public var code: ErrorCode { .invalidTimingFunction }
}

extension CSSValueError: CatalogError {
    public var code: ErrorCode { .invalidCSSValue }
}

extension ValueConversionError: CatalogError {
    public var code: ErrorCode { .invalidValue }
    public var fields: [String: JSONValue] { ["type": .string(type.rawValue)] }
}

extension SampleTimes.Error: CatalogError {
    public var code: ErrorCode { .invalidTimes }
    public var fields: [String: JSONValue] { ["field": .string(field.rawValue)] }
}

/// Several definition errors found at once (`add` and `validate` report every file's errors
/// together): one per line, and each with its file, path and rule in ``fields``.
///
/// ```swift
/// let (_, errors) = DefinitionSource.load(["a.yaml", "b.yaml"])
/// if !errors.isEmpty { throw DefinitionErrors(errors) }
/// ```
public struct DefinitionErrors: CatalogError, Sendable, Hashable {
    public var errors: [DefinitionError]
    public init(_ errors: [DefinitionError]) { self.errors = errors }
    public var code: ErrorCode { .invalidDefinition }
    public var fields: [String: JSONValue] { ["errors": .array(errors.map { .object($0.fields) })] }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
