import CatalogEngine
import CatalogModel

/// The web form of an animation under reduced motion (``ReducedMotion``), built from the same
/// effect the engine plays (``ReducedMotionEffect``) and exact: `shorten` scales every time of
/// the normal export; `none` sets each property's end state at once (zero-length animations
/// that fill forwards, when the animation keeps its end state; nothing when it does not);
/// `fade` does the same and runs opacity from its start to its end value, ease-in-out. A
/// `component` policy is resolved by the caller, who exports that component instead.
///
/// ```swift
/// let reduced = try ReducedMotionExport.animations(shake, motion: .noMotion, normal: exported)
/// reduced.isEmpty   // true: shake does not keep its end state, so there is nothing to show
/// ```
public enum ReducedMotionExport {
    /// What plays under reduced motion, given the `normal` export: the same, nothing, or the stand-in's.
    public static func animations(_ definition: AnimationDefinition, motion: ReducedMotion?, normal: [WebAnimation]) throws(ExportError) -> [WebAnimation] {
        guard let motion else { return normal }
        switch motion {
        case .component:
            return normal   // resolved by the caller
        case .removed:
            return []       // nothing runs: the element keeps its own style
        case .shorten(let factor):
            return normal.map { animation in
                var scaled = animation
                scaled.timing.delay *= factor
                scaled.timing.duration *= factor
                scaled.timing.endDelay *= factor
                return scaled
            }
        case .noMotion, .fade:
            let base = AnimationEffect(definition)
            let effect = ReducedMotionEffect(base, motion: motion)
            let end = effect.sample(at: effect.endTime + 1e-6)
            var result: [WebAnimation] = []
            for (slot, property) in effect.properties.enumerated() where property.name != "opacity" || !isFade(motion) {
                guard base.fillsForwards, base.endTime.isFinite else { continue }
                let web = try WebProperty(property.name)
                let text = web.text(end.values[slot])
                result.append(WebAnimation(keyframes: [WebKeyframe(offset: 0, values: [web.camelCase: text]),
                                                       WebKeyframe(offset: 1, values: [web.camelCase: text])],
                                           timing: WebTiming(duration: 0, fill: "forwards"), properties: [property.name], fidelity: .exact))
            }
            if case .fade(let seconds) = motion {
                let (from, to) = effect.fadeEnds
                let keeps = base.fillsForwards && base.properties.contains { $0.name == "opacity" }
                result.append(WebAnimation(keyframes: [WebKeyframe(offset: 0, easing: ReducedMotionEffect.fadeEasing.cssText!, values: ["opacity": CSSNumber.text(from)]),
                                                       WebKeyframe(offset: 1, values: ["opacity": CSSNumber.text(to)])],
                                           timing: WebTiming(duration: seconds * 1000, fill: keeps ? "forwards" : "none"),
                                           properties: ["opacity"], fidelity: .exact))
            }
            return result
        }
    }

    private static func isFade(_ motion: ReducedMotion) -> Bool {
        if case .fade = motion { return true }
        return false
    }
}
