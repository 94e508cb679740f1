/// A kept scene snapshot: the scene folded from the log up to event `seq` (see
/// ``SnapshotRepository``).
///
/// ```swift
/// if let snapshot = try catalog.takeSnapshot() { print(snapshot.seq, snapshot.objectCount, snapshot.hash) }
/// ```
public struct StoredSnapshot: Sendable, Hashable {
    package init(seq: Int64, sceneTime: Double, objectCount: Int, hash: String) {
        self.seq = seq
        self.sceneTime = sceneTime
        self.objectCount = objectCount
        self.hash = hash
    }

    /// The last event folded into it.
    public var seq: Int64
    /// That event's scene time.
    public var sceneTime: Double
    /// How many objects it holds.
    public var objectCount: Int
    /// SHA-256 of its object rows (``SnapshotRepository/hash(of:)``).
    public var hash: String

    /// `{"seq", "t", "objects", "hash"}`: a row of `snapshot --format json`.
    public var jsonValue: JSONValue {
        ["seq": .number(Double(seq)), "t": .number(sceneTime), "objects": .number(Double(objectCount)), "hash": .string(hash)]
    }
}

/// Where the log starts after a compaction: the events up to `seq` were replaced by the
/// snapshot at `seq`, so the state before `sceneTime` is no longer kept.
///
/// ```swift
/// do { _ = try catalog.state(of: "cell-1", at: 0.5) }
/// catch let error as any CatalogError where error.code == .compacted { print(error.fields["baseTime"] ?? "") }
/// ```
package struct LogBase: Sendable, Hashable {
    package init(seq: Int64, sceneTime: Double) {
        self.seq = seq
        self.sceneTime = sceneTime
    }

    /// The snapshot's sequence number: the last event the compaction replaced.
    package var seq: Int64
    /// The scene time of the base.
    package var sceneTime: Double
}
