import CatalogKit
import Hummingbird

/// `/log`: the event log's latest events, and then, live, every event as it commits in any
/// process — the script follows `/api/log/stream` from the last event shown.
struct LogPage {
    let catalog: Catalog
    /// Events shown when the page opens.
    static let recent = 100

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog
        router.get("log") { _, _ -> Response in
            try await offload {
                var events: [Event] = []
                try catalog.events.forEach(limit: Self.recent, reverse: true) { events.append($0) }
                events.reverse()
                let rows = events.map { event in
                    "<tr data-seq=\"\(event.seq)\"><td>\(event.seq)</td><td>\(JSONValue.numberText(event.sceneTime))</td><td>\(HTML.escape(event.operation.rawValue))</td>"
                        + "<td>\(HTML.escape(event.objectID ?? ""))</td><td class=\"payload\"><code>\(HTML.escape(event.payload.canonicalText))</code></td></tr>"
                }
                let body = """
                    <h1>Event log</h1>
                    <p class="note">The latest \(Self.recent) events; new ones appear as they commit.</p>
                    <table><thead><tr><th>Seq</th><th>t</th><th>Operation</th><th>Object</th><th>Payload</th></tr></thead>
                    <tbody id="events">
                    \(rows.joined(separator: "\n"))
                    </tbody></table>
                    """
                return PageShell.response(title: "Event log", page: "log", data: [("after", String(events.last?.seq ?? 0))], body: body)
            }
        }
    }
}
