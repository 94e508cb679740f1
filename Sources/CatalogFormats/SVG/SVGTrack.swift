import CatalogEngine
import Foundation

/// One channel of one role over a span of time, as SMIL plays it: the values at `keyTimes`, each
/// number between them along the interval's key spline (``SVGExactTrack``), or straight. Baked
/// (``fit(_:start:length:box:sample:)``): straight segments, as few as keep every value within
/// the export bound of the engine's, measured on a grid refined wherever the engine bends or
/// jumps (located to 1e-7 of the span) and between its points.
struct SVGTrack {
    /// Fractions of the span, 0 first and 1 last, apart in single precision (engines may hold
    /// key times as `float`).
    var keyTimes: [Double]
    /// The channel's numbers at each key time, as written.
    var values: [[Double]]
    /// The largest difference from the engine, in units of the bound.
    var maxError: Double
    /// Each interval's cubic bézier (`calcMode="spline"`), or nil: straight (`calcMode="linear"`).
    var keySplines: [[Double]]? = nil

    /// - Parameters:
    ///   - start, length: the span, in seconds of the role's time.
    ///   - sample: the channel's numbers at a time, unwound against the previous ones.
    static func fit(
        _ channel: SVGChannel, start: Double, length: Double, box: (width: Double, height: Double),
        sample: (Double, [Double]?) throws(ExportError) -> [Double]
    ) throws(ExportError) -> SVGTrack {
        guard length > 0 else {
            let v = written(channel, try sample(start, nil))
            return SVGTrack(keyTimes: [0, 1], values: [v, v], maxError: 0)
        }
        let count = min(max(Int((length * 1000).rounded(.up)), 200), 20_000)
        var times = (0...count).map { start + Double($0) / Double(count) * length }
        var values: [[Double]] = []
        for t in times { values.append(try sample(t, values.last)) }
        func error(_ a: [Double], _ b: [Double]) -> Double { channel.error(a, b, box: box) }
        func mix(_ a: [Double], _ b: [Double], _ f: Double) -> [Double] { zip(a, b).map { $0 + ($1 - $0) * f } }

        // Refine where a straight line between neighbours misses the midpoint.
        var refinedTimes = [times[0]], refinedValues = [values[0]]
        var budget = 100_000
        func split(_ t0: Double, _ v0: [Double], _ t1: Double, _ v1: [Double], depth: Int) throws(ExportError) {
            let tm = (t0 + t1) / 2
            let vm = try sample(tm, v0)
            if depth < 40, budget > 0, t1 - t0 > length * 1e-7, error(mix(v0, v1, 0.5), vm) > 0.25 {
                budget -= 1
                try split(t0, v0, tm, vm, depth: depth + 1)
                try split(tm, vm, t1, v1, depth: depth + 1)
            } else {
                refinedTimes.append(t1)
                refinedValues.append(v1)
            }
        }
        for k in 1..<times.count { try split(times[k - 1], values[k - 1], times[k], values[k], depth: 0) }
        (times, values) = (refinedTimes, refinedValues)

        // Keep the fewest grid points whose straight segments, as written, pass within half the bound.
        let shown = values.map { written(channel, $0) }
        func fits(_ i: Int, _ j: Int) -> Bool {
            let span = times[j] - times[i]
            for k in (i + 1)..<j where error(mix(shown[i], shown[j], (times[k] - times[i]) / span), values[k]) > 0.5 { return false }
            return true
        }
        var kept = [0]
        var i = 0
        while i < times.count - 1 {
            var good = i + 1, step = 1
            while good + step < times.count, fits(i, good + step) {
                good += step
                step *= 2
            }
            var low = good, high = min(good + step, times.count)
            while high - low > 1 {
                let middle = (low + high) / 2
                if fits(i, middle) { low = middle } else { high = middle }
            }
            kept.append(low)
            i = low
        }
        // The error of what is written, at every grid point and inside each grid interval.
        var worst = 0.0
        for (a, b) in zip(kept, kept.dropFirst()) {
            let span = times[b] - times[a]
            for k in a..<b {
                worst = max(worst, error(mix(shown[a], shown[b], (times[k] - times[a]) / span), values[k]))
                guard times[k + 1] - times[k] > length * 1e-6 else { continue }
                let t = (times[k] + times[k + 1]) / 2
                worst = max(worst, error(mix(shown[a], shown[b], (t - times[a]) / span), try sample(t, values[k])))
            }
        }
        var keyTimes = kept.map { (times[$0] - start) / length }
        keyTimes[0] = 0
        keyTimes[keyTimes.count - 1] = 1
        // Apart in single precision: the earlier of two that meet moves down a step.
        for k in stride(from: keyTimes.count - 2, through: 1, by: -1) where Float(keyTimes[k]) >= Float(keyTimes[k + 1]) {
            keyTimes[k] = Double(Float(keyTimes[k + 1]).nextDown)
        }
        return SVGTrack(keyTimes: keyTimes, values: kept.map { shown[$0] }, maxError: worst)
    }

    /// A value as SMIL holds it once written: colour channels in 8 bits (`rgb()`), the rest as computed.
    static func written(_ channel: SVGChannel, _ value: [Double]) -> [Double] {
        guard channel == .fill else { return value }
        return value.prefix(3).map { (min(max($0, 0), 1) * 255).rounded() / 255 } + [min(max(value[3], 0), 1)]
    }
}
