import CatalogEngine
import CatalogModel

/// An animation component as the web runs it: a list of ``WebAnimation``s, each exact where the
/// web can say what the engine does and baked from the engine's samples where it cannot.
///
/// A Web Animations body becomes one animation (baked whole when it cannot be exact). A Core
/// Animation body becomes one animation per property: exact when one leaf animates that
/// property and its timing, values and easings have web forms; otherwise the whole property is
/// baked from the engine (springs, paced and cubic modes, cumulative, `timeOffset`, groups
/// that clip or repeat their children, two animations of one property).
///
/// ```swift
/// let bounce = try AnimationDefinition(definition)
/// let export = try AnimationExport(bounce, target: .css)
/// export.animations[0].fidelity   // .exact
/// ```
package struct AnimationExport: Sendable {
    /// The web animations, one per keyframe effect (a group gives several).
    package var animations: [WebAnimation]

    /// The animation in the asked-for form, exact where the web can say it and baked where not.
    /// - Parameter written: a Web Animations definition's own texts (``WrittenText``), which an
    ///   exact export keeps.
    /// - Parameter engines: the browser engines it must play in as the engine computes (``BrowserEngines``).
    package init(_ definition: AnimationDefinition, target: ExportTarget, engines: BrowserEngines = .all, written: WrittenText? = nil) throws(ExportError) {
        switch definition {
        case .web(let model):
            switch ExactExport.web(model, target: target, engines: engines, written: written) {
            case .success(let animation): animations = [animation]
            case .failure(let why):
                let effect = AnimationEffect(definition)
                let window = Self.window(model.timing)
                animations = try effect.properties.indices.map { slot throws(ExportError) in
                    try Self.bake(effect, slot: slot, window: window, reason: why.reason)
                }
            }
        case .coreAnimation(let model):
            animations = try Self.coreAnimation(model, definition: definition, target: target, engines: engines)
        }
    }

    private static func coreAnimation(
        _ model: CoreAnimationModel, definition: AnimationDefinition, target: ExportTarget, engines: BrowserEngines
    ) throws(ExportError) -> [WebAnimation] {
        var leaves: [(leaf: CoreAnimationModel, group: MediaTiming?)] = []
        var nested = false
        if case .group(let children) = model.body {
            for child in children {
                if case .group = child.body { nested = true }
                leaves.append((child, model.timing))
            }
        } else {
            leaves.append((model, nil))
        }
        let effect = AnimationEffect(definition)
        var window: BakeWindow?
        var result: [WebAnimation] = []
        for (slot, property) in effect.properties.enumerated() {
            let touching = leaves.filter { $0.leaf.keyPath?.property.name == property.name }
            let outcome: ExactExport.Outcome
            if nested {
                outcome = .failure(.init(reason: "a nested group"))
            } else if touching.count == 1 {
                outcome = ExactExport.coreAnimation(touching[0].leaf, in: touching[0].group, target: target, engines: engines)
            } else {
                outcome = .failure(.init(reason: "\(touching.count) animations of one property"))
            }
            var animation: WebAnimation
            switch outcome {
            case .success(let exact): animation = exact
            case .failure(let why):
                if window == nil { window = try Self.window(model, effect: effect) }
                animation = try bake(effect, slot: slot, window: window!, reason: why.reason)
                if touching.count == 1, touching[0].group == nil {
                    animation.cumulativeCycle = Self.cumulativeCycle(touching[0].leaf, target: target, engines: engines)
                }
            }
            if touching.count == 1, let keyPath = touching[0].leaf.keyPath, keyPath.component != .whole { animation.keyPath = keyPath.path }
            result.append(animation)
        }
        return result
    }

    /// The span a Web Animations effect is active in, from its delay; one period when endless.
    static func window(_ timing: EffectTiming) -> BakeWindow {
        let fill = timing.fill
        let backwards = fill == .backwards || fill == .both, forwards = fill == .forwards || fill == .both
        if !timing.iterations.isFinite {
            let period = timing.duration * (timing.direction == .normal || timing.direction == .reverse ? 1 : 2)
            // Before 0 an effect with a negative delay is in its before phase, not repeating.
            return BakeWindow(start: max(timing.delay, 0), length: period, periodic: true, fillsBackwards: backwards, fillsForwards: forwards)
        }
        // A negative end delay ends the active phase early — when it is very negative, before
        // the delay is over (the after phase starts at the end time) — but a forwards fill still
        // follows the effect to the end of its active duration (Web Animations' after-phase
        // active time). The window covers both.
        let activeEnd = timing.delay + timing.duration * timing.iterations
        let endTime = activeEnd + timing.endDelay
        let start = min(timing.delay, max(min(timing.delay, endTime), 0))
        // Where the iteration index steps up: delay + (n − iterationStart)·duration.
        var ends: [Double] = []
        if timing.duration > 0, timing.iterations > 0 {
            var n = (timing.iterationStart + 1e-12).rounded(.down) + 1
            while ends.count < 10_000 {
                let t = timing.delay + (n - timing.iterationStart) * timing.duration
                guard t < activeEnd else { break }
                ends.append(t - start)
                n += 1
            }
        }
        return BakeWindow(
            start: start, length: activeEnd - start, periodic: false, fillsBackwards: backwards, fillsForwards: forwards,
            iterationEnds: ends)
    }

    /// The top-level Core Animation clock's span in its parent's time; one repeat cycle when endless.
    static func window(_ model: CoreAnimationModel, effect: AnimationEffect) throws(ExportError) -> BakeWindow {
        guard case .coreAnimation(let ca) = effect else { fatalError("a Core Animation model has a Core Animation effect") }
        let media = ca.rootClock.media
        guard media.speed > 0 else { throw ExportError("a speed of 0 or less cannot be exported") }
        let backwards = media.fillMode == .backwards || media.fillMode == .both
        let forwards = (media.fillMode == .forwards || media.fillMode == .both) && !media.removedOnCompletion
        let end = effect.endTime
        let cumulative = model.cumulative || Self.hasCumulativeLeaf(model)
        let period = media.duration * media.iterationsPerCycle / media.speed
        if !end.isFinite {
            if cumulative {
                throw ExportError("a cumulative animation that repeats forever never repeats itself: give it a finite repeatCount")
            }
            return BakeWindow(start: media.beginTime, length: period, periodic: true, fillsBackwards: backwards, fillsForwards: forwards)
        }
        // A clock that repeats a finite number of times, each cycle the same: one cycle, repeated
        // by the browser (a time offset shifts the cycles against the span, and a cumulative one
        // differs from cycle to cycle: those are unrolled).
        let cycles = (end - media.beginTime) / period
        if !cumulative, media.timeOffset == 0, period > 0, cycles > 1 + 1e-9, cycles.isFinite {
            return BakeWindow(
                start: media.beginTime, length: period, periodic: true, fillsBackwards: backwards, fillsForwards: forwards,
                iterations: cycles)
        }
        return BakeWindow(start: media.beginTime, length: end - media.beginTime, periodic: false, fillsBackwards: backwards, fillsForwards: forwards)
    }

    /// The first cycle of a cumulative animation that repeats a finite number of times, forwards,
    /// at its own speed, exactly — nil where that has no exact web form either.
    private static func cumulativeCycle(_ leaf: CoreAnimationModel, target: ExportTarget, engines: BrowserEngines) -> WebAnimation.CumulativeCycle? {
        let timing = leaf.timing
        guard leaf.cumulative, !timing.autoreverses, timing.speed == 1, timing.timeOffset == 0, timing.repeatDuration == 0,
            timing.repeatCount > 1, timing.repeatCount.isFinite
        else { return nil }
        var once = leaf
        once.cumulative = false
        once.timing.repeatCount = 0
        guard case .success(let cycle) = ExactExport.coreAnimation(once, in: nil, target: target, engines: engines) else { return nil }
        return WebAnimation.CumulativeCycle(animation: cycle, count: timing.repeatCount)
    }

    private static func hasCumulativeLeaf(_ model: CoreAnimationModel) -> Bool {
        if case .group(let children) = model.body { return children.contains { $0.cumulative || hasCumulativeLeaf($0) } }
        return model.cumulative
    }

    static func bake(_ effect: AnimationEffect, slot: Int, window: BakeWindow, reason: String) throws(ExportError) -> WebAnimation {
        let animatable = effect.properties[slot]
        let property = try WebProperty(animatable.name)
        let baker = KeyframeBaker(property: property, animatable: animatable) { t in effect.sample(at: window.start + t).values[slot] }
        let baked = baker.bake(window)
        let timing = WebTiming(
            delay: window.start * 1000, duration: window.length * 1000, iterations: window.periodic ? window.iterations : 1,
            fill: WebTiming.fill(backwards: window.fillsBackwards, forwards: window.fillsForwards))
        return WebAnimation(
            keyframes: baked.keyframes, timing: timing, properties: [animatable.name],
            fidelity: .baked(points: baked.keyframes.count, maxError: baked.maxError, reason: reason))
    }
}
