import Foundation

/// Why a CSS value was refused; callers add the file and field path.
///
/// ```swift
/// do { _ = try ReferenceBox(parsing: "200 by 40") }
/// catch { print(error.message) }   // what does not parse
/// ```
public struct CSSValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the value.
    public var message: String
    /// A refusal saying `message`.
    package init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// The small part of CSS syntax the value parsers share: function calls and dimensions.
package enum CSSSyntax {
    /// One `name(arguments)` call; `arguments` is the raw text between the parentheses.
    struct FunctionCall {
        var name: String
        var arguments: Substring
    }

    /// Splits `a(…) b(…)` into its calls. Nil when the text is not a whitespace-separated list of
    /// calls (unbalanced parentheses, text between calls).
    /// `text` trimmed, each run of CSS whitespace (spaces, tabs, line breaks, form feeds) inside it
    /// one space: how a selector, a prelude or a value is compared, stored and quoted in messages,
    /// so that a stylesheet formatted another way imports the same and an error is one line.
    package static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: isWhitespace).joined(separator: " ")
    }

    /// CSS's whitespace: space, tab, line feed, carriage return, form feed (Swift reads `\r\n` as
    /// one character). A no-break space is not whitespace in CSS.
    package static func isWhitespace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\r\n" || character == "\u{0C}"
    }

    static func functionCalls(in text: String) -> [FunctionCall]? {
        var calls: [FunctionCall] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop(while: \.isWhitespace)
            if rest.isEmpty { return calls }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = rest[..<open]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
            let arguments = rest[rest.index(after: open)..<close]
            guard !arguments.contains("(") else { return nil }
            calls.append(FunctionCall(name: name.lowercased(), arguments: arguments))
            rest = rest[rest.index(after: close)...]
        }
    }

    /// The `)` that closes the first `(` at or after `start`; nil when it is never closed.
    package static func closingParenthesis(in text: Substring, from start: Substring.Index) -> Substring.Index? {
        var depth = 0
        for index in text[start...].indices {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// A number with an optional unit (`12.5px`, `45deg`, `50%`, `-3`, `1e3px`), unit lower-cased.
    package static func dimension(_ token: Substring) -> (value: Double, unit: String)? {
        let text = Array(token.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        var index = 0
        func digits() { while index < text.count, (48...57).contains(text[index]) { index += 1 } }
        if index < text.count, text[index] == 43 || text[index] == 45 { index += 1 }  // + -
        digits()
        if index < text.count, text[index] == 46 { index += 1; digits() }  // .
        // An exponent only when digits follow, so that `1em` stays a number and a unit.
        if index + 1 < text.count, text[index] == 101 || text[index] == 69 {
            var next = index + 1
            if text[next] == 43 || text[next] == 45 { next += 1 }
            if next < text.count, (48...57).contains(text[next]) { index = next; digits() }
        }
        guard let value = Double(String(decoding: text[..<index], as: UTF8.self)), value.isFinite else { return nil }
        let unit = String(decoding: text[index...], as: UTF8.self).lowercased()
        guard unit.allSatisfy({ $0.isLetter || $0 == "%" }) else { return nil }
        return (value, unit)
    }

    /// Splits the arguments of a function on commas, or — modern syntax — on whitespace with an
    /// optional `/` before the last one. Returns the components and whether commas were used.
    static func components(_ arguments: Substring) -> (items: [Substring], slashAt: Int?, commas: Bool) {
        if arguments.contains(",") {
            return (arguments.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingPrefix(while: \.isWhitespace) }, nil, true)
        }
        var items: [Substring] = []
        var slashAt: Int?
        for piece in arguments.split(whereSeparator: \.isWhitespace) {
            var piece = piece
            while let slash = piece.firstIndex(of: "/") {
                if slash > piece.startIndex { items.append(piece[..<slash]) }
                slashAt = items.count
                piece = piece[piece.index(after: slash)...]
            }
            if !piece.isEmpty { items.append(piece) }
        }
        return (items, slashAt, false)
    }
}
