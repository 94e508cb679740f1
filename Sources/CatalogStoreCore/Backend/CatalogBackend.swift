import CatalogModel

/// What a catalog is stored in — a SQLite file (``CatalogDatabase``) or a PostgreSQL database
/// (`CatalogStorePostgres`) — seen through the same stores, so that everything above (the
/// scene, replay, verification, the command line) runs unchanged on either.
///
/// Every change goes through a store and commits together with its event rows.
///
/// ```swift
/// let backend: any CatalogBackend = try CatalogDatabase(path: "/tmp/catalog.sqlite")
/// try backend.objects.add(id: "cell-1", type: "cell")
/// try backend.events.lastSeq()   // 1
/// ```
package protocol CatalogBackend: AnyObject, Sendable {
    /// Where the store is, as messages show it: a file path, or a URL without its password.
    var location: String { get }
    /// True when this handle may only read (a read-only file, a read-only role).
    var isReadOnly: Bool { get }

    // Associated types, not existentials: a backend's own type keeps its concrete stores (and
    // their backend-specific extras), while `any CatalogBackend` hands out `any ComponentStore`.
    associatedtype Components: ComponentStore
    associatedtype Objects: ObjectStore
    associatedtype Properties: PropertyStore
    associatedtype Types: ObjectTypeStore
    associatedtype Events: EventStore
    associatedtype Applications: ApplicationStore
    associatedtype Snapshots: SnapshotStore

    var components: Components { get }
    var objects: Objects { get }
    var properties: Properties { get }
    var types: Types { get }
    var events: Events { get }
    var applications: Applications { get }
    var snapshots: Snapshots { get }

    /// Runs `body` — an operation's reads, checks and writes through the stores of the handle it
    /// is given — in one transaction that excludes other writers from its first read to its
    /// commit; its changes commit together or not at all. The handle must not outlive `body`.
    func transaction<T>(_ body: (Self) throws -> T) throws -> T
    /// Runs `body` — any number of changes through the stores of the handle it is given — in one
    /// transaction: each change still commits with its event rows, but all together or not at all.
    func batch<T>(_ body: (Self) throws -> T) throws -> T
    /// Every migration of this backend, with the time it was applied (nil while pending).
    func migrationStatus() throws -> [MigrationRunner.Entry]
    /// Gives the space of deleted rows back (`VACUUM`); the size before and after, in bytes.
    func reclaimSpace() throws -> (before: Int64, after: Int64)
}
