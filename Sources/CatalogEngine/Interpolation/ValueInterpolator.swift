import CatalogModel

/// How one keyframe interval of one property interpolates, prepared from its two end values:
/// numbers linearly (then clamped to the property's range), colours in premultiplied sRGB,
/// transform lists by ``TransformListInterpolator``, geometry per component, anything else
/// discretely at 0.5 — the Web Animations "animation type" of each kind.
///
/// ```swift
/// let fade = ValueInterpolator(from: .number(0), to: .number(1), range: 0...1)
/// fade.value(at: 1.2)   // .number(1): clamped on the output
/// ```
public enum ValueInterpolator: Sendable {
    case number(Double, Double, ClosedRange<Double>?)
    case color(PremultipliedColor, PremultipliedColor)
    case transform(TransformListInterpolator)
    case point(SIMD2<Double>, SIMD2<Double>)
    case size(SIMD2<Double>, SIMD2<Double>)
    case rect(SIMD4<Double>, SIMD4<Double>)
    case discrete(AnimatedValue, AnimatedValue)

    public init(from a: AnimationValue, to b: AnimationValue, range: ClosedRange<Double>? = nil) {
        switch (Self.normalised(a), Self.normalised(b)) {
        case (.number(let x), .number(let y)): self = .number(x, y, range)
        case (.color(let x), .color(let y)): self = .color(PremultipliedColor(x), PremultipliedColor(y))
        case (.transform(let x), .transform(let y)): self = .transform(TransformListInterpolator(from: x, to: y))
        case (.point(let x), .point(let y)): self = .point(SIMD2(x.x, x.y), SIMD2(y.x, y.y))
        case (.size(let x), .size(let y)): self = .size(SIMD2(x.width, x.height), SIMD2(y.width, y.height))
        case (.rect(let x), .rect(let y)):
            self = .rect(SIMD4(x.x, x.y, x.width, x.height), SIMD4(y.x, y.y, y.width, y.height))
        default: self = .discrete(AnimatedValue(a), AnimatedValue(b))
        }
    }

    /// A whole matrix is a one-function list, so it matches lists and other matrices alike.
    private static func normalised(_ value: AnimationValue) -> AnimationValue {
        guard case .matrix(let m) = value else { return value }
        return .transform([TransformFunction(name: "matrix3d", primitive: .matrix(m.m))])
    }

    @inline(__always)
    public func value(at t: Double) -> AnimatedValue {
        switch self {
        case .number(let a, let b, let range):
            let v = a + (b - a) * t
            guard let range else { return .number(v) }
            return .number(min(max(v, range.lowerBound), range.upperBound))
        case .color(let a, let b): return .color(a.interpolated(to: b, at: t))
        case .transform(let interpolator): return .transform(interpolator.matrix(at: t))
        case .point(let a, let b):
            let v = a + (b - a) * t
            return .point(Point(x: v.x, y: v.y))
        case .size(let a, let b):
            let v = a + (b - a) * t
            return .size(Size(width: v.x, height: v.y))
        case .rect(let a, let b):
            let v = a + (b - a) * t
            return .rect(Rect(x: v.x, y: v.y, width: v.z, height: v.w))
        case .discrete(let a, let b): return t < 0.5 ? a : b
        }
    }
}
