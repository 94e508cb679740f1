@testable import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// Every page of the web app, light and dark, judged by axe-core 4 in Chromium: no violation of
/// any impact. The catalog holds the built-ins, a component whose texts carry markup, objects
/// with decorators and the event log they made, so each kind of page is met with real content.
struct WebAppAccessibilityTests {
    @Test func axeCoreFindsNoViolationOnAnyPage() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        try WebAppBrowserTests.hostile.write(toFile: folder.file("hostile.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["--db", db, "add", folder.file("hostile.json")]).status == 0)
        #expect(try CLI.run(["--db", db, "object", "add", "field", "--type", "textField"]).status == 0)
        #expect(try CLI.run(["--db", db, "prop", "set", "field", "placeholder", "Email address"]).status == 0)
        #expect(try CLI.run(["--db", db, "object", "add", "card", "--type", "view"]).status == 0)
        #expect(try CLI.run(["--db", db, "apply", "fade-in", "--to", "card", "--at", "0"]).status == 0)
        let listed = try CLI.run(["--db", db, "list", "--format", "json"])
        let names = try JSONReader.read(listed.stdout).arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names.count >= 20, "\(listed.stderr)")
        let scenarios = try BuiltInScenarios.all().map(\.scenario.name)
        let pages =
            [
                "/", "/?q=fade", "/?view=table", "/objects", "/objects/field", "/objects/card", "/log", "/log?operation=prop.set", "/scenarios", "/scene",
                "/compare",
                "/compare?a=pop&b=fade-in", "/compare?a=fade-sequence&b=fade-in", "/new", "/components/pop/edit", "/components/spring-pop/edit",
                "/new/web-keyframes"
            ]
            + names.map { "/components/\(Self.escaped($0))" } + scenarios.map { "/scenarios/\(Self.escaped($0))" }
        // With the write token: the editor's pages are judged too.
        let server = try ServeProcess(db: db, token: "0123456789abcdef-s3cret")
        var steps: [BrowserSession.Step] = []
        for scheme in ["light", "dark"] {
            steps.append(.colorScheme(scheme))
            for (index, page) in pages.enumerated() {
                // A page is judged once its script has run (the live parts drawn).
                steps += [.open(page), .wait("document.readyState === 'complete'"), .axe("\(scheme) \(index) \(page)")]
            }
        }
        let outcome = try BrowserSession.run(base: server.url, steps: steps)
        #expect(outcome.results.count == pages.count * 2)
        for (page, violations) in outcome.results.sorted(by: { $0.key < $1.key }) {
            let found = AxeCore.describe(violations)
            #expect(found.isEmpty, "\(page): \(found.joined(separator: "\n"))")
        }
    }

    static func escaped(_ name: String) -> String { name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name }
}
