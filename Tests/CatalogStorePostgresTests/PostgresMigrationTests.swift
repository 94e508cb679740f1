import CatalogStore
import CatalogStorePostgres
import Foundation
import TestSupport
import Testing

/// `Migrations/postgres/` on a real server: applied once, in order, with their checksums; the
/// same refusals as SQLite's; and several machines opening one new database at once apply each
/// migration exactly once (the advisory lock).
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

    @Test func aChangedAppliedFileAGapAndANewerDatabaseAreRefused() throws {
        let (server, url) = try newDatabase()
        _ = try PostgresDatabase(url: url)
        var changed = try PostgresMigrations.embedded()
        changed[0].sql += "\n-- edited"
        #expect { _ = try PostgresDatabase(url: url, migrations: changed) } throws: { error in
            "\(error)".contains("Migrations/postgres/0001_initial.sql changed after it was applied")
        }
        let gap = try PostgresMigrations.embedded() + [try Migration(fileName: "0003_later.sql", sql: "SELECT 1")]
        #expect { _ = try PostgresDatabase(url: url, migrations: gap) } throws: { error in
            "\(error)".contains("Migrations/postgres/ has no file for version 0002")
        }
        let name = url.split(separator: "/").last.map(String.init)!
        try server.psql("INSERT INTO schema_migration VALUES (99, '0099_future.sql', 'x', 'now')", database: name)
        #expect { _ = try PostgresDatabase(url: url) } throws: { error in "\(error)".contains("migrated by a newer build") }
    }

    @Test func aFailingMigrationRollsBackAlone() throws {
        let (server, url) = try newDatabase()
        let broken = try PostgresMigrations.embedded() + [try Migration(fileName: "0002_broken.sql", sql: "CREATE TABLE half (x int);\nSELECT no_such_column FROM half;")]
        #expect { _ = try PostgresDatabase(url: url, migrations: broken) } throws: { error in
            "\(error)".contains("migration 0002_broken.sql failed and was rolled back; the database stays at version 1")
        }
        let name = url.split(separator: "/").last.map(String.init)!
        #expect(try server.psql("SELECT to_regclass('half') IS NULL", database: name) == "t")
        #expect(try server.psql("SELECT max(version) FROM schema_migration", database: name) == "1")
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
final class ErrorList: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [any Error] = []
    func append(_ error: any Error) { lock.withLock { list.append(error) } }
    var errors: [any Error] { lock.withLock { list } }
}
