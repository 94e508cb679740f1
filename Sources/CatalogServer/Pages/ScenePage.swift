import CatalogKit
import Hummingbird

/// `/scene`: the objects drawn where they are — frames (a layout's slots inside their container),
/// opacity, transform, hidden — with their presentation values at a scrubbed scene time, the
/// decorators' children with them; under the scrubber, the event log as a track (an event's
/// button jumps there). `scene.js` draws what `/api/state?at=T` gives, the numbers `catalog
/// state --all --at T` prints; Play draws whole frames of scene time, as `replay --fps 60` does.
struct ScenePage {
    let catalog: Catalog
    /// Objects and events the page carries (the first, by id; the latest, by seq).
    static let objectLimit = 1_000, eventLimit = 1_000

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog
        router.get("scene") { _, _ -> Response in
            try await offload {
                var objects = 0
                try catalog.objects.forEach(limit: Self.objectLimit) { _ in objects += 1 }
                var events: [JSONValue] = []
                try catalog.events.forEach(limit: Self.eventLimit, reverse: true) { event in
                    events.append([
                        "seq": .number(Double(event.seq)), "t": .number(event.sceneTime), "operation": .string(event.operation.rawValue),
                        "about": .string(EventSubject.text(event.operation.rawValue, event.payload)), "object": event.objectID.map(JSONValue.string) ?? .null
                    ])
                }
                events.reverse()
                let end = max(try SceneReplay(catalog: catalog).span(fps: 60).until, (events.last?["t"]?.numberValue ?? 0), 1)
                let body = """
                    <h1>Scene</h1>
                    <p class="note">Every object as it stands at the scene time scrubbed: frames, opacity, transform; a hidden one is outlined.</p>
                    <div id="scene-canvas" class="scene-canvas" data-state="idle" role="img" aria-label="The scene at the time scrubbed"></div>
                    \(PreviewSection.controls(end: end))
                    <div id="scene-track" class="scene-track" role="group" aria-label="Events by scene time"></div>
                    <p id="scene-error" class="refused" role="alert" hidden></p>
                    <p class="note">\(objects) objects\(objects == Self.objectLimit ? " (the first \(Self.objectLimit))" : ""); \
                    \(events.count) events\(events.count == Self.eventLimit ? " (the latest \(Self.eventLimit))" : "").</p>
                    """
                return PageShell.response(
                    title: "Scene", page: "scene",
                    data: [("object-limit", String(Self.objectLimit)), ("events", JSONValue.array(events).canonicalText)],
                    scripts: ["scene.js"], body: body)
            }
        }
    }
}
