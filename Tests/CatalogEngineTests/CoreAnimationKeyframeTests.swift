import CatalogEngine
import CatalogModel
import Foundation
import TestSupport
import Testing

/// `CAKeyframeAnimation` calculation modes and `CASpringAnimation`, expected values derived by
/// hand in the comments; and the import rules for the `animation:` body.
struct CoreAnimationKeyframeTests {
    private func x(_ body: JSONValue, at t: Double) throws -> Double {
        let effect = CoreAnimationEffect(try CoreAnimationTimingTests.animation(body))
        guard case .point(let p) = effect.sample(at: t).values[0] else { return .nan }
        return p.x
    }

    @Test func discreteModeTakesOneMoreKeyTimeThanValues() throws {
        // values 1, 2, 3 with key times 0, 0.2, 0.7, 1: value i holds from key time i until
        // key time i + 1, and the last one shows at the end.
        let body: JSONValue = [
            "type": "keyframe", "keyPath": "position.x", "values": [1, 2, 3], "keyTimes": [0, 0.2, 0.7, 1],
            "calculationMode": "discrete", "duration": 1, "fillMode": "forwards", "removedOnCompletion": false
        ]
        for (t, expected) in [(0.1, 1.0), (0.2, 2.0), (0.69, 2.0), (0.7, 3.0), (0.99, 3.0), (1.0, 3.0)] {
            #expect(try x(body, at: t) == expected, "at \(t)")
        }
        // n + 1 key times are required.
        #expect(throws: DefinitionError.self) {
            try CoreAnimationTimingTests.animation([
                "type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 1], "calculationMode": "discrete"
            ])
        }
    }

    @Test func pacedModeMovesAtConstantSpeed() throws {
        // 0 → 10 → 40: distances 10 and 30, so key times become 0, 0.25, 1 and the value is
        // 40·progress all the way — the given key times are ignored.
        let body: JSONValue = [
            "type": "keyframe", "keyPath": "position.x", "values": [0, 10, 40], "keyTimes": [0, 0.9, 1],
            "calculationMode": "paced", "duration": 1
        ]
        for t in stride(from: 0.0, to: 1.0, by: 0.05) {
            #expect(abs(try x(body, at: t) - 40 * t) < 1e-9, "at \(t)")
        }
    }

    @Test func catmullRomPassesThroughItsKeys() throws {
        // cubic with no tension/continuity/bias is Catmull-Rom: through 0, 10, 5, 20 at key
        // times 0, 1/3, 2/3, 1. Half-way through segment 0 (end knot repeated): tangents
        // (10 − 0)/2 = 5 at key 0 and (5 − 0)/2 = 2.5 at key 1; Hermite at s = 0.5:
        // 0.5·0 + 0.125·5 + 0.5·10 − 0.125·2.5 = 5.3125.
        let body: JSONValue = ["type": "keyframe", "keyPath": "position.x", "values": [0, 10, 5, 20], "calculationMode": "cubic", "duration": 3]
        for (t, expected) in [(0.0, 0.0), (1.0, 10.0), (2.0, 5.0), (2.999999, 20.0)] {
            #expect(abs(try x(body, at: t) - expected) < 1e-4, "at \(t)")
        }
        #expect(abs(try x(body, at: 0.5) - 5.3125) < 1e-12)
        // Tension 1 flattens every tangent to zero: half-way is the plain cubic ease 0 → 10 = 5.
        let tense: JSONValue = [
            "type": "keyframe", "keyPath": "position.x", "values": [0, 10, 5, 20], "calculationMode": "cubic",
            "tensionValues": [1, 1, 1, 1], "duration": 3
        ]
        #expect(abs(try x(tense, at: 0.5) - 5) < 1e-12)
    }

    @Test func springClosedFormAgreesWithTheDifferentialEquation() {
        // m·x'' + c·x' + k·x = 0, x(0) = 1, x'(0) = −v0, integrated by classical Runge–Kutta with
        // a 10 µs step, against the closed form: under-, critically and over-damped, with and
        // without an initial velocity.
        let springs = [
            SpringParameters(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0),
            SpringParameters(mass: 2, stiffness: 300, damping: 10, initialVelocity: 4),
            SpringParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: -3),
            SpringParameters(mass: 1, stiffness: 100, damping: 35, initialVelocity: 2, allowsOverdamping: true)
        ]
        for spring in springs {
            let motion = SpringMotion(spring)
            var x = 1.0, v = -spring.initialVelocity
            let h = 1e-5
            func acceleration(_ x: Double, _ v: Double) -> Double { (-spring.damping * v - spring.stiffness * x) / spring.mass }
            for step in 1...150_000 {
                let k1x = v, k1v = acceleration(x, v)
                let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                if step % 5000 == 0 {
                    #expect(abs(motion.displacement(at: Double(step) * h) - x) <= 1e-6, "\(spring) at \(Double(step) * h)")
                }
            }
        }
    }

    @Test func overdampingWithoutPermissionMovesAsCriticallyDamped() {
        // ζ = 35 / 20 > 1: Core Animation treats it as critical unless allowsOverdamping:
        // x = (1 + ω0·t)·e^(−ω0·t) with ω0 = 10; at 0.1 s that is 2/e.
        let motion = SpringMotion(SpringParameters(mass: 1, stiffness: 100, damping: 35))
        #expect(abs(motion.displacement(at: 0.1) - 2 / M_E) < 1e-12)
    }

    @Test func settlingDurationMatchesApplesFigures() {
        // Apple: about 2.85 s for m = 1, k = 100, c = 5, and just over 1 s at c = 15.
        let soft = SpringMotion(SpringParameters(mass: 1, stiffness: 100, damping: 5)).settlingDuration
        #expect(abs(soft - 2.85) / 2.85 <= 0.02, "\(soft)")
        let firm = SpringMotion(SpringParameters(mass: 1, stiffness: 100, damping: 15)).settlingDuration
        #expect(firm > 1 && firm < 1.1, "\(firm)")
    }

    @Test func perceptualSpringParameters() {
        // duration 0.5, bounce 0.2: k = (2π/0.5)² = 16π², ζ = 0.8, c = 2·0.8·4π.
        let spring = SpringParameters(perceptualDuration: 0.5, bounce: 0.2)
        #expect(abs(spring.stiffness - 16 * .pi * .pi) < 1e-9)
        #expect(abs(spring.dampingRatio - 0.8) < 1e-12)
        #expect(abs(SpringParameters(perceptualDuration: 1, bounce: -0.5).dampingRatio - 2) < 1e-12)
    }

    @Test func aSpringAnimationWithoutDurationRunsUntilItSettles() throws {
        let body: JSONValue = [
            "type": "spring", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "damping": 5,
            "fillMode": "forwards", "removedOnCompletion": false
        ]
        let effect = CoreAnimationEffect(try CoreAnimationTimingTests.animation(body))
        let settle = SpringMotion(SpringParameters(mass: 1, stiffness: 100, damping: 5)).settlingDuration
        // Half-way through the settling time it is x = 100·(1 − displacement).
        let motion = SpringMotion(SpringParameters(mass: 1, stiffness: 100, damping: 5))
        #expect(effect.sample(at: settle / 2).values[0] == .point(Point(x: 100 * motion.progress(at: settle / 2), y: 0)))
        guard case .point(let end) = effect.sample(at: settle + 1).values[0] else { Issue.record("not a point"); return }
        #expect(abs(end.x - 100) < 0.1)
    }

    static let badBodies: [(body: JSONValue, path: String, rule: String)] = {
        var cases: [(body: JSONValue, path: String, rule: String)] = []
        cases.append((["type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0.5, 0.2]], "animation.keyTimes[1]", "must not decrease"))
        cases.append((["type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1]], "animation.keyTimes", "one per value"))
        cases.append(
            (
                ["type": "keyframe", "keyPath": "opacity", "values": [0, 1], "timingFunctions": ["linear", "easeIn"]], "animation.timingFunctions",
                "one per segment"
            ))
        cases.append((["type": "basic", "keyPath": "transform.wobble", "toValue": 1], "animation.keyPath", "unknown key path"))
        cases.append(
            (["type": "basic", "keyPath": "opacity", "toValue": 1, "timingFunction": "cubic-bezier(1.5, 0, 1, 1)"], "animation.timingFunction", "x1 and x2"))
        cases.append((["type": "basic", "keyPath": "opacity", "toValue": 1, "duration": -1], "animation.duration", "0 or more"))
        cases.append((["type": "basic", "keyPath": "opacity", "toValue": 1, "repeatCount": 2, "repeatDuration": 3], "animation.repeatDuration", "not both"))
        cases.append((["type": "basic", "keyPath": "opacity", "toValue": "red"], "animation.toValue", "must be a number"))
        cases.append((["type": "basic", "keyPath": "opacity", "toValue": 1, "speeed": 2], "animation.speeed", "unknown field"))
        cases.append((["type": "group", "animations": []], "animation.animations", "non-empty"))
        cases.append(
            (["type": "group", "animations": [["type": "basic", "keyPath": "opacity", "values": [1]]]], "animation.animations[0].values", "unknown field"))
        cases.append((["type": "tween", "keyPath": "opacity"], "animation.type", "unknown animation type"))
        return cases
    }()

    @Test(arguments: badBodies)
    func badAnimationsAreRefusedWithTheirPath(body: JSONValue, path: String, rule: String) {
        expectDefinitionError(file: "bad.yaml", path: path, rule: rule) {
            _ = try CoreAnimationModel(json: body, file: "bad.yaml", path: FieldPath("animation"))
        }
    }
}

/// Springs as easings, and transform sub key paths over a model transform.
struct CoreAnimationEasingAndKeyPathTests {
    @Test func aSpringEasingRunsOverItsSettlingDuration() throws {
        // timingFunction {stiffness 100, damping 10}: progress p reads the spring at
        // p · settlingDuration; the ends are exact.
        let body: JSONValue = [
            "type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1,
            "timingFunction": ["stiffness": 100, "damping": 10]
        ]
        let effect = CoreAnimationEffect(try CoreAnimationTimingTests.animation(body))
        let motion = SpringMotion(SpringParameters(mass: 1, stiffness: 100, damping: 10))
        func x(_ t: Double) -> Double {
            guard case .point(let p) = effect.sample(at: t).values[0] else { return .nan }
            return p.x
        }
        #expect(x(0) == 0)
        #expect(abs(x(0.3) - 100 * motion.progress(at: 0.3 * motion.settlingDuration)) < 1e-9)
        #expect(abs(x(0.999999) - 100) < 0.1)
        // An unknown spring field is refused with its path.
        #expect {
            _ = try CoreAnimationTimingTests.animation(["type": "basic", "keyPath": "opacity", "toValue": 1, "timingFunction": ["stifness": 100]])
        } throws: { error in (error as? DefinitionError)?.path == "animation.timingFunction.stifness" }
    }

    @Test func transformSubKeyPathsReplaceOneComponent() throws {
        // Model transform: translate(10px, 0) then scale(2) (CSS order "translate(10px) scale(2)").
        let model: [String: AnimationValue] = ["transform": .transform(try TransformFunction.list(css: "translate(10px) scale(2)"))]
        func matrix(_ body: JSONValue, at t: Double) throws -> Matrix4 {
            guard case .transform(let m) = CoreAnimationEffect(try CoreAnimationTimingTests.animation(body), modelValues: model).sample(at: t).values[0] else {
                return .identity
            }
            return m
        }
        // transform.rotation.z 0 → π/2, half-way π/4: the scale (2) and translation (10) stay:
        // m11 = 2cos 45°, m12 = 2sin 45°, m41 = 10.
        let rotate = try matrix(["type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": .number(Double.pi / 2), "duration": 1], at: 0.5)
        #expect(abs(rotate.m11 - 2 * cos(Double.pi / 4)) < 1e-12 && abs(rotate.m12 - 2 * sin(Double.pi / 4)) < 1e-12 && abs(rotate.m41 - 10) < 1e-12)
        // transform.translation.x 0 → 40 half-way: x translation 20, scale still 2.
        let move = try matrix(["type": "basic", "keyPath": "transform.translation.x", "fromValue": 0, "toValue": 40, "duration": 1], at: 0.5)
        #expect(abs(move.m41 - 20) < 1e-12 && abs(move.m11 - 2) < 1e-12)
        // transform.scale without fromValue starts from the model's value, which Apple defines as
        // the average of the three scale factors: (2 + 2 + 1)/3 = 5/3. Half-way to 4 is 17/6,
        // and setting it sets all three factors.
        let grow = try matrix(["type": "basic", "keyPath": "transform.scale", "toValue": 4, "duration": 1], at: 0.5)
        #expect(abs(grow.m11 - 17.0 / 6) < 1e-12 && abs(grow.m22 - 17.0 / 6) < 1e-12 && abs(grow.r3.z - 17.0 / 6) < 1e-12)
        #expect(abs(grow.m41 - 10) < 1e-12)
    }
}

/// cubicPaced and geometry values.
struct CoreAnimationGeometryTests {
    @Test func cubicPacedPassesThroughItsKeysAtPacedTimes() throws {
        // 0 → 10 → 40: chord lengths 10 and 30 put the middle key at a quarter of the duration;
        // the spline passes through it there, whatever keyTimes say.
        let body: JSONValue = [
            "type": "keyframe", "keyPath": "position.x", "values": [0, 10, 40], "keyTimes": [0, 0.9, 1],
            "calculationMode": "cubicPaced", "duration": 1
        ]
        let effect = CoreAnimationEffect(try CoreAnimationTimingTests.animation(body))
        #expect(effect.sample(at: 0.25).values[0] == .point(Point(x: 10, y: 0)))
        guard case .point(let early) = effect.sample(at: 0.125).values[0] else { Issue.record("not a point"); return }
        #expect(early.x > 0 && early.x < 10)
    }

    @Test func rectsAndSizesInterpolatePerComponent() throws {
        // bounds (0, 0, 100, 40) → (10, 20, 300, 80), half-way (5, 10, 200, 60); bounds.size
        // 100×40 → 50×20 over the model's origin.
        let bounds: JSONValue = ["type": "basic", "keyPath": "bounds", "fromValue": [0, 0, 100, 40], "toValue": [10, 20, 300, 80], "duration": 1]
        #expect(
            CoreAnimationEffect(try CoreAnimationTimingTests.animation(bounds)).sample(at: 0.5).values[0]
                == .rect(Rect(x: 5, y: 10, width: 200, height: 60)))
        let size: JSONValue = ["type": "basic", "keyPath": "bounds.size", "toValue": [50, 20], "duration": 1]
        let model: [String: AnimationValue] = ["bounds": .rect(Rect(x: 7, y: 8, width: 100, height: 40))]
        #expect(
            CoreAnimationEffect(try CoreAnimationTimingTests.animation(size), modelValues: model).sample(at: 0.5).values[0]
                == .rect(Rect(x: 7, y: 8, width: 75, height: 30)))
    }

    @Test func discreteKeyPathsSwitchAtHalfway() throws {
        let body: JSONValue = ["type": "basic", "keyPath": "hidden", "fromValue": false, "toValue": true, "duration": 1]
        let effect = CoreAnimationEffect(try CoreAnimationTimingTests.animation(body))
        #expect(effect.sample(at: 0.49).values[0] == .discrete(.bool(false)))
        #expect(effect.sample(at: 0.5).values[0] == .discrete(.bool(true)))
    }
}
