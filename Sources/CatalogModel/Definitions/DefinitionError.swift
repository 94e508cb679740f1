/// A definition that breaks a rule: names the file, the field path inside it and the rule.
///
/// ```swift
/// DefinitionError(file: "fade.yaml", path: "parameters.duration.default", rule: "must be a number")
///     .description   // fade.yaml: parameters.duration.default: must be a number
/// ```
public struct DefinitionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file the definition came from (`-` for standard input, `<built-in>/…` for embedded).
    public var file: String
    /// Dotted path to the offending field (`animation.values[2]`); empty for the whole document.
    public var path: String
    /// What is wrong, phrased as the rule that was broken.
    public var rule: String
    /// ``ErrorCode/invalidDefinition``, or ``ErrorCode/unknownParameter`` for a value given for
    /// a parameter the component lacks (the web answers that with 404, as for a missing name).
    public var code: ErrorCode

    /// The refusal of `path` in `file` by `rule`; long texts are cut to an excerpt.
    public init(file: String, path: String, rule: String, code: ErrorCode = .invalidDefinition) {
        self.code = code
        self.file = file
        self.path = Self.excerpt(path)
        self.rule = Self.excerpt(rule)
    }

    /// Messages never echo unbounded input (a parser's error may quote the whole document):
    /// text past ``maximumLength`` characters is cut, saying how much was left out.
    package static let maximumLength = 300

    /// `text`, cut to at most ``maximumLength`` characters with a note of what was left out.
    package static func excerpt(_ text: String) -> String {
        Excerpt.quote(text, limit: maximumLength)
    }

    /// `FILE: PATH: rule`, or `FILE: rule` for the whole document.
    public var description: String {
        path.isEmpty ? "\(file): \(rule)" : "\(file): \(path): \(rule)"
    }
}

/// Builds field paths the way error messages print them: `a.b[2].c`.
///
/// ```swift
/// FieldPath("animation").appending("values").appending(index: 2).description   // "animation.values[2]"
/// ```
package struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// The path as messages print it.
    package private(set) var description: String

    /// A path from its printed form; empty for the document itself.
    package init(_ text: String = "") { description = text }

    /// The path to member `key` of this one (`a.b`).
    package func appending(_ key: String) -> FieldPath {
        FieldPath(description.isEmpty ? key : "\(description).\(key)")
    }

    /// The path to item `index` of this one (`a[2]`).
    package func appending(index: Int) -> FieldPath {
        FieldPath("\(description)[\(index)]")
    }
}
