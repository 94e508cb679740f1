/// Every token of the bound sets changed to another value of its type: what shows which of an
/// export's values come from tokens (those that change with it), such as the Lottie properties a
/// dotLottie theme may replace.
///
/// ```swift
/// let probe = try binding.perturbed()   // motion.duration.short 100 ms → 200 ms, a colour's channels moved, …
/// ```
extension TokenBinding {
    /// The same sets and versions, each token's value replaced by a different one of its type.
    package func perturbed() throws(DefinitionError) -> TokenBinding {
        var changed: [(name: String, version: String, set: TokenSet)] = []
        for (name, entry) in sets.sorted(by: { $0.key < $1.key }) {
            var document: JSONValue = .object([:])
            for token in entry.set.tokens {
                let value = Self.perturbed(try entry.set.resolved(token.path, file: name), type: token.type)
                document = Self.setting(
                    ["$type": .string(token.type.rawValue), "$value": value], at: token.path.split(separator: ".").map(String.init), in: document)
            }
            changed.append((name, entry.version, try TokenSet(json: document, file: name)))
        }
        // Its key says so, so that what is compiled under it is kept apart.
        var binding = TokenBinding(sets: changed)
        binding.markPerturbed(contexts: contexts)
        return binding
    }

    /// A value of `type` other than `value` (a fixed point is one value in a continuum: unlikely).
    static func perturbed(_ value: JSONValue, type: TokenType) -> JSONValue {
        func number(_ n: Double) -> Double { n * 0.5 + 0.23 }
        switch type {
        case .duration:
            guard let v = value["value"]?.numberValue, let unit = value["unit"]?.stringValue else { return value }
            let ms = unit == "s" ? v * 1000 : v
            return ["value": .number(ms * 1.5 + 50), "unit": "ms"]
        case .cubicBezier:
            guard let items = value.arrayValue?.compactMap(\.numberValue), items.count == 4 else { return value }
            return .array([items[0] * 0.5 + 0.25, items[1] * 0.5 + 0.3, items[2] * 0.5 + 0.2, items[3] * 0.5 + 0.1].map(JSONValue.number))
        case .transition:
            guard case .object(var members) = value else { return value }
            for key in ["duration", "delay"] { members[key] = members[key].map { perturbed($0, type: .duration) } }
            members["timingFunction"] = members["timingFunction"].map { perturbed($0, type: .cubicBezier) }
            return .object(members)
        case .number:
            return value.numberValue.map { .number(number($0)) } ?? value
        case .dimension:
            guard let v = value["value"]?.numberValue else { return value }
            return ["value": .number(v * 1.5 + 3), "unit": value["unit"] ?? "px"]
        case .color:
            guard let text = try? TokenValueShape.cssColor(value, file: "", path: ""), let color = try? RGBAColor(css: text) else { return value }
            func moved(_ c: Double) -> JSONValue { .number(c < 0.5 ? c + 0.37 : c - 0.37) }
            return [
                "colorSpace": "srgb", "components": [moved(color.red), moved(color.green), moved(color.blue)],
                "alpha": .number(color.alpha < 0.5 ? color.alpha + 0.3 : color.alpha - 0.3)
            ]
        default:
            return value
        }
    }

    /// `document` with `value` at the dotted `path` (groups made as needed).
    private static func setting(_ value: JSONValue, at path: [String], in document: JSONValue) -> JSONValue {
        guard let first = path.first else { return value }
        var members = document.objectValue ?? [:]
        members[first] = setting(value, at: Array(path.dropFirst()), in: members[first] ?? .object([:]))
        return .object(members)
    }
}
