import CatalogModel

/// CSS text as a shadcn registry item's `css` member: each rule's prelude a key, and as its
/// value the declarations (property → value) or, for a rule holding rules (`@keyframes`,
/// `@media`), those rules the same way — what shadcn's CLI writes back into a project's CSS.
///
/// ```swift
/// let css = try RegistryCSS.object("@keyframes a { 0% { opacity: 0; } } .a { animation: a 1s; }", file: "a.css")
/// css[".a"]?["animation"]   // "a 1s"
/// ```
package enum RegistryCSS {
    /// The rules of `css`, comments left out; a prelude written twice merges its members.
    package static func object(_ css: String, file: String) throws(DefinitionError) -> JSONValue {
        .object(try rules(CSSKeyframesImport.stripComments(css), file: file, line: 0))
    }

    private static func rules(_ text: String, file: String, line: Int) throws(DefinitionError) -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        for block in try CSSRuleReader.rules(text, file: file, lineOffset: line) {
            var value = members[block.prelude]?.objectValue ?? [:]
            if holdsRules(block.body) {
                for (key, nested) in try rules(block.body, file: file, line: block.line - 1) { value[key] = nested }
            } else {
                let context = "the declarations of \(block.prelude)"
                for (property, text) in try CSSKeyframesImport.declarations(block.body, file: file, line: block.line, context: context, keepImportant: true) {
                    value[property] = .string(text)
                }
            }
            members[block.prelude] = .object(value)
        }
        return members
    }

    /// Whether a block's body is rules (a `{` outside strings and parentheses) rather than declarations.
    private static func holdsRules(_ body: String) -> Bool {
        var depth = 0
        var quote: Character?
        var escaped = false
        for character in body {
            if escaped { escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if let open = quote { if character == open { quote = nil }; continue }
            switch character {
            case "\"", "'": quote = character
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            case "{" where depth == 0: return true
            default: break
            }
        }
        return false
    }
}
