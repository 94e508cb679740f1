import CatalogKit
import Hummingbird

/// `/log`: the event log's latest events — of one operation and about one object when the form
/// says so (`?operation=&object=`) — and then, live, every such event as it commits in any
/// process: the script follows `/api/log/stream` from the last event shown. Each row names what
/// the event is about (``EventSubject``).
struct LogPage {
    let catalog: Catalog
    /// Events shown when the page opens.
    static let recent = 100

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog
        router.get("log") { request, _ -> Response in
            try await offload {
                let query = request.form
                let operation = try LogAPI.operation(query.get("operation").flatMap { $0.isEmpty ? nil : $0 })
                let object = query.get("object").flatMap { $0.isEmpty ? nil : $0 }
                var events: [Event] = []
                try catalog.events.forEach(object: object, operation: operation, limit: Self.recent, reverse: true) { events.append($0) }
                events.reverse()
                let rows = events.map(Self.row)
                let options =
                    ["<option value=\"\"\(operation == nil ? " selected" : "")>every operation</option>"]
                    + EventOperation.allCases.map { "<option\(operation == $0 ? " selected" : "")>\(HTML.escape($0.rawValue))</option>" }
                let filtered = operation != nil || object != nil
                let body = """
                    <h1>Event log</h1>
                    <form id="log-filters" class="filters" method="get" action="/log">
                    <label>Operation <select id="operation" name="operation">\(options.joined())</select></label>
                    <label>Object <input id="object" name="object" type="search" value="\(HTML.escape(object ?? ""))" autocomplete="off"></label>
                    <button type="submit">Filter</button>\(filtered ? " <a href=\"/log\">Every event</a>" : "")
                    </form>
                    <p class="note">The latest \(Self.recent)\(filtered ? " such" : "") events; new ones appear as they commit.</p>
                    <table><thead><tr><th>Seq</th><th>t</th><th>Operation</th><th>About</th><th>Object</th><th>Payload</th></tr></thead>
                    <tbody id="events">
                    \(rows.joined(separator: "\n"))
                    </tbody></table>
                    """
                return PageShell.response(
                    title: "Event log", page: "log",
                    data: [("after", String(events.last?.seq ?? 0)), ("operation", operation?.rawValue ?? ""), ("object", object ?? "")], body: body)
            }
        }
    }

    static func row(_ event: Event) -> String {
        let object = event.objectID.map { "<a href=\"/log?object=\(HTML.url($0))\">\(HTML.escape($0))</a>" } ?? ""
        return
            "<tr data-seq=\"\(event.seq)\"><td>\(event.seq)</td><td>\(JSONValue.numberText(event.sceneTime))</td><td>\(HTML.escape(event.operation.rawValue))</td>"
            + "<td class=\"about\">\(HTML.escape(EventSubject.text(event.operation.rawValue, event.payload)))</td><td>\(object)</td>"
            + "<td class=\"payload\"><code>\(HTML.escape(event.payload.canonicalText))</code></td></tr>"
    }
}

/// What an event is about, in a few words: the component and version added, the object and key
/// set, the component applied to which object. The log page's script words live events the same
/// way (`subject` in app.js).
///
/// ```swift
/// EventSubject.text("prop.set", ["id": "card", "key": "opacity"])   // "card.opacity"
/// ```
enum EventSubject {
    static func text(_ operation: String, _ payload: JSONValue) -> String {
        func field(_ name: String) -> String { payload[name]?.stringValue ?? "" }
        switch operation {
        case "component.add": return "\(field("name"))@\(field("version"))"
        case "component.remove", "type.declare": return field("name")
        case "object.add": return "\(field("id")) (\(field("type")))"
        case "object.remove": return field("id")
        case "prop.set", "prop.unset": return "\(field("id")).\(field("key"))"
        case "prop.clear": return "\(field("id")): every property"
        case "apply": return "\(field("component"))@\(field("version"))"
        case "send": return field("event")
        default: return ""
        }
    }
}
