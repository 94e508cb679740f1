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
    /// The property's key, as the catalog stores it (`hyperlink.url`).
    public var name: String
    /// How a value set through this key belongs to the object.
    public var policy: AssociationPolicy

    /// A key named `name`, setting values with `policy`.
    public init(_ name: String, policy: AssociationPolicy = .retain) {
        self.name = name
        self.policy = policy
    }
}

/// A stored value whose type is not the one the key asks for.
///
/// ```swift
/// try catalog.set(AssociationKey<String>("title"), on: "label-1", to: "Hi")
/// try catalog.value(AssociationKey<Double>("title"), on: "label-1")   // throws: holds a string, not a Double
/// ```
public struct AssociationTypeMismatch: Error, Sendable, CustomStringConvertible {
    /// The property's key.
    package var key: String
    /// The object's id.
    package var object: String
    /// The type of the value it holds.
    package var stored: ValueType
    /// The Swift type the key asked for.
    package var expected: String
    /// What is stored and what was asked for.
    public var description: String {
        "property '\(key)' of '\(object)' holds a \(stored.rawValue), not a \(expected)"
    }
}
