import CatalogStoreCore
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import Synchronization

/// One result row, read by column index.
package struct SQLRow: Sendable {
    let cells: [PostgresCell]

    init(_ row: PostgresRow) { cells = Array(row) }

    package var count: Int { cells.count }

    package func text(_ index: Int) throws -> String? { try cells[index].decode(String?.self) }
    package func integer(_ index: Int) throws -> Int64? { try cells[index].decode(Int64?.self) }
    package func real(_ index: Int) throws -> Double? { try cells[index].decode(Double?.self) }
    package func bool(_ index: Int) throws -> Bool? { try cells[index].decode(Bool?.self) }

    /// Every column as a ``SQLValue``, by its PostgreSQL type.
    package func values() throws -> [SQLValue] {
        try cells.map { cell in
            guard cell.bytes != nil else { return .null }
            switch cell.dataType {
            case .int8, .int4, .int2: return .integer(try cell.decode(Int64.self))
            case .float8, .float4, .numeric: return .real(try cell.decode(Double.self))
            case .bool: return .bool(try cell.decode(Bool.self))
            default: return .text(try cell.decode(String.self))
            }
        }
    }
}

/// One connection to a PostgreSQL server, used synchronously: the store's API is synchronous
/// like SQLite's, so each call waits for postgres-nio's future on the calling thread (never an
/// event-loop thread). Calls from several threads take turns.
///
/// ```swift
/// let session = try PostgresSession(endpoint: try PostgresEndpoint(url: "postgres://me@localhost/catalog"))
/// let rows = try session.query("SELECT seq FROM event WHERE seq > $1", [.integer(0)])
/// ```
package final class PostgresSession: Sendable {
    package let endpoint: PostgresEndpoint
    let connection: PostgresConnection
    /// Held by the thread whose statements are running; see ``exclusively(_:)``.
    private let turn = Mutex(())
    /// The thread holding `turn`, so that its own statements inside a transaction go straight on.
    private let holder = Mutex<pthread_t?>(nil)
    /// The promise the calling thread waits on, failed if the connection closes first (see ``wait(_:)``).
    private let pending = PendingResult()
    /// Statements sent so far: tests count round trips with it.
    private let sent = Atomic(0)
    package var statementsSent: Int { sent.load(ordering: .relaxed) }
    static let logger = Logger(label: "component-catalog.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Connects, within the endpoint's connect timeout; errors are ``PostgresStoreError``s.
    package init(endpoint: PostgresEndpoint) throws {
        self.endpoint = endpoint
        let tls: PostgresConnection.Configuration.TLS
        do {
            switch endpoint.tls {
            case .disable: tls = .disable
            case .require:
                var configuration = TLSConfiguration.makeClientConfiguration()
                configuration.certificateVerification = .none
                tls = .require(try NIOSSLContext(configuration: configuration))
            case .verifyFull:
                tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        } catch {
            throw PostgresStoreError.tls(server: endpoint.server, reason: "\(error)")
        }
        var configuration = PostgresConnection.Configuration(
            host: endpoint.host, port: endpoint.port, username: endpoint.user, password: endpoint.password, database: endpoint.database, tls: tls)
        configuration.options.connectTimeout = .milliseconds(Int64(endpoint.connectTimeout * 1_000))
        do {
            connection = try PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1, logger: Self.logger
            ).wait()
        } catch {
            throw PostgresStoreError.from(error, endpoint: endpoint, connecting: true)
        }
        let pending = self.pending, lost = PostgresStoreError.connectionLost(server: endpoint.server)
        connection.closeFuture.whenComplete { _ in pending.fail(lost) }
    }

    /// Whether the connection is gone (the server closed it, or the network lost it).
    package var isClosed: Bool { connection.isClosed }

    deinit {
        // The last reference may go on the connection's own event loop (a listener's callback
        // releasing the cache that holds it), where waiting is a deadlock: close without waiting.
        if connection.eventLoop.inEventLoop {
            let closing: EventLoopFuture<Void> = connection.close()
            _ = closing
        } else {
            try? connection.close().wait()
        }
    }

    /// Runs one statement with its parameters and returns its rows.
    @discardableResult
    package func query(_ sql: String, _ values: [SQLValue] = []) throws -> [SQLRow] {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .text(let text):
                // PostgreSQL refuses U+0000 in text with a server error; it is the caller's input.
                guard !text.utf8.contains(0) else { throw PostgresStoreError.nulInText(server: endpoint.server) }
                bindings.append(text)
            case .integer(let number): bindings.append(number)
            case .real(let number): bindings.append(number)
            case .bool(let flag): bindings.append(flag)
            case .null: bindings.appendNull()
            }
        }
        let query = PostgresQuery(unsafeSQL: sql, binds: bindings)
        return try exclusively {
            sent.add(1, ordering: .relaxed)
            do {
                return try wait(connection.query(query, logger: Self.logger)).rows.map(SQLRow.init)
            } catch {
                throw PostgresStoreError.from(error, endpoint: endpoint, connecting: false)
            }
        }
    }

    /// Waits for `future`, or until the connection closes: a statement sent just as the server
    /// went away may otherwise never be answered.
    private func wait(_ future: EventLoopFuture<PostgresQueryResult>) throws -> PostgresQueryResult {
        guard !connection.isClosed else { throw PostgresStoreError.connectionLost(server: endpoint.server) }
        let promise = future.eventLoop.makePromise(of: PostgresQueryResult.self)
        future.cascade(to: promise)
        pending.set(promise)
        defer { pending.set(nil) }
        // Closed between the check and `set`: the close callback has already run.
        if connection.isClosed { promise.fail(PostgresStoreError.connectionLost(server: endpoint.server)) }
        return try promise.futureResult.wait()
    }

    /// Runs SQL text that may hold several statements (a migration file), without parameters,
    /// one statement at a time (see ``SQLScript``).
    package func execute(script sql: String) throws {
        try exclusively {
            for statement in SQLScript.statements(sql) { try query(statement) }
        }
    }

    /// Runs `body` between BEGIN and COMMIT, rolling back when it throws. The session is held
    /// for the whole transaction, so other threads' statements cannot slip into it.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        try exclusively {
            try query("BEGIN")
            do {
                let result = try body()
                try query("COMMIT")
                return result
            } catch {
                _ = try? query("ROLLBACK")
                throw error
            }
        }
    }

    /// Runs `body` while no other thread's statements run on this connection. The thread already
    /// inside (a transaction whose body sends statements) goes straight on, as with a recursive lock.
    private func exclusively<T>(_ body: () throws -> T) throws -> T {
        let me = pthread_self()
        if holder.withLock({ $0.map { pthread_equal($0, me) != 0 } ?? false }) { return try body() }
        // The result leaves the lock through a local: `Mutex.withLock` hands back only values it
        // can prove unshared, which a generic `T` is not.
        var outcome: Result<T, any Error>?
        turn.withLock { _ in
            holder.withLock { $0 = me }
            defer { holder.withLock { $0 = nil } }
            outcome = Result { try body() }
        }
        return try outcome!.get()
    }

    /// Calls `handler` (on an event-loop thread) with each notification's payload on `channel`,
    /// after `LISTEN channel` returned.
    package func listen(_ channel: String, _ handler: @escaping @Sendable (String) -> Void) throws {
        connection.addListener(channel: channel) { _, notification in handler(notification.payload) }
        try query("LISTEN \(channel)")
    }
}

/// The one promise a session's caller waits on at a time.
final class PendingResult: Sendable {
    private let promise = Mutex<EventLoopPromise<PostgresQueryResult>?>(nil)

    func set(_ promise: EventLoopPromise<PostgresQueryResult>?) { self.promise.withLock { $0 = promise } }

    func fail(_ error: any Error) {
        // Completing a promise twice is ignored by NIO: the query may have answered first.
        promise.withLock { $0 }?.fail(error)
    }
}
