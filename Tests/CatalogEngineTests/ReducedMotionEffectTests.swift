import CatalogEngine
import CatalogModel
import Testing

/// What an animation shows under each reduced-motion policy, against numbers worked out by hand.
struct ReducedMotionEffectTests {
    private func web(_ keyframes: JSONValue, _ options: JSONValue) throws -> AnimationEffect {
        .web(KeyframeEffect(try KeyframeEffectModel(webKeyframes: keyframes, options: options, file: "test.json")))
    }

    private func number(_ sample: EffectSample, _ slot: Int) -> Double? {
        if case .number(let n) = sample.values[slot] { n } else { nil }
    }

    // A run of samples (sampled together where the effect plays as written or shortened) gives
    // what one sample a call gives, for every policy.
    @Test func aRunOfSamplesIsEachSampleForEveryPolicy() throws {
        let base = try web(
            [["opacity": 0, "transform": "scale(1)"], ["opacity": 0.7, "transform": "rotate(40deg)"]],
            ["duration": 800, "delay": 100, "iterations": 2.5, "direction": "alternate", "fill": "both", "easing": "ease-in"])
        let times = (0..<150).map { Double($0) / 60 - 0.2 }
        for motion: ReducedMotion? in [nil, .shorten(0.3), .fade(0.25), .noMotion, .removed, .component("other")] {
            let effect = ReducedMotionEffect(base, motion: motion)
            var visited = 0
            effect.forEachSample(at: times) { index, progress, iteration, values in
                let one = effect.sample(at: times[index])
                #expect(index == visited)
                #expect(progress?.bitPattern == one.progress?.bitPattern && iteration == one.iteration, "\(String(describing: motion)) at \(times[index])")
                #expect(Array(values) == one.values, "\(String(describing: motion)) at \(times[index])")
                visited += 1
            }
            #expect(visited == times.count)
        }
    }

    @Test func shortenPlaysTheSameMotionInAFractionOfTheTime() throws {
        let fade = try web([["opacity": 0], ["opacity": 1]], ["duration": 1000, "delay": 200, "fill": "forwards"])
        let half = ReducedMotionEffect(fade, motion: .shorten(0.5))
        #expect(half.endTime == 0.6)
        // Delay 0.1 s, then 0 → 1 over 0.5 s: a quarter of the way at 0.225 s.
        #expect(number(half.sample(at: 0.05), 0) == 1)  // still the initial value, in the shortened delay
        #expect(abs(number(half.sample(at: 0.225), 0)! - 0.25) < 1e-12)
    }

    @Test func noneShowsTheEndStateAtOnceOrNothing() throws {
        let kept = try web([["opacity": 0], ["opacity": 0.4]], ["duration": 1000, "fill": "forwards"])
        #expect(number(ReducedMotionEffect(kept, motion: .noMotion).sample(at: 0.01), 0) == 0.4)
        #expect(ReducedMotionEffect(kept, motion: .noMotion).endTime == 0)
        // Without a forwards fill the end state is the model value: nothing moves.
        let removed = try web([["opacity": 0], ["opacity": 0.4]], ["duration": 1000])
        #expect(number(ReducedMotionEffect(removed, motion: .noMotion).sample(at: 0.5), 0) == 1)
    }

    /// `removed` runs nothing, whatever the fill: the object's own values show, before, during and after.
    @Test func offAnimatesNothing() throws {
        let kept = try web([["opacity": 0], ["opacity": 0.4]], ["duration": 1000, "fill": "both", "delay": 100])
        let off = ReducedMotionEffect(kept, motion: .removed)
        #expect(off.properties.isEmpty && off.endTime == 0)
        for time in [-0.5, 0, 0.3, 2] {
            let sample = off.sample(at: time)
            #expect(sample.values.isEmpty && sample.progress == nil && sample.time == time)
        }
    }

    @Test func fadeSetsTheEndStateAndCrossFadesOpacity() throws {
        let grow = try web([["transform": "scale(0.5)"], ["transform": "scale(2)"]], ["duration": 500, "fill": "forwards"])
        let faded = ReducedMotionEffect(grow, motion: .fade(0.2))
        #expect(faded.properties.map(\.name) == ["opacity", "transform"])
        // The transform is at its end (scale 2) from the start.
        guard case .transform(let m) = faded.sample(at: 0.01).values[1] else { Issue.record("no transform"); return }
        #expect(m.m11 == 2)
        // Opacity 0 → 1, ease-in-out: symmetric about its middle, so 0.5 at 0.1 s.
        #expect(number(faded.sample(at: 0), 0) == 0)
        #expect(abs(number(faded.sample(at: 0.1), 0)! - 0.5) < 1e-9)
        #expect(number(faded.sample(at: 0.25), 0) == 1)
        // An animation with its own opacity fades from its start to its end opacity.
        let out = try web([["opacity": 1], ["opacity": 0]], ["duration": 500, "fill": "forwards"])
        #expect(ReducedMotionEffect(out, motion: .fade(0.2)).fadeEnds == (1, 0))
    }

    @Test func endlessAnimationsHaveNoEndStateToShow() throws {
        let spin = try web([["transform": "rotate(0deg)"], ["transform": "rotate(360deg)"]], ["duration": 1000, "iterations": "Infinity"])
        guard case .transform(let m) = ReducedMotionEffect(spin, motion: .noMotion).sample(at: 0.25).values[0] else { Issue.record("no transform"); return }
        #expect(m == .identity)
    }

    @Test func anOvershootingColourClampsAlphaBeforeUnpremultiplying() throws {
        // rgba(0,0,255,0.2) → rgba(0,0,102,1), eased to 1.2 at the middle: premultiplied blue
        // 0.2 + (0.4 − 0.2)·1.2 = 0.44, alpha 0.2 + 0.8·1.2 = 1.16 → clamped to 1 first, as
        // Chromium does, so blue is 0.44 (dividing by 1.16 would give 0.379).
        let effect = try web(
            [["backgroundColor": "rgba(0, 0, 255, 0.2)", "easing": "linear(0, 1.2 50%, 1)"], ["backgroundColor": "rgba(0, 0, 102, 1)"]],
            ["duration": 1000])
        guard case .color(let c) = effect.sample(at: 0.5).values[0] else { Issue.record("no colour"); return }
        #expect(abs(c.blue - 0.44) < 1e-12 && c.alpha == 1 && c.red == 0 && c.green == 0)
    }
}
