import CatalogKit
import Hummingbird

/// `/scenarios` and `/scenarios/NAME`: the built-in scenarios (DESIGN §9) played in the browser
/// on the served catalog's current components — the page `catalog scenario page` writes, which
/// a person scrubs, served under the app's policy: its stylesheet at `/scenarios/NAME/page.css`,
/// each exported module at `/scenarios/NAME/modules/N.js`, the player at
/// `/static/scenario-player.js`. A component's page links the scenarios that play it.
struct ScenarioPages {
    let catalog: Catalog

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog, answers = AnswerCache()
        router.get("scenarios") { request, _ -> Response in
            PageShell.response(html: try await answers.text(key: "index", catalog: catalog) { try Self.index(catalog: catalog) })
        }
        router.get("scenarios/:name") { _, context -> Response in
            let name = try context.parameters.decoded("name")
            return PageShell.response(
                html: try await answers.text(key: "page \(name)", catalog: catalog) {
                    let (scenario, page) = try Self.served(name, catalog: catalog)
                    return PageShell.html(
                        title: "\(scenario.scenario.name) — scenario", page: "scenario",
                        body: Self.header(scenario, page: page) + page.served.markup)
                })
        }
        router.get("scenarios/:name/page.css") { _, context -> Response in
            let name = try context.parameters.decoded("name")
            let text = try await answers.text(key: "css \(name)", catalog: catalog) { try Self.served(name, catalog: catalog).page.served.stylesheet }
            return Self.response(text, type: "text/css; charset=utf-8")
        }
        router.get("scenarios/:name/modules/:file") { request, context -> Response in
            let name = try context.parameters.decoded("name"), file = try context.parameters.decoded("file")
            let text = try await answers.text(key: "module \(name) \(file)", catalog: catalog) {
                let modules = try Self.served(name, catalog: catalog).page.served.modules
                guard file.hasSuffix(".js"), let index = Int(file.dropLast(3)), modules.indices.contains(index) else {
                    throw WebError(.unknownRoute, "no page or API at \(request.uri.path)", status: .notFound)
                }
                return modules[index]
            }
            return Self.response(text, type: "text/javascript; charset=utf-8")
        }
    }

    /// The built-in scenario called `name` and its page, or `not-found`.
    static func served(_ name: String, catalog: Catalog) throws -> (scenario: ScenarioFile, page: (components: Set<String>, served: ServedPage)) {
        guard let scenario = try BuiltInScenarios.named(name) else {
            throw WebError(.unknownRoute, "no scenario \(name): /scenarios lists them", status: .notFound)
        }
        let page = try ScenarioPage(file: scenario, catalog: catalog)
        let served = ScenarioPage.served([page], base: "/scenarios/\(HTML.url(scenario.scenario.name))")
        return (scenario, (page.components, ServedPage(markup: served.markup, stylesheet: served.stylesheet, modules: served.modules)))
    }

    struct ServedPage {
        var markup, stylesheet: String
        var modules: [String]
    }

    static func header(_ scenario: ScenarioFile, page: (components: Set<String>, served: ServedPage)) -> String {
        let components = page.components.sorted().map { "<a href=\"/components/\(HTML.url($0))\">\(HTML.escape($0))</a>" }
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
