import CatalogModel

/// Core Animation's clock around the canonical timing: local time t = (parent − beginTime)·speed;
/// the active span is that of ``MediaTiming/effectTiming``; `timeOffset` shifts the time inside
/// the span, which wraps around so the span keeps its length (an animation of 1 s with timeOffset
/// 0.5 plays 0.5 → 1, then 0 → 0.5); fill modes hold the first or last frame, and an animation
/// removed on completion shows nothing after its end.
///
/// ```swift
/// var timing = MediaTiming(duration: 1)
/// timing.timeOffset = 0.25
/// MediaClock(timing).timing(atParentTime: 0.9)?.progress   // 0.15: wrapped round
/// ```
///
/// A class: it is read once per sample of every animation, and as a struct it was copied out of
/// its node each time (its easing holds arrays, so each copy retained and released them too).
package final class MediaClock: Sendable {
    package let media: MediaTiming
    package let effectTiming: EffectTiming
    /// The effect timing as the sampling path reads it (see ``KeyframeEffect``), and its easing
    /// compiled once, read in place: handed over by value, the curve and its table were copied
    /// on every sample. Freed in deinit.
    let schedule: TimingSchedule
    private nonisolated(unsafe) let easing: UnsafeMutablePointer<CompiledEasing>
    let activeDuration: Double

    package init(_ media: MediaTiming, duration: Double? = nil) {
        var media = media
        if let duration { media.duration = duration }
        self.media = media
        var timing = media.effectTiming
        // The clock decides when the animation shows; the effect always gives a value.
        timing.fill = .both
        effectTiming = timing
        schedule = TimingSchedule(timing)
        easing = .allocate(capacity: 1)
        easing.initialize(to: CompiledEasing(timing.easing))
        activeDuration = timing.duration * timing.iterations
    }

    deinit { easing.deinitialize(count: 1).deallocate() }

    /// The active span in the parent's time (infinite for endless repeats).
    package var parentEndTime: Double {
        media.speed == 0 ? .infinity : media.beginTime + activeDuration / media.speed
    }

    /// The effect's timing at a parent time, or nil when the animation does not show then.
    @inline(__always)
    package func timing(atParentTime parent: Double) -> ComputedTiming? {
        let tolerance = ComputedTiming.timeTolerance
        let local = (parent - media.beginTime) * media.speed
        let fillsBackwards = media.fillMode == .backwards || media.fillMode == .both
        let fillsForwards = (media.fillMode == .forwards || media.fillMode == .both) && !media.removedOnCompletion
        if local < -tolerance {
            return fillsBackwards ? ComputedTiming(schedule, localTime: wrapped(0), easing: easing) : nil
        }
        if activeDuration.isFinite, local >= activeDuration - tolerance {
            guard fillsForwards else { return nil }
            // The wrapped run ends where it began: at the offset (or at the end when there is none).
            let offset = positiveRemainder(media.timeOffset, activeDuration)
            return ComputedTiming(schedule, localTime: offset == 0 ? activeDuration : offset, easing: easing)
        }
        return ComputedTiming(schedule, localTime: wrapped(max(local, 0)), easing: easing)
    }

    private func wrapped(_ local: Double) -> Double {
        guard media.timeOffset != 0 else { return local }
        guard activeDuration.isFinite, activeDuration > 0 else { return local + media.timeOffset }
        return positiveRemainder(local + media.timeOffset, activeDuration)
    }

    private func positiveRemainder(_ value: Double, _ divisor: Double) -> Double {
        guard divisor > 0, divisor.isFinite else { return value }
        let r = value.truncatingRemainder(dividingBy: divisor)
        return r < 0 ? r + divisor : r
    }
}
