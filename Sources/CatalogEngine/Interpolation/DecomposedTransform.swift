import Foundation

/// A transform factored into translate, scale, skew, rotation (a unit quaternion) and
/// perspective, so that two matrices interpolate component by component — the CSS Transforms
/// "unmatrix" procedure as Chromium implements it:
///
/// - 2D matrices take the 2D path: R·[1 K; 0 1]·diag(Sx, Sy), flipping one scale axis when the
///   determinant is negative (the x axis when m11 < m22);
/// - other matrices the 3D path: normalise by m44, solve the perspective, Gram–Schmidt the upper
///   3×3 into scale and shear, flip all axes on a negative determinant, rotation as a quaternion.
///
/// Interpolation is linear except the rotation, which is a shortest-path slerp. This is what
/// makes `scaleY(7)` → `skewX(45deg) scaleX(7)` at 0.5 give `matrix(4, 0, 2, 4, 0, 0)`.
///
/// ```swift
/// let a = DecomposedTransform(Matrix4.scale(1, 7, 1))!
/// let b = DecomposedTransform(Matrix4.skew(.pi / 4, 0).concatenating(.scale(7, 1, 1)))!
/// a.interpolated(to: b, at: 0.5).matrix   // 4, 0, 2, 4 in m11 m12 m21 m22
/// ```
package struct DecomposedTransform: Sendable, Hashable {
    package var translate = SIMD3<Double>(0, 0, 0)
    package var scale = SIMD3<Double>(1, 1, 1)
    /// Shear factors xy, xz, yz.
    package var skew = SIMD3<Double>(0, 0, 0)
    package var perspective = SIMD4<Double>(0, 0, 0, 1)
    /// x, y, z, w.
    package var quaternion = SIMD4<Double>(0, 0, 0, 1)

    package init() {}

    /// Factors `matrix`, or nil when it cannot be (singular: such pairs interpolate discretely).
    package init?(_ matrix: Matrix4) {
        if matrix.is2D {
            guard decompose2D(matrix) else { return nil }
        } else {
            guard decompose3D(matrix) else { return nil }
        }
    }

    private mutating func decompose2D(_ matrix: Matrix4) -> Bool {
        var m11 = matrix.r1.x, m12 = matrix.r1.y, m21 = matrix.r2.x, m22 = matrix.r2.y
        let determinant = m11 * m22 - m12 * m21
        guard determinant != 0 else { return false }
        translate = SIMD3(matrix.r4.x, matrix.r4.y, 0)
        // A negative determinant means one axis is flipped; flipping both would be a rotation.
        if determinant < 0 {
            if m11 < m22 { scale.x = -1 } else { scale.y = -1 }
        }
        scale.x *= (m11 * m11 + m12 * m12).squareRoot()
        m11 /= scale.x
        m12 /= scale.x
        // The first column is now (cos R, sin R); its dot product with the second is Sy·K.
        let scaledShear = m11 * m21 + m12 * m22
        m21 -= m11 * scaledShear
        m22 -= m12 * scaledShear
        scale.y *= (m21 * m21 + m22 * m22).squareRoot()
        skew.x = scaledShear / scale.y
        let angle = atan2(m12, m11)
        quaternion = SIMD4(0, 0, sin(angle / 2), cos(angle / 2))
        return true
    }

    private mutating func decompose3D(_ input: Matrix4) -> Bool {
        guard input.r4.w != 0 else { return false }
        var matrix = input
        let normaliser = 1 / input.r4.w
        matrix.r1 *= normaliser; matrix.r2 *= normaliser; matrix.r3 *= normaliser; matrix.r4 *= normaliser

        var withoutPerspective = matrix
        withoutPerspective.r1.w = 0; withoutPerspective.r2.w = 0; withoutPerspective.r3.w = 0; withoutPerspective.r4.w = 1
        guard abs(withoutPerspective.determinant) >= 1e-8 else { return false }

        if matrix.r1.w != 0 || matrix.r2.w != 0 || matrix.r3.w != 0 {
            guard let inverse = withoutPerspective.inverse else { return false }
            let rhs = SIMD4(matrix.r1.w, matrix.r2.w, matrix.r3.w, matrix.r4.w)
            // perspective = inverse(P) applied to the right-hand side as a column vector.
            perspective = SIMD4((inverse.r1 * rhs).sum(), (inverse.r2 * rhs).sum(), (inverse.r3 * rhs).sum(), (inverse.r4 * rhs).sum())
        }
        translate = SIMD3(matrix.r4.x, matrix.r4.y, matrix.r4.z)

        func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
        func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
        var row0 = SIMD3(matrix.r1.x, matrix.r1.y, matrix.r1.z)
        var row1 = SIMD3(matrix.r2.x, matrix.r2.y, matrix.r2.z)
        var row2 = SIMD3(matrix.r3.x, matrix.r3.y, matrix.r3.z)

        scale.x = length(row0)
        if scale.x != 0 { row0 /= scale.x }
        skew.x = dot(row0, row1)
        row1 -= skew.x * row0
        scale.y = length(row1)
        if scale.y != 0 { row1 /= scale.y }
        skew.x /= scale.y
        skew.y = dot(row0, row2)
        row2 -= skew.y * row0
        skew.z = dot(row1, row2)
        row2 -= skew.z * row1
        scale.z = length(row2)
        if scale.z != 0 { row2 /= scale.z }
        skew.y /= scale.z
        skew.z /= scale.z

        // A left-handed basis: flip every axis.
        let cross = SIMD3(row1.y * row2.z - row1.z * row2.y, row1.z * row2.x - row1.x * row2.z, row1.x * row2.y - row1.y * row2.x)
        if dot(row0, cross) < 0 {
            scale = -scale
            row0 = -row0; row1 = -row1; row2 = -row2
        }

        // Rotation matrix → quaternion, choosing the largest diagonal term for stability
        // (the specification's version loses the sign when the off-diagonal terms are zero).
        let trace = row0.x + row1.y + row2.z
        if trace > 0 {
            let r = (1 + trace).squareRoot(), s = 0.5 / r
            quaternion = SIMD4((row1.z - row2.y) * s, (row2.x - row0.z) * s, (row0.y - row1.x) * s, 0.5 * r)
        } else if row0.x > row1.y, row0.x > row2.z {
            let r = (1 + row0.x - row1.y - row2.z).squareRoot(), s = 0.5 / r
            quaternion = SIMD4(0.5 * r, (row1.x + row0.y) * s, (row2.x + row0.z) * s, (row1.z - row2.y) * s)
        } else if row1.y > row2.z {
            let r = (1 - row0.x + row1.y - row2.z).squareRoot(), s = 0.5 / r
            quaternion = SIMD4((row1.x + row0.y) * s, 0.5 * r, (row2.y + row1.z) * s, (row2.x - row0.z) * s)
        } else {
            let r = (1 - row0.x - row1.y + row2.z).squareRoot(), s = 0.5 / r
            quaternion = SIMD4((row2.x + row0.z) * s, (row2.y + row1.z) * s, 0.5 * r, (row0.y - row1.x) * s)
        }
        return true
    }

    /// Linear in every component except the rotation, which is slerped the short way round.
    package func interpolated(to other: DecomposedTransform, at t: Double) -> DecomposedTransform {
        var result = DecomposedTransform()
        result.translate = translate + (other.translate - translate) * t
        result.scale = scale + (other.scale - scale) * t
        result.skew = skew + (other.skew - skew) * t
        result.perspective = perspective + (other.perspective - perspective) * t
        result.quaternion = Self.slerp(quaternion, other.quaternion, t)
        return result
    }

    static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        var from = a
        var cosHalfAngle = (a * b).sum()
        // q and −q are the same rotation; take the one less than 180° away.
        if cosHalfAngle < 0 {
            from = -from
            cosHalfAngle = -cosHalfAngle
        }
        cosHalfAngle = min(cosHalfAngle, 1)
        let sinHalfAngle = (1 - cosHalfAngle * cosHalfAngle).squareRoot()
        if sinHalfAngle < 1e-5 { return a }
        let halfAngle = acos(cosHalfAngle)
        return from * (sin((1 - t) * halfAngle) / sinHalfAngle) + b * (sin(t * halfAngle) / sinHalfAngle)
    }

    /// Recomposes: scale, then shear, rotation, translation and perspective.
    package var matrix: Matrix4 {
        let (x, y, z, w) = (quaternion.x, quaternion.y, quaternion.z, quaternion.w)
        let rotation = Matrix4(
            SIMD4(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0),
            SIMD4(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0),
            SIMD4(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0),
            SIMD4(0, 0, 0, 1))
        var result = Matrix4.scale(scale.x, scale.y, scale.z)
        if skew.x != 0 { result = result.concatenating(Self.shear(row: 1, column: 0, skew.x)) }
        if skew.y != 0 { result = result.concatenating(Self.shear(row: 2, column: 0, skew.y)) }
        if skew.z != 0 { result = result.concatenating(Self.shear(row: 2, column: 1, skew.z)) }
        result = result.concatenating(rotation).concatenating(.translation(translate.x, translate.y, translate.z))
        if perspective != SIMD4(0, 0, 0, 1) {
            var p = Matrix4.identity
            p.r1.w = perspective.x; p.r2.w = perspective.y; p.r3.w = perspective.z; p.r4.w = perspective.w
            result = result.concatenating(p)
        }
        return result
    }

    /// Identity with one off-diagonal entry (CA layout), the shear of one axis along another.
    private static func shear(row: Int, column: Int, _ value: Double) -> Matrix4 {
        var m = Matrix4.identity
        switch (row, column) {
        case (1, 0): m.r2.x = value
        case (2, 0): m.r3.x = value
        default: m.r3.y = value
        }
        return m
    }
}
