import CatalogModel
import CatalogStore
import CatalogStorePostgres
import Foundation
import GRDB
import TestSupport

/// A database to migrate, on either backend, for the migration rules' one suite: the
/// backend's own runner and files, and what a test needs to look at afterwards.
struct MigrationTarget {
    let backend: StoreBackend
    let location: String

    init(_ backend: StoreBackend, in folder: TemporaryFolder) throws {
        self.backend = backend
        location = try backend.location(in: folder)
    }

    /// This build's migrations for the backend.
    func embedded() throws -> [Migration] {
        switch backend {
        case .sqlite: try Migration.embedded()
        case .postgres: try PostgresMigrations.embedded()
        }
    }

    /// Where the backend's files live, as messages name them.
    var folder: String { backend == .sqlite ? "Migrations/sqlite" : "Migrations/postgres" }

    func migrate(_ migrations: [Migration]) throws {
        switch backend {
        case .sqlite: try MigrationRunner(migrations: migrations).migrate(try DatabasePool(path: location))
        case .postgres: try PostgresMigrations(migrations: migrations).migrate(try PostgresSession(endpoint: try PostgresEndpoint(url: location)))
        }
    }

    /// The versions recorded as applied.
    func appliedVersions() throws -> [Int] {
        try rows("SELECT version FROM schema_migration ORDER BY version").compactMap { Int($0) }
    }

    func tableExists(_ name: String) throws -> Bool {
        switch backend {
        case .sqlite: return try DatabaseQueue(path: location).read { db in try db.tableExists(name) }
        case .postgres: return try rows("SELECT to_regclass('\(name)') IS NOT NULL") == ["true"]
        }
    }

    /// The tables and the migration history: what "nothing was written" compares.
    func contents() throws -> [String] {
        let tables =
            backend == .sqlite
            ? try rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            : try rows("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
        return tables + (try rows("SELECT version || ' ' || name || ' ' || checksum FROM schema_migration ORDER BY version"))
    }

    /// The first column of each row, as text.
    private func rows(_ sql: String) throws -> [String] {
        switch backend {
        case .sqlite:
            return try DatabaseQueue(path: location).read { db in try Row.fetchAll(db, sql: sql).map { "\($0[0] as DatabaseValue)" } }
        case .postgres:
            let session = try PostgresSession(endpoint: try PostgresEndpoint(url: location))
            return try session.query(sql).map { row in
                switch try row.values()[0] {
                case .text(let text): text
                case .integer(let number): String(number)
                case .bool(let flag): String(flag)
                case .real(let number): String(number)
                case .null: "NULL"
                }
            }
        }
    }
}
