/// A value a keyframe or an animation gives a property, parsed and in canonical units (px,
/// radians, colour channels 0…1). The engine interpolates these; the model only holds them.
///
/// ```swift
/// let value = try AnimationValue(css: "rotate(90deg)", for: .transform)
/// // .transform([TransformFunction(name: "rotate", primitive: .rotate(x: 0, y: 0, z: 1, angle: π/2))])
/// ```
package enum AnimationValue: Sendable, Hashable {
    /// A number.
    case number(Double)
    /// A colour.
    case color(RGBAColor)
    /// A CSS transform-function list; empty is `none`.
    case transform([TransformFunction])
    /// A complete 4×4 transform (Core Animation `CATransform3D` values), interpolated by decomposition.
    case matrix(Transform3D)
    /// A point.
    case point(Point)
    /// A size.
    case size(Size)
    /// A rect.
    case rect(Rect)
    /// A value that does not interpolate (strings, booleans, URLs): it switches at progress 0.5.
    case discrete(PropertyValue)

    /// Reads a CSS value string for a property of the given kind; percentages and lengths that
    /// are a share of the reference box resolve against `box`.
    package init(css text: String, for kind: AnimatableProperty.ValueKind, box: ReferenceBox? = nil) throws(CSSValueError) {
        switch kind {
        case .number:
            guard let (value, unit) = CSSSyntax.dimension(Substring(text)), unit.isEmpty || unit == "%" else {
                throw CSSValueError("\"\(text)\" is not a number")
            }
            self = .number(unit == "%" ? value / 100 : value)
        case .length:
            guard let (value, unit) = CSSSyntax.dimension(Substring(text)), unit == "px" || (unit.isEmpty && value == 0) else {
                throw CSSValueError("\"\(text)\" is not a length in px")
            }
            self = .number(value)
        case .color: self = .color(try RGBAColor(css: text))
        case .transform: self = .transform(try TransformFunction.list(css: text, box: box))
        case .point:
            // The one point a CSS property gives: `transform-origin`, as Core Animation's anchorPoint.
            self = .point(try TransformOrigin.point(css: text, box: box))
        case .size, .rect:
            throw CSSValueError("geometry values are numbers, not CSS text")
        case .discrete: self = .discrete(.string(text))
        }
    }
}
