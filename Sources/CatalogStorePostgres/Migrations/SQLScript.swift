import Foundation

/// Splits a SQL file into its statements, for a server that takes one statement per message
/// (the extended protocol postgres-nio speaks). A `;` ends a statement only outside quotes
/// ('…', "…"), dollar quotes ($$…$$, $tag$…$tag$) and comments (-- …, /* … */).
///
/// ```swift
/// SQLScript.statements("CREATE TABLE a (x int); -- done\nINSERT INTO a VALUES (1);")
/// // ["CREATE TABLE a (x int)", "-- done\nINSERT INTO a VALUES (1)"]
/// ```
enum SQLScript {
    static func statements(_ text: String) -> [String] {
        let characters = Array(text.unicodeScalars)
        var statements: [String] = []
        var start = 0, index = 0
        func flush(upTo end: Int) {
            let statement = String(String.UnicodeScalarView(characters[start..<end])).trimmingCharacters(in: .whitespacesAndNewlines)
            if !isOnlyComments(statement) { statements.append(statement) }
        }
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "'", "\"":
                index += 1
                while index < characters.count {
                    if characters[index] == character {
                        // A doubled quote is an escaped one.
                        if index + 1 < characters.count, characters[index + 1] == character { index += 2; continue }
                        break
                    }
                    index += 1
                }
            case "-" where next == "-":
                while index < characters.count, characters[index] != "\n" { index += 1 }
            case "/" where next == "*":
                index += 2
                while index + 1 < characters.count, !(characters[index] == "*" && characters[index + 1] == "/") { index += 1 }
                index += 1
            case "$":
                // $tag$ … $tag$, the tag empty or an identifier.
                var end = index + 1
                while end < characters.count,
                    characters[end] == "_" || characters[end].properties.isAlphabetic || (end > index + 1 && ("0"..."9").contains(characters[end]))
                { end += 1 }
                if end < characters.count, characters[end] == "$" {
                    let tag = Array(characters[index...end])
                    var search = end + 1
                    while search + tag.count <= characters.count, Array(characters[search..<(search + tag.count)]) != tag { search += 1 }
                    index = search + tag.count - 1
                }
            case ";":
                flush(upTo: index)
                start = index + 1
            default:
                break
            }
            index += 1
        }
        if start < characters.count { flush(upTo: characters.count) }
        return statements
    }

    /// True for text with nothing but whitespace and `--` comments.
    private static func isOnlyComments(_ statement: String) -> Bool {
        statement.split(separator: "\n").allSatisfy { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed.hasPrefix("--")
        }
    }
}
