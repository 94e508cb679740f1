import CatalogModel
import Synchronization

/// An animation running on one object: what it is and when it started, in scene time, and what
/// it becomes under reduced motion.
///
/// Its fields are constants: the effect built for a frame's model values is kept and reused for
/// the next frame over the same values (``sample(at:modelValues:reducedMotion:)``), so replaying
/// many frames builds each effect once, not once per frame.
///
/// ```swift
/// let running = RunningAnimation(try AnimationDefinition(bounce), start: 2)
/// Presentation.values(model: ["transform": .transform(.identity)], running: [running], at: 2.1)
/// ```
package struct RunningAnimation: Sendable, Hashable {
    /// The animation as applied.
    package let animation: AnimationDefinition
    /// The scene time it started at.
    package let start: Double
    /// The component's `reducedMotion:` (nil: it plays unchanged); a `component` policy comes
    /// resolved as ``reducedReplacement``.
    package let reducedMotion: ReducedMotion?
    /// What plays instead under reduced motion, when its `reducedMotion:` names a stand-in.
    package let reducedReplacement: AnimationDefinition?
    /// Applied while the user preferred reduced motion (`apply`/`send --reduced-motion`): it
    /// plays reduced whoever looks.
    package let playsReduced: Bool
    /// The last effect built, shared by copies (they describe the same animation).
    private let built = BuiltEffect()

    /// An animation applied at `start`.
    package init(
        _ animation: AnimationDefinition, start: Double, reducedMotion: ReducedMotion? = nil,
        reducedReplacement: AnimationDefinition? = nil, playsReduced: Bool = false
    ) {
        self.animation = animation
        self.start = start
        self.reducedMotion = reducedMotion
        self.reducedReplacement = reducedReplacement
        self.playsReduced = playsReduced
    }

    /// What it shows at a time since its start, over the given model values.
    package func sample(at time: Double, modelValues: [String: AnimationValue], reducedMotion: Bool) -> (
        properties: [AnimatableProperty], values: [AnimatedValue]
    ) {
        let reduced = reducedMotion || playsReduced
        let shown = built.effect(modelValues: modelValues, reduced: reduced) { () -> ReducedMotionEffect in
            if reduced, let replacement = reducedReplacement {
                return ReducedMotionEffect(AnimationEffect(replacement, modelValues: modelValues), motion: nil)
            }
            var opacity = 1.0
            if case .number(let own)? = modelValues["opacity"] { opacity = own }
            return ReducedMotionEffect(
                AnimationEffect(animation, modelValues: modelValues), motion: reduced ? self.reducedMotion : nil, underlyingOpacity: opacity)
        }
        return (shown.properties, shown.sample(at: time).values)
    }

    /// The properties it animates as shown (a reduced-motion fade adds opacity).
    package func properties(reducedMotion: Bool) -> [AnimatableProperty] {
        let reduced = reducedMotion || playsReduced
        if reduced, let replacement = reducedReplacement { return replacement.properties }
        if reduced, case .fade? = self.reducedMotion, !animation.properties.contains(where: { $0.name == "opacity" }) {
            return (animation.properties + [AnimatableProperty.web("opacity")!]).sorted { $0.name < $1.name }
        }
        return animation.properties
    }

    /// When it is over, in seconds since its start.
    package func endTime(reducedMotion: Bool) -> Double {
        let reduced = reducedMotion || playsReduced
        if reduced, let replacement = reducedReplacement { return AnimationEffect(replacement).endTime }
        let effect = AnimationEffect(animation)
        return reduced ? ReducedMotionEffect(effect, motion: self.reducedMotion).endTime : effect.endTime
    }
}

/// The effect a ``RunningAnimation`` built for some model values, kept for the next frame.
/// Derived state: it takes no part in equality or hashing.
final class BuiltEffect: Sendable, Hashable {
    private struct Entry {
        var modelValues: [String: AnimationValue]
        var reduced: Bool
        var effect: ReducedMotionEffect
    }
    private let last = Mutex<Entry?>(nil)

    func effect(modelValues: [String: AnimationValue], reduced: Bool, build: () -> ReducedMotionEffect) -> ReducedMotionEffect {
        if let entry = last.withLock({ $0 }), entry.reduced == reduced, entry.modelValues == modelValues { return entry.effect }
        let effect = build()
        last.withLock { $0 = Entry(modelValues: modelValues, reduced: reduced, effect: effect) }
        return effect
    }

    static func == (a: BuiltEffect, b: BuiltEffect) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// Presentation values: an object's model values with its running animations applied at a
/// scene time, as Core Animation's presentation layer shows them. Animations stack in the order
/// they were applied: each sees the values the ones before it produced as its model (so a later
/// one replaces an earlier one's property, and an `additive` one adds to it).
///
/// ```swift
/// let shown = Presentation.values(model: ["transform": .transform(.identity)],
///                                 running: [RunningAnimation(try AnimationDefinition(bounceSelect), start: 0)], at: 0.1)
/// shown["transform"]   // scale 0.8
/// ```
package enum Presentation {
    /// - Parameter reducedMotion: the viewer prefers reduced motion: every animation plays as its
    ///   `reducedMotion:` says (those applied under reduced motion always do).
    package static func values(
        model: [String: PropertyValue], running: [RunningAnimation], at time: Double,
        reducedMotion: Bool = false
    ) -> [String: PropertyValue] {
        var values = model
        for animation in running {
            let underlying = values.compactMapValues(AnimationValue.init(model:))
            let sample = animation.sample(at: time - animation.start, modelValues: underlying, reducedMotion: reducedMotion)
            for (property, value) in zip(sample.properties, sample.values) {
                values[property.name] = value.propertyValue
            }
        }
        return values
    }
}

extension AnimationValue {
    /// A stored model value as an animation value; nil for values animations do not take
    /// (object references, JSON).
    package init?(model value: PropertyValue) {
        switch value {
        case .number(let n): self = .number(n)
        case .color(let c): self = .color(c)
        case .transform(let t): self = .matrix(t)
        case .point(let p): self = .point(p)
        case .size(let s): self = .size(s)
        case .rect(let r): self = .rect(r)
        case .bool, .string, .url: self = .discrete(value)
        case .object, .json: return nil
        }
    }
}
