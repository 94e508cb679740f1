import CatalogKit
import Foundation
import Testing

/// Springs and the cubic calculation modes are baked: checked here without a browser,
/// by interpolating the written keyframes back (with the engine's interpolators, which match
/// Chromium's on the oracle) against the engine every 0.1 ms — within the bound, and with no
/// keyframe to spare.
struct BakeTests {
    static let cases: [String] = [
        #"{"type": "spring", "keyPath": "transform.scale", "fromValue": 0.5, "toValue": 1, "stiffness": 100, "damping": 5}"#,
        #"{"type": "spring", "keyPath": "transform.translation.x", "fromValue": -80, "toValue": 0, "perceptualDuration": 0.5, "bounce": 0.3}"#,
        #"{"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "mass": 2, "stiffness": 300, "damping": 10, "initialVelocity": 4}"#,
        #"{"type": "keyframe", "keyPath": "transform.rotation.z", "values": [0, 1, 3, 2.5], "calculationMode": "cubicPaced", "duration": 0.6}"#,
        #"{"type": "keyframe", "keyPath": "opacity", "values": [0, 0.8, 0.3, 1], "calculationMode": "cubic", "duration": 0.5}"#,
        #"{"type": "keyframe", "keyPath": "transform.translation.y", "values": [0, 40, -20, 0], "calculationMode": "cubicPaced", "duration": 0.5, "tensionValues": [0, 0.5, -0.5, 0], "biasValues": [0, 0.3, 0, 0]}"#
    ]

    private func definition(_ body: String, _ index: Int) throws -> ComponentDefinition {
        try DefinitionDecoder.decode(text: #"{"name": "bake-\#(index)", "kind": "animation", "version": "1.0.0", "animation": \#(body)}"#, file: "bake.json")
    }

    /// The largest difference, in units of the bound, between the engine and straight segments
    /// through `keyframes` (at their offsets of `duration`), at every millisecond.
    private func error(_ keyframes: [(offset: Double, value: AnimationValue)], engine: [AnimatedValue], property: AnimatableProperty) -> Double {
        var worst = 0.0
        let spread: Double = {
            let numbers = engine.compactMap { if case .number(let n) = $0 { n } else { nil } }
            return property.name == "opacity" ? 1 : max((numbers.max() ?? 0) - (numbers.min() ?? 0), 1e-3)
        }()
        var k = 0
        var segment = ValueInterpolator(from: keyframes[0].value, to: keyframes[1].value, range: property.range)
        for (step, expected) in engine.enumerated() {
            let p = Double(step) / Double(engine.count - 1)
            // Times only grow: move to the segment holding p.
            while k + 2 < keyframes.count, keyframes[k + 1].offset <= p {
                k += 1
                segment = ValueInterpolator(from: keyframes[k].value, to: keyframes[k + 1].value, range: property.range)
            }
            let a = keyframes[k], b = keyframes[k + 1]
            let shown = segment.value(at: (p - a.offset) / (b.offset - a.offset))
            switch (shown, expected) {
            case (.number(let x), .number(let y)): worst = max(worst, abs(x - y) / (0.001 * spread))
            case (.transform(let x), .transform(let y)):
                worst = max(worst, zip(x.entries, y.entries).map { abs($0 - $1) / (0.001 * max(1, abs($1))) }.max()!)
            default: Issue.record("unexpected values \(shown), \(expected)")
            }
        }
        return worst
    }

    @Test(arguments: Array(cases.enumerated()))
    func bakedWithinTheBoundWithNoKeyframeToSpare(index: Int, body: String) throws {
        let definition = try definition(body, index)
        let effect = AnimationEffect(try AnimationDefinition(definition))
        let export = try ComponentExport(definition: definition, target: .css)
        let animation = try #require(export.explanation.first?.animation)
        guard case .baked(let points, let reported, _) = animation.fidelity else { Issue.record("\(body) is not baked"); return }
        #expect(points == animation.keyframes.count && reported <= 1)
        let property = effect.properties[0]
        let web = try WebProperty(property.name)
        let keyframes = try animation.keyframes.map { frame -> (offset: Double, value: AnimationValue) in
            (frame.offset, try AnimationValue(css: frame.values[web.camelCase]!, for: property.kind == .number ? .number : property.kind))
        }
        let duration = animation.timing.duration / 1000
        let steps = Int(duration * 10_000)
        let engine = (0...steps).map { effect.sample(at: Double($0) / Double(steps) * duration).values[0] }
        // Within the bound, checked independently.
        #expect(error(keyframes, engine: engine, property: property) <= 1)
        // As few as meet it: without an inner keyframe (a dozen, spread), the fit's target — half
        // the bound, leaving the rest for the browser's rounding — is missed.
        let inner = Array(keyframes.indices.dropFirst().dropLast())
        for dropped in Set(stride(from: 0, to: inner.count, by: max(1, inner.count / 12)).map { inner[$0] }).sorted() {
            var fewer = keyframes
            fewer.remove(at: dropped)
            #expect(error(fewer, engine: engine, property: property) > 0.5, "keyframe \(dropped) of \(keyframes.count) is not needed")
        }
    }

    /// Paced is exact: each value at the key time its distance along the path gives (1, 2 and
    /// 0.5 of 3.5 here), straight between, whatever key times and timing functions are written.
    @Test func pacedIsExactAtTheKeyTimesItsDistancesGive() throws {
        let body =
            #"{"type": "keyframe", "keyPath": "transform.rotation.z", "values": [0, 1, 3, 2.5], "calculationMode": "paced", "keyTimes": [0, 0.1, 0.2, 1], "timingFunctions": ["easeIn", "easeOut", "easeIn"], "duration": 0.6}"#
        let export = try ComponentExport(definition: try definition(body, 9), target: .css)
        let animation = try #require(export.explanation.first?.animation)
        #expect(animation.fidelity == .exact)
        let offsets = animation.keyframes.map(\.offset)
        #expect(offsets.count == 4 && zip(offsets, [0, 1 / 3.5, 3 / 3.5, 1]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(offsets)")
        #expect(animation.keyframes.allSatisfy { $0.easing == "linear" }, "\(animation.keyframes)")
    }
}
