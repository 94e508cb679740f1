import CatalogKit
import Synchronization

/// Answers kept while the catalog's components stand as they were: the component list, asked for
/// on every visit, is read and written out anew only when the component table changes in any
/// process (``Catalog/Components/stamp()``), not on every request. While nothing was committed
/// the stamp is known without a query (``Catalog/Components/keptStamp()``), and a kept answer
/// goes out from the request's own thread.
///
/// ```swift
/// let text = try cache.text(stamp: try catalog.components.stamp(), key: query) { try render() }
/// ```
final class AnswerCache: Sendable {
    private struct Kept {
        var stamp = ""
        var texts: [String: String] = [:]
    }

    private let kept = Mutex(Kept())
    /// Answers kept per stamp (distinct queries); beyond it they are dropped and made again.
    static let capacity = 256

    /// The text kept for `key` under `stamp`, if there is one.
    private func kept(stamp: String, key: String) -> String? {
        kept.withLock { $0.stamp == stamp ? $0.texts[key] : nil }
    }

    /// The text for `key` while `catalog`'s components stand: kept and still current, from the
    /// request's own thread; else read and made on the store's threads (``offload(writing:_:)``).
    func text(key: String, catalog: Catalog, make: @escaping @Sendable () throws -> String) async throws -> String {
        if let stamp = catalog.components.keptStamp(), let text = kept(stamp: stamp, key: key) { return text }
        return try await offload { try self.text(stamp: try catalog.components.stamp(), key: key, make: make) }
    }

    /// The text for `key` under `stamp`, made by `make` the first time.
    func text(stamp: String, key: String, make: () throws -> String) rethrows -> String {
        if let hit = kept.withLock({ $0.stamp == stamp ? $0.texts[key] : nil }) { return hit }
        let text = try make()
        kept.withLock { kept in
            if kept.stamp != stamp || kept.texts.count >= Self.capacity { kept = Kept(stamp: stamp) }
            kept.texts[key] = text
        }
        return text
    }
}
