import CatalogKit
import Hummingbird

/// `/objects` (a page of objects by id, `?after=ID` for the next) and `/objects/ID` (one
/// object: its properties, decorators, children, and its state at a scene time, `?at=`, with
/// `?reducedMotion=true` as the user who prefers it sees it).
struct ObjectPages {
    let catalog: Catalog
    /// Objects per page.
    static let pageSize = 50

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog
        router.get("objects") { request, _ -> Response in
            try await offload {
                let after = request.form.get("after").flatMap { $0.isEmpty ? nil : $0 }
                var objects: [StoredObject] = []
                try catalog.objects.forEach(after: after, limit: Self.pageSize + 1, reverse: false) { objects.append($0) }
                let more = objects.count > Self.pageSize
                objects = Array(objects.prefix(Self.pageSize))
                let rows = objects.map { object in
                    "<tr><td><a href=\"/objects/\(HTML.url(object.id))\">\(HTML.escape(object.id))</a></td><td>\(HTML.escape(object.type))</td>"
                        + "<td>\(object.owners.map { Self.link($0) }.joined(separator: ", "))</td></tr>"
                }
                var pager = ""
                if after != nil { pager += "<a id=\"first\" href=\"/objects\">First page</a>" }
                if more, let last = objects.last { pager += "<a id=\"next\" href=\"/objects?after=\(HTML.url(last.id))\">Next page</a>" }
                let body = """
                    <h1>Objects</h1>
                    <table id="objects"><thead><tr><th>Id</th><th>Type</th><th>Owners</th></tr></thead><tbody>
                    \(rows.joined(separator: "\n"))
                    </tbody></table>
                    \(objects.isEmpty ? "<p class=\"empty\">No objects\(after == nil ? "" : " after this one").</p>" : "")
                    <p class="pager">\(pager)</p>
                    """
                return PageShell.response(title: "Objects", page: "objects", body: body)
            }
        }
        router.get("objects/:id") { request, context -> Response in
            try await offload {
                let id = try context.parameters.decoded("id")
                let description = try catalog.objects.describe(id)
                let at = try Query.number(request, "at", expected: "a scene time in seconds")
                let reduced = (try? Query.reducedMotion(request)) ?? false
                let state = try catalog.state(of: id, at: at, reducedMotion: reduced)
                let properties = description.properties.map { association in
                    "<tr><td><code>\(HTML.escape(association.key))</code></td><td>\(HTML.escape(association.value.type.rawValue))</td>"
                        + "<td>\(HTML.escape(association.policy.rawValue))</td><td><code>\(HTML.escape(association.value.jsonValue.canonicalText))</code></td></tr>"
                }
                let children = state.children.sorted { $0.key < $1.key }.map { "<li>\(HTML.escape($0.key)): \(Self.link($0.value))</li>" }
                let decorators = state.decorators.map { "<li><a href=\"/components/\(HTML.url($0))\">\(HTML.escape($0))</a></li>" }
                let body = """
                    <h1 id="title">\(HTML.escape(id)) <span class="kind">\(HTML.escape(description.object.type))</span></h1>
                    \(description.object.owners.isEmpty ? "" : "<p>Owned by \(description.object.owners.map { Self.link($0) }.joined(separator: ", "))</p>")
                    <section id="properties"><h2>Properties</h2>
                    \(properties.isEmpty ? "<p class=\"empty\">None.</p>" : "<table><thead><tr><th>Key</th><th>Type</th><th>Policy</th><th>Value</th></tr></thead><tbody>\(properties.joined(separator: "\n"))</tbody></table>")
                    </section>
                    <section id="decorators"><h2>Decorators</h2>\(decorators.isEmpty ? "<p class=\"empty\">None.</p>" : "<ul>\(decorators.joined())</ul>")</section>
                    <section id="children"><h2>Children</h2>\(children.isEmpty ? "<p class=\"empty\">None.</p>" : "<ul>\(children.joined())</ul>")</section>
                    <section id="state"><h2>State at t = \(JSONValue.numberText(state.time)) s</h2>
                    <form class="filters" method="get" action="/objects/\(HTML.url(id))#state">
                    <label>Scene time <input id="at" name="at" type="number" step="any" value="\(JSONValue.numberText(state.time))"></label>
                    <label><input name="reducedMotion" type="checkbox" value="true"\(reduced ? " checked" : "")> Reduced motion</label>
                    <button type="submit">Show</button></form>
                    <pre id="state-json" tabindex="0" role="region" aria-label="State as JSON">\(HTML.escape(state.jsonValue.prettyText))</pre></section>
                    """
                return PageShell.response(title: id, page: "object", data: [("id", id)], body: body)
            }
        }
    }

    static func link(_ id: String) -> String {
        "<a href=\"/objects/\(HTML.url(id))\">\(HTML.escape(id))</a>"
    }
}
