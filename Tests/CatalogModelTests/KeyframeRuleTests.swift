import CatalogModel
import TestSupport
import Testing

/// The rules on key times and keyframe offsets, where they live: in the model that enforces them
/// (the engine and the CLI only see definitions that passed).
struct KeyframeRuleTests {
    static func animation(_ body: String) -> String {
        "name: k\nkind: animation\nversion: 1.0.0\nanimation: {type: keyframe, keyPath: opacity, duration: 1, \(body)}"
    }

    @Test(arguments: [
        ("values: [0, 1, 0.5], keyTimes: [0, 0.8, 0.5]", "animation.keyTimes[2]", "key times must not decrease (0.5 after 0.8)"),
        ("values: [0, 1], keyTimes: [0, 1.5]", "animation.keyTimes[1]", "key times are fractions of the duration, from 0 to 1"),
        ("values: [0, 1], keyTimes: [-0.1, 1]", "animation.keyTimes[0]", "key times are fractions of the duration, from 0 to 1"),
        ("values: [0, 1, 0.5], keyTimes: [0, 1]", "animation.keyTimes", "has 2 entries for 3 values; give one per value (3)"),
        (
            "values: [0, 1], keyTimes: [0, 1], calculationMode: discrete", "animation.keyTimes",
            "has 2 entries for 2 values; discrete mode takes one more key time than values (3)"
        )
    ])
    func coreAnimationKeyTimesAreRefusedByPath(body: String, path: String, rule: String) {
        expectDefinitionError(file: "k.yaml", path: path, rule: rule) {
            _ = try DefinitionDecoder.decode(text: Self.animation(body), file: "k.yaml")
        }
    }

    /// Equal neighbours are a jump, as in Core Animation; only a decrease is refused.
    @Test(arguments: ["values: [0, 1, 0.5], keyTimes: [0, 0.5, 0.5]", "values: [0, 1], keyTimes: [0, 0, 1], calculationMode: discrete"])
    func equalKeyTimesAreAllowed(body: String) throws {
        #expect(try DefinitionDecoder.decode(text: Self.animation(body), file: "k.yaml").kind == .animation)
    }

    @Test func webKeyframeOffsetsAreFractions() {
        let json = #"{"keyframes": [{"opacity": 0, "offset": 1.5}, {"opacity": 1}], "options": {"duration": 100}}"#
        expectDefinitionError(file: "w.json", path: "keyframes[0].offset", rule: "must be a number from 0 to 1, or null") {
            _ = try DefinitionDecoder.decode(text: json, file: "w.json")
        }
    }

    @Test func webKeyframeOffsetsMustNotDecrease() {
        let json = #"{"keyframes": [{"opacity": 0}, {"opacity": 1, "offset": 0.7}, {"opacity": 0.5, "offset": 0.3}], "options": {"duration": 100}}"#
        expectDefinitionError(file: "w.json", path: "keyframes[2].offset", rule: "offsets must not decrease (0.3 comes after 0.7)") {
            _ = try DefinitionDecoder.decode(text: json, file: "w.json")
        }
    }
}
