import CatalogModel
import CatalogStoreCore

/// The SQLite file as a ``CatalogBackend``: its repositories are the stores.
extension CatalogDatabase: CatalogBackend {
    package var location: String { path }

    package func migrationStatus() throws -> [MigrationRunner.Entry] {
        try MigrationRunner(migrations: try Migration.embedded()).status(pool)
    }
}

extension ComponentRepository: ComponentStore {}
extension ObjectRepository: ObjectStore {}
extension PropertyRepository: PropertyStore {}
extension ObjectTypeRepository: ObjectTypeStore {}
extension ApplicationRepository: ApplicationStore {}
extension SnapshotRepository: SnapshotStore {}

extension EventLog: EventStore {
    package func follow(since: Int64, object: String?, batchEnd: () -> Void, stopped: () -> Bool, _ body: (Int64, String) throws -> Bool) throws {
        try follow(since: since, object: object, interval: 0.005, batchEnd: batchEnd, stopped: stopped, body)
    }
}
