import Synchronization

/// A table's stamp kept while no connection — in this process or another — has committed since
/// it was read (``CommitObserver``): asking for it again is a 48-byte compare, not a query.
///
/// ```swift
/// let kept = KeptStamp(observer: observer)
/// let (stamp, seen) = kept.lookup()
/// let current = try stamp ?? readStamp()   // read after `seen`: it holds at least what `seen` saw
/// if stamp == nil { kept.keep(current, seenAt: seen) }
/// ```
final class KeptStamp: Sendable {
    let observer: CommitObserver
    private let kept = Mutex<(seen: CommitObserver.Stamp, stamp: String)?>(nil)

    init(observer: CommitObserver) {
        self.observer = observer
    }

    /// The stamp kept, if no commit came since it was read, and the header as it is now.
    func lookup() -> (stamp: String?, seen: CommitObserver.Stamp) {
        // The header is read under the lock, whose barriers keep the load where it is written.
        kept.withLock { kept in
            let seen = observer.stamp()
            return (kept?.seen == seen ? kept?.stamp : nil, seen)
        }
    }

    /// Keeps `stamp`, read by a query that started after the header was `seen`.
    func keep(_ stamp: String, seenAt seen: CommitObserver.Stamp) {
        kept.withLock { $0 = (seen, stamp) }
    }
}
