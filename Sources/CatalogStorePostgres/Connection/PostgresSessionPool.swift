import Synchronization

/// A handle's connections, taken in turn, each replaced by a new one when it is found closed —
/// a server restart, a proxy's idle timeout, an administrator's `pg_terminate_backend` — so that
/// the statement after a loss reconnects instead of every later one failing.
///
/// ```swift
/// let pool = try PostgresSessionPool(first: try PostgresSession(endpoint: endpoint), count: 4)
/// try pool.take().query("SELECT 1")
/// ```
package final class PostgresSessionPool: Sendable {
    private let sessions: Mutex<[PostgresSession]>
    private let next = Atomic(0)
    let count: Int

    /// `first` (already connected and migrated) and `count - 1` more connections to its server.
    init(first: PostgresSession, count: Int) throws {
        var sessions = [first]
        for _ in 1..<max(1, count) { sessions.append(try PostgresSession(endpoint: first.endpoint)) }
        self.sessions = Mutex(sessions)
        self.count = sessions.count
    }

    /// Every connection as it stands.
    package var all: [PostgresSession] { sessions.withLock { $0 } }

    /// The next connection in turn, reconnected first if it was lost. When the server cannot be
    /// reached, the lost one is handed back: its statements fail with ``PostgresStoreError/connectionLost(server:)``.
    package func take() -> PostgresSession {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue % count
        let current = sessions.withLock { $0[index] }
        guard current.isClosed, let fresh = try? PostgresSession(endpoint: current.endpoint) else { return current }
        // Another thread may have replaced it meanwhile: the first replacement stays.
        let (taken, dropped) = sessions.withLock { sessions -> (PostgresSession, PostgresSession) in
            guard sessions[index] === current else { return (sessions[index], fresh) }
            sessions[index] = fresh
            return (fresh, current)
        }
        // Released here, outside the lock: closing a session waits for its event loop.
        withExtendedLifetime(dropped) {}
        return taken
    }
}
