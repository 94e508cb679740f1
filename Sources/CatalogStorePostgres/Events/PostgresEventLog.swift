import CatalogModel
import CatalogStore
import Foundation

/// Reads and follows the event log of a ``PostgresDatabase``.
///
/// ```swift
/// try database.events.follow(since: 0) { seq, line in print(line); return true }
/// ```
public struct PostgresEventLog: Sendable {
    let database: PostgresDatabase

    /// The last event's sequence number (0 for an empty log).
    public func lastSeq() throws -> Int64 {
        try database.session.query("SELECT COALESCE(max(seq), 0) FROM event").first?.integer(0) ?? 0
    }

    static let pageSize = 2_048

    /// Calls `body` with each event after `since` (about `object` when given), oldest first, as
    /// its canonical JSON line, a page at a time.
    public func forEachNumberedJSONLine(since: Int64 = 0, object: String? = nil, _ body: (Int64, String) throws -> Void) throws {
        var after = since
        while true {
            let rows = try page(after: after, object: object)
            for (seq, line) in rows { try body(seq, line) }
            guard rows.count == Self.pageSize, let last = rows.last?.0 else { return }
            after = last
        }
    }

    private func page(after seq: Int64, object: String?) throws -> [(Int64, String)] {
        var sql = "SELECT seq, scene_time, operation, object_id, payload FROM event WHERE seq > $1"
        var values: [SQLValue] = [.integer(seq)]
        if let object {
            sql += " AND object_id = $2"
            values.append(.text(object))
        }
        sql += " ORDER BY seq LIMIT \(Self.pageSize)"
        return try database.session.query(sql, values).map { row in
            let seq = try row.integer(0) ?? 0
            return (seq, try Event.jsonLine(seq: seq, sceneTime: try row.real(1) ?? 0, operation: try row.text(2) ?? "",
                                            objectID: try row.text(3), payloadText: try row.text(4) ?? "null"))
        }
    }

    /// Follows the log as ``EventLog/follow(since:object:interval:batchEnd:_:)`` does on SQLite:
    /// the events after `since`, then each as it commits on any machine, until `body` returns
    /// false. Commits are announced by `NOTIFY` on a connection of its own (`LISTEN`); the log
    /// is read from the last seq seen, so a notification merged with another, or one missed
    /// while reading, loses nothing — and a wake-up every `recheck` seconds covers the rest.
    public func follow(since: Int64 = 0, object: String? = nil, recheck: Double = 1, batchEnd: () -> Void = {},
                       _ body: (Int64, String) throws -> Bool) throws {
        let listener = try PostgresSession(endpoint: database.endpoint)
        let signal = DispatchSemaphore(value: 0)
        try listener.listen(PostgresDatabase.eventChannel) { _ in signal.signal() }
        var last = since
        while true {
            var going = true
            try forEachNumberedJSONLine(since: last, object: object) { seq, line in
                guard going else { return }
                last = seq
                going = try body(seq, line)
            }
            batchEnd()
            if !going { return }
            _ = signal.wait(timeout: .now() + recheck)
            while signal.wait(timeout: .now()) == .success {}  // one read covers every commit so far
        }
    }
}
