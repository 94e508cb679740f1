import CatalogEngine
import CatalogModel
import Foundation

/// One animatable property of a Lottie layer, and how it follows the engine's values of a role:
/// the element's transform, about its `transform-origin`, becomes the layer's anchor (the
/// origin), position (the origin plus the translation), scale and rotation — rotate · scale, the
/// order Lottie applies them in —; opacity (times visibility) the layer's opacity;
/// `backgroundColor` the fill.
///
/// A transform that skews is written without Lottie's skew, which rlottie ignores (measured: a
/// layer with `sk` 30 draws as with 0): as rotate · scale · rotate, the layer turning by the
/// first rotation and its shape group, about the same origin, by the second.
///
/// ```swift
/// let values = try LottieChannel.values(sample, box: (100, 100), split: nil)
/// values[.rotation]   // [90] for rotate(90deg)
/// ```
package enum LottieChannel: String, CaseIterable, Sendable {
    case anchor, position, scale, rotation, innerRotation, opacity, fillColor, fillOpacity, cornerRadius

    /// The fill of a role that does not animate `backgroundColor`.
    static let defaultFill: [Double] = [0.2, 0.4, 0.8, 1]

    /// The engine properties a Lottie layer follows (Core Animation's `anchorPoint` is CSS's `transform-origin`).
    static let followed: Set<String> = [
        "transform", "opacity", "backgroundColor", "transformOrigin", "anchorPoint", "visibility",
        "hidden", "cornerRadius", "borderRadius"
    ]

    /// What a value of this channel is compared against: its range over the export, at least 1
    /// (opacities and fills in Lottie's units, 0…100).
    package static func scale(of values: [[Double]]) -> Double {
        guard let first = values.first else { return 1 }
        var range = 0.0
        for dimension in first.indices {
            let column = values.map { $0[dimension] }
            range = max(range, column.max()! - column.min()!)
        }
        return max(range, 1)
    }

    /// How far a baked value may be from the engine's, in the channel's units: the web export's
    /// bound (0.1 %: opacity ±0.001, transform entries ±0.001·max(1, |v|)) in Lottie's terms.
    package func bound(_ value: Double) -> Double {
        switch self {
        case .anchor, .position, .cornerRadius: 1e-3 * max(1, abs(value))
        case .scale: 1e-3 * max(100, abs(value))
        case .rotation, .innerRotation: 1e-3 * 180 / .pi  // a milliradian
        case .opacity, .fillOpacity: 0.1
        case .fillColor: 1e-3
        }
    }

    /// The difference `a − b` of two values of the channel (a rotation's modulo a turn).
    func difference(_ a: Double, _ b: Double) -> Double {
        guard self == .rotation || self == .innerRotation else { return a - b }
        let turn = (a - b).truncatingRemainder(dividingBy: 360)
        return turn > 180 ? turn - 360 : turn < -180 ? turn + 360 : turn
    }

    /// Whether a transform skews (its 2D part is not a rotation times a scale).
    package static func skews(_ sample: [String: AnimatedValue]) -> Bool {
        guard case .transform(let m)? = sample["transform"] else { return false }
        let (a, b, c, d) = (m.m11, m.m12, m.m21, m.m22)
        // The columns of rotate · scale are perpendicular.
        return abs(a * c + b * d) > 1e-9 * max(1, a * a + b * b, c * c + d * d)
    }

    /// How a skewing transform's decomposition rotate · scale · rotate splits its turn between
    /// the two rotations; nil where any split does (equal singular values).
    package static func split(_ sample: [String: AnimatedValue]) -> Double? {
        guard case .transform(let m)? = sample["transform"] else { return nil }
        let (f, g) = ((m.m11 - m.m22) / 2, (m.m12 + m.m21) / 2)
        return (f * f + g * g).squareRoot() > 1e-9 ? atan2(g, f) : nil
    }

    /// Each channel's value, from the engine's values of one role (by engine property name);
    /// properties the role does not animate take their initial values.
    /// - Parameter split: for a role whose transform skews at some time, decomposed as
    ///   rotate · scale · rotate throughout: the ``split(_:)`` to use (its neighbours' where its
    ///   own is arbitrary, to stay continuous); nil: rotate · scale.
    /// - Throws: a transform with perspective, which a flat Lottie layer cannot show.
    package static func values(_ sample: [String: AnimatedValue], box: (width: Double, height: Double), split: Double?) throws(ExportError) -> [LottieChannel:
        [Double]]
    {
        var origin = Point(x: 0.5, y: 0.5)
        if case .point(let point)? = sample["transformOrigin"] ?? sample["anchorPoint"] { origin = point }
        let anchor = [origin.x * box.width, origin.y * box.height]
        var matrix = Matrix4.identity
        if case .transform(let m)? = sample["transform"] { matrix = m }
        guard abs(matrix.r1.w) < 1e-12, abs(matrix.r2.w) < 1e-12, abs(matrix.r4.w - 1) < 1e-12 else {
            throw ExportError("a transform with perspective has no Lottie form (a Lottie layer is flat)")
        }
        let (a, b, c, d) = (matrix.m11, matrix.m12, matrix.m21, matrix.m22)
        var (outer, scale, inner) = (0.0, [1.0, 1.0], 0.0)
        if let split {
            // A = R(φ) · diag(σ1, σ2) · R(θ), the closed form of a 2 × 2 singular value decomposition.
            let (e, f, g, h) = ((a + d) / 2, (a - d) / 2, (b + c) / 2, (b - c) / 2)
            let (q, r) = ((e * e + h * h).squareRoot(), (f * f + g * g).squareRoot())
            let (a1, a2) = (Self.split(sample) ?? split, atan2(h, e))
            (outer, scale, inner) = ((a2 + a1) / 2, [q + r, q - r], (a2 - a1) / 2)
        } else {
            // A = R(θ) · S(sx, sy): the first column is sx·(cos θ, sin θ).
            let sx = (a * a + b * b).squareRoot()
            outer = sx > 1e-12 ? atan2(b, a) : 0
            scale = [sx, -sin(outer) * c + cos(outer) * d]
        }
        var opacity = 1.0
        if case .number(let n)? = sample["opacity"] { opacity = n }
        if case .discrete(let value)? = sample["visibility"], value.jsonValue.stringValue == "hidden" { opacity = 0 }
        if case .discrete(let value)? = sample["hidden"], value.jsonValue == .bool(true) { opacity = 0 }
        // The rectangle's corners, as CSS draws a radius too large for the box: no more than half its shorter side.
        var radius = 0.0
        if case .number(let r)? = sample["cornerRadius"] ?? sample["borderRadius"] { radius = min(max(r, 0), box.width / 2, box.height / 2) }
        var fill = defaultFill
        if case .color(let color)? = sample["backgroundColor"] { fill = [color.red, color.green, color.blue, color.alpha] }
        return [
            .anchor: anchor,
            .position: [anchor[0] + matrix.m41, anchor[1] + matrix.m42],
            .scale: [scale[0] * 100, scale[1] * 100],
            .rotation: [outer * 180 / .pi],
            .innerRotation: [inner * 180 / .pi],
            .opacity: [opacity * 100],
            .fillColor: [fill[0], fill[1], fill[2], 1],
            .fillOpacity: [fill[3] * 100],
            .cornerRadius: [radius]
        ]
    }
}
