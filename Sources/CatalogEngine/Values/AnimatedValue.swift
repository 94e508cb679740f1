import CatalogModel

/// A property's value as sampled: what the engine hands out, fixed-size for the common kinds
/// so that sampling allocates nothing.
///
/// ```swift
/// AnimatedValue.number(0.5).propertyValue.jsonValue   // 0.5
/// ```
package enum AnimatedValue: Sendable, Hashable {
    /// A number (opacity, a length).
    case number(Double)
    /// A colour, clamped to 0…1 per channel.
    case color(RGBAColor)
    /// A transform, as the matrix it resolves to.
    case transform(Matrix4)
    /// A point.
    case point(Point)
    /// A size.
    case size(Size)
    /// A rect.
    case rect(Rect)
    /// A value of a property that does not interpolate, as the model holds it.
    case discrete(PropertyValue)

    /// The same value as a model ``PropertyValue`` (transforms as 16 numbers, colours as
    /// `[r, g, b, a]`), the encoding `catalog sample` prints.
    package var propertyValue: PropertyValue {
        switch self {
        case .number(let n): .number(n)
        case .color(let c): .color(c)
        case .transform(let m): .transform(m.transform3D)
        case .point(let p): .point(p)
        case .size(let s): .size(s)
        case .rect(let r): .rect(r)
        case .discrete(let v): v
        }
    }

    /// The engine's form of a model value.
    package init(_ value: AnimationValue) {
        switch value {
        case .number(let n): self = .number(n)
        case .color(let c): self = .color(c)
        case .transform(let functions): self = .transform(Matrix4(functions))
        case .matrix(let m): self = .transform(Matrix4(m))
        case .point(let p): self = .point(p)
        case .size(let s): self = .size(s)
        case .rect(let r): self = .rect(r)
        case .discrete(let v): self = .discrete(v)
        }
    }
}
