import CatalogModel
import Foundation

/// Where a stylesheet is read: a default desktop browser window on a screen, with or without
/// `prefers-reduced-motion: reduce` — the conditions `@media` and `@supports` are evaluated in.
struct CSSEnvironment: Hashable, Sendable {
    var width = 1280.0, height = 720.0
    var reducedMotion = false

    static let normal = CSSEnvironment()
    static let reduced = CSSEnvironment(reducedMotion: true)
}

/// Media queries (Media Queries Level 4: types, `not`/`only`, `and`/`or`/`not` conditions, plain,
/// `min-`/`max-` and range features) evaluated in a ``CSSEnvironment``. An unknown feature is
/// false, as in browsers.
///
/// ```swift
/// CSSMediaQuery.matches("print, (prefers-reduced-motion: reduce)", in: .reduced)   // true
/// CSSMediaQuery.matches("screen and (max-width: 600px)", in: .normal)              // false
/// ```
enum CSSMediaQuery {
    static func matches(_ list: String, in environment: CSSEnvironment) -> Bool {
        let queries = CSSKeyframesImport.splitTopLevel(list.lowercased(), on: ",")
        if queries.isEmpty { return true }  // `@media {` applies everywhere
        return queries.contains { query($0, environment) }
    }

    private static func query(_ text: String, _ environment: CSSEnvironment) -> Bool {
        var words = CSSKeyframesImport.splitTopLevel(text, on: " ")[...]
        guard let first = words.first else { return false }
        if first.hasPrefix("(") || (first == "not" && words.dropFirst().first?.hasPrefix("(") == true) {
            return CSSCondition.evaluate(words.joined(separator: " ")) { feature($0, environment) } ?? false
        }
        var negated = false
        if first == "not" { negated = true; words = words.dropFirst() } else if first == "only" { words = words.dropFirst() }
        guard let type = words.first else { return false }
        var result = ["all", "screen"].contains(type)
        words = words.dropFirst()
        if !words.isEmpty {
            guard words.first == "and" else { return false }
            result = result && (CSSCondition.evaluate(words.dropFirst().joined(separator: " ")) { feature($0, environment) } ?? false)
        }
        return negated ? !result : result
    }

    /// One `(feature)`, `(feature: value)` or range, without its parentheses.
    static func feature(_ text: String, _ environment: CSSEnvironment) -> Bool? {
        let text = CSSSyntax.oneLine(text)
        if let colon = text.firstIndex(of: ":") {
            var name = text[..<colon].trimmingCharacters(in: .whitespaces)
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            var comparison: (Double, Double) -> Bool = { $0 == $1 }
            if name.hasPrefix("min-") { name.removeFirst(4); comparison = { $0 >= $1 } }
            if name.hasPrefix("max-") { name.removeFirst(4); comparison = { $0 <= $1 } }
            return compare(name, value, comparison, environment)
        }
        for op in ["<=", ">=", "<", ">", "="] where text.contains(op) {
            let sides = text.components(separatedBy: op).map { $0.trimmingCharacters(in: .whitespaces) }
            // `400px <= width <= 700px`
            if sides.count == 3 {
                guard let low = feature("\(sides[0]) \(op) \(sides[1])", environment), let high = feature("\(sides[1]) \(op) \(sides[2])", environment) else {
                    return nil
                }
                return low && high
            }
            guard sides.count == 2 else { return nil }
            let ordered: (Double, Double) -> Bool =
                switch op {
                case "<=": { $0 <= $1 }
                case ">=": { $0 >= $1 }
                case "<": { $0 < $1 }
                case ">": { $0 > $1 }
                default: { $0 == $1 }
                }
            // `width >= 600px` or `600px <= width`
            if let own = value(of: sides[0], environment), let other = length(sides[1]) { return ordered(own, other) }
            if let own = value(of: sides[1], environment), let other = length(sides[0]) { return ordered(other, own) }
            return nil
        }
        // A bare feature: true when its value is not zero or none.
        switch text.trimmingCharacters(in: .whitespaces) {
        case "prefers-reduced-motion": return environment.reducedMotion
        case "color", "hover", "any-hover", "pointer", "any-pointer", "width", "height", "orientation", "resolution": return true
        case "grid", "monochrome", "inverted-colors", "forced-colors", "prefers-contrast", "prefers-reduced-transparency": return false
        default: return nil
        }
    }

    /// A feature's own value when `name` is one with a numeric value (for range syntax).
    private static func value(of name: String, _ environment: CSSEnvironment) -> Double? {
        switch name {
        case "width", "device-width": environment.width
        case "height", "device-height": environment.height
        case "aspect-ratio", "device-aspect-ratio": environment.width / environment.height
        case "resolution": 1
        default: nil
        }
    }

    private static func compare(_ name: String, _ value: String, _ comparison: (Double, Double) -> Bool, _ environment: CSSEnvironment) -> Bool? {
        switch name {
        case "prefers-reduced-motion": return value == (environment.reducedMotion ? "reduce" : "no-preference")
        case "prefers-color-scheme": return value == "light"
        case "prefers-contrast", "prefers-reduced-transparency", "prefers-reduced-data": return value == "no-preference"
        case "forced-colors", "inverted-colors": return value == "none"
        case "hover", "any-hover": return value == "hover"
        case "pointer", "any-pointer": return value == "fine"
        case "orientation": return value == (environment.width >= environment.height ? "landscape" : "portrait")
        case "display-mode": return value == "browser"
        case "scripting": return value == "enabled"
        case "update": return value == "fast"
        case "dynamic-range", "video-dynamic-range": return value == "standard"
        case "color-gamut": return value == "srgb"
        case "color": return Double(value).map { comparison(8, $0) }
        case "monochrome", "grid": return Double(value).map { comparison(0, $0) }
        case "aspect-ratio", "device-aspect-ratio":
            let parts = value.split(separator: "/").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard let first = parts.first else { return nil }
            return comparison(environment.width / environment.height, parts.count == 2 ? first / parts[1] : first)
        case "resolution":
            guard let (number, unit) = CSSSyntax.dimension(Substring(value)) else { return nil }
            let dppx: Double? =
                switch unit {
                case "dppx", "x": number;
                case "dpi": number / 96;
                case "dpcm": number * 2.54 / 96;
                default: nil
                }
            return dppx.map { comparison(1, $0) }
        case "-webkit-device-pixel-ratio", "device-pixel-ratio", "-moz-device-pixel-ratio", "-o-device-pixel-ratio", "-webkit-min-device-pixel-ratio",
            "-webkit-max-device-pixel-ratio":
            let number = value.split(separator: "/").compactMap { Double($0) }
            guard let first = number.first else { return nil }
            let ratio = number.count == 2 ? first / number[1] : first
            if name.contains("min-") { return 1 >= ratio }
            if name.contains("max-") { return 1 <= ratio }
            return comparison(1, ratio)
        default:
            guard let own = Self.value(of: name, environment), let other = length(value) else { return nil }
            return comparison(own, other)
        }
    }

    /// A length in CSS pixels (`em` and `rem` of a 16 px font).
    private static func length(_ text: String) -> Double? {
        guard let (number, unit) = CSSSyntax.dimension(Substring(text)) else { return nil }
        switch unit {
        case "px": return number
        case "em", "rem": return number * 16
        case "": return number == 0 ? 0 : nil
        case "pt": return number * 4 / 3
        case "in": return number * 96
        case "cm": return number * 96 / 2.54
        case "mm": return number * 96 / 25.4
        default: return nil
        }
    }
}

/// `@supports` conditions: a declaration is supported when a browser knows its property (the
/// value is taken as valid), `selector()` when the matcher reads it; `not`, `and`, `or`.
enum CSSSupports {
    static func matches(_ condition: String) -> Bool {
        CSSCondition.evaluate(condition) { inner in
            guard let colon = inner.firstIndex(of: ":") else { return nil }
            let property = inner[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            return property.hasPrefix("--") || CSSPropertyNames.isKnown(property)
        } ?? false
    }
}

/// The boolean grammar media queries and `@supports` share: `not X`, `X and Y …`, `X or Y …`,
/// parenthesised groups, and leaves that a closure evaluates (nil: unknown, which is false).
enum CSSCondition {
    /// Conditions nested deeper than this are unknown (false): no stylesheet nests so, and the
    /// reading stays within the stack whatever a file holds.
    static let maximumDepth = 32

    static func evaluate(_ text: String, depth: Int = 0, leaf: (String) -> Bool?) -> Bool? {
        guard depth < maximumDepth else { return nil }
        let words = CSSKeyframesImport.splitTopLevel(CSSSyntax.oneLine(text), on: " ")
        guard !words.isEmpty else { return nil }
        if words[0].lowercased() == "not" { return evaluate(words.dropFirst().joined(separator: " "), depth: depth + 1, leaf: leaf).map { !$0 } ?? false }
        var result: Bool?
        var joiner: String?
        for word in words {
            let lower = word.lowercased()
            if lower == "and" || lower == "or" { joiner = lower; continue }
            let value: Bool
            if word.hasPrefix("("), word.hasSuffix(")") {
                let inner = String(word.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                if inner.hasPrefix("(") || inner.lowercased().hasPrefix("not ") || inner.lowercased().hasPrefix("not(") {
                    value = evaluate(inner, depth: depth + 1, leaf: leaf) ?? false
                } else {
                    value = leaf(inner) ?? false
                }
            } else if lower.hasPrefix("selector(") {
                value = true
            } else {
                return nil  // a general enclosed thing browsers read as unknown
            }
            switch (result, joiner) {
            case (nil, _): result = value
            case (let current?, "and"): result = current && value
            case (let current?, "or"): result = current || value
            default: return nil
            }
        }
        return result
    }
}
