import CatalogModel
import Foundation

/// A 4×4 transform in `CATransform3D` layout: row vectors, points transform as `p · M`, rows
/// `m11 m12 m13 m14` … `m41 m42 m43 m44` (translation in m41–m43). This is also the order of CSS
/// `matrix3d()`'s 16 numbers. Fixed-size and allocation-free, for the sampling hot path.
///
/// ```swift
/// let m = Matrix4.translation(10, 0, 0).concatenating(.scale(2, 2, 1))   // translate, then scale
/// m.m41   // 20
/// ```
package struct Matrix4: Sendable, Hashable {
    /// The first row (m11 m12 m13 m14).
    package var r1: SIMD4<Double>
    /// The second row (m21 … m24).
    package var r2: SIMD4<Double>
    /// The third row (m31 … m34).
    package var r3: SIMD4<Double>
    /// The fourth row (m41 … m44): the translation and the perspective's w.
    package var r4: SIMD4<Double>

    /// A matrix from its four rows.
    package init(_ r1: SIMD4<Double>, _ r2: SIMD4<Double>, _ r3: SIMD4<Double>, _ r4: SIMD4<Double>) {
        self.r1 = r1; self.r2 = r2; self.r3 = r3; self.r4 = r4
    }

    /// From 16 entries in `CATransform3D` order.
    package init(_ m: [Double]) {
        precondition(m.count == 16)
        self.init(
            SIMD4(m[0], m[1], m[2], m[3]), SIMD4(m[4], m[5], m[6], m[7]),
            SIMD4(m[8], m[9], m[10], m[11]), SIMD4(m[12], m[13], m[14], m[15]))
    }

    /// The matrix of a model transform.
    package init(_ transform: Transform3D) { self.init(transform.m) }

    /// From 16 consecutive entries in `CATransform3D` order.
    package init(_ m: UnsafePointer<Double>) {
        self.init(
            SIMD4(m[0], m[1], m[2], m[3]), SIMD4(m[4], m[5], m[6], m[7]),
            SIMD4(m[8], m[9], m[10], m[11]), SIMD4(m[12], m[13], m[14], m[15]))
    }

    /// Computed, not stored: a constant built in registers beats a lazily initialised global.
    package static var identity: Matrix4 { Matrix4(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)) }

    /// The 2D entries, by `CATransform3D`'s names: `m11 m12` and `m21 m22` the linear part…
    package var m11: Double { r1.x }
    /// See ``m11``.
    package var m12: Double { r1.y }
    /// See ``m11``.
    package var m21: Double { r2.x }
    /// See ``m11``.
    package var m22: Double { r2.y }
    /// …and `m41 m42` the translation.
    package var m41: Double { r4.x }
    /// See ``m41``.
    package var m42: Double { r4.y }

    /// The 16 entries in `CATransform3D` order.
    package var entries: [Double] { [r1.x, r1.y, r1.z, r1.w, r2.x, r2.y, r2.z, r2.w, r3.x, r3.y, r3.z, r3.w, r4.x, r4.y, r4.z, r4.w] }

    /// The matrix as a model value.
    package var transform3D: Transform3D { Transform3D(entries)! }

    /// `self` then `other`, as `CATransform3DConcat(self, other)`.
    @inline(__always)
    package func concatenating(_ other: Matrix4) -> Matrix4 {
        @inline(__always) func row(_ r: SIMD4<Double>) -> SIMD4<Double> {
            r.x * other.r1 + r.y * other.r2 + r.z * other.r3 + r.w * other.r4
        }
        return Matrix4(row(r1), row(r2), row(r3), row(r4))
    }

    /// A translation by `x`, `y`, `z` (`CATransform3DMakeTranslation`).
    package static func translation(_ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        Matrix4(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(x, y, z, 1))
    }

    /// A scale by `x`, `y`, `z` (`CATransform3DMakeScale`).
    package static func scale(_ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        Matrix4(SIMD4(x, 0, 0, 0), SIMD4(0, y, 0, 0), SIMD4(0, 0, z, 0), SIMD4(0, 0, 0, 1))
    }

    /// A rotation by `angle` radians about the unit axis (x, y, z), as CSS `rotate3d()` and
    /// `CATransform3DMakeRotation` define it (positive angles turn x towards y on screen).
    package static func rotation(x: Double, y: Double, z: Double, angle: Double) -> Matrix4 {
        let s = sin(angle), c = cos(angle)
        if x == 0, y == 0 {
            let sz = z < 0 ? -s : s
            return Matrix4(SIMD4(c, sz, 0, 0), SIMD4(-sz, c, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))
        }
        let t = 1 - c
        return Matrix4(
            SIMD4(1 + t * (x * x - 1), z * s + x * y * t, -y * s + x * z * t, 0),
            SIMD4(-z * s + x * y * t, 1 + t * (y * y - 1), x * s + y * z * t, 0),
            SIMD4(y * s + x * z * t, -x * s + y * z * t, 1 + t * (z * z - 1), 0),
            SIMD4(0, 0, 0, 1))
    }

    /// CSS `skew(ax, ay)`: x' = x + tan(ax)·y, y' = tan(ay)·x + y.
    package static func skew(_ ax: Double, _ ay: Double) -> Matrix4 {
        Matrix4(SIMD4(1, tan(ay), 0, 0), SIMD4(tan(ax), 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))
    }

    /// CSS `perspective(d)`; `inverseDistance` is 1/d (0 for none), so m34 = −1/d.
    package static func perspective(inverseDistance: Double) -> Matrix4 {
        Matrix4(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, -inverseDistance), SIMD4(0, 0, 0, 1))
    }

    /// The matrix of one transform function.
    package init(_ function: TransformFunction.Primitive) {
        switch function {
        case .translate(let x, let y, let z): self = .translation(x, y, z)
        case .scale(let x, let y, let z): self = .scale(x, y, z)
        case .rotate(let x, let y, let z, let angle): self = .rotation(x: x, y: y, z: z, angle: angle)
        case .skew(let x, let y): self = .skew(x, y)
        // CSS Transforms 2: a depth under 1px is treated as 1px.
        case .perspective(let d): self = .perspective(inverseDistance: d.map { 1 / max($0, 1) } ?? 0)
        case .matrix(let m): self.init(m)
        }
    }

    /// The matrix of a CSS function list: `transform: A B` applies B first, then A.
    package init(_ functions: [TransformFunction]) {
        var result = Matrix4.identity
        for function in functions { result = Matrix4(function.primitive).concatenating(result) }
        self = result
    }

    /// The determinant: 0 for a transform that cannot be inverted (interpolated discretely).
    package var determinant: Double {
        let a = self
        func m(_ i: Int, _ j: Int) -> Double { a.row(i)[j] }
        let s0 = m(0, 0) * m(1, 1) - m(1, 0) * m(0, 1), s1 = m(0, 0) * m(1, 2) - m(1, 0) * m(0, 2)
        let s2 = m(0, 0) * m(1, 3) - m(1, 0) * m(0, 3), s3 = m(0, 1) * m(1, 2) - m(1, 1) * m(0, 2)
        let s4 = m(0, 1) * m(1, 3) - m(1, 1) * m(0, 3), s5 = m(0, 2) * m(1, 3) - m(1, 2) * m(0, 3)
        let c5 = m(2, 2) * m(3, 3) - m(3, 2) * m(2, 3), c4 = m(2, 1) * m(3, 3) - m(3, 1) * m(2, 3)
        let c3 = m(2, 1) * m(3, 2) - m(3, 1) * m(2, 2), c2 = m(2, 0) * m(3, 3) - m(3, 0) * m(2, 3)
        let c1 = m(2, 0) * m(3, 2) - m(3, 0) * m(2, 2), c0 = m(2, 0) * m(3, 1) - m(3, 0) * m(2, 1)
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse, or nil when the matrix is singular.
    package var inverse: Matrix4? {
        var a = [r1, r2, r3, r4].flatMap { [$0.x, $0.y, $0.z, $0.w] }
        var b = Matrix4.identity.entries
        // Gauss–Jordan elimination with partial pivoting; only used off the hot path.
        for column in 0..<4 {
            var pivot = column
            for row in column..<4 where abs(a[row * 4 + column]) > abs(a[pivot * 4 + column]) { pivot = row }
            guard a[pivot * 4 + column] != 0 else { return nil }
            if pivot != column {
                for k in 0..<4 { a.swapAt(pivot * 4 + k, column * 4 + k); b.swapAt(pivot * 4 + k, column * 4 + k) }
            }
            let scale = 1 / a[column * 4 + column]
            for k in 0..<4 { a[column * 4 + k] *= scale; b[column * 4 + k] *= scale }
            for row in 0..<4 where row != column {
                let factor = a[row * 4 + column]
                guard factor != 0 else { continue }
                for k in 0..<4 { a[row * 4 + k] -= factor * a[column * 4 + k]; b[row * 4 + k] -= factor * b[column * 4 + k] }
            }
        }
        return Matrix4(b)
    }

    /// Row `i` (0-based).
    package func row(_ i: Int) -> SIMD4<Double> {
        switch i {
        case 0: r1;
        case 1: r2;
        case 2: r3;
        default: r4
        }
    }

    /// Whether the matrix is a 2D affine transform (CSS `matrix()` can write it).
    package var is2D: Bool {
        r1.z == 0 && r1.w == 0 && r2.z == 0 && r2.w == 0 && r3 == SIMD4(0, 0, 1, 0) && r4.z == 0 && r4.w == 1
    }
}
