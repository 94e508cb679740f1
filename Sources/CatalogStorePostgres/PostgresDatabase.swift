import CatalogModel
import CatalogStore
import Foundation

/// The catalog store on a PostgreSQL server: connected from a `postgres://` URL and migrated
/// on open (`Migrations/postgres/`), like ``CatalogDatabase`` for a SQLite file.
///
/// Every change goes through ``write(at:_:)``, which numbers its events under the log's
/// counter row, so that events commit in sequence order (see ``PostgresEventWriter``).
///
/// ```swift
/// let database = try PostgresDatabase(url: "postgres://catalog@db.example.com/catalog")
/// try database.write(at: nil) { events in try events.append(.typeDeclare, object: nil, payloadText: #"{"name":"badge","properties":{}}"#) }
/// ```
public final class PostgresDatabase: Sendable {
    public let endpoint: PostgresEndpoint
    /// The connection every statement of this handle uses, one at a time.
    public let session: PostgresSession

    /// Connects to `url` and applies pending migrations (the embedded ones by default).
    public init(url: String, migrations: [Migration]? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        endpoint = try PostgresEndpoint(url: url, environment: environment)
        session = try PostgresSession(endpoint: endpoint)
        try PostgresMigrations(migrations: try migrations ?? PostgresMigrations.embedded()).migrate(session)
    }

    /// The channel `NOTIFY` announces committed events on (the payload: the last seq).
    public static let eventChannel = "catalog_event"

    public var events: PostgresEventLog { PostgresEventLog(database: self) }

    /// Runs `body` in one transaction that first locks the event counter: its events are
    /// numbered after every committed event and commit (or roll back) with the change. Followers
    /// are notified after the commit. `sceneTime`: the time of its events (nil: the scene clock
    /// stays where the last event left it); refused when it goes back.
    public func write<T>(at sceneTime: Double?, _ body: (PostgresEventWriter) throws -> T) throws -> T {
        try session.transaction {
            guard let counter = try session.query("SELECT last_seq, scene_time FROM event_counter FOR UPDATE").first,
                let last = try counter.integer(0), let lastTime = try counter.real(1)
            else { throw StoreError.migration("the event counter row is missing: the database was changed by hand") }
            let time: Double
            if let sceneTime {
                guard sceneTime.isFinite, sceneTime <= NumericLimits.maximumTime else { throw StoreError.sceneTimeOutOfRange(sceneTime) }
                guard sceneTime >= lastTime else { throw StoreError.sceneTimeBackwards(requested: sceneTime, last: lastTime) }
                time = sceneTime
            } else {
                time = lastTime
            }
            let writer = PostgresEventWriter(session: session, sceneTime: time, lastSeq: last)
            let result = try body(writer)
            if writer.lastSeq > last {
                try session.query("UPDATE event_counter SET last_seq = $1, scene_time = $2", [.integer(writer.lastSeq), .real(time)])
                // Delivered at commit, in commit order; a follower reads the log from its last seq anyway.
                try session.query("SELECT pg_notify($1, $2)", [.text(Self.eventChannel), .text(String(writer.lastSeq))])
            }
            return result
        }
    }
}

/// Appends event rows inside ``PostgresDatabase/write(at:_:)``: numbered after the counter
/// the transaction holds locked.
public final class PostgresEventWriter {
    let session: PostgresSession
    /// The scene time every event of this transaction gets.
    public let sceneTime: Double
    public private(set) var lastSeq: Int64

    init(session: PostgresSession, sceneTime: Double, lastSeq: Int64) {
        self.session = session
        self.sceneTime = sceneTime
        self.lastSeq = lastSeq
    }

    /// Appends an event whose payload is canonical JSON text; returns its seq.
    @discardableResult
    public func append(_ operation: EventOperation, object: String?, payloadText: String) throws -> Int64 {
        let seq = lastSeq + 1
        try session.query("INSERT INTO event (seq, scene_time, operation, object_id, payload) VALUES ($1, $2, $3, $4, $5)",
                          [.integer(seq), .real(sceneTime), .text(operation.rawValue), object.map(SQLValue.text) ?? .null, .text(payloadText)])
        lastSeq = seq
        return seq
    }
}
