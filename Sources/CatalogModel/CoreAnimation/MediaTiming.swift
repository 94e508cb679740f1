/// Core Animation's timing (`CAMediaTiming` plus `removedOnCompletion` and the animation-level
/// `timingFunction`), in seconds. ``effectTiming`` is its image in the canonical Web Animations
/// model; what that model cannot say (`beginTime`, `speed`, `timeOffset`'s wrap-around and
/// removal on completion) the engine's clock applies around it.
///
/// ```swift
/// var timing = MediaTiming(duration: 1)
/// timing.repeatCount = 1.5
/// timing.autoreverses = true
/// timing.effectTiming.iterations   // 3: forward, back, forward — it ends at the far end
/// ```
package struct MediaTiming: Sendable, Hashable {
    /// `CAMediaTimingFillMode`: which frame shows outside the active span.
    package enum FillMode: String, Sendable, Hashable, CaseIterable {
        /// Nothing outside the active span (`kCAFillModeRemoved`).
        case removed
        /// The last frame after the end.
        case forwards
        /// The first frame before the start.
        case backwards
        /// Both.
        case both
    }

    /// Start, in the parent's time (a delay).
    package var beginTime: Double = 0
    /// Seconds per cycle; a definition that gives none gets Core Animation's default, 0.25 s (`CoreAnimationModel.defaultDuration`).
    package var duration: Double
    /// How fast the animation's time runs against its parent's (2: twice as fast).
    package var speed: Double = 1
    /// Shifts the animation's own time; the active span stays the same and wraps around.
    package var timeOffset: Double = 0
    /// 0 means once; may be fractional or infinite. With `autoreverses`, one repeat is a full
    /// forward-and-back cycle.
    package var repeatCount: Double = 0
    /// Repeat for this many seconds instead of a count (0: unused).
    package var repeatDuration: Double = 0
    /// Each cycle plays forwards, then backwards.
    package var autoreverses: Bool = false
    /// What shows outside the active span, while the animation is not removed.
    package var fillMode: FillMode = .removed
    /// When true (Core Animation's default) the animation is gone once it ends: the property
    /// shows its model value again, whatever the fill mode says.
    package var removedOnCompletion: Bool = true
    /// Applied to the whole animation first; keyframe segments apply theirs after it.
    package var timingFunction: TimingFunction = .linear

    /// Core Animation's defaults with this duration.
    package init(duration: Double) { self.duration = duration }

    /// The canonical form: each half of an autoreversing cycle is one alternate-direction
    /// iteration; `repeatDuration` becomes a (possibly fractional) iteration count.
    package var effectTiming: EffectTiming {
        let halves: Double = autoreverses ? 2 : 1
        let iterations: Double
        if repeatDuration > 0, duration > 0 {
            iterations = repeatDuration / duration
        } else {
            iterations = (repeatCount == 0 ? 1 : repeatCount) * halves
        }
        let fill: EffectTiming.Fill =
            switch fillMode {
            case .removed: .none
            case .forwards: .forwards
            case .backwards: .backwards
            case .both: .both
            }
        return EffectTiming(
            fill: fill, iterations: iterations, duration: duration,
            direction: autoreverses ? .alternate : .normal, easing: timingFunction)
    }

    /// How many iterations of ``effectTiming`` make one repeat cycle (2 when autoreversing).
    package var iterationsPerCycle: Double { autoreverses ? 2 : 1 }
}
