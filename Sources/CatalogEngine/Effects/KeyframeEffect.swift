import CatalogModel

/// A keyframe effect ready to sample: the model's timing with its easing compiled and one
/// ``PropertyTrack`` per animated property. Pure: the same time always gives the same values.
///
/// ```swift
/// let model = try KeyframeEffectModel(webKeyframes: [["opacity": 0], ["opacity": 1]],
///                                     options: ["duration": 1000], file: "fade.json")
/// let effect = KeyframeEffect(model)
/// let sample = effect.sample(at: 0.25)
/// sample.timing.progress   // 0.25
/// sample.values[0]         // .number(0.25)
/// ```
public struct KeyframeEffect: Sendable {
    public let timing: EffectTiming
    let easing: CompiledEasing
    /// One per animated property, in the model's property order (sorted by name).
    public let tracks: [PropertyTrack]

    /// - Parameter underlying: model values of the target's properties; a property without one
    ///   uses its initial value.
    public init(_ model: KeyframeEffectModel, underlying: [String: AnimationValue] = [:]) {
        timing = model.timing
        easing = CompiledEasing(model.timing.easing)
        let offsets = model.computedOffsets
        let keyframes = Array(zip(offsets, model.keyframes)).map { (offset: $0.0, keyframe: $0.1) }
        tracks = model.properties.map { property in
            PropertyTrack(property: property, keyframes: keyframes, underlying: underlying[property.name] ?? property.initialValue)
        }
    }

    public func computedTiming(at localTime: Double) -> ComputedTiming {
        ComputedTiming(timing, localTime: localTime, easing: easing)
    }

    /// Timing and every track's value at `localTime` (seconds from the effect's start).
    public func sample(at localTime: Double) -> EffectSample {
        var values = tracks.map(\.underlyingValue)
        let computed = sample(at: localTime, into: &values)
        return EffectSample(time: localTime, progress: computed.progress, iteration: computed.currentIteration, values: values)
    }

    /// The allocation-free form: writes each track's value into `values` (one slot per track,
    /// sized by the caller) and returns the timing.
    @inline(__always)
    public func sample(at localTime: Double, into values: inout [AnimatedValue]) -> ComputedTiming {
        let computed = computedTiming(at: localTime)
        if let progress = computed.progress {
            for index in tracks.indices {
                values[index] = tracks[index].value(atProgress: progress, beforeFlag: computed.beforeFlag)
            }
        } else {
            for index in tracks.indices { values[index] = tracks[index].underlyingValue }
        }
        return computed
    }
}

/// What an effect gives at one time: what `getComputedTiming()` would report and the
/// presentation value of each animated property.
public struct EffectSample: Sendable, Hashable {
    /// Seconds from the effect's start.
    public var time: Double
    /// Transformed progress; nil when the effect is not in effect.
    public var progress: Double?
    /// Current iteration; nil when the effect is not in effect.
    public var iteration: Double?
    /// One value per animated property, in the effect's property order.
    public var values: [AnimatedValue]

    public init(time: Double, progress: Double?, iteration: Double?, values: [AnimatedValue]) {
        self.time = time
        self.progress = progress
        self.iteration = iteration
        self.values = values
    }
}
