import CatalogEngine
import CatalogFormats
import CatalogModel

/// The front doors the fuzzers knock on: each takes arbitrary bytes and reports every broken
/// promise — never a crash, a hang or a non-finite number, and either a value or an error that
/// names its rule. The same checks run three ways: under libFuzzer (`.ci/fuzz`, the `catalog-fuzz`
/// product built with `-sanitize=fuzzer`), over the committed corpus in the test suite, and on
/// files given to `catalog-fuzz` built normally.
///
/// ```swift
/// FuzzTarget.definitionYAML.violations(in: Array("name: a\nkind: animation".utf8))   // []
/// ```
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// Definition files as YAML: decoded, validated and, when accepted, sampled.
    case definitionYAML = "definition-yaml"
    /// Definition files as JSON (the strict reader), the same checks.
    case definitionJSON = "definition-json"
    /// CSS `@keyframes` stylesheets imported as definitions, the same checks.
    case cssKeyframes = "css-keyframes"
    /// CSS values: easing functions (evaluated), transform lists and colours.
    case cssValues = "css-values"
    /// `prop set` values converted to every declared type, and `sample --at` time lists.
    case valuesAndTimes = "values-and-times"

    /// Broken promises found in one input; empty when the input was handled as promised.
    package func violations(in bytes: [UInt8]) -> [String] {
        // Inputs that are not UTF-8 never reach the parsers (files are read as text first).
        guard let text = String(validating: bytes, as: UTF8.self) else { return [] }
        switch self {
        case .definitionYAML: return Self.definition(text, file: "fuzz.yaml")
        case .definitionJSON: return Self.definition(text, file: "fuzz.json")
        case .cssKeyframes: return Self.definition(text, file: "fuzz.css")
        case .cssValues: return Self.cssValue(text)
        case .valuesAndTimes: return Self.valueAndTimes(text)
        }
    }

    /// Every definition a file makes (one; a stylesheet library's or a Lottie document's several)
    /// is handled as promised.
    static func definition(_ text: String, file: String) -> [String] {
        let definitions: [ComponentDefinition]
        do {
            definitions = try DefinitionDecoder.decodeAll(text: text, file: file)
        } catch {
            var problems: [String] = []
            if error.file != file || error.rule.isEmpty { problems.append("an error that does not name the file and a rule: \(error)") }
            // Path and rule are each cut at `maximumLength`, plus a note of how much was left out.
            if error.description.count > 2 * (DefinitionError.maximumLength + 40) + file.count + 10 {
                problems.append("an error that echoes unbounded input (\(error.description.count) characters)")
            }
            return problems
        }
        return definitions.flatMap(accepted)
    }

    /// What `add` would store: it reads back as itself and, an animation, evaluates to finite values.
    static func accepted(_ definition: ComponentDefinition) -> [String] {
        // What is accepted re-reads as itself from its stored form.
        guard let again = try? DefinitionDecoder.decode(text: definition.canonicalJSON, file: "stored.json"),
            again.contentHash == definition.contentHash
        else { return ["the stored form of an accepted definition does not read back as the same"] }
        guard definition.kind == .animation else { return [] }
        // It evaluates wherever a use gives what it needs: a reference box for `translate()`
        // percentages, token sets for its token references (the built-in ones where they have
        // them all; any token values otherwise — which exist is the catalog's to say at add).
        func compiled(_ tokens: TokenBinding?) -> AnimationDefinition? {
            try? AnimationDefinition(definition, context: DefinitionContext(referenceBox: definition.needsReferenceBox ? .nominal : nil, tokens: tokens))
        }
        // A reference the built-in sets refuse (unknown, or a curve where a time goes) is a clean
        // refusal at use; the body must still evaluate with tokens that fit.
        let references = !definition.tokenReferences.isEmpty
        guard let animation = (references ? compiled(BuiltInTokenSets.binding) : nil) ?? compiled(references ? .nominal : nil) else {
            return ["an accepted animation does not compile"]
        }
        return FiniteSampling.violations(of: AnimationEffect(animation))
    }

    static func cssValue(_ text: String) -> [String] {
        var problems: [String] = []
        if let function = try? TimingFunction(parsing: text) {
            let easing = CompiledEasing(function)
            for input in stride(from: -0.5, through: 1.5, by: 0.125) where !easing.output(at: input).isFinite {
                problems.append("easing \(text) is not finite at \(input)")
            }
        }
        if let list = try? TransformFunction.list(css: text), NumericLimits.problem(value: .transform(list)) == nil,
            !AnimationValue.transform(list).magnitude.isFinite
        {
            problems.append("an accepted transform \(text) is not finite")
        }
        if let color = try? RGBAColor(css: text), ![color.red, color.green, color.blue, color.alpha].allSatisfy({ (0...1).contains($0) }) {
            problems.append("colour \(text) has a channel outside 0…1")
        }
        return problems
    }

    static func valueAndTimes(_ text: String) -> [String] {
        var problems: [String] = []
        for type in ValueType.allCases {
            guard let value = try? PropertyValue(converting: text, to: type) else { continue }
            if value.type != type { problems.append("\(text) converted to \(type) gives a \(value.type)") }
            if (try? PropertyValue(json: value.jsonValue, as: type)) != value { problems.append("\(text) as \(type) does not read back") }
        }
        if let times = try? SampleTimes.list(text), times.contains(where: { NumericLimits.problem(time: $0) != nil }) {
            problems.append("--at \(text) accepted a time outside the limits")
        }
        return problems
    }
}
