import CatalogModel
import CatalogStoreCore
import Foundation
import GRDB

/// Keeps scene snapshots: each one a row per object of the scene folded up to an event, as
/// canonical JSON text that the scene code (CatalogKit) writes and reads — the store only keeps
/// the rows, their hash and the log's base. Compaction lives here too, since it removes events.
///
/// ```swift
/// try database.snapshots.add(seq: 120, sceneTime: 3, objects: [("cell-1", #"{"type":"cell"}"#, 0)])
/// try database.snapshots.latest(atOrBefore: 5)?.seq      // 120
/// ```
package struct SnapshotRepository: Sendable {
    let database: CatalogDatabase

    /// Keeps a snapshot of the scene after event `seq`, its rows written as `rows` hands them
    /// over (in id order) in one transaction; its count and hash are filled in at the end.
    /// Replaces a snapshot already kept at `seq` (the same events fold to the same scene).
    /// `rows` may read the store: its reads go through the pool's readers, which see what was
    /// committed before.
    @discardableResult
    package func add(seq: Int64, sceneTime: Double, rows: (_ write: (_ id: String, _ state: String, _ running: Int) throws -> Void) throws -> Void) throws
        -> StoredSnapshot
    {
        guard !database.isReadOnly else { throw StoreError.readOnly(database.path, needsMigration: false) }
        return try database.pool.write { db in
            try db.execute(sql: "DELETE FROM scene_snapshot WHERE seq = ?", arguments: [seq])
            try db.execute(sql: "INSERT INTO scene_snapshot (seq, scene_time, object_count, hash) VALUES (?, ?, 0, '')", arguments: [seq, sceneTime])
            let insert = RawStatement(
                try db.cachedStatement(sql: "INSERT INTO scene_snapshot_object (snapshot_seq, object_id, state, running) VALUES (?, ?, ?, ?)"))
            var writing = StoreSchema.SnapshotWriting()
            // Without the bulk page cache: the rows arrive in key order, so they fill pages at the
            // B-tree's right edge, and a bounded cache keeps a million-object snapshot's memory bounded.
            try rows { id, state, running in
                writing.take(id: id, state: state)
                insert.bind(1, seq)
                insert.bind(2, id)
                insert.bind(3, state)
                insert.bind(4, Int64(running))
                defer { insert.reset() }
                _ = try insert.step()
            }
            let snapshot = StoredSnapshot(seq: seq, sceneTime: sceneTime, objectCount: writing.count, hash: writing.digest.hex)
            try db.execute(sql: "UPDATE scene_snapshot SET object_count = ?, hash = ? WHERE seq = ?", arguments: [snapshot.objectCount, snapshot.hash, seq])
            return snapshot
        }
    }

    /// SHA-256 of the rows as `id TAB state LF`, in id order: what a snapshot's `hash` is.
    package static func hash(of objects: [(id: String, state: String)]) -> String { StoreSchema.snapshotHash(of: objects) }

    /// Every kept snapshot, oldest first.
    package func list() throws -> [StoredSnapshot] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT seq, scene_time, object_count, hash FROM scene_snapshot ORDER BY seq").map(Self.snapshot)
        }
    }

    /// The newest snapshot, if any.
    package func latest() throws -> StoredSnapshot? {
        try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT seq, scene_time, object_count, hash FROM scene_snapshot ORDER BY seq DESC LIMIT 1"))
                .map(Self.snapshot)
        }
    }

    /// The newest snapshot whose scene time is at most `time` (and whose seq is at most `seq`).
    package func latest(atOrBefore time: Double, seq: Int64 = .max) throws -> StoredSnapshot? {
        try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: Self.nearestSQL), arguments: [time, seq]).map(Self.snapshot)
        }
    }

    static let nearestSQL = """
        SELECT seq, scene_time, object_count, hash FROM scene_snapshot
        WHERE scene_time <= ? AND seq <= ? ORDER BY scene_time DESC, seq DESC LIMIT 1
        """

    private static func snapshot(_ row: Row) -> StoredSnapshot {
        StoredSnapshot(seq: row[0], sceneTime: row[1], objectCount: row[2], hash: row[3])
    }

    /// At most `limit` rows of the snapshot at `seq` after the id `after`, in id order: one
    /// range of the primary key.
    package func objectPage(of seq: Int64, after id: String, limit: Int) throws -> [SnapshotObjectRow] {
        try database.read { db in
            let statement = RawStatement(try db.cachedStatement(sql: Self.pageSQL))
            statement.bind(1, seq)
            statement.bind(2, id)
            statement.bind(3, Int64(limit))
            defer { statement.reset() }
            var page: [SnapshotObjectRow] = []
            while try statement.step() { page.append((statement.text(0) ?? "", statement.text(1) ?? "", Int(statement.int64(2)))) }
            return page
        }
    }

    static let pageSQL = "SELECT object_id, state, running FROM scene_snapshot_object WHERE snapshot_seq = ? AND object_id > ? ORDER BY object_id LIMIT ?"

    /// The rows of the snapshot at `seq` with running animations, in id order (the partial
    /// index `scene_snapshot_animated`): what a replay starts from. Unlike a whole read, these
    /// are not checked against the snapshot's hash; `replay --verify` checks every row.
    package func animatedObjects(of seq: Int64) throws -> [(id: String, state: String)] {
        try database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: Self.animatedSQL), arguments: [seq]).map { (id: $0[0] as String, state: $0[1] as String) }
        }
    }

    static let animatedSQL = "SELECT object_id, state FROM scene_snapshot_object WHERE snapshot_seq = ? AND running > 0 ORDER BY object_id"

    /// The rows of `id` and the objects under it (`id/…`) in the snapshot at `seq`: one range
    /// of the primary key.
    package func objects(of seq: Int64, about id: String) throws -> [(id: String, state: String)] {
        try database.read { db in
            // Ids under `id/` sort between "id/" and "id0" ('0' follows '/').
            try Row.fetchAll(db.cachedStatement(sql: Self.aboutSQL), arguments: [seq, id, id + "/", id + "0"]).map { (id: $0[0], state: $0[1]) }
        }
    }

    /// One range of the primary key, [id, "id0"), then only `id` itself and what is under
    /// `id/`: an `OR` of the two would make SQLite read every row of the snapshot instead.
    static let aboutSQL = """
        SELECT object_id, state FROM scene_snapshot_object
        WHERE snapshot_seq = ?1 AND object_id >= ?2 AND object_id < ?4 AND (object_id = ?2 OR object_id >= ?3)
        """

    /// The log's base after the latest compaction (nil: the log is whole, from its first event).
    package func logBase() throws -> LogBase? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT base_seq, scene_time FROM log_compaction ORDER BY base_seq DESC LIMIT 1")
                .map { LogBase(seq: $0[0], sceneTime: $0[1]) }
        }
    }

    /// Replaces the events up to `base` by the snapshot kept at `base`, in one transaction:
    /// deletes those events and the older snapshots, and records the new base. The newest
    /// event is never removed: it holds the scene clock and the numbering of the log.
    /// Returns how many events were removed.
    @discardableResult
    package func compact(through base: Int64) throws -> Int {
        guard !database.isReadOnly else { throw StoreError.readOnly(database.path, needsMigration: false) }
        return try database.pool.write { db in
            guard let time = try Double.fetchOne(db, sql: "SELECT scene_time FROM scene_snapshot WHERE seq = ?", arguments: [base]) else {
                throw StoreError.noSnapshot(seq: base)
            }
            let newest = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM event") ?? 0
            guard base < newest else { throw StoreError.compactsEverything(newest: newest) }
            try db.execute(sql: "DELETE FROM event WHERE seq <= ?", arguments: [base])
            let removed = db.changesCount
            try db.execute(sql: "DELETE FROM scene_snapshot WHERE seq < ?", arguments: [base])
            try db.execute(
                sql: "INSERT OR REPLACE INTO log_compaction (base_seq, scene_time, events_removed) VALUES (?, ?, ?)",
                arguments: [base, time, removed])
            return removed
        }
    }
}
