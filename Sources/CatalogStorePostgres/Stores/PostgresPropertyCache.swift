import CatalogModel
import CatalogStoreCore
import Foundation
import Synchronization

/// The property cache of a long-lived handle on PostgreSQL: values read once are served from
/// memory until a commit — this handle's own at once, another machine's when its `NOTIFY`
/// arrives on a listening connection of the cache's own — empties it.
///
/// This handle's writes are seen by its next read (the cache is emptied before the write call
/// returns). Another machine's commit is seen once its notification has arrived: a fraction of a
/// millisecond on a local network (`log_follow_latency` measures the same path), against SQLite's
/// shared-memory check, which sees another process's commit at once. When the listening
/// connection is lost, reads go to the server until the handle is opened again.
///
/// The component table's stamp is kept the same way, so that a server's cached pages are
/// answered without a round trip while no commit was announced.
final class PostgresPropertyCache: Sendable {
    struct Key: Hashable {
        var object: String
        var key: String
    }

    private struct State {
        var entries: [Key: PropertyValue?] = [:]
        /// The component table's stamp as last read (``PostgresComponentStore/tableStamp()``).
        var componentStamp: String?
        /// Bumped by every invalidation: a read that started before one must not store its result.
        var generation: UInt64 = 0
        var listening: Bool?
        /// A caller is connecting the listener.
        var starting = false
        var listener: PostgresSession?
        var afterRead: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())
    static let capacity = 100_000

    /// Runs between a missed read and the store of its result: tests land a commit there.
    var afterRead: (@Sendable () -> Void)? {
        get { state.withLock { $0.afterRead } }
        set { state.withLock { $0.afterRead = newValue } }
    }

    /// How many invalidations there have been (a notification's arrival shows as a change).
    var currentGeneration: UInt64 { state.withLock { $0.generation } }

    /// Starts listening on first use; false when that failed (the cache is then off).
    func isAvailable(_ endpoint: PostgresEndpoint) -> Bool {
        // One caller starts the listener; the others find the cache off until it is running.
        let connects = state.withLock { state -> Bool in
            guard state.listening == nil, !state.starting else { return false }
            state.starting = true
            return true
        }
        guard connects else { return state.withLock { $0.listening == true } }
        // Connecting happens outside the lock, and so does dropping a session: closing one waits
        // for its event loop, which may be running a callback that needs the lock.
        var listener: PostgresSession?
        if let session = try? PostgresSession(endpoint: endpoint) {
            do {
                try session.listen(PostgresDatabase.eventChannel) { [weak self] _ in self?.invalidate() }
                listener = session
            } catch {}
        }
        state.withLock { state in
            state.listener = listener
            state.listening = listener != nil
        }
        listener?.connection.closeFuture.whenComplete { [weak self] _ in self?.turnOff() }
        return listener != nil
    }

    enum Lookup {
        /// Cached (nil: known absent).
        case hit(PropertyValue?)
        /// Not cached: read it, then store it under this generation.
        case miss(UInt64)
        /// The cache is off (or not started yet: ``isAvailable(_:)`` starts it).
        case off
    }

    /// One lock round: the hot path of a cached read.
    func lookup(_ key: Key) -> Lookup {
        state.withLock { state in
            guard state.listening == true else { return .off }
            if let entry = state.entries[key] { return .hit(entry) }
            return .miss(state.generation)
        }
    }

    func store(_ value: PropertyValue?, for key: Key, seenAt generation: UInt64) {
        state.withLock { state in
            guard generation == state.generation, state.listening == true else { return }
            if state.entries.count >= Self.capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = .some(value)
        }
    }

    func invalidate() {
        state.withLock { state in
            state.generation &+= 1
            state.entries.removeAll(keepingCapacity: true)
            state.componentStamp = nil
        }
    }

    /// The component stamp kept since the last commit announced, if any (nil while the cache is off).
    var keptComponentStamp: String? { state.withLock { $0.listening == true ? $0.componentStamp : nil } }

    /// Keeps a component stamp read by a query that started at `generation`.
    func keepComponentStamp(_ stamp: String, seenAt generation: UInt64) {
        state.withLock { state in
            guard generation == state.generation, state.listening == true else { return }
            state.componentStamp = stamp
        }
    }

    private func turnOff() {
        state.withLock { state in
            state.listening = false
            state.generation &+= 1
            state.entries.removeAll()
            state.componentStamp = nil
        }
    }
}
