import Foundation

/// A stylesheet as an animation library publishes it — many `@keyframes`, a base class that sets
/// the timing, one class per animation that names it — read as one definition per `@keyframes`.
///
/// Each component is what a browser runs on an element carrying the base class and the class
/// that names the animation: the naming rule's `animation-*` (longhands, or the `animation`
/// shorthand, which resets every longhand) over the base rule's, over CSS's defaults. The base
/// rule is ``Options/base``, or else the one rule whose selector is a single class and which
/// sets `animation-*` without naming an animation. Browsers' aliases are followed:
/// `@-webkit-keyframes` is the same animation as `@keyframes` (the unprefixed one wins), and a
/// `-webkit-` declaration is its unprefixed twin (the later one wins). Custom properties take their
/// `:root` values (`var(--x, fallback)` falls back when there is none) and `calc()` over times and
/// numbers is worked out. Names are the `@keyframes` names in kebab case (`bounceIn` →
/// `bounce-in`), after ``Options/prefix``.
///
/// ```swift
/// let documents = try StylesheetLibrary.documents(css: """
///     :root { --duration: 1s }
///     @keyframes bounceIn { from { opacity: 0 } to { opacity: 1 } }
///     @keyframes fadeOut { from { opacity: 1 } to { opacity: 0 } }
///     .animated { animation-duration: var(--duration); animation-fill-mode: both }
///     .animated.faster, .fadeOut { animation-name: fadeOut; animation-duration: calc(var(--duration) / 2) }
///     .bounceIn { animation-name: bounceIn }
///     """, file: "motion.css", options: .init(prefix: "lib"))
/// documents.map { $0["name"] }   // "lib-bounce-in" (1000 ms, both), "lib-fade-out" (500 ms, both)
/// ```
public enum StylesheetLibrary {
    /// How a library is read.
    public struct Options: Sendable, Hashable {
        /// Put before every component's name (`--prefix anim` → `anim-bounce-in`); joined with a
        /// `-` unless it ends with `-` or `.`.
        public var prefix: String?
        /// The selector of the rule every animated element carries (`--base .animated`).
        public var base: String?
        /// For a Lottie document read alongside (``LottieImport``): leave out the layers the catalog
        /// cannot play, listed as the definitions' ignored parts, instead of refusing the file.
        public var skipUnsupported: Bool

        /// Options as `catalog add` takes them.
        public init(prefix: String? = nil, base: String? = nil, skipUnsupported: Bool = false) {
            self.prefix = prefix
            self.base = base
            self.skipUnsupported = skipUnsupported
        }
    }

    typealias Block = CSSKeyframesImport.Block

    /// True when `css` holds animations to import one by one: two or more `@keyframes` (vendor
    /// twins counted once) that no single rule runs together as one effect — which is the shape of
    /// a stylesheet `catalog export --to css` writes, read as one component.
    public static func isLibrary(css text: String, file: String) throws(DefinitionError) -> Bool {
        try Stylesheet(css: text, file: file).isLibrary
    }

    /// One definition document per `@keyframes`, in the order they appear.
    public static func documents(css text: String, file: String, options: Options = Options()) throws(DefinitionError) -> [JSONValue] {
        try Stylesheet(css: text, file: file).documents(options: options).map(\.document)
    }

    /// A stylesheet read once: its blocks, its custom properties, what each style rule says of
    /// the animation, and the `@keyframes` that run only under reduced motion. Both questions —
    /// is it a library, and what does it make — are answered from this one reading.
    struct Stylesheet {
        let file: String
        /// `:root` custom properties, for `var()`.
        let custom: [String: String]
        /// The `@keyframes` that are animations of their own (not only run under reduced motion).
        let keyframes: [(name: String, block: Block)]
        let allKeyframes: [(name: String, block: Block)]
        /// Each style rule with its timing, or the error in it — thrown when components are made,
        /// ignored when only the names a rule runs matter.
        let rules: [(rule: Block, timing: Result<RuleTiming, DefinitionError>)]
        let reducedOnly: Set<String>
        /// The style rules inside `@media … (prefers-reduced-motion: reduce)`, in order.
        let reducedRules: [(rule: Block, timing: Result<RuleTiming, DefinitionError>)]

        init(css text: String, file: String) throws(DefinitionError) {
            self.file = file
            let blocks = try CSSKeyframesImport.topLevelBlocks(CSSKeyframesImport.stripComments(text), file: file)
            let custom = try customProperties(blocks, file: file)
            self.custom = custom
            func timings(_ blocks: [Block]) -> [(rule: Block, timing: Result<RuleTiming, DefinitionError>)] {
                styleRules(blocks).map { rule in
                    (rule, Result { () throws(DefinitionError) in try RuleTiming(rule, file: file, resolve: { resolved($0, custom) }) })
                }
            }
            rules = timings(blocks)
            // The @keyframes that only rules inside `@media (prefers-reduced-motion: reduce)` run:
            // what an animation becomes for a viewer who asks for less motion, not animations of their own.
            var inside = Set<String>()
            var reducedRules: [(rule: Block, timing: Result<RuleTiming, DefinitionError>)] = []
            for media in blocks where Self.isReducedMotionQuery(media.prelude) {
                for (rule, timing) in timings(try CSSKeyframesImport.topLevelBlocks(media.body, file: file, lineOffset: media.line - 1)) {
                    inside.formUnion((try? timing.get())?.names ?? [])
                    reducedRules.append((rule, timing))
                }
            }
            self.reducedRules = reducedRules
            let outside = rules.flatMap { (try? $0.timing.get())?.names ?? [] }
            let reducedOnly = inside.subtracting(outside)
            self.reducedOnly = reducedOnly
            allKeyframes = keyframeRules(blocks)
            keyframes = allKeyframes.filter { !reducedOnly.contains($0.name) }
        }

        /// A value with its `var()`s and `calc()`s worked out.
        func resolve(_ value: String) -> String { resolved(value, custom) }

        var isLibrary: Bool {
            let names = Set(keyframes.map(\.name))
            guard names.count >= 2 else { return false }
            return !rules.contains { (try? $0.timing.get())?.names.map { Set($0).intersection(names).count >= 2 } ?? false }
        }

        /// One document per `@keyframes`, with the keyframe declarations a browser drops from it.
        func documents(options: Options) throws(DefinitionError) -> [(document: JSONValue, ignored: [String])] {
            var timings: [(rule: Block, timing: RuleTiming)] = []
            for (rule, timing) in rules { timings.append((rule, try timing.get())) }
            let base = try baseRule(timings, options: options, file: file)
            var reduced: [(rule: Block, timing: RuleTiming)] = []
            for (rule, timing) in reducedRules { reduced.append((rule, try timing.get())) }
            var documents: [(document: JSONValue, ignored: [String])] = []
            var names: [String: String] = [:]
            func claim(_ name: String, for keyframesName: String, line: Int) throws(DefinitionError) {
                if let other = names[name] {
                    throw DefinitionError(file: file, path: "line \(line): @keyframes \(keyframesName)",
                                          rule: "becomes \(name), as @keyframes \(other) does: rename one")
                }
                names[name] = keyframesName
            }
            func document(_ name: String, _ block: Block, _ timing: RuleTiming, reducedMotion: JSONValue?, origin: String? = nil) throws(DefinitionError) {
                var ignored: [String] = []
                var frames = try CSSKeyframesImport.keyframes(block, file: file, easing: timing.easing ?? "ease", ignored: &ignored, resolve: resolve)
                if let origin { Self.hold(origin: origin, in: &frames, easing: timing.easing ?? "ease") }
                var members: [String: JSONValue] = ["name": .string(name), "kind": "animation", "version": "1.0.0",
                                                    "keyframes": .array(frames.map { .object($0.members) }), "options": .object(timing.options)]
                if let reducedMotion { members["reducedMotion"] = reducedMotion }
                documents.append((.object(members), ignored))
            }
            // What an element carrying the base class and the class that names it runs: the
            // naming rules' timing over the base's, over CSS's defaults.
            func normalTiming(of keyframesName: String) -> (timing: RuleTiming, naming: [(rule: Block, timing: RuleTiming)]) {
                var timing = RuleTiming.defaults
                if let base { timing.cascade(base.timing) }
                let naming = timings.filter { $0.timing.names?.contains(keyframesName) == true }
                for (_, rule) in naming { timing.cascade(rule) }
                return (timing, naming)
            }
            var standInTimings: [String: RuleTiming] = [:]   // the stand-ins made for reduced motion, and their timing
            for (keyframesName, block) in allKeyframes {
                // One run only under reduced motion is made where an animation names it as its stand-in.
                guard !reducedOnly.contains(keyframesName) else { continue }
                let name = try componentName(keyframesName, options: options, file: file, line: block.line)
                try claim(name, for: keyframesName, line: block.line)
                let (timing, naming) = normalTiming(of: keyframesName)
                var reducedMotion: JSONValue?
                switch try reducedForm(of: keyframesName, running: [base].compactMap { $0 } + naming, normal: timing, reduced: reduced) {
                case .same: break
                case .removed: reducedMotion = "removed"
                case .policy(let policy): reducedMotion = policy
                case .other(let other, let reducedTiming, let rule):
                    guard let standIn = allKeyframes.first(where: { $0.name == other }) else {
                        throw DefinitionError(file: file, path: "line \(rule.line): \(rule.prelude)", rule: "runs @keyframes \(other), which the stylesheet does not have")
                    }
                    let standInName = try componentName(other, options: options, file: file, line: standIn.block.line)
                    // The component that runs those keyframes on that timing: one made for it, or
                    // the animation as its own class runs it; else a stand-in of this one's own.
                    guard let made = standInTimings[standInName] ?? (reducedOnly.contains(other) ? nil : normalTiming(of: other).timing) else {
                        try claim(standInName, for: other, line: standIn.block.line)
                        try document(standInName, standIn.block, reducedTiming, reducedMotion: nil)
                        standInTimings[standInName] = reducedTiming
                        reducedMotion = .string(standInName)
                        break
                    }
                    if reducedTiming.sameTiming(as: made) {
                        reducedMotion = .string(standInName)
                    } else {
                        // Its keyframes on another timing than its own component's: a stand-in of their own.
                        let ownName = name + "-reduced"
                        try claim(ownName, for: keyframesName, line: block.line)
                        try document(ownName, standIn.block, reducedTiming, reducedMotion: nil)
                        reducedMotion = .string(ownName)
                    }
                case .retimed(let reducedTiming):
                    // No policy says it: the same keyframes on the reduced timing, as a stand-in.
                    let standInName = name + "-reduced"
                    try claim(standInName, for: keyframesName, line: block.line)
                    try document(standInName, block, reducedTiming, reducedMotion: nil)
                    reducedMotion = .string(standInName)
                }
                // The element's own transform-origin, which the classes set (the naming rule's over the base's).
                var origin: String?
                for rule in [base?.rule].compactMap({ $0 }) + naming.map(\.rule) {
                    let declarations = try CSSKeyframesImport.declarations(rule.body, file: file, line: rule.line, context: rule.prelude)
                    if let (_, value) = declarations.last(where: { CSSKeyframesImport.unprefixed($0.0) == "transform-origin" }) { origin = resolve(value) }
                }
                if let origin {
                    do throws(CSSValueError) { _ = try ReferenceBox.with(.nominal) { () throws(CSSValueError) in try TransformOrigin.point(css: origin) } } catch {
                        throw DefinitionError(file: file, path: "@keyframes \(keyframesName): transform-origin", rule: error.message)
                    }
                }
                try document(name, block, timing, reducedMotion: reducedMotion, origin: origin)
            }
            return documents
        }

        /// The `reducedMotion:` of the one component a stylesheet that is not a library makes (the
        /// shape `catalog export --to css` writes), from its `@media (prefers-reduced-motion:
        /// reduce)` rules, and the stand-in components those rules run (their own `@keyframes` on
        /// the rule's timing). Nil and none when no such rule changes the animation.
        func reducedMotionOfOne(name: String, options: Options) throws(DefinitionError) -> (policy: JSONValue?, standIns: [(document: JSONValue, ignored: [String])]) {
            guard !reducedRules.isEmpty, let first = keyframes.first else { return (nil, []) }
            var running: [(rule: Block, timing: RuleTiming)] = []
            for (rule, timing) in rules {
                let timing = try timing.get()
                if timing.names.map({ names in keyframes.contains { names.contains($0.name) } }) ?? (rule.prelude == "." + first.name) {
                    running.append((rule, timing))
                }
            }
            var normal = RuleTiming.defaults
            for (_, timing) in running { normal.cascade(timing) }
            var reduced: [(rule: Block, timing: RuleTiming)] = []
            for (rule, timing) in reducedRules { reduced.append((rule, try timing.get())) }
            let keyframesName = normal.names?.first ?? first.name
            // A stand-in: `block`'s keyframes on the reduced timing, as a component of its own.
            func standIn(_ standInName: String, _ block: Block, _ timing: RuleTiming) throws(DefinitionError) -> (JSONValue, [(document: JSONValue, ignored: [String])]) {
                var ignored: [String] = []
                let frames = try CSSKeyframesImport.keyframes(block, file: file, easing: timing.easing ?? "ease", ignored: &ignored, resolve: resolve)
                let document: JSONValue = ["name": .string(standInName), "kind": "animation", "version": "1.0.0",
                                           "keyframes": .array(frames.map { .object($0.members) }), "options": .object(timing.options)]
                return (.string(standInName), [(document, ignored)])
            }
            switch try reducedForm(of: keyframesName, running: running, normal: normal, reduced: reduced) {
            case .same: return (nil, [])
            case .removed: return ("removed", [])
            case .policy(let policy): return (policy, [])
            case .other(let other, let timing, let rule):
                guard let block = allKeyframes.first(where: { $0.name == other })?.block else {
                    throw DefinitionError(file: file, path: "line \(rule.line): \(rule.prelude)", rule: "runs @keyframes \(other), which the stylesheet does not have")
                }
                return try standIn(try componentName(other, options: options, file: file, line: block.line), block, timing)
            case .retimed(let timing):
                // No policy says it: the same keyframes on the reduced timing, as a library's stand-in.
                let block = allKeyframes.first { $0.name == keyframesName }?.block ?? first.block
                return try standIn(name + "-reduced", block, timing)
            }
        }

        /// What an element runs under reduced motion, from the rules that run it normally.
        enum ReducedForm {
            /// The same animation: no rule of `@media (prefers-reduced-motion: reduce)` changes it.
            case same
            /// `animation: none`: nothing runs, the element keeps its own style.
            case removed
            /// A `reducedMotion:` policy that plays the reduced timing exactly (`none`, `shorten`).
            case policy(JSONValue)
            /// Another `@keyframes`, on the reduced timing (the rule that names it, for messages).
            case other(String, RuleTiming, Block)
            /// The same keyframes on a timing no policy says.
            case retimed(RuleTiming)
        }

        /// What an element that `running` (its rules in cascade order, each with its timing) runs
        /// as `keyframesName` on the `normal` timing runs when the viewer prefers reduced motion:
        /// the `reduced` rules that match its classes, over the rest, by specificity then order,
        /// `!important` over everything.
        func reducedForm(of keyframesName: String, running: [(rule: Block, timing: RuleTiming)], normal: RuleTiming,
                         reduced: [(rule: Block, timing: RuleTiming)]) throws(DefinitionError) -> ReducedForm {
            let classes = Self.classes(of: running.map(\.rule))
            let matching = reduced.filter { Self.matches($0.rule.prelude, classes: classes) != nil }
            guard !matching.isEmpty else { return .same }
            var reducedTiming = RuleTiming.defaults
            let ordered = (running + matching).enumerated().sorted {
                (Self.matches($0.element.rule.prelude, classes: classes) ?? 0, $0.element.rule.line, $0.offset)
                    < (Self.matches($1.element.rule.prelude, classes: classes) ?? 0, $1.element.rule.line, $1.offset)
            }
            // The animation it runs then: the name the same cascade ends with.
            var renamed: RuleTiming?
            for (_, rule) in ordered.map(\.element) {
                reducedTiming.cascade(rule)
                if rule.names != nil || rule.namesNone { renamed = rule }
            }
            for (rule, _) in matching {
                let important = try RuleTiming(importantOf: rule, file: file, resolve: resolve)
                reducedTiming.cascade(important)
                if important.names != nil || important.namesNone { renamed = important }
            }
            if renamed?.namesNone == true { return .removed }
            if let other = renamed?.names?.first, other != keyframesName { return .other(other, reducedTiming, matching.last!.rule) }
            if reducedTiming.sameTiming(as: normal) { return .same }
            return Self.reducedMotion(normal: normal, reduced: reducedTiming).map(ReducedForm.policy) ?? .retimed(reducedTiming)
        }

        /// A class's own `transform-origin` held through the animation: where the keyframes do not
        /// animate it, it is their `transformOrigin` at 0 and 1 (the turning point of every
        /// transform the animation makes; outside it the element's own transform shows).
        static func hold(origin: String, in frames: inout [(offset: Double, members: [String: JSONValue])], easing: String) {
            guard !frames.contains(where: { $0.members["transformOrigin"] != nil }) else { return }
            for end in [0.0, 1.0] {
                if let index = frames.firstIndex(where: { $0.offset == end }) {
                    frames[index].members["transformOrigin"] = .string(origin)
                } else {
                    // With the animation's easing, as every keyframe a stylesheet gives has.
                    frames.insert((end, ["offset": .number(end), "easing": .string(easing), "transformOrigin": .string(origin)]),
                                  at: end == 0 ? 0 : frames.count)
                }
            }
        }

        static func isReducedMotionQuery(_ prelude: String) -> Bool {
            let query = prelude.lowercased().filter { !CSSKeyframesImport.isWhitespace($0) }
            return query.hasPrefix("@media") && query.contains("prefers-reduced-motion:reduce")
        }

        /// The classes an element carries when the given rules' selectors match it: every class
        /// of each selector in their lists that is only classes (`.animated.bounceIn`).
        static func classes(of rules: [Block]) -> Set<String> {
            var classes = Set<String>()
            for rule in rules {
                for selector in rule.prelude.split(separator: ",").map({ CSSKeyframesImport.oneLine(String($0)) }) {
                    if let compound = classCompound(selector) { classes.formUnion(compound) }
                }
            }
            return classes
        }

        /// `.a.b` → [a, b]; nil for any other selector.
        static func classCompound(_ selector: String) -> [String]? {
            guard selector.hasPrefix(".") else { return nil }
            let parts = selector.dropFirst().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } }) else { return nil }
            return parts
        }

        /// Whether a rule with `selectors` applies to an element carrying `classes` — one of its
        /// selectors is `*` or only classes the element has — as the specificity of the most
        /// specific one that does (its class count); nil when none does.
        static func matches(_ selectors: String, classes: Set<String>) -> Int? {
            selectors.split(separator: ",").map { CSSKeyframesImport.oneLine(String($0)) }.compactMap { selector -> Int? in
                if selector == "*" { return 0 }
                guard let compound = classCompound(selector), Set(compound).isSubset(of: classes) else { return nil }
                return compound.count
            }.max()
        }

        /// The `reducedMotion:` policy that plays `reduced` where `normal` was written, when one
        /// does exactly (to within 10 ms): over at once and holding its end → `none` (its own
        /// style after it → `removed`); the same motion with duration and delay scaled → `shorten`.
        static func reducedMotion(normal: RuleTiming, reduced: RuleTiming) -> JSONValue? {
            let duration = normal.duration ?? 0, delay = normal.delay ?? 0
            let reducedDuration = reduced.duration ?? 0, reducedDelay = reduced.delay ?? 0
            let iterations = reduced.iterations?.numberValue ?? .infinity
            if reducedDelay == 0, iterations.isFinite, reducedDuration / 1000 * iterations <= 0.01 {
                let holds = ["forwards", "both"].contains(reduced.fill ?? "none")
                // Over within 10 ms: its end state held (which `none` shows only for an animation
                // that holds its end itself), or its own style.
                let normalHolds = ["forwards", "both"].contains(normal.fill ?? "none")
                if holds, normalHolds, reduced.iterations == normal.iterations, reduced.direction == normal.direction { return "none" }
                if !holds { return "removed" }
            }
            var scaled = reduced
            scaled.duration = duration
            scaled.delay = delay
            guard scaled.sameTiming(as: normal), duration > 0, reducedDuration > 0, reducedDuration <= duration else { return nil }
            let factor = reducedDuration / duration
            guard delay == 0 ? reducedDelay == 0 : abs(reducedDelay / delay - factor) < 1e-9 else { return nil }
            return .object(["shorten": .number(factor)])
        }
    }

    /// The `@keyframes` rules by name, vendor twins merged: the unprefixed rule wins, else the first.
    static func keyframeRules(_ blocks: [Block]) -> [(name: String, block: Block)] {
        var rules: [(name: String, block: Block)] = []
        for block in blocks where block.prelude.hasPrefix("@") {
            let words = block.prelude.split(separator: " ", maxSplits: 1).map(String.init)
            guard words.count == 2, CSSKeyframesImport.unprefixed(String(words[0].dropFirst())).lowercased() == "keyframes" else { continue }
            let name = words[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            if let index = rules.firstIndex(where: { $0.name == name }) {
                if words[0].lowercased() == "@keyframes" { rules[index].block = block }
            } else {
                rules.append((name, block))
            }
        }
        return rules
    }

    static func styleRules(_ blocks: [Block]) -> [Block] { blocks.filter { !$0.prelude.hasPrefix("@") } }

    /// Custom properties set on `:root` (or `html`), later declarations winning.
    static func customProperties(_ blocks: [Block], file: String) throws(DefinitionError) -> [String: String] {
        var values: [String: String] = [:]
        for rule in styleRules(blocks) where rule.prelude.split(separator: ",").contains(where: {
            let selector = CSSKeyframesImport.oneLine(String($0)).lowercased()
            return selector == ":root" || selector == "html"
        }) {
            for (property, value) in try CSSKeyframesImport.declarations(rule.body, file: file, line: rule.line, context: rule.prelude)
            where property.hasPrefix("--") {
                values[property] = value
            }
        }
        return values
    }

    /// `value` with its custom properties (``substituteVariables(_:_:depth:)``), then its
    /// `calc()`s (``CSSCalc/substitute(_:)``), worked out.
    static func resolved(_ value: String, _ custom: [String: String]) -> String {
        CSSCalc.substitute(substituteVariables(value, custom))
    }

    /// `value` with each `var(--name, fallback)` replaced by the property's value, else its
    /// fallback (itself resolved); a reference that resolves to nothing is left as written, for
    /// the value's own check to refuse.
    static func substituteVariables(_ value: String, _ custom: [String: String], depth: Int = 0) -> String {
        guard depth < 32, let start = value.range(of: "var(") else { return value }
        var level = 0, end: String.Index?
        for index in value[start.lowerBound...].indices {
            if value[index] == "(" { level += 1 }
            if value[index] == ")" {
                level -= 1
                if level == 0 { end = index; break }
            }
        }
        guard let end else { return value }
        let inside = String(value[start.upperBound..<end])
        let parts = CSSKeyframesImport.splitTopLevel(inside, on: ",")
        let name = parts.first ?? ""
        let fallback = parts.count > 1 ? inside[inside.index(after: inside.firstIndex(of: ",")!)...].trimmingCharacters(in: .whitespaces) : nil
        guard let replacement = custom[name] ?? fallback else { return value }
        let replaced = String(value[..<start.lowerBound]) + substituteVariables(replacement, custom, depth: depth + 1) + String(value[value.index(after: end)...])
        return substituteVariables(replaced, custom, depth: depth + 1)
    }

    /// The base rule: the one `options.base` names, else the one single-class rule that sets
    /// `animation-*` without naming an animation; nil when there is none.
    static func baseRule(_ rules: [(rule: Block, timing: RuleTiming)], options: Options, file: String) throws(DefinitionError)
        -> (rule: Block, timing: RuleTiming)?
    {
        if let selector = options.base.map(CSSKeyframesImport.oneLine) {
            let found = rules.filter { $0.rule.prelude.split(separator: ",").map { CSSKeyframesImport.oneLine(String($0)) }.contains(selector) }
            guard let first = found.first else {
                throw DefinitionError(file: file, path: "", rule: "no rule has the selector \(selector) given as the base")
            }
            var merged = first
            for other in found.dropFirst() { merged.timing.cascade(other.timing) }
            return merged
        }
        let candidates = rules.filter { rule, timing in
            timing.setsAnimation && timing.names == nil && isSingleClass(rule.prelude)
        }
        guard candidates.count <= 1 else {
            throw DefinitionError(file: file, path: "", rule: "several rules could be the base that every animated element carries ("
                + candidates.map { "\($0.rule.prelude) on line \($0.rule.line)" }.joined(separator: ", ") + "): name the base by its selector")
        }
        return candidates.first
    }

    static func isSingleClass(_ selector: String) -> Bool {
        guard selector.hasPrefix("."), selector.count > 1 else { return false }
        return selector.dropFirst().allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// `bounceIn` → `bounce-in`, after the prefix; refused unless it is a component name.
    static func componentName(_ keyframesName: String, options: Options, file: String, line: Int) throws(DefinitionError) -> String {
        var kebab = ""
        var previous: Character?
        for character in keyframesName {
            if character == "_" || character == " " {
                kebab.append("-")
            } else if character.isUppercase {
                if let previous, previous.isLowercase || previous.isNumber { kebab.append("-") }
                kebab += character.lowercased()
            } else {
                kebab.append(character)
            }
            previous = character
        }
        var name = kebab
        if let prefix = options.prefix, !prefix.isEmpty {
            name = prefix.hasSuffix("-") || prefix.hasSuffix(".") ? prefix + kebab : prefix + "-" + kebab
        }
        guard ComponentDefinition.isValidName(name) else {
            throw DefinitionError(file: file, path: "line \(line): @keyframes \(keyframesName)",
                                  rule: "becomes the component name '\(name)', which must match [a-z0-9][a-z0-9.-]* (at most 100 characters)")
        }
        return name
    }

    /// What one style rule says of the animation: each longhand it sets (nil: not set), and the
    /// animations it names.
    struct RuleTiming {
        var duration: Double?, delay: Double?
        var easing: String?
        var iterations: JSONValue?
        var direction: String?, fill: String?
        var names: [String]?
        /// `animation: none` or `animation-name: none`: the rule stops every animation.
        var namesNone = false
        var setsAnimation = false

        static let defaults = RuleTiming(duration: 0, delay: 0, easing: "ease", iterations: 1, direction: "normal", fill: "none")

        init(duration: Double? = nil, delay: Double? = nil, easing: String? = nil, iterations: JSONValue? = nil,
             direction: String? = nil, fill: String? = nil) {
            self.duration = duration
            self.delay = delay
            self.easing = easing
            self.iterations = iterations
            self.direction = direction
            self.fill = fill
        }

        /// Reads a rule's `animation` and `animation-*` declarations (vendor-prefixed or not), the
        /// first entry of each list (a library's class runs one animation).
        init(_ rule: Block, file: String, resolve: (String) -> String) throws(DefinitionError) {
            for (written, raw) in try CSSKeyframesImport.declarations(rule.body, file: file, line: rule.line, context: rule.prelude) {
                let property = CSSKeyframesImport.unprefixed(written)
                guard property == "animation" || property.hasPrefix("animation-") else { continue }
                let value = resolve(raw)
                let first = CSSKeyframesImport.splitTopLevel(value, on: ",").first ?? value
                let field = "line \(rule.line): \(rule.prelude).\(written)"
                setsAnimation = true
                switch property {
                case "animation":
                    let entries = CSSKeyframesImport.splitTopLevel(value, on: ",")
                    var shorthands: [CSSKeyframesImport.ShorthandAnimation] = []
                    for entry in entries { shorthands.append(try CSSKeyframesImport.ShorthandAnimation(entry, file: file, path: field, requireName: false)) }
                    guard let shorthand = shorthands.first else { continue }
                    // The shorthand sets every longhand, to its initial value where it says nothing.
                    duration = shorthand.timing.duration
                    delay = shorthand.timing.delay
                    easing = shorthand.easing
                    iterations = shorthand.timing.iterations
                    direction = shorthand.timing.direction
                    fill = shorthand.timing.fill
                    let named = shorthands.map(\.name).filter { !$0.isEmpty && $0 != "none" }
                    names = named.isEmpty ? nil : named
                    namesNone = shorthands.allSatisfy { $0.name.isEmpty || $0.name == "none" }
                case "animation-name":
                    let listed = CSSKeyframesImport.splitTopLevel(value, on: ",").filter { $0 != "none" }
                    names = listed.isEmpty ? nil : listed
                    namesNone = listed.isEmpty
                case "animation-duration": duration = try CSSKeyframesImport.milliseconds(first, file: file, path: field)
                case "animation-delay": delay = try CSSKeyframesImport.milliseconds(first, file: file, path: field, allowNegative: true)
                case "animation-timing-function":
                    try CSSKeyframesImport.checkEasing(first, file: file, path: field)
                    easing = first
                case "animation-iteration-count": iterations = try CSSKeyframesImport.iterations(first, file: file, path: field)
                case "animation-direction":
                    guard CSSKeyframesImport.directions.contains(first) else {
                        throw DefinitionError(file: file, path: field, rule: "must be normal, reverse, alternate or alternate-reverse")
                    }
                    direction = first
                case "animation-fill-mode":
                    guard CSSKeyframesImport.fillModes.contains(first) else {
                        throw DefinitionError(file: file, path: field, rule: "must be none, forwards, backwards or both")
                    }
                    fill = first
                default:
                    break   // play-state, composition, timeline: not part of the timing a component keeps
                }
            }
        }

        /// What a rule's `!important` declarations say of the animation (they win over every
        /// declaration that is not important).
        init(importantOf rule: Block, file: String, resolve: (String) -> String) throws(DefinitionError) {
            var important = rule
            important.body = try CSSKeyframesImport.declarations(rule.body, file: file, line: rule.line, context: rule.prelude, keepImportant: true)
                .compactMap { property, value in
                    CSSKeyframesImport.importantMark(value).map { "\(property): \(value[..<$0]);" }
                }.joined(separator: "\n")
            try self.init(important, file: file, resolve: resolve)
        }

        /// `other`'s longhands over these, where it sets them.
        mutating func cascade(_ other: RuleTiming) {
            duration = other.duration ?? duration
            delay = other.delay ?? delay
            easing = other.easing ?? easing
            iterations = other.iterations ?? iterations
            direction = other.direction ?? direction
            fill = other.fill ?? fill
        }

        /// The same timing: what decides whether a reduced-motion rule changes the animation.
        func sameTiming(as other: RuleTiming) -> Bool {
            options == other.options && (easing ?? "ease") == (other.easing ?? "ease")
        }

        var options: [String: JSONValue] {
            ["duration": .number(duration ?? 0), "delay": .number(delay ?? 0), "iterations": iterations ?? 1,
             "direction": .string(direction ?? "normal"), "fill": .string(fill ?? "none")]
        }
    }
}
