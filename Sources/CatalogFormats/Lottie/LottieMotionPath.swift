import CatalogModel

/// A Lottie position keyframe segment that curves (spatial tangents), as points at equal steps of
/// its length: players move along the cubic bézier from one value to the next so that the eased
/// progress is the fraction of the path's length travelled, and a Core Animation keyframe
/// animation whose key times are those fractions, with the segment's easing as its timing
/// function, moves the same way — to within the chords' distance from the curve, kept under
/// 0.01 px.
///
/// ```swift
/// let arc = LottieMotionPath(from: [0, 0], to: [100, 0], out: [0, -50], in: [0, -50])
/// arc.points.count   // a few dozen, from [0, 0] to [100, 0]
/// ```
struct LottieMotionPath {
    /// x, y of each point; `points[k]` is at `k / (points.count − 1)` of the path's length.
    let points: [[Double]]

    /// - Parameters: the segment's start and end values, and the tangents: `out` from the start
    ///   (the keyframe's `to`), `in` into the end (its `ti`), each an offset from its end.
    init(from start: [Double], to end: [Double], out: [Double], in into: [Double]) {
        func axis(_ v: [Double], _ i: Int) -> Double { v.indices.contains(i) ? v[i] : 0 }
        let p0 = (axis(start, 0), axis(start, 1)), p3 = (axis(end, 0), axis(end, 1))
        let p1 = (p0.0 + axis(out, 0), p0.1 + axis(out, 1)), p2 = (p3.0 + axis(into, 0), p3.1 + axis(into, 1))
        func point(_ t: Double) -> (Double, Double) {
            let u = 1 - t
            let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return (a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0, a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1)
        }
        // The length along the curve at many parameters (fine enough that the table's own chords
        // are far inside the tolerance), then the parameter at each equal step of it.
        let table = 1024
        var lengths = [0.0], previous = p0
        for i in 1...table {
            let p = point(Double(i) / Double(table))
            lengths.append(lengths[i - 1] + ((p.0 - previous.0) * (p.0 - previous.0) + (p.1 - previous.1) * (p.1 - previous.1)).squareRoot())
            previous = p
        }
        let total = lengths[table]
        func at(_ fraction: Double) -> (Double, Double) {
            guard total > 0 else { return p0 }
            let target = fraction * total
            var low = 0, high = table
            while high - low > 1 {
                let middle = (low + high) / 2
                if lengths[middle] < target { low = middle } else { high = middle }
            }
            let span = lengths[high] - lengths[low]
            let t = (Double(low) + (span > 0 ? (target - lengths[low]) / span : 0)) / Double(table)
            return point(t)
        }
        // Twice as many points until every chord's middle is within 0.01 px of the path's.
        var count = 2
        while true {
            let points = (0...count).map { at(Double($0) / Double(count)) }
            let worst =
                (0..<count).map { k -> Double in
                    let middle = at((Double(k) + 0.5) / Double(count))
                    let chord = ((points[k].0 + points[k + 1].0) / 2, (points[k].1 + points[k + 1].1) / 2)
                    return ((middle.0 - chord.0) * (middle.0 - chord.0) + (middle.1 - chord.1) * (middle.1 - chord.1)).squareRoot()
                }.max() ?? 0
            if worst <= 0.01 || count >= 1024 {
                self.points = points.map { [$0.0, $0.1] }
                return
            }
            count *= 2
        }
    }
}
