import CatalogModel
import Foundation

/// Interpolation between two CSS transform lists by the CSS Transforms Level 2 rules, worked out
/// once per keyframe interval so that sampling only blends numbers:
///
/// 1. `none` or a shorter list is padded with the identity functions of the other side's
///    functions at those positions;
/// 2. from the start, each pair with the same name or a shared primitive interpolates as that
///    primitive (so `rotate(0)` → `rotate(720deg)` turns twice; rotations about different axes
///    slerp);
/// 3. at the first pair that does not match, the rest of each list is multiplied into a matrix
///    and the two matrices interpolate by decomposition (``DecomposedTransform``);
/// 4. a side that cannot be decomposed (singular) makes the whole value switch at 0.5.
///
/// ```swift
/// let from = try TransformFunction.list(css: "rotate(0deg)")
/// let to = try TransformFunction.list(css: "rotate(720deg)")
/// TransformListInterpolator(from: from, to: to).matrix(at: 0.25)   // a half turn
/// ```
package final class TransformListInterpolator: Sendable {
    enum Pair: Sendable {
        case translate(SIMD3<Double>, SIMD3<Double>)
        case scale(SIMD3<Double>, SIMD3<Double>)
        case rotate(axis: SIMD3<Double>, from: Double, to: Double)
        case slerp(SIMD4<Double>, SIMD4<Double>)
        case skew(SIMD2<Double>, SIMD2<Double>)
        case perspective(Double, Double)
        // Boxed, like ``Tail``: a pair is as large as its largest case, and pairs are read on
        // every sample.
        indirect case decomposed(DecomposedTransform, DecomposedTransform)
        indirect case discrete(Matrix4, Matrix4)
    }

    /// What follows the matching pairs, boxed so that checking for it copies nothing large.
    indirect enum Tail: Sendable {
        /// The lists stopped matching: the rest of each, as decomposed matrices.
        case remainder(DecomposedTransform, DecomposedTransform)
        /// A remainder could not be decomposed: the whole values, switched at 0.5.
        case discrete(Matrix4, Matrix4)
    }

    let pairs: [Pair]
    let tail: Tail?
    /// A list of one translate or one scale (the usual keyframe transform), written straight
    /// into the sample's numbers: building its matrix and copying it out was a fifth of a
    /// two-property keyframe sample. The same numbers as ``matrix(at:)``.
    private let single: SingleFunction
    private let singleFrom, singleTo: SIMD3<Double>

    private enum SingleFunction: UInt8 { case none, translate, scale }

    package init(from: [TransformFunction], to: [TransformFunction]) {
        var a = from, b = to
        // Pad the shorter list with identities of the longer one's functions.
        if a.count < b.count { a += b[a.count...].map(\.identity) }
        if b.count < a.count { b += a[b.count...].map(\.identity) }

        var pairs: [Pair] = []
        var index = 0
        while index < a.count, a[index].name == b[index].name || a[index].sharesPrimitive(with: b[index]) {
            pairs.append(Self.pair(a[index].primitive, b[index].primitive))
            index += 1
        }
        self.pairs = pairs
        switch (pairs.count == 1 && index == a.count) ? pairs[0] : nil {
        case .translate(let from, let to)?: (single, singleFrom, singleTo) = (.translate, from, to)
        case .scale(let from, let to)?: (single, singleFrom, singleTo) = (.scale, from, to)
        default: (single, singleFrom, singleTo) = (.none, .zero, .zero)
        }
        if index == a.count {
            tail = nil
        } else {
            let restA = Matrix4(Array(a[index...])), restB = Matrix4(Array(b[index...]))
            if let da = DecomposedTransform(restA), let db = DecomposedTransform(restB) {
                tail = .remainder(da, db)
            } else {
                tail = .discrete(Matrix4(from), Matrix4(to))
            }
        }
    }

    private static func pair(_ a: TransformFunction.Primitive, _ b: TransformFunction.Primitive) -> Pair {
        switch (a, b) {
        case (.translate(let x1, let y1, let z1), .translate(let x2, let y2, let z2)):
            return .translate(SIMD3(x1, y1, z1), SIMD3(x2, y2, z2))
        case (.scale(let x1, let y1, let z1), .scale(let x2, let y2, let z2)):
            return .scale(SIMD3(x1, y1, z1), SIMD3(x2, y2, z2))
        case (.rotate(let x1, let y1, let z1, let angle1), .rotate(let x2, let y2, let z2, let angle2)):
            let axis1 = SIMD3(x1, y1, z1), axis2 = SIMD3(x2, y2, z2)
            // A common axis (or a zero angle on one side) interpolates the angle itself.
            if axis1 == axis2 || angle2 == 0 { return .rotate(axis: axis1, from: angle1, to: angle2) }
            if angle1 == 0 { return .rotate(axis: axis2, from: angle1, to: angle2) }
            return .slerp(quaternion(axis1, angle1), quaternion(axis2, angle2))
        case (.skew(let x1, let y1), .skew(let x2, let y2)):
            return .skew(SIMD2(x1, y1), SIMD2(x2, y2))
        case (.perspective(let d1), .perspective(let d2)):
            // Blended as 1/d so that perspective(none) (1/d = 0) is the natural identity.
            return .perspective(d1.map { 1 / max($0, 1) } ?? 0, d2.map { 1 / max($0, 1) } ?? 0)
        default:
            let ma = Matrix4(a), mb = Matrix4(b)
            if let da = DecomposedTransform(ma), let db = DecomposedTransform(mb) { return .decomposed(da, db) }
            return .discrete(ma, mb)
        }
    }

    /// The ends of each part that interpolates through decomposed matrices or a slerp of
    /// rotations about different axes — the parts browser engines do not all compute alike.
    package var decomposedEnds: [(from: DecomposedTransform, to: DecomposedTransform)] {
        var ends: [(DecomposedTransform, DecomposedTransform)] = pairs.compactMap { pair in
            switch pair {
            case .decomposed(let a, let b): return (a, b)
            case .slerp(let a, let b):
                var da = DecomposedTransform(), db = DecomposedTransform()
                (da.quaternion, db.quaternion) = (a, b)
                return (da, db)
            default: return nil
            }
        }
        if case .remainder(let a, let b)? = tail { ends.append((a, b)) }
        return ends
    }

    private static func quaternion(_ axis: SIMD3<Double>, _ angle: Double) -> SIMD4<Double> {
        let s = sin(angle / 2)
        return SIMD4(axis.x * s, axis.y * s, axis.z * s, cos(angle / 2))
    }

    /// The interpolated transform at `t` (0 = from, 1 = to; outside [0, 1] extrapolates).
    package func matrix(at t: Double) -> Matrix4 {
        if case .discrete(let from, let to)? = tail { return t < 0.5 ? from : to }
        var result = pairs.withUnsafeBufferPointer { pairs in
            guard pairs.count > 0, let first = pairs.baseAddress else { return Matrix4.identity }
            // Start from the first function's matrix rather than multiplying it into the identity.
            var result = Self.matrix(first, t)
            for index in 1..<pairs.count { result = Self.matrix(first + index, t).concatenating(result) }
            return result
        }
        if case .remainder(let from, let to)? = tail {
            result = from.interpolated(to: to, at: t).matrix.concatenating(result)
        }
        return result
    }

    /// Writes ``matrix(at:)``'s 16 entries in CATransform3D order.
    @inline(__always)
    package func write(at t: Double, into out: UnsafeMutablePointer<Double>) {
        if single != .none {
            let v = singleFrom + (singleTo - singleFrom) * t
            for index in 0..<16 { out[index] = index % 5 == 0 ? 1 : 0 }
            if single == .scale {
                out[0] = v.x; out[5] = v.y; out[10] = v.z
            } else {
                out[12] = v.x; out[13] = v.y; out[14] = v.z
            }
            return
        }
        let m = matrix(at: t)
        @inline(__always) func store(_ row: SIMD4<Double>, _ index: Int) {
            out[index] = row.x; out[index + 1] = row.y; out[index + 2] = row.z; out[index + 3] = row.w
        }
        store(m.r1, 0); store(m.r2, 4); store(m.r3, 8); store(m.r4, 12)
    }

    @inline(__always)
    private static func matrix(_ pair: UnsafePointer<Pair>, _ t: Double) -> Matrix4 {
        switch pair.pointee {
        case .translate(let a, let b):
            let v = a + (b - a) * t
            return .translation(v.x, v.y, v.z)
        case .scale(let a, let b):
            let v = a + (b - a) * t
            return .scale(v.x, v.y, v.z)
        case .rotate(let axis, let a, let b):
            return .rotation(x: axis.x, y: axis.y, z: axis.z, angle: a + (b - a) * t)
        case .slerp(let a, let b):
            var rotation = DecomposedTransform()
            rotation.quaternion = DecomposedTransform.slerp(a, b, t)
            return rotation.matrix
        case .skew(let a, let b):
            let v = a + (b - a) * t
            return .skew(v.x, v.y)
        case .perspective(let a, let b):
            return .perspective(inverseDistance: max(a + (b - a) * t, 0))
        case .decomposed(let a, let b):
            return a.interpolated(to: b, at: t).matrix
        case .discrete(let a, let b):
            return t < 0.5 ? a : b
        }
    }
}
