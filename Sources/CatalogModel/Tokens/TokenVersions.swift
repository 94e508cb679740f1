/// The token-set versions an `apply` resolved a component's token references against — the
/// log's `"tokens": {"carbon": "1.0.0"}` beside the animation — so that a replay resolves the
/// same versions whatever the sets became since.
///
/// ```swift
/// TokenVersions.split(["duration": 0.3, "@tokens": ["carbon": "1.0.0"]]).versions   // ["carbon": "1.0.0"]
/// ```
package enum TokenVersions {
    /// Where the versions travel with what they apply to: a member of the animation's parameter
    /// values (never a parameter's name, which cannot start with `@`), so that what compiled
    /// animations are keyed by includes them.
    package static let entryKey = "@tokens"

    /// The versions among `members`, and the members without them.
    package static func split(_ members: [String: JSONValue]) -> (versions: [String: String]?, rest: [String: JSONValue]) {
        var rest = members
        return (rest.removeValue(forKey: entryKey)?.objectValue?.compactMapValues(\.stringValue), rest)
    }

    /// `{set: version}` for the sets `binding` resolves `paths` in; nil when there are none.
    package static func recorded(for paths: [String], in binding: TokenBinding) throws(TokenLookupError) -> JSONValue? {
        var versions: [String: JSONValue] = [:]
        for path in paths {
            let origin = try binding.origin(of: path)
            versions[origin.name] = .string(origin.version)
        }
        return versions.isEmpty ? nil : .object(versions)
    }
}
