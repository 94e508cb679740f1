import CatalogModel
import CatalogStoreCore
import Foundation

/// The event log on PostgreSQL (``EventStore``): read a page at a time, followed by
/// `LISTEN/NOTIFY`.
///
/// ```swift
/// try database.events.follow(since: 0) { seq, line in print(line); return true }
/// ```
package struct PostgresEventStore: EventStore {
    let database: PostgresDatabase
    /// The connection this store's statements run on, taken when it was made: one method's
    /// statements (a transaction's among them) run on one connection.
    let session: PostgresSession

    init(database: PostgresDatabase) {
        self.database = database
        session = database.session
    }

    static let pageSize = 2_048
    static let columns = "seq, scene_time, operation, object_id, payload"

    /// One page of the range: after `after`, before `before`, about `object`, in order.
    private func page(
        after: Int64, before: Int64?, through last: Int64 = .max, object: String?, operation: EventOperation? = nil, reverse: Bool, limit: Int,
        on reader: PostgresSession? = nil
    ) throws -> [LoggedRow] {
        var sql = "SELECT \(Self.columns) FROM event WHERE seq > $1 AND seq <= $2"
        var values: [SQLValue] = [.integer(after), .integer(last)]
        if let before {
            values.append(.integer(before))
            sql += " AND seq < $\(values.count)"
        }
        if let object {
            values.append(.text(object))
            sql += " AND object_id = $\(values.count)"
        }
        if let operation {
            values.append(.text(operation.rawValue))
            sql += " AND operation = $\(values.count)"
        }
        sql += " ORDER BY seq\(reverse ? " DESC" : "") LIMIT \(limit)"
        return try (reader ?? session).query(sql, values).map(Self.row)
    }

    static func row(_ row: SQLRow) throws -> LoggedRow {
        LoggedRow(
            seq: try row.integer(0) ?? 0, sceneTime: try row.real(1) ?? 0, operationName: try row.text(2) ?? "",
            objectID: try row.text(3), payloadText: try row.text(4) ?? "null")
    }

    /// The rows of the range, a page at a time.
    private func forEachRow(
        since: Int64, object: String?, operation: EventOperation?, before: Int64?, limit: Int?, reverse: Bool, _ body: (LoggedRow) throws -> Void
    ) throws {
        var after = since, upper = before, left = limit ?? .max
        while left > 0 {
            let size = min(left, Self.pageSize)
            let rows = try page(after: after, before: upper, object: object, operation: operation, reverse: reverse, limit: size)
            for row in rows { try body(row) }
            left -= rows.count
            guard rows.count == size, let last = rows.last else { return }
            if reverse { upper = last.seq } else { after = last.seq }
        }
    }

    package func forEach(
        since: Int64, object: String?, operation: EventOperation?, before: Int64?, limit: Int?, reverse: Bool, _ body: (Event) throws -> Void
    ) throws {
        try forEachRow(since: since, object: object, operation: operation, before: before, limit: limit, reverse: reverse) { try body(try $0.event()) }
    }

    package func forEachNumberedJSONLine(
        since: Int64, object: String?, operation: EventOperation?, before: Int64?, limit: Int?, reverse: Bool,
        _ body: (Int64, String) throws -> Void
    ) throws {
        try forEachRow(since: since, object: object, operation: operation, before: before, limit: limit, reverse: reverse) { row in
            try body(row.seq, try row.jsonLine())
        }
    }

    /// Follows the log as ``EventLog/follow(since:object:interval:batchEnd:_:)`` does on SQLite:
    /// the events after `since`, then each as it commits on any machine, until `body` returns
    /// false. Commits are announced by `NOTIFY` on a connection of its own (`LISTEN`); the log
    /// is read from the last seq seen, so a notification merged with another, or one missed
    /// while reading, loses nothing — and a wake-up every second covers the rest.
    ///
    /// Like `tail -F`, a follower outlives a server restart: when the connection is lost it
    /// connects again (every half second, until the server is back) and goes on from the last
    /// event it handed over, so nothing is missed or repeated. Other errors end it.
    package func follow(since: Int64, object: String?, batchEnd: () -> Void, stopped: () -> Bool, _ body: (Int64, String) throws -> Bool) throws {
        var last = since
        var connected = true
        while true {
            do {
                try followConnected(from: &last, object: object, batchEnd: batchEnd, stopped: stopped, body)
                return
            } catch PostgresStoreError.connectionLost {
                connected = false
            } catch PostgresStoreError.cannotConnect where !connected {
                // Still restarting: try again.
            }
            if stopped() { return }
            usleep(500_000)
        }
    }

    /// One connected stretch of ``follow(since:object:batchEnd:stopped:_:)``, on sessions of its own.
    private func followConnected(
        from last: inout Int64, object: String?, batchEnd: () -> Void, stopped: () -> Bool,
        _ body: (Int64, String) throws -> Bool
    ) throws {
        let reader = try PostgresSession(endpoint: database.endpoint)
        let listener = try PostgresSession(endpoint: database.endpoint)
        let signal = DispatchSemaphore(value: 0)
        try listener.listen(PostgresDatabase.eventChannel) { _ in signal.signal() }
        // A closed listener must not leave the loop waiting for notifications that never come.
        listener.connection.closeFuture.whenComplete { _ in signal.signal() }
        while true {
            var going = true
            while going {
                let rows = try page(after: last, before: nil, object: object, reverse: false, limit: Self.pageSize, on: reader)
                for row in rows where going {
                    last = row.seq
                    going = try body(row.seq, try row.jsonLine())
                }
                if rows.count < Self.pageSize { break }
            }
            batchEnd()
            if !going || stopped() { return }
            _ = signal.wait(timeout: .now() + 1)
            if stopped() { return }
            while signal.wait(timeout: .now()) == .success {}  // one read covers every commit so far
            if listener.connection.isClosed { throw PostgresStoreError.connectionLost(server: database.endpoint.server) }
        }
    }

    package func list(about id: String, after seq: Int64, until time: Double) throws -> [Event] {
        // Ids under `id/` sort between "id/" and "id0" ('0' follows '/'; the column is COLLATE "C").
        try session.query(
            """
            SELECT \(Self.columns) FROM event
            WHERE (object_id = $1 OR (object_id >= $2 AND object_id < $3)) AND scene_time <= $4 AND seq > $5 ORDER BY seq
            """, [.text(id), .text(id + "/"), .text(id + "0"), .real(time), .integer(seq)]
        ).map { try Self.row($0).event() }
    }

    package func scanRows(after seq: Int64, through last: Int64, until time: Double, pageSize: Int, _ body: (LoggedRow) throws -> Void) throws {
        var after = seq
        while true {
            let rows = try page(after: after, before: nil, through: last, object: nil, reverse: false, limit: max(1, pageSize))
            for row in rows {
                guard row.sceneTime <= time else { return }
                try body(row)
            }
            guard rows.count == pageSize, let next = rows.last?.seq else { return }
            after = next
        }
    }

    package func scanRows(
        after seq: Int64, through last: Int64, operations: [EventOperation], pageSize: Int,
        _ body: (LoggedRow) throws -> Void
    ) throws {
        guard !operations.isEmpty else { return }
        var after = seq
        while true {
            let rows = try session.query(
                """
                SELECT \(Self.columns) FROM event WHERE seq > $1 AND seq <= $2 AND operation = ANY($3::text[]) ORDER BY seq LIMIT \(max(1, pageSize))
                """, [.integer(after), .integer(last), .text(PostgresDialect.textArray(operations.map(\.rawValue)))]
            ).map(Self.row)
            for row in rows { try body(row) }
            guard rows.count == pageSize, let next = rows.last?.seq else { return }
            after = next
        }
    }

    package func count(after seq: Int64, through last: Int64) throws -> Int {
        Int(try session.query("SELECT count(*) FROM event WHERE seq > $1 AND seq <= $2", [.integer(seq), .integer(last)]).first?.integer(0) ?? 0)
    }

    package func objectRowsPage(after seq: Int64, through last: Int64, from: (id: String, seq: Int64), limit: Int) throws -> [LoggedRow] {
        try session.query(
            """
            SELECT \(Self.columns) FROM event
            WHERE object_id IS NOT NULL AND (object_id, seq) > ($1, $2) AND seq > $3 AND seq <= $4
            ORDER BY object_id, seq LIMIT \(max(1, limit))
            """, [.text(from.id), .integer(from.seq), .integer(seq), .integer(last)]
        ).map(Self.row)
    }

    package func firstSeq(atOrAfter time: Double) throws -> Int64? {
        try session.query("SELECT seq FROM event WHERE scene_time >= $1 ORDER BY seq LIMIT 1", [.real(time)]).first?.integer(0)
    }

    package func lastSeq() throws -> Int64 {
        try session.query("SELECT COALESCE(max(seq), 0) FROM event").first?.integer(0) ?? 0
    }

    package func currentSceneTime() throws -> Double {
        try session.query("SELECT scene_time FROM event ORDER BY seq DESC LIMIT 1").first?.real(0) ?? 0
    }
}
