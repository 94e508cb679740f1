import Foundation

/// Turns what a user typed into a safe FTS5 query.
///
/// FTS5 has its own syntax (`"`, `*`, `-`, `OR`, `NEAR(`, `^`, parentheses, column filters).
/// A user's text must never be read as that syntax, so we keep only the words: runs of letters
/// and digits (any script), each quoted and given a prefix `*`, all required. `"bounce-sel"`
/// becomes `"bounce"* "sel"*`, which finds `bounce-select`; `OR` becomes the word `"or"*`.
///
/// Why not GRDB's `FTS5Pattern(matchingAllPrefixesIn:)`: it splits the text with FTS5's `ascii`
/// tokenizer, in a new in-memory database per call, so every non-ASCII character — an em dash,
/// a non-breaking space, CJK punctuation — stays inside a word, while the `component_fts` table
/// splits with `unicode61`: `fade—in` would search for one word the index never holds.
///
/// ```swift
/// SearchQuery("fade OR (in").ftsExpression   // "fade"* "or"* "in"*
/// SearchQuery("*** --").ftsExpression        // nil: nothing to look for
/// ```
package struct SearchQuery: Sendable, Hashable {
    package var words: [String]

    package init(_ text: String) {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if Self.isWordScalar(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        self.words = Array(words.prefix(32))  // a bound on query cost
    }

    /// Letters, digits and combining marks (so "é" written as e + U+0301 stays one word).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return properties.isAlphabetic || properties.numericType != nil
        }
    }

    /// How a hit ranks: every word found in the name counts 4, in the tags 2, in the summary 1
    /// (each only when all words are found in that field); equal ranks go by name.
    package static let rankingWeights = (name: 4, tags: 2, summary: 1)

    /// The FTS5 expression matching only when every word is found in `column`.
    package func ftsExpression(column: String) -> String {
        words.map { "\(column) : \"\($0)\"*" }.joined(separator: " ")
    }

    /// The FTS5 MATCH expression, or nil when the text holds no word.
    package var ftsExpression: String? {
        guard !words.isEmpty else { return nil }
        // Words contain only letters and digits, so quoting cannot be broken out of.
        return words.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}

extension SearchQuery {
    /// `text` as the search index holds it: lower case, diacritics removed ("Übergang" →
    /// "ubergang"), as SQLite's `unicode61 remove_diacritics` tokenizer folds it.
    package static func folded(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
    }
}
