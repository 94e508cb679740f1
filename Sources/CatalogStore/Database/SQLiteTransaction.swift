import CatalogModel
import CatalogStoreCore
import GRDB

/// A SQLite write transaction as a ``StoreTransaction``: statements prepared once per
/// connection (GRDB's statement cache) and stepped through the C API, since the shared write
/// logic runs on the measured autocommit path.
final class SQLiteTransaction: StoreTransaction {
    let db: Database
    let events: EventWriter

    /// The statements this transaction ran, in the order first run. The write logic passes the
    /// same few literals again and again; a literal compares equal to itself without reading its
    /// bytes, where GRDB's cache hashes the whole SQL text on every call (a tenth of a bulk
    /// import's time).
    private var recent: [(sql: String, statement: Statement)] = []

    init(db: Database, events: EventWriter) {
        self.db = db
        self.events = events
    }

    var sceneTime: Double { events.sceneTime }

    private func statement(_ sql: String) throws -> Statement {
        for entry in recent where entry.sql == sql { return entry.statement }
        let statement = try db.cachedStatement(sql: sql)
        if recent.count < 16 { recent.append((sql, statement)) }
        return statement
    }

    @discardableResult
    func rows(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]] {
        let statement = RawStatement(try statement(sql))
        defer { statement.reset() }
        for (index, value) in values.enumerated() { statement.bind(Int32(index + 1), value) }
        var rows: [[SQLValue]] = []
        let count = statement.columnCount
        while try statement.step() {
            rows.append((0..<count).map(statement.value))
        }
        return rows
    }

    @discardableResult
    func append(_ operation: EventOperation, object: String?, payloadText: String) throws -> Int64 {
        try events.append(operation, object: object, payloadText: payloadText)
    }

    func nextSeq() throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(MAX(seq), 0) + 1 FROM event")) ?? 1
    }

    func encode(_ value: PropertyValue) -> SQLValue { ValueColumns.sqlValue(value) }
}

extension CatalogDatabase {
    /// ``write(at:_:)`` handing the shared write logic its ``StoreTransaction``.
    func transaction<T>(at sceneTime: Double?, _ body: (any StoreTransaction) throws -> T) throws -> T {
        try write(at: sceneTime) { db, events in try body(SQLiteTransaction(db: db, events: events)) }
    }
}
