import CatalogEngine
import CatalogModel
internal import CatalogStore

/// Scene snapshots: the scene folded up to an event, kept in the store so that reading a state
/// starts from the nearest snapshot instead of the first event, and so that the log can be
/// compacted. A snapshot is derived data, checked by `replay --verify` against a fresh fold.
///
/// ```swift
/// try catalog.takeSnapshot()              // the scene after the latest event
/// try catalog.snapshotIfDue()              // after a batch of writes: only when the log has grown enough
/// try catalog.compactLog(before: .seq(5_000))
/// ```
extension Catalog {
    /// A snapshot is due once this many events (and at least as many as the scene has objects)
    /// were logged since the last one: keeping snapshots then costs at most one row per event.
    package static let snapshotInterval: Int64 = 10_000

    /// Keeps a snapshot of the scene after the latest event (nil for an empty log). Folds from
    /// the newest snapshot, so its cost is the events since then plus writing the scene.
    /// `progress` hears the events folded ("folding the log").
    @discardableResult
    public func takeSnapshot(progress: ProgressHandler? = nil) throws -> StoredSnapshot? {
        let last = try database.events.lastSeq()
        guard last > 0 else { return nil }
        if let latest = try database.snapshots.latest(), latest.seq == last { return latest }
        return try keepSnapshot(through: last, progress: progress)
    }

    /// Keeps the scene after event `seq` (or after the last event before it) as a snapshot,
    /// folded from the nearest snapshot one object at a time (``ObjectwiseFold``) and written as
    /// it is folded, in one transaction: memory stays bounded however many objects there are.
    private func keepSnapshot(through seq: Int64, progress: ProgressHandler?) throws -> StoredSnapshot {
        let base = try snapshot(atOrBefore: .infinity, seq: seq)
        var end = (seq: base?.seq ?? 0, time: base?.sceneTime ?? 0)
        try database.events.forEach(since: end.seq, object: nil, operation: nil, before: seq + 1, limit: 1, reverse: true) { end = ($0.seq, $0.sceneTime) }
        if let base, base.seq == end.seq {
            // Already kept: checked, not written over (a backend whose writes its own reads see
            // would be folding from the rows it just deleted).
            var digest = StoreSchema.SnapshotDigest()
            try database.snapshots.forEachObject(of: base.seq) { digest.add(id: $0, state: $1) }
            guard digest.hex == base.hash else { throw StoreError.damagedSnapshot(seq: base.seq) }
            return base
        }
        let fold = ObjectwiseFold(database: database, resolve: resolver(), base: base, through: end.seq)
        return try database.snapshots.add(seq: end.seq, sceneTime: end.time) { write in
            try fold.forEachObject(progress: progress) { try write($0.id, $0.state, $0.running) }
        }
    }

    /// Takes a snapshot when the policy says one is due (``snapshotInterval`` events since the
    /// last, and at least as many as the scene's objects); otherwise does nothing. See also
    /// ``finishWriting()``, which a program calls once its writes are done.
    @discardableResult
    package func snapshotIfDue(every interval: Int64 = snapshotInterval) throws -> StoredSnapshot? {
        let latest = try database.snapshots.latest()
        let since = try database.events.lastSeq() - (latest?.seq ?? 0)
        guard since >= max(interval, Int64(latest?.objectCount ?? 0)) else { return nil }
        return try takeSnapshot()
    }

    /// Ends a unit of writes on this handle — a command, a request, an import: a handle that may
    /// write keeps a snapshot when one is due (``snapshotIfDue(every:)``), so that the next
    /// reader folds from near the end of the log; a read-only handle does nothing. The writes
    /// themselves are committed already, so a failure here loses none of them.
    ///
    /// ```swift
    /// let catalog = try Catalog(path: path)
    /// try catalog.setProperty(.number(0.9), for: "scale", on: "cell-1")
    /// try catalog.finishWriting()   // a snapshot only every `snapshotInterval` events
    /// ```
    @discardableResult
    package func finishWriting() throws -> StoredSnapshot? {
        isReadOnly ? nil : try snapshotIfDue()
    }

    /// The whole scene with the events up to scene time `time` (and up to event `seq`) folded:
    /// the nearest snapshot before, then the events after it, read as they go. Also returns the
    /// last event folded and its scene time. Throws ``StoreError/compacted(requested:base:)``
    /// for a time before the log's base.
    /// `progress` hears the events folded ("folding the log"), counted up to `seq` when it is
    /// an event of the log.
    package func foldedScene(
        until time: Double, through seq: Int64 = .max,
        progress: ProgressHandler? = nil, resolve given: SceneSnapshot.Resolver? = nil
    ) throws -> (scene: SceneSnapshot, seq: Int64, time: Double) {
        let until = time + ComputedTiming.timeTolerance
        let resolve = given ?? resolver()
        var scene = SceneSnapshot()
        var last: (seq: Int64, time: Double) = (0, 0)
        if let base = try snapshot(atOrBefore: until, seq: seq) {
            scene = try loadSnapshot(base, resolve: resolve)
            last = (base.seq, base.sceneTime)
        }
        let first = last.seq
        var counter = ProgressCounter(progress, step: "folding the log", total: seq == .max ? nil : Int(seq - first), unit: "events")
        try database.events.scan(after: last.seq, through: seq, until: until) { event in
            try scene.fold(event, resolve: resolve)
            last = (event.seq, event.sceneTime)
            counter.advance()
        }
        return (scene, last.seq, last.time)
    }

    /// The snapshot to start a fold up to `until` from; an error when the log's base is later.
    func snapshot(atOrBefore until: Double, seq: Int64 = .max) throws -> StoredSnapshot? {
        let nearest = try database.snapshots.latest(atOrBefore: until, seq: seq)
        if let base = try database.snapshots.logBase(), nearest.map({ $0.seq < base.seq }) ?? true {
            throw StoreError.compacted(requested: until - ComputedTiming.timeTolerance, base: base)
        }
        return nearest
    }

    /// A kept snapshot read back whole, a page of rows at a time, its rows checked against its
    /// hash as they go (a damaged one is refused, not trusted).
    func loadSnapshot(_ stored: StoredSnapshot, resolve: SceneSnapshot.Resolver) throws -> SceneSnapshot {
        var scene = SceneSnapshot()
        var digest = StoreSchema.SnapshotDigest()
        try database.snapshots.forEachObject(of: stored.seq) { id, state in
            digest.add(id: id, state: state)
            scene.objects[id] = try SceneSnapshot.Object(id: id, storedState: state, resolve: resolve)
        }
        guard digest.hex == stored.hash else { throw StoreError.damagedSnapshot(seq: stored.seq) }
        return scene
    }

    /// The kept snapshots, oldest first.
    public func snapshots() throws -> [StoredSnapshot] { try database.snapshots.list() }

    /// Rewrites the file without the pages that removed rows freed (after ``compactLog(before:)``):
    /// its size in bytes before and after.
    package func reclaimSpace() throws -> (before: Int64, after: Int64) { try database.reclaimSpace() }

    /// Where `compactLog(before:)` cuts: before an event, or before a scene time.
    public enum CompactionPoint: Sendable, Hashable {
        /// Events with a smaller sequence number go.
        case seq(Int64)
        /// Events earlier than this scene time go.
        case time(Double)
    }

    /// What a compaction did.
    public struct Compaction: Sendable, Hashable {
        /// The snapshot that now stands for the removed events (the log's base).
        public var base: StoredSnapshot
        /// How many events the compaction removed.
        public var eventsRemoved: Int
    }

    /// Replaces the events before `point` by a snapshot of the scene after the last of them:
    /// `state` at any time from the base on is unchanged (byte for byte), while the history
    /// before it is kept as that state, not as events. The newest event always stays.
    /// `progress` hears the events folded, then the removal.
    public func compactLog(before point: CompactionPoint, progress: ProgressHandler? = nil) throws -> Compaction {
        let cut: Int64
        switch point {
        case .seq(let seq): cut = seq
        case .time(let time):
            // The first event at or after the time; every event before it goes.
            cut = try database.events.firstSeq(atOrAfter: time) ?? (try database.events.lastSeq())
        }
        let base = cut - 1
        let logBase = try database.snapshots.logBase()?.seq ?? 0
        guard base > logBase else { throw SceneError.nothingToCompact(before: cut) }
        let snapshot = try keepSnapshot(through: base, progress: progress)
        let events = Int(snapshot.seq - logBase)
        progress?(WorkProgress(step: "removing events", done: 0, total: events, unit: "events"))
        let removed = try database.snapshots.compact(through: snapshot.seq)
        progress?(WorkProgress(step: "removing events", done: removed, total: removed, unit: "events"))
        return Compaction(base: snapshot, eventsRemoved: removed)
    }
}
