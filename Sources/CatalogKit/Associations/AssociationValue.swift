import CatalogModel
import Foundation

/// A Swift type that can be stored as an associated property.
///
/// Conforming types convert to and from ``PropertyValue``; the built-in conformances cover
/// numbers, strings, booleans, URLs, colours, geometry, transforms, object references and JSON.
///
/// ```swift
/// extension Duration: AssociationValue { … }   // add your own
/// ```
public protocol AssociationValue: Sendable {
    init?(propertyValue: PropertyValue)
    var propertyValue: PropertyValue { get }
}

extension Double: AssociationValue {
    public init?(propertyValue: PropertyValue) {
        guard case .number(let n) = propertyValue else { return nil }
        self = n
    }
    public var propertyValue: PropertyValue { .number(self) }
}

extension Int: AssociationValue {
    public init?(propertyValue: PropertyValue) {
        guard case .number(let n) = propertyValue, let exact = Int(exactly: n) else { return nil }
        self = exact
    }
    public var propertyValue: PropertyValue { .number(Double(self)) }
}

extension String: AssociationValue {
    public init?(propertyValue: PropertyValue) {
        guard case .string(let s) = propertyValue else { return nil }
        self = s
    }
    public var propertyValue: PropertyValue { .string(self) }
}

extension Bool: AssociationValue {
    public init?(propertyValue: PropertyValue) {
        guard case .bool(let b) = propertyValue else { return nil }
        self = b
    }
    public var propertyValue: PropertyValue { .bool(self) }
}

extension URL: AssociationValue {
    public init?(propertyValue: PropertyValue) {
        guard case .url(let s) = propertyValue else { return nil }
        self.init(string: s)
    }
    public var propertyValue: PropertyValue { .url(absoluteString) }
}

extension RGBAColor: AssociationValue {
    public init?(propertyValue: PropertyValue) {
        guard case .color(let c) = propertyValue else { return nil }
        self = c
    }
    public var propertyValue: PropertyValue { .color(self) }
}

extension Point: AssociationValue {
    public init?(propertyValue: PropertyValue) {
        guard case .point(let p) = propertyValue else { return nil }
        self = p
    }
    public var propertyValue: PropertyValue { .point(self) }
}

extension Size: AssociationValue {
    public init?(propertyValue: PropertyValue) {
        guard case .size(let s) = propertyValue else { return nil }
        self = s
    }
    public var propertyValue: PropertyValue { .size(self) }
}

extension Rect: AssociationValue {
    public init?(propertyValue: PropertyValue) {
        guard case .rect(let r) = propertyValue else { return nil }
        self = r
    }
    public var propertyValue: PropertyValue { .rect(self) }
}

extension Transform3D: AssociationValue {
    public init?(propertyValue: PropertyValue) {
        guard case .transform(let t) = propertyValue else { return nil }
        self = t
    }
    public var propertyValue: PropertyValue { .transform(self) }
}

extension JSONValue: AssociationValue {
    public init?(propertyValue: PropertyValue) {
        guard case .json(let j) = propertyValue else { return nil }
        self = j
    }
    public var propertyValue: PropertyValue { .json(self) }
}

/// A reference to another object by id, for keys that hold objects.
///
/// ```swift
/// let placeholder = AssociationKey<ObjectReference>("placeholderLabel")   // retained child
/// ```
public struct ObjectReference: AssociationValue, Hashable {
    public var id: String
    public init(_ id: String) { self.id = id }
    public init?(propertyValue: PropertyValue) {
        guard case .object(let id) = propertyValue else { return nil }
        self.id = id
    }
    public var propertyValue: PropertyValue { .object(id) }
}
