import CatalogModel
import Foundation

/// Applies `Migrations/` to a database, each file in its own transaction with its history row.
///
/// Refuses, before writing anything: a gap in the files (a migration missing from this build),
/// an applied file whose content changed, and a database written by a newer build. A migration
/// that fails rolls back alone, leaving the previous version intact. Transactions are IMMEDIATE,
/// so when several processes migrate one new file at once each migration runs exactly once.
///
/// The rules are the same on both backends; how a file is applied is the backend's (SQLite's in
/// `CatalogStore`, PostgreSQL's under an advisory lock in `CatalogStorePostgres`).
///
/// ```swift
/// let runner = MigrationRunner(migrations: try Migration.embedded())
/// try runner.migrate(pool)
/// for entry in try runner.status(pool) { print(entry.fileName, entry.appliedAt ?? "pending") }
/// ```
package struct MigrationRunner: Sendable {
    package var migrations: [Migration]
    /// Where the files live in the repository, for messages (`Migrations/sqlite`).
    package var folder: String

    package init(migrations: [Migration], folder: String = "Migrations/sqlite") {
        self.migrations = migrations.sorted { $0.version < $1.version }
        self.folder = folder
    }

    /// A migration and, if applied, when.
    package typealias Entry = MigrationEntry

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

    /// Versions must run 1, 2, 3, … without holes.
    package func checkFiles() throws {
        for (index, migration) in migrations.enumerated() where migration.version != index + 1 {
            throw StoreError.migration(
                "\(folder)/ has no file for version \(String(format: "%04d", index + 1)) (next file is \(migration.fileName)): restore the missing migration; never renumber applied ones"
            )
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
                    "the database was migrated by a newer build (it has \(row.name), this build knows up to \(migrations.last?.fileName ?? "nothing")): use a newer catalog binary"
                )
            }
            guard migration.checksum == row.checksum else {
                throw StoreError.migration(
                    "\(folder)/\(migration.fileName) changed after it was applied (recorded checksum \(row.checksum.prefix(12))…, file now \(migration.checksum.prefix(12))…): restore the original file and put the change in a new migration"
                )
            }
        }
    }

    package static func timestamp() -> String {
        // The one wall-clock read of the store: when a migration was applied (bookkeeping only).
        ISO8601DateFormatter().string(from: Date())
    }
}
