/// One design token of a DTCG (Design Tokens Format Module 2025.10) file: its dotted path, its
/// type (its own `$type`, a group's, or its alias target's) and its `$value` as written — a
/// value, an alias `"{group.token}"` or a `{"$ref": "#/…"}` pointer, possibly inside a
/// composite — with `$description`, `$deprecated` and `$extensions` kept.
///
/// ```swift
/// let set = try TokenSet(json: try JSONReader.read(#"{"motion": {"$type": "duration", "fast": {"$value": {"value": 120, "unit": "ms"}}}}"#),
///                        file: "motion.tokens.json")
/// set.tokens[0].path   // "motion.fast"
/// set.tokens[0].type   // .duration
/// ```
package struct DesignToken: Sendable, Hashable {
    /// Group names and the token's name, joined with `.` (`motion.duration.moderate-01`).
    package var path: String
    /// What kind of value it is.
    package var type: TokenType
    /// The `$value` as written.
    package var value: JSONValue
    /// `$description`, if any.
    package var description: String?
    /// `$deprecated`: `true`, or a string saying why (nil: not deprecated).
    package var deprecated: JSONValue?
    /// `$extensions`, kept as written.
    package var extensions: JSONValue?

    /// A token at `path` of `type` whose `$value` is `value`.
    package init(path: String, type: TokenType, value: JSONValue, description: String? = nil, deprecated: JSONValue? = nil, extensions: JSONValue? = nil) {
        self.path = path
        self.type = type
        self.value = value
        self.description = description
        self.deprecated = deprecated
        self.extensions = extensions
    }
}

/// The token types of the DTCG format (2025.10). The motion types — `duration`, `cubicBezier`,
/// `transition` — and `number` have their `$value` shapes checked; the others are kept as written.
///
/// ```swift
/// TokenType(rawValue: "cubicBezier")   // .cubicBezier
/// ```
package enum TokenType: String, Sendable, Hashable, CaseIterable {
    /// A colour.
    case color
    /// A length: `{"value": 16, "unit": "px"}`.
    case dimension
    /// A font family name, or a list of them.
    case fontFamily
    /// A font weight.
    case fontWeight
    /// A length of time: `{"value": 240, "unit": "ms"}`.
    case duration
    /// An easing: `[x1, y1, x2, y2]`, x in [0, 1].
    case cubicBezier
    /// A number without unit.
    case number
    /// A stroke style.
    case strokeStyle
    /// A border.
    case border
    /// A transition: `{"duration", "delay", "timingFunction"}`.
    case transition
    /// A shadow.
    case shadow
    /// A gradient.
    case gradient
    /// A typography style.
    case typography

    /// Whether the catalog reads its values (a definition may reference it).
    package var isMotion: Bool { self == .duration || self == .cubicBezier || self == .transition }
}
