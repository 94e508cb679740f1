/// One Core Animation animation as data — `CABasicAnimation`, `CAKeyframeAnimation`,
/// `CASpringAnimation` or `CAAnimationGroup` — with its timing. Imported from a definition's
/// `animation:` body by ``init(json:file:path:)``; evaluated by the engine's `CoreAnimationEffect`.
///
/// ```swift
/// let pop = try CoreAnimationModel(json: [
///     "type": "keyframe", "keyPath": "transform.scale", "values": [1, 0.8, 0.9], "duration": 0.2,
/// ], file: "bounce.yaml", path: FieldPath("animation"))
/// ```
public struct CoreAnimationModel: Sendable, Hashable {
    /// `CAKeyframeAnimation.calculationMode`.
    public enum CalculationMode: String, Sendable, Hashable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// The keyframe animation's values and how it moves between them.
    public struct Keyframes: Sendable, Hashable {
        public var values: [AnimationValue]
        /// nil: spaced evenly (n for n values, n + 1 in discrete mode).
        public var keyTimes: [Double]?
        /// One per segment; nil: linear.
        public var timingFunctions: [TimingFunction]?
        public var calculationMode: CalculationMode
        /// Kochanek–Bartels parameters per key for the cubic modes (nil: 0, a Catmull-Rom spline).
        public var tension: [Double]?
        public var continuity: [Double]?
        public var bias: [Double]?

        public init(values: [AnimationValue], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                    calculationMode: CalculationMode = .linear, tension: [Double]? = nil, continuity: [Double]? = nil, bias: [Double]? = nil) {
            self.values = values
            self.keyTimes = keyTimes
            self.timingFunctions = timingFunctions
            self.calculationMode = calculationMode
            self.tension = tension
            self.continuity = continuity
            self.bias = bias
        }
    }

    /// `fromValue` / `toValue` / `byValue`: at most two are set; a missing end comes from the
    /// property's model value.
    public struct Ends: Sendable, Hashable {
        public var from: AnimationValue?
        public var to: AnimationValue?
        public var by: AnimationValue?

        public init(from: AnimationValue? = nil, to: AnimationValue? = nil, by: AnimationValue? = nil) {
            self.from = from
            self.to = to
            self.by = by
        }
    }

    /// Which animation it is, with what only that kind has.
    public enum Body: Sendable, Hashable {
        case basic(Ends)
        case keyframe(Keyframes)
        case spring(Ends, SpringParameters)
        case group([CoreAnimationModel])
    }

    /// nil for groups.
    public var keyPath: AnimationKeyPath?
    public var body: Body
    public var timing: MediaTiming
    /// Values add to the model value (transforms concatenate) instead of replacing it.
    public var additive: Bool
    /// Each repeat cycle starts from the value the previous one ended with.
    public var cumulative: Bool
    /// A spring whose definition gives no duration: the engine uses the spring's settling duration.
    public var durationIsSettlingDuration = false

    public init(keyPath: AnimationKeyPath?, body: Body, timing: MediaTiming, additive: Bool = false, cumulative: Bool = false) {
        self.keyPath = keyPath
        self.body = body
        self.timing = timing
        self.additive = additive
        self.cumulative = cumulative
    }

    /// Every property the animation (and, for a group, its children) touches, sorted by name.
    public var properties: [AnimatableProperty] {
        var found: [String: AnimatableProperty] = [:]
        func collect(_ model: CoreAnimationModel) {
            if case .group(let children) = model.body {
                children.forEach(collect)
            } else if let keyPath = model.keyPath {
                found[keyPath.property.name] = keyPath.property
            }
        }
        collect(self)
        return found.values.sorted { $0.name < $1.name }
    }

    /// Core Animation's default duration (a transaction's), used when a definition omits one.
    public static let defaultDuration = 0.25
}
