import CatalogEngine
import Foundation

/// One channel of one role over a span of time, as SMIL plays it: the values at `keyTimes`, each
/// number between them along the interval's key spline (``SVGExactTrack``), or straight. Baked
/// (``fit(_:start:length:box:sample:)``): straight segments, as few as keep every value within
/// the export bound of the engine's (``PiecewiseLinearFit``).
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
        _ channel: SVGChannel, start: Double, length: Double, box: SVGBox,
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
        // The fit keeps the sampler only while it runs here.
        return try withoutActuallyEscaping(sample) { sample throws(ExportError) -> SVGTrack in
            let fit = PiecewiseLinearFit<[Double]>(
                sample: sample, error: { channel.error($0, $1, box: box) }, mix: { a, b, f in zip(a, b).map { $0 + ($1 - $0) * f } })
            return try fitted(fit, times: times, values: values, start: start, length: length, channel: channel)
        }
    }

    private static func fitted(
        _ fit: PiecewiseLinearFit<[Double]>, times: [Double], values: [[Double]], start: Double, length: Double, channel: SVGChannel
    ) throws(ExportError) -> SVGTrack {
        var (times, values) = (times, values)
        try fit.refine(&times, &values, minimumWidth: length * 1e-7, budget: 100_000)
        try fit.separateInSingle(&times, &values, origin: start, span: length)
        // Straight between the values as written.
        let shown = values.map { written(channel, $0) }
        let segment: PiecewiseLinearFit<[Double]>.Segment = { i, j in { f in zip(shown[i], shown[j]).map { $0 + ($1 - $0) * f } } }
        let kept = fit.fewest(times, values, segment: segment)
        let error = try fit.measure(kept, times, values, segment: segment, observable: length * 1e-6)
        var keyTimes = kept.map { (times[$0] - start) / length }
        keyTimes[0] = 0
        keyTimes[keyTimes.count - 1] = 1
        return SVGTrack(keyTimes: keyTimes, values: kept.map { shown[$0] }, maxError: error.worst)
    }

    /// A value as SMIL holds it once written: colour channels in 8 bits (`rgb()`), the rest as computed.
    static func written(_ channel: SVGChannel, _ value: [Double]) -> [Double] {
        guard channel == .fill else { return value }
        return value.prefix(3).map { (min(max($0, 0), 1) * 255).rounded() / 255 } + [min(max(value[3], 0), 1)]
    }
}
