import CatalogKit
import Foundation
import GRDB
import TestSupport
import Testing

struct MigrationTests {
    let folder = TemporaryFolder()

    func schema(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT type || ' ' || name || ': ' || COALESCE(sql, '') FROM sqlite_master ORDER BY type, name")
        }
    }

    func runner(_ migrations: [Migration]) -> MigrationRunner { MigrationRunner(migrations: migrations) }

    func appliedVersions(_ path: String) throws -> [Int] {
        try DatabaseQueue(path: path).read { db in try Int.fetchAll(db, sql: "SELECT version FROM schema_migration ORDER BY version") }
    }

    @Test func freshAndStepwiseUpgradedDatabasesHaveTheSameSchema() throws {
        let all = try Migration.embedded()
        #expect(all.count >= 2)
        _ = try CatalogDatabase(path: folder.file("fresh.sqlite"))
        let upgraded = folder.file("upgraded.sqlite")
        for count in 1...all.count {  // one build per earlier migration, each opening the same file
            try runner(Array(all.prefix(count))).migrate(try DatabasePool(path: upgraded))
        }
        #expect(try schema(upgraded) == schema(folder.file("fresh.sqlite")))
        #expect(try appliedVersions(upgraded) == Array(1...all.count))
    }

    @Test func migratingTwiceAppliesNothingNew() throws {
        let path = folder.file("twice.sqlite")
        _ = try CatalogDatabase(path: path)
        let before = try snapshot(path)
        _ = try CatalogDatabase(path: path)
        #expect(try snapshot(path) == before)
    }

    @Test func openingAnUpToDateCatalogWaitsForNoWriter() throws {
        let path = folder.file("busy.sqlite")
        _ = try Catalog(path: path)  // migrated, built-ins loaded
        try DatabaseQueue(path: path).writeWithoutTransaction { db in
            // A writer at work: it has committed (so the WAL exists; GRDB writes once to create
            // it otherwise) and now holds the lock.
            try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('busy', 'yes')")
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            // Another connection holds the write lock: opening must neither migrate nor load the
            // built-ins again (each would wait for that lock, then fail as "database is locked").
            let catalog = try Catalog(path: path)
            #expect(try catalog.database.components.get("fade-in") != nil)
        }
    }

    @Test func builtInsAreDecodedOnlyWhenTheirFingerprintChanges() throws {
        let database = try CatalogDatabase(path: folder.file("fingerprint.sqlite"))
        var decoded = 0
        let definitions = { () throws -> [ComponentDefinition] in
            decoded += 1
            return [try fade()]
        }
        #expect(try database.components.loadBuiltIns(fingerprint: "a", definitions: definitions).count == 1)
        #expect(try database.components.loadBuiltIns(fingerprint: "a", definitions: definitions).isEmpty)
        #expect(decoded == 1)
        try database.components.loadBuiltIns(fingerprint: "b", definitions: definitions)
        #expect(decoded == 2)
    }

    @Test func changedAppliedMigrationIsRefusedAndNothingWritten() throws {
        let path = folder.file("changed.sqlite")
        var migrations = try Migration.embedded()
        try runner(Array(migrations.prefix(1))).migrate(try DatabasePool(path: path))
        let before = try snapshot(path)
        migrations[0].sql += "\nCREATE TABLE sneaky (x);"
        let error = #expect(throws: StoreError.self) { try runner(migrations).migrate(try DatabasePool(path: path)) }
        #expect(String(describing: error!).contains("0001_initial.sql changed after it was applied"))
        #expect(try snapshot(path) == before)
        #expect(try appliedVersions(path) == [1])
    }

    @Test func lineEndingChangesAreNotChanges() throws {
        let path = folder.file("crlf.sqlite")
        var migrations = try Migration.embedded()
        try runner(migrations).migrate(try DatabasePool(path: path))
        migrations = migrations.map { var m = $0; m.sql = m.sql.replacingOccurrences(of: "\n", with: "\r\n"); return m }
        try runner(migrations).migrate(try DatabasePool(path: path))
    }

    @Test func missingMigrationIsRefused() throws {
        let path = folder.file("missing.sqlite")
        let migrations = try Migration.embedded()
        try runner(migrations).migrate(try DatabasePool(path: path))
        let before = try snapshot(path)
        let third = try Migration(fileName: "0003_more.sql", sql: "CREATE TABLE more (x);")
        let withGap = [migrations[0], third]  // 0002 is gone from this build
        let error = #expect(throws: StoreError.self) { try runner(withGap).migrate(try DatabasePool(path: path)) }
        #expect(String(describing: error!).contains("no file for version 0002"))
        #expect(try snapshot(path) == before)
    }

    @Test func databaseFromANewerBuildIsRefused() throws {
        let path = folder.file("newer.sqlite")
        let migrations = try Migration.embedded()
        let next = try Migration(fileName: String(format: "%04d_future.sql", migrations.count + 1), sql: "CREATE TABLE future (x);")
        try runner(migrations + [next]).migrate(try DatabasePool(path: path))
        let before = try snapshot(path)
        let error = #expect(throws: StoreError.self) { try runner(migrations).migrate(try DatabasePool(path: path)) }
        #expect(String(describing: error!).contains("newer build"))
        #expect(String(describing: error!).contains(next.fileName))
        #expect(try snapshot(path) == before)
    }

    @Test func failingMigrationLeavesThePreviousVersion() throws {
        let path = folder.file("failing.sqlite")
        let migrations = try Migration.embedded()
        let broken = try Migration(fileName: String(format: "%04d_broken.sql", migrations.count + 1),
                                   sql: "CREATE TABLE half_done (x);\nINSERT INTO no_such_table VALUES (1);")
        #expect(throws: StoreError.self) { try runner(migrations + [broken]).migrate(try DatabasePool(path: path)) }
        #expect(try appliedVersions(path) == Array(1...migrations.count))
        let leftover = try DatabaseQueue(path: path).read { db in try db.tableExists("half_done") }
        #expect(!leftover)
    }
}
