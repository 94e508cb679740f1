import CatalogEngine
import CatalogModel
internal import CatalogStore

/// The guided tour `catalog demo` runs on a catalog: it creates a few objects (ids starting with
/// `demo-`, removed first if an earlier demo left them), applies `bounce-select`, the
/// `fade-sequence` chain, the `hyperlink` decorator and `decorating-layout`, sends events, and
/// returns what happened plus a replayed timeline. Scene times count from the catalog's current
/// scene time, so the demo can run again on the same database.
///
/// ```swift
/// let transcript = try CatalogDemo.run(on: catalog)
/// transcript.lines.forEach { print($0) }
/// ```
package enum CatalogDemo {
    /// What the demo printed and the frames it replayed.
    package struct Transcript: Sendable {
        /// What each step did, one line each.
        package var lines: [String]
        /// Replayed frames of the demo objects.
        package var frames: [SceneReplay.Frame]
        /// Scene time the demo started at.
        package var start: Double
    }

    static let objects: [(id: String, type: String)] = [
        ("demo-cell", "cell"), ("demo-card", "view"), ("demo-image", "view"), ("demo-headline", "label"), ("demo-content", "label")
    ]

    /// Runs the tour on `catalog` from its current scene time — replacing the `demo-*` objects of
    /// an earlier run — and replays it at `fps`.
    package static func run(on catalog: Catalog, fps: Double = 10) throws -> Transcript {
        let database = catalog.database
        for (id, _) in objects where try database.objects.get(id) != nil { _ = try database.objects.remove(id) }
        let t0 = try database.events.currentSceneTime()
        var lines: [String] = []
        func at(_ offset: Double) -> String { "t=\(JSONValue.numberText(offset))" }

        for (id, type) in objects { try database.objects.add(id: id, type: type, at: t0) }
        lines.append("\(at(0))  created \(objects.map { "\($0.id) (\($0.type))" }.joined(separator: ", "))")

        try catalog.apply("bounce-select", to: ["demo-cell"], at: t0)
        _ = try catalog.send("select", to: "demo-cell", at: t0)
        lines.append("\(at(0))  demo-cell adopts bounce-select; select: 1 → 0.8 → 0.9 over 0.2 s")

        let link = try catalog.setDecoratedProperty(.string("https://swift.org"), for: "url", on: "demo-headline", at: t0)
        lines.append("\(at(0))  demo-headline.url = https://swift.org attaches \(link?.attached ?? "nothing")")
        let tap = try catalog.send("tap", to: "demo-headline", at: t0)
        lines.append("\(at(0))  tap demo-headline → \(tap.effects.map { "\($0.effect) \($0.value.canonicalText)" }.joined(separator: ", "))")

        _ = try database.properties.set(.rect(Rect(x: 0, y: 0, width: 120, height: 40)), for: "bounds", on: "demo-card", policy: .retain, at: t0)
        let layout = try catalog.apply("decorating-layout", to: ["demo-card"], roles: ["content": "demo-image", "decoration": "demo-headline"], at: t0)
        for (id, frame) in layout.frames.sorted(by: { $0.key < $1.key }) {
            lines.append("\(at(0))  decorating-layout in demo-card's bounds: \(id).frame = \(PropertyValue.rect(frame).jsonValue.canonicalText)")
        }

        let chain = try catalog.apply("fade-sequence", roles: ["image": "demo-image", "headline": "demo-headline", "content": "demo-content"], at: t0 + 0.5)
        lines.append("\(at(0.5))  fade-sequence over demo-image, demo-headline, demo-content; done at \(at((chain.doneTime ?? t0) - t0))")

        _ = try catalog.send("deselect", to: "demo-cell", at: t0 + 1)
        lines.append("\(at(1))  deselect demo-cell: 0.8 → 1 over 0.2 s")

        let replay = try SceneReplay(catalog: catalog)
        let end = try replay.naturalEnd()
        let frames = try replay.frames(fps: fps, from: t0, until: end).map { frame -> SceneReplay.Frame in
            var kept = frame
            kept.objects = frame.objects.filter { $0.key.hasPrefix("demo-") }
            kept.time = frame.time - t0
            return kept
        }
        return Transcript(lines: lines, frames: frames, start: t0)
    }
}
