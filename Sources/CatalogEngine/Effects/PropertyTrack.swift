import CatalogModel

/// One property's keyframes inside a ``KeyframeEffect``, prepared for sampling: the
/// property-specific keyframes of Web Animations (with the implicit keyframes at offset 0 and 1
/// that take the underlying value), each interval's easing compiled and its interpolation worked out.
///
/// ```swift
/// // opacity given only at offset 0.5: the track runs underlying → 0.2 → underlying.
/// ```
public struct PropertyTrack: Sendable {
    public let property: AnimatableProperty
    /// Computed offsets of the property-specific keyframes, non-decreasing, first 0, last 1.
    public let offsets: [Double]
    /// The easing of the interval each keyframe starts (the last keyframe's is never used).
    let easings: [CompiledEasing]
    /// `intervals[i]` interpolates from keyframe i to keyframe i + 1.
    let intervals: [ValueInterpolator]
    let firstValue: AnimatedValue
    let lastValue: AnimatedValue
    /// What the property shows when the effect is not in effect.
    public let underlyingValue: AnimatedValue

    /// - Parameters:
    ///   - keyframes: the effect's keyframes with their computed offsets.
    ///   - underlying: the property's model value (or its initial value).
    public init(property: AnimatableProperty, keyframes: [(offset: Double, keyframe: Keyframe)], underlying: AnimationValue) {
        // The implicit keyframe at 0 eases like the effect's own keyframe at offset 0, if it has
        // one (as Chromium does: a property missing from a keyframe still follows its easing).
        let zeroOffsetEasing = keyframes.last { $0.offset == 0 }?.keyframe.easing ?? .linear
        var specific: [(offset: Double, easing: TimingFunction, value: AnimationValue)] = keyframes.compactMap { entry in
            entry.keyframe.values[property.name].map { (entry.offset, entry.keyframe.easing, $0) }
        }
        // Implicit keyframes: the neutral value for composition (here, replace: the underlying
        // value) at offset 0 and 1 where the property has none.
        if specific.first?.offset != 0 { specific.insert((0, zeroOffsetEasing, underlying), at: 0) }
        if specific.last?.offset != 1 { specific.append((1, .linear, underlying)) }

        self.property = property
        offsets = specific.map(\.offset)
        easings = specific.map { CompiledEasing($0.easing) }
        var intervals: [ValueInterpolator] = []
        for index in specific.indices.dropLast() {
            intervals.append(ValueInterpolator(from: specific[index].value, to: specific[index + 1].value, range: property.range))
        }
        self.intervals = intervals
        firstValue = intervals[0].value(at: 0)
        lastValue = intervals[intervals.count - 1].value(at: 1)
        underlyingValue = AnimatedValue(underlying)
    }

    /// The value at an iteration progress (Web Animations §"The effect value of a keyframe
    /// effect"): the interval around the progress, its start keyframe's easing applied to the
    /// distance through it, extrapolating outside [0, 1]. Allocation-free.
    @inline(__always)
    public func value(atProgress progress: Double, beforeFlag: Bool) -> AnimatedValue {
        let count = offsets.count
        // Several keyframes at 0 (or 1) and progress beyond them: the outermost keyframe holds.
        if progress < 0, offsets[1] == 0 { return firstValue }
        if progress >= 1, offsets[count - 2] == 1 { return lastValue }
        // The start keyframe: the last at or before the progress and before 1 (keyframe 0 when
        // the progress is negative).
        var start = 0
        var index = count - 2
        while index > 0 {
            if offsets[index] <= progress, offsets[index] < 1 { start = index; break }
            index -= 1
        }
        let from = offsets[start], to = offsets[start + 1]
        let distance = (progress - from) / (to - from)
        return intervals[start].value(at: easings[start].output(at: distance, beforeFlag: beforeFlag))
    }
}
