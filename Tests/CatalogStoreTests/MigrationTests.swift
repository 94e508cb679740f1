import CatalogStore
import CatalogModel
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

    // The rules, on both backends: each backend's own runner and files.

    @Test(arguments: StoreBackend.allCases) func migratingTwiceAppliesEachFileOnce(backend: StoreBackend) throws {
        let target = try MigrationTarget(backend, in: folder)
        let migrations = try target.embedded()
        try target.migrate(migrations)
        let before = try target.contents()
        try target.migrate(migrations)
        #expect(try target.contents() == before)
        #expect(try target.appliedVersions() == Array(1...migrations.count))
    }

    @Test(arguments: StoreBackend.allCases) func changedAppliedMigrationIsRefusedAndNothingWritten(backend: StoreBackend) throws {
        let target = try MigrationTarget(backend, in: folder)
        var migrations = try target.embedded()
        try target.migrate(Array(migrations.prefix(1)))
        let before = try target.contents()
        migrations[0].sql += "\nCREATE TABLE sneaky (x int);"
        let error = #expect(throws: StoreError.self) { try target.migrate(migrations) }
        #expect(String(describing: error!).contains("\(target.folder)/0001_initial.sql changed after it was applied"))
        #expect(try target.contents() == before)
        #expect(try target.appliedVersions() == [1])
    }

    @Test(arguments: StoreBackend.allCases) func lineEndingChangesAreNotChanges(backend: StoreBackend) throws {
        let target = try MigrationTarget(backend, in: folder)
        var migrations = try target.embedded()
        try target.migrate(migrations)
        migrations = migrations.map {
            var m = $0; m.sql = m.sql.replacingOccurrences(of: "\n", with: "\r\n"); return m
        }
        try target.migrate(migrations)
    }

    @Test(arguments: StoreBackend.allCases) func missingMigrationIsRefused(backend: StoreBackend) throws {
        let target = try MigrationTarget(backend, in: folder)
        let migrations = try target.embedded()
        try target.migrate(migrations)
        let before = try target.contents()
        let third = try Migration(fileName: "0003_more.sql", sql: "CREATE TABLE more (x int);")
        let withGap = [migrations[0], third]  // 0002 is gone from this build
        let error = #expect(throws: StoreError.self) { try target.migrate(withGap) }
        #expect(String(describing: error!).contains("\(target.folder)/ has no file for version 0002"))
        #expect(try target.contents() == before)
    }

    @Test(arguments: StoreBackend.allCases) func databaseFromANewerBuildIsRefused(backend: StoreBackend) throws {
        let target = try MigrationTarget(backend, in: folder)
        let migrations = try target.embedded()
        let next = try Migration(fileName: String(format: "%04d_future.sql", migrations.count + 1), sql: "CREATE TABLE future (x int);")
        try target.migrate(migrations + [next])
        let before = try target.contents()
        let error = #expect(throws: StoreError.self) { try target.migrate(migrations) }
        #expect(String(describing: error!).contains("newer build"))
        #expect(String(describing: error!).contains(next.fileName))
        #expect(try target.contents() == before)
    }

    @Test(arguments: StoreBackend.allCases) func failingMigrationLeavesThePreviousVersion(backend: StoreBackend) throws {
        let target = try MigrationTarget(backend, in: folder)
        let migrations = try target.embedded()
        let broken = try Migration(
            fileName: String(format: "%04d_broken.sql", migrations.count + 1),
            sql: "CREATE TABLE half_done (x int);\nINSERT INTO no_such_table VALUES (1);")
        let error = #expect(throws: StoreError.self) { try target.migrate(migrations + [broken]) }
        #expect(String(describing: error!).contains("\(broken.fileName) failed and was rolled back; the database stays at version \(migrations.count)"))
        #expect(try target.appliedVersions() == Array(1...migrations.count))
        #expect(try !target.tableExists("half_done"))
    }
}
