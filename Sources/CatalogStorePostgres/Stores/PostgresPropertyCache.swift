import CatalogModel
import CatalogStore
import Foundation

/// The property cache of a long-lived handle on PostgreSQL: values read once are served from
/// memory until a commit — this handle's own at once, another machine's when its `NOTIFY`
/// arrives on a listening connection of the cache's own — empties it.
///
/// This handle's writes are seen by its next read (the cache is emptied before the write call
/// returns). Another machine's commit is seen once its notification has arrived: a fraction of a
/// millisecond on a local network (`log_follow_latency` measures the same path), against SQLite's
/// shared-memory check, which sees another process's commit at once. When the listening
/// connection is lost, reads go to the server until the handle is opened again.
final class PostgresPropertyCache: @unchecked Sendable {
    struct Key: Hashable {
        var object: String
        var key: String
    }

    private let lock = NSLock()
    private var entries: [Key: PropertyValue?] = [:]
    /// Bumped by every invalidation: a read that started before one must not store its result.
    private var generation: UInt64 = 0
    private var listening: Bool?
    private var listener: PostgresSession?
    static let capacity = 100_000
    /// Runs between a missed read and the store of its result: tests land a commit there.
    var afterRead: (@Sendable () -> Void)?

    /// How many invalidations there have been (a notification's arrival shows as a change).
    var currentGeneration: UInt64 { lock.withLock { generation } }

    /// Starts listening on first use; false when that failed (the cache is then off).
    func isAvailable(_ endpoint: PostgresEndpoint) -> Bool {
        lock.lock()
        if let listening {
            lock.unlock()
            return listening
        }
        lock.unlock()
        var started = false
        if let session = try? PostgresSession(endpoint: endpoint) {
            do {
                try session.listen(PostgresDatabase.eventChannel) { [weak self] _ in self?.invalidate() }
                session.connection.closeFuture.whenComplete { [weak self] _ in self?.turnOff() }
                started = true
                lock.withLock { listener = session }
            } catch {}
        }
        return lock.withLock {
            if listening == nil { listening = started }
            return listening!
        }
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
        lock.lock()
        defer { lock.unlock() }
        guard listening == true else { return .off }
        if let entry = entries[key] { return .hit(entry) }
        return .miss(generation)
    }

    func store(_ value: PropertyValue?, for key: Key, seenAt generation: UInt64) {
        lock.withLock {
            guard generation == self.generation, listening == true else { return }
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = .some(value)
        }
    }

    func invalidate() {
        lock.withLock {
            generation &+= 1
            entries.removeAll(keepingCapacity: true)
        }
    }

    private func turnOff() {
        lock.withLock {
            listening = false
            generation &+= 1
            entries.removeAll()
        }
    }
}
