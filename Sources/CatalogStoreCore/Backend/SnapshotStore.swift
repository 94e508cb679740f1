import CatalogModel

/// Kept scene snapshots and log compaction, on either backend (``SnapshotRepository`` on SQLite).
///
/// ```swift
/// let kept = try backend.snapshots.add(seq: 120, sceneTime: 4, objects: [("cell-1", state, 0)])
/// ```
package protocol SnapshotStore: Sendable {
    /// Keeps the scene after event `seq`, one row per object (its state's canonical JSON and how
    /// many animations run on it), replacing a snapshot kept at `seq`. `rows` hands the rows to
    /// `write` in id order (``StoreSchema/idPrecedes(_:_:)``) inside the one transaction that
    /// keeps them, so a scene of any size is written without being held, and a `rows` that
    /// throws keeps nothing.
    @discardableResult
    func add(seq: Int64, sceneTime: Double, rows: (_ write: (_ id: String, _ state: String, _ running: Int) throws -> Void) throws -> Void) throws
        -> StoredSnapshot
    func list() throws -> [StoredSnapshot]
    func latest() throws -> StoredSnapshot?
    /// The latest snapshot at or before scene time `time` and event `seq`.
    func latest(atOrBefore time: Double, seq: Int64) throws -> StoredSnapshot?
    /// At most `limit` rows of the snapshot at `seq` after the id `after`, in id order.
    func objectPage(of seq: Int64, after id: String, limit: Int) throws -> [SnapshotObjectRow]
    func animatedObjects(of seq: Int64) throws -> [(id: String, state: String)]
    /// The rows of `id` and the objects under it (`id/…`).
    func objects(of seq: Int64, about id: String) throws -> [(id: String, state: String)]
    /// The snapshot standing for a compacted log's removed events, if any.
    func logBase() throws -> LogBase?
    /// Removes the events through `base`; returns how many.
    func compact(through base: Int64) throws -> Int
}

/// One object's row of a snapshot: its id, its state's canonical JSON, how many animations run on it.
package typealias SnapshotObjectRow = (id: String, state: String, running: Int)

extension SnapshotStore {
    package func latest(atOrBefore time: Double) throws -> StoredSnapshot? { try latest(atOrBefore: time, seq: .max) }

    /// Keeps the scene after event `seq` from its rows in any order.
    @discardableResult
    package func add(seq: Int64, sceneTime: Double, objects: [SnapshotObjectRow]) throws -> StoredSnapshot {
        let sorted = objects.sorted { StoreSchema.idPrecedes($0.id, $1.id) }
        return try add(seq: seq, sceneTime: sceneTime) { write in
            for object in sorted { try write(object.id, object.state, object.running) }
        }
    }

    /// The object rows of the snapshot at `seq`, in id order, a page at a time: `body` runs
    /// outside any read, so it may read the store itself.
    package func forEachObject(of seq: Int64, pageSize: Int = 4_096, _ body: (_ id: String, _ state: String) throws -> Void) throws {
        var after = ""
        while true {
            let page = try objectPage(of: seq, after: after, limit: pageSize)
            for row in page { try body(row.id, row.state) }
            guard page.count == pageSize, let last = page.last?.id else { return }
            after = last
        }
    }
}

extension StoreSchema {
    /// What a snapshot being written has taken so far: its rows' hash and count, and the last
    /// id, to hold the rows to id order (the hash is over the rows in that order).
    package struct SnapshotWriting {
        package private(set) var digest = SnapshotDigest()
        package private(set) var count = 0
        private var last: String?
        package init() {}

        package mutating func take(id: String, state: String) {
            precondition(last.map { StoreSchema.idPrecedes($0, id) } ?? true, "snapshot rows out of id order at '\(id)'")
            digest.add(id: id, state: state)
            count += 1
            last = id
        }
    }
}
