import CatalogModel

/// The event log, read, on either backend (``EventLog`` on SQLite). Events are appended only
/// by the changes they record.
///
/// ```swift
/// try backend.events.forEach(since: 0, object: nil, operation: nil, before: nil, limit: 10, reverse: false) { print($0.seq) }
/// ```
package protocol EventStore: Sendable {
    /// Events after `since` (about `object`, of `operation`, before `before` when given), oldest
    /// first or newest first with `reverse`, at most `limit`, each as it is read.
    func forEach(
        since: Int64, object: String?, operation: EventOperation?, before: Int64?, limit: Int?, reverse: Bool, _ body: (Event) throws -> Void
    ) throws
    /// The same events, each as its canonical JSON line with its seq.
    func forEachNumberedJSONLine(
        since: Int64, object: String?, operation: EventOperation?, before: Int64?, limit: Int?, reverse: Bool,
        _ body: (Int64, String) throws -> Void) throws
    /// The events after `since`, then each as it commits anywhere, until `body` returns false;
    /// `batchEnd` after each group.
    /// `stopped` is asked after each batch and on each idle wake-up (at least once a second):
    /// true ends the follow even when no event comes (a web client gone).
    func follow(since: Int64, object: String?, batchEnd: () -> Void, stopped: () -> Bool, _ body: (Int64, String) throws -> Bool) throws
    /// The events about `id` and the objects under it (`id/…`) after `seq`, up to scene time `time`.
    func list(about id: String, after seq: Int64, until time: Double) throws -> [Event]
    /// The log after `seq` through `last`, a page at a time, stopping past scene time `time`;
    /// payloads left as text.
    func scanRows(after seq: Int64, through last: Int64, until time: Double, pageSize: Int, _ body: (LoggedRow) throws -> Void) throws
    /// At most `limit` rows about objects after event `seq` through `last`, ordered by object id
    /// (``StoreSchema/idPrecedes(_:_:)``) then seq, from just after the row (`from.id`,
    /// `from.seq`): one range of the per-object index, a page at a time.
    func objectRowsPage(after seq: Int64, through last: Int64, from: (id: String, seq: Int64), limit: Int) throws -> [LoggedRow]
    /// The rows after `seq` through `last` with one of `operations`, oldest first, a page at a
    /// time; payloads left as text. The log is filtered where it is stored, so the rows of other
    /// operations are never read into the program.
    func scanRows(after seq: Int64, through last: Int64, operations: [EventOperation], pageSize: Int, _ body: (LoggedRow) throws -> Void) throws
    /// How many events there are after `seq` through `last`.
    func count(after seq: Int64, through last: Int64) throws -> Int
    /// The first event at or after scene time `time`.
    func firstSeq(atOrAfter time: Double) throws -> Int64?
    /// The last event's seq (0 for an empty log).
    func lastSeq() throws -> Int64
    /// The scene time of the latest event (0 for an empty log).
    func currentSceneTime() throws -> Double
}

extension EventStore {
    package func list(since: Int64 = 0, object: String? = nil, before: Int64? = nil, limit: Int? = nil) throws -> [Event] {
        var events: [Event] = []
        try forEach(since: since, object: object, operation: nil, before: before, limit: limit, reverse: false) { events.append($0) }
        return events
    }
    package func forEach(since: Int64 = 0, object: String? = nil, before: Int64? = nil, limit: Int? = nil, _ body: (Event) throws -> Void) throws {
        try forEach(since: since, object: object, operation: nil, before: before, limit: limit, reverse: false, body)
    }
    package func forEach(since: Int64 = 0, object: String? = nil, limit: Int? = nil, reverse: Bool, _ body: (Event) throws -> Void) throws {
        try forEach(since: since, object: object, operation: nil, before: nil, limit: limit, reverse: reverse, body)
    }
    package func forEachJSONLine(
        since: Int64 = 0, object: String? = nil, before: Int64? = nil, limit: Int? = nil, reverse: Bool = false,
        _ body: (String) throws -> Void
    ) throws {
        try forEachNumberedJSONLine(since: since, object: object, operation: nil, before: before, limit: limit, reverse: reverse) { try body($1) }
    }
    package func forEachNumberedJSONLine(since: Int64 = 0, _ body: (Int64, String) throws -> Void) throws {
        try forEachNumberedJSONLine(since: since, object: nil, operation: nil, before: nil, limit: nil, reverse: false, body)
    }
    package func follow(since: Int64 = 0, object: String? = nil, _ body: (Int64, String) throws -> Bool) throws {
        try follow(since: since, object: object, batchEnd: {}, stopped: { false }, body)
    }
    package func list(about id: String, until time: Double) throws -> [Event] { try list(about: id, after: 0, until: time) }
    package func scanRows(after seq: Int64, through last: Int64 = .max, until time: Double = .infinity, _ body: (LoggedRow) throws -> Void) throws {
        try scanRows(after: seq, through: last, until: time, pageSize: 2_048, body)
    }
    /// ``scanRows(after:through:until:pageSize:_:)`` with each row read as an event.
    package func scan(
        after seq: Int64, through last: Int64 = .max, until time: Double = .infinity, pageSize: Int = 2_048,
        _ body: (Event) throws -> Void
    ) throws {
        try scanRows(after: seq, through: last, until: time, pageSize: pageSize) { try body(try $0.event()) }
    }
}
