import CatalogEngine
import Foundation

/// A channel written exactly, where the role's web animations say how it runs: a key time at
/// each knot of their timeline (``ExactTimeline``: keyframe intervals unrolled over iterations,
/// directions and fills), the engine's value there, and `calcMode="spline"` with each interval's
/// cubic bézier as its `keySplines` — a hold as the value kept until a moment before the next
/// knot. Kept only where it reproduces the engine (to a thousandth of the bound at every time
/// checked); SMIL takes control points within 0…1 only, so an easing that overshoots is baked.
enum SVGExactTrack {
    /// The exact track over `[0, length]`, or nil when none reproduces the engine.
    static func make(
        _ channel: SVGChannel, knots: [ExactTimeline.Knot], length: Double, box: SVGBox,
        sample: (Double, [Double]?) throws(ExportError) -> [Double]
    ) throws(ExportError) -> SVGTrack? {
        guard length > 0, knots.count >= 2 else { return nil }
        // A hold ends this long before the knot it jumps at: a few float steps of the span,
        // shorter than any instant a player shows apart (Gecko keeps whole milliseconds).
        let moment = length * 1e-6
        var entries: [(time: Double, value: [Double], spline: [Double])] = []
        let straight: [Double] = [0, 0, 1, 1]
        var previous: [Double]?
        for (index, knot) in knots.enumerated() {
            let right = try sample(knot.time, previous)
            let left = index > 0 ? try sample(knot.time - moment, previous) : right
            let last = index == knots.count - 1
            // Jumps at the knot: the value before it, a moment earlier (unless a hold ends there).
            // (The engine moves a little in a moment anyway: a jump is a quarter of the bound or more.)
            if index > 0, !last, channel.error(left, right, box: box) > 0.25, entries.last?.time != knot.time - moment {
                entries.append((knot.time - moment, left, straight))
            }
            // The last key time's value is what the engine approaches there (frozen after it).
            let value = last && index > 0 && channel.error(left, right, box: box) > 0.25 ? left : right
            switch knot.easing {
            case .hold:
                entries.append((knot.time, value, straight))
                // Kept until a moment before the next knot.
                if !last { entries.append((knots[index + 1].time - moment, value, straight)) }
            case .curve(let x1, let y1, let x2, let y2):
                guard [x1, y1, x2, y2].allSatisfy({ (0...1).contains($0) }) else { return nil }
                entries.append((knot.time, value, [x1, y1, x2, y2]))
            }
            previous = value
        }
        let times = entries.map(\.time)
        guard zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }), times.first == 0, abs(times.last! - length) < 1e-12 else { return nil }
        let values = entries.map(\.value), splines = entries.dropLast().map(\.spline)
        let track = SVGTrack(keyTimes: times.map { $0 / length }, values: values.map { SVGTrack.written(channel, $0) }, maxError: 0, keySplines: splines)
        // Checked against the engine on a grid and at every key time's neighbourhood.
        var checks = (0...400).map { Double($0) / 400 * length }
        for t in times { checks += [t - moment * 2, t + moment * 2] }
        var worst = 0.0
        var unwound: [Double]?
        for t in checks.filter({ $0 >= 0 && $0 <= length }).sorted() {
            let engine = try sample(t, unwound)
            unwound = engine
            worst = max(worst, channel.error(track.value(at: t / length), engine, box: box))
        }
        guard worst <= 1e-3 else { return nil }
        return track
    }
}

extension SVGTrack {
    /// What SMIL shows at a fraction of the span: the interval around it, its key spline applied
    /// (straight when there are none), each number between the interval's values.
    func value(at fraction: Double) -> [Double] {
        guard let index = keyTimes.lastIndex(where: { $0 <= fraction }), index + 1 < keyTimes.count else { return values.last! }
        let span = keyTimes[index + 1] - keyTimes[index]
        var u = span > 0 ? (fraction - keyTimes[index]) / span : 1
        if let splines = keySplines {
            let s = splines[index]
            u = CubicBezierCurve(s[0], s[1], s[2], s[3]).y(atX: u)
        }
        return zip(values[index], values[index + 1]).map { $0 + ($1 - $0) * u }
    }
}
