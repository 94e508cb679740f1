/// The timing of one animation effect in the Web Animations Level 1 model — the canonical model
/// that both the Web Animations body and Core Animation's `CAMediaTiming` compile to.
///
/// Times are in one unit throughout (seconds in the library; the Web Animations body's
/// milliseconds are converted on import). Mirrors `EffectTiming` of the Web Animations API.
///
/// ```swift
/// let timing = EffectTiming(duration: 0.2, fill: .forwards, easing: .cubicBezier(0.25, 0.1, 0.25, 1))
/// ```
public struct EffectTiming: Sendable, Hashable {
    public enum Fill: String, Sendable, Hashable, CaseIterable {
        case none, forwards, backwards, both
        /// `auto` means `none` for keyframe effects.
        case auto
    }

    public enum Direction: String, Sendable, Hashable, CaseIterable {
        case normal, reverse, alternate
        case alternateReverse = "alternate-reverse"
    }

    public var delay: Double
    public var endDelay: Double
    public var fill: Fill
    public var iterationStart: Double
    /// May be fractional or `.infinity`.
    public var iterations: Double
    /// The duration of one iteration (`auto` is 0).
    public var duration: Double
    public var direction: Direction
    public var easing: TimingFunction

    public init(delay: Double = 0, endDelay: Double = 0, fill: Fill = .auto, iterationStart: Double = 0,
                iterations: Double = 1, duration: Double = 0, direction: Direction = .normal, easing: TimingFunction = .linear)
    {
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
