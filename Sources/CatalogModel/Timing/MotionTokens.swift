/// Motion tokens of two design systems, usable by bare name wherever a timing function or a Core
/// Animation `duration` is written (the older form of a token reference, `"{md.sys.motion…}"`),
/// with the values of the built-in token sets (``BuiltInTokenSets``):
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
package enum MotionTokens {
    /// Duration tokens, in seconds: the built-in sets' (``BuiltInTokenSets``) duration tokens by path.
    package static let durations: [String: Double] = {
        var table: [String: Double] = [:]
        for (name, _, set) in BuiltInTokenSets.sets {
            for token in set.tokens where token.type == .duration {
                table[token.path] = try? TokenValueShape.seconds(try set.resolved(token.path, file: name), file: name, path: token.path)
            }
        }
        return table
    }()

    /// Easing tokens: the built-in sets' cubicBezier tokens by path (a group's `$root` by the
    /// group's path); `[0, 0, 1, 1]` is `linear`.
    package static let easings: [String: TimingFunction] = {
        var table: [String: TimingFunction] = [:]
        for (name, _, set) in BuiltInTokenSets.sets {
            for token in set.tokens where token.type == .cubicBezier {
                guard let p = try? TokenValueShape.bezier(try set.resolved(token.path, file: name), file: name, path: token.path) else { continue }
                let path = token.path.hasSuffix(".$root") ? String(token.path.dropLast(".$root".count)) : token.path
                table[path] = p == [0, 0, 1, 1] ? .linear : .cubicBezier(p[0], p[1], p[2], p[3])
            }
        }
        return table
    }()
}
