@testable import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// The component pages of decorators, adopted behaviours and layouts play them live in Chromium,
/// Firefox and WebKit (through WebDriver): their exported module attached to a real element, their stylesheet on a
/// resizable container — and what shows is what the engine says.
struct BehaviourPageBrowserTests {
    @Test(arguments: BrowserEngine.allCases)
    func decoratorsBehavioursAndLayoutsPlayOnTheirPages(engine: BrowserEngine) throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        let toolbar = ScenarioJudge.fixtureFolder.appending(path: "toolbar.yaml").path
        #expect(try CLI.run(["--db", db, "add", toolbar]).status == 0)
        let server = try ServeProcess(db: db)
        let child = { (name: String) in "document.querySelector('[data-catalog-child=\"\(name)\"]')" }
        let slots =
            "return Object.fromEntries([...document.querySelectorAll('#layout-stage [data-slot]')].map(e => [e.dataset.slot, [e.offsetLeft, e.offsetTop, e.offsetWidth, e.offsetHeight]]))"
        EngineTable.note(.webApp, engine: engine, cases: 1)
        let outcome = try BrowserSession.run(
            base: server.url,
            steps: [
                // The bouncy placeholder: its label shows the placeholder before anything is typed.
                .open("/components/bouncy-placeholder"),
                .wait("document.getElementById('behaviour-stage').dataset.state === 'attached'"),
                .read("placeholder", "return \(child("placeholderLabel")).textContent"),
                .read("nativePlaceholder", "return document.getElementById('behaviour-owner').getAttribute('placeholder')"),
                .type("#behaviour-owner", "a"),
                .wait("document.getAnimations().length >= 2"),
                .read("running", "return [...new Set(document.getAnimations().map(a => a.effect.target.dataset.catalogChild))].sort()"),
                // The hyperlink: a tap opens only an openable URL.
                .open("/components/hyperlink"),
                .wait("document.getElementById('behaviour-stage').dataset.state === 'attached'"),
                .click("[data-event=tap]"),
                .set("#behaviour-properties [name=url]", "javascript:alert(1)"),
                .click("[data-event=tap]"),
                .read("effects", "return [...document.querySelectorAll('#behaviour-effects li')].map(li => li.textContent)"),
                // BounceSelect adopted by a cell: select runs it.
                .open("/components/bounce-select"),
                .wait("document.getElementById('behaviour-stage').dataset.state === 'attached'"),
                .click("[data-event=select]"),
                .read("selected", "return document.getAnimations().length"),
                // A layout's stylesheet on its container; a parameter is a custom property.
                .open("/components/decorating-layout"),
                .wait("getComputedStyle(document.querySelector('[data-slot=decoration]')).position === 'absolute'"),
                .read("slots", slots),
                .set("#layout-parameters [name='--decorating-layout-spacing']", "20", event: "input"),
                .read("spaced", slots),
                // A layout's choice is a select that sets the container's attribute.
                .open("/components/toolbar"),
                .wait("getComputedStyle(document.querySelector('[data-slot=ok]')).position === 'absolute'"),
                .set("#layout-parameters select[data-attribute='data-toolbar-direction']", "vertical", event: "input"),
                .read("chosen", slots),
                // The built-in scenarios play on their pages, under the app's policy (no inline script).
                .open("/components/bouncy-placeholder"),
                .read("scenarioLinks", "return [...document.querySelectorAll('#scenarios a')].map(a => a.getAttribute('href'))"),
                .open("/scenarios/placeholder-typing"),
                .wait("document.getElementById('out').textContent.length > 0"),
                .read("played", "return JSON.parse(document.getElementById('out').textContent)"),
                .set("#time", "0.25", event: "input"),
                .read("scrubbed", "return [location.hash, document.getElementById('now').value]")
            ], engine: engine)
        let results = outcome.results
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(results["placeholder"] == "Email address")
        #expect(results["nativePlaceholder"] == .null)
        #expect(results["running"] == ["placeholderLabel", "rightPlaceholderLabel"])
        #expect(results["effects"] == ["openURL: \"https://swift.org\""])
        #expect((results["selected"]?.numberValue ?? 0) >= 1)
        // The stage is 320 × 120 (app.css): decorating-layout's content a third of 320 − 15, the
        // decoration the rest, 5 above and below.
        let expected: [String: [Double]] = ["content": [0, 5, 101.66666666666667, 110], "decoration": [101.66666666666667, 5, 203.33333333333334, 110]]
        for (slot, frame) in expected {
            let shown = results["slots"]?[slot]?.arrayValue?.compactMap(\.numberValue) ?? []
            #expect(shown.count == 4 && zip(shown, frame).allSatisfy { abs($0 - $1) <= 1 }, "\(slot): \(shown) vs \(frame)")
        }
        let spaced = results["spaced"]?["decoration"]?.arrayValue?.compactMap(\.numberValue) ?? []
        #expect(spaced.first.map { abs($0 - (101.66666666666667 - 20 / 3.0 + 20)) <= 1 } == true, "\(spaced)")
        #expect(results["scenarioLinks"] == ["/scenarios/placeholder-interrupted", "/scenarios/placeholder-reduced", "/scenarios/placeholder-typing"])
        // The served page plays what the engine computes for the same scenario.
        let typing = try #require(try BuiltInScenarios.named("placeholder-typing"))
        let engine = try typing.run(components: try Catalog(path: db, forReading: true)).jsonValue
        let played = results["played"]?.arrayValue?.first ?? .null
        #expect(ScenarioJudge.differences(engine: engine, browser: played).isEmpty, "\(ScenarioJudge.differences(engine: engine, browser: played).prefix(10))")
        #expect(results["scrubbed"] == ["#t=0.25", "0.250"])
        // The toolbar in 320 × 120 with its buttons stacked: rows of (120 − 6) / 2 = 57, the
        // buttons (57 − 6) / 2 = 25.5 high in the second, at y 63 and 94.5.
        let chosen = ["ok", "cancel"].map { results["chosen"]?[$0]?.arrayValue?.compactMap(\.numberValue) ?? [] }
        #expect(chosen[0].count == 4 && zip(chosen[0], [0, 63, 320, 25.5]).allSatisfy { abs($0 - $1) <= 1 }, "\(chosen)")
        #expect(chosen[1].count == 4 && zip(chosen[1], [0, 94.5, 320, 25.5]).allSatisfy { abs($0 - $1) <= 1 }, "\(chosen)")
    }
}
