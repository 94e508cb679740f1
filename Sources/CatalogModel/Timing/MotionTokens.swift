/// Motion tokens of two design systems, usable by name wherever a timing function or a Core
/// Animation `duration` is written, so that components speak a design system's motion language:
///
/// - Material 3 (`md.sys.motion.*`): durations short1–4 (50–200 ms), medium1–4 (250–400 ms),
///   long1–4 (450–600 ms), extra-long1–4 (700–1000 ms); easings standard, standard-accelerate,
///   standard-decelerate, emphasized (its cubic approximation), emphasized-decelerate,
///   emphasized-accelerate, the legacy set and linear — the values of the M3 motion token
///   reference.
/// - IBM Carbon (`carbon.motion.*`): durations fast-01 70 ms, fast-02 110 ms, moderate-01 150 ms,
///   moderate-02 240 ms, slow-01 400 ms, slow-02 700 ms; easings standard, entrance and exit in
///   productive and expressive modes — the values `@carbon/motion` (v11) exports.
///
/// ```yaml
/// animation: {type: basic, keyPath: opacity, fromValue: 0, toValue: 1,
///             duration: md.sys.motion.duration.medium2,
///             timingFunction: md.sys.motion.easing.emphasized.decelerate}
/// ```
public enum MotionTokens {
    /// Duration tokens, in seconds.
    public static let durations: [String: Double] = {
        var table: [String: Double] = [:]
        for (band, start) in [("short", 50.0), ("medium", 250.0), ("long", 450.0)] {
            for step in 1...4 { table["md.sys.motion.duration.\(band)\(step)"] = (start + Double(step - 1) * 50) / 1000 }
        }
        for step in 1...4 { table["md.sys.motion.duration.extra-long\(step)"] = Double(600 + step * 100) / 1000 }
        let carbon: [(String, Double)] = [("fast-01", 70), ("fast-02", 110), ("moderate-01", 150), ("moderate-02", 240), ("slow-01", 400), ("slow-02", 700)]
        for (name, milliseconds) in carbon { table["carbon.motion.duration.\(name)"] = milliseconds / 1000 }
        return table
    }()

    /// Easing tokens.
    public static let easings: [String: TimingFunction] = [
        "md.sys.motion.easing.linear": .linear,
        "md.sys.motion.easing.standard": .cubicBezier(0.2, 0, 0, 1),
        "md.sys.motion.easing.standard.accelerate": .cubicBezier(0.3, 0, 1, 1),
        "md.sys.motion.easing.standard.decelerate": .cubicBezier(0, 0, 0, 1),
        "md.sys.motion.easing.emphasized": .cubicBezier(0.2, 0, 0, 1),
        "md.sys.motion.easing.emphasized.decelerate": .cubicBezier(0.05, 0.7, 0.1, 1),
        "md.sys.motion.easing.emphasized.accelerate": .cubicBezier(0.3, 0, 0.8, 0.15),
        "md.sys.motion.easing.legacy": .cubicBezier(0.4, 0, 0.2, 1),
        "md.sys.motion.easing.legacy.accelerate": .cubicBezier(0.4, 0, 1, 1),
        "md.sys.motion.easing.legacy.decelerate": .cubicBezier(0, 0, 0.2, 1),
        "carbon.motion.standard.productive": .cubicBezier(0.2, 0, 0.38, 0.9),
        "carbon.motion.standard.expressive": .cubicBezier(0.4, 0.14, 0.3, 1),
        "carbon.motion.entrance.productive": .cubicBezier(0, 0, 0.38, 0.9),
        "carbon.motion.entrance.expressive": .cubicBezier(0, 0, 0.3, 1),
        "carbon.motion.exit.productive": .cubicBezier(0.2, 0, 1, 0.9),
        "carbon.motion.exit.expressive": .cubicBezier(0.4, 0.14, 1, 1),
    ]
}
