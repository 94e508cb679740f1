/// The types a property or a parameter can have.
///
/// Declared in definitions (`parameters: {duration: {type: number, …}}`) and recorded with every
/// associated property, so a value always reads back as what it was written as.
///
/// ```swift
/// try PropertyValue(json: [1, 0, 0, 1], as: .color)   // .color(RGBAColor(red: 1, green: 0, blue: 0))
/// ```
public enum ValueType: String, Sendable, Hashable, CaseIterable, Codable {
    /// A number.
    case number
    /// Text.
    case string
    /// `true` or `false`.
    case bool
    /// An absolute URL.
    case url
    /// A colour: CSS colour syntax in, `[r, g, b, a]` out.
    case color
    /// `x,y`.
    case point
    /// `w,h`.
    case size
    /// `x,y,w,h`.
    case rect
    /// A CSS transform list in, 16 numbers out.
    case transform
    /// A reference to another object, written `@id`.
    case object
    /// Any JSON document, for values no other type describes.
    case json
}
