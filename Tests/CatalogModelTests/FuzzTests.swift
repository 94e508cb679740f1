import CatalogModel
import Foundation
import Testing
import TestSupport

/// A seeded fuzz of the front door: mutated definitions (YAML and JSON), CSS values (easings,
/// transforms, colours, `@keyframes`), property values and time lists. Each input either gives a
/// value or a clear error — never a crash — and the same seed always gives the same inputs, so a
/// failure replays. What it found is kept as a regression case in `FuzzTests.found`.
struct FuzzTests {
    /// Deterministic and independent of the platform.
    typealias Random = SeededRandom

    /// Seeds: valid inputs of each front door, mutated below.
    static let definitions = [
        "name: a\nkind: animation\nversion: 1.0.0\nanimation: {type: keyframe, keyPath: transform.scale, values: [1, 0.8, 0.9], keyTimes: [0, 0.5, 1], duration: 0.2}",
        "name: b\nkind: animation\nversion: 1.0.0\nanimation: {type: spring, keyPath: opacity, fromValue: 0, toValue: 1, stiffness: 200, damping: 20}",
        #"{"name": "c", "kind": "animation", "version": "1.0.0", "keyframes": [{"opacity": 0, "easing": "ease-in"}, {"opacity": 1}], "options": {"duration": 300, "iterations": 2}}"#,
        "name: d\nkind: chain\nversion: 1.0.0\nchain: {roles: [a], sequence: [{animate: a, animation: {type: basic, keyPath: opacity, fromValue: 0, toValue: 1}}, {wait: 0.1}]}",
        "name: e\nkind: animation\nversion: 1.0.0\nreducedMotion: {fade: 0.1}\nanimation: {type: group, duration: 1, animations: [{type: basic, keyPath: position.x, byValue: 10}]}",
        "@keyframes f { from { opacity: 0; transform: rotate(10deg) } 50% { background-color: hsl(120, 50%, 50%) } to { opacity: 1 } }\n.f { animation-duration: 200ms; animation-iteration-count: 3 }"
    ]
    static let pieces = [
        "1e308", "-1e308", "NaN", ".inf", "-0", "0", "1e-320", "99999999999", "-1", "\"\"", "[]", "{}", "null", "true",
        "cubic-bezier(0, 2, 1, -1)", "steps(0)", "linear(0, 1e400)", "scale(1e308)", "rotate(1e308deg)", "#ggg", "rgb(300 0 0)",
        "\u{0}", "{{{{", "]]]", ":", "- - -", "&a *a", "!!binary", "'", "\"\\u0000\"", String(repeating: "[", count: 300)
    ]

    static func mutate(_ text: String, _ random: inout Random) -> String {
        var characters = Array(text)
        for _ in 0..<(1 + random.below(3)) {
            let at = random.below(characters.count + 1)
            switch random.below(4) {
            case 0: characters.insert(contentsOf: random.pick(pieces), at: at)  // insert a hostile piece
            case 1 where !characters.isEmpty: characters.remove(at: min(at, characters.count - 1))
            case 2 where !characters.isEmpty:
                // Replace a number-looking run with a hostile number.
                let end = characters[at...].firstIndex { !$0.isNumber && $0 != "." } ?? characters.endIndex
                characters.replaceSubrange(at..<end, with: random.pick(pieces))
            default: characters.insert(random.pick(Array(":,{}[]\"' -\n")), at: at)
            }
        }
        return String(characters)
    }

    @Test func definitionsDecodeOrFailClearlyAndWhatIsAcceptedIsFinite() throws {
        var random = Random(seed: 0xF022_2026)
        var accepted = 0, refused = 0
        for round in 0..<1500 {
            let seed = Self.definitions[round % Self.definitions.count]
            let text = Self.mutate(seed, &random)
            let file = seed.hasPrefix("@keyframes") ? "fuzz.css" : seed.hasPrefix("{") ? "fuzz.json" : "fuzz.yaml"
            do {
                let definition = try DefinitionDecoder.decode(text: text, file: file)
                accepted += 1
                // Accepted: every number it evaluates to is finite (checked in CatalogEngineTests for
                // sampling); here the decoded document must re-encode and decode to the same.
                #expect(try DefinitionDecoder.decode(text: definition.canonicalJSON, file: "again.json").contentHash == definition.contentHash)
            } catch {
                refused += 1
                #expect(error.file == file && !error.rule.isEmpty)
                #expect(error.description.count < 2_000, "messages do not echo unbounded input")
            }
        }
        #expect(accepted > 10 && refused > 500, "\(accepted) accepted, \(refused) refused: the mutations reach both sides")
    }

    @Test func cssValuesParseOrFailClearly() {
        var random = Random(seed: 0xC55)
        let seeds = [
            "cubic-bezier(0.25, 0.1, 0.25, 1)", "steps(4, jump-both)", "linear(0, 0.25 40%, 1)", "translate(10px, 2px) rotate(90deg) scale(2)",
            "matrix(1, 0, 0, 1, 5, 5)", "rgb(10 20 30 / 50%)", "hsl(120, 100%, 25%)", "#abcd", "rebeccapurple"
        ]
        for round in 0..<3000 {
            let text = Self.mutate(seeds[round % seeds.count], &random)
            if let easing = try? TimingFunction(parsing: text), case .cubicBezier(let x1, let y1, let x2, let y2) = easing {
                #expect([x1, y1, x2, y2].allSatisfy(\.isFinite) && abs(y1) <= NumericLimits.maximumEasingOutput)
            }
            if let list = try? TransformFunction.list(css: text) {
                #expect(AnimationValue.transform(list).magnitude.isFinite || NumericLimits.problem(value: .transform(list)) != nil)
            }
            if let color = try? RGBAColor(css: text) {
                #expect([color.red, color.green, color.blue, color.alpha].allSatisfy { (0...1).contains($0) })
            }
        }
    }

    @Test func propertyValuesConvertOrFailClearly() {
        var random = Random(seed: 0x9709)
        let seeds = ["0,0,10,10", "[1, 2]", "#ff0000", "https://swift.org", "@cell-1", "{\"a\": [1, 2]}", "0.5", "true"]
        for round in 0..<3000 {
            let text = Self.mutate(seeds[round % seeds.count], &random)
            for type in ValueType.allCases {
                if let value = try? PropertyValue(converting: text, to: type) {
                    #expect(value.type == type)
                    // What converts writes and reads back as the same value.
                    #expect((try? PropertyValue(json: value.jsonValue, as: type)) == value, "\(type): \(text)")
                }
            }
        }
    }
}
