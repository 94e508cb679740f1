import CatalogModel

/// A Swift type whose instances have associated properties that survive a restart.
///
/// Adopt it by giving a stable id and the catalog to store in; extensions can then declare
/// "stored properties" backed by ``AssociationKey``s — the seeds' associated-object pattern,
/// made persistent. The object is created in the catalog on first write.
///
/// ```swift
/// struct ProfileCell: PersistentObject {
///     static let persistentType = "cell"
///     let persistentID: String
///     let catalog: Catalog
/// }
///
/// extension ProfileCell {
///     static let highlightColor = AssociationKey<RGBAColor>("profile.highlightColor")
///     var highlightColor: RGBAColor? { get throws { try value(Self.highlightColor) } }
///     func setHighlightColor(_ color: RGBAColor?) throws { try set(Self.highlightColor, to: color) }
/// }
/// ```
public protocol PersistentObject {
    /// The object's id in the catalog: stable across launches (`cell-42`).
    var persistentID: String { get }
    /// The object type recorded when the object is first created (`cell`, `label`, …).
    static var persistentType: String { get }
    /// Where the properties live.
    var catalog: Catalog { get }
}

extension PersistentObject {
    /// Reads an associated property (nil when absent).
    public func value<Value>(_ key: AssociationKey<Value>) throws -> Value? {
        guard try catalog.database.objects.get(persistentID) != nil else { return nil }
        return try catalog.value(key, on: persistentID)
    }

    /// Writes (nil removes) an associated property, creating the object on first use.
    public func set<Value>(_ key: AssociationKey<Value>, to value: Value?) throws {
        try register()
        try catalog.set(key, on: persistentID, to: value)
    }

    /// Removes all of this object's associated properties.
    public func removeAllAssociations() throws {
        guard try catalog.database.objects.get(persistentID) != nil else { return }
        try catalog.removeAll(on: persistentID)
    }

    /// Creates the object in the catalog if it is not there yet.
    public func register() throws {
        if try catalog.database.objects.get(persistentID) == nil {
            do {
                try catalog.database.objects.add(id: persistentID, type: Self.persistentType)
            } catch StoreError.objectExists {
                // Created concurrently by another handle: fine.
            }
        }
    }
}
