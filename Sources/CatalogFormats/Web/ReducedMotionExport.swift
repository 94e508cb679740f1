import CatalogEngine
import CatalogModel

/// The web form of an animation under reduced motion (``ReducedMotion``), built from the same
/// effect the engine plays (``ReducedMotionEffect``) and exact: `shorten` scales every time of
/// the normal export; `none` plays the normal export over at once, holding its end (when the
/// animation keeps its end state; nothing when it does not); `fade` sets every other property's
/// end state at once and runs opacity from its start to its end value, ease-in-out (from 0 to
/// the element's own opacity when the animation does not animate opacity). A
/// `component` policy is resolved by the caller, who exports that component instead.
///
/// ```swift
/// let reduced = try ReducedMotionExport.animations(shake, motion: .noMotion, normal: exported)
/// reduced.isEmpty   // true: shake does not keep its end state, so there is nothing to show
/// ```
package enum ReducedMotionExport {
    /// What plays under reduced motion, given the `normal` export: the same, nothing, or the stand-in's.
    package static func animations(_ definition: AnimationDefinition, motion: ReducedMotion?, normal: [WebAnimation]) throws(ExportError) -> [WebAnimation] {
        guard let motion else { return normal }
        switch motion {
        case .component:
            return normal  // resolved by the caller
        case .removed:
            return []  // nothing runs: the element keeps its own style
        case .shorten(let factor):
            return normal.map { animation in
                var scaled = animation
                scaled.timing.delay = scaledTime(scaled.timing.delay, by: factor)
                scaled.timing.duration = scaledTime(scaled.timing.duration, by: factor)
                scaled.timing.endDelay = scaledTime(scaled.timing.endDelay, by: factor)
                return scaled
            }
        case .noMotion:
            // The same animations over at once, holding their end: what a stylesheet's reduced-motion
            // rule says with `animation-duration: 0s` (and `catalog add` reads back as `none`).
            let base = AnimationEffect(definition)
            guard base.fillsForwards, base.endTime.isFinite else { return [] }
            return normal.map { animation in
                var over = animation
                over.timing.delay = 0
                over.timing.endDelay = 0
                over.timing.duration = 0
                over.timing.fill = "forwards"
                return over
            }
        case .fade(let seconds):
            // Every other property set at once to its end state (when the animation keeps it);
            // opacity runs from its start to its end value.
            let base = AnimationEffect(definition)
            let effect = ReducedMotionEffect(base, motion: motion)
            let end = effect.sample(at: effect.endTime + 1e-6)
            var result: [WebAnimation] = []
            for (slot, property) in effect.properties.enumerated() where property.name != "opacity" {
                guard base.fillsForwards, base.endTime.isFinite else { continue }
                let web = try WebProperty(property.name)
                let text = web.text(end.values[slot])
                var set = WebAnimation(
                    keyframes: [
                        WebKeyframe(offset: 0, values: [web.camelCase: text]),
                        WebKeyframe(offset: 1, values: [web.camelCase: text])
                    ],
                    timing: WebTiming(duration: 0, fill: "forwards"), properties: [property.name], fidelity: .exact)
                // The end state of a sub-path animation is that part alone.
                set.keyPath = normal.first { $0.properties == [property.name] }?.keyPath
                result.append(set)
            }
            let (from, to) = effect.fadeEnds
            let ownOpacity = base.properties.contains { $0.name == "opacity" }
            let keeps = base.fillsForwards && ownOpacity
            // A fade the animation does not have ends at the element's own opacity: the end
            // keyframe leaves opacity out, so the browser takes the element's value.
            result.append(
                WebAnimation(
                    keyframes: [
                        WebKeyframe(offset: 0, easing: ReducedMotionEffect.fadeEasing.cssText!, values: ["opacity": CSSNumber.text(from)]),
                        WebKeyframe(offset: 1, values: ownOpacity ? ["opacity": CSSNumber.text(to)] : [:])
                    ],
                    timing: WebTiming(duration: seconds * 1000, fill: keeps ? "forwards" : "none"),
                    properties: ["opacity"], fidelity: .exact))
            return result
        }
    }

    /// `milliseconds` × `factor`, as a time that divided by `milliseconds` gives `factor` back
    /// (the product itself may be a rounding away), so that a stylesheet read back finds the
    /// same `shorten`.
    static func scaledTime(_ milliseconds: Double, by factor: Double) -> Double {
        guard milliseconds != 0 else { return 0 }
        return CSSNumber.nearest(milliseconds * factor) { $0 / milliseconds == factor }
    }
}
