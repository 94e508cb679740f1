import GRDB
import GRDBSQLite

/// Tells whether any connection — in this process or another — committed since the last look,
/// without a database round trip.
///
/// SQLite in WAL mode keeps a shared-memory index (`<db>-shm`) whose header every commit
/// rewrites, bumping its change counter (the "WAL-index header", sqlite.org/walformat.html).
/// SQLite's own connections compare this header to know whether their cached pages are stale; we
/// read the same header through SQLite's own mapping of it (the VFS `xShmMap` method of the
/// pool's writer connection), so a cached read costs a 48-byte compare instead of a query.
///
/// Why not map the file ourselves: opening and closing a second descriptor on `-shm` would drop
/// this process's POSIX locks on it, which SQLite relies on (another process could then reset
/// the shared memory under us).
///
/// Rule: a read that starts after a commit returned — in any process — sees that commit.
final class CommitObserver: Sendable {
    // The mapping's address, kept as an integer so that the observer is plainly `Sendable`: it
    // stays valid while the writer connection is open (as long as the pool, which
    // `CatalogDatabase` holds alongside this observer), and it is only read.
    private let headerAddress: UInt?

    init(pool: DatabasePool) {
        headerAddress = pool.writeWithoutTransaction { db -> UInt? in
            guard let connection = db.sqliteConnection else { return nil }
            var file: UnsafeMutablePointer<sqlite3_file>?
            guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
                let file, let methods = file.pointee.pMethods, methods.pointee.iVersion >= 2,
                let shmMap = methods.pointee.xShmMap
            else { return nil }
            var region: UnsafeMutableRawPointer?
            // Region 0 holds the header; 32 KiB is SQLite's WAL-index page size.
            guard shmMap(file, 0, 32768, 0, &region) == SQLITE_OK, let region else { return nil }
            return UInt(bitPattern: region)
        }
    }

    /// Whether change detection works here (false for databases not in WAL mode).
    var isAvailable: Bool { headerAddress != nil }

    /// A fingerprint of the WAL-index header (change counter, last frame, salts, checksums).
    /// Different after every commit by any connection. Callers read it under a lock, whose
    /// barriers keep the loads from being hoisted.
    @inline(__always)
    func stamp() -> Stamp {
        guard let headerAddress, let header = UnsafeRawPointer(bitPattern: headerAddress) else { return Stamp() }
        let words = header.assumingMemoryBound(to: UInt64.self)
        return Stamp(a: words[0], b: words[1], c: words[2], d: words[3], e: words[4], f: words[5])
    }

    struct Stamp: Equatable {
        var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, d: UInt64 = 0, e: UInt64 = 0, f: UInt64 = 0
    }
}
