import CatalogModel
import Foundation

/// Font-relative lengths (`em`, `rem`) worked out as a browser works them out for the animated
/// element: its computed `font-size` from the cascade (the root's for `rem`), inherited down from
/// `html` at the browser's default of 16 px.
///
/// ```swift
/// CSSFontSize.absolute("translateY(-0.5em)", em: 16, rem: 20)   // "translateY(-8px)"
/// ```
enum CSSFontSize {
    /// The browser's default font size, and the `font-size` keywords' sizes (CSS Fonts 4).
    static let medium = 16.0
    static let keywords: [String: Double] = [
        "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18,
        "x-large": 24, "xx-large": 32, "xxx-large": 48
    ]

    /// `element`'s computed font size in px (nil where a declaration cannot be read, which
    /// leaves the value's own check to refuse the length).
    static func size(
        of element: CSSElement, ancestors given: [CSSElement]? = nil, in cascade: StylesheetCascade,
        environment: CSSEnvironment
    ) -> Double? {
        let ancestors = given ?? element.ancestors
        let parent = ancestors.first.map { Self.size(of: $0, ancestors: Array(ancestors.dropFirst()), in: cascade, environment: environment) } ?? medium
        guard let parent else { return nil }
        let root = ancestors.isEmpty ? parent : Self.size(of: .html, ancestors: [], in: cascade, environment: environment) ?? medium
        guard let declarations = try? cascade.declarations(for: element, ancestors: ancestors, in: environment),
            let custom = try? cascade.customProperties(for: element, ancestors: ancestors, in: environment)
        else { return nil }
        var computed = parent
        for declaration in declarations where declaration.property == "font-size" || declaration.property == "font" {
            let value = StylesheetLibrary.resolved(declaration.value, custom).lowercased()
            // `font`'s size is the word before an optional `/line-height` and the family.
            let text =
                declaration.property == "font"
                ? (value.split(separator: " ").first { $0.first?.isNumber == true || $0.first == "." }.map { String($0.split(separator: "/")[0]) } ?? "")
                : value
            if let keyword = keywords[text] { computed = keyword; continue }
            if text == "smaller" { computed = parent / 1.2; continue }
            if text == "larger" { computed = parent * 1.2; continue }
            if text == "inherit" || text == "unset" { computed = parent; continue }
            if text == "initial" { computed = medium; continue }
            guard let (number, unit) = CSSSyntax.dimension(Substring(text)) else { continue }
            switch unit {
            case "px": computed = number
            case "em": computed = number * parent
            case "rem": computed = number * root
            case "%": computed = number / 100 * parent
            case "pt": computed = number * 4 / 3
            default: continue
            }
        }
        return computed
    }

    /// `value` with every `em` and `rem` length written in px.
    static func absolute(_ value: String, em: Double, rem: Double) -> String {
        guard value.contains("em") else { return value }
        let text = value as NSString
        var result = ""
        var last = 0
        for match in lengths.matches(in: value, range: NSRange(location: 0, length: text.length)) {
            guard let number = Double(text.substring(with: match.range(at: 1))) else { continue }
            let base = text.substring(with: match.range(at: 2)).lowercased() == "rem" ? rem : em
            result += text.substring(with: NSRange(location: last, length: match.range.location - last))
            result += JSONValue.numberText(number * base) + "px"
            last = match.range.location + match.range.length
        }
        return result + text.substring(from: last)
    }

    /// A number not inside a name, then `em` or `rem` not followed by a letter.
    nonisolated(unsafe) private static let lengths = try! NSRegularExpression(
        pattern: #"(?<![\w.-])([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(r?em)(?![A-Za-z])"#, options: [.caseInsensitive])
}
