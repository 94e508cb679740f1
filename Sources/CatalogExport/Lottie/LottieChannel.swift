import CatalogEngine
import CatalogModel
import Foundation

/// One animatable property of a Lottie layer, and how it follows the engine's values of a role:
/// the element's transform, about its `transform-origin`, becomes the layer's anchor (the
/// origin), position (the origin plus the translation), scale, skew and rotation — the 2D
/// decomposition rotate · skewX · scale, which is the order Lottie applies them in —; opacity
/// (times visibility) the layer's opacity; `backgroundColor` the fill.
///
/// ```swift
/// let values = LottieChannel.values(sample, box: (100, 100))
/// values[.rotation]   // [90] for rotate(90deg)
/// ```
package enum LottieChannel: String, CaseIterable, Sendable {
    case anchor, position, scale, rotation, skew, opacity, fillColor, fillOpacity

    /// The fill of a role that does not animate `backgroundColor`.
    static let defaultFill: [Double] = [0.2, 0.4, 0.8, 1]

    /// The engine properties a Lottie layer follows (Core Animation's `anchorPoint` is CSS's `transform-origin`).
    static let followed: Set<String> = ["transform", "opacity", "backgroundColor", "transformOrigin", "anchorPoint", "visibility"]

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
        case .anchor, .position: 1e-3 * max(1, abs(value))
        case .scale: 1e-3 * max(100, abs(value))
        case .rotation, .skew: 1e-3 * 180 / .pi   // a milliradian
        case .opacity, .fillOpacity: 0.1
        case .fillColor: 1e-3
        }
    }

    /// Each channel's value, from the engine's values of one role (by engine property name);
    /// properties the role does not animate take their initial values.
    /// - Throws: a transform with perspective, which a flat Lottie layer cannot show.
    package static func values(_ sample: [String: AnimatedValue], box: (width: Double, height: Double)) throws(ExportError) -> [LottieChannel: [Double]] {
        var origin = Point(x: 0.5, y: 0.5)
        if case .point(let point)? = sample["transformOrigin"] ?? sample["anchorPoint"] { origin = point }
        let anchor = [origin.x * box.width, origin.y * box.height]
        var matrix = Matrix4.identity
        if case .transform(let m)? = sample["transform"] { matrix = m }
        guard abs(matrix.r1.w) < 1e-12, abs(matrix.r2.w) < 1e-12, abs(matrix.r4.w - 1) < 1e-12 else {
            throw ExportError("a transform with perspective has no Lottie form (a Lottie layer is flat)")
        }
        let (a, b, c, d) = (matrix.m11, matrix.m12, matrix.m21, matrix.m22)
        // A = R(θ) · skewX(α) · S(sx, sy): the first column is sx·(cos θ, sin θ).
        let sx = (a * a + b * b).squareRoot()
        let theta = sx > 1e-12 ? atan2(b, a) : 0
        let (cosine, sine) = (cos(theta), sin(theta))
        let sy = -sine * c + cosine * d
        let shear = abs(sy) > 1e-12 ? (cosine * c + sine * d) / sy : 0
        var opacity = 1.0
        if case .number(let n)? = sample["opacity"] { opacity = n }
        if case .discrete(let value)? = sample["visibility"], value.jsonValue.stringValue == "hidden" { opacity = 0 }
        var fill = defaultFill
        if case .color(let color)? = sample["backgroundColor"] { fill = [color.red, color.green, color.blue, color.alpha] }
        return [
            .anchor: anchor,
            .position: [anchor[0] + matrix.m41, anchor[1] + matrix.m42],
            .scale: [sx * 100, sy * 100],
            .rotation: [theta * 180 / .pi],
            // Lottie skews by −sk along its axis (python-lottie, lottie-web: skewFromAxis(−sk, sa)).
            .skew: [-atan(shear) * 180 / .pi],
            .opacity: [opacity * 100],
            .fillColor: [fill[0], fill[1], fill[2], 1],
            .fillOpacity: [fill[3] * 100],
        ]
    }
}
