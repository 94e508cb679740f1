import CatalogKit
import Foundation
import Hummingbird

/// `/compare?a=NAME@VERSION&b=NAME@VERSION`: two versions of a component — or two components —
/// side by side, each playing its Web Animations export, both on one scrubber; the `diff` (the
/// fields that differ, and per property the largest sampled difference with a button that
/// scrubs to its time); and, for two animations, their plots overlaid with those differences
/// marked (``ComparisonPlot``).
struct ComparePage {
    let catalog: Catalog

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog
        router.get("compare") { request, _ -> Response in
            try await offload {
                let query = request.form
                let a = query.get("a").flatMap { $0.isEmpty ? nil : $0 }, b = query.get("b").flatMap { $0.isEmpty ? nil : $0 }
                var sections = [Self.form(a, b)]
                if let a, let b { sections += try Self.comparison(a, b, catalog: catalog) }
                return PageShell.response(title: "Compare", page: "compare", body: sections.joined(separator: "\n"))
            }
        }
    }

    static func form(_ a: String?, _ b: String?) -> String {
        """
        <h1>Compare</h1>
        <form id="compare-form" class="filters" method="get" action="/compare">
        <label>First <input id="compare-a" name="a" value="\(HTML.escape(a ?? ""))" placeholder="NAME@VERSION" autocomplete="off"></label>
        <label>Second <input id="compare-b" name="b" value="\(HTML.escape(b ?? ""))" placeholder="NAME@VERSION" autocomplete="off"></label>
        <button type="submit">Compare</button>
        </form>
        """
    }

    static func comparison(_ a: String, _ b: String, catalog: Catalog) throws -> [String] {
        let diff = try catalog.diff(a, b)
        let old = try catalog.component("\(diff.from.name)@\(diff.from.version)", for: "compare").definition
        let new = try catalog.component("\(diff.to.name)@\(diff.to.version)", for: "compare").definition
        var sections: [String] = []
        let span = diff.motion.isEmpty ? 1 : diff.span
        let playable = [old, new].allSatisfy { $0.kind == .animation || $0.kind == .chain }
        if playable {
            let items = try ComponentPreview(definitions: [old, new], catalog: catalog).items
            let stages = zip(["a", "b"], zip([diff.from, diff.to], items)).map { side, pair in
                let (stored, item) = pair
                let boxes = item.roles.map { role in
                    "<div class=\"role\"><div class=\"preview-box\" data-role=\"\(HTML.escape(role))\"></div><span>\(HTML.escape(role))</span></div>"
                }
                return """
                    <figure class="compare-side"><figcaption>\(HTML.escape(stored.name)) <span class="version">\(HTML.escape(stored.version))</span></figcaption>
                    <div id="stage-\(side)" class="stage roles" data-compare-stage data-effects="\(HTML.escape(item.effects.canonicalText))" \
                    data-reduced-effects="\(HTML.escape(item.reducedEffects.canonicalText))">\(boxes.joined())</div></figure>
                    """
            }
            sections.append(
                """
                <section id="sides"><h2>Side by side</h2>
                <div class="compare-stages">\(stages.joined())</div>
                \(PreviewSection.controls(end: span))
                </section>
                """)
        }
        sections.append(Self.differences(diff))
        if old.kind == .animation, new.kind == .animation {
            let plot = try ComparisonPlot(old, new, diff: diff, catalog: catalog).svg()
            sections.append(
                "<section id=\"plot-section\"><h2>Plots</h2><figure id=\"compare-plot\" class=\"plot\" role=\"img\" aria-label=\"Both plotted against time, differences marked\">\(plot)</figure></section>"
            )
        }
        return sections
    }

    /// The diff: fields (old → new) and the motion's largest difference per property.
    static func differences(_ diff: ComponentDiff) -> String {
        let fields = diff.fields.map { change in
            "<tr class=\"\(change.kind.rawValue)\"><td><code>\(HTML.escape(change.path))</code></td><td><code>\(HTML.escape(change.old?.canonicalText ?? "—"))</code></td>"
                + "<td><code>\(HTML.escape(change.new?.canonicalText ?? "—"))</code></td></tr>"
        }
        let motion = diff.motion.map { change in
            let at = JSONValue.numberText(change.at)
            return "<tr data-property=\"\(HTML.escape(change.property))\" data-at=\"\(at)\" data-largest=\"\(JSONValue.numberText(change.largest))\">"
                + "<td>\(HTML.escape(change.property))</td><td>\(JSONValue.numberText(change.largest))</td>"
                + "<td><button type=\"button\" class=\"seek\" data-seek=\"\(at)\">t = \(String(format: "%.4g", change.at)) s</button></td></tr>"
        }
        return """
            <section id="diff"><h2>Differences</h2>
            \(fields.isEmpty ? "<p class=\"empty\">No field differs.</p>" : "<table id=\"diff-fields\"><thead><tr><th>Field</th><th>Old</th><th>New</th></tr></thead><tbody>\(fields.joined())</tbody></table>")
            \(motion.isEmpty ? "" : "<table id=\"diff-motion\"><thead><tr><th>Property</th><th>Largest difference</th><th>At</th></tr></thead><tbody>\(motion.joined())</tbody></table>")
            </section>
            """
    }
}
