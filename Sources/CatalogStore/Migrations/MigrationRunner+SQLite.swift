import CatalogModel
import CatalogStoreCore
import Foundation
import GRDB

// How SQLite applies the migrations: each file in an IMMEDIATE transaction with its history row.
extension MigrationRunner {
    static let historyTable = """
        CREATE TABLE IF NOT EXISTS schema_migration (
            version     INTEGER PRIMARY KEY,
            name        TEXT NOT NULL,
            checksum    TEXT NOT NULL,
            applied_at  TEXT NOT NULL
        )
        """

    /// Applies every pending migration, in order.
    package func migrate(_ writer: some DatabaseWriter) throws {
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
    package func isCurrent(_ reader: some DatabaseReader) throws -> Bool {
        try checkFiles()
        return try pending(after: try reader.read { db in try Self.appliedRows(db) }).isEmpty
    }

    /// The same check on the point reader's connection: a read command's open then needs no
    /// pooled reader connection (one SQLite connection fewer to open for every `prop get`). Nil
    /// when that connection cannot be opened.
    func isCurrent(_ reader: PointReader) throws -> Bool? {
        try checkFiles()
        let applied: [Applied]?
        do {
            applied = try reader.withStatement(Self.appliedSQL) { statement in
                var rows: [Applied] = []
                while try statement.step() {
                    rows.append(Applied(version: Int(statement.int64(0)), name: statement.text(1) ?? "", checksum: statement.text(2) ?? ""))
                }
                return rows
            }
        } catch let error as DatabaseError where error.message?.hasPrefix("no such table") == true {
            applied = []  // never migrated
        }
        guard let applied else { return nil }
        return try pending(after: applied).isEmpty
    }

    /// Every known migration with its applied time, or nil while pending.
    package func status(_ reader: some DatabaseReader) throws -> [Entry] {
        try checkFiles()
        let applied = try reader.read { db -> [Int: String] in
            guard try db.tableExists("schema_migration") else { return [:] }
            return Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT version, applied_at FROM schema_migration")
                    .map { ($0[0] as Int, $0[1] as String) })
        }
        return migrations.map { Entry(migration: $0, appliedAt: applied[$0.version]) }
    }

    /// The history rows, as both checks read them.
    static let appliedSQL = "SELECT version, name, checksum FROM schema_migration ORDER BY version"

    static func appliedRows(_ db: Database) throws -> [Applied] {
        guard try db.tableExists("schema_migration") else { return [] }
        return try Row.fetchAll(db, sql: appliedSQL)
            .map { Applied(version: $0[0], name: $0[1], checksum: $0[2]) }
    }
}
