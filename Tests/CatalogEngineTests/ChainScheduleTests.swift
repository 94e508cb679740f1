import CatalogEngine
import CatalogModel
import TestSupport
import Testing

/// Chain definitions and their schedules: SCRAnimationChain's work-time rules, `done` once.
struct ChainScheduleTests {
    private func chain(_ json: JSONValue) throws -> ChainDefinition {
        try ChainDefinition(json: json, file: "chain.yaml", path: FieldPath("chain"))
    }

    @Test func fiveStepsInSequence() throws {
        let definition = try chain([
            "roles": ["image", "headline", "content"],
            "sequence": [
                ["animate": "image", "component": "fade-out"], ["animate": "headline", "component": "fade-out"],
                ["animate": "content", "component": "fade-out"], ["animate": "headline", "component": "fade-in"],
                ["animate": "content", "component": "fade-in"]
            ]
        ])
        // Every animation 0.25 s: a sequence starts each step where the previous ended.
        let schedule = ChainSchedule(definition.root) { _ in 0.25 }
        #expect(schedule.animations.map(\.start) == [0, 0.25, 0.5, 0.75, 1.0])
        #expect(schedule.animations.map(\.step.role) == ["image", "headline", "content", "headline", "content"])
        #expect(schedule.doneTime == 1.25)
    }

    @Test func concurrentNodesEndWithTheirLatestChildAndTiesCountOnce() throws {
        // Two tied 0.5 s children and one of 0.3 s: the node ends at 0.5; then a wait of 0.1 and a
        // delayed 0.2 s step (delay 0.05): done at 0.5 + 0.1 + 0.05 + 0.2 = 0.85, one time.
        let definition = try chain([
            "roles": ["a", "b", "c"],
            "sequence": [
                ["concurrent": [["animate": "a", "component": "long"], ["animate": "b", "component": "long"], ["animate": "c", "component": "short"]]],
                ["wait": 0.1],
                ["animate": "a", "component": "short", "delay": 0.05, "prepare": [["property": "hidden", "value": false]]]
            ]
        ])
        let schedule = ChainSchedule(definition.root) { $0.component == "long" ? 0.5 : 0.2 }
        #expect(schedule.animations.prefix(3).map(\.start) == [0, 0, 0])
        #expect(abs(schedule.animations[3].start - 0.65) < 1e-12)
        #expect(abs(schedule.doneTime - 0.85) < 1e-12)
        // The prepare set applies when its animation starts, to the step's own role.
        #expect(schedule.sets.count == 1 && schedule.sets[0].step.role == "a" && abs(schedule.sets[0].time - 0.65) < 1e-12)
    }

    @Test func anEmptyChainCompletesAtOnce() throws {
        #expect(ChainSchedule(try chain(["roles": []]).root) { _ in 1 }.doneTime == 0)
        #expect(ChainSchedule(try chain(["roles": ["a"], "concurrent": []]).root, startingAt: 2) { _ in 1 }.doneTime == 2)
    }

    @Test func setsAndInlineAnimations() throws {
        let definition = try chain([
            "roles": ["a"],
            "sequence": [
                ["set": ["role": "a", "property": "opacity", "value": 0]],
                ["animate": "a", "animation": ["type": "basic", "keyPath": "opacity", "toValue": 1, "duration": 0.3]]
            ]
        ])
        let schedule = ChainSchedule(definition.root) { _ in 0.3 }
        #expect(schedule.sets.map(\.time) == [0])
        #expect(schedule.animations[0].step.inline != nil && schedule.doneTime == 0.3)
    }

    static let badChains: [(json: JSONValue, path: String, rule: String)] = {
        var cases: [(json: JSONValue, path: String, rule: String)] = []
        cases.append((["sequence": []], "chain.roles", "is required"))
        cases.append((["roles": ["a"], "sequence": [["animate": "b", "component": "x"]]], "chain.sequence[0].animate", "unknown role 'b'"))
        cases.append((["roles": ["a"], "sequence": [["animate": "a"]]], "chain.sequence[0]", "needs component, animation or keyframes"))
        cases.append((["roles": ["a"], "sequence": [["wait": -1]]], "chain.sequence[0].wait", "0 or more"))
        cases.append((["roles": ["a"], "sequence": [["animate": "a", "component": "x", "speed": 2]]], "chain.sequence[0].speed", "unknown field"))
        cases.append((["roles": ["a"], "sequence": [["loop": []]]], "chain.sequence[0]", "needs one of"))
        cases.append(
            (
                ["roles": ["a"], "sequence": [["animate": "a", "animation": ["type": "basic", "keyPath": "wobble"]]]],
                "chain.sequence[0].animation.keyPath", "unknown key path"
            ))
        cases.append((["roles": ["a"], "sequence": [["set": ["role": "a", "value": 1]]]], "chain.sequence[0].set.property", "is required"))
        return cases
    }()

    @Test(arguments: badChains)
    func badChainsAreRefusedWithTheirPath(json: JSONValue, path: String, rule: String) {
        expectDefinitionError(file: "bad.yaml", path: path, rule: rule) {
            _ = try ChainDefinition(json: json, file: "bad.yaml", path: FieldPath("chain"))
        }
    }
}
