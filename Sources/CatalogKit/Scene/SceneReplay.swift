import CatalogEngine
import CatalogModel
import CatalogStore

/// Frames of presentation values rebuilt from the event log — what `catalog replay` prints. The
/// scene starts from the nearest snapshot before the first frame and folds the events after it
/// as they are read, frame by frame, so memory holds the scene, never the log; the same log
/// always gives byte-identical frames.
///
/// ```swift
/// let frames = try SceneReplay(catalog: catalog).frames(fps: 10, until: 1.5)
/// frames[3].objects["cell-1"]?["transform"]
/// ```
public struct SceneReplay {
    public struct Frame: Sendable, Hashable {
        public var time: Double
        /// Object id → animated property → presentation value.
        public var objects: [String: [String: PropertyValue]]
    }

    let catalog: Catalog
    /// The last event replayed.
    var lastSeq: Int64 = .max

    public init(catalog: Catalog) throws {
        self.catalog = catalog
    }

    /// The events up to and including sequence number `seq`.
    public func upTo(seq: Int64) -> SceneReplay {
        var replay = self
        replay.lastSeq = seq
        return replay
    }

    /// The earliest time frames can start from: the log's base after a compaction, else 0.
    public func earliestTime() throws -> Double {
        try catalog.database.snapshots.logBase()?.sceneTime ?? 0
    }

    /// When the last event happened or the last animation it started ends, whichever is later
    /// (animations that never end do not count).
    public func naturalEnd(reducedMotion: Bool = false) throws -> Double {
        let (scene, _, last) = try catalog.foldedScene(until: .infinity, through: lastSeq)
        var end = last
        for object in scene.objects.values {
            for animation in object.running {
                let finish = animation.start + animation.endTime(reducedMotion: reducedMotion)
                if finish.isFinite { end = max(end, finish) }
            }
        }
        return end
    }

    /// Frames from `from` (default 0) to `until` at `fps`, of every object (or just `object`) that has a running
    /// animation; each frame lists the animated properties only — as a viewer who prefers reduced
    /// motion sees them, with `reducedMotion`.
    public func frames(fps: Double, from: Double = 0, until: Double, object: String? = nil, reducedMotion: Bool = false) throws -> [Frame] {
        var frames: [Frame] = []
        try forEachFrame(fps: fps, from: from, until: until, object: object, reducedMotion: reducedMotion) { frames.append($0) }
        return frames
    }

    /// ``frames(fps:from:until:object:reducedMotion:)`` handed over one at a time, as they are
    /// computed.
    public func forEachFrame(fps: Double, from: Double = 0, until: Double, object: String? = nil, reducedMotion: Bool = false,
                             _ body: (Frame) throws -> Void) throws {
        let times = try SampleTimes.frames(fps: fps, from: from, to: until, toOption: "--until")
        guard let first = times.first else { return }
        let tolerance = ComputedTiming.timeTolerance
        let last = times[times.count - 1] + tolerance
        let resolve = catalog.resolver()
        // The scene at the first frame and the events after it: of the object alone when its
        // own events tell its story, else of the whole scene from the nearest snapshot.
        var scene: SceneSnapshot
        let events: ((Event) throws -> Void) throws -> Void
        if let object, let (own, later) = try objectHistory(object, from: first, until: last) {
            scene = own
            events = { body in for event in later { try body(event) } }
        } else {
            let folded = try catalog.foldedScene(until: first, through: lastSeq)
            scene = folded.scene
            events = { body in try catalog.database.events.scan(after: folded.seq, through: lastSeq, until: last, body) }
        }
        var next = 0
        func emit(upTo limit: Double) throws {
            while next < times.count, times[next] + tolerance < limit {
                try body(Self.frame(scene, at: times[next], object: object, reducedMotion: reducedMotion))
                next += 1
            }
        }
        // Scene times never decrease along the log, so one pass folds it frame by frame.
        try events { event in
            try emit(upTo: event.sceneTime)
            try scene.fold(event, resolve: resolve)
        }
        try emit(upTo: .infinity)
    }

    /// `id` and the objects under it at `first` (their snapshot rows, their own events) and their
    /// events after it up to `last` — nil unless each of them is alive now and was created by
    /// `first`, so that no event about another object (a removal with its owner) changed them
    /// in between; ``Catalog/objectScene(_:at:)`` argues the same way.
    private func objectHistory(_ id: String, from first: Double, until last: Double) throws -> (SceneSnapshot, [Event])? {
        let database = catalog.database
        let start = first + ComputedTiming.timeTolerance
        guard lastSeq == .max, let created = try database.objects.creationTime(of: id), created <= start else { return nil }
        let resolve = catalog.resolver()
        var scene = SceneSnapshot()
        var after: Int64 = 0
        if let base = try catalog.snapshot(atOrBefore: start) {
            scene = try SceneSnapshot(storedRows: try database.snapshots.objects(of: base.seq, about: id), resolve: resolve)
            after = base.seq
        }
        var later: [Event] = []
        var seen = Set(scene.objects.keys)
        for event in try database.events.list(about: id, after: after, until: last) {
            if let object = event.objectID { seen.insert(object) }
            if event.sceneTime <= start { try scene.fold(event, resolve: resolve) } else { later.append(event) }
        }
        for other in seen {
            guard let created = try database.objects.creationTime(of: other), created <= start else { return nil }
        }
        return (scene, later)
    }

    private static func frame(_ scene: SceneSnapshot, at time: Double, object: String?, reducedMotion: Bool) -> Frame {
        var objects: [String: [String: PropertyValue]] = [:]
        func add(_ id: String, _ snapshot: SceneSnapshot.Object) {
            guard !snapshot.running.isEmpty else { return }
            let animated = Set(snapshot.running.flatMap { $0.properties(reducedMotion: reducedMotion).map(\.name) })
            objects[id] = snapshot.presentation(at: time, reducedMotion: reducedMotion).filter { animated.contains($0.key) }
        }
        if let object {
            if let snapshot = scene.objects[object] { add(object, snapshot) }
        } else {
            for (id, snapshot) in scene.objects { add(id, snapshot) }
        }
        return Frame(time: time, objects: objects)
    }
}
