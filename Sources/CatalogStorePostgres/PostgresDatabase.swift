import CatalogModel
import CatalogStoreCore
import Foundation
import Synchronization

/// The catalog store on a PostgreSQL server: connected from a `postgres://` URL and migrated
/// on open (`Migrations/postgres/`), like ``CatalogDatabase`` for a SQLite file.
///
/// Every change goes through ``write(at:_:)``, which numbers its events under the log's
/// counter row, so that events commit in sequence order.
///
/// ```swift
/// let database = try PostgresDatabase(url: "postgres://catalog@db.example.com/catalog")
/// try database.objects.add(id: "cell-1", type: "cell")
/// ```
package final class PostgresDatabase: Sendable {
    package let endpoint: PostgresEndpoint
    /// The connection every statement of this handle uses, one at a time.
    package let session: PostgresSession

    /// Connects to `url` and applies pending migrations (the embedded ones by default).
    package init(url: String, migrations: [Migration]? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        endpoint = try PostgresEndpoint(url: url, environment: environment)
        session = try PostgresSession(endpoint: endpoint)
        try PostgresMigrations(migrations: try migrations ?? PostgresMigrations.embedded()).migrate(session)
    }

    /// The channel `NOTIFY` announces committed events on (the payload: the last seq).
    package static let eventChannel = "catalog_event"

    /// The open ``batch(_:)`` of the calling thread, if any.
    let openBatch = PostgresBatch()
    /// Property values read, until a commit here or a notification of one elsewhere.
    let propertyCache = PostgresPropertyCache()

    /// Runs `body` in one transaction that first locks the event counter: its events are
    /// numbered after every committed event and commit (or roll back) with the change, and
    /// followers are notified after the commit. `sceneTime`: the time of its events (nil: the
    /// scene clock stays where the last event left it); refused when it goes back. Inside a
    /// ``batch(_:)`` the change is a savepoint of the batch's transaction.
    package func transaction<T>(at sceneTime: Double?, _ body: (any StoreTransaction) throws -> T) throws -> T {
        if let batch = openBatch.current() {
            try session.query("SAVEPOINT change")
            do {
                let transaction = PostgresTransaction(session: session, sceneTime: try Self.time(sceneTime, last: batch.lastTime), lastSeq: batch.lastSeq)
                let result = try body(transaction)
                try session.query("RELEASE SAVEPOINT change")
                if transaction.lastSeq > batch.lastSeq { openBatch.advance(seq: transaction.lastSeq, time: transaction.sceneTime) }
                return result
            } catch {
                _ = try? session.query("ROLLBACK TO SAVEPOINT change")
                _ = try? session.query("RELEASE SAVEPOINT change")
                throw error
            }
        }
        // Emptied whatever happens: a commit whose answer was lost may still have landed.
        defer { propertyCache.invalidate() }
        return try session.transaction {
            let (last, lastTime) = try lockCounter()
            let transaction = PostgresTransaction(session: session, sceneTime: try Self.time(sceneTime, last: lastTime), lastSeq: last)
            let result = try body(transaction)
            if transaction.lastSeq > last { try advanceCounter(to: transaction.lastSeq, time: transaction.sceneTime) }
            return result
        }
    }

    /// Runs `body`'s changes in one transaction (each a savepoint): the counter is locked once.
    package func batch<T>(_ body: () throws -> T) throws -> T {
        defer { propertyCache.invalidate() }
        return try session.transaction {
            let (last, lastTime) = try lockCounter()
            openBatch.begin(lastSeq: last, lastTime: lastTime)
            defer { openBatch.end() }
            let result = try body()
            if let batch = openBatch.current(), batch.lastSeq > last { try advanceCounter(to: batch.lastSeq, time: batch.lastTime) }
            return result
        }
    }

    /// `SELECT … FOR UPDATE` of the counter row: writers take turns from here to their commit.
    private func lockCounter() throws -> (Int64, Double) {
        guard let counter = try session.query("SELECT last_seq, scene_time FROM event_counter FOR UPDATE").first,
            let last = try counter.integer(0), let lastTime = try counter.real(1)
        else { throw StoreError.migration("the event counter row is missing: the database was changed by hand") }
        return (last, lastTime)
    }

    private func advanceCounter(to seq: Int64, time: Double) throws {
        try session.query("UPDATE event_counter SET last_seq = $1, scene_time = $2", [.integer(seq), .real(time)])
        // Delivered at commit, in commit order; a follower reads the log from its last seq anyway.
        try session.query("SELECT pg_notify($1, $2)", [.text(Self.eventChannel), .text(String(seq))])
    }

    private static func time(_ requested: Double?, last: Double) throws -> Double {
        guard let requested else { return last }
        guard requested.isFinite, requested <= NumericLimits.maximumTime else { throw StoreError.sceneTimeOutOfRange(requested) }
        guard requested >= last else { throw StoreError.sceneTimeBackwards(requested: requested, last: last) }
        return requested
    }
}

/// The batch a thread has open on a ``PostgresDatabase``: where its numbering and clock stand.
final class PostgresBatch: Sendable {
    struct State {
        var thread: pthread_t
        var lastSeq: Int64
        var lastTime: Double
    }

    private let state = Mutex<State?>(nil)

    func begin(lastSeq: Int64, lastTime: Double) { state.withLock { $0 = State(thread: pthread_self(), lastSeq: lastSeq, lastTime: lastTime) } }
    func end() { state.withLock { $0 = nil } }
    func advance(seq: Int64, time: Double) { state.withLock { $0?.lastSeq = seq; $0?.lastTime = time } }

    func current() -> State? {
        state.withLock { state in
            guard let state, pthread_equal(state.thread, pthread_self()) != 0 else { return nil }
            return state
        }
    }
}
