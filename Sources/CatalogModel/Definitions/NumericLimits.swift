/// The ranges every number is checked against where it enters — a definition, a parameter, a
/// property, a scene or sample time, a frame count — so that whatever is accepted evaluates to
/// finite numbers and every accepted log replays.
///
/// ```swift
/// NumericLimits.maximumTime        // 1e9 s: about 31 years of scene time
/// NumericLimits.problem(time: 1e18)  // "must be a time from -1e9 to 1e9 s"
/// ```
package enum NumericLimits {
    /// Scene times, sample times and the span of a sampling, in seconds (about 31 years).
    package static let maximumTime = 1e9
    /// Frames one `sample`, `replay` or `demo` evaluates.
    package static let maximumFrames = 1_000_000
    /// An animated value's magnitude: a number, a colour channel, a transform function's
    /// arguments (px, radians, factors) or matrix entry. Far beyond any screen, yet squared
    /// and multiplied by interpolation and decomposition it stays finite.
    package static let maximumValue = 1e7
    /// An easing's output control points (`cubic-bezier` y, `linear()` outputs): overshoot, not overflow.
    package static let maximumEasingOutput = 1e3
    /// How long a spring may take to settle, in seconds.
    package static let maximumSettlingDuration = 1e4
    /// The shortest duration other than 0, in seconds: a repeat duration over it stays finite.
    package static let minimumDuration = 1e-6
    /// Iterations, repeat counts and iteration starts (other than endless).
    package static let maximumRepeats = 1e9
    /// Core Animation `speed`.
    package static let maximumSpeed = 1e3

    /// A reason when a duration or offset in seconds is out of range: durations are 0 or from
    /// ``minimumDuration`` to ``maximumTime``; offsets (delays, begin times) within ±``maximumTime``.
    package static func problem(duration: Double, allowNegative: Bool) -> String? {
        guard duration.isFinite, abs(duration) <= maximumTime else { return "must be within ±\(JSONValue.numberText(maximumTime)) s" }
        if allowNegative { return nil }
        guard duration == 0 || duration >= minimumDuration else { return "must be 0 or from \(JSONValue.numberText(minimumDuration)) s" }
        return duration >= 0 ? nil : "must be 0 or more"
    }

    /// A reason when `time` (seconds) is not finite or beyond ``maximumTime``; nil when it is fine.
    package static func problem(time: Double, allowNegative: Bool = true) -> String? {
        let low = allowNegative ? -maximumTime : 0
        guard time.isFinite, time >= low, time <= maximumTime else {
            return "must be a time from \(JSONValue.numberText(low)) to \(JSONValue.numberText(maximumTime)) s"
        }
        return nil
    }

    /// A reason when a value's magnitude is beyond ``maximumValue``; nil when it is fine.
    package static func problem(value: AnimationValue) -> String? {
        value.magnitude <= maximumValue ? nil : "is beyond the limit of ±\(JSONValue.numberText(maximumValue)) for animated values"
    }
}

extension AnimationValue {
    /// The largest absolute number it holds (∞ for a non-finite one).
    package var magnitude: Double {
        func largest(_ numbers: [Double]) -> Double { numbers.map { $0.isFinite ? abs($0) : .infinity }.max() ?? 0 }
        switch self {
        case .number(let n): return largest([n])
        case .color(let c): return largest([c.red, c.green, c.blue, c.alpha])
        case .matrix(let m): return largest(m.m)
        case .point(let p): return largest([p.x, p.y])
        case .size(let s): return largest([s.width, s.height])
        case .rect(let r): return largest([r.x, r.y, r.width, r.height])
        case .discrete: return 0
        case .transform(let functions):
            return functions.map { function -> Double in
                switch function.primitive {
                case .translate(let x, let y, let z), .scale(let x, let y, let z): largest([x, y, z])
                case .rotate(let x, let y, let z, let angle): largest([x, y, z, angle])
                case .skew(let x, let y): largest([x, y])
                case .perspective(let d): largest([d ?? 0])
                case .matrix(let m): largest(m)
                }
            }.max() ?? 0
        }
    }
}

extension NumericLimits {
    /// A reason when `value`, stored under `key`, could not serve as the value an animation of
    /// that property starts from or adds to: a property animations animate (`opacity`,
    /// `transform`, `frame`, … — any Core Animation or Web key) holds numbers within
    /// ±``maximumValue``, as animated values do, so that interpolating, concatenating or
    /// decomposing it stays finite. Other keys hold any finite value. Nil when it is fine.
    ///
    /// ```swift
    /// NumericLimits.problem(model: PropertyValue.number(1e300), for: "opacity")   // "is beyond ±10000000, the limit for opacity …"
    /// NumericLimits.problem(model: PropertyValue.number(1e300), for: "count")     // nil
    /// ```
    package static func problem(model value: PropertyValue, for key: String) -> String? {
        problem(modelMagnitude: value.magnitude, for: key)
    }

    /// ``problem(model:for:)`` for a value as a chain's `set` step writes it (JSON).
    package static func problem(model value: JSONValue, for key: String) -> String? {
        problem(modelMagnitude: value.magnitude, for: key)
    }

    private static func problem(modelMagnitude magnitude: Double, for key: String) -> String? {
        guard magnitude > maximumValue, AnimationKeyPath.layerProperties[key] != nil || AnimatableProperty.web(key) != nil else { return nil }
        return "is beyond ±\(JSONValue.numberText(maximumValue)), the limit for \(key) (a property animations start from)"
    }
}

extension JSONValue {
    /// The largest absolute number anywhere in it (0 when it holds none).
    package var magnitude: Double {
        switch self {
        case .number(let n): n.isFinite ? abs(n) : .infinity
        case .array(let items): items.map(\.magnitude).max() ?? 0
        case .object(let members): members.values.map(\.magnitude).max() ?? 0
        default: 0
        }
    }
}

extension PropertyValue {
    /// The largest absolute number it holds (0 for text, references and flags).
    package var magnitude: Double {
        func largest(_ numbers: [Double]) -> Double { numbers.map { $0.isFinite ? abs($0) : .infinity }.max() ?? 0 }
        switch self {
        case .number(let n): return largest([n])
        case .color(let c): return largest([c.red, c.green, c.blue, c.alpha])
        case .point(let p): return largest([p.x, p.y])
        case .size(let s): return largest([s.width, s.height])
        case .rect(let r): return largest([r.x, r.y, r.width, r.height])
        case .transform(let t): return largest(t.m)
        case .json(let json): return json.magnitude
        case .string, .bool, .url, .object: return 0
        }
    }
}
