import CatalogEngine
import CatalogModel
import Foundation

/// Where browser engines interpolate keyframes other than the catalog's engine computes them,
/// found in the keyframes themselves before an exact export relies on them (docs/Engines.md).
///
/// - Transforms that interpolate through decomposed matrices (function lists that do not match
///   pair by pair): the engine and Chromium factor a 2D matrix as rotate·skew·scale and turn the
///   short way round; Firefox factors it in 3D and turns from one angle to the other as they
///   come (the long way when they are more than half a turn apart); WebKit keeps the skew in an
///   element-wise 2×2 remainder (CSS Transforms 1). They agree when neither end skews or
///   reflects and the ends' angles are less than half a turn apart.
/// - Two keyframe selectors one offset apart in single precision, which Firefox holds as one.
/// - A value outside a property's range in a Core Animation body: Core Animation (and Chromium)
///   interpolate it and clamp what shows; Firefox and WebKit clamp the keyframe first.
enum EngineAgreement {
    /// What departs when `from` → `to` interpolates, nil when every engine agrees.
    static func departure(transformFrom from: AnimationValue, to: AnimationValue) -> EngineDeparture? {
        guard let a = functions(from), let b = functions(to) else { return nil }
        for (p, q) in TransformListInterpolator(from: a, to: b).decomposedEnds {
            if let departure = departure(p, q) { return departure }
        }
        return nil
    }

    private static func functions(_ value: AnimationValue) -> [TransformFunction]? {
        switch value {
        case .transform(let list): list
        case .matrix(let m): [TransformFunction(name: "matrix3d", primitive: .matrix(m.m))]
        default: nil
        }
    }

    private static func departure(_ p: DecomposedTransform, _ q: DecomposedTransform) -> EngineDeparture? {
        let tolerance = 1e-9
        if isPlanar(p), isPlanar(q) {
            if abs(p.skew.x) > tolerance || abs(q.skew.x) > tolerance {
                return EngineDeparture(engines: .webkit, reason: "transform interpolates a skew through matrices")
            }
            if min(p.scale.x, p.scale.y, q.scale.x, q.scale.y) < 0 {
                return EngineDeparture(engines: [.firefox, .webkit], reason: "transform interpolates a reflection through matrices")
            }
            let turn = abs(angle(p) - angle(q))
            if turn >= .pi - tolerance {
                let degrees = (turn * 180 / .pi).formatted(.number.precision(.fractionLength(0)))
                return EngineDeparture(engines: .firefox, reason: "transform turns between matrices whose angles are \(degrees)° apart")
            }
            return nil
        }
        if (p.quaternion * q.quaternion).sum() < 0 {
            return EngineDeparture(engines: [.firefox, .webkit], reason: "transform slerps between rotations more than half a turn apart")
        }
        if min(p.scale.min(), q.scale.min()) < 0 {
            return EngineDeparture(engines: [.firefox, .webkit], reason: "transform interpolates a reflection through matrices")
        }
        return nil
    }

    /// A 2D decomposition: a rotation about z alone, nothing out of the plane.
    private static func isPlanar(_ d: DecomposedTransform) -> Bool {
        d.quaternion.x == 0 && d.quaternion.y == 0 && d.translate.z == 0 && d.scale.z == 1 && d.skew.y == 0 && d.skew.z == 0
            && d.perspective == SIMD4(0, 0, 0, 1)
    }

    /// The angle the decomposition found, in (−π, π].
    private static func angle(_ d: DecomposedTransform) -> Double { 2 * atan2(d.quaternion.z, d.quaternion.w) }

    /// What departs when two keyframes' offsets differ in double precision but not in single:
    /// Firefox holds a stylesheet's keyframe selectors as `float`, and there they are one
    /// offset (Web Animations offsets it keeps as written).
    static func departure(offsets: [Double], target: ExportTarget) -> EngineDeparture? {
        guard target == .css else { return nil }
        for (a, b) in zip(offsets, offsets.dropFirst()) where a < b && Float(a) == Float(b) {
            return EngineDeparture(
                engines: .firefox, reason: "keyframes at offsets \(CSSNumber.text(a)) and \(CSSNumber.text(b)) are one offset in single precision")
        }
        return nil
    }

    /// What departs for a Core Animation value outside the property's range.
    static func departure(value: AnimationValue, property: AnimatableProperty) -> EngineDeparture? {
        guard case .number(let n) = value, let range = property.range, !range.contains(n) else { return nil }
        return EngineDeparture(
            engines: [.firefox, .webkit],
            reason:
                "\(property.name) \(CSSNumber.text(n)) is outside \(CSSNumber.text(range.lowerBound))…\(CSSNumber.text(range.upperBound)), which Core Animation interpolates before clamping"
        )
    }
}
