import CatalogModel

/// Kept scene snapshots and log compaction, on either backend (``SnapshotRepository`` on SQLite).
///
/// ```swift
/// let kept = try backend.snapshots.add(seq: 120, sceneTime: 4, objects: [("cell-1", state, 0)])
/// ```
package protocol SnapshotStore: Sendable {
    /// Keeps the scene after event `seq`: one row per object (its state's canonical JSON and
    /// whether animations run on it).
    @discardableResult
    func add(seq: Int64, sceneTime: Double, objects: [(id: String, state: String, running: Int)]) throws -> StoredSnapshot
    func list() throws -> [StoredSnapshot]
    func latest() throws -> StoredSnapshot?
    /// The latest snapshot at or before scene time `time` and event `seq`.
    func latest(atOrBefore time: Double, seq: Int64) throws -> StoredSnapshot?
    func forEachObject(of seq: Int64, pageSize: Int, _ body: (_ id: String, _ state: String) throws -> Void) throws
    func animatedObjects(of seq: Int64) throws -> [(id: String, state: String)]
    /// The rows of `id` and the objects under it (`id/…`).
    func objects(of seq: Int64, about id: String) throws -> [(id: String, state: String)]
    /// The snapshot standing for a compacted log's removed events, if any.
    func logBase() throws -> LogBase?
    /// Removes the events through `base`; returns how many.
    func compact(through base: Int64) throws -> Int
}

extension SnapshotStore {
    package func latest(atOrBefore time: Double) throws -> StoredSnapshot? { try latest(atOrBefore: time, seq: .max) }
    package func forEachObject(of seq: Int64, _ body: (_ id: String, _ state: String) throws -> Void) throws {
        try forEachObject(of: seq, pageSize: 4_096, body)
    }
}
