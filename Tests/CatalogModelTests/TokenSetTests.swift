import CatalogModel
import Foundation
import Testing
import TestSupport

/// DTCG token files as the format (2025.10) states them: groups pass `$type` down, aliases and
/// `$ref` pointers resolve (also inside a transition), `$extends` and `$root` work, and every
/// broken rule is an error naming the token's path and the rule.
struct TokenSetTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../TestSupport/Fixtures/tokens/motion.tokens.json")

    func set(_ text: String) throws -> TokenSet { try TokenSet(json: try JSONReader.read(text), file: "t.tokens.json") }

    @Test func aTokenFileReadsWithInheritedTypesAliasesPointersExtendsAndRoot() throws {
        let set = try TokenSet(json: try JSONReader.read(try String(contentsOf: Self.fixture, encoding: .utf8)), file: "motion.tokens.json")
        #expect(set.token("motion.duration.moderate-01")?.type == .duration)
        #expect(set.token("motion.duration.moderate-01")?.description == "Small changes")
        #expect(set.token("motion.duration.slow-01")?.deprecated == "use moderate-02")
        #expect(set.token("motion.alias")?.type == .duration)  // from its alias target
        #expect(set.token("motion.easing.standard")?.type == .cubicBezier)
        #expect(set.token("brand.primary")?.type == .color)
        #expect(set.token("motion.duration.$root") != nil)
        // $extends: the group's own fast-01 wins; the rest come from motion.duration.
        #expect(try set.resolved("motion-compact.fast-01") == ["value": 50, "unit": "ms"])
        #expect(try set.resolved("motion-compact.moderate-01") == ["value": 150, "unit": "ms"])
        #expect(set.token("motion-compact.moderate-01")?.type == .duration)
        #expect(try set.resolved("motion.easing.standard") == [0, 0, 0.38, 0.9])
        #expect(
            try set.resolved("motion.transition.enter") == [
                "duration": ["value": 150, "unit": "ms"], "delay": ["value": 20, "unit": "ms"], "timingFunction": [0, 0, 0.38, 0.9]
            ])
        let binding = TokenBinding(sets: [(name: "motion", version: "1.0.0", set: set)])
        #expect(try binding.value(of: "motion.duration.moderate-02", at: .duration) == [0.24])
        #expect(try binding.value(of: "motion.transition.enter", at: .delay) == [0.02])
        #expect(try binding.value(of: "motion.transition.enter", at: .timingFunction) == [0, 0, 0.38, 0.9])
        #expect(throws: TokenLookupError.self) { try binding.value(of: "motion.easing.exit", at: .duration) }
        #expect(throws: TokenLookupError.self) { try binding.value(of: "motion.nothing", at: .duration) }
    }

    @Test(arguments: [
        (#"{"a": {"$type": "duration", "x": {"$value": "{a.y}"}}}"#, "a.x", "not a token of the set"),
        (#"{"a": {"$type": "duration", "x": {"$value": "{a.y}"}, "y": {"$value": "{a.x}"}}}"#, "a.", "cycle"),
        (#"{"a": {"x": {"$value": {"value": 1, "unit": "ms"}}}}"#, "a.x", "has no $type"),
        (#"{"a": {"$type": "duration", "x": {"$value": {"value": 1, "unit": "min"}}}}"#, "a.x.unit", "must be \"ms\" or \"s\""),
        (#"{"a": {"$type": "duration", "x": {"$value": 100}}}"#, "a.x", "a duration is {\"value\""),
        (#"{"a": {"$type": "cubicBezier", "x": {"$value": [1.2, 0, 0.5, 1]}}}"#, "a.x", "x1 and x2 are from 0 to 1"),
        (#"{"a": {"$type": "cubicBezier", "x": {"$value": [0, 0, 1]}}}"#, "a.x", "four numbers"),
        (
            #"{"a": {"$type": "transition", "x": {"$value": {"duration": {"value": 1, "unit": "ms"}, "timingFunction": [0, 0, 1, 1]}}}}"#, "a.x",
            "delay is missing"
        ),
        (#"{"a": {"$type": "speed", "x": {"$value": 1}}}"#, "a.$type", "one of the format's types"),
        (#"{"a.b": {"$type": "number", "x": {"$value": 1}}}"#, "a.b", "must not be empty nor hold"),
        (#"{"a": {"$type": "number", "x": {"$value": 1, "y": {"$value": 2}}}}"#, "a.x.y", "cannot hold tokens"),
        (#"{"a": {"$type": "number", "$colour": "red", "x": {"$value": 1}}}"#, "a.$colour", "is not a group property"),
        (#"{"a": {"$type": "number", "x": {"$value": 1, "$note": 2}}}"#, "a.x.$note", "is not a token property"),
        (#"{"a": {"$type": "number", "x": 3}}"#, "a.x", "must be a group or a token"),
        (#"{"a": {"$extends": "{b}", "$type": "number", "x": {"$value": 1}}, "b": {"$extends": "{a}"}}"#, "$extends", "cycle"),
        (##"{"a": {"$type": "duration", "x": {"$value": {"$ref": "#/a/nothing/$value"}}}}"##, "a.x", "does not point to a token of the set"),
        (#"{"a": {"$type": "number", "x": {"$value": 1, "$deprecated": 3}}}"#, "a.x.$deprecated", "true, false or a string")
    ])
    func aBrokenRuleNamesThePathAndTheRule(json: String, path: String, rule: String) {
        do {
            _ = try set(json)
            Issue.record("accepted: \(json)")
        } catch let error as DefinitionError {
            #expect(error.path.contains(path), "\(error)")
            #expect(error.rule.contains(rule), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
