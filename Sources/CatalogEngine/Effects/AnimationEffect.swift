import CatalogModel

/// Either kind of animation, ready to sample: a Web Animations ``KeyframeEffect`` or a
/// ``CoreAnimationEffect``. This is what `catalog sample` evaluates.
///
/// ```swift
/// let effect = AnimationEffect(try AnimationDefinition(definition))
/// effect.sample(at: 0.1).values   // one value per effect.properties entry
/// ```
package enum AnimationEffect: Sendable {
    /// A keyframe effect (the Web Animations body, or a Core Animation animation compiled to one).
    case web(KeyframeEffect)
    /// A Core Animation tree evaluated by its own clocks (groups, springs, speed, time offsets).
    case coreAnimation(CoreAnimationEffect)

    /// - Parameter modelValues: the target's model values by property name.
    package init(_ definition: AnimationDefinition, modelValues: [String: AnimationValue] = [:]) {
        switch definition {
        case .web(let model): self = .web(KeyframeEffect(model, underlying: modelValues))
        case .coreAnimation(let model): self = .coreAnimation(CoreAnimationEffect(model, modelValues: modelValues))
        }
    }

    /// The animated properties, sorted by name: the order of ``EffectSample/values``.
    package var properties: [AnimatableProperty] {
        switch self {
        case .web(let effect): effect.tracks.map(\.property)
        case .coreAnimation(let effect): effect.properties
        }
    }

    /// Timing and every property's value at `time` seconds of the effect's own time.
    package func sample(at time: Double) -> EffectSample {
        switch self {
        case .web(let effect): effect.sample(at: time)
        case .coreAnimation(let effect): effect.sample(at: time)
        }
    }

    /// The same, with the values written into `values` (one per property): what a long run of
    /// samples uses. A Core Animation effect reuses the array's storage from call to call; a
    /// keyframe effect builds its values as ``sample(at:)`` does.
    package func sample(at time: Double, into values: inout [AnimatedValue]) -> (progress: Double?, iteration: Double?) {
        switch self {
        case .web(let effect):
            let sample = effect.sample(at: time)
            values = sample.values
            return (sample.progress, sample.iteration)
        case .coreAnimation(let effect):
            let top = effect.sample(at: time, overwriting: &values)
            return (top?.progress, top?.currentIteration)
        }
    }

    /// Whether its last frame stays once it is over (Web `fill: forwards`/`both`; Core Animation
    /// `fillMode` forwards/both with `removedOnCompletion: false`, of the top-level animation).
    package var fillsForwards: Bool {
        switch self {
        case .web(let effect): effect.timing.fill == .forwards || effect.timing.fill == .both
        case .coreAnimation(let effect):
            (effect.rootClock.media.fillMode == .forwards || effect.rootClock.media.fillMode == .both) && !effect.rootClock.media.removedOnCompletion
        }
    }

    /// When the animation is over, in seconds from its start (infinite for endless repeats).
    package var endTime: Double {
        switch self {
        case .web(let effect): ComputedTiming(effect.timing, localTime: 0).endTime
        case .coreAnimation(let effect): effect.endTime
        }
    }
}

extension CoreAnimationEffect {
    /// The top-level animation's clock (a spring without a duration runs for its settling duration).
    package var rootClock: MediaClock {
        switch root {
        case .leaf(let leaf): leaf.clock
        case .group(let clock, _): clock
        }
    }

    /// The end of the top-level animation's active span, in its parent's time.
    package var endTime: Double {
        switch root {
        case .leaf(let leaf): leaf.clock.parentEndTime
        case .group(let clock, _): clock.parentEndTime
        }
    }
}
