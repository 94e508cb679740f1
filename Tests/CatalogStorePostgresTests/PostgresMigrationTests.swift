import CatalogStore
import CatalogStorePostgres
import Foundation
import TestSupport
import Testing
import Synchronization

/// `Migrations/postgres/` on a real server: applied once, in order, with their checksums, and
/// several machines opening one new database at once apply each migration exactly once (the
/// advisory lock). The refusals (changed, missing, newer, failing) are the store's migration
/// suite, run on both backends (`MigrationTests` in CatalogStoreTests).
struct PostgresMigrationTests {
    private func newDatabase() throws -> (PostgresServer, String) {
        let server = try PostgresServer.shared()
        return (server, server.url(database: try server.createDatabase()))
    }

    @Test func aNewDatabaseIsMigratedOnceAndOpeningAgainChangesNothing() throws {
        let (server, url) = try newDatabase()
        let database = try PostgresDatabase(url: url)
        let migrations = try PostgresMigrations.embedded()
        let status = try PostgresMigrations(migrations: migrations).status(database.session)
        #expect(status.map(\.migration.fileName) == migrations.map(\.fileName))
        #expect(status.allSatisfy { $0.appliedAt != nil })
        let name = url.split(separator: "/").last.map(String.init)!
        let recorded = try server.psql("SELECT version || ':' || checksum FROM schema_migration ORDER BY version", database: name)
        #expect(recorded == migrations.map { "\($0.version):\($0.checksum)" }.joined(separator: "\n"))
        _ = try PostgresDatabase(url: url)
        #expect(try server.psql("SELECT count(*) FROM schema_migration", database: name) == String(migrations.count))
    }

    @Test func eightMachinesOpeningOneNewDatabaseApplyEachMigrationOnce() throws {
        let (server, url) = try newDatabase()
        let failures = ErrorList()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do { _ = try PostgresDatabase(url: url) } catch { failures.append(error) }
        }
        #expect(failures.errors.isEmpty, "\(failures.errors)")
        let name = url.split(separator: "/").last.map(String.init)!
        #expect(try server.psql("SELECT count(*) FROM schema_migration", database: name) == String(try PostgresMigrations.embedded().count))
    }
}

/// Errors gathered from several threads.
final class ErrorList: Sendable {
    private let list = Mutex<[any Error]>([])
    func append(_ error: any Error) { list.withLock { $0.append(error) } }
    var errors: [any Error] { list.withLock { $0 } }
}
