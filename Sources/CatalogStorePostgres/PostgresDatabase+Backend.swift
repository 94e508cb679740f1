import CatalogStoreCore

/// The PostgreSQL database as a ``CatalogBackend``.
extension PostgresDatabase: CatalogBackend {
    package var location: String { endpoint.description }
    package var isReadOnly: Bool { false }

    package var components: PostgresComponentStore { PostgresComponentStore(database: self) }
    package var objects: PostgresObjectStore { PostgresObjectStore(database: self) }
    package var properties: PostgresPropertyStore { PostgresPropertyStore(database: self) }
    package var types: PostgresTypeStore { PostgresTypeStore(database: self) }
    package var events: PostgresEventStore { PostgresEventStore(database: self) }
    package var applications: PostgresApplicationStore { PostgresApplicationStore(database: self) }
    package var snapshots: PostgresSnapshotStore { PostgresSnapshotStore(database: self) }

    package func migrationStatus() throws -> [MigrationRunner.Entry] {
        try PostgresMigrations(migrations: try PostgresMigrations.embedded()).status(session)
    }

    /// `VACUUM` of the store's tables; the database's size before and after, in bytes.
    package func reclaimSpace() throws -> (before: Int64, after: Int64) {
        func size() throws -> Int64 { try session.query("SELECT pg_database_size(current_database())").first?.integer(0) ?? 0 }
        let before = try size()
        try session.query("VACUUM")
        return (before, try size())
    }
}
