import CatalogEngine
import CatalogModel
import Foundation

/// Where a role's Lottie keyframes go and how each segment between them runs, read from its
/// exact web animations: each keyframe interval of each iteration — delay, iteration count,
/// direction and fill unrolled — with its easing as Lottie says it (a cubic bézier as handles,
/// `steps()` as holds between its jumps, `linear()` as straight pieces between its stops), a
/// reversed iteration's curves mirrored, a cut one (a fractional iteration, a negative delay, the
/// end of the export) trimmed to the part that plays.
///
/// This is the plan of an exact track; the values at its knots come from the engine, and the
/// track is kept only where it reproduces the engine (``LottieTrack``).
///
/// ```swift
/// let knots = ExactTimeline.knots(for: ["transform"], in: animations, window: 1.2)
/// knots.map(\.time)   // [0, 0.2, 0.7, 1.2]
/// ```
enum ExactTimeline {
    /// A time (seconds) and the run of the segment that starts there.
    struct Knot: Equatable {
        var time: Double
        var easing: LottieEasing
    }

    /// A piece of an interval: from `start` to `end` (seconds), along `easing`.
    struct Piece {
        var start: Double, end: Double
        var easing: LottieEasing
    }

    /// The knots of a channel that follows `properties` (engine names), from the animations that
    /// animate them, over `[0, window]`; a hold wherever none runs.
    static func knots(for properties: Set<String>, in animations: [WebAnimation], window: Double) -> [Knot] {
        var pieces: [Piece] = []
        for animation in animations where !properties.isDisjoint(with: animation.properties) {
            for property in properties.intersection(animation.properties) {
                pieces += self.pieces(of: animation, property: property, window: window)
            }
        }
        var times = Set([0.0, window])
        for piece in pieces {
            times.insert(piece.start)
            times.insert(piece.end)
        }
        let sorted = times.filter { $0 >= 0 && $0 <= window }.sorted()
        return sorted.enumerated().map { index, time in
            guard index + 1 < sorted.count else { return Knot(time: time, easing: .hold) }
            let next = sorted[index + 1]
            // The piece that covers this interval, trimmed to it.
            guard let piece = pieces.first(where: { $0.start <= time + 1e-12 && $0.end >= next - 1e-12 }) else {
                return Knot(time: time, easing: .hold)
            }
            return Knot(
                time: time,
                easing: trimmed(
                    piece.easing, from: (time - piece.start) / (piece.end - piece.start),
                    to: (next - piece.start) / (piece.end - piece.start)))
        }
    }

    /// One property's intervals in one animation, unrolled over its iterations.
    static func pieces(of animation: WebAnimation, property: String, window: Double) -> [Piece] {
        guard let web = try? WebProperty(property) else { return [] }
        let timing = animation.timing
        let delay = timing.delay / 1000, duration = timing.duration / 1000
        guard duration > 0, timing.iterations > 0 else { return [] }
        // The keyframes that set the property, with implicit ends eased by the keyframe at 0 (as browsers do).
        var offsets: [(offset: Double, easing: String)] = animation.keyframes.filter { $0.values[web.camelCase] != nil }.map { ($0.offset, $0.easing) }
        if offsets.first?.offset != 0 { offsets.insert((0, animation.keyframes.first { $0.offset == 0 }?.easing ?? "linear"), at: 0) }
        if offsets.last?.offset != 1 { offsets.append((1, "linear")) }
        let activeEnd = min(delay + duration * timing.iterations, window)
        var pieces: [Piece] = []
        var iteration = 0
        while delay + Double(iteration) * duration < activeEnd, iteration < 10_000 {
            let start = delay + Double(iteration) * duration
            let reversed =
                switch timing.direction {
                case "reverse": true
                case "alternate": iteration % 2 == 1
                case "alternate-reverse": iteration % 2 == 0
                default: false
                }
            for (from, to) in zip(offsets, offsets.dropFirst()) where to.offset > from.offset {
                guard let function = try? TimingFunction(parsing: from.easing) else { continue }
                for part in parts(of: function) {
                    let a = from.offset + (to.offset - from.offset) * part.from, b = from.offset + (to.offset - from.offset) * part.to
                    var piece =
                        reversed
                        ? Piece(start: start + (1 - b) * duration, end: start + (1 - a) * duration, easing: mirrored(part.easing))
                        : Piece(start: start + a * duration, end: start + b * duration, easing: part.easing)
                    // Only what plays: from 0 (a negative delay) to the end of the active interval.
                    let (lower, upper) = (max(piece.start, 0), min(piece.end, activeEnd))
                    guard upper > lower + 1e-12 else { continue }
                    piece.easing = trimmed(
                        piece.easing, from: (lower - piece.start) / (piece.end - piece.start),
                        to: (upper - piece.start) / (piece.end - piece.start))
                    (piece.start, piece.end) = (lower, upper)
                    pieces.append(piece)
                }
            }
            iteration += 1
        }
        return pieces
    }

    /// An easing as Lottie runs it: one curve, holds between the jumps of `steps()`, straight
    /// pieces between the stops of `linear()`; as fractions of the interval.
    static func parts(of function: TimingFunction) -> [(from: Double, to: Double, easing: LottieEasing)] {
        switch function {
        case .linear: return [(0, 1, .linear)]
        case .cubicBezier(let x1, let y1, let x2, let y2): return [(0, 1, .curve(x1: x1, y1: y1, x2: x2, y2: y2))]
        case .steps(let count, _):
            return (0..<count).map { (Double($0) / Double(count), Double($0 + 1) / Double(count), .hold) }
        case .piecewiseLinear(let stops):
            return zip(stops, stops.dropFirst()).compactMap { a, b in
                b.input > a.input ? (min(max(a.input, 0), 1), min(max(b.input, 0), 1), LottieEasing.linear) : nil
            }.filter { $0.1 > $0.0 }
        case .spring: return []
        }
    }

    /// The curve that runs the same path backwards in time.
    static func mirrored(_ easing: LottieEasing) -> LottieEasing {
        guard case .curve(let x1, let y1, let x2, let y2) = easing else { return easing }
        return .curve(x1: 1 - x2, y1: 1 - y2, x2: 1 - x1, y2: 1 - y1)
    }

    /// The part of a curve between the time fractions `u0` and `u1`, as a curve of its own.
    static func trimmed(_ easing: LottieEasing, from u0: Double, to u1: Double) -> LottieEasing {
        guard case .curve(let x1, let y1, let x2, let y2) = easing, u0 > 1e-12 || u1 < 1 - 1e-12 else { return easing }
        let part = controlPoints(ofCurve: (x1, y1, x2, y2), from: u0, to: u1)
        let (start, end) = (part[0], part[3])
        let width = end.0 - start.0, height = end.1 - start.1
        guard width > 1e-12, abs(height) > 1e-12 else { return .linear }
        return .curve(
            x1: (part[1].0 - start.0) / width, y1: (part[1].1 - start.1) / height,
            x2: (part[2].0 - start.0) / width, y2: (part[2].1 - start.1) / height)
    }

    /// The four control points (in the unit square, not rescaled) of the part of an easing curve
    /// between the time fractions `u0` and `u1`.
    static func controlPoints(ofCurve curve: (x1: Double, y1: Double, x2: Double, y2: Double), from u0: Double, to u1: Double) -> [(Double, Double)] {
        let (x1, x2) = (curve.x1, curve.x2)
        let p = [(0.0, 0.0), (x1, curve.y1), (x2, curve.y2), (1.0, 1.0)]
        func x(_ s: Double) -> Double {
            let m = 1 - s
            return 3 * m * m * s * x1 + 3 * m * s * s * x2 + s * s * s
        }
        // The curve parameter where x reaches u (x rises with s for an easing).
        func parameter(_ u: Double) -> Double {
            var (low, high) = (0.0, 1.0)
            for _ in 0..<80 {
                let mid = (low + high) / 2
                if x(mid) < u { low = mid } else { high = mid }
            }
            return (low + high) / 2
        }
        let (s0, s1) = (parameter(u0), parameter(u1))
        // De Casteljau: the control points of the curve between s0 and s1.
        func split(_ points: [(Double, Double)], at s: Double) -> (left: [(Double, Double)], right: [(Double, Double)]) {
            func lerp(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) { (a.0 + (b.0 - a.0) * s, a.1 + (b.1 - a.1) * s) }
            let ab = lerp(points[0], points[1]), bc = lerp(points[1], points[2]), cd = lerp(points[2], points[3])
            let abc = lerp(ab, bc), bcd = lerp(bc, cd), middle = lerp(abc, bcd)
            return ([points[0], ab, abc, middle], [middle, bcd, cd, points[3]])
        }
        let head = split(p, at: s1).left
        return s1 > 0 ? split(head, at: s0 / s1).right : head
    }
}
