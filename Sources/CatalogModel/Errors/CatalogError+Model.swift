// The model's errors, each with its code and the fields its message is about.

extension DefinitionError: CatalogError {
    /// `file`, `path` and `rule`.
    public var fields: [String: JSONValue] { ["file": .string(file), "path": .string(path), "rule": .string(rule)] }
}

extension JSONSyntaxError: CatalogError {
    /// ``ErrorCode/invalidJSON``.
    public var code: ErrorCode { .invalidJSON }
    /// `line`, `column` and `path` (where in the document the error is).
    public var fields: [String: JSONValue] {
        ["line": .number(Double(line)), "column": .number(Double(column)), "path": .string(path)]
    }
}

extension TimingFunctionError: CatalogError {
    public var code: ErrorCode { .invalidTimingFunction }
}

extension CSSValueError: CatalogError {
    /// ``ErrorCode/invalidCSSValue``.
    public var code: ErrorCode { .invalidCSSValue }
}

extension ValueConversionError: CatalogError {
    /// ``ErrorCode/invalidValue``.
    public var code: ErrorCode { .invalidValue }
    /// `type`: the type the value did not convert to.
    public var fields: [String: JSONValue] { ["type": .string(type.rawValue)] }
}

extension SampleTimes.Error: CatalogError {
    /// ``ErrorCode/invalidTimes``.
    public var code: ErrorCode { .invalidTimes }
    /// `field`: which of the times is wrong (`at`, `from`, `to`, `fps`).
    public var fields: [String: JSONValue] { ["field": .string(field.rawValue)] }
}

/// Several definition errors found at once (`add` and `validate` report every file's errors
/// together): one per line, and each with its file, path and rule in ``fields``.
///
/// ```swift
/// do { _ = try catalog.components.add([fade, pop]) }
/// catch let all as DefinitionErrors { all.errors.forEach { print($0) } }   // every file's errors
/// ```
public struct DefinitionErrors: CatalogError, Sendable, Hashable {
    /// Every error found, in the order of the files and their fields.
    public var errors: [DefinitionError]
    /// The errors to report together.
    package init(_ errors: [DefinitionError]) { self.errors = errors }
    /// ``ErrorCode/invalidDefinition``.
    public var code: ErrorCode { .invalidDefinition }
    /// `errors`: each error's fields.
    public var fields: [String: JSONValue] { ["errors": .array(errors.map { .object($0.fields) })] }
    /// One line per error.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

extension TokenContextError: CatalogError {
    /// ``ErrorCode/unknownContext``.
    public var code: ErrorCode { .unknownContext }
    /// `modifier`, and `context` when the modifier exists.
    public var fields: [String: JSONValue] {
        switch self {
        case .unknownModifier(let name, _): ["modifier": .string(name)]
        case .unknownContext(let context, let modifier, _): ["modifier": .string(modifier), "context": .string(context)]
        }
    }
}
