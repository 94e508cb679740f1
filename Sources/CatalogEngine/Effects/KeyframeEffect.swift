import CatalogModel

/// A keyframe effect ready to sample: the model's timing with its easing compiled and one
/// ``PropertyTrack`` per animated property. Pure: the same time always gives the same values.
///
/// Two ways to sample: ``sample(at:)`` returns an ``EffectSample`` of typed values; the hot path,
/// ``sample(at:into:)``, writes plain numbers into a caller's buffer (track i at
/// ``offsets``[i], ``PropertyTrack/width`` numbers) and allocates nothing.
///
/// ```swift
/// let model = try KeyframeEffectModel(webKeyframes: [["opacity": 0], ["opacity": 1]],
///                                     options: ["duration": 1000], file: "fade.json")
/// let effect = KeyframeEffect(model)
/// let sample = effect.sample(at: 0.25)
/// sample.progress    // 0.25
/// sample.values[0]   // .number(0.25)
/// ```
package final class KeyframeEffect: Sendable {
    /// The effect's timing.
    package let timing: EffectTiming
    let schedule: TimingSchedule
    /// The effect's easing, read in place when sampling (see ``CompiledEasing``); freed in deinit.
    private nonisolated(unsafe) let easing: UnsafeMutablePointer<CompiledEasing>
    /// One per animated property, in the model's property order (sorted by name).
    package let tracks: [PropertyTrack]
    /// The same tracks, for calls without retain and release on the sampling path.
    private let trackReferences: [Unmanaged<PropertyTrack>]
    /// Where each track's numbers start in a sample buffer.
    package let offsets: [Int]
    /// How many numbers one sample takes.
    package let width: Int

    /// - Parameter underlying: model values of the target's properties; a property without one
    ///   uses its initial value.
    package init(_ model: KeyframeEffectModel, underlying: [String: AnimationValue] = [:]) {
        timing = model.timing
        schedule = TimingSchedule(model.timing)
        easing = .allocate(capacity: 1)
        easing.initialize(to: CompiledEasing(model.timing.easing))
        let offsets = model.computedOffsets
        let keyframes = Array(zip(offsets, model.keyframes)).map { (offset: $0.0, keyframe: $0.1) }
        tracks = model.properties.map { property in
            PropertyTrack(property: property, keyframes: keyframes, underlying: underlying[property.name] ?? property.initialValue)
        }
        trackReferences = tracks.map { Unmanaged.passUnretained($0) }
        var start = 0
        var starts: [Int] = []
        for track in tracks {
            starts.append(start)
            start += track.width
        }
        self.offsets = starts
        width = start
    }

    deinit { easing.deinitialize(count: 1).deallocate() }

    /// The Web Animations timing at `localTime`: phase, active time, progress, iteration.
    package func computedTiming(at localTime: Double) -> ComputedTiming {
        ComputedTiming(schedule, localTime: localTime, easing: UnsafePointer(easing))
    }

    /// Timing and every track's value at `localTime` (seconds from the effect's start).
    package func sample(at localTime: Double) -> EffectSample {
        var numbers = [Double](repeating: 0, count: width)
        let computed = sample(at: localTime, into: &numbers)
        let values = numbers.withUnsafeBufferPointer { buffer in tracks.indices.map { value(of: $0, in: buffer.baseAddress!) } }
        return EffectSample(time: localTime, progress: computed.progress, iteration: computed.currentIteration, values: values)
    }

    /// The value track `track`'s numbers stand for in a sample written at `sample` (by
    /// ``sample(at:into:)`` or ``sample(at:into:timings:)``).
    ///
    /// ```swift
    /// numbers.withUnsafeBufferPointer { buffer in
    ///     effect.value(of: 0, in: buffer.baseAddress! + 60 * effect.width)   // track 0 of sample 60: .number(0.5)
    /// }
    /// ```
    package func value(of track: Int, in sample: UnsafePointer<Double>) -> AnimatedValue {
        tracks[track].decode(sample + offsets[track])
    }

    /// The allocation-free form: writes every track's numbers into `numbers` (at least ``width``
    /// long) and returns the timing.
    @inline(__always)
    package func sample(at localTime: Double, into numbers: inout [Double]) -> ComputedTiming {
        let computed = computedTiming(at: localTime)
        numbers.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            if let progress = computed.progress {
                for index in trackReferences.indices {
                    trackReferences[index]._withUnsafeGuaranteedRef {
                        $0.write(atProgress: progress, beforeFlag: computed.beforeFlag, into: base + offsets[index])
                    }
                }
            } else {
                for index in trackReferences.indices {
                    trackReferences[index]._withUnsafeGuaranteedRef { $0.writeUnderlying(into: base + offsets[index]) }
                }
            }
        }
        return computed
    }

    /// How many times ``sample(at:into:timings:)`` works through at once: its scratch (two
    /// numbers and two flags a time) stays on the stack (a temporary allocation past 1 KiB goes to
    /// the heap) and in the first-level cache.
    static let batchSize = 64

    /// Samples at every one of `times` — one effect played by many objects started at different
    /// times, or at many frames — with the numbers ``sample(at:into:)`` writes at each, bit for
    /// bit: sample i's at `numbers + i · width`, its timing at `timings[i]` when given.
    /// Allocation-free.
    ///
    /// Faster per sample than one call a time: the timing of a run of times is worked out first,
    /// then their easing solved together (a cubic-bezier four at a time where the CPU can, see
    /// ``CubicBezierCurve``), then each track written for the run.
    ///
    /// ```swift
    /// let times = (0..<600).map { Double($0) / 60 }
    /// var numbers = [Double](repeating: 0, count: times.count * effect.width)
    /// times.withUnsafeBufferPointer { times in
    ///     numbers.withUnsafeMutableBufferPointer { effect.sample(at: times, into: $0.baseAddress!) }
    /// }
    /// numbers[60 * effect.width + effect.offsets[0]]   // track 0 at one second
    /// ```
    package func sample(
        at times: UnsafeBufferPointer<Double>, into numbers: UnsafeMutablePointer<Double>,
        timings: UnsafeMutablePointer<ComputedTiming>? = nil
    ) {
        guard let base = times.baseAddress else { return }
        let batch = Self.batchSize
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * batch) { scratch in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * batch) { flags in
                let directed = scratch.baseAddress!, eased = directed + batch
                let before = flags.baseAddress!, inEffect = before + batch
                var start = 0
                while start < times.count {
                    let count = min(batch, times.count - start)
                    // The timing up to the directed progress (no easing), for the whole run.
                    for index in 0..<count {
                        let computed = ComputedTiming(schedule, localTime: base[start + index], easing: nil)
                        timings?[start + index] = computed
                        // Out of effect: any input in (0, 1) keeps the easing's lanes on their common path.
                        directed[index] = computed.progress ?? 0.5
                        inEffect[index] = computed.progress != nil
                        before[index] = computed.beforeFlag
                    }
                    CompiledEasing.output(UnsafePointer(easing), at: directed, beforeFlags: before, into: eased, count: count)
                    if let timings {
                        for index in 0..<count where inEffect[index] { timings[start + index].progress = eased[index] }
                    }
                    // Track by track: each track's keyframes and interpolators stay at hand for the run.
                    let first = numbers + start * width
                    for track in trackReferences.indices {
                        let offset = offsets[track]
                        trackReferences[track]._withUnsafeGuaranteedRef { track in
                            for index in 0..<count {
                                let out = first + index * width + offset
                                if inEffect[index] {
                                    track.write(atProgress: eased[index], beforeFlag: before[index], into: out)
                                } else {
                                    track.writeUnderlying(into: out)
                                }
                            }
                        }
                    }
                    start += count
                }
            }
        }
    }
}

/// What an effect gives at one time: what `getComputedTiming()` would report and the
/// presentation value of each animated property.
///
/// ```swift
/// let sample = AnimationEffect(try AnimationDefinition(fade)).sample(at: 0.1)
/// sample.progress    // 0.4 for a 0.25 s linear fade
/// sample.values[0]   // .number(0.4)
/// ```
package struct EffectSample: Sendable, Hashable {
    /// Seconds from the effect's start.
    package var time: Double
    /// Transformed progress; nil when the effect is not in effect.
    package var progress: Double?
    /// Current iteration; nil when the effect is not in effect.
    package var iteration: Double?
    /// One value per animated property, in the effect's property order.
    package var values: [AnimatedValue]

    /// A sample as ``AnimationEffect/sample(at:)`` returns it.
    package init(time: Double, progress: Double?, iteration: Double?, values: [AnimatedValue]) {
        self.time = time
        self.progress = progress
        self.iteration = iteration
        self.values = values
    }
}
