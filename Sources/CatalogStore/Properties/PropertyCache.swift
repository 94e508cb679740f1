import CatalogModel
import CatalogStoreCore
import Synchronization

/// The in-memory cache behind property reads.
///
/// Rule: a read returns what the database held when the read started, including every commit
/// by any handle or process that returned before it. The cache is stamped with the WAL-index
/// header (see ``CommitObserver``); any commit changes the header, and the first read after it
/// drops every entry. An entry is only stored if no commit happened between the stamp and the
/// database read that produced it. Without WAL change detection the cache is bypassed.
final class PropertyCache: Sendable {
    struct Key: Hashable {
        var object: String
        var key: String
    }

    enum Entry {
        case value(PropertyValue)
        case absent
    }

    private struct State {
        var stamp = CommitObserver.Stamp()
        var entries: [Key: Entry] = [:]
    }

    private let state = Mutex(State())
    let observer: CommitObserver

    init(observer: CommitObserver) {
        self.observer = observer
    }

    /// The cached entry (nil on a miss) and the stamp to hand back to ``store``.
    @inline(__always)
    func lookup(_ key: Key) -> (Entry?, CommitObserver.Stamp) {
        state.withLock { state in
            let stamp = observer.stamp()
            if stamp != state.stamp {
                state.entries.removeAll(keepingCapacity: true)
                state.stamp = stamp
            }
            return (state.entries[key], stamp)
        }
    }

    func store(_ entry: Entry, for key: Key, seenAt stamp: CommitObserver.Stamp) {
        state.withLock { state in
            if state.stamp == stamp, observer.stamp() == stamp { state.entries[key] = entry }
        }
    }
}
