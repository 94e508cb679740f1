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

    /// A path segment or query value for a link (`href`), percent-encoded and then escaped.
    static func url(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += "%" + hex[Int(byte >> 4)] + hex[Int(byte & 15)] }
        }
        return out
    }

    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let hex = "0123456789ABCDEF".map(String.init)
}
