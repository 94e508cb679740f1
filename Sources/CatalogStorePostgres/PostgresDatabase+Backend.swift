import CatalogStoreCore

/// The PostgreSQL database as a ``CatalogBackend``.
extension PostgresDatabase: CatalogBackend {
    public var location: String { endpoint.description }
    public var isReadOnly: Bool { false }

    public var components: PostgresComponentStore { PostgresComponentStore(database: self) }
    public var objects: PostgresObjectStore { PostgresObjectStore(database: self) }
    public var properties: PostgresPropertyStore { PostgresPropertyStore(database: self) }
    public var types: PostgresTypeStore { PostgresTypeStore(database: self) }
    public var events: PostgresEventStore { PostgresEventStore(database: self) }
    public var applications: PostgresApplicationStore { PostgresApplicationStore(database: self) }
    public var snapshots: PostgresSnapshotStore { PostgresSnapshotStore(database: self) }

    public func migrationStatus() throws -> [MigrationRunner.Entry] {
        try PostgresMigrations(migrations: try PostgresMigrations.embedded()).status(session)
    }

    /// `VACUUM` of the store's tables; the database's size before and after, in bytes.
    public func reclaimSpace() throws -> (before: Int64, after: Int64) {
        func size() throws -> Int64 { try session.query("SELECT pg_database_size(current_database())").first?.integer(0) ?? 0 }
        let before = try size()
        try session.query("VACUUM")
        return (before, try size())
    }
}
