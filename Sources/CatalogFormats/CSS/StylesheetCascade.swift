import CatalogModel
import Foundation

/// A stylesheet as a browser holds it for one plain element: its style rules with the conditions
/// they apply under, its `@keyframes`, its registered custom properties, and the cascade that
/// gives an element its declarations.
///
/// Conditional rules are read as a browser reads them in a ``CSSEnvironment`` (a desktop window,
/// with or without reduced motion): `@media` and `@supports` by their conditions, `@layer` blocks
/// by layer order (unlayered rules over layered ones; the reverse for `!important`); `@container`,
/// `@scope`, `@starting-style` and `@-moz-document` never apply to the plain element; statement
/// at-rules, `@font-face`, `@page` and unknown at-rules say nothing of animation.
///
/// ```swift
/// let cascade = try StylesheetCascade(css: text, file: "animate.css")
/// let element = CSSElement(classes: ["animated", "bounceIn"])
/// try cascade.declarations(for: element, in: .normal)   // every declaration that applies, lowest first
/// ```
struct StylesheetCascade {
    typealias Block = CSSKeyframesImport.Block

    /// A style rule and where it applies.
    struct StyleRule {
        var block: Block
        var environments: Set<CSSEnvironment>
        /// Its layer's place in layer order; unlayered rules have `Int.max`.
        var layer: Int
        var order: Int
        /// For each selector of its list, the classes its subject needs: a quick test before the
        /// selector is matched.
        var subjectClasses: [Set<String>]
        /// Its declarations (`!important` kept on the value), read once; a body that does not
        /// read fails only an element it applies to.
        var declarations: Result<[(String, String)], DefinitionError>
    }

    /// A `@keyframes` rule, vendor twins merged as Chromium merges them.
    struct Keyframes {
        var name: String
        var block: Block
        var environments: Set<CSSEnvironment>
    }

    /// One declaration the cascade applies: its rule, its property as written, its value.
    struct Declaration {
        var rule: Block
        var property: String
        var value: String
    }

    let file: String
    let styleRules: [StyleRule]
    let keyframes: [Keyframes]
    /// The `@keyframes` names in the order they first appear.
    let keyframesOrder: [String]
    /// `@property` registrations: initial value and whether the property inherits.
    let registered: [String: (initial: String?, inherits: Bool)]
    /// The names of at-rules a browser does not know (`@theme`, `@utility`), each once.
    let unknownAtRules: [String]

    static let environments: Set<CSSEnvironment> = [.normal, .reduced]

    /// An element's cascade is asked for again and again (its timing, its own values, its
    /// custom properties and font size, each of its ancestors'): each is worked out once.
    private let memo = Memo()

    private final class Memo: @unchecked Sendable {
        struct Key: Hashable {
            var element: CSSElement, ancestors: [CSSElement], environment: CSSEnvironment
        }
        private let lock = NSLock()
        private var declarations: [Key: [Declaration]] = [:]
        private var customProperties: [Key: [String: String]] = [:]

        func declarations(_ key: Key, _ make: () throws(DefinitionError) -> [Declaration]) throws(DefinitionError) -> [Declaration] {
            if let known = lock.withLock({ declarations[key] }) { return known }
            let made = try make()
            lock.withLock { declarations[key] = made }
            return made
        }

        func customProperties(_ key: Key, _ make: () throws(DefinitionError) -> [String: String]) throws(DefinitionError) -> [String: String] {
            if let known = lock.withLock({ customProperties[key] }) { return known }
            let made = try make()
            lock.withLock { customProperties[key] = made }
            return made
        }
    }

    init(css text: String, file: String) throws(DefinitionError) {
        self.file = file
        var reader = Reader(file: file)
        try reader.read(
            try CSSRuleReader.rules(CSSKeyframesImport.stripComments(text), file: file, statements: true),
            environments: Self.environments, layer: nil)
        let layers = reader.layerOrder
        styleRules = reader.rules.map { rule in
            var rule = rule
            rule.layer = rule.layer == Int.max ? Int.max : layers.firstIndex(of: reader.layerNames[rule.layer]) ?? 0
            return rule
        }
        keyframes = reader.keyframes
        var seen = Set<String>()
        keyframesOrder = reader.keyframesNames.filter { seen.insert($0).inserted }
        registered = reader.registered
        unknownAtRules = reader.unknownAtRules
    }

    /// The `@keyframes` of this name in effect in `environment`.
    func keyframes(named name: String, in environment: CSSEnvironment) -> Keyframes? {
        keyframes.last { $0.name == name && $0.environments.contains(environment) }
    }

    /// Every declaration that applies to `element` (a child of `ancestors`, nearest first; its
    /// own ``CSSElement/ancestors`` by default) in `environment`, in cascade order — the one that
    /// wins for a property is its last.
    func declarations(for element: CSSElement, ancestors given: [CSSElement]? = nil, in environment: CSSEnvironment) throws(DefinitionError) -> [Declaration] {
        let ancestors = given ?? element.ancestors
        return try memo.declarations(.init(element: element, ancestors: ancestors, environment: environment)) { () throws(DefinitionError) in
            try cascaded(for: element, ancestors: ancestors, in: environment)
        }
    }

    private func cascaded(for element: CSSElement, ancestors: [CSSElement], in environment: CSSEnvironment) throws(DefinitionError) -> [Declaration] {
        var normal: [(key: (Int, CSSSpecificity, Int), declaration: Declaration)] = []
        var important: [(key: (Int, CSSSpecificity, Int), declaration: Declaration)] = []
        for rule in styleRules
        where rule.environments.contains(environment)
            && rule.subjectClasses.contains(where: { $0.isSubset(of: element.classes) })
        {
            guard let specificity = CSSSelectorMatch.specificity(of: rule.block.prelude, on: element, ancestors: ancestors) else { continue }
            for (property, value) in try rule.declarations.get() {
                let declaration = Declaration(rule: rule.block, property: property, value: value)
                if let mark = CSSKeyframesImport.importantMark(value) {
                    var plain = declaration
                    plain.value = String(value[..<mark]).trimmingCharacters(in: .whitespacesAndNewlines)
                    // Important declarations of earlier layers win over later layers' (CSS Cascade 5).
                    important.append(((rule.layer == Int.max ? -1 : -rule.layer, specificity, rule.order), plain))
                } else {
                    normal.append(((rule.layer, specificity, rule.order), declaration))
                }
            }
        }
        func sorted(_ list: [(key: (Int, CSSSpecificity, Int), declaration: Declaration)]) -> [Declaration] {
            list.enumerated().sorted { a, b in
                let (x, y) = (a.element.key, b.element.key)
                return (x.0, x.1, x.2, a.offset) < (y.0, y.1, y.2, b.offset)
            }.map(\.element.declaration)
        }
        return sorted(normal) + sorted(important)
    }

    /// The custom properties `element` computes in `environment`: inherited down from `html`
    /// (unless registered as not inheriting), its own declarations over them, registered initial
    /// values where nothing sets one.
    func customProperties(for element: CSSElement, ancestors given: [CSSElement]? = nil, in environment: CSSEnvironment) throws(DefinitionError) -> [String:
        String]
    {
        let ancestors = given ?? element.ancestors
        return try memo.customProperties(.init(element: element, ancestors: ancestors, environment: environment)) { () throws(DefinitionError) in
            try computedCustomProperties(for: element, ancestors: ancestors, in: environment)
        }
    }

    private func computedCustomProperties(for element: CSSElement, ancestors: [CSSElement], in environment: CSSEnvironment) throws(DefinitionError) -> [String:
        String]
    {
        var inherited: [String: String] = [:]
        if let parent = ancestors.first {
            inherited = try customProperties(for: parent, ancestors: Array(ancestors.dropFirst()), in: environment)
                .filter { registered[$0.key]?.inherits ?? true }
        }
        for declaration in try declarations(for: element, ancestors: ancestors, in: environment) where declaration.property.hasPrefix("--") {
            inherited[declaration.property] = declaration.value
        }
        for (name, registration) in registered where inherited[name] == nil {
            if let initial = registration.initial { inherited[name] = initial }
        }
        return inherited
    }

    /// Reads the rule tree into flat lists.
    private struct Reader {
        let file: String
        var rules: [StyleRule] = []
        var keyframes: [Keyframes] = []
        var keyframesNames: [String] = []
        var registered: [String: (initial: String?, inherits: Bool)] = [:]
        /// Layer names in the order they are first named (statements and blocks).
        var layerOrder: [String] = []
        /// Each layered rule's layer name, by the index stored in its `layer`.
        var layerNames: [String] = []
        var anonymousLayers = 0
        var unknownAtRules: [String] = []

        init(file: String) { self.file = file }

        mutating func read(_ blocks: [Block], environments: Set<CSSEnvironment>, layer: String?, depth: Int = 0) throws(DefinitionError) {
            for block in blocks {
                guard depth < 32 else {
                    throw DefinitionError(file: file, path: "line \(block.line)", rule: "at-rules nested more than 32 deep")
                }
                guard block.prelude.hasPrefix("@") else {
                    addStyleRule(block, environments: environments, layer: layer)
                    continue
                }
                let name = String(block.prelude.prefix { !CSSSyntax.isWhitespace($0) && $0 != "(" }.dropFirst()).lowercased()
                let rest = String(block.prelude.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
                func inner() throws(DefinitionError) -> [Block] {
                    try CSSRuleReader.rules(block.body, file: file, lineOffset: block.line - 1, statements: true)
                }
                switch CSSKeyframesImport.unprefixed(name) {
                case "keyframes":
                    guard !block.isStatement else { continue }
                    addKeyframes(
                        rest.trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")), block, prefixed: name != "keyframes", environments: environments)
                case "media":
                    guard !block.isStatement else { continue }
                    let matching = environments.filter { CSSMediaQuery.matches(rest, in: $0) }
                    if !matching.isEmpty { try read(try inner(), environments: matching, layer: layer, depth: depth + 1) }
                case "supports":
                    if !block.isStatement, CSSSupports.matches(rest) { try read(try inner(), environments: environments, layer: layer, depth: depth + 1) }
                case "layer":
                    if block.isStatement {
                        for name in rest.split(separator: ",") { declareLayer(qualified(String(name), in: layer)) }
                    } else {
                        let name: String
                        if rest.isEmpty {
                            anonymousLayers += 1; name = qualified("\u{0}anonymous\(anonymousLayers)", in: layer)
                        } else {
                            name = qualified(rest, in: layer)
                        }
                        declareLayer(name)
                        try read(try inner(), environments: environments, layer: name, depth: depth + 1)
                    }
                case "property":
                    guard !block.isStatement, rest.hasPrefix("--") else { continue }
                    var initial: String?, inherits = true
                    for (descriptor, value) in try CSSKeyframesImport.declarations(block.body, file: file, line: block.line, context: block.prelude) {
                        if descriptor == "initial-value" { initial = value }
                        if descriptor == "inherits" { inherits = value.lowercased() != "false" }
                    }
                    registered[rest] = (initial, inherits)
                case "charset", "import", "namespace", "font-face", "page", "container", "scope", "starting-style", "document",
                    "counter-style", "font-feature-values", "font-palette-values", "view-transition", "position-try", "viewport":
                    continue  // nothing for the plain element
                default:
                    if !unknownAtRules.contains(name) { unknownAtRules.append(name) }
                }
            }
        }

        private func qualified(_ name: String, in layer: String?) -> String {
            let name = CSSSyntax.oneLine(name)
            return layer.map { "\($0).\(name)" } ?? name
        }

        private mutating func declareLayer(_ name: String) {
            if !layerOrder.contains(name) { layerOrder.append(name) }
        }

        private mutating func addStyleRule(_ block: Block, environments: Set<CSSEnvironment>, layer: String?) {
            var layerIndex = Int.max
            if let layer {
                layerIndex = layerNames.count
                layerNames.append(layer)
            }
            let subjects = CSSKeyframesImport.splitTopLevel(block.prelude, on: ",").map { selector in
                CSSSelectorMatch.subjectClassesOfLastCompound(selector)
            }
            let declarations = Result { () throws(DefinitionError) in
                try CSSKeyframesImport.declarations(block.body, file: file, line: block.line, context: block.prelude, keepImportant: true)
            }
            rules.append(
                StyleRule(
                    block: block, environments: environments, layer: layerIndex, order: rules.count,
                    subjectClasses: subjects, declarations: declarations))
        }

        /// Chromium's rule: an unprefixed `@keyframes` replaces any rule of that name; a
        /// `-webkit-` one replaces only another prefixed one.
        private mutating func addKeyframes(_ name: String, _ block: Block, prefixed: Bool, environments: Set<CSSEnvironment>) {
            keyframesNames.append(name)
            var wins = Set<CSSEnvironment>()
            for environment in environments {
                if let index = keyframes.lastIndex(where: { $0.name == name && $0.environments.contains(environment) }) {
                    if prefixed && !keyframes[index].block.prelude.hasPrefix("@-") { continue }
                    keyframes[index].environments.remove(environment)
                }
                wins.insert(environment)
            }
            keyframes.removeAll { $0.environments.isEmpty }
            if !wins.isEmpty { keyframes.append(Keyframes(name: name, block: block, environments: wins)) }
        }
    }
}
