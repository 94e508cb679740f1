import CatalogModel
import Foundation

/// A Swift type that can be stored as an associated property.
///
/// Conforming types convert to and from ``PropertyValue``; the built-in conformances cover
/// numbers, strings, booleans, URLs, colours, geometry, transforms, object references and JSON.
///
/// ```swift
/// extension Duration: @retroactive AssociationValue {   // your own: a duration kept as seconds
///     public init?(propertyValue: PropertyValue) {
///         guard case .number(let seconds) = propertyValue else { return nil }
///         self = .nanoseconds(Int64((seconds * 1e9).rounded()))
///     }
///     public var propertyValue: PropertyValue { .number(Double(components.seconds) + Double(components.attoseconds) * 1e-18) }
/// }
/// ```
public protocol AssociationValue: Sendable {
    /// The Swift value a stored value holds; nil when it is of another type (reading it through
    /// the key then throws ``AssociationTypeMismatch``).
    init?(propertyValue: PropertyValue)
    /// The value as the catalog stores it.
    var propertyValue: PropertyValue { get }
}

extension Double: AssociationValue {
    /// Reads a number: a stored `.number`.
    public init?(propertyValue: PropertyValue) {
        guard case .number(let n) = propertyValue else { return nil }
        self = n
    }
    /// Stores a number as `.number`.
    public var propertyValue: PropertyValue { .number(self) }
}

extension Int: AssociationValue {
    /// Reads a whole number (2.5 does not read as an `Int`): a stored `.number`.
    public init?(propertyValue: PropertyValue) {
        guard case .number(let n) = propertyValue, let exact = Int(exactly: n) else { return nil }
        self = exact
    }
    /// Stores a whole number as `.number`.
    public var propertyValue: PropertyValue { .number(Double(self)) }
}

extension String: AssociationValue {
    /// Reads text: a stored `.string`.
    public init?(propertyValue: PropertyValue) {
        guard case .string(let s) = propertyValue else { return nil }
        self = s
    }
    /// Stores text as `.string`.
    public var propertyValue: PropertyValue { .string(self) }
}

extension Bool: AssociationValue {
    /// Reads a boolean: a stored `.bool`.
    public init?(propertyValue: PropertyValue) {
        guard case .bool(let b) = propertyValue else { return nil }
        self = b
    }
    /// Stores a boolean as `.bool`.
    public var propertyValue: PropertyValue { .bool(self) }
}

extension URL: AssociationValue {
    /// Reads a URL, kept as its absolute string: a stored `.url`.
    public init?(propertyValue: PropertyValue) {
        guard case .url(let s) = propertyValue else { return nil }
        self.init(string: s)
    }
    /// Stores a URL, kept as its absolute string as `.url`.
    public var propertyValue: PropertyValue { .url(absoluteString) }
}

extension RGBAColor: AssociationValue {
    /// Reads a colour: a stored `.color`.
    public init?(propertyValue: PropertyValue) {
        guard case .color(let c) = propertyValue else { return nil }
        self = c
    }
    /// Stores a colour as `.color`.
    public var propertyValue: PropertyValue { .color(self) }
}

extension Point: AssociationValue {
    /// Reads a point: a stored `.point`.
    public init?(propertyValue: PropertyValue) {
        guard case .point(let p) = propertyValue else { return nil }
        self = p
    }
    /// Stores a point as `.point`.
    public var propertyValue: PropertyValue { .point(self) }
}

extension Size: AssociationValue {
    /// Reads a size: a stored `.size`.
    public init?(propertyValue: PropertyValue) {
        guard case .size(let s) = propertyValue else { return nil }
        self = s
    }
    /// Stores a size as `.size`.
    public var propertyValue: PropertyValue { .size(self) }
}

extension Rect: AssociationValue {
    /// Reads a rect: a stored `.rect`.
    public init?(propertyValue: PropertyValue) {
        guard case .rect(let r) = propertyValue else { return nil }
        self = r
    }
    /// Stores a rect as `.rect`.
    public var propertyValue: PropertyValue { .rect(self) }
}

extension Transform3D: AssociationValue {
    /// Reads a transform: a stored `.transform`.
    public init?(propertyValue: PropertyValue) {
        guard case .transform(let t) = propertyValue else { return nil }
        self = t
    }
    /// Stores a transform as `.transform`.
    public var propertyValue: PropertyValue { .transform(self) }
}

extension JSONValue: AssociationValue {
    /// Reads a JSON document: a stored `.json`.
    public init?(propertyValue: PropertyValue) {
        guard case .json(let j) = propertyValue else { return nil }
        self = j
    }
    /// Stores a JSON document as `.json`.
    public var propertyValue: PropertyValue { .json(self) }
}

/// A reference to another object by id, for keys that hold objects.
///
/// ```swift
/// let placeholder = AssociationKey<ObjectReference>("placeholderLabel")   // retained child
/// ```
public struct ObjectReference: AssociationValue, Hashable {
    /// The referenced object's id.
    public var id: String
    /// A reference to the object `id`.
    public init(_ id: String) { self.id = id }
    /// Reads a stored object reference (`@id`).
    public init?(propertyValue: PropertyValue) {
        guard case .object(let id) = propertyValue else { return nil }
        self.id = id
    }
    /// Stores the reference as `.object(id)`; its key's policy says whether it keeps the object alive.
    public var propertyValue: PropertyValue { .object(id) }
}
