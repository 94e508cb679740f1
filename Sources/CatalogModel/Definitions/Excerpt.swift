/// Messages never echo unbounded input: an id, a key, a name or a value given on the command line
/// (or read from a file) is quoted whole only while it is short, else as its beginning and how
/// much was left out — so a 100 KB id gets one line of error, not 100 KB of it.
///
/// ```swift
/// Excerpt.quote(String(repeating: "a", count: 100_000))   // "aaaa…aaaa… (99920 more characters)"
/// Excerpt.message(text)   // every run of text without a space, and every line, bounded
/// ```
package enum Excerpt {
    /// The most characters of one quoted input (an id, a key, a name, a value).
    package static let quoteLength = 80
    /// The most characters of a run without spaces in a message worded elsewhere (a long file
    /// path still reads whole).
    package static let wordLength = 300
    /// The most characters of one line of a message.
    package static let lineLength = 2_000

    /// `text` whole when it holds at most `limit` characters, else its first `limit` and a count
    /// of the rest.
    package static func quote(_ text: String, limit: Int = quoteLength) -> String {
        // utf8.count is O(1) on native strings; count only when it could be over.
        guard text.utf8.count > limit else { return text }
        let characters = text.count
        guard characters > limit else { return text }
        return String(text.prefix(limit)) + "… (\(characters - limit) more characters)"
    }

    /// A whole message with every line bounded: a run without spaces longer than ``wordLength``
    /// (an input quoted by a message this program did not word, such as a parser's) is quoted
    /// as an excerpt, and a line still over ``lineLength`` is cut.
    package static func message(_ text: String) -> String {
        guard text.utf8.count > wordLength else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.utf8.count > wordLength else { return String(line) }
            var result = ""
            var word = ""
            func flush() {
                result += quote(word, limit: wordLength)
                word = ""
            }
            for character in line {
                if character == " " {
                    flush()
                    result.append(character)
                } else {
                    word.append(character)
                }
            }
            flush()
            return quote(result, limit: lineLength)
        }.joined(separator: "\n")
    }
}
