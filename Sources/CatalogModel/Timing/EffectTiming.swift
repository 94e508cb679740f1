/// The timing of one animation effect in the Web Animations Level 1 model — the canonical model
/// that both the Web Animations body and Core Animation's `CAMediaTiming` compile to.
///
/// Times are in one unit throughout (seconds in the library; the Web Animations body's
/// milliseconds are converted on import). Mirrors `EffectTiming` of the Web Animations API.
///
/// ```swift
/// let timing = EffectTiming(fill: .forwards, duration: 0.2, easing: .cubicBezier(0.25, 0.1, 0.25, 1))
/// ```
package struct EffectTiming: Sendable, Hashable {
    /// Which side of its active interval the effect keeps showing (`fill` in Web Animations).
    package enum Fill: String, Sendable, Hashable, CaseIterable {
        /// Shows nothing outside the active interval.
        case none
        /// Keeps the last value after the end.
        case forwards
        /// Shows the first value during the delay.
        case backwards
        /// Both of the above.
        case both
        /// `auto` means `none` for keyframe effects.
        case auto
    }

    /// Which way each iteration plays (`direction` in Web Animations).
    package enum Direction: String, Sendable, Hashable, CaseIterable {
        /// Every iteration forwards.
        case normal
        /// Every iteration backwards.
        case reverse
        /// Forwards, then backwards, in turns.
        case alternate
        /// Backwards, then forwards, in turns.
        case alternateReverse = "alternate-reverse"
    }

    /// Time before the active interval starts; negative starts part-way through.
    package var delay: Double
    /// Time after the active interval before the effect ends; negative ends it early.
    package var endDelay: Double
    /// What shows outside the active interval.
    package var fill: Fill
    /// Where in the iteration sequence playing starts (0.5: half-way through the first).
    package var iterationStart: Double
    /// May be fractional or `.infinity`.
    package var iterations: Double
    /// The duration of one iteration (`auto` is 0).
    package var duration: Double
    /// Which way iterations play.
    package var direction: Direction
    /// The timing function over each iteration (applied before a keyframe's own easing).
    package var easing: TimingFunction

    /// Web Animations' defaults for whatever is not given: no delays, one iteration of 0 s, `auto` fill, linear.
    package init(
        delay: Double = 0, endDelay: Double = 0, fill: Fill = .auto, iterationStart: Double = 0,
        iterations: Double = 1, duration: Double = 0, direction: Direction = .normal, easing: TimingFunction = .linear
    ) {
        self.delay = delay
        self.endDelay = endDelay
        self.fill = fill
        self.iterationStart = iterationStart
        self.iterations = iterations
        self.duration = duration
        self.direction = direction
        self.easing = easing
    }
}
