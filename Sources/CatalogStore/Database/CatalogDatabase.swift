import CatalogModel
import CatalogStoreCore
import Foundation
import GRDB
import Synchronization

/// The SQLite database behind a catalog: a GRDB `DatabasePool` in WAL mode with foreign keys on,
/// a busy timeout (so concurrent processes wait instead of failing with "database is locked"),
/// migrated on open.
///
/// ```swift
/// let database = try CatalogDatabase(path: "/tmp/catalog.sqlite")
/// try database.objects.add(id: "cell-1", type: "cell")
/// ```
package final class CatalogDatabase: Sendable {
    /// The GRDB pool. Writes go through the repositories so that every change logs its event.
    package let pool: DatabasePool
    package let path: String
    /// Detects commits by any connection or process, to keep caches correct.
    let propertyCache: PropertyCache
    /// Point queries on their own connection (see ``PointReader``).
    let pointReader: PointReader
    /// Checkpoints this handle's WAL in the background (see ``WALCheckpointer``).
    let checkpointer: WALCheckpointer
    /// True when the file exists but this process may not write it (a `chmod 444` file, a
    /// shared read-only copy): it is opened read-only, every read works, and a write is refused
    /// with ``StoreError/readOnly(_:)`` instead of failing inside SQLite.
    package let isReadOnly: Bool
    /// The connection of a ``batch(_:)`` while its body runs.
    let openBatch = OpenBatch()

    /// Opens (creating if needed) and migrates the database at `path`.
    /// - Parameters:
    ///   - migrations: the migrations to apply; the embedded `Migrations/` by default.
    ///   - checkpointing: when the write-ahead log is copied back into the database file.
    /// - Parameter readOnly: open an existing, migrated file for reading only, even when it
    ///   could be written: no write connection, so nothing is synced, checkpointed or deleted on
    ///   close (what a read command needs). A file that needs migrating is refused
    ///   (``StoreError/readOnly(_:needsMigration:)``); open it normally once.
    package init(path: String, migrations: [Migration]? = nil, checkpointing: CheckpointPolicy = .standard, readOnly: Bool = false) throws {
        self.path = path
        let exists = FileManager.default.fileExists(atPath: path)
        if readOnly, !exists { throw StoreError.cannotOpen(path) }
        isReadOnly = exists && (readOnly || access(path, W_OK) != 0)
        var configuration = Configuration()
        configuration.readonly = isReadOnly
        configuration.busyMode = .timeout(60)
        configuration.foreignKeysEnabled = true
        let checkpointer = WALCheckpointer(path: path, policy: checkpointing)
        self.checkpointer = checkpointer
        configuration.prepareDatabase { db in
            // WAL + NORMAL is durable against application crashes and only loses the last
            // transactions on power loss; it is what makes autocommit writes fast.
            guard !db.configuration.readonly else { return }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            checkpointer.install(on: db)
        }
        let location = isReadOnly ? Self.readOnlyLocation(path) : path
        let pointReader = PointReader(path: location, readOnly: isReadOnly)
        self.pointReader = pointReader
        do {
            pool = try Self.openPool(path: location, configuration: configuration)
            let runner = MigrationRunner(migrations: try migrations ?? Migration.embedded())
            if isReadOnly {
                guard try runner.isCurrent(pointReader) ?? runner.isCurrent(pool) else { throw StoreError.readOnly(path, needsMigration: true) }
            } else {
                try runner.migrate(pool)
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw StoreError.notADatabase(path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN {
            throw StoreError.cannotOpen(path)
        }
        propertyCache = PropertyCache(observer: CommitObserver(pool: pool))
    }

    /// Where a read-only file is opened. A WAL database is read through its `-shm` index, which
    /// SQLite creates beside the file; when the folder is read-only too and no `-wal`/`-shm`
    /// exist (the last writer closed cleanly, so the file holds everything), the file is opened
    /// `immutable` instead: no locks, no index — nobody can be writing it.
    static func readOnlyLocation(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let fileManager = FileManager.default
        guard access(folder.isEmpty ? "." : folder, W_OK) != 0, !fileManager.fileExists(atPath: path + "-wal"),
            !fileManager.fileExists(atPath: path + "-shm"),
            let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%")))
        else { return path }
        return "file:\(encoded)?immutable=1"
    }

    /// Opens the pool, waiting out other processes that open the same new file at that moment:
    /// switching a new file to WAL (`PRAGMA journal_mode = WAL`, run by GRDB on open) needs a lock
    /// that SQLite does not wait for with the busy handler, so a race between first opens fails
    /// with "database is locked" instead of waiting. Retried for up to about 30 s.
    private static func openPool(path: String, configuration: Configuration) throws -> DatabasePool {
        var attempt = 0
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempt < 600 {
                attempt += 1
                usleep(UInt32(min(attempt, 50)) * 1_000)
            }
        }
    }

    package var components: ComponentRepository { ComponentRepository(database: self) }
    package var objects: ObjectRepository { ObjectRepository(database: self) }
    package var events: EventLog { EventLog(database: self) }
    package var properties: PropertyRepository { PropertyRepository(database: self) }
    package var snapshots: SnapshotRepository { SnapshotRepository(database: self) }

    /// Returns once no background checkpoint of this handle is queued or running (see
    /// ``CheckpointPolicy``), so that the database file holds what they copied: before measuring
    /// or copying the file, and in tests. Writes are durable without it.
    package func waitForBackgroundCheckpoints() {
        checkpointer.drain()
    }

    /// Rewrites the file without the free pages that deleted rows left (`VACUUM`), returning its
    /// size before and after in bytes (the write-ahead log checkpointed into it afterwards).
    package func reclaimSpace() throws -> (before: Int64, after: Int64) {
        guard !isReadOnly else { throw StoreError.readOnly(path, needsMigration: false) }
        func size() throws -> Int64 {
            try pool.read { db in
                (try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0) * (try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
            }
        }
        let before = try size()
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
            try db.checkpoint(.truncate)
        }
        return (before, try size())
    }

    /// Runs `body` — any number of changes through the repositories — in one transaction: each
    /// change still commits with its event rows (a savepoint each), but the batch pays one
    /// commit instead of one per change. Used where many logged changes are carried out at once
    /// (`replay --verify` rebuilding a store). Reads through the repositories inside `body` are
    /// not allowed (GRDB's connections are not reentrant); changes made on other threads wait.
    package func batch<T>(_ body: () throws -> T) throws -> T {
        try batch(changesUndoneAlone: true, body)
    }

    /// ``batch(_:)`` for work that stands or falls whole — carrying out a log that must replay
    /// entirely (`replay --verify`'s rebuild into a scratch store): a change that fails is not
    /// undone by itself, the error ends the batch and rolls all of it back. It saves a
    /// savepoint per change, about a tenth of such a rebuild.
    package func batchAllOrNothing<T>(_ body: () throws -> T) throws -> T {
        try batch(changesUndoneAlone: false, body)
    }

    private func batch<T>(changesUndoneAlone: Bool, _ body: () throws -> T) throws -> T {
        guard !isReadOnly else { throw StoreError.readOnly(path, needsMigration: false) }
        return try pool.writeWithoutTransaction { db in
            try Self.withBulkCache(db) { try batchTransaction(db, savepoints: changesUndoneAlone, body) }
        }
    }

    /// A bulk write (a batch, an import) keeps its pages in a 64 MiB page cache until it
    /// commits: with SQLite's 2 MiB default a large one spilled pages into the WAL
    /// mid-transaction and read them back (`pwrite`/`pread` were a third of an import's time).
    /// The connection's own size comes back afterwards.
    static func withBulkCache<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        let previous = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -65536")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(previous)") }
        return try body()
    }

    private func batchTransaction<T>(_ db: Database, savepoints: Bool, _ body: () throws -> T) throws -> T {
        try db.execute(sql: "BEGIN IMMEDIATE")
        openBatch.begin(db, savepoints: savepoints)
        defer { openBatch.end() }
        do {
            let result = try body()
            // A change of an all-or-nothing batch that failed, its error caught by the body:
            // what it wrote before failing must not commit.
            if let failure = openBatch.failure() { throw failure }
            try db.execute(sql: "COMMIT")
            return result
        } catch {
            if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
            throw error
        }
    }

    /// Reads through the open batch's connection when the calling thread runs a batch (so a
    /// read inside ``batch(_:)`` sees what the batch wrote so far), else through the pool.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        if let (db, _) = openBatch.connection() { return try body(db) }
        return try pool.read(body)
    }

    /// Runs `body` in one IMMEDIATE transaction; `body` appends its event rows through the
    /// given ``EventWriter`` so a change and its log entries commit (or roll back) together.
    func write<T>(at sceneTime: Double?, _ body: (Database, EventWriter) throws -> T) throws -> T {
        guard !isReadOnly else { throw StoreError.readOnly(path, needsMigration: false) }
        if let (db, savepoints) = openBatch.connection() {
            guard savepoints else {
                do { return try body(db, try EventWriter(db: db, requestedTime: sceneTime)) } catch {
                    openBatch.failed(error)
                    throw error
                }
            }
            // Inside a batch: a savepoint of its transaction, so a refused change still leaves
            // nothing behind while the others commit together.
            try RawStatement.execute("SAVEPOINT change", in: db)
            do {
                let result = try body(db, try EventWriter(db: db, requestedTime: sceneTime))
                try RawStatement.execute("RELEASE change", in: db)
                return result
            } catch {
                try? RawStatement.execute("ROLLBACK TO change", in: db)
                try? RawStatement.execute("RELEASE change", in: db)
                throw error
            }
        }
        return try pool.writeWithoutTransaction { db in
            // BEGIN/COMMIT as cached statements stepped through the C API: GRDB's `write`
            // prepares them again on every call.
            try RawStatement.execute("BEGIN IMMEDIATE", in: db)
            do {
                let result = try body(db, try EventWriter(db: db, requestedTime: sceneTime))
                try RawStatement.execute("COMMIT", in: db)
                return result
            } catch {
                if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
                throw error
            }
        }
    }
}

/// The write connection of an open batch, visible only to the thread running it: a change
/// made on that thread joins the batch's transaction, one made on another waits its turn.
final class OpenBatch: Sendable {
    // Unchecked: GRDB's `Database` is not `Sendable`; it lives only inside the mutex and is
    // handed back only to the thread that runs the batch, which is the one that stored it.
    private struct Holder: @unchecked Sendable {
        var db: Database?
        var thread: pthread_t?
        /// Whether each change gets a savepoint of its own (see ``CatalogDatabase/batchAllOrNothing(_:)``).
        var savepoints = true
        /// The first change without a savepoint that failed.
        var failure: (any Error)?
    }

    private let holder = Mutex(Holder())

    func begin(_ db: Database, savepoints: Bool) {
        holder.withLock { $0 = Holder(db: db, thread: pthread_self(), savepoints: savepoints) }
    }

    func end() {
        holder.withLock { $0 = Holder() }
    }

    /// Notes that a change without a savepoint failed: the batch must not commit.
    func failed(_ error: any Error) {
        holder.withLock { holder in if holder.failure == nil { holder.failure = error } }
    }

    /// The first change without a savepoint that failed, if any.
    func failure() -> (any Error)? {
        holder.withLock { $0.failure }
    }

    /// The batch's connection when the calling thread runs the batch, and whether its changes
    /// get a savepoint each.
    func connection() -> (Database, savepoints: Bool)? {
        holder.withLock { holder in
            guard let thread = holder.thread, pthread_equal(thread, pthread_self()) != 0, let db = holder.db else { return nil }
            return (db, holder.savepoints)
        }
    }
}
