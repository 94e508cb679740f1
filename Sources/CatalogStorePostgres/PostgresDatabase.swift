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
    /// The handle's connections: a command needs one; `serve` opens several, so that requests
    /// run side by side. Each statement runs on one of them, a transaction on one throughout;
    /// a lost one is replaced when it is next taken.
    package let sessions: PostgresSessionPool

    /// Connects to `url` (`connections` connections) and applies pending migrations (the
    /// embedded ones by default).
    package init(
        url: String, migrations: [Migration]? = nil, environment: [String: String] = ProcessInfo.processInfo.environment, connections: Int = 1
    ) throws {
        endpoint = try PostgresEndpoint(url: url, environment: environment)
        let first = try PostgresSession(endpoint: endpoint)
        try PostgresMigrations(migrations: try migrations ?? PostgresMigrations.embedded()).migrate(first)
        sessions = try PostgresSessionPool(first: first, count: connections)
        propertyCache = PostgresPropertyCache()
        scope = nil
    }

    /// The same database, its stores working in the open transaction `scope`.
    private init(_ database: PostgresDatabase, in scope: PostgresScope) {
        endpoint = database.endpoint
        sessions = database.sessions
        propertyCache = database.propertyCache
        self.scope = scope
    }

    /// The connection a store (or a transaction) works on: the open transaction's on a scoped
    /// handle, else the next one in turn.
    package var session: PostgresSession {
        if let scope { return scope.session }
        return sessions.take()
    }

    /// The channel `NOTIFY` announces committed events on (the payload: the last seq).
    package static let eventChannel = "catalog_event"

    /// The open transaction this handle's stores work in: set on the handle a ``transaction(_:)``
    /// or ``batch(_:)`` passes its body, nil on the handle a catalog opens.
    let scope: PostgresScope?
    /// Property values read, until a commit here or a notification of one elsewhere.
    let propertyCache: PostgresPropertyCache

    /// Runs `body` in one transaction that first locks the event counter: its events are
    /// numbered after every committed event and commit (or roll back) with the change, and
    /// followers are notified after the commit. `sceneTime`: the time of its events (nil: the
    /// scene clock stays where the last event left it); refused when it goes back. Inside a
    /// ``batch(_:)`` the change is a savepoint of the batch's transaction.
    package func transaction<T>(at sceneTime: Double?, _ body: (any StoreTransaction) throws -> T) throws -> T {
        if let batch = scope {
            let session = batch.session
            try session.query("SAVEPOINT change")
            do {
                let transaction = PostgresTransaction(session: session, sceneTime: try Self.time(sceneTime, last: batch.lastTime), lastSeq: batch.lastSeq)
                let result = try body(transaction)
                try session.query("RELEASE SAVEPOINT change")
                if transaction.lastSeq > batch.lastSeq { batch.advance(seq: transaction.lastSeq, time: transaction.sceneTime) }
                return result
            } catch {
                _ = try? session.query("ROLLBACK TO SAVEPOINT change")
                _ = try? session.query("RELEASE SAVEPOINT change")
                throw error
            }
        }
        // Emptied whatever happens: a commit whose answer was lost may still have landed.
        defer { propertyCache.invalidate() }
        let session = self.session
        return try session.transaction {
            let (last, lastTime) = try Self.lockCounter(session)
            let transaction = PostgresTransaction(session: session, sceneTime: try Self.time(sceneTime, last: lastTime), lastSeq: last)
            let result = try body(transaction)
            if transaction.lastSeq > last { try Self.advanceCounter(session, to: transaction.lastSeq, time: transaction.sceneTime) }
            return result
        }
    }

    /// Runs `body` — an operation's reads, checks and writes through the stores of the handle it
    /// is given — in one transaction that locks the event counter first, so no other writer
    /// commits between what it reads and what it writes. The handle must not outlive `body`.
    package func transaction<T>(_ body: (PostgresDatabase) throws -> T) throws -> T {
        try batch(body)
    }

    /// Runs `body`'s changes, through the stores of the handle it is given, in one transaction
    /// (each a savepoint): the counter is locked once.
    package func batch<T>(_ body: (PostgresDatabase) throws -> T) throws -> T {
        if scope != nil { return try body(self) }
        defer { propertyCache.invalidate() }
        let session = self.session
        return try session.transaction {
            let (last, lastTime) = try Self.lockCounter(session)
            let scope = PostgresScope(session: session, lastSeq: last, lastTime: lastTime)
            let result = try body(PostgresDatabase(self, in: scope))
            if scope.lastSeq > last { try Self.advanceCounter(session, to: scope.lastSeq, time: scope.lastTime) }
            return result
        }
    }

    /// `SELECT … FOR UPDATE` of the counter row: writers take turns from here to their commit.
    private static func lockCounter(_ session: PostgresSession) throws -> (Int64, Double) {
        guard let counter = try session.query("SELECT last_seq, scene_time FROM event_counter FOR UPDATE").first,
            let last = try counter.integer(0), let lastTime = try counter.real(1)
        else { throw StoreError.migration("the event counter row is missing: the database was changed by hand") }
        return (last, lastTime)
    }

    private static func advanceCounter(_ session: PostgresSession, to seq: Int64, time: Double) throws {
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

/// The open transaction of a ``PostgresDatabase/transaction(_:)`` or ``PostgresDatabase/batch(_:)``:
/// where its numbering and clock stand. It lives on the thread that runs the transaction, which
/// holds the session.
final class PostgresScope: @unchecked Sendable {
    /// The connection the transaction is open on.
    let session: PostgresSession
    private(set) var lastSeq: Int64
    private(set) var lastTime: Double

    init(session: PostgresSession, lastSeq: Int64, lastTime: Double) {
        self.session = session
        self.lastSeq = lastSeq
        self.lastTime = lastTime
    }

    func advance(seq: Int64, time: Double) {
        lastSeq = seq
        lastTime = time
    }
}
