import CatalogKit
import Hummingbird
import Synchronization

/// `/scenarios` and `/scenarios/NAME`: the built-in scenarios (DESIGN §9) played in the browser
/// on the served catalog's current components — the page `catalog scenario page` writes, which
/// a person scrubs, served under the app's policy: its stylesheet at `/scenarios/NAME/page.css`,
/// each exported module at `/scenarios/NAME/modules/N.js`, the player at
/// `/static/scenario-player.js`. A component's page links the scenarios that play it.
struct ScenarioPages {
    let catalog: Catalog

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog, answers = AnswerCache(), made = Made()
        router.get("scenarios") { request, _ -> Response in
            PageShell.response(html: try await answers.text(key: "index", catalog: catalog) { try Self.index(catalog: catalog) })
        }
        // A scenario's page, stylesheet and modules come from one export of its components:
        // made once per state of the component table, whichever part is asked for first.
        router.get("scenarios/:name") { _, context -> Response in
            let name = try context.parameters.decoded("name")
            return PageShell.response(
                html: try await answers.text(key: "page \(name)", catalog: catalog) { try Self.served(name, catalog: catalog, made: made).page })
        }
        router.get("scenarios/:name/page.css") { _, context -> Response in
            let name = try context.parameters.decoded("name")
            let text = try await answers.text(key: "css \(name)", catalog: catalog) { try Self.served(name, catalog: catalog, made: made).stylesheet }
            return Self.response(text, type: "text/css; charset=utf-8")
        }
        router.get("scenarios/:name/modules/:file") { request, context -> Response in
            let name = try context.parameters.decoded("name"), file = try context.parameters.decoded("file")
            let text = try await answers.text(key: "module \(name) \(file)", catalog: catalog) {
                let modules = try Self.served(name, catalog: catalog, made: made).modules
                guard file.hasSuffix(".js"), let index = Int(file.dropLast(3)), modules.indices.contains(index) else {
                    throw WebError(.unknownRoute, "no page or API at \(request.uri.path)", status: .notFound)
                }
                return modules[index]
            }
            return Self.response(text, type: "text/javascript; charset=utf-8")
        }
    }

    /// One scenario as served: the whole page, its stylesheet and its modules.
    struct ServedPage: Sendable {
        var page, stylesheet: String
        var modules: [String]
    }

    /// The pages made for one server's catalog, under one component-table stamp.
    final class Made: Sendable {
        let kept = Mutex<(stamp: String, pages: [String: ServedPage])>(("", [:]))
    }

    /// The built-in scenario called `name` as served, or `not-found`.
    static func served(_ name: String, catalog: Catalog, made: Made) throws -> ServedPage {
        let stamp = try catalog.components.stamp()
        if let kept = made.kept.withLock({ $0.stamp == stamp ? $0.pages[name] : nil }) { return kept }
        guard let scenario = try BuiltInScenarios.named(name) else {
            throw WebError(.unknownRoute, "no scenario \(name): /scenarios lists them", status: .notFound)
        }
        let page = try ScenarioPage(file: scenario, catalog: catalog)
        let parts = ScenarioPage.served([page], base: "/scenarios/\(HTML.url(scenario.scenario.name))")
        let served = ServedPage(
            page: PageShell.html(title: "\(name) — scenario", page: "scenario", body: header(scenario, components: page.components) + parts.markup),
            stylesheet: parts.stylesheet, modules: parts.modules)
        made.kept.withLock { kept in
            if kept.stamp != stamp { kept = (stamp, [:]) }
            kept.pages[name] = served
        }
        return served
    }

    static func header(_ scenario: ScenarioFile, components: Set<String>) -> String {
        let components = components.sorted().map { "<a href=\"/components/\(HTML.url($0))\">\(HTML.escape($0))</a>" }
        return """
            <h1 id="title">\(HTML.escape(scenario.scenario.name)) <span class="kind">scenario</span></h1>
            <p class="note">Played in this browser with the catalog's exports of \(components.joined(separator: ", ")) — drag the slider to scrub; \
            <code>#t=SECONDS</code> links to a moment. <code>catalog scenario run</code> prints what the engine computes for the same steps.</p>
            """
    }

    /// Every built-in scenario, with the components it plays.
    static func index(catalog: Catalog) throws -> String {
        let rows = try BuiltInScenarios.all().map { scenario -> String in
            let components = (try? ScenarioPage.components(of: scenario, catalog: catalog).sorted()) ?? []
            let name = scenario.scenario.name
            return "<li><a href=\"/scenarios/\(HTML.url(name))\">\(HTML.escape(name))</a> — \(components.map(HTML.escape).joined(separator: ", "))</li>"
        }
        return PageShell.html(
            title: "Scenarios", page: "scenarios", body: "<h1 id=\"title\">Scenarios</h1>\n<ul id=\"scenarios\">\(rows.joined(separator: "\n"))</ul>")
    }

    /// The built-in scenarios that play `component`, by name.
    static func playing(_ component: String, catalog: Catalog) -> [String] {
        ((try? BuiltInScenarios.all()) ?? []).filter { scenario in
            (try? ScenarioPage.components(of: scenario, catalog: catalog).contains(component)) ?? false
        }.map(\.scenario.name)
    }

    static func response(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
