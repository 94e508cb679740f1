import CatalogModel

/// An animation as it plays under reduced motion (``ReducedMotion``): the same effect, shown at
/// its end state from its start (`none`), with an opacity cross-fade instead of the motion
/// (`fade`), or in a fraction of the time (`shorten`). A `component` policy is resolved by the
/// caller, which samples that component instead; nil plays the animation unchanged.
///
/// An endless animation has no end state: under `none` it shows nothing (the model values), under
/// `fade` only the fade.
///
/// ```swift
/// let shake = AnimationEffect(try AnimationDefinition(definition))
/// let reduced = ReducedMotionEffect(shake, motion: .noMotion)
/// reduced.sample(at: 0.1).values   // the model values: shake ends where it began
/// ```
package struct ReducedMotionEffect: Sendable {
    /// The effect as written.
    package let base: AnimationEffect
    /// What it becomes under reduced motion (nil: it plays unchanged).
    package let motion: ReducedMotion?
    /// The base's properties, plus opacity when a fade adds it (none for `removed`); sorted by name.
    package let properties: [AnimatableProperty]
    /// Where opacity sits in ``properties`` (a fade's), and whether the base animates it.
    private let opacitySlot: Int?
    private let baseAnimatesOpacity: Bool
    /// The base's values once it is over (its model values when it never ends).
    private let endSample: EffectSample
    /// The fade's start and end opacity: the base's own where it animates opacity, else from 0
    /// to the element's own opacity (`underlyingOpacity`), which it shows once the fade is over.
    package let fadeEnds: (from: Double, to: Double)

    /// The effect `base` as a viewer who prefers reduced motion sees it.
    /// - Parameter underlyingOpacity: the element's own opacity, which a fade the base does not
    ///   have ends at (a half-transparent badge fades in to half, not to opaque).
    package init(_ base: AnimationEffect, motion: ReducedMotion?, underlyingOpacity: Double = 1) {
        self.base = base
        self.motion = motion
        var properties = base.properties
        baseAnimatesOpacity = properties.contains { $0.name == "opacity" }
        if case .fade = motion, !baseAnimatesOpacity {
            properties.append(AnimatableProperty.web("opacity")!)
            properties.sort { $0.name < $1.name }
        }
        // `removed` animates nothing: what shows is the object's own values.
        if case .removed = motion { properties = [] }
        self.properties = properties
        opacitySlot = properties.firstIndex { $0.name == "opacity" }
        // Only `none` and `fade` show the end state; the others never read it.
        let showsEnd: Bool =
            switch motion {
            case .noMotion?, .fade?: true
            default: false
            }
        let end = base.endTime
        if !showsEnd {
            endSample = EffectSample(time: 0, progress: nil, iteration: nil, values: [])
        } else if end.isFinite {
            // Just past the end: the after phase, where a forwards fill shows.
            endSample = base.sample(at: max(end, 0) + 1e-6)
        } else {
            endSample = EffectSample(time: 0, progress: nil, iteration: nil, values: base.properties.map { AnimatedValue($0.initialValue) })
        }
        var fade = (from: 0.0, to: underlyingOpacity)
        if showsEnd, let slot = base.properties.firstIndex(where: { $0.name == "opacity" }),
            case .number(let from) = base.sample(at: 0).values[slot], case .number(let to) = endSample.values[slot]
        {
            fade = (from, to)
        }
        fadeEnds = fade
    }

    /// When it is over, in seconds from its start.
    package var endTime: Double {
        switch motion {
        case nil, .component?: base.endTime
        case .shorten(let factor)?: base.endTime * factor
        case .noMotion?, .removed?: 0
        case .fade(let seconds)?: seconds
        }
    }

    /// Timing and values at `time`, reduced.
    package func sample(at time: Double) -> EffectSample {
        switch motion {
        case nil, .component?:
            return base.sample(at: time)
        case .shorten(let factor)?:
            var sample = base.sample(at: time / factor)
            sample.time = time
            return sample
        case .removed?:
            // Never in effect and animating nothing: the model values show.
            return EffectSample(time: time, progress: nil, iteration: nil, values: [])
        case .noMotion?:
            guard time >= 0 else { return base.sample(at: time) }
            var sample = endSample
            sample.time = time
            return sample
        case .fade(let seconds)?:
            var sample = time < 0 ? base.sample(at: time) : endSample
            sample.time = time
            var values = sample.values
            // A fade the base does not have: opacity shows its model value (1) until it starts.
            if !baseAnimatesOpacity, let slot = opacitySlot { values.insert(.number(1), at: slot) }
            if time >= 0, let slot = opacitySlot {
                let (from, to) = fadeEnds
                if time < seconds {
                    let eased = Self.easeInOut.output(at: time / seconds)
                    values[slot] = .number(from + (to - from) * eased)
                    sample.progress = time / seconds
                    sample.iteration = 0
                } else {
                    values[slot] = .number(to)
                }
            }
            sample.values = values
            return sample
        }
    }

    /// The same, with the values written into `values` (its storage reused from call to call
    /// where the effect plays as written or shortened); returns the progress and iteration.
    package func sample(at time: Double, into values: inout [AnimatedValue]) -> (progress: Double?, iteration: Double?) {
        switch motion {
        case nil, .component?: return base.sample(at: time, into: &values)
        case .shorten(let factor)?: return base.sample(at: time / factor, into: &values)
        case .removed?, .noMotion?, .fade?:
            let sample = sample(at: time)
            values = sample.values
            return (sample.progress, sample.iteration)
        }
    }

    /// Each of `times` in order, with its progress, iteration and values (one per property,
    /// valid during the call): the values ``sample(at:)`` gives, for a long run of samples. A
    /// keyframe effect played as written or shortened is sampled a run of times at once
    /// (``KeyframeEffect/sample(at:into:timings:)``), anything else one time a call.
    ///
    /// ```swift
    /// effect.forEachSample(at: [0, 0.1, 0.2]) { index, progress, iteration, values in
    ///     print(index, progress ?? .nan, values[0])
    /// }
    /// ```
    package func forEachSample(
        at times: [Double],
        _ body: (_ index: Int, _ progress: Double?, _ iteration: Double?, _ values: UnsafeBufferPointer<AnimatedValue>) -> Void
    ) {
        // What the keyframe effect's own time is at `time`: time / factor.
        let factor: Double? =
            switch motion {
            case nil, .component?: 1
            case .shorten(let by)?: by
            case .removed?, .noMotion?, .fade?: nil
            }
        guard case .web(let effect) = base, let factor else {
            var values: [AnimatedValue] = []
            for (index, time) in times.enumerated() {
                let timing = sample(at: time, into: &values)
                values.withUnsafeBufferPointer { body(index, timing.progress, timing.iteration, $0) }
            }
            return
        }
        let run = 64
        var local = [Double](repeating: 0, count: run)
        var numbers = [Double](repeating: 0, count: run * effect.width)
        var timings = [ComputedTiming](repeating: effect.computedTiming(at: 0), count: run)
        var values = effect.tracks.map(\.underlyingValue)
        var first = 0
        while first < times.count {
            let count = min(run, times.count - first)
            for index in 0..<count { local[index] = times[first + index] / factor }
            local.withUnsafeBufferPointer { local in
                numbers.withUnsafeMutableBufferPointer { numbers in
                    timings.withUnsafeMutableBufferPointer {
                        effect.sample(at: UnsafeBufferPointer(rebasing: local[0..<count]), into: numbers.baseAddress!, timings: $0.baseAddress!)
                    }
                }
            }
            numbers.withUnsafeBufferPointer { numbers in
                for index in 0..<count {
                    for track in values.indices { values[track] = effect.value(of: track, in: numbers.baseAddress! + index * effect.width) }
                    values.withUnsafeBufferPointer { body(first + index, timings[index].progress, timings[index].currentIteration, $0) }
                }
            }
            first += count
        }
    }

    /// The fade's easing (CSS `ease-in-out`).
    package static let fadeEasing = TimingFunction.cubicBezier(0.42, 0, 0.58, 1)
    private static let easeInOut = CompiledEasing(fadeEasing)
}
