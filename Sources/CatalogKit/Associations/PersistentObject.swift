import CatalogModel
internal import CatalogStore

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
    /// Reads an associated property (nil when absent, also before the object's first write).
    public func value<Value>(_ key: AssociationKey<Value>) throws -> Value? {
        do {
            return try catalog.value(key, on: persistentID)  // stays on the cached path
        } catch StoreError.unknownObject {
            return nil
        }
    }

    /// Writes (nil removes) an associated property, creating the object on first use.
    public func set<Value>(_ key: AssociationKey<Value>, to value: Value?) throws {
        do {
            try catalog.set(key, on: persistentID, to: value)
        } catch StoreError.unknownObject(let id) where id == persistentID {
            try register()  // first write: create the object, then set
            try catalog.set(key, on: persistentID, to: value)
        }
    }

    /// Removes all of this object's associated properties.
    public func removeAllAssociations() throws {
        do {
            try catalog.removeAll(on: persistentID)
        } catch StoreError.unknownObject {
            // Never written: nothing to remove.
        }
    }

    /// Creates the object in the catalog if it is not there yet.
    public func register() throws {
        do {
            try catalog.database.objects.add(id: persistentID, type: Self.persistentType)
        } catch StoreError.objectExists {
            // Already there (earlier run, or another handle): fine.
        }
    }
}
