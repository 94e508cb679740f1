import CatalogModel
import Foundation

/// Reading and writing the part of a property a sub key path names, as Core Animation's
/// key-value coding extensions do: `position.x` is a point's x; `transform.scale`,
/// `transform.rotation.z` and `transform.translation.x` are components of the transform's
/// decomposition (setting one keeps the others).
///
/// ```swift
/// let base = AnimatedValue.transform(.identity)
/// AnimationKeyPath.Component.scale.setting(.number(0.8), in: base)   // a uniform 0.8 scale
/// ```
extension AnimationKeyPath.Component {
    /// The component's current value inside `base`.
    package func value(in base: AnimatedValue) -> AnimatedValue {
        switch (self, base) {
        case (.whole, _): return base
        case (.pointX, .point(let p)): return .number(p.x)
        case (.pointY, .point(let p)): return .number(p.y)
        case (.sizeWidth, .rect(let r)): return .number(r.width)
        case (.sizeHeight, .rect(let r)): return .number(r.height)
        case (.rectOrigin, .rect(let r)): return .point(Point(x: r.x, y: r.y))
        case (.rectSize, .rect(let r)): return .size(Size(width: r.width, height: r.height))
        case (_, .transform(let m)):
            let d = DecomposedTransform(m) ?? DecomposedTransform()
            switch self {
            // Apple: transform.scale reads as the average of the three scale factors.
            case .scale: return .number((d.scale.x + d.scale.y + d.scale.z) / 3)
            case .scaleX: return .number(d.scale.x)
            case .scaleY: return .number(d.scale.y)
            case .scaleZ: return .number(d.scale.z)
            case .rotationX: return .number(Self.angle(d.quaternion, axis: 0))
            case .rotationY: return .number(Self.angle(d.quaternion, axis: 1))
            case .rotationZ: return .number(Self.angle(d.quaternion, axis: 2))
            case .translation: return .size(Size(width: d.translate.x, height: d.translate.y))
            case .translationX: return .number(d.translate.x)
            case .translationY: return .number(d.translate.y)
            case .translationZ: return .number(d.translate.z)
            default: return .number(0)
            }
        default: return base
        }
    }

    /// `base` with this component replaced by `value`.
    package func setting(_ value: AnimatedValue, in base: AnimatedValue) -> AnimatedValue {
        // The usual cases first, without the tuple below (a copy of both 130-byte values): the
        // whole value, and a component over the identity (by far the usual base), built directly.
        if case .whole = self { return value }
        if case .transform(let m) = base, m == .identity, let direct = direct(value) { return .transform(direct) }
        switch (self, base, value) {
        case (.pointX, .point(let p), .number(let x)): return .point(Point(x: x, y: p.y))
        case (.pointY, .point(let p), .number(let y)): return .point(Point(x: p.x, y: y))
        case (.sizeWidth, .rect(let r), .number(let w)): return .rect(Rect(x: r.x, y: r.y, width: w, height: r.height))
        case (.sizeHeight, .rect(let r), .number(let h)): return .rect(Rect(x: r.x, y: r.y, width: r.width, height: h))
        case (.rectOrigin, .rect(let r), .point(let o)): return .rect(Rect(x: o.x, y: o.y, width: r.width, height: r.height))
        case (.rectSize, .rect(let r), .size(let s)): return .rect(Rect(x: r.x, y: r.y, width: s.width, height: s.height))
        case (_, .transform(let m), _):
            var d = DecomposedTransform(m) ?? DecomposedTransform()
            switch (self, value) {
            case (.scale, .number(let s)): d.scale = SIMD3(s, s, s)
            case (.scaleX, .number(let s)): d.scale.x = s
            case (.scaleY, .number(let s)): d.scale.y = s
            case (.scaleZ, .number(let s)): d.scale.z = s
            case (.rotationX, .number(let a)): d.quaternion = SIMD4(sin(a / 2), 0, 0, cos(a / 2))
            case (.rotationY, .number(let a)): d.quaternion = SIMD4(0, sin(a / 2), 0, cos(a / 2))
            case (.rotationZ, .number(let a)): d.quaternion = SIMD4(0, 0, sin(a / 2), cos(a / 2))
            case (.translation, .size(let s)): d.translate.x = s.width; d.translate.y = s.height
            case (.translationX, .number(let t)): d.translate.x = t
            case (.translationY, .number(let t)): d.translate.y = t
            case (.translationZ, .number(let t)): d.translate.z = t
            default: return base
            }
            return .transform(d.matrix)
        default: return base
        }
    }

    /// The component's value as a transform on its own (what it gives over an identity base).
    private func direct(_ value: AnimatedValue) -> Matrix4? {
        switch (self, value) {
        case (.scale, .number(let s)): .scale(s, s, s)
        case (.scaleX, .number(let s)): .scale(s, 1, 1)
        case (.scaleY, .number(let s)): .scale(1, s, 1)
        case (.scaleZ, .number(let s)): .scale(1, 1, s)
        case (.rotationX, .number(let a)): .rotation(x: 1, y: 0, z: 0, angle: a)
        case (.rotationY, .number(let a)): .rotation(x: 0, y: 1, z: 0, angle: a)
        case (.rotationZ, .number(let a)): .rotation(x: 0, y: 0, z: 1, angle: a)
        case (.translation, .size(let s)): .translation(s.width, s.height, 0)
        case (.translationX, .number(let t)): .translation(t, 0, 0)
        case (.translationY, .number(let t)): .translation(0, t, 0)
        case (.translationZ, .number(let t)): .translation(0, 0, t)
        default: nil
        }
    }

    /// The angle of a rotation about one axis, from its quaternion (0 when it turns about another).
    private static func angle(_ q: SIMD4<Double>, axis: Int) -> Double {
        let component = axis == 0 ? q.x : axis == 1 ? q.y : q.z
        return 2 * atan2(component, q.w)
    }
}

extension AnimationValue {
    /// The model form of an engine value (a transform as a whole matrix).
    package init(_ value: AnimatedValue) {
        switch value {
        case .number(let n): self = .number(n)
        case .color(let c): self = .color(c)
        case .transform(let m): self = .matrix(m.transform3D)
        case .point(let p): self = .point(p)
        case .size(let s): self = .size(s)
        case .rect(let r): self = .rect(r)
        case .discrete(let v): self = .discrete(v)
        }
    }
}
