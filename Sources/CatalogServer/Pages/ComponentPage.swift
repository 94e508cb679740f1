import CatalogKit
import Hummingbird

/// `/components/NAME` (`?version=`, `?from=&to=` for a diff): one component — its definition as
/// YAML, its versions and the diff between any two, and for an animation a live preview (the
/// engine's samples played on a box, a scrubber, speed, loop, reduced motion, a knob per
/// parameter), its plot, and its exports to copy.
///
/// The page carries what the script needs as `data-` attributes (escaped like all store text):
/// the component, its parameters, and how each animated property is written in CSS.
struct ComponentPage {
    let catalog: Catalog
    /// Whether the server takes writes (it has the write token): the page then links its editor.
    let editable: Bool

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog, pages = AnswerCache(), editable = self.editable
        router.get("components/:name") { request, context -> Response in
            // The whole page is kept while the component table stands (token sets are components
            // too): a visit reads no version and no definition.
            PageShell.response(
                html: try await pages.text(key: request.uri.description, catalog: catalog) {
                    try Self.page(request, context: context, catalog: catalog, editable: editable)
                })
        }
    }

    static func page(_ request: Request, context: BasicRequestContext, catalog: Catalog, editable: Bool) throws -> String {
        let query = request.form
        let name = try context.parameters.decoded("name")
        let stored = try catalog.components.version(ComponentReference(name: name, version: query.get("version")))
        let definition = try stored.decode()
        let versions = try catalog.components.versions(of: name)
        let current = versions.last?.version
        let yaml = try DefinitionYAML.text(try JSONValue(jsonData: .init(stored.definition.utf8)))
        let exports = [.animation, .chain].contains(stored.kind) ? Self.exports(stored, catalog: catalog) : nil
        let preview = stored.kind == .animation ? try? PreviewSection(stored: stored, definition: definition, catalog: catalog) : nil
        let chainPreview = stored.kind == .chain ? try? ChainPreviewSection(definition: definition, catalog: catalog) : nil
        var sections = [Self.header(stored, current: current)]
        if editable, stored.kind == .animation {
            sections.append(
                "<p><a id=\"edit-link\" class=\"button-link\" href=\"/components/\(HTML.url(stored.name))/edit?version=\(HTML.url(stored.version))\">Edit</a></p>"
            )
        }
        var data = [("name", stored.name), ("version", stored.version)]
        if let preview {
            sections.append(preview.html)
            data += preview.data
        }
        if let preview = chainPreview {
            sections.append(preview.html)
            data += preview.data
        }
        if let tryIt = try? TryItSection(stored: stored, definition: definition, catalog: catalog) { sections.append(tryIt.html) }
        let scenarios = ScenarioPages.playing(stored.name, catalog: catalog)
        if !scenarios.isEmpty {
            let links = scenarios.map { "<li><a href=\"/scenarios/\(HTML.url($0))\">\(HTML.escape($0))</a></li>" }
            sections.append(
                """
                <section id="scenarios"><h2>Scenarios</h2>
                <p class="note">Scenarios that play \(HTML.escape(stored.name)) in the browser, as the engine plays them — scrub them.</p>
                <ul>\(links.joined())</ul></section>
                """)
        }
        sections.append(
            "<section id=\"definition\"><h2>Definition</h2><pre id=\"yaml\" tabindex=\"0\" role=\"region\" aria-label=\"Definition (YAML)\">\(HTML.escape(yaml))</pre></section>"
        )
        if let exports { sections.append(exports) }
        sections.append(try Self.history(versions, shown: stored, from: query.get("from"), to: query.get("to"), catalog: catalog))
        return PageShell.html(title: "\(stored.name) \(stored.version)", page: "component", data: data, body: sections.joined(separator: "\n"))
    }

    static func header(_ stored: StoredComponent, current: String?) -> String {
        let tags = stored.tags.map { "<a class=\"tag\" href=\"/?tag=\(HTML.url($0))\">\(HTML.escape($0))</a>" }.joined(separator: " ")
        let note = stored.version == current ? "" : " <span class=\"note\">(an older version; current: \(HTML.escape(current ?? "none")))</span>"
        return """
            <h1 id="title">\(HTML.escape(stored.name)) <span class="version">\(HTML.escape(stored.version))</span> <span class="kind">\(HTML.escape(stored.kind.rawValue))</span>\(note)</h1>
            <p id="summary" class="summary">\(HTML.escape(stored.summary))</p>
            <p id="tags" class="tags">\(tags)</p>
            """
    }

    /// Every export the component has, as `catalog export` prints it, each with a Copy button; a
    /// form the component has not is its reason, as the command words it.
    static func exports(_ stored: StoredComponent, catalog: Catalog) -> String {
        // An archive is bytes: the page offers the text forms.
        let blocks = ExportFormat.allCases.filter { !$0.isBinary }.map { form -> String in
            let text: String
            let failed: Bool
            do {
                text = try form.text(of: "\(stored.name)@\(stored.version)", catalog: catalog)
                failed = false
            } catch {
                text = "\(error)"
                failed = true
            }
            let copy =
                failed
                ? ""
                : "<button type=\"button\" class=\"copy\" data-copy=\"export-\(form.rawValue)\">Copy</button> <span class=\"copied\" id=\"copied-\(form.rawValue)\" role=\"status\"></span>"
            return """
                <details class="export"\(form == .css ? " open" : "")><summary>\(form.title)</summary>\(copy)
                <pre id="export-\(form.rawValue)" tabindex="0" role="region" aria-label="\(HTML.escape(form.title))"\(failed ? " class=\"refused\"" : "")>\(HTML.escape(text))</pre></details>
                """
        }
        return "<section id=\"exports\"><h2>Exports</h2>\n\(blocks.joined(separator: "\n"))</section>"
    }

    /// The versions, oldest first, and a form comparing any two (`diff`), its result when asked.
    static func history(_ versions: [StoredComponent], shown: StoredComponent, from: String?, to: String?, catalog: Catalog) throws -> String {
        let rows = versions.map { version in
            "<tr><td><a href=\"/components/\(HTML.url(version.name))?version=\(HTML.url(version.version))\">\(HTML.escape(version.version))</a></td>"
                + "<td>\(version.addedSeq)</td><td><code>\(HTML.escape(String(version.contentHash.prefix(12))))</code></td><td>\(HTML.escape(version.summary))</td></tr>"
        }
        func select(_ id: String, _ chosen: String) -> String {
            "<select id=\"diff-\(id)\" name=\"\(id)\" aria-label=\"\(id)\">"
                + versions.map { version in
                    "<option\(version.version == chosen ? " selected" : "")>\(HTML.escape(version.version))</option>"
                }.joined() + "</select>"
        }
        let older = versions.count > 1 ? versions[versions.count - 2].version : shown.version
        var html = """
            <section id="history"><h2>History</h2>
            <table><thead><tr><th>Version</th><th>Added at seq</th><th>Hash</th><th>Summary</th></tr></thead><tbody>
            \(rows.joined(separator: "\n"))
            </tbody></table>
            <form id="diff-form" class="filters" method="get" action="/components/\(HTML.url(shown.name))#history">
            Compare \(select("from", from ?? older)) with \(select("to", to ?? versions.last?.version ?? shown.version)) <button type="submit">Diff</button></form>
            """
        if let from, let to {
            let diff = try catalog.diff("\(shown.name)@\(from)", "\(shown.name)@\(to)")
            html += diffHTML(diff)
        }
        return html + "</section>"
    }

    static func diffHTML(_ diff: ComponentDiff) -> String {
        let fields = diff.fields.map { change in
            "<tr class=\"\(change.kind.rawValue)\"><td><code>\(HTML.escape(change.path))</code></td><td>\(change.kind.rawValue)</td>"
                + "<td><code>\(HTML.escape(change.old?.canonicalText ?? ""))</code></td><td><code>\(HTML.escape(change.new?.canonicalText ?? ""))</code></td></tr>"
        }
        let motion = diff.motion.map { change in
            "<tr><td>\(HTML.escape(change.property))</td><td>\(JSONValue.numberText(change.largest))</td><td>\(JSONValue.numberText(change.at)) s</td></tr>"
        }
        let compare = "/compare?a=\(HTML.url("\(diff.from.name)@\(diff.from.version)"))&amp;b=\(HTML.url("\(diff.to.name)@\(diff.to.version)"))"
        var html = "<div id=\"diff\"><h3>\(HTML.escape(diff.from.version)) → \(HTML.escape(diff.to.version))</h3>"
        html += "<p><a id=\"compare-link\" href=\"\(compare)\">Compare side by side</a>, playing on one scrubber, plots overlaid.</p>"
        html +=
            fields.isEmpty
            ? "<p>No field changed.</p>"
            : "<table><thead><tr><th>Field</th><th>Change</th><th>Old</th><th>New</th></tr></thead><tbody>\(fields.joined())</tbody></table>"
        if !motion.isEmpty {
            html +=
                "<h4>Largest difference in the motion (over \(JSONValue.numberText(diff.span)) s)</h4>"
                + "<table><thead><tr><th>Property</th><th>Largest difference</th><th>At</th></tr></thead><tbody>\(motion.joined())</tbody></table>"
        }
        return html + "</div>"
    }
}
