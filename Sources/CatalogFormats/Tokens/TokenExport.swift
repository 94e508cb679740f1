import CatalogModel

/// Token sets written out: as one DTCG document (every token with its own `$type`, `$value` as
/// written — aliases kept — and its `$description`, `$deprecated` and `$extensions`), and as CSS
/// custom properties (`--motion-duration-moderate-01: 150ms;`), which a component's CSS export
/// uses with the token's value as fallback.
///
/// ```swift
/// TokenExport.customProperty("motion.duration.moderate-01")   // "--motion-duration-moderate-01"
/// try TokenExport.cssValue(["value": 150, "unit": "ms"], type: .duration)   // "150ms"
/// ```
package enum TokenExport {
    /// One DTCG document holding every token of `sets`; a path two sets define is an error.
    package static func dtcg(_ sets: [(name: String, set: TokenSet)]) throws(DefinitionError) -> JSONValue {
        var root: [String: JSONValue] = [:]
        var owner: [String: String] = [:]
        for (name, set) in sets {
            for token in set.tokens {
                if let other = owner[token.path] {
                    throw DefinitionError(file: name, path: token.path, rule: "is also a token of \(other): one document cannot hold both")
                }
                owner[token.path] = name
                var members: [String: JSONValue] = ["$type": .string(token.type.rawValue), "$value": token.value]
                if let description = token.description { members["$description"] = .string(description) }
                if let deprecated = token.deprecated { members["$deprecated"] = deprecated }
                if let extensions = token.extensions { members["$extensions"] = extensions }
                insert(.object(members), at: token.path.split(separator: ".").map(String.init)[...], into: &root)
            }
        }
        return .object(root)
    }

    private static func insert(_ token: JSONValue, at path: ArraySlice<String>, into group: inout [String: JSONValue]) {
        guard let first = path.first else { return }
        if path.count == 1 { group[first] = token; return }
        var child = group[first]?.objectValue ?? [:]
        insert(token, at: path.dropFirst(), into: &child)
        group[first] = .object(child)
    }

    /// `motion.duration.moderate-01` → `--motion-duration-moderate-01` (a group's `$root` token
    /// is the group's own name).
    package static func customProperty(_ path: String) -> String {
        "--" + path.split(separator: ".").filter { $0 != "$root" }.joined(separator: "-")
    }

    /// A resolved value as CSS: a duration `150ms`, a curve `cubic-bezier(…)`, a transition
    /// `150ms cubic-bezier(…) 20ms` (what `transition` takes after a property), a number as is;
    /// nil for types CSS has no single value for here.
    package static func cssValue(_ value: JSONValue, type: TokenType) -> String? {
        switch type {
        case .duration:
            guard let number = value["value"]?.numberValue, let unit = value["unit"]?.stringValue else { return nil }
            return JSONValue.numberText(number) + unit
        case .cubicBezier:
            guard let numbers = value.arrayValue?.compactMap(\.numberValue), numbers.count == 4 else { return nil }
            return "cubic-bezier(" + numbers.map(JSONValue.numberText).joined(separator: ", ") + ")"
        case .transition:
            guard let duration = value["duration"].flatMap({ cssValue($0, type: .duration) }),
                let delay = value["delay"].flatMap({ cssValue($0, type: .duration) }),
                let easing = value["timingFunction"].flatMap({ cssValue($0, type: .cubicBezier) })
            else { return nil }
            return "\(duration) \(easing) \(delay)"
        case .number:
            return value.numberValue.map(JSONValue.numberText)
        case .dimension:
            guard let number = value["value"]?.numberValue, let unit = value["unit"]?.stringValue else { return nil }
            return JSONValue.numberText(number) + unit
        default:
            return nil
        }
    }

    /// `:root { … }` with a custom property per token CSS has a value for, in path order.
    package static func css(_ sets: [(name: String, set: TokenSet)]) throws(DefinitionError) -> String {
        var lines: [String] = []
        for (name, set) in sets {
            for token in set.tokens {
                guard let value = cssValue(try set.resolved(token.path, file: name), type: token.type) else { continue }
                lines.append("  \(customProperty(token.path)): \(value);")
            }
        }
        return ":root {\n" + lines.sorted().joined(separator: "\n") + "\n}\n"
    }
}
