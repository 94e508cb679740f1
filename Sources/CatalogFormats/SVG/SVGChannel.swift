import CatalogEngine
import CatalogModel
import Foundation

/// What a role's rectangle in an animated SVG document shows, attribute by attribute, from the
/// engine's values of the role: `opacity` (times visibility), the fill (`backgroundColor` as
/// `fill` and `fill-opacity`), the corner radius (`rx`, `ry`), and the transform about the
/// role's origin as the four functions SMIL's `animateTransform` animates one by one
/// (``PlanarTransform``: translate, rotate, skewX, scale).
///
/// ```swift
/// let numbers = try SVGChannel.transform.values(sample, box: SVGBox(width: 100, height: 100), previous: nil)
/// ```
enum SVGChannel: String, CaseIterable, Sendable {
    case opacity, fill, radius, transform

    /// The engine properties a rectangle follows (Core Animation's `anchorPoint` is CSS's `transform-origin`).
    static let followed: Set<String> = [
        "transform", "opacity", "backgroundColor", "transformOrigin", "anchorPoint", "visibility", "hidden", "cornerRadius",
        "borderRadius"
    ]

    /// The fill of a role that does not animate `backgroundColor` (the Lottie export's).
    static let defaultFill = RGBAColor(red: 0.2, green: 0.4, blue: 0.8)

    /// The channel's numbers at one sample: opacity [o]; fill [r, g, b, a] (0…1); radius [r]
    /// (px); transform the ``PlanarTransform`` numbers [x, y, angle, skew, scaleX, scaleY]
    /// (radians), unwound against `previous`, for the rectangle as ``SVGBox`` draws it.
    func values(
        _ sample: [String: AnimatedValue], box: SVGBox, previous: [Double]?
    ) throws(ExportError) -> [Double] {
        switch self {
        case .opacity:
            var opacity = 1.0
            if case .number(let n)? = sample["opacity"] { opacity = min(max(n, 0), 1) }
            if case .discrete(let value)? = sample["visibility"], value.jsonValue.stringValue == "hidden" { opacity = 0 }
            if case .discrete(let value)? = sample["hidden"], value.jsonValue == .bool(true) { opacity = 0 }
            return [opacity]
        case .fill:
            var c = Self.defaultFill
            if case .color(let color)? = sample["backgroundColor"] { c = color }
            return [c.red, c.green, c.blue, c.alpha]
        case .radius:
            var radius = 0.0
            if case .number(let r)? = sample["cornerRadius"] ?? sample["borderRadius"] { radius = min(max(r, 0), box.width / 2, box.height / 2) }
            return [radius]
        case .transform:
            let planar = PlanarTransform(try Self.matrix(sample, box: box), near: previous.map(PlanarTransform.init(numbers:)))
            return planar.numbers
        }
    }

    /// The role's transform about its origin, in px of the box: T(origin) · M · T(−origin); for
    /// a rectangle drawn about `box.drawnAt`, T(origin − drawnAt) · M · T(drawnAt − origin),
    /// which is M itself while the origin stays put.
    static func matrix(_ sample: [String: AnimatedValue], box: SVGBox) throws(ExportError) -> Matrix4 {
        let origin = Self.origin(sample, box: (box.width, box.height))
        var matrix = Matrix4.identity
        if case .transform(let m)? = sample["transform"] {
            // Without perspective, a plane's points keep z = 0: what shows is the matrix's 2D part.
            guard m.r1.w == 0, m.r2.w == 0, m.r3.w == 0, m.r4.w == 1 else {
                throw ExportError("a transform with perspective has no SVG form (SVG draws affine maps of the plane)")
            }
            matrix = Matrix4(SIMD4(m.r1.x, m.r1.y, 0, 0), SIMD4(m.r2.x, m.r2.y, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(m.r4.x, m.r4.y, 0, 1))
        }
        let (ox, oy) = (origin.x - box.drawnAt.x, origin.y - box.drawnAt.y)
        return Matrix4.translation(-ox, -oy, 0).concatenating(matrix).concatenating(.translation(ox, oy, 0))
    }

    /// The role's transform origin in px of the box (the centre unless set).
    static func origin(_ sample: [String: AnimatedValue], box: (width: Double, height: Double)) -> (x: Double, y: Double) {
        var origin = Point(x: 0.5, y: 0.5)
        if case .point(let point)? = sample["transformOrigin"] ?? sample["anchorPoint"] { origin = point }
        return (origin.x * box.width, origin.y * box.height)
    }

    /// How far a written value may be from the engine's, in units of the export bound (0.1 %:
    /// opacity ±0.001; premultiplied channels 2.6/255 and alpha 1.2/255, as the web exports;
    /// a radius 0.1 % of the box; transform entries 0.001·max(1, |v|), of the matrix from the
    /// box's corner, wherever the rectangle is drawn).
    func error(_ written: [Double], _ engine: [Double], box: SVGBox) -> Double {
        switch self {
        case .opacity: return abs(written[0] - engine[0]) / 0.001
        case .fill:
            let channels = (0..<3).map { abs(written[$0] * written[3] - engine[$0] * engine[3]) }.max()!
            return max(channels / (2.6 / 255), abs(written[3] - engine[3]) / (1.2 / 255))
        case .radius: return abs(written[0] - engine[0]) / (0.001 * max(box.width, box.height))
        case .transform:
            let a = box.fromCorner(PlanarTransform(numbers: written).matrix), b = box.fromCorner(PlanarTransform(numbers: engine).matrix)
            return zip(a.entries, b.entries).map { abs($0 - $1) / (0.001 * max(1, abs($1))) }.max()!
        }
    }
}

extension PlanarTransform {
    /// [x, y, angle, skew, scaleX, scaleY].
    var numbers: [Double] { [x, y, angle, skew, scaleX, scaleY] }

    init(numbers n: [Double]) {
        self.init(x: n[0], y: n[1], angle: n[2], skew: n[3], scaleX: n[4], scaleY: n[5])
    }
}

/// The reference box a role's rectangle fills, and where it is drawn: with its corner at
/// `−drawnAt` inside a group translated by `drawnAt` (the role's transform origin at the start,
/// px), so that a rotation or scale about that origin is the SMIL function alone — which
/// `accumulate="sum"` adds up and key splines ease.
struct SVGBox: Sendable {
    var width: Double, height: Double
    var drawnAt: (x: Double, y: Double) = (0, 0)

    /// The map from the box's corner of a transform `m` written on the rectangle: T(d) · m · T(−d).
    func fromCorner(_ m: Matrix4) -> Matrix4 {
        guard drawnAt != (0, 0) else { return m }
        return Matrix4.translation(-drawnAt.x, -drawnAt.y, 0).concatenating(m).concatenating(.translation(drawnAt.x, drawnAt.y, 0))
    }
}
