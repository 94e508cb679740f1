import CatalogModel

/// What an effect's timing gives at one local time: Web Animations Level 1 §4 ("Core animation
/// model"), step by step — phase, active time, overall/simple/directed/transformed progress and
/// current iteration. `progress` and `currentIteration` are what `getComputedTiming()` reports.
///
/// ```swift
/// let timing = EffectTiming(iterations: 2, duration: 1, direction: .alternate)
/// let computed = ComputedTiming(timing, localTime: 1.25)
/// computed.progress           // 0.75 (second iteration runs backwards)
/// computed.currentIteration   // 1
/// ```
package struct ComputedTiming: Sendable, Hashable {
    /// Times closer than this are the same time. Browsers keep animation times in whole
    /// microseconds, so 50 ms + 100 ms *is* 150 ms there; in binary floating point 0.05 + 0.1 is
    /// not 0.15. One nanosecond absorbs the rounding and is far below any time a browser tells apart.
    package static let timeTolerance = 1e-9

    /// Web Animations §4.6.3: before the active interval, in it, or after it.
    package enum Phase: Sendable, Hashable {
        /// Before the active interval (during the delay).
        case before
        /// In it.
        case active
        /// After it (during the end delay, and after the end).
        case after
    }

    /// Where the local time falls.
    package var phase: Phase
    /// The duration of all iterations together.
    package var activeDuration: Double
    /// delay + active duration + end delay, never below 0.
    package var endTime: Double
    /// nil when the effect is not in effect (no fill covers this time).
    package var activeTime: Double?
    /// The transformed progress, nil when not in effect.
    package var progress: Double?
    /// nil when not in effect; `.infinity` after an infinitely repeating effect.
    package var currentIteration: Double?
    /// The Web Animations before flag handed to step easings.
    package var beforeFlag: Bool
    /// Whether the current iteration plays forwards.
    package var isForwards: Bool

    /// The timing at `localTime` seconds of the effect's own time, as `getComputedTiming()` reports it.
    package init(_ timing: EffectTiming, localTime: Double) {
        self = withUnsafePointer(to: CompiledEasing(timing.easing)) { ComputedTiming(TimingSchedule(timing), localTime: localTime, easing: $0) }
    }

    /// The sampling path: the timing as plain numbers, the easing compiled. Without an easing,
    /// `progress` is the directed progress, for a caller that eases many at once.
    @inline(__always)
    init(_ timing: TimingSchedule, localTime: Double, easing: UnsafePointer<CompiledEasing>?) {
        let iterationDuration = timing.iterationDuration
        activeDuration = timing.activeDuration
        endTime = timing.endTime

        // §4.6.3 phases (playback forwards): the after phase includes its boundary.
        if localTime < timing.beforeActive - Self.timeTolerance {
            phase = .before
        } else if localTime >= timing.activeAfter - Self.timeTolerance {
            phase = .after
        } else {
            phase = .active
        }

        // §4.8.3.1 active time.
        switch phase {
        case .before:
            activeTime = (timing.fill == .backwards || timing.fill == .both) ? max(localTime - timing.delay, 0) : nil
        case .active:
            activeTime = max(localTime - timing.delay, 0)
        case .after:
            activeTime =
                (timing.fill == .forwards || timing.fill == .both)
                ? max(min(localTime - timing.delay, activeDuration), 0) : nil
        }

        guard let activeTime else {
            progress = nil
            currentIteration = nil
            beforeFlag = phase == .before
            isForwards = true
            return
        }

        // §4.8.3.2 overall progress.
        let overall: Double
        if iterationDuration == 0 {
            overall = phase == .before ? timing.iterationStart : timing.iterationStart + timing.iterations
        } else {
            // No snapping here: browsers divide the floating-point seconds as they are, so at an
            // iteration boundary they may report the end of the previous iteration (the oracle
            // shows 1.9999999999999998 → iteration 1), and so must we.
            overall = activeTime / iterationDuration + timing.iterationStart
        }

        // §4.8.3.3 simple iteration progress: an effect that ends on an iteration boundary reads
        // 1 at its end, not 0. As in Chromium, "ends on a boundary" is decided from the iteration
        // count (exact) and "at its end" within the time tolerance, not from a floating-point 0.
        // x − ⌊x⌋ is exact in floating point and, for x ≥ 0, equals fmod(x, 1), without the call.
        var simple =
            overall.isInfinite
            ? timing.iterationStart - timing.iterationStart.wholePart
            : overall - overall.wholePart
        let endsOnBoundary = timing.endsOnIterationBoundary
        let atEnd = phase != .before && abs(activeTime - activeDuration) <= Self.timeTolerance && timing.iterations != 0 && endsOnBoundary
        if atEnd { simple = 1 }

        // §4.8.4 current iteration (at the end: the last iteration, counted exactly).
        let iteration: Double
        if phase == .after, timing.iterations.isInfinite {
            iteration = .infinity
        } else if atEnd {
            iteration = max(timing.iterationStart + timing.iterations - 1, 0)
        } else {
            iteration = overall.wholePart
        }
        currentIteration = iteration

        // §4.9.1 directed progress.
        let forwards: Bool
        switch timing.direction {
        case .normal: forwards = true
        case .reverse: forwards = false
        case .alternate, .alternateReverse:
            if iteration.isInfinite {
                forwards = timing.direction == .alternate
            } else {
                let d = timing.direction == .alternateReverse ? iteration + 1 : iteration
                forwards = (d * 0.5).wholePart * 2 == d
            }
        }
        isForwards = forwards
        let directed = forwards ? simple : 1 - simple

        // §4.10.1 transformed progress, with the before flag for step easings.
        beforeFlag = (phase == .before && forwards) || (phase == .after && !forwards)
        progress = easing.map { CompiledEasing.output($0, at: directed, beforeFlag: beforeFlag) } ?? directed
    }
}

/// ``EffectTiming`` as plain numbers, without its easing (compiled separately): what the
/// sampling path reads, cheap to pass around. What does not depend on the time (the active
/// duration, the phase boundaries) is worked out here once, not on every sample.
struct TimingSchedule: Sendable {
    var delay, iterationStart, iterations: Double
    var fill: EffectTiming.Fill
    var direction: EffectTiming.Direction
    /// iterations + iterationStart is a whole number (finite iterations only).
    var endsOnIterationBoundary: Bool
    /// The duration, never below 0.
    var iterationDuration: Double
    /// Duration × iterations, with 0 × ∞ = 0.
    var activeDuration: Double
    /// delay + active duration + end delay, never below 0.
    var endTime: Double
    /// Where the before phase ends and the after phase starts (Web Animations §4.6.3).
    var beforeActive, activeAfter: Double

    init(_ timing: EffectTiming) {
        delay = timing.delay
        iterationStart = timing.iterationStart
        iterations = timing.iterations
        fill = timing.fill
        direction = timing.direction
        endsOnIterationBoundary =
            timing.iterations.isFinite
            && (timing.iterations + timing.iterationStart).truncatingRemainder(dividingBy: 1) == 0
        iterationDuration = max(timing.duration, 0)
        activeDuration = (iterationDuration == 0 || timing.iterations == 0) ? 0 : iterationDuration * timing.iterations
        endTime = max(timing.delay + activeDuration + timing.endDelay, 0)
        beforeActive = max(min(timing.delay, endTime), 0)
        activeAfter = max(min(timing.delay + activeDuration, endTime), 0)
    }
}

extension Double {
    /// ⌊x⌋, fast for x > 0 (progress and iteration counts), by conversion to an integer rather than a
    /// call to `floor`: without SSE4.1 in the baseline target, `rounded(.down)` is a library call,
    /// and three of them measured as a tenth of a keyframe sample. From 2⁵² on every double is
    /// whole already; NaN and infinity pass through as they are.
    @inline(__always)
    var wholePart: Double {
        self < 4_503_599_627_370_496 ? (self > 0 ? Double(Int64(self)) : rounded(.down)) : self
    }
}
