import CatalogKit
import Synchronization

/// The parts of a component page that only its version and the catalog's current components
/// decide — the YAML, the exports, the preview — rendered once and kept, keyed by the version
/// and the catalog's component stamp (a new step version or token set makes a new key). The
/// exports alone take milliseconds (Lottie, baked CSS); a page asked for again costs a lookup.
final class RenderedParts: Sendable {
    struct Parts: Sendable {
        var yaml: String
        var exports: String?
        var preview: PreviewSection?
        var chainPreview: ChainPreviewSection?
    }

    private let kept = Mutex<[String: Parts]>([:])
    /// Versions kept at once: a bound, for servers whose catalog changes all day.
    static let capacity = 512

    func parts(of stored: StoredComponent, catalog: Catalog, render: () throws -> Parts) throws -> Parts {
        let key = "\(stored.name)@\(stored.version)#\(stored.contentHash)|\(try catalog.components.stamp())"
        if let hit = kept.withLock({ $0[key] }) { return hit }
        let parts = try render()
        kept.withLock { cache in
            if cache.count >= Self.capacity { cache.removeAll() }
            cache[key] = parts
        }
        return parts
    }
}
