import CatalogModel
import CatalogStoreCore
import Foundation

/// Applies `Migrations/postgres/` to a PostgreSQL database, with the rules of the SQLite
/// store's ``MigrationRunner`` (each file in its own transaction with its history row; a gap,
/// a changed applied file or a newer database refused before anything is written; a failing
/// migration rolled back alone) and safe when several machines migrate at once: each
/// transaction first takes a transaction-level advisory lock, so one migrates while the others
/// wait, then find the work done.
///
/// ```swift
/// let runner = PostgresMigrations(migrations: try PostgresMigrations.embedded())
/// try runner.migrate(session)
/// ```
package struct PostgresMigrations: Sendable {
    package var runner: MigrationRunner

    /// The key of the advisory lock every migrating transaction takes (an arbitrary constant,
    /// the same in every build: "catalog" in ASCII).
    static let lockKey: Int64 = 0x63_61_74_61_6C_6F_67

    package init(migrations: [Migration]) {
        runner = MigrationRunner(migrations: migrations, folder: "Migrations/postgres")
    }

    /// The migrations embedded in this build, sorted by version.
    package static func embedded() throws -> [Migration] {
        try EmbeddedMigrations.files.map { file in
            try Migration(fileName: file.name, sql: String(decoding: Data(base64Encoded: file.base64)!, as: UTF8.self))
        }
        .sorted { $0.version < $1.version }
    }

    static let historyTable = """
        CREATE TABLE IF NOT EXISTS schema_migration (
            version     BIGINT PRIMARY KEY,
            name        TEXT NOT NULL,
            checksum    TEXT NOT NULL,
            applied_at  TEXT NOT NULL
        )
        """

    /// Applies every pending migration, in order.
    package func migrate(_ session: PostgresSession) throws {
        try runner.checkFiles()
        // Up to date (every open after the first): no lock, no write.
        for migration in try runner.pending(after: try Self.appliedRows(session)) {
            try session.transaction {
                try session.query("SELECT pg_advisory_xact_lock($1)", [.integer(Self.lockKey)])
                try session.execute(script: Self.historyTable)
                let applied = try Self.appliedRows(session)
                // Another machine may have moved on meanwhile.
                guard try runner.pending(after: applied).contains(migration) else { return }
                do {
                    try session.execute(script: migration.sql)
                } catch let error as PostgresStoreError {
                    if case .connectionLost = error { throw error }
                    if case .readOnly = error { throw error }
                    throw MigrationRunner.failure(of: migration, applied: applied, error)
                }
                try session.query(
                    "INSERT INTO schema_migration (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)",
                    [.integer(Int64(migration.version)), .text(migration.fileName), .text(migration.checksum), .text(MigrationRunner.timestamp())])
            }
        }
    }

    /// True when every migration is applied and the recorded ones match their files.
    package func isCurrent(_ session: PostgresSession) throws -> Bool {
        try runner.checkFiles()
        return try runner.pending(after: try Self.appliedRows(session)).isEmpty
    }

    /// Every known migration with its applied time, or nil while pending.
    package func status(_ session: PostgresSession) throws -> [MigrationRunner.Entry] {
        try runner.checkFiles()
        var appliedAt: [Int: String] = [:]
        if try Self.historyExists(session) {
            for row in try session.query("SELECT version, applied_at FROM schema_migration") {
                appliedAt[Int(try row.integer(0) ?? 0)] = try row.text(1)
            }
        }
        return runner.migrations.map { MigrationRunner.Entry(migration: $0, appliedAt: appliedAt[$0.version]) }
    }

    static func historyExists(_ session: PostgresSession) throws -> Bool {
        try session.query("SELECT to_regclass('schema_migration') IS NOT NULL").first?.bool(0) ?? false
    }

    static func appliedRows(_ session: PostgresSession) throws -> [MigrationRunner.Applied] {
        guard try historyExists(session) else { return [] }
        return try session.query("SELECT version, name, checksum FROM schema_migration ORDER BY version").map { row in
            MigrationRunner.Applied(version: Int(try row.integer(0) ?? 0), name: try row.text(1) ?? "", checksum: try row.text(2) ?? "")
        }
    }
}
