import Foundation

/// Tells whether any connection — in this process or another — committed since the last look,
/// without a database round trip.
///
/// SQLite in WAL mode keeps a shared-memory index (`<db>-shm`) whose header every commit
/// rewrites, bumping its change counter (the "WAL-index header", documented in
/// sqlite.org/walformat.html). SQLite's own connections compare this header to know whether
/// their cached pages are stale; we map the same file read-only and do the same comparison, so
/// a cached read costs a 48-byte compare instead of a query.
///
/// Rule: a read that starts after a commit returned — in any process — sees that commit.
final class CommitObserver: @unchecked Sendable {
    // Safe to share: the mapping is read-only and never changes after init.
    private let header: UnsafeRawPointer?
    private let mappedLength = 4096

    init(databasePath: String) {
        let descriptor = open(databasePath + "-shm", O_RDONLY)
        guard descriptor >= 0 else {
            header = nil
            return
        }
        defer { close(descriptor) }
        let mapping = mmap(nil, mappedLength, PROT_READ, MAP_SHARED, descriptor, 0)
        header = mapping == MAP_FAILED ? nil : UnsafeRawPointer(mapping)
    }

    deinit {
        if let header { munmap(UnsafeMutableRawPointer(mutating: header), mappedLength) }
    }

    /// Whether change detection works here (false for databases not in WAL mode).
    var isAvailable: Bool { header != nil }

    /// A fingerprint of the WAL-index header (change counter, last frame, salts, checksums).
    /// Different after every commit by any connection.
    @inline(__always)
    func stamp() -> Stamp {
        guard let header else { return Stamp() }
        // Volatile-style loads: the words are updated by other processes.
        let words = header.assumingMemoryBound(to: UInt64.self)
        return Stamp(a: words[0], b: words[1], c: words[2], d: words[3], e: words[4], f: words[5])
    }

    struct Stamp: Equatable {
        var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, d: UInt64 = 0, e: UInt64 = 0, f: UInt64 = 0
    }
}
