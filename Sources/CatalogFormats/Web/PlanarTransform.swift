import CatalogEngine
import Foundation

/// A 2D transform written as the function list `translate() rotate() skewX() scale()`: the form
/// baked transforms take, so that every browser engine interpolates keyframes function by
/// function, linearly in each number, and none decomposes matrices — which Chromium, Firefox and
/// WebKit do three ways (docs/Engines.md). The angle is unwound against the previous keyframe's,
/// so a turn through 180° is a number going past π rather than a matrix near −I.
///
/// ```swift
/// let half = PlanarTransform(.rotation(x: 0, y: 0, z: 1, angle: 3), near: nil)
/// let past = PlanarTransform(.rotation(x: 0, y: 0, z: 1, angle: 3.5), near: half)
/// past.angle   // 3.5, not 3.5 − 2π
/// ```
struct PlanarTransform: Equatable {
    var x = 0.0, y = 0.0
    /// Radians, unbounded.
    var angle = 0.0
    /// The skewX angle, radians in (−π/2, π/2).
    var skew = 0.0
    var scaleX = 1.0, scaleY = 1.0

    /// `m` (a 2D matrix) as T·R(angle)·SkewX(skew)·S(scaleX, scaleY): of its two factorings
    /// (the second turns half a turn further and negates both scales) the one nearest `previous`.
    init(_ m: Matrix4, near previous: PlanarTransform?) {
        let (a, b, c, d) = (m.m11, m.m12, m.m21, m.m22)
        x = m.m41
        y = m.m42
        let length = (a * a + b * b).squareRoot()
        var base = length > 0 ? atan2(b, a) : (previous?.angle ?? 0)
        if let previous { base += 2 * .pi * ((previous.angle - base) / (2 * .pi)).rounded() }
        var best: PlanarTransform?
        // The second factoring, half a turn either way from the first: whichever is nearer.
        for (turn, sign) in [(0.0, 1.0), (Double.pi, -1.0), (-Double.pi, -1.0)] {
            var candidate = self
            candidate.angle = base + turn
            candidate.scaleX = sign * length
            // R(−angle)·(c, d) = (tan(skew)·scaleY, scaleY).
            let (cosine, sine) = (cos(candidate.angle), sin(candidate.angle))
            let u = cosine * c + sine * d, v = -sine * c + cosine * d
            candidate.scaleY = v
            candidate.skew = v != 0 ? atan(u / v) : (previous?.skew ?? 0)
            if best == nil || candidate.distance(to: previous) < best!.distance(to: previous) { best = candidate }
        }
        self = best!
        // Rounding noise of the factoring (a skew of 4e-16) would otherwise add functions.
        if abs(skew) < 1e-12 { skew = 0 }
        if abs(scaleX - 1) < 1e-12 { scaleX = 1 }
        if abs(scaleY - 1) < 1e-12 { scaleY = 1 }
    }

    init(x: Double = 0, y: Double = 0, angle: Double = 0, skew: Double = 0, scaleX: Double = 1, scaleY: Double = 1) {
        (self.x, self.y, self.angle, self.skew, self.scaleX, self.scaleY) = (x, y, angle, skew, scaleX, scaleY)
    }

    private func distance(to other: PlanarTransform?) -> Double {
        guard let other else { return scaleX < 0 ? 1 : 0 }  // unreferenced: the factoring with a positive x scale
        return abs(angle - other.angle) + abs(skew - other.skew) + abs(scaleX - other.scaleX) + abs(scaleY - other.scaleY)
    }

    var matrix: Matrix4 {
        let (cosine, sine) = (cos(angle), sin(angle))
        let shear = tan(skew) * scaleY
        return Matrix4(
            SIMD4(scaleX * cosine, scaleX * sine, 0, 0),
            SIMD4(cosine * shear - sine * scaleY, sine * shear + cosine * scaleY, 0, 0),
            SIMD4(0, 0, 1, 0),
            SIMD4(x, y, 0, 1))
    }

    /// What a browser shows between two keyframes of this form: each number linearly.
    func interpolated(to other: PlanarTransform, at t: Double) -> PlanarTransform {
        func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * t }
        var result = PlanarTransform()
        result.x = mix(x, other.x)
        result.y = mix(y, other.y)
        result.angle = mix(angle, other.angle)
        result.skew = mix(skew, other.skew)
        result.scaleX = mix(scaleX, other.scaleX)
        result.scaleY = mix(scaleY, other.scaleY)
        return result
    }

    /// Which functions a keyframe list needs: every keyframe writes the same ones, so that the
    /// lists match function by function.
    struct Functions: OptionSet {
        let rawValue: UInt8
        static let translate = Functions(rawValue: 1)
        static let rotate = Functions(rawValue: 2)
        static let skew = Functions(rawValue: 4)
        static let scale = Functions(rawValue: 8)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The functions some of `transforms` need.
        init(needed transforms: [PlanarTransform]) {
            self = []
            for t in transforms {
                if t.x != 0 || t.y != 0 { insert(.translate) }
                if t.angle != 0 { insert(.rotate) }
                if t.skew != 0 { insert(.skew) }
                if t.scaleX != 1 || t.scaleY != 1 { insert(.scale) }
            }
        }
    }

    /// The CSS text with `functions` (all of them written, identities included).
    func css(_ functions: Functions) -> String {
        let n = CSSNumber.text
        var parts: [String] = []
        if functions.contains(.translate) { parts.append("translate(\(n(x))px, \(n(y))px)") }
        if functions.contains(.rotate) { parts.append("rotate(\(n(angle))rad)") }
        if functions.contains(.skew) { parts.append("skewX(\(n(skew))rad)") }
        if functions.contains(.scale) { parts.append("scale(\(n(scaleX)), \(n(scaleY)))") }
        return parts.isEmpty ? "none" : parts.joined(separator: " ")
    }
}
