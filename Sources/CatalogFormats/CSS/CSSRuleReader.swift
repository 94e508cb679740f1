import CatalogModel
import Foundation

/// Reads CSS text into rules as CSS Syntax Level 3 consumes a list of rules: an at-rule ends at
/// its `;` (a statement such as `@charset "UTF-8";`, `@import …;` or `@layer a, b;`) or owns a
/// `{}` block; a qualified rule owns a block; strings, escapes and parentheses never end either.
///
/// Statement at-rules are passed over, as they are for a plain element: none of them says how
/// anything animates. `<!--` and `-->` at the top level are skipped as browsers skip them.
///
/// ```swift
/// let blocks = try CSSRuleReader.rules(#"@charset "UTF-8"; :root { --d: 1s }"#, file: "a.css")
/// blocks.map(\.prelude)   // [":root"]
/// ```
enum CSSRuleReader {
    typealias Block = CSSKeyframesImport.Block

    /// The rules with a block at the top level of `text` (comments already stripped), in order.
    /// - Parameter lineOffset: lines before `text` in its file, for the lines blocks report.
    /// - Parameter statements: also return statement at-rules (``CSSKeyframesImport/Block/isStatement``),
    ///   for readers that need one (`@layer a, b;` orders layers).
    static func rules(_ text: String, file: String, lineOffset: Int = 0, statements: Bool = false) throws(DefinitionError) -> [Block] {
        var scanner = Scanner(Array(text), line: 1 + lineOffset)
        var blocks: [Block] = []
        while true {
            scanner.skipWhitespace()
            guard let first = scanner.peek else { return blocks }
            if scanner.skip("<!--") || scanner.skip("-->") { continue }
            let startLine = scanner.line
            var prelude = ""
            let isAtRule = first == "@"
            var depth = 0
            var ended: Character?
            while let character = scanner.peek {
                if character == "\"" || character == "'" { prelude += scanner.string(); continue }
                if character == "\\" { prelude += scanner.escape(); continue }
                if character == "(" || character == "[" { depth += 1 }
                if character == ")" || character == "]" { depth = max(0, depth - 1) }
                if depth == 0, character == "{" || (isAtRule && character == ";") { ended = character; break }
                if depth == 0, character == "}" {
                    throw DefinitionError(file: file, path: "line \(scanner.line)", rule: "unbalanced \"}\"")
                }
                prelude.append(scanner.next())
            }
            guard let ended else {
                // A statement cut off by the end of the file is dropped, as browsers drop it;
                // anything else left over is not CSS a stylesheet means.
                if isAtRule { return blocks }
                throw DefinitionError(file: file, path: "line \(startLine)", rule: "unexpected text outside a rule: \"\(CSSSyntax.oneLine(prelude))\"")
            }
            _ = scanner.next()
            if ended == ";" {
                if statements { blocks.append(Block(prelude: CSSSyntax.oneLine(prelude), body: "", line: startLine, rawPrelude: prelude, isStatement: true)) }
                continue
            }
            let body = try scanner.block(file: file, openedOnLine: startLine)
            blocks.append(Block(prelude: CSSSyntax.oneLine(prelude), body: body, line: startLine, rawPrelude: prelude))
        }
    }

    /// Walks characters, counting lines.
    struct Scanner {
        let characters: [Character]
        var index = 0
        var line: Int

        init(_ characters: [Character], line: Int) {
            self.characters = characters
            self.line = line
        }

        var peek: Character? { index < characters.count ? characters[index] : nil }

        mutating func next() -> Character {
            let character = characters[index]
            if character.isNewline { line += 1 }
            index += 1
            return character
        }

        mutating func skipWhitespace() {
            while let character = peek, CSSSyntax.isWhitespace(character) { _ = next() }
        }

        /// Skips `literal` when the text continues with it.
        mutating func skip(_ literal: String) -> Bool {
            let literal = Array(literal)
            guard index + literal.count <= characters.count, Array(characters[index..<(index + literal.count)]) == literal else { return false }
            for _ in literal { _ = next() }
            return true
        }

        /// A quoted string as written, quotes included; an unescaped line break ends it (a bad
        /// string, which CSS closes there).
        mutating func string() -> String {
            let quote = next()
            var text = String(quote)
            while let character = peek {
                if character == "\\" { text += escape(); continue }
                if character.isNewline { return text }
                text.append(next())
                if character == quote { return text }
            }
            return text
        }

        /// A backslash and the character it escapes.
        mutating func escape() -> String {
            var text = String(next())
            if peek != nil { text.append(next()) }
            return text
        }

        /// The text of a block whose `{` was just read, up to its matching `}` (consumed).
        mutating func block(file: String, openedOnLine: Int) throws(DefinitionError) -> String {
            var body = ""
            var depth = 1
            while let character = peek {
                if character == "\"" || character == "'" { body += string(); continue }
                if character == "\\" { body += escape(); continue }
                if character == "{" { depth += 1 }
                if character == "}" {
                    depth -= 1
                    if depth == 0 { _ = next(); return body }
                }
                body.append(next())
            }
            throw DefinitionError(file: file, path: "line \(openedOnLine)", rule: "a \"{\" is never closed")
        }
    }
}
