import CatalogModel

/// How one keyframe interval of one property interpolates, prepared from its two end values:
/// numbers linearly (then clamped to the property's range), colours in premultiplied sRGB,
/// transform lists by ``TransformListInterpolator``, geometry per component, anything else
/// discretely at 0.5 — the Web Animations "animation type" of each kind.
///
/// Results are written as plain numbers (``width`` of them) so that sampling moves no large
/// values around: a number is 1, a colour 4 (r, g, b, a), a transform 16 (CATransform3D order),
/// a point or size 2, a rect 4; a discrete value writes which end it shows (0 or 1).
/// ``value(at:)`` gives the same result as an ``AnimatedValue``.
///
/// A struct of plain fields rather than an enum of payloads: the sampling path reads it where
/// it is stored, and taking an enum's payload copies it first.
///
/// ```swift
/// let fade = ValueInterpolator(from: .number(0), to: .number(1), range: 0...1)
/// fade.value(at: 1.2)   // .number(1): clamped on the output
/// ```
package struct ValueInterpolator: Sendable {
    /// The animation type of the interval (which of the fields hold its ends).
    package enum Kind: UInt8, Sendable { case number, color, transform, point, size, rect, discrete }

    package let kind: Kind
    /// The two ends as up to four numbers (colours premultiplied).
    let from, to: SIMD4<Double>
    /// Output clamping for numbers (±∞ when the property has no range).
    let lower, upper: Double
    let transform: TransformListInterpolator?
    /// The same object, for calls without retain and release on the sampling path (`transform`
    /// keeps it alive).
    let transformReference: Unmanaged<TransformListInterpolator>?
    let ends: DiscreteEnds?

    /// The two values of a discrete interval, boxed: they are rarely sampled and large.
    final class DiscreteEnds: Sendable {
        let from, to: AnimatedValue
        init(_ from: AnimatedValue, _ to: AnimatedValue) { self.from = from; self.to = to }
    }

    package init(from a: AnimationValue, to b: AnimationValue, range: ClosedRange<Double>? = nil) {
        var kind = Kind.discrete
        var from = SIMD4<Double>(), to = SIMD4<Double>()
        var transform: TransformListInterpolator?
        var ends: DiscreteEnds?
        switch (Self.normalised(a), Self.normalised(b)) {
        case (.number(let x), .number(let y)):
            kind = .number; from.x = x; to.x = y
        case (.color(let x), .color(let y)):
            kind = .color; from = PremultipliedColor(x).channels; to = PremultipliedColor(y).channels
        case (.transform(let x), .transform(let y)):
            kind = .transform; transform = TransformListInterpolator(from: x, to: y)
        case (.point(let x), .point(let y)):
            kind = .point; from = SIMD4(x.x, x.y, 0, 0); to = SIMD4(y.x, y.y, 0, 0)
        case (.size(let x), .size(let y)):
            kind = .size; from = SIMD4(x.width, x.height, 0, 0); to = SIMD4(y.width, y.height, 0, 0)
        case (.rect(let x), .rect(let y)):
            kind = .rect; from = SIMD4(x.x, x.y, x.width, x.height); to = SIMD4(y.x, y.y, y.width, y.height)
        default:
            ends = DiscreteEnds(AnimatedValue(a), AnimatedValue(b))
            // CSS interpolates `visibility` between `visible` and another value as visible all the
            // way between the ends (not switching at 0.5): the end that is visible is kept in
            // `from.x` (NaN for every other discrete interval).
            from.x = .nan
            if case .discrete(.string(let x)) = a, case .discrete(.string(let y)) = b, (x == "visible") != (y == "visible"),
                Self.visibilityKeywords.contains(x), Self.visibilityKeywords.contains(y)
            {
                from.x = x == "visible" ? 0 : 1
            }
        }
        self.kind = kind
        self.from = from
        self.to = to
        lower = range?.lowerBound ?? -.infinity
        upper = range?.upperBound ?? .infinity
        self.transform = transform
        transformReference = transform.map { Unmanaged.passUnretained($0) }
        self.ends = ends
    }

    static let visibilityKeywords: Set<String> = ["visible", "hidden", "collapse"]

    /// A whole matrix is a one-function list, so it matches lists and other matrices alike.
    private static func normalised(_ value: AnimationValue) -> AnimationValue {
        guard case .matrix(let m) = value else { return value }
        return .transform([TransformFunction(name: "matrix3d", primitive: .matrix(m.m))])
    }

    /// How many numbers ``write(at:into:)`` writes.
    package var width: Int {
        switch kind {
        case .number, .discrete: 1
        case .color, .rect: 4
        case .transform: 16
        case .point, .size: 2
        }
    }

    /// Writes the value at `t` (0 = from, 1 = to; outside [0, 1] extrapolates) as numbers.
    package func write(at t: Double, into out: UnsafeMutablePointer<Double>) {
        withUnsafePointer(to: self) { Self.write($0, at: t, into: out) }
    }

    /// The sampling path: reads the interpolator where it is stored.
    @inline(__always)
    static func write(_ interpolator: UnsafePointer<ValueInterpolator>, at t: Double, into out: UnsafeMutablePointer<Double>) {
        let p = interpolator
        switch p.pointee.kind {
        case .number:
            let a = p.pointee.from.x, b = p.pointee.to.x
            out[0] = min(max(a + (b - a) * t, p.pointee.lower), p.pointee.upper)
        case .color:
            let c = PremultipliedColor.interpolate(p.pointee.from, p.pointee.to, at: t)
            out[0] = c.x; out[1] = c.y; out[2] = c.z; out[3] = c.w
        case .transform:
            p.pointee.transformReference.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.write(at: t, into: out) }
        case .point, .size:
            let a = p.pointee.from, b = p.pointee.to
            out[0] = a.x + (b.x - a.x) * t; out[1] = a.y + (b.y - a.y) * t
        case .rect:
            let v = p.pointee.from + (p.pointee.to - p.pointee.from) * t
            out[0] = v.x; out[1] = v.y; out[2] = v.z; out[3] = v.w
        case .discrete:
            let visible = p.pointee.from.x
            out[0] = visible.isNaN || t <= 0 || t >= 1 ? (t < 0.5 ? 0 : 1) : visible
        }
    }

    /// The value numbers written by ``write(at:into:)`` stand for.
    package func decode(_ numbers: UnsafePointer<Double>) -> AnimatedValue {
        switch kind {
        case .number: return .number(numbers[0])
        case .color: return .color(RGBAColor(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers[3]))
        case .transform: return .transform(Matrix4(numbers))
        case .point: return .point(Point(x: numbers[0], y: numbers[1]))
        case .size: return .size(Size(width: numbers[0], height: numbers[1]))
        case .rect: return .rect(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
        case .discrete: return numbers[0] < 0.5 ? ends!.from : ends!.to
        }
    }

    package func value(at t: Double) -> AnimatedValue {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { buffer in
            write(at: t, into: buffer.baseAddress!)
            return decode(buffer.baseAddress!)
        }
    }
}
