/// The types a property or a parameter can have.
///
/// Declared in definitions (`parameters: {duration: {type: number, …}}`) and recorded with every
/// associated property, so a value always reads back as what it was written as.
public enum ValueType: String, Sendable, Hashable, CaseIterable, Codable {
    case number, string, bool, url, color, point, size, rect, transform
    /// A reference to another object, written `@id`.
    case object
    /// Any JSON document, for values no other type describes.
    case json
}
