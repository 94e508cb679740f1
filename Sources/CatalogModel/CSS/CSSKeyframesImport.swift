import Foundation

/// Imports CSS `@keyframes` text as a Web Animations definition: the third way to write an
/// animation, next to the `animation:` and `keyframes:` bodies.
///
/// A `.css` definition file holds one `@keyframes NAME { … }` rule — selectors `from`, `to` and
/// percentages, several per block (`0%, 100% { … }`), declarations in CSS's kebab-case, a
/// per-keyframe `animation-timing-function` — and optionally a rule for `.NAME` whose
/// `animation-duration`, `-timing-function`, `-delay`, `-iteration-count`, `-direction` and
/// `-fill-mode` become the timing (CSS's defaults otherwise: a duration of 0 s, `ease`).
///
/// As in CSS Animations, `animation-timing-function` eases each interval between keyframes
/// (it is every keyframe's default easing), not the animation as a whole: the effect's own easing
/// stays linear.
///
/// ```swift
/// let document = try CSSKeyframesImport.document(css: """
///     @keyframes pulse { from, to { opacity: 1 } 50% { opacity: 0.4; animation-timing-function: ease-in } }
///     .pulse { animation-duration: 600ms; animation-iteration-count: infinite }
///     """, file: "pulse.css")
/// // {"name": "pulse", "kind": "animation", "version": "1.0.0", "keyframes": [...], "options": {...}}
/// ```
public enum CSSKeyframesImport {
    struct Block {
        var prelude: String
        var body: String
        var line: Int
    }

    public static func document(css text: String, file: String) throws(DefinitionError) -> JSONValue {
        let blocks = try topLevelBlocks(stripComments(text), file: file)
        let keyframeRules = blocks.filter { $0.prelude.lowercased().hasPrefix("@keyframes") }
        guard keyframeRules.count == 1 else {
            throw DefinitionError(file: file, path: "", rule: keyframeRules.isEmpty
                ? "a CSS definition needs an @keyframes rule" : "one @keyframes rule per file (one file is one component); found \(keyframeRules.count)")
        }
        let rule = keyframeRules[0]
        let name = rule.prelude.dropFirst("@keyframes".count).trimmingCharacters(in: .whitespaces)
        guard ComponentDefinition.isValidName(name) else {
            throw DefinitionError(file: file, path: "line \(rule.line): @keyframes", rule: "the name '\(name)' becomes the component's name and must match [a-z0-9][a-z0-9.-]*")
        }
        var keyframes: [(offset: Double, members: [String: JSONValue])] = []
        for block in try topLevelBlocks(rule.body, file: file, lineOffset: rule.line - 1) {
            let declarations = try self.declarations(block.body, file: file, line: block.line, context: block.prelude)
            for selector in block.prelude.split(separator: ",") {
                let offset = try self.offset(selector.trimmingCharacters(in: .whitespaces), file: file, line: block.line)
                var members: [String: JSONValue] = ["offset": .number(offset)]
                for (property, value) in declarations {
                    let field = "line \(block.line): \(selector.trimmingCharacters(in: .whitespaces)).\(property)"
                    if property == "animation-timing-function" {
                        do throws(TimingFunctionError) { _ = try TimingFunction(parsing: value) } catch {
                            throw DefinitionError(file: file, path: field, rule: error.message)
                        }
                        members["easing"] = .string(value)
                        continue
                    }
                    let camel = camelCase(property)
                    guard let animatable = AnimatableProperty.web(camel) else {
                        throw DefinitionError(file: file, path: field, rule: "unknown property \"\(property)\" (animatable: \(AnimatableProperty.webProperties.keys.sorted().map(kebabCase).joined(separator: ", ")))")
                    }
                    do throws(CSSValueError) { _ = try AnimationValue(css: value, for: animatable.kind) } catch {
                        throw DefinitionError(file: file, path: field, rule: error.message)
                    }
                    members[camel] = .string(value)
                }
                // CSS: keyframes at one offset merge, later declarations winning.
                if let existing = keyframes.firstIndex(where: { $0.offset == offset }) {
                    keyframes[existing].members.merge(members) { _, new in new }
                } else {
                    keyframes.append((offset, members))
                }
            }
        }
        keyframes.sort { $0.offset < $1.offset }

        var options: [String: JSONValue] = ["duration": 0]
        var keyframeEasing = "ease"
        if let timing = blocks.first(where: { $0.prelude.trimmingCharacters(in: .whitespaces) == ".\(name)" }) {
            for (property, value) in try declarations(timing.body, file: file, line: timing.line, context: timing.prelude) {
                let field = "line \(timing.line): .\(name).\(property)"
                switch property {
                case "animation-duration": options["duration"] = .number(try milliseconds(value, file: file, path: field))
                case "animation-delay": options["delay"] = .number(try milliseconds(value, file: file, path: field))
                case "animation-timing-function":
                    do throws(TimingFunctionError) { _ = try TimingFunction(parsing: value) } catch {
                        throw DefinitionError(file: file, path: field, rule: error.message)
                    }
                    keyframeEasing = value
                case "animation-iteration-count":
                    if value == "infinite" { options["iterations"] = "Infinity" } else {
                        guard let n = Double(value), n >= 0 else { throw DefinitionError(file: file, path: field, rule: "must be a number, 0 or more, or infinite") }
                        options["iterations"] = .number(n)
                    }
                case "animation-direction": options["direction"] = .string(value)
                case "animation-fill-mode": options["fill"] = .string(value)
                case "animation-name": break
                default:
                    throw DefinitionError(file: file, path: field, rule: "only animation-duration, -delay, -timing-function, -iteration-count, -direction and -fill-mode go in the timing rule")
                }
            }
        }
        for index in keyframes.indices where keyframes[index].members["easing"] == nil {
            keyframes[index].members["easing"] = .string(keyframeEasing)
        }
        return ["name": .string(name), "kind": "animation", "version": "1.0.0",
                "keyframes": .array(keyframes.map { .object($0.members) }), "options": .object(options)]
    }

    private static func stripComments(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "/*") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { return result }
            // Keep the line count for error messages.
            result += String(repeating: "\n", count: rest[start.lowerBound..<end.upperBound].filter { $0 == "\n" }.count)
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    /// `prelude { body }` pairs at the top level of `text`, braces matched.
    static func topLevelBlocks(_ text: String, file: String, lineOffset: Int = 0) throws(DefinitionError) -> [Block] {
        var blocks: [Block] = []
        var depth = 0
        var prelude = "", body = ""
        var line = 1 + lineOffset, blockLine = line
        for character in text {
            if character == "\n" { line += 1 }
            switch character {
            case "{":
                if depth == 0 { blockLine = line } else { body.append(character) }
                depth += 1
            case "}":
                depth -= 1
                guard depth >= 0 else { throw DefinitionError(file: file, path: "line \(line)", rule: "unbalanced \"}\"") }
                if depth == 0 {
                    blocks.append(Block(prelude: prelude.trimmingCharacters(in: .whitespacesAndNewlines), body: body, line: blockLine))
                    prelude = ""
                    body = ""
                } else {
                    body.append(character)
                }
            default:
                if depth == 0 { prelude.append(character) } else { body.append(character) }
            }
        }
        guard depth == 0 else { throw DefinitionError(file: file, path: "line \(blockLine)", rule: "a \"{\" is never closed") }
        guard prelude.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw DefinitionError(file: file, path: "line \(line)", rule: "unexpected text outside a rule: \"\(prelude.trimmingCharacters(in: .whitespacesAndNewlines))\"")
        }
        return blocks
    }

    /// `property: value;` pairs, in order; semicolons inside parentheses do not split.
    static func declarations(_ body: String, file: String, line: Int, context: String) throws(DefinitionError) -> [(String, String)] {
        var result: [(String, String)] = []
        var current = ""
        var depth = 0
        func finish() throws(DefinitionError) {
            let text = current.trimmingCharacters(in: .whitespacesAndNewlines)
            current = ""
            guard !text.isEmpty else { return }
            guard let colon = text.firstIndex(of: ":") else {
                throw DefinitionError(file: file, path: "line \(line): \(context)", rule: "\"\(text)\" is not a declaration (property: value)")
            }
            let property = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            var value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            if value.hasSuffix("!important") { value = String(value.dropLast("!important".count)).trimmingCharacters(in: .whitespaces) }
            result.append((property, value))
        }
        for character in body {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == ";", depth == 0 { try finish() } else { current.append(character) }
        }
        try finish()
        return result
    }

    private static func offset(_ selector: String, file: String, line: Int) throws(DefinitionError) -> Double {
        switch selector.lowercased() {
        case "from": return 0
        case "to": return 1
        default:
            guard selector.hasSuffix("%"), let percent = Double(selector.dropLast()), (0...100).contains(percent) else {
                throw DefinitionError(file: file, path: "line \(line): \(selector)", rule: "a keyframe selector is from, to or a percentage from 0% to 100%")
            }
            return percent / 100
        }
    }

    private static func milliseconds(_ value: String, file: String, path: String) throws(DefinitionError) -> Double {
        if value.hasSuffix("ms"), let n = Double(value.dropLast(2)), n >= 0 { return n }
        if value.hasSuffix("s"), let n = Double(value.dropLast()), n >= 0 { return n * 1000 }
        throw DefinitionError(file: file, path: path, rule: "must be a time such as 300ms or 0.3s, 0 or more")
    }

    static func camelCase(_ property: String) -> String {
        let parts = property.split(separator: "-")
        return parts.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }

    static func kebabCase(_ property: String) -> String {
        property.reduce(into: "") { result, character in
            if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
        }
    }
}
