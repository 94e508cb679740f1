import Foundation

/// Text put into a page as text: `&`, `<`, `>`, `"` and `'` escaped, so that nothing from the
/// store becomes markup, an attribute's end or a script.
///
/// ```swift
/// HTML.escape("<b>\"hi\"</b>")   // "&lt;b&gt;&quot;hi&quot;&lt;/b&gt;"
/// ```
enum HTML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A path segment or query value for a link (`href`): everything but RFC 3986's unreserved
    /// characters percent-encoded, so the result needs no HTML escaping.
    static func url(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
