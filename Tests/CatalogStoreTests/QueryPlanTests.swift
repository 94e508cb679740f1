import CatalogModel
import CatalogStore
import Foundation
import GRDB
import TestSupport
import Testing
@testable import CatalogStore

/// The hot queries use indexes: `EXPLAIN QUERY PLAN` on a migrated database shows no full scan
/// of a table that grows with the store, so a lost index fails here, not for a user with a
/// million objects.
struct QueryPlanTests {
    /// The queries that run per command or per item, by what they are for.
    static let queries: [(String, String)] = [
        ("component by name", ComponentRepository.currentVersionSQL),
        ("component version", ComponentRepository.keptVersionSQL),
        ("search", ComponentRepository.searchSQL(limit: 50)),
        ("property read", PropertyRepository.readSQL),
        ("owners of an object", Ownership.ownersSQL),
        ("children of an object", Ownership.childrenSQL),
        ("one object with its owners", ObjectRepository.listSQL(where: "o.id = ?")),
        ("a page of objects' associations", PropertyRepository.listManySQL),
        ("a page of objects", ObjectRepository.pageSQL),
        ("the types of many objects", ObjectRepository.typesSQL),
        ("a page of objects' owners", ObjectRepository.pageOwnersSQL),
        ("decorators of an object", ObjectRepository.ownedSQL),
        ("when an object was created", ObjectRepository.creationTimeSQL),
        ("events about an object and those under it", EventLog.aboutSQL),
        ("the snapshot nearest a time", SnapshotRepository.nearestSQL),
        ("an object and those under it in a snapshot", SnapshotRepository.aboutSQL),
        ("a page of the log by object", EventLog.objectPageSQL),
        ("a page of a snapshot's rows", SnapshotRepository.pageSQL)
    ]

    /// Tables whose size grows with the store.
    static let growing = ["component", "component_version", "object", "object_owner", "association", "event", "scene_snapshot", "scene_snapshot_object"]

    @Test(arguments: queries.map(\.0))
    func aHotQueryScansNoGrowingTable(name: String) throws {
        let folder = TemporaryFolder()
        let database = try CatalogDatabase(path: folder.file("c.sqlite"))
        let sql = Self.queries.first { $0.0 == name }!.1
        let plan = try Self.plan(sql, database)
        #expect(try Self.scans(sql, database).isEmpty, "\(name): \(plan)")
    }

    /// A search on the first column of a key alone reads every row of that value: one object's
    /// rows of a snapshot must be a range of the key's second column too.
    @Test func oneObjectsSnapshotRowsAreARangeOfTheKey() throws {
        let folder = TemporaryFolder()
        let database = try CatalogDatabase(path: folder.file("c.sqlite"))
        let plan = try Self.plan(SnapshotRepository.aboutSQL, database)
        #expect(plan.contains { $0.contains("snapshot_seq=? AND object_id>? AND object_id<?") }, "\(plan)")
    }

    /// A snapshot folded object by object reads the log a page at a time in (object, seq)
    /// order: each page must be a range of the per-object index, never the log's seq range
    /// sorted again (a million-event sort per page).
    @Test func theLogByObjectIsARangeOfItsIndexUnsorted() throws {
        let folder = TemporaryFolder()
        let database = try CatalogDatabase(path: folder.file("c.sqlite"))
        for sql in [EventLog.objectPageSQL, SnapshotRepository.pageSQL] {
            let plan = try Self.plan(sql, database)
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
        #expect(try Self.plan(EventLog.objectPageSQL, database).contains { $0.contains("USING INDEX event_by_object") })
    }

    /// The check sees a lost index: without migration 0005's, search scans `component`.
    @Test func aDroppedIndexShowsAsAScan() throws {
        let folder = TemporaryFolder()
        let database = try CatalogDatabase(path: folder.file("c.sqlite"))
        try database.pool.write { db in try db.execute(sql: "DROP INDEX component_by_current_version") }
        #expect(try Self.scans(ComponentRepository.searchSQL(limit: 50), database) == ["SCAN c"])
    }

    static func plan(_ sql: String, _ database: CatalogDatabase) throws -> [String] {
        try database.pool.read { db in
            let statement = try db.makeStatement(sql: "EXPLAIN QUERY PLAN " + sql)
            statement.setUncheckedArguments([])  // a plan needs no values: parameters stay NULL
            return try Row.fetchAll(statement).map { $0["detail"] as String }
        }
    }

    /// The plan's full scans of growing tables.
    static func scans(_ sql: String, _ database: CatalogDatabase) throws -> [String] {
        let plan = try plan(sql, database)
        // SQLite names a table by its alias in the plan ("SCAN o"): resolve both.
        return plan.filter { detail in
            guard detail.hasPrefix("SCAN "), !detail.contains("VIRTUAL TABLE") else { return false }
            let table = String(detail.dropFirst(5).prefix { $0 != " " })
            return growing.contains(table) || aliases(in: sql)[table].map(growing.contains) == true
        }
    }

    /// `FROM table alias` and `JOIN table alias` pairs of a query.
    static func aliases(in sql: String) -> [String: String] {
        let words = sql.split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == ")" }).map(String.init)
        var result: [String: String] = [:]
        for (index, word) in words.enumerated() where (word.uppercased() == "FROM" || word.uppercased() == "JOIN") && index + 2 < words.count {
            let alias = words[index + 2]
            if !["WHERE", "JOIN", "ON", "ORDER", "LEFT", "UNION", "AS"].contains(alias.uppercased()) { result[alias] = words[index + 1] }
        }
        return result
    }
}
