import CatalogModel

/// A typed key for an associated property: the persistent `objc_setAssociatedObject` key.
///
/// The key's name is what is stored (`hyperlink.url`); its `Value` type and policy make every
/// read and write typed.
///
/// ```swift
/// let url = AssociationKey<URL>("hyperlink.url", policy: .copy)
/// try catalog.set(url, on: "label-1", to: URL(string: "https://swift.org"))
/// let read = try catalog.value(url, on: "label-1")   // URL?
/// ```
public struct AssociationKey<Value: AssociationValue>: Sendable, Hashable {
    public var name: String
    public var policy: AssociationPolicy

    public init(_ name: String, policy: AssociationPolicy = .retain) {
        self.name = name
        self.policy = policy
    }
}

/// A stored value whose type is not the one the key asks for.
public struct AssociationTypeMismatch: Error, Sendable, CustomStringConvertible {
    public var key: String
    public var object: String
    public var stored: ValueType
    public var expected: String
    public var description: String {
        "property '\(key)' of '\(object)' holds a \(stored.rawValue), not a \(expected)"
    }
}
