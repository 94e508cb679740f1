import CatalogModel
import Foundation

/// A stylesheet as an animation library publishes it — many `@keyframes`, a base class that sets
/// the timing, one class per animation that names it — read as one definition per `@keyframes`.
///
/// Each component is what a browser runs on an element carrying the classes of the rule that
/// names the animation and the base class (inside parents with their classes, for `.a .b`): every
/// rule that applies to it, by layer, specificity and order, `!important` last
/// (``StylesheetCascade``), over CSS's defaults; `@media` and `@supports` as in a desktop window,
/// reduced motion becoming the component's `reducedMotion:`. The base class is ``Options/base``,
/// or else the one rule whose selector is a single class and which sets `animation-*` without
/// naming an animation. Browsers' aliases are followed: `@-webkit-keyframes` is the same
/// animation as `@keyframes` (the unprefixed one wins, as in Chromium), and a `-webkit-`
/// declaration is its unprefixed twin. Custom properties take the element's values (its own
/// rules', inherited from `:root`, `@property` initial values); `calc()` over times and numbers,
/// and `em`/`rem` lengths, are worked out. Names are the `@keyframes` names in kebab case
/// (`bounceIn` → `bounce-in`), after ``Options/prefix``. A `@keyframes` the catalog cannot play
/// is refused by name, or with ``Options/skipUnsupported`` left out and listed.
///
/// ```swift
/// let definitions = try DefinitionDecoder.decodeAll(text: """
///     :root { --duration: 1s }
///     @keyframes bounceIn { from { opacity: 0 } to { opacity: 1 } }
///     @keyframes fadeOut { from { opacity: 1 } to { opacity: 0 } }
///     .animated { animation-duration: var(--duration); animation-fill-mode: both }
///     .animated.faster, .fadeOut { animation-name: fadeOut; animation-duration: calc(var(--duration) / 2) }
///     .bounceIn { animation-name: bounceIn }
///     """, file: "motion.css", options: ImportOptions(prefix: "lib"))
/// definitions.map(\.name)   // ["lib-bounce-in", "lib-fade-out"]: 1000 ms and 500 ms, both
/// ```
public enum StylesheetLibrary {
    /// How a library is read.
    /// What only a stylesheet library is read with (``ImportOptions`` holds what every format is).
    public struct Options: Sendable, Hashable {
        /// The selector of the rule every animated element carries (`--base .animated`).
        public var base: String?

        /// Options as `catalog add --base` takes them.
        public init(base: String? = nil) {
            self.base = base
        }
    }

    typealias Block = CSSKeyframesImport.Block

    /// True when `css` holds animations to import one by one: two or more `@keyframes` (vendor
    /// twins counted once) that no single rule runs together as one effect — which is the shape of
    /// a stylesheet `catalog export --to css` writes, read as one component.
    package static func isLibrary(css text: String, file: String) throws(DefinitionError) -> Bool {
        try Stylesheet(css: text, file: file).isLibrary(options: ImportOptions())
    }

    /// One definition document per `@keyframes`, in the order they appear.
    package static func documents(css text: String, file: String, options: ImportOptions = ImportOptions()) throws(DefinitionError) -> [JSONValue] {
        try Stylesheet(css: text, file: file).documents(options: options).map(\.definition.document)
    }

    /// The classes of the element each component is timed for (component name → classes, the
    /// base's included): what a page puts on an element to run it as the component plays.
    /// With each, the element's own values of the properties given (camelCase → CSS), as its
    /// classes set them: what shows when the animation does not.
    /// The element's parents' classes come first, outermost first, each level `" / "` apart
    /// (`load1 / loader`).
    package static func elements(css text: String, file: String, options: ImportOptions = ImportOptions(), properties: Set<String>)
        throws(DefinitionError) -> [String: (classes: [String], own: [String: String])]
    {
        let stylesheet = try Stylesheet(css: text, file: file)
        let base = try stylesheet.baseClasses(options: options) ?? []
        var elements: [String: (classes: [String], own: [String: String])] = [:]
        for (keyframesName, block) in stylesheet.keyframes {
            guard let name = try? componentName(keyframesName, options: options, file: file, line: block.line),
                let element = try? stylesheet.element(running: keyframesName, base: base)
            else { continue }
            let levels = element.parents.reversed().map { $0.classes.sorted().joined(separator: " ") } + [element.classes.sorted().joined(separator: " ")]
            var own = (try? stylesheet.ownValues(of: element, in: .normal, animated: properties)) ?? [:]
            if properties.contains("transformOrigin"), let origin = try? stylesheet.style(of: element, in: .normal).origin { own["transformOrigin"] = origin }
            elements[name] = ([levels.joined(separator: " / ")], own)
        }
        return elements
    }

    /// A stylesheet read once (``StylesheetCascade``), with the animations each style rule
    /// names. Both questions — is it a library, and what does it make — are answered from it.
    struct Stylesheet {
        let file: String
        let cascade: StylesheetCascade
        /// The style rules that name animations, with the names, in each environment.
        let naming: [(rule: StylesheetCascade.StyleRule, names: [String], none: Bool)]
        /// The `@keyframes` run only by rules that apply under reduced motion alone: stand-ins,
        /// not animations of their own.
        let reducedOnly: Set<String>
        /// The `@keyframes` that are animations of their own, in the order they first appear.
        let keyframes: [(name: String, block: Block)]

        init(css text: String, file: String) throws(DefinitionError) {
            self.file = file
            let cascade = try StylesheetCascade(css: text, file: file)
            self.cascade = cascade
            // The names a rule runs, read with :root's custom properties and its own.
            let root = (try? cascade.customProperties(for: .html, ancestors: [], in: .normal)) ?? [:]
            var naming: [(rule: StylesheetCascade.StyleRule, names: [String], none: Bool)] = []
            for rule in cascade.styleRules {
                guard let declarations = try? CSSKeyframesImport.declarations(rule.block.body, file: file, line: rule.block.line, context: rule.block.prelude),
                    declarations.contains(where: { AnimationLonghands.reads($0.0) })
                else { continue }
                var custom = root
                for (property, value) in declarations where property.hasPrefix("--") { custom[property] = value }
                var timing = AnimationLonghands()
                for (written, raw) in declarations where AnimationLonghands.reads(written) {
                    // A var() that does not resolve here is left out of the names; the element's
                    // cascade refuses it by name if it is the element's.
                    try? timing.read(written, Self.withoutVariables(StylesheetLibrary.resolved(raw, custom)), file: file, field: "")
                }
                if timing.names != nil || timing.namesNone { naming.append((rule, timing.names ?? [], timing.namesNone)) }
            }
            self.naming = naming
            let normal = Set(naming.filter { $0.rule.environments.contains(.normal) }.flatMap(\.names))
            let reduced = Set(naming.filter { !$0.rule.environments.contains(.normal) }.flatMap(\.names))
            let reducedOnly = reduced.subtracting(normal)
            self.reducedOnly = reducedOnly
            keyframes = cascade.keyframesOrder.compactMap { name in
                guard !reducedOnly.contains(name), let found = cascade.keyframes(named: name, in: .normal) else { return nil }
                return (name, found.block)
            }
        }

        /// `value` with every `var(…)` left in it removed.
        static func withoutVariables(_ value: String) -> String {
            var result = "", rest = Substring(value)
            while let start = rest.range(of: "var(") {
                result += rest[..<start.lowerBound] + " "
                guard let end = CSSSyntax.closingParenthesis(in: rest, from: start.lowerBound) else { return result }
                rest = rest[rest.index(after: end)...]
            }
            return result + rest
        }

        /// Whether the stylesheet is read as a library — one component per `@keyframes` — rather
        /// than as one component (the shape `catalog export --to css` writes: one rule's
        /// `animation` shorthand runs the keyframes, and no base class times them).
        func isLibrary(options: ImportOptions) -> Bool {
            let names = Set(keyframes.map(\.name))
            guard !names.isEmpty else { return false }
            if naming.contains(where: { Set($0.names).intersection(names).count >= 2 }) { return false }
            if names.count >= 2 || options.stylesheet.base != nil { return true }
            if (try? baseClasses(options: options)) != nil { return true }
            // One @keyframes: an export when one rule alone runs it, with the shorthand.
            let running = naming.filter { $0.rule.environments.contains(.normal) && $0.names.contains(keyframes[0].name) }
            guard running.count == 1, let rule = running.first?.rule.block else { return true }
            let declarations = try? CSSKeyframesImport.declarations(rule.body, file: file, line: rule.line, context: rule.prelude)
            return !(declarations ?? []).contains { CSSKeyframesImport.unprefixed($0.0) == "animation" }
        }

        /// One document per `@keyframes`, with the keyframe declarations a browser drops from it.
        /// A `@keyframes` the catalog cannot play is refused by name, or with
        /// ``Options/skipUnsupported`` left out and listed (on the first document).
        func documents(options: ImportOptions) throws(DefinitionError) -> [(definition: ImportedDefinition, ignored: [String])] {
            let base = try baseClasses(options: options) ?? []
            var documents: [(definition: ImportedDefinition, ignored: [String])] = []
            var names: [String: String] = [:]
            var refused: [(keyframes: String, error: DefinitionError)] = []
            var standIns: [String: AnimationLonghands] = [:]  // the stand-ins made for reduced motion, and their timing
            for (keyframesName, block) in keyframes {
                do throws(DefinitionError) {
                    documents += try self.documents(of: keyframesName, block, base: base, options: options, claimed: &names, standIns: &standIns)
                } catch {
                    // Made anew, so that the path stays within a message's bounds.
                    let path =
                        error.path.hasPrefix("line \(block.line): @keyframes")
                        ? error.path
                        : "@keyframes \(Excerpt.quote(keyframesName))" + (error.path.isEmpty ? "" : ", " + error.path)
                    refused.append((keyframesName, DefinitionError(file: error.file, path: path, rule: error.rule)))
                }
            }
            if let first = refused.first {
                let named = refused.dropFirst().prefix(5).map { Excerpt.quote($0.keyframes, limit: 40) }.joined(separator: ", ")
                let others = refused.count > 1 ? " (and \(refused.count - 1) more @keyframes: \(named)\(refused.count > 6 ? ", …" : ""))" : ""
                guard options.skipUnsupported, !documents.isEmpty else {
                    throw DefinitionError(
                        file: first.error.file, path: first.error.path,
                        rule: first.error.rule + others
                            + (documents.isEmpty ? "" : "; --skip-unsupported adds the other \(documents.count) and lists these"))
                }
                documents[0].ignored += refused.map { "left out \($0.error.path): \($0.error.rule)" }
            }
            return documents
        }

        /// The component (and a stand-in for reduced motion, when one is made) of one `@keyframes`.
        private func documents(
            of keyframesName: String, _ block: Block, base: Set<String>, options: ImportOptions,
            claimed names: inout [String: String], standIns: inout [String: AnimationLonghands]
        ) throws(DefinitionError) -> [(definition: ImportedDefinition, ignored: [String])] {
            var made: [(definition: ImportedDefinition, ignored: [String])] = []
            func claim(_ name: String, for keyframesName: String, line: Int) throws(DefinitionError) {
                if let other = names[name], other != keyframesName {
                    throw DefinitionError(
                        file: file, path: "line \(line): @keyframes \(keyframesName)",
                        rule: "becomes \(name), as @keyframes \(other) does: rename one")
                }
                names[name] = keyframesName
            }
            let name = try componentName(keyframesName, options: options, file: file, line: block.line)
            try claim(name, for: keyframesName, line: block.line)
            let element = try self.element(running: keyframesName, base: base)
            let normal = try style(of: element, in: .normal)
            let custom = try cascade.customProperties(for: element, in: .normal)
            // Font-relative lengths in keyframes, as the element's font size makes them.
            let em = CSSFontSize.size(of: element, in: cascade, environment: .normal) ?? CSSFontSize.medium
            let rem = CSSFontSize.size(of: .html, ancestors: [], in: cascade, environment: .normal) ?? CSSFontSize.medium
            func document(
                _ name: String, _ block: Block, _ timing: AnimationLonghands, reducedMotion: JSONValue?, origin: String?,
                environment: CSSEnvironment = .reduced
            ) throws(DefinitionError) {
                var ignored: [String] = []
                var frames = try CSSKeyframesImport.keyframes(
                    block, file: file, easing: timing.easing ?? "ease", ignored: &ignored,
                    resolve: { CSSFontSize.absolute(StylesheetLibrary.resolved($0, custom), em: em, rem: rem) })
                let animated = Set(frames.flatMap { $0.values.keys })
                Self.hold(own: try ownValues(of: element, in: environment, animated: animated), in: &frames, easing: timing.easing ?? "ease")
                if let origin { Self.hold(origin: origin, in: &frames, easing: timing.easing ?? "ease") }
                let definition = ImportedDefinition(name: name, body: .web(keyframes: frames, timing: timing.webTiming), reducedMotion: reducedMotion)
                made.append((definition, ignored))
            }
            var reducedMotion: JSONValue?
            switch try reducedForm(of: keyframesName, element: element, normal: normal.timing) {
            case .same: break
            case .removed: reducedMotion = "removed"
            case .policy(let policy): reducedMotion = policy
            case .other(let other, let reducedTiming, let field):
                guard let standIn = cascade.keyframes(named: other, in: .reduced) else {
                    throw DefinitionError(file: file, path: field, rule: "runs @keyframes \(other), which the stylesheet does not have")
                }
                let standInName = try componentName(other, options: options, file: file, line: standIn.block.line)
                // The component that runs those keyframes on that timing: one made for it, or the
                // animation as its own class runs it; else a stand-in of this one's own.
                let running: AnimationLonghands? =
                    reducedOnly.contains(other) ? nil : try? style(of: try self.element(running: other, base: base), in: .normal).timing
                guard let existing = standIns[standInName] ?? running else {
                    try claim(standInName, for: other, line: standIn.block.line)
                    try document(standInName, standIn.block, reducedTiming, reducedMotion: nil, origin: nil)
                    standIns[standInName] = reducedTiming
                    reducedMotion = .string(standInName)
                    break
                }
                if reducedTiming.sameTiming(as: existing) {
                    reducedMotion = .string(standInName)
                } else {
                    // Its keyframes on another timing than its own component's: a stand-in of their own.
                    let ownName = name + "-reduced"
                    try claim(ownName, for: keyframesName, line: block.line)
                    try document(ownName, standIn.block, reducedTiming, reducedMotion: nil, origin: nil)
                    reducedMotion = .string(ownName)
                }
            case .retimed(let reducedTiming):
                let standInName = name + "-reduced"
                try claim(standInName, for: keyframesName, line: block.line)
                try document(standInName, block, reducedTiming, reducedMotion: nil, origin: nil)
                reducedMotion = .string(standInName)
            }
            if let origin = normal.origin {
                do throws(CSSValueError) { _ = try TransformOrigin.point(css: origin, box: .nominal) } catch {
                    throw DefinitionError(file: file, path: "@keyframes \(keyframesName): transform-origin", rule: error.message)
                }
            }
            try document(name, block, normal.timing, reducedMotion: reducedMotion, origin: normal.origin, environment: .normal)
            return made
        }

        /// The element that runs `keyframesName`: one carrying the base classes and the classes
        /// of a selector of a rule that names it, whose cascade ends on that name (`.x.rev` over
        /// `.x` runs `rev`'s animation); else one carrying the base classes and a class of that
        /// name, as a one-animation definition file times it (`.pulse { animation-duration: … }`).
        func element(running keyframesName: String, base: Set<String>) throws(DefinitionError) -> CSSElement {
            var unreachable: StylesheetCascade.StyleRule?
            for rule in naming where rule.rule.environments.contains(.normal) && rule.names.contains(keyframesName) {
                for selector in CSSKeyframesImport.splitTopLevel(rule.rule.block.prelude, on: ",") {
                    // The element carries the subject's classes and the base; an element inside
                    // others (`.load1 .loader`) has parents with theirs.
                    guard let chain = CSSSelectorMatch.classChain(selector), let classes = chain.last, !classes.isEmpty else {
                        unreachable = unreachable ?? rule.rule
                        continue
                    }
                    let element = CSSElement(classes: classes.union(base), parents: chain.dropLast().reversed().map { CSSElement(classes: $0) })
                    guard CSSSelectorMatch.specificity(of: selector, on: element) != nil else { unreachable = unreachable ?? rule.rule; continue }
                    if try style(of: element, in: .normal).timing.names?.first == keyframesName { return element }
                }
            }
            // Rules run it, but none on an element of its own classes (`.open .panel`, `a:hover`):
            // what it plays depends on a page the catalog does not have.
            if let rule = unreachable {
                throw DefinitionError(
                    file: file, path: "line \(rule.block.line): \(rule.block.prelude)",
                    rule:
                        "runs @keyframes \(keyframesName) only on an element inside another or in a state (hover, focus, …); the catalog times an animation for an element by its own classes"
                )
            }
            return CSSElement(classes: base.union([keyframesName]))
        }

        /// What the cascade gives `element` in `environment`: its animation longhands over CSS's
        /// defaults, its `transform-origin`, and where its animation is named (for messages).
        func style(of element: CSSElement, in environment: CSSEnvironment) throws(DefinitionError)
            -> (timing: AnimationLonghands, origin: String?, namedAt: String?)
        {
            let custom = try cascade.customProperties(for: element, in: environment)
            var timing = AnimationLonghands.defaults
            timing.names = nil
            var origin: String?, namedAt: String?
            for declaration in try cascade.declarations(for: element, in: environment) {
                let property = CSSKeyframesImport.unprefixed(declaration.property)
                guard property == "transform-origin" || AnimationLonghands.reads(property) else { continue }
                let field = "line \(declaration.rule.line): \(declaration.rule.prelude).\(declaration.property)"
                let value = try resolvedChecked(declaration.value, custom, element: element, field: field)
                if property == "transform-origin" { origin = value; continue }
                try timing.read(declaration.property, value, file: file, field: field)
                if property == "animation" || property == "animation-name" { namedAt = field }
            }
            return (timing, origin, namedAt)
        }

        /// `value` with its `var()`s and `calc()`s worked out; a `var()` that names a custom
        /// property the element does not have, without a fallback, is refused by name.
        func resolvedChecked(_ value: String, _ custom: [String: String], element: CSSElement, field: String) throws(DefinitionError) -> String {
            let resolved = StylesheetLibrary.resolved(value, custom)
            let classes = element.classes.sorted().map { "." + $0 }.joined()
            if let unresolved = StylesheetLibrary.unresolvedVariable(in: resolved, element: "an element carrying \(classes)") {
                throw DefinitionError(file: file, path: field, rule: unresolved)
            }
            return resolved
        }

        /// The base classes: the compound `options.stylesheet.base` names, else the one single-class rule
        /// that sets `animation-*` without naming an animation; nil when there is none.
        func baseClasses(options: ImportOptions) throws(DefinitionError) -> Set<String>? {
            if let selector = options.stylesheet.base.map(CSSSyntax.oneLine) {
                guard let classes = CSSSelectorMatch.subjectClasses(selector), !classes.isEmpty else {
                    throw DefinitionError(file: file, path: "", rule: "the base \(selector) must be classes (.animated, .a.b)")
                }
                guard cascade.styleRules.contains(where: { CSSKeyframesImport.splitTopLevel($0.block.prelude, on: ",").contains(selector) }) else {
                    throw DefinitionError(file: file, path: "", rule: "no rule has the selector \(selector) given as the base")
                }
                return classes
            }
            let keyframesNames = Set(keyframes.map(\.name))
            var candidates: [(selector: String, line: Int)] = []
            for rule in cascade.styleRules where rule.environments.contains(.normal) && StylesheetLibrary.isSingleClass(rule.block.prelude) {
                // A one-animation file's own `.NAME` timing rule is not a base.
                if keyframesNames.count == 1, rule.block.prelude == "." + keyframes[0].name { continue }
                guard let declarations = try? CSSKeyframesImport.declarations(rule.block.body, file: file, line: rule.block.line, context: rule.block.prelude),
                    declarations.contains(where: { AnimationLonghands.reads($0.0) }),
                    !declarations.contains(where: { ["animation-name", "animation"].contains(CSSKeyframesImport.unprefixed($0.0)) }),
                    !candidates.contains(where: { $0.selector == rule.block.prelude })
                else { continue }
                candidates.append((rule.block.prelude, rule.block.line))
            }
            guard candidates.count <= 1 else {
                throw DefinitionError(
                    file: file, path: "",
                    rule: "several rules could be the base that every animated element carries ("
                        + candidates.map { "\($0.selector) on line \($0.line)" }.joined(separator: ", ") + "): name the base by its selector")
            }
            return candidates.first.map { [String($0.selector.dropFirst())] }
        }

        /// What an element runs under reduced motion, from what it runs normally.
        enum ReducedForm {
            /// The same animation on the same timing.
            case same
            /// No animation: the element keeps its own style.
            case removed
            /// A `reducedMotion:` policy that plays the reduced timing exactly (`none`, `shorten`).
            case policy(JSONValue)
            /// Another `@keyframes`, on the reduced timing (where it is named, for messages).
            case other(String, AnimationLonghands, String)
            /// The same keyframes on a timing no policy says.
            case retimed(AnimationLonghands)
        }

        /// What `element`, which runs `keyframesName` on `normal`, runs when the viewer prefers
        /// reduced motion: the cascade again, with the rules that apply then.
        func reducedForm(of keyframesName: String, element: CSSElement, normal: AnimationLonghands) throws(DefinitionError) -> ReducedForm {
            let reduced = try style(of: element, in: .reduced)
            let runs = reduced.timing.names?.first
            if runs == nil { return normal.names == nil ? .same : .removed }
            if let other = runs, other != (normal.names?.first ?? keyframesName) {
                return .other(other, reduced.timing, reduced.namedAt ?? "")
            }
            if reduced.timing.sameTiming(as: normal) { return .same }
            return Self.reducedMotion(normal: normal, reduced: reduced.timing).map(ReducedForm.policy) ?? .retimed(reduced.timing)
        }

        /// The `reducedMotion:` of the one component a stylesheet that is not a library makes (the
        /// shape `catalog export --to css` writes), and the stand-in components it runs (their own
        /// `@keyframes` on the reduced timing). Nil and none when reduced motion changes nothing.
        func reducedMotionOfOne(name: String, options: ImportOptions) throws(DefinitionError) -> (
            policy: JSONValue?, standIns: [(definition: ImportedDefinition, ignored: [String])]
        ) {
            guard let first = keyframes.first else { return (nil, []) }
            let element = try self.element(running: first.name, base: [])
            let normal = try style(of: element, in: .normal).timing
            let keyframesName = normal.names?.first ?? first.name
            let custom = try cascade.customProperties(for: element, in: .reduced)
            func standIn(_ standInName: String, _ block: Block, _ timing: AnimationLonghands) throws(DefinitionError) -> (
                JSONValue, [(definition: ImportedDefinition, ignored: [String])]
            ) {
                var ignored: [String] = []
                let frames = try CSSKeyframesImport.keyframes(
                    block, file: file, easing: timing.easing ?? "ease", ignored: &ignored,
                    resolve: { StylesheetLibrary.resolved($0, custom) })
                let definition = ImportedDefinition(name: standInName, body: .web(keyframes: frames, timing: timing.webTiming))
                return (.string(standInName), [(definition, ignored)])
            }
            switch try reducedForm(of: keyframesName, element: element, normal: normal) {
            case .same: return (nil, [])
            case .removed: return ("removed", [])
            case .policy(let policy): return (policy, [])
            case .other(let other, let timing, let field):
                guard let block = cascade.keyframes(named: other, in: .reduced)?.block else {
                    throw DefinitionError(file: file, path: field, rule: "runs @keyframes \(other), which the stylesheet does not have")
                }
                return try standIn(try componentName(other, options: options, file: file, line: block.line), block, timing)
            case .retimed(let timing):
                let block = cascade.keyframes(named: keyframesName, in: .reduced)?.block ?? first.block
                return try standIn(name + "-reduced", block, timing)
            }
        }

        /// The element's own value of each animated property (camelCase → CSS), where its
        /// cascade sets one: what the browser takes for a keyframe the animation leaves implicit.
        func ownValues(of element: CSSElement, in environment: CSSEnvironment, animated: Set<String>) throws(DefinitionError) -> [String: String] {
            let custom = try cascade.customProperties(for: element, in: environment)
            var values: [String: String] = [:]
            for declaration in try cascade.declarations(for: element, in: environment) {
                let camel = CSSKeyframesImport.camelCase(CSSKeyframesImport.unprefixed(declaration.property))
                guard animated.contains(camel), camel != "transformOrigin", let property = AnimatableProperty.web(camel) else { continue }
                let field = "line \(declaration.rule.line): \(declaration.rule.prelude).\(declaration.property)"
                let value = try resolvedChecked(declaration.value, custom, element: element, field: field)
                do throws(CSSValueError) {
                    _ = try AnimationValue(css: value, for: property.kind, box: .nominal)
                } catch {
                    throw DefinitionError(
                        file: file, path: field, rule: "the element's own \(declaration.property), where the keyframes leave it implicit: \(error.message)")
                }
                values[camel] = value
            }
            return values
        }

        /// The element's own values written where the keyframes leave a property implicit (at 0
        /// or 1), eased by the animation's timing function as CSS eases an implicit keyframe.
        static func hold(own values: [String: String], in frames: inout [ImportedDefinition.Keyframe], easing: String) {
            for (property, value) in values.sorted(by: { $0.key < $1.key }) {
                for end in [0.0, 1.0] where !frames.contains(where: { $0.offset == end && !$0.adds && $0.values[property] != nil }) {
                    // The own value replaces a neutral one added to the underlying value there.
                    for index in frames.indices where frames[index].offset == end && frames[index].adds { frames[index].values[property] = nil }
                    if let index = frames.firstIndex(where: { $0.offset == end && $0.easing == easing && !$0.adds }) {
                        frames[index].values[property] = value
                    } else {
                        let frame = ImportedDefinition.Keyframe(offset: end, easing: easing, values: [property: value])
                        if end == 0 { frames.insert(frame, at: 0) } else { frames.append(frame) }
                    }
                }
            }
            frames.removeAll { $0.adds && $0.values.isEmpty }
        }

        /// A class's own `transform-origin` held through the animation: where the keyframes do not
        /// animate it, it is their `transformOrigin` at 0 and 1 (the turning point of every
        /// transform the animation makes; outside it the element's own transform shows).
        static func hold(origin: String, in frames: inout [ImportedDefinition.Keyframe], easing: String) {
            guard !frames.contains(where: { $0.values["transformOrigin"] != nil }) else { return }
            for end in [0.0, 1.0] {
                if let index = frames.firstIndex(where: { $0.offset == end && !$0.adds }) {
                    frames[index].values["transformOrigin"] = origin
                } else {
                    // With the animation's easing, as every keyframe a stylesheet gives has.
                    frames.insert(
                        ImportedDefinition.Keyframe(offset: end, easing: easing, values: ["transformOrigin": origin]), at: end == 0 ? 0 : frames.count)
                }
            }
        }

        /// The `reducedMotion:` policy that plays `reduced` where `normal` was written, when one
        /// does exactly (to within 10 ms): over at once and holding its end → `none` (its own
        /// style after it → `removed`); the same motion with duration and delay scaled → `shorten`.
        static func reducedMotion(normal: AnimationLonghands, reduced: AnimationLonghands) -> JSONValue? {
            let duration = normal.duration ?? 0, delay = normal.delay ?? 0
            let reducedDuration = reduced.duration ?? 0, reducedDelay = reduced.delay ?? 0
            let iterations = reduced.iterations ?? .infinity
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

    /// Custom properties set on `:root` (or `html`), later declarations winning.
    static func customProperties(_ blocks: [Block], file: String) throws(DefinitionError) -> [String: String] {
        var values: [String: String] = [:]
        for rule in styleRules(blocks)
        where rule.prelude.split(separator: ",").contains(where: {
            let selector = CSSSyntax.oneLine(String($0)).lowercased()
            return selector == ":root" || selector == "html"
        }) {
            for (property, value) in try CSSKeyframesImport.declarations(rule.body, file: file, line: rule.line, context: rule.prelude)
            where property.hasPrefix("--") {
                values[property] = value
            }
        }
        return values
    }

    /// Why `value` still holds a `var()` after substitution, naming the first one and the element
    /// (`"an element carrying .a.b"`) it was resolved for; nil when it holds none.
    static func unresolvedVariable(in value: String, element: String) -> String? {
        guard let start = value.range(of: "var(") else { return nil }
        let name = value[start.upperBound...].prefix { $0 != "," && $0 != ")" }.trimmingCharacters(in: .whitespaces)
        return "var(\(name)) does not resolve: no rule that applies to \(element) (nor :root) sets \(name), and it has no fallback"
    }

    /// `value` with its custom properties (``substituteVariables(_:_:)``), then its
    /// `calc()`s (``CSSCalc/substitute(_:)``), worked out.
    static func resolved(_ value: String, _ custom: [String: String]) -> String {
        CSSCalc.substitute(substituteVariables(value, custom))
    }

    /// `value` with each `var(--name, fallback)` replaced by the property's value, else its
    /// fallback (itself resolved); a reference that resolves to nothing is left as written, for
    /// the value's own check to refuse. As in CSS Variables §3, a property whose value refers
    /// back to itself is invalid (its fallback is used); work and length are bounded, so a file
    /// of references that double at each level cannot make it exponential.
    static func substituteVariables(_ value: String, _ custom: [String: String]) -> String {
        guard value.contains("var(") else { return value }
        var budget = VariableBudget()
        return substitute(value, custom, resolving: [], budget: &budget) ?? value
    }

    /// How much substituting may do: references followed and characters written.
    private struct VariableBudget {
        var references = 256
        var characters = 16_384
    }

    /// One pass left to right; nil when the value is invalid (a cycle, or beyond the budget).
    private static func substitute(_ value: String, _ custom: [String: String], resolving: Set<String>, budget: inout VariableBudget) -> String? {
        var result = "", rest = value[...]
        while let start = rest.range(of: "var(") {
            result += rest[..<start.lowerBound]
            guard let end = CSSSyntax.closingParenthesis(in: rest, from: start.lowerBound) else {
                result += rest[start.lowerBound...]
                rest = rest[rest.endIndex...]
                break
            }
            let inside = String(rest[start.upperBound..<end])
            let name = (CSSKeyframesImport.splitTopLevel(inside, on: ",").first ?? "").trimmingCharacters(in: .whitespaces)
            let fallback = inside.firstIndex(of: ",").map { inside[inside.index(after: $0)...].trimmingCharacters(in: .whitespaces) }
            budget.references -= 1
            guard budget.references >= 0, !resolving.contains(name) else { return nil }
            var replacement: String?
            if let own = custom[name] { replacement = substitute(own, custom, resolving: resolving.union([name]), budget: &budget) }
            if replacement == nil, let fallback { replacement = substitute(fallback, custom, resolving: resolving, budget: &budget) }
            // Unresolved: in a custom property's value, that property is invalid; in the value
            // itself, the reference is left as written, for the value's own check to name.
            if replacement == nil, !resolving.isEmpty { return nil }
            result += replacement ?? String(rest[start.lowerBound...end])
            budget.characters -= (replacement?.count ?? 0)
            guard budget.characters >= 0 else { return nil }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    static func styleRules(_ blocks: [Block]) -> [Block] { blocks.filter { !$0.prelude.hasPrefix("@") } }

    static func isSingleClass(_ selector: String) -> Bool {
        guard selector.hasPrefix("."), selector.count > 1 else { return false }
        return selector.dropFirst().allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// `bounceIn` → `bounce-in`, after the prefix; refused unless it is a component name.
    static func componentName(_ keyframesName: String, options: ImportOptions, file: String, line: Int) throws(DefinitionError) -> String {
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
            throw DefinitionError(
                file: file, path: "line \(line): @keyframes \(keyframesName)",
                rule: "becomes the component name '\(name)', which must match [a-z0-9][a-z0-9.-]* (at most 100 characters)")
        }
        return name
    }
}
