import CatalogModel
import CatalogStoreCore
import Dispatch
import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Moves WAL checkpoints off the committing thread.
///
/// In WAL mode with `synchronous = NORMAL` a commit only appends frames to the `-wal` file; the
/// fsyncs happen when a checkpoint copies those frames back into the database file. SQLite's
/// default runs that checkpoint inside the commit that takes the WAL past 1,000 frames, so every
/// few hundred autocommit writes one of them waits for two fsyncs. Measured on the CI-sized VM,
/// those waits were about half of the time of a loop of autocommit `prop set`s (raw C: ~17,000
/// commits/s with SQLite's default, ~31,000/s with the checkpoints moved to another thread).
///
/// The rule, per database handle (the numbers are a ``CheckpointPolicy``):
/// - each time a commit has grown the WAL by `batchFrames` since the last request, a
///   *passive* checkpoint is requested on a background queue with its own connection (passive
///   checkpoints never block readers or writers; requests made while one is pending coalesce);
/// - once the WAL holds `limitFrames` or more, the committing connection checkpoints it itself
///   (SQLite's own behaviour), first waiting for a background checkpoint in progress. As nothing
///   else is written meanwhile, the whole WAL is copied back and the next write restarts it from
///   the beginning, so the WAL stays near `limitFrames` frames (32 MiB with 4 KiB pages by default)
///   however long writes go on. Without this step a background checkpoint always trails the
///   writer by a few frames and the WAL would grow without end.
///
/// Durability is unchanged: checkpoints sync exactly as before, only on another thread, and a
/// process that exits before one runs leaves a WAL that the next connection reads as usual.
/// Several processes may checkpoint one file: SQLite lets one at a time run, a passive one that
/// finds another running skips, and the writer's own attempt is retried a batch later.
final class WALCheckpointer: Sendable {
    private struct Progress {
        var requested: Int32 = 0
        var forced: Int32 = 0
        var pending = false
    }

    private let path: String
    private let policy: CheckpointPolicy
    private let queue = DispatchQueue(label: "component-catalog.wal-checkpoint")
    /// Held for the whole of a checkpoint — one at a time in this process, so the committing
    /// connection's checkpoint waits for a background one instead of failing with SQLITE_BUSY —
    /// around the background connection (opened on first use).
    private let checkpointing = Mutex<OpaquePointer?>(nil)
    private let progress = Mutex(Progress())

    init(path: String, policy: CheckpointPolicy) {
        self.path = path
        self.policy = policy
    }

    deinit {
        // The queue's work items retain `self`, so none is running now.
        checkpointing.withLock { connection in
            if let connection { sqlite3_close_v2(connection) }
        }
    }

    /// Installs the commit hook on a writing connection (it replaces SQLite's auto-checkpoint).
    func install(on db: Database) {
        guard let connection = db.sqliteConnection else { return }
        // The pool's configuration (its `prepareDatabase` closure) keeps this checkpointer alive
        // as long as the pool's connections. Not relying on that: the hook's context is a small
        // box that is never freed, holding the checkpointer weakly; were the checkpointer gone,
        // the hook would do what SQLite's default one does.
        let box = Unmanaged.passRetained(WeakCheckpointer(self)).toOpaque()
        sqlite3_wal_hook(connection, walHook, box)
    }

    /// Called after each commit on an installed connection, on the committing thread.
    fileprivate func committed(frames: Int32, connection: OpaquePointer?, schema: UnsafePointer<CChar>?) {
        let action: Action = progress.withLock { progress in
            if frames < progress.requested || frames < progress.forced {
                // The WAL restarted from its beginning.
                progress.requested = 0
                progress.forced = 0
            }
            if frames >= policy.limitFrames, frames - progress.forced >= policy.batchFrames {
                progress.forced = frames
                return .checkpointHere
            }
            guard frames - progress.requested >= policy.batchFrames else { return .none }
            progress.requested = frames
            guard !progress.pending else { return .none }
            progress.pending = true
            return .request
        }
        switch action {
        case .none:
            break
        case .checkpointHere:
            checkpointing.withLock { _ in _ = sqlite3_wal_checkpoint_v2(connection, schema, SQLITE_CHECKPOINT_PASSIVE, nil, nil) }
        case .request:
            queue.async { self.checkpointInBackground() }
        }
    }

    private enum Action { case none, checkpointHere, request }

    /// Waits until no background checkpoint is queued or running (tests observe the result).
    func drain() {
        queue.sync {}
    }

    private func checkpointInBackground() {
        progress.withLock { $0.pending = false }
        checkpointing.withLock { connection in
            if connection == nil { connection = Self.openConnection(path) }
            guard let connection else { return }
            _ = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
    }

    private static func openConnection(_ path: String) -> OpaquePointer? {
        var opened: OpaquePointer?
        guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let opened else {
            sqlite3_close_v2(opened)
            return nil
        }
        // A checkpoint from a connection that has not read the database yet does nothing: it has
        // not opened the WAL. One read of the schema opens it (waiting out another process's
        // WAL recovery if need be); the same sync rule as the pool's.
        sqlite3_busy_timeout(opened, 5_000)
        guard sqlite3_exec(opened, "PRAGMA synchronous = NORMAL; SELECT count(*) FROM sqlite_master", nil, nil, nil) == SQLITE_OK else {
            sqlite3_close_v2(opened)
            return nil  // tried again at the next request; the writer's limit bounds the WAL meanwhile
        }
        return opened
    }
}

/// The commit hook's context: see ``WALCheckpointer/install(on:)``.
private final class WeakCheckpointer: Sendable {
    weak let checkpointer: WALCheckpointer?
    init(_ checkpointer: WALCheckpointer) { self.checkpointer = checkpointer }
}

private let walHook: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 = {
    context, connection, schema, frames in
    guard let context else { return SQLITE_OK }
    if let checkpointer = Unmanaged<WeakCheckpointer>.fromOpaque(context).takeUnretainedValue().checkpointer {
        checkpointer.committed(frames: frames, connection: connection, schema: schema)
    } else if frames >= CheckpointPolicy.standard.batchFrames {
        // SQLite's default hook (sqlite3WalDefaultHook) does exactly this.
        _ = sqlite3_wal_checkpoint_v2(connection, schema, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
    return SQLITE_OK
}
