import CatalogModel
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
package enum CSSKeyframesImport {
    struct Block {
        /// The prelude on one line (``CSSSyntax/oneLine(_:)``).
        var prelude: String
        var body: String
        /// The line the prelude starts on.
        var line: Int
        /// The prelude as written, for the lines of the selectors in a list.
        var rawPrelude = ""
        /// A statement at-rule (`@layer a, b;`): a prelude without a block.
        var isStatement = false

        /// Each selector of a list (`from,\n 50%`) with the line it is written on.
        var selectors: [(text: String, line: Int)] {
            var result: [(String, Int)] = [], line = self.line
            for piece in rawPrelude.split(separator: ",", omittingEmptySubsequences: false) {
                let leading = piece.prefix(while: CSSSyntax.isWhitespace)
                let selectorLine = line + leading.filter(\.isNewline).count
                line += piece.filter(\.isNewline).count
                let text = CSSSyntax.oneLine(String(piece))
                if !text.isEmpty { result.append((text, selectorLine)) }
            }
            return result
        }
    }

    /// The component a stylesheet makes when its `@keyframes` run together as one, validated,
    /// with the declarations a browser would ignore listed as its ignored parts.
    ///
    /// ```swift
    /// let pulse = try CSSKeyframesImport.definition(css: css, file: "pulse.css")
    /// pulse.name   // "pulse"
    /// ```
    package static func definition(css text: String, file: String) throws(DefinitionError) -> ComponentDefinition {
        var ignored: [String] = []
        let document = try imported(css: text, file: file, ignored: &ignored).document
        try DefinitionLimits.check(document, file: file)
        var definition = try ComponentDefinition(json: document, file: file)
        definition.ignoredDeclarations = ignored
        return definition
    }

    /// The definition document (`name`, `kind`, `version`, `keyframes`, `options`) a stylesheet's
    /// `@keyframes` and the rule that runs it make, or why it cannot.
    package static func document(css text: String, file: String) throws(DefinitionError) -> JSONValue {
        var ignored: [String] = []
        return try imported(css: text, file: file, ignored: &ignored).document
    }

    /// The definition a stylesheet makes, with the keyframe declarations a browser drops listed
    /// in `ignored`.
    static func imported(css text: String, file: String, ignored: inout [String]) throws(DefinitionError) -> ImportedDefinition {
        // `@media` blocks hold what plays under a condition (an export's reduced-motion form);
        // one component is the unconditional animation, so they are left out.
        let blocks = try topLevelBlocks(stripComments(text), file: file).filter { !$0.prelude.lowercased().hasPrefix("@media") }
        let keyframeRules = blocks.filter { $0.prelude.lowercased().hasPrefix("@keyframes") }
        guard !keyframeRules.isEmpty else { throw DefinitionError(file: file, path: "", rule: "a CSS definition needs an @keyframes rule") }
        var rulesByName: [String: Block] = [:]
        for rule in keyframeRules { rulesByName[String(rule.prelude.dropFirst("@keyframes ".count))] = rule }

        // The rule that runs them: one setting `animation` (an exported stylesheet's), else `.NAME`.
        let styleRules = blocks.filter { !$0.prelude.hasPrefix("@") }
        var animating: [Block] = []
        for block in styleRules
        where try declarations(block.body, file: file, line: block.line, context: block.prelude).contains(where: { $0.0 == "animation" }) {
            animating.append(block)
        }
        guard animating.count <= 1 else {
            throw DefinitionError(
                file: file, path: "line \(animating[1].line): \(animating[1].prelude)", rule: "one rule may set animation (one file is one component)")
        }
        // `var(--token, 150ms)` (an export of a component that references design tokens) takes
        // the `:root` value, else its fallback, as a browser does.
        let custom = try StylesheetLibrary.customProperties(blocks, file: file)
        let resolve: (String) -> String = { StylesheetLibrary.resolved($0, custom) }
        if let rule = animating.first {
            return try exportedStylesheet(rule, keyframes: rulesByName, file: file, ignored: &ignored, resolve: resolve)
        }
        guard keyframeRules.count == 1 else {
            throw DefinitionError(
                file: file, path: "",
                rule: "one @keyframes rule per file (one file is one component), or a rule whose animation lists them; found \(keyframeRules.count)")
        }
        let rule = keyframeRules[0]
        let written = String(rule.prelude.dropFirst("@keyframes ".count))
        // `slideInLeft` becomes slide-in-left, as a library's names do.
        let name = try StylesheetLibrary.componentName(written, options: .init(), file: file, line: rule.line)
        var timing = ImportedDefinition.Timing(duration: 0)
        var keyframeEasing = "ease"
        if let timingRule = styleRules.first(where: { $0.prelude == ".\(written)" }) {
            // The one reader of `animation-*` (prefixed or not), as for a library's rules.
            var longhands = AnimationLonghands()
            for (property, raw) in try declarations(timingRule.body, file: file, line: timingRule.line, context: timingRule.prelude) {
                let field = "line \(timingRule.line): .\(written).\(property)"
                guard AnimationLonghands.reads(property) else {
                    throw DefinitionError(
                        file: file, path: field,
                        rule: "only animation-duration, -delay, -timing-function, -iteration-count, -direction and -fill-mode go in the timing rule")
                }
                try longhands.read(property, resolve(raw), file: file, field: field)
            }
            // Only what the rule sets: the body's defaults stand for the rest.
            timing = ImportedDefinition.Timing(
                duration: longhands.duration ?? 0, delay: longhands.delay, iterations: longhands.iterations, direction: longhands.direction,
                fill: longhands.fill)
            keyframeEasing = longhands.easing ?? keyframeEasing
        }
        let keyframes = try self.keyframes(rule, file: file, easing: keyframeEasing, ignored: &ignored, resolve: resolve)
        return ImportedDefinition(name: name, body: .web(keyframes: keyframes, timing: timing))
    }

    /// A stylesheet as `catalog export --to css` writes it: `@keyframes` rules and one rule whose
    /// `animation` shorthand lists them. Animations that share one timing (an export's one per
    /// property) merge into one effect, each keyframe keeping its easing; the component is named
    /// after the rule's class (`.NAME`), else the first `@keyframes`.
    private static func exportedStylesheet(
        _ rule: Block, keyframes rules: [String: Block], file: String, ignored: inout [String],
        resolve: (String) -> String
    ) throws(DefinitionError) -> ImportedDefinition {
        let declarations = try self.declarations(rule.body, file: file, line: rule.line, context: rule.prelude)
        var entries: [ShorthandAnimation] = []
        for (property, raw) in declarations {
            let value = resolve(raw)
            let field = "line \(rule.line): \(rule.prelude).\(property)"
            switch property {
            case "animation":
                for item in splitTopLevel(value, on: ",") { entries.append(try ShorthandAnimation(item, file: file, path: field)) }
            case "animation-composition":
                if let other = splitTopLevel(value, on: ",").first(where: { $0 != "replace" }) {
                    throw DefinitionError(
                        file: file, path: field,
                        rule:
                            "animation-composition \(other) has no Web Animations body form (only replace); import it as a Core Animation body with additive: true"
                    )
                }
            default:
                break  // the element's own style: not part of the component
            }
        }
        guard let first = entries.first else {
            throw DefinitionError(file: file, path: "line \(rule.line): \(rule.prelude).animation", rule: "names no animation")
        }
        var keyframes: [ImportedDefinition.Keyframe] = []
        var animated: [String: String] = [:]
        for entry in entries {
            let field = "line \(rule.line): \(rule.prelude).animation"
            guard let block = rules[entry.name] else { throw DefinitionError(file: file, path: field, rule: "no @keyframes \(entry.name) in the file") }
            guard entry.timing == first.timing else {
                throw DefinitionError(
                    file: file, path: field,
                    rule: "\(first.name) and \(entry.name) run on different timings; one component is one effect: give each its own file")
            }
            for frame in try self.keyframes(block, file: file, easing: entry.easing, ignored: &ignored, resolve: resolve) {
                for property in frame.values.keys {
                    if let other = animated[property], other != entry.name {
                        throw DefinitionError(
                            file: file, path: field, rule: "\(other) and \(entry.name) both animate \(property); one component animates a property once")
                    }
                    animated[property] = entry.name
                }
                keyframes.append(frame)
            }
        }
        // Stable: keyframes at one offset keep their order (each names its own properties).
        keyframes = keyframes.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        let selector = rule.prelude
        let fromClass = selector.hasPrefix(".") ? String(selector.dropFirst()) : ""
        let name =
            ComponentDefinition.isValidName(fromClass)
            ? fromClass
            : try StylesheetLibrary.componentName(fromClass.isEmpty ? first.name : fromClass, options: .init(), file: file, line: rule.line)
        return ImportedDefinition(name: name, body: .web(keyframes: keyframes, timing: first.timing.webTiming))
    }

    /// One `@keyframes` rule's keyframes, in the Web Animations body's form (offsets, camelCase
    /// properties, CSS value strings, `easing` where a block sets `animation-timing-function`).
    /// - Parameter easing: the animation's timing function, every keyframe's easing unless it
    ///   sets `animation-timing-function` itself.
    ///
    /// Blocks at one offset merge, later declarations winning, only when their easings are the
    /// same (CSS Animations 2, as Chromium does): a block that only sets a timing function
    /// (`from, 20%, to { animation-timing-function: … }`) does not ease properties another block at
    /// that offset sets, and a keyframe left without properties is dropped, since it eases nothing.
    /// - Parameter ignored: gets one line per declaration a browser drops from a keyframe
    ///   (``ignoredDeclaration(_:_:)``), which the component leaves out too.
    static func keyframes(_ rule: Block, file: String, easing: String, ignored: inout [String], resolve: (String) -> String = { $0 }) throws(DefinitionError)
        -> [ImportedDefinition.Keyframe]
    {
        var keyframes: [ImportedDefinition.Keyframe] = []
        for block in try topLevelBlocks(rule.body, file: file, lineOffset: rule.line - 1) {
            let declarations = try self.declarations(block.body, file: file, line: block.line, context: block.prelude, keepImportant: true)
            for (selector, selectorLine) in block.selectors {
                let offset = try self.offset(selector, file: file, line: selectorLine)
                var keyframe = ImportedDefinition.Keyframe(offset: offset, easing: easing)
                for (written, raw) in declarations {
                    // `-webkit-transform` is `transform`, as browsers alias it; the later wins.
                    let property = unprefixed(written), value = resolve(raw)
                    let field = "line \(block.line): \(selector).\(written)"
                    if let reason = ignoredDeclaration(written, raw) {
                        ignored.append("\(field): \(reason)")
                        continue
                    }
                    if property == "animation-timing-function" {
                        try checkEasing(value, file: file, path: field)
                        keyframe.easing = value
                        continue
                    }
                    if property == "animation-composition" {
                        // `add` of neutral values is the underlying value at this keyframe's easing
                        // (what the catalog's own exports write); other additions are not played.
                        switch value.trimmingCharacters(in: .whitespaces).lowercased() {
                        case "replace": keyframe.adds = false
                        case "add": keyframe.adds = true
                        default:
                            throw DefinitionError(
                                file: file, path: field,
                                rule: "a keyframe's animation-composition may be replace, or add with neutral values (0, none, transparent)")
                        }
                        continue
                    }
                    let camel = camelCase(property)
                    guard let animatable = AnimatableProperty.web(camel) else {
                        let animatable = AnimatableProperty.webProperties.keys.sorted().map(kebabCase).joined(separator: ", ")
                        // A browser animates it, so leaving it out would make the component differ: refuse.
                        throw DefinitionError(
                            file: file, path: field, rule: "the catalog does not animate \(property), which a browser would (animatable: \(animatable))")
                    }
                    // Checked as valid CSS: a translate() percentage against any box (each use has its own).
                    do throws(CSSValueError) {
                        _ = try AnimationValue(css: value, for: animatable.kind, box: .nominal)
                    } catch {
                        if let unresolved = StylesheetLibrary.unresolvedVariable(in: value, element: "the animated element") {
                            throw DefinitionError(file: file, path: field, rule: unresolved)
                        }
                        throw DefinitionError(file: file, path: field, rule: error.message)
                    }
                    keyframe.values[camel] = value
                }
                if let existing = keyframes.firstIndex(where: { $0.offset == offset && $0.easing == keyframe.easing && $0.adds == keyframe.adds }) {
                    keyframes[existing].values.merge(keyframe.values) { _, new in new }
                } else {
                    keyframes.append(keyframe)
                }
            }
        }
        // A property no keyframe at 0 % sets starts from the underlying value eased by the
        // animation's timing function (CSS Animations §"the initial keyframe": the 0 % keyframe
        // with that timing function, or a new one — not one with another). The engine eases an
        // implicit keyframe linearly, as Web Animations does: under another timing function the
        // start is written out, neutral values added to the underlying one. A discrete property
        // has none; it shows the same either way (`visibility` stays visible through the interval).
        let animated = Set(keyframes.flatMap(\.values.keys))
        let missing = animated.filter { name in !keyframes.contains { $0.offset == 0 && $0.values[name] != nil } }
        if !missing.isEmpty, (try? TimingFunction(parsing: easing)) != .linear,
            let neutral = ExactExport.neutralTexts(Set(missing.filter { AnimatableProperty.web($0)?.neutralValue != nil }))
        {
            if !neutral.isEmpty { keyframes.append(ImportedDefinition.Keyframe(offset: 0, easing: easing, values: neutral, adds: true)) }
        }
        // Stable: keyframes at one offset keep their order. One that sets nothing eases nothing.
        return keyframes.filter { !$0.values.isEmpty }.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }

    /// Why a browser drops the keyframe declaration `written: value`, or nil when it keeps it:
    /// a property no browser knows (a typo), one CSS Animations leaves out of keyframes (the
    /// animation and transition properties, `display`, …), or one marked `!important`.
    static func ignoredDeclaration(_ written: String, _ value: String) -> String? {
        let name = written.lowercased()
        guard CSSPropertyNames.isKnown(name) || CSSPropertyNames.isKnown(unprefixed(name)) else {
            return "a browser ignores it (no CSS property is named \(written))"
        }
        if name.hasPrefix("--") { return "a browser ignores it (a custom property animates nothing the component plays)" }
        if CSSPropertyNames.ignoredInKeyframes(unprefixed(name)) { return "a browser ignores it (\(unprefixed(name)) is not animated from @keyframes)" }
        if importantMark(value) != nil {
            return "a browser ignores it (!important is not allowed in a keyframe)"
        }
        return nil
    }

    /// Where a value's `!important` (`! IMPORTANT`, in any case and spacing) starts, if it has one.
    static func importantMark(_ value: String) -> String.Index? {
        guard let bang = value.lastIndex(of: "!") else { return nil }
        return value[value.index(after: bang)...].trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "important" ? bang : nil
    }

    /// One entry of the `animation` shorthand: `NAME DURATION EASING DELAY ITERATIONS DIRECTION
    /// FILL` in any order CSS allows (the first time is the duration, the second the delay).
    struct ShorthandAnimation {
        struct Timing: Equatable {
            var duration = 0.0, delay = 0.0
            /// `.infinity` for `infinite`.
            var iterations = 1.0
            var direction = "normal", fill = "none"

            var webTiming: ImportedDefinition.Timing {
                ImportedDefinition.Timing(duration: duration, delay: delay, iterations: iterations, direction: direction, fill: fill)
            }
        }

        var name = ""
        var easing = "ease"
        var timing = Timing()

        /// - Parameter requireName: false where a shorthand may leave the name out (`none`), as
        ///   a library's base rule may.
        init(_ text: String, file: String, path: String, requireName: Bool = true) throws(DefinitionError) {
            var times = 0
            for token in splitTopLevel(text, on: " ") where !token.isEmpty {
                if let ms = try? CSSKeyframesImport.milliseconds(token, file: file, path: path), token.last == "s" {
                    if times == 0 { timing.duration = ms } else { timing.delay = ms }
                    times += 1
                } else if token.hasPrefix("-"), token.last == "s",
                    let negative = try? CSSKeyframesImport.milliseconds(token, file: file, path: path, allowNegative: true)
                {
                    guard times > 0 else { throw DefinitionError(file: file, path: path, rule: "a duration cannot be negative (\(token))") }
                    timing.delay = negative
                    times += 1
                } else if token == "infinite" || Double(token) != nil {
                    timing.iterations = try CSSKeyframesImport.iterations(token, file: file, path: path)
                } else if CSSKeyframesImport.directions.contains(token) {
                    timing.direction = token
                } else if CSSKeyframesImport.fillModes.contains(token) {
                    timing.fill = token
                } else if ["running", "paused"].contains(token) {
                    continue
                } else if (try? TimingFunction(parsing: token)) != nil {
                    easing = token
                } else {
                    name = token
                }
            }
            guard !name.isEmpty || !requireName else { throw DefinitionError(file: file, path: path, rule: "\"\(text)\" names no @keyframes") }
        }
    }

    /// Splits at `separator` outside parentheses, trimming each part.
    static func splitTopLevel(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0, character == separator || (separator == " " && CSSSyntax.isWhitespace(character)) {
                parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
        return parts.filter { !$0.isEmpty }
    }

    static func checkEasing(_ value: String, file: String, path: String) throws(DefinitionError) {
        do throws(TimingFunctionError) { _ = try TimingFunction(parsing: value) } catch {
            throw DefinitionError(file: file, path: path, rule: error.message)
        }
    }

    static func iterations(_ value: String, file: String, path: String) throws(DefinitionError) -> Double {
        if value == "infinite" { return .infinity }
        guard let n = Double(value), n >= 0, n.isFinite else { throw DefinitionError(file: file, path: path, rule: "must be a number, 0 or more, or infinite") }
        return n
    }

    static func stripComments(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "/*") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { return result }
            // Keep the line count for error messages.
            result += String(repeating: "\n", count: rest[start.lowerBound..<end.upperBound].filter(\.isNewline).count)
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    /// `prelude { body }` pairs at the top level of `text`, braces matched (``CSSRuleReader``):
    /// statement at-rules such as `@charset` are passed over.
    static func topLevelBlocks(_ text: String, file: String, lineOffset: Int = 0) throws(DefinitionError) -> [Block] {
        try CSSRuleReader.rules(text, file: file, lineOffset: lineOffset)
    }

    /// `property: value;` pairs, in order; semicolons inside parentheses do not split.
    /// - Parameter keepImportant: leave a trailing `!important` on the value (a keyframe's is
    ///   dropped with its declaration); elsewhere it is removed, as it does not change the value.
    static func declarations(_ body: String, file: String, line: Int, context: String, keepImportant: Bool = false) throws(DefinitionError) -> [(
        String, String
    )] {
        var result: [(String, String)] = []
        var current = ""
        var depth = 0
        func finish() throws(DefinitionError) {
            let text = current.trimmingCharacters(in: .whitespacesAndNewlines)
            current = ""
            guard !text.isEmpty else { return }
            guard let colon = text.firstIndex(of: ":") else {
                throw DefinitionError(
                    file: file, path: "line \(line): \(context)", rule: "\"\(CSSSyntax.oneLine(text))\" is not a declaration (property: value)")
            }
            let property = text[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            var value = CSSSyntax.oneLine(String(text[text.index(after: colon)...]))
            if !keepImportant, let bang = importantMark(value) { value = String(value[..<bang]).trimmingCharacters(in: .whitespacesAndNewlines) }
            result.append((property, value))
        }
        var scanner = CSSRuleReader.Scanner(Array(body), line: line)
        while let character = scanner.peek {
            if character == "\"" || character == "'" { current += scanner.string(); continue }
            if character == "\\" { current += scanner.escape(); continue }
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" { depth = max(0, depth - 1) }
            if character == "{", depth == 0 {
                // A nested rule (CSS Nesting): its selector and block are not declarations of this one.
                _ = scanner.next()
                _ = try scanner.block(file: file, openedOnLine: scanner.line)
                current = ""
                continue
            }
            _ = scanner.next()
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

    /// A CSS time in milliseconds. Durations are never negative; a delay may be
    /// (`allowNegative`: the animation starts part-way through).
    static func milliseconds(_ value: String, file: String, path: String, allowNegative: Bool = false) throws(DefinitionError) -> Double {
        if allowNegative, value.hasPrefix("-") { return -(try milliseconds(String(value.dropFirst()), file: file, path: path)) }
        if value.hasSuffix("ms"), let n = Double(value.dropLast(2)), n >= 0 { return n }
        if value.hasSuffix("s"), let n = Double(value.dropLast()), n >= 0 { return n * 1000 }
        throw DefinitionError(file: file, path: path, rule: "must be a time such as 300ms or 0.3s, 0 or more")
    }

    /// `animation-direction` and `animation-fill-mode` as CSS spells them (the model's, but for
    /// Web Animations' `auto`).
    static let directions = Set(EffectTiming.Direction.allCases.map(\.rawValue))
    static let fillModes = Set(EffectTiming.Fill.allCases.map(\.rawValue)).subtracting(["auto"])

    /// A property or at-rule name without its vendor prefix (`-webkit-`, `-moz-`, `-ms-`, `-o-`).
    static func unprefixed(_ name: String) -> String {
        for prefix in ["-webkit-", "-moz-", "-ms-", "-o-"] where name.hasPrefix(prefix) { return String(name.dropFirst(prefix.count)) }
        return name
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
