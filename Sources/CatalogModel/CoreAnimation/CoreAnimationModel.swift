/// One Core Animation animation as data — `CABasicAnimation`, `CAKeyframeAnimation`,
/// `CASpringAnimation` or `CAAnimationGroup` — with its timing. Imported from a definition's
/// `animation:` body by ``init(json:file:path:)``; evaluated by the engine's `CoreAnimationEffect`.
///
/// ```swift
/// let pop = try CoreAnimationModel(json: [
///     "type": "keyframe", "keyPath": "transform.scale", "values": [1, 0.8, 0.9], "duration": 0.2,
/// ], file: "bounce.yaml", path: FieldPath("animation"))
/// ```
package struct CoreAnimationModel: Sendable, Hashable {
    /// `CAKeyframeAnimation.calculationMode`.
    package enum CalculationMode: String, Sendable, Hashable, CaseIterable {
        /// Straight lines between values, at the key times.
        case linear
        /// Each value held until the next key time (one more key time than values).
        case discrete
        /// Key times ignored: an even speed over the distance between values.
        case paced
        /// A Kochanek–Bartels spline through the values, at the key times.
        case cubic
        /// The cubic spline at an even speed over its length.
        case cubicPaced
    }

    /// The keyframe animation's values and how it moves between them.
    package struct Keyframes: Sendable, Hashable {
        /// The values the property passes through (`values`).
        package var values: [AnimationValue]
        /// nil: spaced evenly (n for n values, n + 1 in discrete mode).
        package var keyTimes: [Double]?
        /// One per segment; nil: linear.
        package var timingFunctions: [TimingFunction]?
        /// How the property moves between values.
        package var calculationMode: CalculationMode
        /// Kochanek–Bartels parameters per key for the cubic modes (nil: 0, a Catmull-Rom spline).
        package var tension: [Double]?
        /// Kochanek–Bartels continuity per key (nil: 0).
        package var continuity: [Double]?
        /// Kochanek–Bartels bias per key (nil: 0).
        package var bias: [Double]?

        /// A keyframe body; what is not given is Core Animation's default.
        package init(
            values: [AnimationValue], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
            calculationMode: CalculationMode = .linear, tension: [Double]? = nil, continuity: [Double]? = nil, bias: [Double]? = nil
        ) {
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
    package struct Ends: Sendable, Hashable {
        /// `fromValue`: where the animation starts.
        package var from: AnimationValue?
        /// `toValue`: where it ends.
        package var to: AnimationValue?
        /// `byValue`: how far it moves, from `from` or to `to` (or from the model value).
        package var by: AnimationValue?

        /// The ends given; the others come from the model value.
        package init(from: AnimationValue? = nil, to: AnimationValue? = nil, by: AnimationValue? = nil) {
            self.from = from
            self.to = to
            self.by = by
        }
    }

    /// Which animation it is, with what only that kind has.
    package enum Body: Sendable, Hashable {
        /// `CABasicAnimation`: from one value to another.
        case basic(Ends)
        /// `CAKeyframeAnimation`: through a list of values.
        case keyframe(Keyframes)
        /// `CASpringAnimation`: from one value to another on a damped spring.
        case spring(Ends, SpringParameters)
        /// `CAAnimationGroup`: children running together, clipped to the group's duration.
        case group([CoreAnimationModel])
    }

    /// nil for groups.
    package var keyPath: AnimationKeyPath?
    /// What kind of animation it is, with its values.
    package var body: Body
    /// Its `CAMediaTiming`: duration, begin time, speed, repeats, fill mode.
    package var timing: MediaTiming
    /// Values add to the model value (transforms concatenate) instead of replacing it.
    package var additive: Bool
    /// Each repeat cycle starts from the value the previous one ended with.
    package var cumulative: Bool
    /// A spring whose definition gives no duration: the engine uses the spring's settling duration.
    package var durationIsSettlingDuration = false

    /// An animation of `keyPath` (nil for a group).
    package init(keyPath: AnimationKeyPath?, body: Body, timing: MediaTiming, additive: Bool = false, cumulative: Bool = false) {
        self.keyPath = keyPath
        self.body = body
        self.timing = timing
        self.additive = additive
        self.cumulative = cumulative
    }

    /// Every property the animation (and, for a group, its children) touches, sorted by name.
    package var properties: [AnimatableProperty] {
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
    package static let defaultDuration = 0.25
}
