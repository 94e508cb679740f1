import CatalogKit
import Hummingbird

/// `/`: the catalog — every current component, filtered by kind and tag and searched with the
/// store's ranked search (`?q=`), as a gallery of tiles (`gallery.js` plays each animation and
/// chain there by its Web Animations export, and each decorator and layout by the film of a
/// built-in scenario that plays it, all on one clock) or as a table (`?view=table`).
/// The page works as a plain form; the script re-renders both views as the user types, from
/// `/api/search` and `/api/components` (the same filter, ``ComponentFilter``).
struct CatalogPage {
    let catalog: Catalog
    /// Whether the server takes writes: then the page offers a new component (`/new`).
    let editable: Bool

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog, editable = self.editable, answers = AnswerCache()
        router.get("/") { request, _ -> Response in
            let scenarios = try await answers.text(key: "tile scenarios", catalog: catalog) { try Self.tileScenarios(catalog).canonicalText }
            return try await offload {
                let filter = try ComponentFilter(request)
                let components = try filter.components(in: catalog)
                let rows = components.map(Self.row).joined(separator: "\n")
                let tiles = components.map(Self.tile).joined(separator: "\n")
                let table = request.form.get("view") == "table"
                let tags = Set(try catalog.components.list().flatMap(\.tags)).sorted()
                func option(_ value: String, _ label: String, selected: Bool) -> String {
                    "<option value=\"\(HTML.escape(value))\"\(selected ? " selected" : "")>\(HTML.escape(label))</option>"
                }
                let kinds =
                    [option("", "any kind", selected: filter.kind == nil)]
                    + ComponentKind.allCases.map { option($0.rawValue, $0.rawValue, selected: filter.kind == $0) }
                let tagOptions = [option("", "any tag", selected: filter.tag == nil)] + tags.map { option($0, $0, selected: filter.tag == $0) }
                let body = """
                    <h1>Components</h1>\(editable ? "<p><a id=\"new-link\" class=\"button-link\" href=\"/new\">New component</a></p>" : "")
                    <form id="filters" class="filters" method="get" action="/" role="search">
                    <input id="search" name="q" type="search" placeholder="Search names, summaries and tags" value="\(HTML.escape(filter.text ?? ""))" autocomplete="off">
                    <select id="kind" name="kind" aria-label="Kind">\(kinds.joined())</select>
                    <select id="tag" name="tag" aria-label="Tag">\(tagOptions.joined())</select>
                    <input type="hidden" id="view" name="view" value="\(table ? "table" : "gallery")">
                    <button type="submit">Filter</button>
                    <span class="view-switch" role="group" aria-label="View">
                    <button type="button" id="show-gallery" aria-pressed="\(!table)">Gallery</button><button type="button" id="show-table" aria-pressed="\(table)">Table</button>
                    </span>
                    <button type="button" id="gallery-play"\(table ? " hidden" : "")>Pause</button>
                    </form>
                    <ul id="gallery" class="gallery" aria-label="Components" data-scenarios="\(HTML.escape(scenarios))"\(table ? " hidden" : "")>
                    \(tiles)
                    </ul>
                    <table id="components"\(table ? "" : " hidden")><thead><tr><th>Name</th><th>Kind</th><th>Version</th><th>Tags</th><th>Summary</th></tr></thead>
                    <tbody>
                    \(rows)
                    </tbody></table>
                    <p id="empty" class="empty"\(rows.isEmpty ? "" : " hidden")>No component matches.</p>
                    """
                return PageShell.response(title: "Components", page: "catalog", scripts: ["gallery.js"], body: body)
            }
        }
    }

    /// The scenario each decorator and layout tile plays, by component name: `{"scenario",
    /// "containers", "objects"}` — each slot object with the container it is laid out in, and
    /// for a layout the objects its tile draws. Of the built-in scenarios that
    /// play a component, one not under reduced motion with the fewest components, then by name.
    static func tileScenarios(_ catalog: Catalog) throws -> JSONValue {
        var chosen: [String: (rank: (Int, Int, String), value: JSONValue)] = [:]
        for file in try BuiltInScenarios.all() {
            let components = try ScenarioPage.components(of: file, catalog: catalog)
            let rank = (file.scenario.reducedMotion ? 1 : 0, components.count, file.scenario.name)
            let containers = JSONValue.object(try file.containers(in: catalog).mapValues(JSONValue.string))
            for name in components {
                guard let stored = try catalog.components.get(ComponentReference(name)), stored.kind == .decorator || stored.kind == .layout else { continue }
                if let kept = chosen[name], kept.rank <= rank { continue }
                var value: [String: JSONValue] = ["scenario": .string(file.scenario.name), "containers": containers]
                // A layout's tile draws the containers it is applied to and their slots, not the whole scene.
                if stored.kind == .layout { value["objects"] = .array(Self.objects(laidOutBy: stored.name, in: file).map(JSONValue.string)) }
                chosen[name] = (rank, .object(value))
            }
        }
        return .object(chosen.mapValues(\.value))
    }

    /// The objects `layout` places in `file`: each container it is applied to, and their slots.
    static func objects(laidOutBy layout: String, in file: ScenarioFile) -> [String] {
        var objects: [String] = []
        for step in file.scenario.steps {
            guard case .apply(let component, let to, let roles, _) = step.action, ComponentReference(component).name == layout else { continue }
            for id in to + roles.keys.sorted().map({ roles[$0]! }) where !objects.contains(id) { objects.append(id) }
        }
        return objects
    }

    /// A component's tile: its stage (where the script plays it), name, kind, version and summary.
    static func tile(_ component: StoredComponent) -> String {
        let name = HTML.escape(component.name), kind = HTML.escape(component.kind.rawValue)
        return """
            <li class="tile" data-name="\(name)" data-kind="\(kind)" data-version="\(HTML.escape(component.version))">\
            <div class="tile-stage" aria-hidden="true"><div class="tile-roles"><div class="tile-box"></div></div></div>\
            <a class="tile-name" href="/components/\(HTML.url(component.name))">\(name)</a>\
            <span class="tile-meta">\(kind) · \(HTML.escape(component.version))</span>\
            <p class="tile-summary">\(HTML.escape(component.summary))</p></li>
            """
    }

    static func row(_ component: StoredComponent) -> String {
        "<tr><td><a href=\"/components/\(HTML.url(component.name))\">\(HTML.escape(component.name))</a></td><td>\(HTML.escape(component.kind.rawValue))</td>"
            + "<td>\(HTML.escape(component.version))</td><td>\(HTML.escape(component.tags.joined(separator: ", ")))</td><td>\(HTML.escape(component.summary))</td></tr>"
    }
}

/// Which components a catalog view shows: the ranked search for `q` (best first), or the list
/// by name, then only those of `kind` and carrying `tag`. The page and `/api/search` share it.
struct ComponentFilter {
    var text: String?
    var kind: ComponentKind?
    var tag: String?

    /// - Parameter searching: `q` is searched as given (the API); otherwise blank means no search.
    init(_ request: Request, searching: Bool = false) throws {
        let query = request.form
        text = query.get("q").flatMap { !searching && $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        kind = try Query.kind(request)
        tag = query.get("tag").flatMap { $0.isEmpty ? nil : $0 }
    }

    func components(in catalog: Catalog) throws -> [StoredComponent] {
        guard let text else { return try catalog.components.list(kind: kind, tag: tag) }
        return try catalog.components.search(text).filter { found in
            (kind == nil || found.kind == kind) && (tag == nil || found.tags.contains(tag!))
        }
    }
}
