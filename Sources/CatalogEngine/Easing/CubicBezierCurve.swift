/// A CSS/Core Animation cubic Bézier easing from (0, 0) to (1, 1), solved for y given x.
///
/// The solver follows Chromium's `gfx::CubicBezier`: Newton–Raphson on x(t) with a bisection
/// fallback, here to 1e-12 in x (Chromium stops at 1e-7), so results are at least as precise as
/// a browser's. Outside [0, 1] the curve continues along its end tangents, as CSS Easing Level 2
/// specifies.
///
/// ```swift
/// let ease = CubicBezierCurve(0.25, 0.1, 0.25, 1)
/// ease.y(atX: 0.5)   // 0.8024033877…
/// ```
public struct CubicBezierCurve: Sendable, Hashable {
    // Polynomial coefficients: x(t) = ((ax t + bx) t + cx) t, likewise y.
    private let ax, bx, cx, ay, by, cy: Double
    private let startGradient, endGradient: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        // Tangent at the start: towards P1, or P2 when P1 sits on the start point.
        if x1 > 0 {
            startGradient = y1 / x1
        } else if y1 == 0, x2 > 0 {
            startGradient = y2 / x2
        } else if y1 == 0, y2 == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        // Tangent at the end: from P2, or P1 when P2 sits on the end point.
        if x2 < 1 {
            endGradient = (y2 - 1) / (x2 - 1)
        } else if y2 == 1, x1 < 1 {
            endGradient = (y1 - 1) / (x1 - 1)
        } else if y2 == 1, y1 == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
    }

    @inline(__always) private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The parameter t in [0, 1] with x(t) = x.
    func solveT(forX x: Double) -> Double {
        let epsilon = 1e-12
        var t = x
        // Newton from t = x converges in a few steps on all but the flattest curves.
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return t }
            let slope = slopeX(t)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        // Bisection: x(t) is monotone on [0, 1] because x1, x2 are in [0, 1].
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            let value = sampleX(t)
            if abs(value - x) < epsilon { return t }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// The eased output for input progress `x` (any real number).
    public func y(atX x: Double) -> Double {
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        if x == 0 || x == 1 { return x }
        return sampleY(solveT(forX: x))
    }
}
