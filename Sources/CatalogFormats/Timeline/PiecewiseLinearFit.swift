/// The fewest straight segments through the engine's values of one property that keep every
/// value within the export bound — what a baked web keyframe list (``KeyframeBaker``) and a baked
/// SVG attribute (``SVGTrack``) both are, each with its own values and its own idea of what a
/// player shows between two written points.
///
/// The engine is sampled on a grid refined wherever a straight line between neighbours misses
/// the midpoint by a quarter of the bound (a jump is so located to a tiny fraction of the span);
/// neighbouring grid times are kept apart in single precision (Firefox holds keyframe selectors,
/// engines SMIL key times, as `float`); the fewest grid points are kept whose segments pass
/// within half the bound of every grid point between them (doubling, then bisecting the last
/// step); and what is kept is measured between grid points too.
///
/// ```swift
/// let fit = PiecewiseLinearFit<Double>(sample: { t, _ in t * t }, error: { abs($0 - $1) / 0.001 }, mix: { $0 + ($1 - $0) * $2 })
/// var times = [0, 0.5, 1.0], values = [0, 0.25, 1.0]
/// try fit.refine(&times, &values, minimumWidth: 1e-7)
/// let kept = fit.fewest(times, values) { i, j in { f in values[i] + (values[j] - values[i]) * f } }
/// ```
struct PiecewiseLinearFit<Value> {
    /// The engine's value at a time, given the one before it (to unwind an angle).
    let sample: (Double, Value?) throws(ExportError) -> Value
    /// How far a shown value is from the engine's, in units of the bound.
    let error: (Value, Value) -> Double
    /// The straight mix of two engine values at a fraction, which refinement compares the midpoint with.
    let mix: (Value, Value, Double) -> Value

    /// What a player shows between grid points i and j written as neighbouring points, at a fraction of the way.
    typealias Segment = (Int, Int) -> (Double) -> Value

    /// Splits grid intervals whose midpoint a straight line misses, down to `minimumWidth`; a
    /// budget keeps a curve no line follows from taking forever (the measured error then says so).
    func refine(_ times: inout [Double], _ values: inout [Value], minimumWidth: Double, budget: Int = 200_000) throws(ExportError) {
        var outTimes = [times[0]], outValues = [values[0]]
        var budget = budget
        func split(_ t0: Double, _ v0: Value, _ t1: Double, _ v1: Value, depth: Int) throws(ExportError) {
            let tm = (t0 + t1) / 2
            let vm = try sample(tm, v0)
            if depth < 40, budget > 0, t1 - t0 > minimumWidth, error(mix(v0, v1, 0.5), vm) > 0.25 {
                budget -= 1
                try split(t0, v0, tm, vm, depth: depth + 1)
                try split(tm, vm, t1, v1, depth: depth + 1)
            } else {
                outTimes.append(t1)
                outValues.append(v1)
            }
        }
        for k in 1..<times.count { try split(times[k - 1], values[k - 1], times[k], values[k], depth: 0) }
        times = outTimes
        values = outValues
    }

    /// Keeps neighbouring grid times apart in single precision, as fractions of `span` from
    /// `origin`: where two meet, the earlier moves down to the next lower fraction a `float`
    /// holds and takes the engine's value there (one that cannot move is left out); the later,
    /// often an iteration's exact end, stays.
    func separateInSingle(_ times: inout [Double], _ values: inout [Value], origin: Double, span: Double) throws(ExportError) {
        guard times.count > 2 else { return }
        func fraction(_ t: Double) -> Float { Float((t - origin) / span) }
        var next = fraction(times[times.count - 1])
        var keep = [Bool](repeating: true, count: times.count)
        for k in stride(from: times.count - 2, through: 1, by: -1) {
            var single = fraction(times[k])
            if single >= next {
                single = next.nextDown
                guard single > fraction(times[0]) else {
                    keep[k] = false
                    continue
                }
                times[k] = origin + Double(single) * span
                values[k] = try sample(times[k], values[k - 1])
            }
            next = single
        }
        if keep.contains(false) {
            times = times.indices.filter { keep[$0] }.map { times[$0] }
            values = values.indices.filter { keep[$0] }.map { values[$0] }
        }
    }

    /// The fewest grid points whose segments pass within half the bound of every grid point between them.
    func fewest(_ times: [Double], _ values: [Value], segment: Segment) -> [Int] {
        func fits(_ i: Int, _ j: Int) -> Bool {
            let shown = segment(i, j)
            let span = times[j] - times[i]
            for k in (i + 1)..<j where error(shown((times[k] - times[i]) / span), values[k]) > 0.5 { return false }
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
        return kept
    }

    /// The largest error of the kept segments against the engine, at every grid point and at a
    /// quarter, half and three quarters of each grid interval wider than `observable` (a curve
    /// that turns back between two grid points peaks there; instants inside a located jump are
    /// not times anyone sees apart from it), with the instants where the bound is missed.
    func measure(_ kept: [Int], _ times: [Double], _ values: [Value], segment: Segment, observable: Double) throws(ExportError) -> (
        worst: Double, missed: [Double]
    ) {
        var worst = 0.0
        var missed: [Double] = []
        for (a, b) in zip(kept, kept.dropFirst()) {
            let shown = segment(a, b)
            let span = times[b] - times[a]
            for k in a..<b {
                worst = max(worst, error(shown((times[k] - times[a]) / span), values[k]))
                guard times[k + 1] - times[k] > observable else { continue }
                var intervalWorst = (error: 0.0, time: 0.0)
                for fraction in [0.25, 0.5, 0.75] {
                    let t = times[k] + (times[k + 1] - times[k]) * fraction
                    let e = error(shown((t - times[a]) / span), try sample(t, values[k]))
                    if e > intervalWorst.error { intervalWorst = (e, t) }
                }
                worst = max(worst, intervalWorst.error)
                if intervalWorst.error > 1 { missed.append(intervalWorst.time) }
            }
        }
        return (worst, missed)
    }
}
