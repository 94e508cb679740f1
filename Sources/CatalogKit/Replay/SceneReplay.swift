import CatalogEngine
import CatalogModel
internal import CatalogStore

/// Frames of presentation values rebuilt from the event log — what `catalog replay` prints. The
/// animated part of the scene (``AnimatedFold``) starts from the nearest snapshot before the
/// first frame and folds the events after it as they are read, frame by frame, so memory holds
/// the objects that move, never the log; the same log always gives byte-identical frames.
///
/// ```swift
/// let frames = try SceneReplay(catalog: catalog).frames(fps: 10, until: 1.5)
/// frames[3].objects["cell-1"]?["transform"]
/// ```
public struct SceneReplay {
    /// The scene's presentation values at one time.
    public struct Frame: Sendable, Hashable {
        /// The frame's scene time, in seconds.
        public var time: Double
        /// Object id → animated property → presentation value.
        public var objects: [String: [String: PropertyValue]]
    }

    let catalog: Catalog
    /// The last event replayed.
    var lastSeq: Int64 = .max

    /// A replay of `catalog`'s whole log; narrow it with ``upTo(seq:)`` and the like.
    public init(catalog: Catalog) throws {
        self.catalog = catalog
    }

    /// The events up to and including sequence number `seq`.
    package func upTo(seq: Int64) -> SceneReplay {
        var replay = self
        replay.lastSeq = seq
        return replay
    }

    /// The earliest time frames can start from: the log's base after a compaction, else 0.
    package func earliestTime() throws -> Double {
        try catalog.database.snapshots.logBase()?.sceneTime ?? 0
    }

    /// When the last event happened or the last animation it started ends, whichever is later
    /// (animations that never end do not count), and never past ``NumericLimits/maximumTime``:
    /// an animation applied late in the scene may end beyond it, and a replay with no
    /// arguments must not ask for a time the limits refuse.
    package func naturalEnd(reducedMotion: Bool = false) throws -> Double {
        var fold = try AnimatedFold(catalog, until: .infinity, through: lastSeq)
        try catalog.database.events.scanRows(after: fold.seq, through: lastSeq) { try fold.fold($0) }
        var end = fold.time
        for object in fold.scene.objects.values {
            for animation in object.running {
                let finish = animation.start + animation.endTime(reducedMotion: reducedMotion)
                if finish.isFinite { end = max(end, finish) }
            }
        }
        return min(end, NumericLimits.maximumTime)
    }

    /// The span frames at `fps` run over: from `from` (else ``earliestTime()``) to `until` (else
    /// ``naturalEnd(reducedMotion:)``). A span the replay chose itself stops after
    /// ``SampleTimes/implicitFrameBudget`` frames rather than refuse to start or print for
    /// hours (``FrameSpan/cut``); a span the caller gave is theirs.
    ///
    /// ```swift
    /// let span = try replay.span(fps: 60)
    /// try replay.forEachFrame(fps: 60, from: span.from, until: span.until) { print($0.time) }
    /// ```
    package func span(fps: Double, from: Double? = nil, until: Double? = nil, reducedMotion: Bool = false) throws -> FrameSpan {
        let start = try from ?? earliestTime()
        let end = try until ?? naturalEnd(reducedMotion: reducedMotion)
        guard until == nil, let cut = SampleTimes.cut(fps: fps, from: start, to: end) else { return FrameSpan(from: start, until: end, cut: nil) }
        return FrameSpan(from: start, until: cut.end, cut: FrameSpan.Cut(lastFrame: cut.last, naturalEnd: end))
    }

    /// Where replayed frames start and end.
    package struct FrameSpan: Sendable, Hashable {
        /// The first frame's time.
        package var from: Double
        /// The time frames go up to.
        package var until: Double
        /// Set when the frames stop at the frame budget before the scene's end.
        package var cut: Cut?

        /// Where the frame budget stopped the frames.
        package struct Cut: Sendable, Hashable {
            /// The last frame's time.
            package var lastFrame: Double
            /// Where the scene's last animation ends.
            package var naturalEnd: Double
        }
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
    package func forEachFrame(
        fps: Double, from: Double = 0, until: Double, object: String? = nil, reducedMotion: Bool = false,
        _ body: (Frame) throws -> Void
    ) throws {
        try forEachFrame(
            at: try SampleTimes.frames(fps: fps, from: from, to: until), object: object,
            reducedMotion: reducedMotion, body)
    }

    /// Frames at the given scene times, which must not decrease (the log is folded in one pass).
    package func forEachFrame(at times: [Double], object: String? = nil, reducedMotion: Bool = false, _ body: (Frame) throws -> Void) throws {
        if let index = times.indices.dropFirst().first(where: { times[$0] < times[$0 - 1] }) {
            throw SampleTimes.Error(.at, .decreasing(times[index], after: times[index - 1]))
        }
        guard let first = times.first else { return }
        let tolerance = ComputedTiming.timeTolerance
        let last = times[times.count - 1] + tolerance
        var next = 0
        func emit(_ scene: SceneSnapshot, upTo limit: Double) throws {
            while next < times.count, times[next] + tolerance < limit {
                try body(Self.frame(scene, at: times[next], object: object, reducedMotion: reducedMotion))
                next += 1
            }
        }
        // Scene times never decrease along the log, so one pass folds it frame by frame: the
        // object alone when its own events tell its story, else the animated part of the scene.
        if let object, lastSeq == .max, case (var scene, let later)? = try catalog.ownHistory(of: object, from: first, until: times[times.count - 1]) {
            let resolve = catalog.resolver()
            for event in later {
                try emit(scene, upTo: event.sceneTime)
                try scene.fold(event, resolve: resolve)
            }
            try emit(scene, upTo: .infinity)
        } else {
            var fold = try AnimatedFold(catalog, until: first, through: lastSeq)
            try catalog.database.events.scanRows(after: fold.seq, through: lastSeq, until: last) { row in
                try emit(fold.scene, upTo: row.sceneTime)
                try fold.fold(row)
            }
            try emit(fold.scene, upTo: .infinity)
        }
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
