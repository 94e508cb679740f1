/// The two ways a DTCG value refers to a token — an alias, the whole string `"{group.token}"`,
/// and a JSON pointer, `{"$ref": "#/group/token/$value"}` — and, in a component definition, a
/// token reference written where a duration, a delay or a timing function goes
/// (`duration: "{motion.duration.moderate-01}"`).
///
/// ```swift
/// TokenReference.alias("{motion.fast}")                  // "motion.fast"
/// TokenReference.pointer(["$ref": "#/motion/fast/$value"])   // "#/motion/fast/$value"
/// ```
package enum TokenReference {
    /// The path an alias names, if `value` is one.
    package static func alias(_ value: JSONValue) -> String? {
        guard case .string(let text) = value else { return nil }
        return alias(text)
    }

    /// The path `"{a.b}"` names: braces around a non-empty path with no braces inside.
    package static func alias(_ text: String) -> String? {
        guard text.count > 2, text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}"), !inner.isEmpty,
            !inner.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
        else { return nil }
        return String(inner)
    }

    /// The pointer of a `{"$ref": "#/…"}` object, if `value` is one.
    package static func pointer(_ value: JSONValue) -> String? {
        guard case .object(let members) = value, members.count == 1, let pointer = members["$ref"]?.stringValue, pointer.hasPrefix("#/") else { return nil }
        return pointer
    }
}
