import CatalogModel
import Foundation
import GRDB

/// Applies `Migrations/` to a database, each file in its own transaction with its history row.
///
/// Refuses, before writing anything: a gap in the files (a migration missing from this build),
/// an applied file whose content changed, and a database written by a newer build. A migration
/// that fails rolls back alone, leaving the previous version intact. Transactions are IMMEDIATE,
/// so when several processes migrate one new file at once each migration runs exactly once.
///
/// ```swift
/// let runner = MigrationRunner(migrations: try Migration.embedded())
/// try runner.migrate(pool)
/// for entry in try runner.status(pool) { print(entry.migration.fileName, entry.appliedAt ?? "pending") }
/// ```
public struct MigrationRunner: Sendable {
    public var migrations: [Migration]
    /// Where the files live in the repository, for messages (`Migrations/sqlite`).
    public var folder: String

    public init(migrations: [Migration], folder: String = "Migrations/sqlite") {
        self.migrations = migrations.sorted { $0.version < $1.version }
        self.folder = folder
    }

    /// A migration and, if applied, when.
    public typealias Entry = MigrationEntry

    /// A history row.
    package struct Applied: Sendable {
        package var version: Int
        package var name: String
        package var checksum: String

        package init(version: Int, name: String, checksum: String) {
            self.version = version
            self.name = name
            self.checksum = checksum
        }
    }

    static let historyTable = """
        CREATE TABLE IF NOT EXISTS schema_migration (
            version     INTEGER PRIMARY KEY,
            name        TEXT NOT NULL,
            checksum    TEXT NOT NULL,
            applied_at  TEXT NOT NULL
        )
        """

    /// Applies every pending migration, in order.
    public func migrate(_ writer: some DatabaseWriter) throws {
        try checkFiles()
        // Validate against what is recorded before writing anything at all.
        let applied = try writer.read { db in try Self.appliedRows(db) }
        // Up to date (every open after the first): no write transaction, so opening a catalog
        // never queues behind another process's writes.
        for migration in try pending(after: applied) {
            try writer.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try db.execute(sql: Self.historyTable)
                    let applied = try Self.appliedRows(db)
                    // Another process may have moved on meanwhile.
                    guard try pending(after: applied).contains(migration) else { return .commit }
                    do {
                        try db.execute(sql: migration.sql)
                    } catch {
                        throw Self.failure(of: migration, applied: applied, error)
                    }
                    try db.execute(
                        sql: "INSERT INTO schema_migration (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
                        arguments: [migration.version, migration.fileName, migration.checksum, Self.timestamp()])
                    return .commit
                }
            }
        }
    }

    /// True when every migration is applied and the recorded ones match their files: what a
    /// read-only open needs, since it cannot migrate. Throws as ``migrate(_:)`` does for a
    /// changed file or a newer database.
    public func isCurrent(_ reader: some DatabaseReader) throws -> Bool {
        try checkFiles()
        return try pending(after: try reader.read { db in try Self.appliedRows(db) }).isEmpty
    }

    /// Every known migration with its applied time, or nil while pending.
    public func status(_ reader: some DatabaseReader) throws -> [Entry] {
        try checkFiles()
        let applied = try reader.read { db -> [Int: String] in
            guard try db.tableExists("schema_migration") else { return [:] }
            return Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT version, applied_at FROM schema_migration")
                .map { ($0[0] as Int, $0[1] as String) })
        }
        return migrations.map { Entry(migration: $0, appliedAt: applied[$0.version]) }
    }

    /// Versions must run 1, 2, 3, … without holes.
    package func checkFiles() throws {
        for (index, migration) in migrations.enumerated() where migration.version != index + 1 {
            throw StoreError.migration(
                "\(folder)/ has no file for version \(String(format: "%04d", index + 1)) (next file is \(migration.fileName)): restore the missing migration; never renumber applied ones")
        }
    }

    /// This build's migrations that `applied` does not hold, once every applied one is
    /// checked (``validate(_:)``): what a migration run carries out, in order.
    package func pending(after applied: [Applied]) throws -> [Migration] {
        try validate(applied)
        return migrations.filter { migration in !applied.contains { $0.version == migration.version } }
    }

    /// The refusal of a migration that failed and was rolled back, naming where the database stays.
    package static func failure(of migration: Migration, applied: [Applied], _ error: any Error) -> StoreError {
        .migration("migration \(migration.fileName) failed and was rolled back; the database stays at version \(applied.map(\.version).max() ?? 0): \(error)")
    }

    /// Every recorded migration must be one of this build's files, unchanged.
    package func validate(_ applied: [Applied]) throws {
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        for row in applied {
            guard let migration = known[row.version] else {
                throw StoreError.migration(
                    "the database was migrated by a newer build (it has \(row.name), this build knows up to \(migrations.last?.fileName ?? "nothing")): use a newer catalog binary")
            }
            guard migration.checksum == row.checksum else {
                throw StoreError.migration(
                    "\(folder)/\(migration.fileName) changed after it was applied (recorded checksum \(row.checksum.prefix(12))…, file now \(migration.checksum.prefix(12))…): restore the original file and put the change in a new migration")
            }
        }
    }

    static func appliedRows(_ db: Database) throws -> [Applied] {
        guard try db.tableExists("schema_migration") else { return [] }
        return try Row.fetchAll(db, sql: "SELECT version, name, checksum FROM schema_migration ORDER BY version")
            .map { Applied(version: $0[0], name: $0[1], checksum: $0[2]) }
    }

    package static func timestamp() -> String {
        // The one wall-clock read of the store: when a migration was applied (bookkeeping only).
        ISO8601DateFormatter().string(from: Date())
    }
}
