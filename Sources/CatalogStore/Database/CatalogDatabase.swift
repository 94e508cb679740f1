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
    /// The component table's stamp, kept between commits (``ComponentRepository/tableStamp()``).
    let componentStamp: KeptStamp
    /// Point queries on their own connection (see ``PointReader``).
    let pointReader: PointReader
    /// Checkpoints this handle's WAL in the background (see ``WALCheckpointer``).
    let checkpointer: WALCheckpointer
    /// True when the file exists but this process may not write it (a `chmod 444` file, a
    /// shared read-only copy): it is opened read-only, every read works, and a write is refused
    /// with ``StoreError/readOnly(_:)`` instead of failing inside SQLite.
    package let isReadOnly: Bool
    /// The open transaction this handle's stores work in: set on the handle a ``transaction(_:)``
    /// or ``batch(_:)`` passes its body, nil on the handle a catalog opens.
    let scope: TransactionScope?

    /// Opens (creating if needed) and migrates the database at `path`.
    /// - Parameters:
    ///   - migrations: the migrations to apply; the embedded `Migrations/` by default.
    ///   - checkpointing: when the write-ahead log is copied back into the database file.
    /// - Parameter readOnly: open an existing, migrated file for reading only, even when it
    ///   could be written: no write connection, so nothing is synced, checkpointed or deleted on
    ///   close (what a read command needs). A file that needs migrating is refused
    ///   (``StoreError/readOnly(_:needsMigration:)``); open it normally once.
    /// - Parameter trace: hears every statement each pooled connection runs (tests count
    ///   transactions with it).
    package init(
        path: String, migrations: [Migration]? = nil, checkpointing: CheckpointPolicy = .standard, readOnly: Bool = false,
        trace: (@Sendable (String) -> Void)? = nil
    ) throws {
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
            if let trace { db.trace(options: .statement) { trace("\($0)") } }
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
        let observer = CommitObserver(pool: pool)
        propertyCache = PropertyCache(observer: observer)
        componentStamp = KeptStamp(observer: observer)
        scope = nil
    }

    /// The same database, its stores working in the open transaction `scope`.
    private init(_ database: CatalogDatabase, in scope: TransactionScope) {
        pool = database.pool
        path = database.path
        propertyCache = database.propertyCache
        componentStamp = database.componentStamp
        pointReader = database.pointReader
        checkpointer = database.checkpointer
        isReadOnly = database.isReadOnly
        self.scope = scope
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

    /// Runs `body` — an operation's reads, checks and writes, through the stores of the handle
    /// it is given — in one `IMMEDIATE` transaction: no other writer commits between what it reads
    /// and what it writes, and its changes commit together or not at all.
    ///
    /// ```swift
    /// try database.transaction { store in
    ///     guard try store.objects.get("v") != nil else { throw StoreError.unknownObject("v") }
    ///     try store.properties.set(.string("hello"), for: "title", on: "v")
    /// }
    /// ```
    /// The handle must not outlive `body`.
    package func transaction<T>(_ body: (CatalogDatabase) throws -> T) throws -> T {
        if scope != nil { return try body(self) }  // already in the open transaction
        guard !isReadOnly else { throw StoreError.readOnly(path, needsMigration: false) }
        return try pool.writeWithoutTransaction { db in try open(db, savepoints: false, body) }
    }

    /// Runs `body` — any number of changes through the stores of the handle it is given — in one
    /// transaction: each change still commits with its event rows (a savepoint each), but the
    /// batch pays one commit instead of one per change. Used where many logged changes are
    /// carried out at once (a store import).
    package func batch<T>(_ body: (CatalogDatabase) throws -> T) throws -> T {
        try batch(changesUndoneAlone: true, body)
    }

    /// ``batch(_:)`` for work that stands or falls whole — carrying out a log that must replay
    /// entirely (`replay --verify`'s rebuild into a scratch store): a change that fails is not
    /// undone by itself, the error ends the batch and rolls all of it back. It saves a
    /// savepoint per change, about a tenth of such a rebuild.
    package func batchAllOrNothing<T>(_ body: (CatalogDatabase) throws -> T) throws -> T {
        try batch(changesUndoneAlone: false, body)
    }

    private func batch<T>(changesUndoneAlone: Bool, _ body: (CatalogDatabase) throws -> T) throws -> T {
        if scope != nil { return try body(self) }  // already in the open transaction
        guard !isReadOnly else { throw StoreError.readOnly(path, needsMigration: false) }
        return try pool.writeWithoutTransaction { db in
            try Self.withBulkCache(db) { try open(db, savepoints: changesUndoneAlone, body) }
        }
    }

    private func scoped(_ scope: TransactionScope) -> CatalogDatabase { CatalogDatabase(self, in: scope) }

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

    /// Begins a transaction on the write connection, runs `body` with a handle scoped to it, and
    /// commits — or rolls back when `body` throws or a change without a savepoint failed.
    private func open<T>(_ db: Database, savepoints: Bool, _ body: (CatalogDatabase) throws -> T) throws -> T {
        try RawStatement.execute("BEGIN IMMEDIATE", in: db)
        let scope = TransactionScope(db, savepoints: savepoints)
        do {
            let result = try body(scoped(scope))
            // A change without a savepoint that failed, its error caught by the body: what it
            // wrote before failing must not commit.
            if let failure = scope.failure { throw failure }
            try RawStatement.execute("COMMIT", in: db)
            return result
        } catch {
            if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
            throw error
        }
    }

    /// Reads through the open transaction's connection on a scoped handle (so a read sees what
    /// the transaction wrote so far, and nothing another writer commits meanwhile), else
    /// through the pool.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        if let scope { return try body(scope.db) }
        return try pool.read(body)
    }

    /// Runs `body` in one IMMEDIATE transaction; `body` appends its event rows through the
    /// given ``EventWriter`` so a change and its log entries commit (or roll back) together.
    /// On a scoped handle it is part of the open transaction (a savepoint of it, when its
    /// changes get one each).
    func write<T>(at sceneTime: Double?, _ body: (Database, EventWriter) throws -> T) throws -> T {
        guard !isReadOnly else { throw StoreError.readOnly(path, needsMigration: false) }
        if let scope {
            let db = scope.db
            guard scope.savepoints else {
                do { return try body(db, try EventWriter(db: db, requestedTime: sceneTime)) } catch {
                    scope.failed(error)
                    throw error
                }
            }
            // A savepoint of the batch's transaction, so a refused change still leaves nothing
            // behind while the others commit together.
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

/// The open transaction of a ``CatalogDatabase/transaction(_:)`` or ``CatalogDatabase/batch(_:)``:
/// its connection, whether each change gets a savepoint, and the first change without one that
/// failed. It lives on the thread that runs the transaction, inside GRDB's write access.
final class TransactionScope: @unchecked Sendable {
    let db: Database
    let savepoints: Bool
    private(set) var failure: (any Error)?

    init(_ db: Database, savepoints: Bool) {
        self.db = db
        self.savepoints = savepoints
    }

    /// Notes that a change without a savepoint failed: the transaction must not commit.
    func failed(_ error: any Error) {
        if failure == nil { failure = error }
    }
}
