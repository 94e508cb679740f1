import CatalogEngine
import CatalogModel
import Testing

/// Core Animation timing rules, each with its expected values derived by hand from Apple's
/// documented semantics (`CAMediaTiming`, `CAAnimation`, `CABasicAnimation`) in the comments.
struct CoreAnimationTimingTests {
    static func animation(_ body: JSONValue) throws -> CoreAnimationModel {
        try CoreAnimationModel(json: body, file: "test.yaml", path: FieldPath("animation"))
    }

    /// The opacity (or other single number) the effect presents at a time.
    static func number(_ body: JSONValue, at time: Double, model: [String: AnimationValue] = [:]) throws -> Double {
        let effect = CoreAnimationEffect(try animation(body), modelValues: model)
        guard case .number(let n) = effect.sample(at: time).values[0] else { Issue.record("not a number"); return .nan }
        return n
    }

    private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func repeatCountOneAndAHalfWithAutoreversesEndsAtTheFarEnd() throws {
        // One repeat = forward + back (2 s for duration 1), so 1.5 repeats = forward, back,
        // forward: 3 s, ending at toValue. 0→1 at 0.5 s is 0.5; at 1.25 s it is coming back
        // (0.75); at 2.75 s going forward again (0.75); held at 1 afterwards (kept, forwards).
        let body: JSONValue = [
            "type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1,
            "repeatCount": 1.5, "autoreverses": true, "fillMode": "forwards", "removedOnCompletion": false
        ]
        #expect(near(try Self.number(body, at: 0.5), 0.5))
        #expect(near(try Self.number(body, at: 1.25), 0.75))
        #expect(near(try Self.number(body, at: 2.75), 0.75))
        #expect(try Self.number(body, at: 4) == 1)
    }

    @Test func timeOffsetWrapsAround() throws {
        // duration 1, timeOffset 0.25: the animation starts a quarter in, reaches the end at
        // 0.75 s, wraps to the start and plays the skipped quarter until 1 s. Model opacity 0.5
        // shows again once it is removed.
        let body: JSONValue = ["type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1, "timeOffset": 0.25]
        let model: [String: AnimationValue] = ["opacity": .number(0.5)]
        #expect(near(try Self.number(body, at: 0, model: model), 0.25))
        #expect(near(try Self.number(body, at: 0.5, model: model), 0.75))
        #expect(near(try Self.number(body, at: 0.8, model: model), 0.05))
        #expect(try Self.number(body, at: 1.2, model: model) == 0.5)
    }

    @Test func speedScalesTheLocalTime() throws {
        // beginTime 0.5, speed 2: local time = (t − 0.5)·2. At 0.75 s that is 0.5 of a 1 s
        // animation; it ends at 0.5 + 1/2 = 1 s.
        let body: JSONValue = [
            "type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1,
            "beginTime": 0.5, "speed": 2
        ]
        let model: [String: AnimationValue] = ["opacity": .number(0.3)]
        #expect(near(try Self.number(body, at: 0.75, model: model), 0.5))
        #expect(near(try Self.number(body, at: 0.99, model: model), 0.98))
        #expect(try Self.number(body, at: 1.01, model: model) == 0.3)
        #expect(try Self.number(body, at: 0.4, model: model) == 0.3)  // before beginTime, no backwards fill
    }

    @Test func removedOnCompletionWinsOverFillModeForwards() throws {
        // fillMode forwards only holds the end value while the animation is kept: with
        // removedOnCompletion true (the default) the model value shows after the end.
        var body: JSONValue = ["type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 0.8, "duration": 1, "fillMode": "forwards"]
        let model: [String: AnimationValue] = ["opacity": .number(0.3)]
        #expect(try Self.number(body, at: 1.5, model: model) == 0.3)
        body = ["type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 0.8, "duration": 1, "fillMode": "forwards", "removedOnCompletion": false]
        #expect(try Self.number(body, at: 1.5, model: model) == 0.8)
    }

    @Test func backwardsFillShowsTheFirstFrameBeforeBeginTime() throws {
        let body: JSONValue = [
            "type": "basic", "keyPath": "opacity", "fromValue": 0.2, "toValue": 1, "duration": 1,
            "beginTime": 1, "fillMode": "backwards"
        ]
        #expect(try Self.number(body, at: 0.5, model: ["opacity": .number(0.7)]) == 0.2)
    }

    @Test func repeatDurationAndEndlessRepeats() throws {
        // repeatDuration 2.5 with duration 1: two and a half iterations, held at the half-way
        // value 0.5 afterwards when kept.
        let body: JSONValue = [
            "type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1,
            "repeatDuration": 2.5, "fillMode": "forwards", "removedOnCompletion": false
        ]
        #expect(near(try Self.number(body, at: 3), 0.5))
        // repeatCount .inf: at 100.25 s it is a quarter into some iteration.
        let endless: JSONValue = ["type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1, "repeatCount": ".inf"]
        #expect(near(try Self.number(endless, at: 100.25), 0.25, 1e-9))
    }

    @Test(arguments: [
        // (fromValue, toValue, byValue) with model value 10, sampled half-way (linear timing).
        (JSONValue.number(2), JSONValue.number(6), JSONValue.null, 4.0),  // from → to
        (.number(2), .null, .number(3), 3.5),  // from → from + by = 5
        (.null, .number(6), .number(3), 4.5),  // to − by = 3 → to
        (.number(2), .null, .null, 6.0),  // from → model 10
        (.null, .number(6), .null, 8.0),  // model 10 → to
        (.null, .null, .number(3), 11.5),  // model → model + by = 13
        (.null, .null, .null, 10.0)  // model → model: no change
    ])
    func fromToByCombinations(from: JSONValue, to: JSONValue, by: JSONValue, expected: Double) throws {
        var members: [String: JSONValue] = ["type": "basic", "keyPath": "position.x", "duration": 1]
        if from != .null { members["fromValue"] = from }
        if to != .null { members["toValue"] = to }
        if by != .null { members["byValue"] = by }
        let effect = CoreAnimationEffect(try Self.animation(.object(members)), modelValues: ["position": .point(Point(x: 10, y: 7))])
        #expect(effect.sample(at: 0.5).values[0] == .point(Point(x: expected, y: 7)))
    }

    @Test func allThreeEndsAreRefused() {
        // The eighth combination: Apple allows at most two of the three.
        #expect(throws: DefinitionError.self) {
            try Self.animation(["type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "byValue": 1])
        }
    }

    @Test func additiveTransformsConcatenate() throws {
        // Model transform scale(2); an additive translation 10 → 30 is at translate(20) half-way
        // and applies in the layer's own space before the model transform: x' = (x + 20)·2, so
        // m11 = 2 and m41 = 40. Without additive the model scale is replaced (m11 = 1, m41 = 20).
        let body: JSONValue = [
            "type": "basic", "keyPath": "transform", "fromValue": "translateX(10px)", "toValue": "translateX(30px)",
            "duration": 1, "additive": true
        ]
        let model: [String: AnimationValue] = ["transform": .transform(try TransformFunction.list(css: "scale(2)"))]
        guard case .transform(let m) = CoreAnimationEffect(try Self.animation(body), modelValues: model).sample(at: 0.5).values[0] else {
            Issue.record("not a transform"); return
        }
        #expect(near(m.m11, 2) && near(m.m22, 2) && near(m.m41, 40) && near(m.m42, 0))
        var plain = body
        if case .object(var members) = plain { members["additive"] = false; plain = .object(members) }
        guard case .transform(let replaced) = CoreAnimationEffect(try Self.animation(plain), modelValues: model).sample(at: 0.5).values[0] else {
            Issue.record("not a transform"); return
        }
        #expect(near(replaced.m11, 1) && near(replaced.m41, 20))
    }

    @Test func cumulativeRepeatsStartFromThePreviousEnd() throws {
        // Apple: "the value of the animation is the value at the end of the previous repeat
        // cycle, plus the value of the current repeat cycle". 0 → 10, three repeats: the second
        // cycle half-way is 10 + 5, the third 20 + 5. From 10 → 20: the second half-way is
        // 20 + 15 = 35.
        let body: JSONValue = [
            "type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1,
            "repeatCount": 3, "cumulative": true
        ]
        let x = { (body: JSONValue, t: Double) throws -> Double in
            guard case .point(let p) = CoreAnimationEffect(try Self.animation(body)).sample(at: t).values[0] else { return .nan }
            return p.x
        }
        #expect(near(try x(body, 0.5), 5))
        #expect(near(try x(body, 1.5), 15))
        #expect(near(try x(body, 2.5), 25))
        let shifted: JSONValue = [
            "type": "basic", "keyPath": "position.x", "fromValue": 10, "toValue": 20, "duration": 1,
            "repeatCount": 2, "cumulative": true
        ]
        #expect(near(try x(shifted, 1.5), 35))
    }

    @Test func theAnimationTimingFunctionAppliesBeforeTheSegmentOnes() throws {
        // timingFunction easeIn first: at 0.5 s of 1 s, easeIn(0.5) = 0.3153568 (Apple's control
        // points 0.42, 0, 1, 1). That is 0.6307 of the way through segment 0 (key times 0, 0.5,
        // 1), whose steps(2, end) gives 0.5: value 0 + 0.5·10 = 5.
        let body: JSONValue = [
            "type": "keyframe", "keyPath": "opacity", "values": [0, 10, 20], "keyTimes": [0, 0.5, 1],
            "timingFunction": "easeIn", "timingFunctions": ["steps(2, end)", "linear"], "duration": 1
        ]
        // opacity clamps to [0, 1], so read the unclamped scalar through position.x instead.
        var members = body.objectValue!
        members["keyPath"] = "position.x"
        let effect = CoreAnimationEffect(try Self.animation(.object(members)))
        #expect(effect.sample(at: 0.5).values[0] == .point(Point(x: 5, y: 0)))
    }

    @Test func groupChildrenRunConcurrentlyClippedToTheGroup() throws {
        // Group of 1 s: child A (opacity 0→1 over 2 s) is at 0.125 at 0.25 s and 0.375 at 0.75 s;
        // child B (position.x 0→100 over 1 s, beginTime 0.5 in group time) has not started at
        // 0.25 s (model x = 3) and is at 25 at 0.75 s. The group clips both at 1 s: afterwards
        // the model values show, though A alone would run until 2 s.
        let body: JSONValue = [
            "type": "group", "duration": 1,
            "animations": [
                ["type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2],
                ["type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "beginTime": 0.5]
            ]
        ]
        let effect = CoreAnimationEffect(try Self.animation(body), modelValues: ["opacity": .number(0.9), "position": .point(Point(x: 3, y: 0))])
        #expect(effect.properties.map(\.name) == ["opacity", "position"])
        let early = effect.sample(at: 0.25)
        #expect(early.values == [.number(0.125), .point(Point(x: 3, y: 0))])
        let late = effect.sample(at: 0.75)
        #expect(late.values == [.number(0.375), .point(Point(x: 25, y: 0))])
        #expect(effect.sample(at: 1.5).values == [.number(0.9), .point(Point(x: 3, y: 0))])
    }

    @Test func bounceSelectKeyframes() throws {
        // The BounceSelect idea: transform.scale 1 → 0.8 → 0.9 over 0.2 s, kept: 0.8 at 0.1 s and
        // 0.9 from 0.2 s on.
        let body: JSONValue = [
            "type": "keyframe", "keyPath": "transform.scale", "values": [1, 0.8, 0.9], "keyTimes": [0, 0.5, 1],
            "duration": 0.2, "fillMode": "forwards", "removedOnCompletion": false
        ]
        let effect = CoreAnimationEffect(try Self.animation(body))
        for (t, scale) in [(0.1, 0.8), (0.2, 0.9), (5.0, 0.9)] {
            guard case .transform(let m) = effect.sample(at: t).values[0] else { Issue.record("not a transform"); continue }
            #expect(near(m.m11, scale) && near(m.m22, scale) && near(m.m41, 0), "at \(t)")
        }
    }

    // A long run of samples reuses one array: each slot is written from its model value, not
    // from what the previous sample left there (or left as it was when no animation shows). Held
    // to sampling each time afresh, in an order that jumps back and forth over the ends.
    @Test func samplesWrittenOverThePreviousOnesAreTheSameAsFreshOnes() throws {
        let body: JSONValue = [
            "type": "group", "duration": 1,
            "animations": [
                ["type": "basic", "keyPath": "transform.scale", "fromValue": 0.5, "toValue": 2, "duration": 0.8],
                ["type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 1.5, "duration": 0.6, "beginTime": 0.2],
                ["type": "basic", "keyPath": "transform.translation.x", "byValue": 10, "additive": true, "duration": 0.5, "beginTime": 0.1],
                ["type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 0.3],
                ["type": "basic", "keyPath": "opacity", "byValue": 0.25, "additive": true, "duration": 0.4, "beginTime": 0.5]
            ]
        ]
        let model: [String: AnimationValue] = [
            "opacity": .number(0.6),
            "transform": .transform(try TransformFunction.list(css: "translate(3px, 4px) rotate(10deg)"))
        ]
        let effect = CoreAnimationEffect(try Self.animation(body), modelValues: model)
        let times = [0.7, 0.05, 1.5, 0.35, 0.95, -0.2, 0.55, 0.25, 0.8, 0.15, 2, 0.45]
        var reused: [AnimatedValue] = []
        var overwritten: [AnimatedValue] = []
        for time in times {
            let fresh = effect.sample(at: time)
            let timing = AnimationEffect.coreAnimation(effect).sample(at: time, into: &reused)
            #expect(reused == fresh.values, "at \(time)")
            #expect(timing.progress == fresh.progress && timing.iteration == fresh.iteration, "at \(time)")
            effect.sample(at: time, overwriting: &overwritten)
            #expect(overwritten == fresh.values, "at \(time)")
        }
        // Some of those times show the model values only, some every animation at once.
        #expect(Set(times.map { effect.sample(at: $0).values }).count >= 8)
    }
}
