import CatalogEngine
import Foundation
import CatalogModel
import TestSupport
import Testing

/// Keyframe effects per Web Animations Level 1 §"Keyframe effects", and value interpolation per
/// animation type. Expected values are worked out in the comments.
struct KeyframeEffectTests {
    private func effect(_ keyframes: JSONValue, _ options: JSONValue = ["duration": 1000], underlying: [String: AnimationValue] = [:]) throws -> KeyframeEffect
    {
        KeyframeEffect(try KeyframeEffectModel(webKeyframes: keyframes, options: options, file: "test.json"), underlying: underlying)
    }

    private func number(_ value: AnimatedValue) -> Double? {
        if case .number(let n) = value { return n }
        return nil
    }

    @Test func missingOffsetsAreSpacedEvenly() throws {
        let model = try KeyframeEffectModel(
            webKeyframes: [["opacity": 0], ["opacity": 1], ["opacity": 0, "offset": 0.8], ["opacity": 1], ["opacity": 0]],
            options: nil, file: "test.json")
        // First 0, last 1; 0 … 0.8 split in two, 0.8 … 1 in two.
        let offsets = model.computedOffsets
        #expect(offsets.count == 5)
        for (ours, expected) in zip(offsets, [0, 0.4, 0.8, 0.9, 1]) { #expect(abs(ours - expected) < 1e-12) }
    }

    @Test func eachKeyframesEasingAppliesToTheIntervalItStarts() throws {
        let e = try effect([["opacity": 0, "easing": "steps(2, end)"], ["opacity": 1, "offset": 0.5, "easing": "steps(1, start)"], ["opacity": 0]])
        // 0.3 s: distance 0.6 into the first interval; steps(2, end) gives 0.5.
        #expect(number(e.sample(at: 0.3).values[0]) == 0.5)
        // 0.75 s: distance 0.5 into the second; steps(1, start) jumps at once, to 0.
        #expect(number(e.sample(at: 0.75).values[0]) == 0)
    }

    @Test func theLastKeyframesEasingIsNeverUsed() throws {
        let e = try effect([["opacity": 0], ["opacity": 1, "easing": "steps(1, start)"]])
        #expect(number(e.sample(at: 0.5).values[0]) == 0.5)
    }

    @Test func aPropertyWithoutKeyframesAtTheEndsUsesTheUnderlyingValue() throws {
        // opacity 0.2 only at 0.5, model value 0.6: 0.6 → 0.2 → 0.6.
        let e = try effect([["opacity": 0.2, "offset": 0.5]], underlying: ["opacity": .number(0.6)])
        #expect(abs(number(e.sample(at: 0.25).values[0])! - 0.4) < 1e-12)
        #expect(abs(number(e.sample(at: 0.75).values[0])! - 0.4) < 1e-12)
        // After the effect (fill none) the property shows the model value again.
        #expect(number(e.sample(at: 2).values[0]) == 0.6)
    }

    /// Web Animations makes the missing keyframe anew, linear, whatever easing another keyframe
    /// at 0 has (Chromium alone eases it by that one; Firefox and WebKit do not).
    @Test func anImplicitKeyframeEasesLinearlyBesideAnEasedOneAtZero() throws {
        // transform at 0 eases by steps(2, end); opacity has no keyframe at 0: from the model
        // value 0.6 to 0.2, linearly — 0.4 half-way, where steps(2, end) would give 0.6 still.
        let e = try effect(
            [["transform": "translateX(10px)", "offset": 0, "easing": "steps(2, end)"], ["transform": "none", "opacity": 0.2, "offset": 1]],
            underlying: ["opacity": .number(0.6)])
        let opacity = e.tracks.firstIndex { $0.property.name == "opacity" }!
        #expect(abs(number(e.sample(at: 0.5).values[opacity])! - 0.4) < 1e-12)
    }

    @Test func aValueOutsideItsRangeIsClampedBeforeItInterpolates() throws {
        // opacity's computed value is clamped to 0…1 (CSS Color 4), and keyframes hold computed
        // values: 0.5 → 1.5 runs as 0.5 → 1, so a quarter of the way is 0.625 (not 0.75).
        let e = try effect([["opacity": 0.5], ["opacity": 1.5]])
        #expect(abs(number(e.sample(at: 0.25).values[0])! - 0.625) < 1e-12)
        #expect(abs(number(e.sample(at: 0.75).values[0])! - 0.875) < 1e-12)
    }

    /// A neutral value composited by addition is the underlying value, at its keyframe's easing:
    /// how a stylesheet's implicit `from` under `ease-in` is written.
    @Test func aNeutralAddedValueIsTheUnderlyingValueAtItsEasing() throws {
        let e = try effect(
            [["opacity": 0, "composite": "add", "offset": 0, "easing": "steps(2, end)"], ["opacity": 0.2, "offset": 1]],
            underlying: ["opacity": .number(0.6)])
        // steps(2, end) at 0.3 gives 0: still the model value 0.6; at 0.6 it gives 0.5: 0.4.
        #expect(abs(number(e.sample(at: 0.3).values[0])! - 0.6) < 1e-12)
        #expect(abs(number(e.sample(at: 0.6).values[0])! - 0.4) < 1e-12)
    }

    @Test func severalKeyframesAtZeroHoldTheFirstBelowZero() throws {
        // An easing that dips below 0 (y1 < 0) gives negative progress early on; with two
        // keyframes at offset 0, the first one's value holds there instead of extrapolating.
        let e = try effect(
            [["opacity": 0.1, "offset": 0], ["opacity": 0.3, "offset": 0], ["opacity": 0.9]],
            ["duration": 1000, "easing": "cubic-bezier(0.5, -1, 0.5, 1)"])
        let early = e.sample(at: 0.1)
        #expect(early.progress! < 0)
        #expect(number(early.values[0]) == 0.1)
        // With a single keyframe at 0 the interval extrapolates: 0.3 + 0.6 · progress < 0.3.
        let single = try effect([["opacity": 0.3], ["opacity": 0.9]], ["duration": 1000, "easing": "cubic-bezier(0.5, -1, 0.5, 1)"])
        #expect(number(single.sample(at: 0.1).values[0])! < 0.3)
    }

    @Test func opacityIsClampedOnTheOutputNotOnProgress() throws {
        // ease-out-back style overshoot: progress above 1 mid-way, opacity stays at 1.
        let e = try effect([["opacity": 0], ["opacity": 1]], ["duration": 1000, "easing": "cubic-bezier(0.3, 1.8, 0.6, 1)"])
        let sample = e.sample(at: 0.5)
        #expect(sample.progress! > 1)
        #expect(number(sample.values[0]) == 1)
    }

    @Test func coloursInterpolatePremultiplied() {
        // Red → transparent: premultiplied (1, 0, 0, 1) → (0, 0, 0, 0); halfway (0.5, 0, 0, 0.5)
        // is red at half alpha — not the dark red a straight interpolation would give.
        let fade = ValueInterpolator(from: .color(RGBAColor(red: 1, green: 0, blue: 0)), to: .color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)))
        #expect(fade.value(at: 0.5) == .color(RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5)))
        // Opaque red (a 1) → blue at alpha 0.5, t = 0.5: premultiplied (0.5, 0, 0.25, 0.75) → (2/3, 0, 1/3, 0.75).
        let mix = ValueInterpolator(from: .color(RGBAColor(red: 1, green: 0, blue: 0)), to: .color(RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.5)))
        guard case .color(let c) = mix.value(at: 0.5) else { Issue.record("not a colour"); return }
        #expect(abs(c.red - 2.0 / 3) < 1e-12 && c.green == 0 && abs(c.blue - 1.0 / 3) < 1e-12 && c.alpha == 0.75)
        // Extrapolated past the end, channels clamp to [0, 1].
        guard case .color(let over) = mix.value(at: 1.5) else { Issue.record("not a colour"); return }
        #expect(over.red == 0 && over.blue == 1 && over.alpha == 0.25)
    }

    @Test func discreteValuesSwitchAtHalfway() {
        let flip = ValueInterpolator(from: .discrete(.string("left")), to: .discrete(.string("right")))
        #expect(flip.value(at: 0.499) == .discrete(.string("left")))
        #expect(flip.value(at: 0.5) == .discrete(.string("right")))
    }

    @Test func propertyIndexedKeyframesMatchTheListForm() throws {
        let indexed = try effect(["opacity": [0, 0.5, 1], "easing": "ease-in"])
        let listed = try effect([["opacity": 0, "easing": "ease-in"], ["opacity": 0.5, "easing": "ease-in"], ["opacity": 1, "easing": "ease-in"]])
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(indexed.sample(at: t).values == listed.sample(at: t).values)
        }
    }

    @Test func progressZeroAndOneGiveTheEndValues() throws {
        // Property: for random keyframe lists and easings, the first keyframe's value at
        // progress 0 and the last one's at progress 1. (Easings that start with a jump,
        // steps(n, jump-start/both), rightly leave keyframe 0 at once, so they are not in the mix.)
        var random = SeededGenerator(state: 11)
        let easings = ["linear", "ease", "steps(3, jump-end)", "cubic-bezier(0.2, -0.5, 0.8, 1.5)", "linear(0, 0.7 30%, 1)"]
        for _ in 0..<200 {
            let count = Int.random(in: 2...6, using: &random)
            let values = (0..<count).map { _ in Double.random(in: 0...1, using: &random) }
            let keyframes = JSONValue.array(values.map { ["opacity": .number($0), "easing": .string(easings.randomElement(using: &random)!)] })
            let e = try effect(keyframes)
            #expect(number(e.tracks[0].value(atProgress: 0, beforeFlag: false)) == values[0])
            #expect(number(e.tracks[0].value(atProgress: 1, beforeFlag: false)) == values[count - 1])
        }
    }

    @Test(arguments: [
        (JSONValue.array([["opacity": 0, "offset": 0.6], ["opacity": 1, "offset": 0.3]]), "keyframes[1].offset", "must not decrease"),
        (JSONValue.array([["colour": "red"]]), "keyframes[0].colour", "unknown property"),
        (JSONValue.array([["transform": "spin(3)"]]), "keyframes[0].transform", "unknown transform function"),
        (JSONValue.array([["opacity": 0, "offset": 1.5]]), "keyframes[0].offset", "from 0 to 1"),
        (JSONValue.array([["opacity": 0, "easing": "cubic-bezier(2, 0, 1, 1)"]]), "keyframes[0].easing", "x1 and x2"),
        (JSONValue.array([["backgroundColor": "rgb(1, 2)"]]), "keyframes[0].backgroundColor", "three channels"),
        (JSONValue.array([["opacity": 0, "composite": "accumulate"]]), "keyframes[0].composite", "replace"),
        (JSONValue.array([["opacity": 0.5, "composite": "add"]]), "keyframes[0].opacity", "neutral"),
        (JSONValue.array([["visibility": "hidden", "composite": "add"]]), "keyframes[0].visibility", "discrete")
    ])
    func badKeyframesAreRefusedWithTheirPath(keyframes: JSONValue, path: String, rule: String) {
        expectDefinitionError(file: "bad.json", path: path, rule: rule) {
            _ = try KeyframeEffectModel(webKeyframes: keyframes, options: nil, file: "bad.json")
        }
    }
}

/// The numeric sampling path: the numbers it writes, where it writes them, worked out by hand.
struct KeyframeEffectBufferTests {
    @Test func numbersAreTheValuesInTheirSlots() throws {
        let model = try KeyframeEffectModel(
            webKeyframes: [
                ["transform": "scale(1)", "opacity": 1, "backgroundColor": "red"],
                ["transform": "rotate(45deg) scale(0.8)", "opacity": 0.5, "offset": 0.4, "backgroundColor": "blue"],
                ["transform": "scale(0.9)", "opacity": 1]
            ],
            options: ["duration": 500], file: "buffer.json")
        let effect = KeyframeEffect(model)
        // Tracks sort by name: backgroundColor (4 numbers), opacity (1), transform (16).
        #expect(effect.tracks.map(\.property.name) == ["backgroundColor", "opacity", "transform"])
        #expect(effect.width == 4 + 1 + 16 && effect.offsets == [0, 4, 5])
        var numbers = [Double](repeating: .nan, count: effect.width)

        // 0.2 s is progress 0.4, the middle keyframe exactly: blue, 0.5, and rotate(45deg)
        // scale(0.8) = [0.8 cos 45°, 0.8 sin 45°; −0.8 sin 45°, 0.8 cos 45°].
        #expect(effect.sample(at: 0.2, into: &numbers).progress == 0.4)
        let c = 0.8 * cos(Double.pi / 4)
        #expect(Array(numbers[0..<5]) == [0, 0, 1, 1, 0.5])
        for (ours, expected) in zip(numbers[5...], [c, c, 0, 0, -c, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]) { #expect(abs(ours - expected) < 1e-12) }

        // 0.45 s is progress 0.9: the colour has no keyframe at 1, so it runs from blue to the
        // underlying transparent; 5/6 of the way, premultiplied (0, 0, 1/6, 1/6): blue at alpha 1/6.
        _ = effect.sample(at: 0.45, into: &numbers)
        #expect(numbers[0] == 0 && numbers[1] == 0 && abs(numbers[2] - 1) < 1e-12 && abs(numbers[3] - 1.0 / 6) < 1e-12)

        // After the effect (fill none), the underlying values: transparent, opacity 1, identity.
        #expect(effect.sample(at: 0.6, into: &numbers).progress == nil)
        #expect(numbers == [0, 0, 0, 0, 1] + [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        // And each track reads its numbers back as a value.
        #expect(numbers.withUnsafeBufferPointer { effect.tracks[1].decode($0.baseAddress! + 4) } == .number(1))
    }
}
