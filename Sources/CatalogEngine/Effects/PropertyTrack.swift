import CatalogModel

/// One property's keyframes inside a ``KeyframeEffect``, prepared for sampling: the
/// property-specific keyframes of Web Animations (with the implicit keyframes at offset 0 and 1
/// that take the underlying value), each interval's easing compiled and its interpolation worked
/// out. Immutable, shared by reference.
///
/// ```swift
/// // opacity given only at offset 0.5: the track runs underlying → 0.2 → underlying.
/// ```
package final class PropertyTrack: Sendable {
    package let property: AnimatableProperty
    /// Computed offsets of the property-specific keyframes, non-decreasing, first 0, last 1.
    package let offsets: [Double]
    /// The easing of the interval each keyframe starts (the last keyframe's is never used), and
    /// `intervalStorage[i]`, the interpolation from keyframe i to keyframe i + 1. Plain buffers,
    /// not arrays: the sampling path reads them in place, and taking a value out of an array
    /// copies it (and its payload) first, which measured as a third of the time per sample.
    /// Owned by the track, freed in deinit.
    private nonisolated(unsafe) let easingStorage: UnsafeMutableBufferPointer<CompiledEasing>
    private nonisolated(unsafe) let intervalStorage: UnsafeMutableBufferPointer<ValueInterpolator>
    /// What the property shows when the effect is not in effect.
    package let underlyingValue: AnimatedValue
    /// How many numbers a sample of this track takes (see ``ValueInterpolator/width``).
    package let width: Int
    /// The underlying value as numbers; a discrete one is written as −1.
    private let underlyingNumbers: [Double]
    /// Discrete tracks write 2·interval + side (0: the interval's start value, 1: its end).
    private let isDiscrete: Bool

    /// - Parameters:
    ///   - keyframes: the effect's keyframes with their computed offsets.
    ///   - underlying: the property's model value (or its initial value).
    package init(property: AnimatableProperty, keyframes: [(offset: Double, keyframe: Keyframe)], underlying: AnimationValue) {
        // The keyframes that set the property: a value of its own, or the underlying value (a
        // neutral value composited by addition).
        // A keyframe's value is its computed value: a number outside the property's range is
        // clamped before it interpolates (CSS Color 4 clamps opacity's computed value; Firefox
        // and WebKit do so, Chromium clamps only what shows).
        func computed(_ value: AnimationValue) -> AnimationValue {
            guard case .number(let n) = value, let range = property.range else { return value }
            return .number(min(max(n, range.lowerBound), range.upperBound))
        }
        var specific: [(offset: Double, easing: TimingFunction, value: AnimationValue)] = keyframes.compactMap { entry in
            if let value = entry.keyframe.values[property.name] { return (entry.offset, entry.keyframe.easing, computed(value)) }
            return entry.keyframe.underlying.contains(property.name) ? (entry.offset, entry.keyframe.easing, underlying) : nil
        }
        // Implicit keyframes at offset 0 and 1 where the property has none: the underlying value,
        // eased linearly — a new keyframe, whatever easing another keyframe at 0 has (Web
        // Animations §"the effect value of a keyframe effect"; Chromium alone uses that easing).
        if specific.first?.offset != 0 { specific.insert((0, .linear, underlying), at: 0) }
        if specific.last?.offset != 1 { specific.append((1, .linear, underlying)) }

        self.property = property
        offsets = specific.map(\.offset)
        easingStorage = .allocate(capacity: specific.count)
        _ = easingStorage.initialize(from: specific.map { CompiledEasing($0.easing) })
        let intervals = specific.indices.dropLast().map {
            ValueInterpolator(from: specific[$0].value, to: specific[$0 + 1].value, range: property.range)
        }
        intervalStorage = .allocate(capacity: intervals.count)
        _ = intervalStorage.initialize(from: intervals)
        width = intervals[0].width
        underlyingValue = AnimatedValue(underlying)
        // The underlying value in the intervals' number form: an interval from it, at t = 0.
        let fromUnderlying = ValueInterpolator(from: underlying, to: underlying, range: nil)
        isDiscrete = intervals[0].kind == .discrete
        if isDiscrete {
            underlyingNumbers = [-1]
        } else {
            var numbers = [Double](repeating: 0, count: 16)
            numbers.withUnsafeMutableBufferPointer { fromUnderlying.write(at: 0, into: $0.baseAddress!) }
            underlyingNumbers = Array(numbers.prefix(width))
        }
    }

    deinit {
        easingStorage.deinitialize().deallocate()
        intervalStorage.deinitialize().deallocate()
    }

    /// Writes the value at an iteration progress (Web Animations §"The effect value of a
    /// keyframe effect"): the interval around the progress, its start keyframe's easing applied to
    /// the distance through it, extrapolating outside [0, 1]. Allocation-free.
    @inline(__always)
    package func write(atProgress progress: Double, beforeFlag: Bool, into out: UnsafeMutablePointer<Double>) {
        let count = offsets.count
        // Several keyframes at 0 (or 1) and progress beyond them: the outermost keyframe holds.
        if progress < 0, offsets[1] == 0 { write(interval: 0, at: 0, into: out); return }
        if progress >= 1, offsets[count - 2] == 1 { write(interval: count - 2, at: 1, into: out); return }
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
        let eased = CompiledEasing.output(easingStorage.baseAddress! + start, at: distance, beforeFlag: beforeFlag)
        write(interval: start, at: eased, into: out)
    }

    @inline(__always)
    private func write(interval: Int, at t: Double, into out: UnsafeMutablePointer<Double>) {
        ValueInterpolator.write(intervalStorage.baseAddress! + interval, at: t, into: out)
        if isDiscrete { out[0] += Double(2 * interval) }
    }

    /// Writes the underlying value (the effect is not in effect).
    @inline(__always)
    package func writeUnderlying(into out: UnsafeMutablePointer<Double>) {
        for index in 0..<underlyingNumbers.count { out[index] = underlyingNumbers[index] }
    }

    /// The value numbers written by this track stand for.
    package func decode(_ numbers: UnsafePointer<Double>) -> AnimatedValue {
        guard isDiscrete else { return intervalStorage[0].decode(numbers) }
        // Which end of which interval shows; −1 is the underlying value.
        guard numbers[0] >= 0 else { return underlyingValue }
        let code = Int(numbers[0])
        var side = Double(code % 2)
        return intervalStorage[min(code / 2, intervalStorage.count - 1)].decode(&side)
    }

    /// The value at an iteration progress, as an ``AnimatedValue``.
    package func value(atProgress progress: Double, beforeFlag: Bool) -> AnimatedValue {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { buffer in
            write(atProgress: progress, beforeFlag: beforeFlag, into: buffer.baseAddress!)
            return decode(buffer.baseAddress!)
        }
    }
}
