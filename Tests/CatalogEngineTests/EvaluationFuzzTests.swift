import CatalogEngine
import CatalogFuzzing
import CatalogModel
import Foundation
import Testing

/// What is accepted always evaluates: animation definitions whose numbers are replaced, at
/// random (seeded), by hostile ones are either refused with a definition error or sample to
/// finite numbers at every time — never NaN, never infinity, never a hang.
struct EvaluationFuzzTests {
    static let templates = [
        #"{"type": "keyframe", "keyPath": "transform.scale", "values": [N, N, N], "keyTimes": [0, 0.5, 1], "duration": N, "calculationMode": "cubic"}"#,
        #"{"type": "spring", "keyPath": "opacity", "fromValue": N, "toValue": N, "mass": N, "stiffness": N, "damping": N, "initialVelocity": N}"#,
        #"{"type": "spring", "keyPath": "transform.translation.x", "fromValue": N, "toValue": N, "perceptualDuration": N, "bounce": N}"#,
        #"{"type": "basic", "keyPath": "backgroundColor", "fromValue": [N, N, N, N], "toValue": "red", "duration": N, "repeatCount": N, "autoreverses": true, "cumulative": true}"#,
        #"{"type": "basic", "keyPath": "transform.rotation.z", "byValue": N, "duration": N, "speed": N, "timeOffset": N, "beginTime": N, "timingFunction": [0.3, N, 0.7, N]}"#,
        #"{"type": "keyframe", "keyPath": "position", "values": [[N, N], [N, N]], "calculationMode": "paced", "duration": N, "repeatDuration": N}"#
    ]
    static let numbers = ["0", "1", "0.5", "-1", "1e308", "-1e308", "1e-320", "1e7", "-1e7", "1e6", "1e-6", "1000", "0.01", "100", "2.5", "-0.3"]

    @Test func acceptedDefinitionsSampleToFiniteNumbers() throws {
        var random: UInt64 = 0xE7A1
        func next() -> Int {
            random &+= 0x9E37_79B9_7F4A_7C15
            var z = random
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % 1_000_000)
        }
        var accepted = 0
        for round in 0..<2000 {
            var body = Self.templates[round % Self.templates.count]
            while let range = body.range(of: "N") { body.replaceSubrange(range, with: Self.numbers[next() % Self.numbers.count]) }
            let text = #"{"name": "fuzz", "kind": "animation", "version": "1.0.0", "animation": \#(body)}"#
            guard let definition = try? DefinitionDecoder.decode(text: text, file: "fuzz.json") else { continue }
            accepted += 1
            let effect = AnimationEffect(try AnimationDefinition(definition))
            // The fuzz targets' own check: 21 samples across the span, every number finite.
            let problems = FiniteSampling.violations(of: effect)
            #expect(problems.isEmpty, "\(body): \(problems)")
        }
        #expect(accepted > 60, "\(accepted) accepted: the fuzz reaches evaluation")
    }

    /// Found by the fuzz: a cumulative animation late in a long repeat added its cycle end once per
    /// cycle passed — a billion additions at t = 1e9 s.
    @Test func aLateCumulativeCycleIsComputedNotCounted() throws {
        let model = try CoreAnimationModel(
            json: [
                "type": "basic", "keyPath": "transform.translation.x", "fromValue": 0, "toValue": 1,
                "duration": 1, "repeatCount": 1e9, "cumulative": true
            ],
            file: "late.json", path: FieldPath("animation"))
        let effect = CoreAnimationEffect(model)
        // Cycle 500,000,000 (0-based) starts at 500,000,000 and ends at 500,000,001: halfway, x = 500,000,000.5.
        guard case .transform(let m) = effect.sample(at: 500_000_000.5).values[0] else { Issue.record("no transform"); return }
        #expect(m.m41 == 500_000_000.5)
    }
}
