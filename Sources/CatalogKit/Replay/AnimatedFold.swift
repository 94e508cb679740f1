import CatalogEngine
import CatalogModel
internal import CatalogStore

/// The part of the scene a replay draws — the objects with animations applied to them — folded
/// from the log without holding the rest of the scene, so that replaying a store of a million
/// objects holds the few that move.
///
/// It starts from the nearest snapshot's animated rows. Along the log it reads only what can
/// change those objects: their own events, removals that name them, and `apply` events, whose
/// object joins the fold with its state just before (its snapshot row and its own events since,
/// through the per-object index). That state is exact: an object's values change only by events
/// about it, and being re-created (after a removal with its owner) is an event about it.
/// Every other row is skipped without reading its payload.
///
/// ```swift
/// var fold = try AnimatedFold(catalog, until: 2)
/// try catalog.events.scanRows(after: fold.seq) { try fold.fold($0) }
/// fold.scene.objects.keys   // the objects with animations
/// ```
struct AnimatedFold {
    let catalog: Catalog
    let resolve: SceneSnapshot.Resolver
    /// The snapshot the fold started from, if any.
    let base: StoredSnapshot?
    var scene = SceneSnapshot()
    /// The last event folded (or skipped).
    private(set) var seq: Int64 = 0
    private(set) var time: Double = 0

    /// The animated objects of the nearest snapshot at or before scene time `time` (and event
    /// `seq`); fold the rows after ``seq`` from there.
    init(_ catalog: Catalog, until time: Double, through seq: Int64 = .max) throws {
        self.catalog = catalog
        resolve = catalog.resolver()
        base = try catalog.snapshot(atOrBefore: time + ComputedTiming.timeTolerance, seq: seq)
        if let base {
            scene = try SceneSnapshot(storedRows: try catalog.database.snapshots.animatedObjects(of: base.seq), resolve: resolve)
            self.seq = base.seq
            self.time = base.sceneTime
        }
    }

    /// Folds one row of the log (the next after ``seq``).
    mutating func fold(_ row: LoggedRow) throws {
        defer { (seq, time) = (row.seq, row.sceneTime) }
        guard let operation = row.operation else { _ = try row.event(); return }  // names the unreadable row
        let tracked = row.objectID.map { scene.objects[$0] != nil } ?? false
        switch operation {
        case .apply:
            guard let id = row.objectID else { return }
            if !tracked { try join(id, before: row.seq) }
            try scene.fold(try row.event(), resolve: resolve)
        case .objectRemove, .propertyUnset, .propertyClear:
            // They name what they remove: fold them when that is one of ours.
            let event = try row.event()
            let change = try event.change()
            let removed: [String]
            switch change {
            case .objectRemove(_, let gone), .propertyUnset(_, _, let gone), .propertyClear(_, let gone): removed = gone
            default: removed = []
            }
            if tracked || removed.contains(where: { scene.objects[$0] != nil }) { try scene.fold(change, at: event.sceneTime, resolve: resolve) }
        default:
            if tracked { try scene.fold(try row.event(), resolve: resolve) }
        }
    }

    /// Adds `id` as it is just before event `seq`: its row of the base snapshot, then its own events.
    private mutating func join(_ id: String, before seq: Int64) throws {
        var own = SceneSnapshot()
        if let base {
            own = try SceneSnapshot(storedRows: try catalog.database.snapshots.objects(of: base.seq, about: id).filter { $0.id == id }, resolve: resolve)
        }
        for event in try catalog.database.events.list(since: base?.seq ?? 0, object: id, before: seq) {
            try own.fold(event, resolve: resolve)
        }
        if let object = own.objects[id] { scene.objects[id] = object }
    }
}
