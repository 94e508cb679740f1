/// When a catalog database checkpoints its write-ahead log (see ``CatalogDatabase``).
///
/// A commit appends pages ("frames") to the `-wal` file; a checkpoint copies them back into the
/// database file and syncs both. Each handle requests a background checkpoint every
/// `batchFrames` frames of growth, and once the WAL reaches `limitFrames` frames the committing
/// thread checkpoints it so that it restarts from the beginning: the WAL stays near
/// `limitFrames` pages long however many writes come.
///
/// ```swift
/// // A smaller WAL (4 MiB with 4 KiB pages), at the cost of more checkpoints on the writer.
/// let catalog = try Catalog(path: path, checkpointing: CheckpointPolicy(batchFrames: 250, limitFrames: 1000))
/// ```
public struct CheckpointPolicy: Sendable, Hashable {
    /// WAL growth, in frames, between two background checkpoint requests.
    public var batchFrames: Int32
    /// WAL length, in frames, from which the committing connection checkpoints it itself.
    public var limitFrames: Int32

    /// A policy with its two frame counts.
    public init(batchFrames: Int32, limitFrames: Int32) {
        self.batchFrames = max(1, batchFrames)
        self.limitFrames = max(self.batchFrames, limitFrames)
    }

    /// SQLite's own auto-checkpoint interval (1,000 frames) for the background requests, and a
    /// WAL of at most about 8,000 frames (32 MiB with 4 KiB pages). Measured with
    /// `catalog-bench property_set_autocommit`: larger limits did not write faster here.
    public static let standard = CheckpointPolicy(batchFrames: 1000, limitFrames: 8000)

    /// SQLite's own behaviour: the committing connection checkpoints once the WAL holds 1,000
    /// frames, and nothing runs in the background. For short-lived processes, such as one
    /// `catalog` command, which would exit before a background checkpoint finished and so let
    /// the WAL grow to the standard limit.
    public static let onCommit = CheckpointPolicy(batchFrames: 1000, limitFrames: 1000)
}
