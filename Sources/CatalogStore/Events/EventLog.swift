import CatalogModel
import CatalogStoreCore
import Foundation
import GRDB
import GRDBSQLite

struct EventWriter {
    let db: Database
    /// The scene time every event of this transaction gets.
    let sceneTime: Double
    /// The event insert, looked up once per transaction rather than once per event (held, so
    /// that a schema change clearing GRDB's cache cannot free it mid-transaction).
    private let statement: Statement
    private var insert: RawStatement { RawStatement(statement) }

    init(db: Database, requestedTime: Double?) throws {
        self.db = db
        statement = try db.cachedStatement(sql: "INSERT INTO event (scene_time, operation, object_id, payload) VALUES (?, ?, ?, ?)")
        // Through the C API: every write transaction starts here.
        let latest = RawStatement(try db.cachedStatement(sql: "SELECT scene_time FROM event ORDER BY seq DESC LIMIT 1"))
        let last = try latest.step() ? latest.double(0) : 0
        latest.reset()
        if let requestedTime {
            guard requestedTime.isFinite, requestedTime <= NumericLimits.maximumTime else {
                throw StoreError.sceneTimeOutOfRange(requestedTime)
            }
            guard requestedTime >= last else {
                throw StoreError.sceneTimeBackwards(requested: requestedTime, last: last)
            }
            sceneTime = requestedTime
        } else {
            sceneTime = last  // no --at: the scene clock stays where the last event left it
        }
    }

    @discardableResult
    func append(_ operation: EventOperation, object: String?, payload: JSONValue) throws -> Int64 {
        try append(operation, object: object, payloadText: payload.canonicalText)
    }

    /// Appends an event whose payload is already canonical JSON text.
    @discardableResult
    func append(_ operation: EventOperation, object: String?, payloadText: String) throws -> Int64 {
        insert.bind(1, sceneTime)
        insert.bind(2, operation.rawValue)
        if let object { insert.bind(3, object) } else { insert.bind(3, nil as Int64?) }
        insert.bind(4, payloadText)
        defer { insert.reset() }
        try insert.step()
        return sqlite3_last_insert_rowid(db.sqliteConnection)
    }
}

/// Reads the event log.
///
/// ```swift
/// for event in try database.events.list(since: 10, object: "cell-1") { print(event.operation) }
/// ```
package struct EventLog: Sendable {
    let database: CatalogDatabase

    /// Events with `seq > since`, optionally only those about `object`, oldest first.
    /// `before`: only events numbered below it.
    package func list(since: Int64 = 0, object: String? = nil, before: Int64? = nil, limit: Int? = nil) throws -> [Event] {
        var events: [Event] = []
        try forEach(since: since, object: object, before: before, limit: limit) { events.append($0) }
        return events
    }

    /// Calls `body` with each event as it is read — oldest first, or newest first with
    /// `reverse` — so that memory stays flat however long the log: `since` and `object` select
    /// as in ``list(since:object:before:limit:)``, `limit` stops after that many.
    ///
    /// ```swift
    /// try database.events.forEach(since: 100, limit: 10) { event in print(event.seq) }
    /// ```
    package func forEach(
        since: Int64 = 0, object: String? = nil, operation: EventOperation? = nil, before: Int64? = nil, limit: Int? = nil, reverse: Bool = false,
        _ body: (Event) throws -> Void
    ) throws {
        try database.read { db in
            let sql = Self.rangeSQL(object: object != nil, operation: operation != nil, before: before != nil, reverse: reverse)
            // SQLite takes as many arguments as the highest number used: ?5 only with an operation.
            var arguments: StatementArguments = [since, object, before, Int64(limit ?? -1)]
            if let operation { arguments += [operation.rawValue] }
            let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
            while let row = try rows.next() { try body(try Self.event(row)) }
        }
    }

    /// The events after `?1` (about `?2`, of operation `?5`, before `?3` when asked), `?4` at
    /// most (-1: all).
    static func rangeSQL(object: Bool, operation: Bool = false, before: Bool, reverse: Bool) -> String {
        var sql = "SELECT seq, scene_time, operation, object_id, payload FROM event WHERE seq > ?1"
        if object { sql += " AND object_id = ?2" }
        if operation { sql += " AND operation = ?5" }
        if before { sql += " AND seq < ?3" }
        return sql + (reverse ? " ORDER BY seq DESC" : " ORDER BY seq") + " LIMIT ?4"
    }

    /// ``forEach(since:object:before:limit:reverse:_:)`` for output: each event as its one-line
    /// canonical JSON (`event.jsonValue.canonicalText`), built from the row as stored — the
    /// payload is already canonical JSON text, so it is copied, not parsed and written again.
    /// An operation this build does not know is an error naming the event, as when reading.
    /// Inside a ``CatalogDatabase/batch(_:)`` it reads what the batch has written so far.
    package func forEachJSONLine(
        since: Int64 = 0, object: String? = nil, before: Int64? = nil, limit: Int? = nil, reverse: Bool = false,
        _ body: (String) throws -> Void
    ) throws {
        try forEachNumberedJSONLine(since: since, object: object, before: before, limit: limit, reverse: reverse) { try body($1) }
    }

    /// ``forEachJSONLine(since:object:before:limit:reverse:_:)`` handing over each line's seq too.
    package func forEachNumberedJSONLine(
        since: Int64 = 0, object: String? = nil, operation: EventOperation? = nil, before: Int64? = nil, limit: Int? = nil, reverse: Bool = false,
        _ body: (Int64, String) throws -> Void
    ) throws {
        try database.read { db in
            let sql = Self.rangeSQL(object: object != nil, operation: operation != nil, before: before != nil, reverse: reverse)
            let statement = RawStatement(try db.cachedStatement(sql: sql))
            defer { statement.reset() }
            statement.bind(1, since)
            if let object { statement.bind(2, object) }
            if let operation { statement.bind(5, operation.rawValue) }
            if let before { statement.bind(3, before) }
            statement.bind(4, Int64(limit ?? -1))
            while try statement.step() {
                let seq = statement.int64(0)
                let line = try Self.jsonLine(statement)
                try body(seq, line)
            }
        }
    }

    /// Follows the log: calls `body` with each event after `since` (about `object` when given)
    /// as its JSON line — first those already there, then each as it commits, in any process —
    /// until `body` returns false. `batchEnd` runs after each group of lines (to flush output).
    ///
    /// Commits are noticed by polling `PRAGMA data_version` on a connection of its own every
    /// `interval` seconds — a few microseconds when nothing changed; the log is read again only
    /// after a change. No event is missed or seen twice: writers take the write lock before
    /// numbering an event, so events commit in seq order, and each read starts after the last
    /// seq seen.
    ///
    /// ```swift
    /// try database.events.follow(since: 0) { seq, line in print(line); return true }
    /// ```
    package func follow(
        since: Int64 = 0, object: String? = nil, interval: Double = 0.005, batchEnd: () -> Void = {},
        stopped: () -> Bool = { false }, _ body: (Int64, String) throws -> Bool
    ) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(60)
        let connection = try DatabaseQueue(path: database.pool.path, configuration: configuration)
        var last = since
        var seen: Int64?
        let pause = useconds_t(max(interval, 0.000_1) * 1_000_000)
        while true {
            let version = try connection.inDatabase { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") }
            if version != seen {
                seen = version
                var going = true
                try connection.read { db in
                    let statement = RawStatement(try db.cachedStatement(sql: Self.rangeSQL(object: object != nil, before: false, reverse: false)))
                    defer { statement.reset() }
                    statement.bind(1, last)
                    if let object { statement.bind(2, object) }
                    statement.bind(4, Int64(-1))
                    while going, try statement.step() {
                        last = statement.int64(0)
                        going = try body(last, try Self.jsonLine(statement))
                    }
                }
                batchEnd()
                if !going { return }
            }
            if stopped() { return }
            usleep(pause)
        }
    }

    /// The canonical JSON line of the row under `statement` (columns as in ``rangeSQL(object:before:reverse:)``).
    static func jsonLine(_ statement: RawStatement) throws -> String {
        try Event.jsonLine(
            seq: statement.int64(0), sceneTime: statement.double(1), operation: statement.text(2) ?? "",
            objectID: statement.text(3), payloadText: statement.text(4) ?? "null")
    }

    /// One row as an event; a row this build cannot read is an error naming it.
    static func event(_ row: Row) throws -> Event { try LoggedRow(row).event() }

    /// The events about `id` and the objects under it (`id/…`: its children and decorators)
    /// after event `seq`, oldest first, up to scene time `time`: one range of the per-object
    /// index, not the log.
    package func list(about id: String, after seq: Int64 = 0, until time: Double) throws -> [Event] {
        try database.read { db in
            // Ids under `id/` sort between "id/" and "id0" ('0' follows '/').
            try Row.fetchAll(db.cachedStatement(sql: Self.aboutSQL), arguments: [id, id + "/", id + "0", time, seq]).map(Self.event)
        }
    }

    static let aboutSQL = """
        SELECT seq, scene_time, operation, object_id, payload FROM event
        WHERE (object_id = ?1 OR (object_id >= ?2 AND object_id < ?3)) AND scene_time <= ?4 AND seq > ?5 ORDER BY seq
        """

    /// Calls `body` with each event after `seq` up to `last`, oldest first, stopping at the first
    /// one later than scene time `time` (scene times never decrease along the log) — the way a
    /// fold reads the log: a page at a time, without holding it. `body` runs outside any read
    /// of the log, so it may read the store itself.
    package func scan(
        after seq: Int64, through last: Int64 = .max, until time: Double = .infinity, pageSize: Int = 2_048,
        _ body: (Event) throws -> Void
    ) throws {
        try scanRows(after: seq, through: last, until: time, pageSize: pageSize) { try body(try $0.event()) }
    }

    /// ``scan(after:through:until:pageSize:_:)`` without reading the payloads: each row hands
    /// over its payload as text, read only when ``LoggedRow/event()`` is called — for a pass
    /// that needs the payloads of a few events only.
    package func scanRows(
        after seq: Int64, through last: Int64 = .max, until time: Double = .infinity, pageSize: Int = 2_048,
        _ body: (LoggedRow) throws -> Void
    ) throws {
        try forEachPage(after: seq, through: last, sql: Self.pageSQL, filter: [], pageSize: pageSize) { row in
            guard row.sceneTime <= time else { return false }
            try body(row)
            return true
        }
    }

    /// The log after `seq` through `last` in seq order, a page of `sql` at a time (its arguments:
    /// after, last, then `filter`, then the page size), until `body` returns false.
    private func forEachPage(
        after seq: Int64, through last: Int64, sql: String, filter: [String], pageSize: Int,
        _ body: (LoggedRow) throws -> Bool
    ) throws {
        var after = seq
        while true {
            let page = try database.read { db in
                try Self.loggedRows(db, sql: sql) { statement in
                    statement.bind(1, after)
                    statement.bind(2, last)
                    for (index, operation) in filter.enumerated() { statement.bind(Int32(3 + index), operation) }
                    statement.bind(Int32(3 + filter.count), Int64(pageSize))
                }
            }
            for row in page { guard try body(row) else { return } }
            guard page.count == pageSize, let next = page.last?.seq else { return }
            after = next
        }
    }

    static let pageSQL = """
        SELECT seq, scene_time, operation, object_id, payload FROM event
        WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?
        """

    /// The rows after `seq` through `last` with one of `operations`, oldest first, a page at a time.
    package func scanRows(
        after seq: Int64, through last: Int64, operations: [EventOperation], pageSize: Int,
        _ body: (LoggedRow) throws -> Void
    ) throws {
        guard !operations.isEmpty else { return }
        let sql = """
            SELECT seq, scene_time, operation, object_id, payload FROM event
            WHERE seq > ? AND seq <= ? AND operation IN (\(Array(repeating: "?", count: operations.count).joined(separator: ", "))) ORDER BY seq LIMIT ?
            """
        try forEachPage(after: seq, through: last, sql: sql, filter: operations.map(\.rawValue), pageSize: pageSize) { row in
            try body(row)
            return true
        }
    }

    /// How many events there are after `seq` through `last`.
    package func count(after seq: Int64, through last: Int64) throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM event WHERE seq > ? AND seq <= ?", arguments: [seq, last]) ?? 0 }
    }

    /// At most `limit` rows about objects after event `seq` through `last`, in (object id, seq)
    /// order from just after (`from.id`, `from.seq`): the partial index `event_by_object`.
    package func objectRowsPage(after seq: Int64, through last: Int64, from: (id: String, seq: Int64), limit: Int) throws -> [LoggedRow] {
        try database.read { db in
            try Self.loggedRows(db, sql: Self.objectPageSQL) { statement in
                statement.bind(1, from.id)
                statement.bind(2, from.seq)
                statement.bind(3, seq)
                statement.bind(4, last)
                statement.bind(5, Int64(limit))
            }
        }
    }

    /// The seq range is written `+seq` so that it filters rows of the index range rather than
    /// choosing the rowid range: that would sort the whole range for every page.
    static let objectPageSQL = """
        SELECT seq, scene_time, operation, object_id, payload FROM event
        WHERE object_id IS NOT NULL AND (object_id, seq) > (?1, ?2) AND +seq > ?3 AND +seq <= ?4
        ORDER BY object_id, seq LIMIT ?5
        """

    /// The first event at or after scene time `time`, if any.
    package func firstSeq(atOrAfter time: Double) throws -> Int64? {
        // Scene times never decrease along the log: the scan in seq order stops at the first.
        try database.read { db in try Int64.fetchOne(db, sql: "SELECT seq FROM event WHERE scene_time >= ? ORDER BY seq LIMIT 1", arguments: [time]) }
    }

    /// The sequence number of the latest event (0 for an empty log).
    package func lastSeq() throws -> Int64 {
        try database.read { db in try Int64.fetchOne(db, sql: "SELECT max(seq) FROM event") ?? 0 }
    }

    /// The scene time of the latest event (0 for an empty log).
    package func currentSceneTime() throws -> Double {
        try database.read { db in
            try Double.fetchOne(db, sql: "SELECT scene_time FROM event ORDER BY seq DESC LIMIT 1") ?? 0
        }
    }
}

extension LoggedRow {
    init(_ row: Row) {
        self.init(seq: row[0], sceneTime: row[1], operationName: row[2], objectID: row[3], payloadText: row[4])
    }
}

extension EventLog {
    /// The rows of `sql` (`seq, scene_time, operation, object_id, payload`), its arguments bound
    /// by `bind`. Read through the C API: a GRDB `Row` per event, converted again, was a fifth of
    /// reading the log (`replay --verify` reads it twice).
    static func loggedRows(_ db: Database, sql: String, bind: (RawStatement) -> Void) throws -> [LoggedRow] {
        let statement = RawStatement(try db.cachedStatement(sql: sql))
        defer { statement.reset() }
        bind(statement)
        var rows: [LoggedRow] = []
        while try statement.step() {
            rows.append(
                LoggedRow(
                    seq: statement.int64(0), sceneTime: statement.double(1), operationName: statement.text(2) ?? "",
                    objectID: statement.text(3), payloadText: statement.text(4) ?? ""))
        }
        return rows
    }
}
