import CBezierKernel

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
package struct CubicBezierCurve: Sendable, Hashable {
    /// t where x(t) = i/16 for i = 0…16, then the slope dt/dx = 1/x'(t) there (NaN where x' = 0):
    /// 34 numbers in one table. Cubic Hermite interpolation of it starts Newton so close to the
    /// root that a single step reaches 1e-12 (the solve was 40 % of the sampling time when it
    /// started from t = x). First in the struct, so the sampling path reads it at the curve's own
    /// address (``tableOffset``, held to the layout by a test) instead of through a lazily
    /// computed offset, whose `swift_once` check ran on every sample. (A finer table, or a
    /// Newton step before the first test, saved a few percent but moved results in their last
    /// bits, and printed values must not change.)
    private let table: TableStorage
    // Polynomial coefficients: x(t) = ((ax t + bx) t + cx) t, likewise y.
    private let ax, bx, cx, ay, by, cy: Double
    private let startGradient, endGradient: Double
    /// Where ``table`` sits in the struct: first (see its declaration).
    package static let tableOffset = 0
    /// Whether ``tableOffset`` is where the compiler put ``table`` (a test holds it).
    package static var tableOffsetMatchesLayout: Bool {
        MemoryLayout<CubicBezierCurve>.offset(of: \CubicBezierCurve.table) == tableOffset
    }
    /// How many intervals the table divides x into.
    private static let intervals = 16
    /// How many points the table holds of each kind.
    private static let tablePoints = intervals + 1
    private typealias TableStorage = (
        Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
        Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
        Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double
    )

    package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        let cx = 3 * x1, bx = 3 * (x2 - x1) - 3 * x1
        let ax = 1 - cx - bx
        self.cx = cx
        self.bx = bx
        self.ax = ax
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
        // Each t solved once (the bisection is most of building a curve), its slope from it.
        let t = (0...Self.intervals).map { Self.bisect(Double($0) / Double(Self.intervals), ax, bx, cx) }
        let slopes = t.map { t in
            let dx = (3 * ax * t + 2 * bx) * t + cx
            return dx > 1e-6 ? 1 / dx : .nan
        }
        var table: TableStorage = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )
        withUnsafeMutableBytes(of: &table) { bytes in
            let numbers = bytes.bindMemory(to: Double.self)
            for (index, value) in (t + slopes).enumerated() { numbers[index] = value }
        }
        self.table = table
    }

    /// t with x(t) = x by bisection alone: x(t) is monotone on [0, 1] because x1, x2 are in [0, 1].
    private static func bisect(_ x: Double, _ ax: Double, _ bx: Double, _ cx: Double) -> Double {
        var low = 0.0, high = 1.0
        var t = x
        for _ in 0..<100 {
            let value = ((ax * t + bx) * t + cx) * t
            if abs(value - x) < 1e-15 { return t }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
            // The bracket cannot shrink below one step of a double: stop there, not at 100.
            if t <= low || t >= high { return t }
        }
        return t
    }

    // The table follows from the coefficients, so they alone decide equality.
    package static func == (a: CubicBezierCurve, b: CubicBezierCurve) -> Bool {
        (a.ax, a.bx, a.cx, a.ay, a.by, a.cy) == (b.ax, b.bx, b.cx, b.ay, b.by, b.cy)
    }

    package func hash(into hasher: inout Hasher) {
        for value in [ax, bx, cx, ay, by, cy] { hasher.combine(value) }
    }

    /// The eased output for input progress `x` (any real number).
    package func y(atX x: Double) -> Double {
        withUnsafePointer(to: self) { Self.y($0, atX: x) }
    }

    /// The sampling path: reads the curve where it is stored (copying it first measured as a
    /// tenth of the time per sample).
    @inline(__always)
    static func y(_ curve: UnsafePointer<CubicBezierCurve>, atX x: Double) -> Double {
        let c = curve
        if x < 0 { return c.pointee.startGradient * x }
        if x > 1 { return 1 + c.pointee.endGradient * (x - 1) }
        if x == 0 || x == 1 { return x }
        let (ax, bx, cx) = (c.pointee.ax, c.pointee.bx, c.pointee.cx)
        let table = (UnsafeRawPointer(curve) + tableOffset).assumingMemoryBound(to: Double.self)
        let slopes = table + tablePoints
        let scaled = x * Double(intervals)
        let index = min(Int(scaled), intervals - 1)
        let u = scaled - Double(index)
        let t0 = table[index], t1 = table[index + 1]
        var t: Double
        let s0 = slopes[index], s1 = slopes[index + 1]
        if s0.isNaN || s1.isNaN {
            t = t0 + (t1 - t0) * u
        } else {
            // Cubic Hermite on [i/16, (i+1)/16]: values t0, t1 and slopes dt/dx (×1/16 per unit u).
            let u2 = u * u, u3 = u2 * u
            let h = 1.0 / Double(intervals)
            t = (2 * u3 - 3 * u2 + 1) * t0 + (u3 - 2 * u2 + u) * h * s0 + (-2 * u3 + 3 * u2) * t1 + (u3 - u2) * h * s1
            // Steep slopes can throw the cubic out of the bracket; the straight line cannot.
            if !(t >= t0 && t <= t1) { t = t0 + (t1 - t0) * u }
        }
        let epsilon = 1e-12
        var solved = false
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < epsilon { solved = true; break }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        // The root must lie in the bracket: Newton can converge on a root of the cubic outside [0, 1].
        if !solved || !(t >= t0 - 1e-9 && t <= t1 + 1e-9) { t = bisect(x, ax, bx, cx) }
        return ((c.pointee.ay * t + c.pointee.by) * t + c.pointee.cy) * t
    }

    /// Whether ``y(_:atX:into:count:)`` solves in AVX2 lanes on this CPU.
    package static var solvesInLanes: Bool { catalog_bezier_lanes_available() != 0 }

    /// ``y(_:atX:)`` for `count` inputs at once, bit for bit: four at a time in AVX2 lanes where
    /// the CPU has them (`CBezierKernel`, the same operations in the same order), one at a time
    /// for what the lanes leave (NaN: an end, a flat table slope, a third Newton step) and
    /// elsewhere. Independent solves overlap in the lanes, where one at a time each waits on
    /// its own chain of dependent steps. Returns how many inputs the lanes solved.
    @discardableResult
    package static func y(
        _ curve: UnsafePointer<CubicBezierCurve>, atX xs: UnsafePointer<Double>,
        into ys: UnsafeMutablePointer<Double>, count: Int
    ) -> Int {
        let c = curve.pointee
        // In the order the kernel reads them; a tuple on the stack, so no array per batch.
        var coefficients = (c.ax, c.bx, c.cx, c.ay, c.by, c.cy)
        let table = (UnsafeRawPointer(curve) + tableOffset).assumingMemoryBound(to: Double.self)
        let solved = withUnsafeBytes(of: &coefficients) { k in
            Int(catalog_bezier_solve_batch(table, k.baseAddress!.assumingMemoryBound(to: Double.self), xs, ys, count))
        }
        var inLanes = solved
        for index in 0..<solved where ys[index].isNaN {
            ys[index] = y(curve, atX: xs[index])
            inLanes -= 1
        }
        for index in solved..<count { ys[index] = y(curve, atX: xs[index]) }
        return inLanes
    }
}
