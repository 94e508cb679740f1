import CatalogEngine
import CatalogModel
import CatalogStore

/// Frames of presentation values rebuilt from the event log — what `catalog replay` prints. Each
/// frame folds the log up to its time (or up to an event sequence number), so the same log always
/// gives byte-identical frames.
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

    let events: [Event]
    let resolve: SceneSnapshot.Resolver

    public init(catalog: Catalog) throws {
        events = try catalog.database.events.list()
        resolve = catalog.resolver()
    }

    /// The events up to and including sequence number `seq`.
    public func upTo(seq: Int64) -> SceneReplay { SceneReplay(events: events.filter { $0.seq <= seq }, resolve: resolve) }

    init(events: [Event], resolve: @escaping SceneSnapshot.Resolver) {
        self.events = events
        self.resolve = resolve
    }

    /// When the last event happened or the last animation it started ends, whichever is later
    /// (animations that never end do not count).
    public func naturalEnd(reducedMotion: Bool = false) throws -> Double {
        let last = events.last?.sceneTime ?? 0
        let scene = try SceneSnapshot(events: events, until: .infinity, resolve: resolve)
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
        let times = try SampleTimes.frames(fps: fps, from: from, to: until, toOption: "--until")
        // Scene times never decrease along the log, so one pass folds it frame by frame.
        var scene = SceneSnapshot()
        var next = 0
        return try times.map { time in
            while next < events.count, events[next].sceneTime <= time + ComputedTiming.timeTolerance {
                try scene.fold(events[next], resolve: resolve)
                next += 1
            }
            var objects: [String: [String: PropertyValue]] = [:]
            for (id, snapshot) in scene.objects where object == nil || id == object {
                guard !snapshot.running.isEmpty else { continue }
                let animated = Set(snapshot.running.flatMap { $0.properties(reducedMotion: reducedMotion).map(\.name) })
                objects[id] = snapshot.presentation(at: time, reducedMotion: reducedMotion).filter { animated.contains($0.key) }
            }
            return Frame(time: time, objects: objects)
        }
    }
}
