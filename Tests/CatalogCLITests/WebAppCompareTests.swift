import CatalogModel
import Foundation
import TestSupport
import Testing

/// The compare page as a person uses it, in Chromium through WebDriver, on each backend: two
/// versions of a component side by side on one scrubber, their plots overlaid, and the `diff`'s
/// largest difference marked on the plot at its time; its button scrubs both sides there, and
/// each side then shows what `catalog sample` gives its version at that time.
struct WebAppCompareTests {
    static func transform(_ box: String) -> String {
        "getComputedStyle(document.querySelector('\(box) [data-role]')).transform"
    }

    @Test(arguments: CLIBackend.allCases)
    func compareShowsTheLargestDifferenceAtItsTime(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        // pop 1.2.0: the same keyframes over 0.6 s instead of 0.3.
        let current = try JSONReader.read(try CLI.run(["--db", db, "show", "pop", "--format", "json"]).stdout)
        guard case .object(var definition)? = current["definition"], case .object(var animation)? = definition["animation"] else {
            Issue.record("no definition: \(current.canonicalText)")
            return
        }
        let old = definition["version"]?.stringValue ?? ""
        animation["duration"] = .number(0.6)
        definition["animation"] = .object(animation)
        definition["version"] = "1.2.0"
        try JSONValue.object(definition).canonicalText.write(toFile: folder.file("pop.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["--db", db, "add", folder.file("pop.json")]).status == 0)
        let diff = try JSONReader.read(try CLI.run(["--db", db, "diff", "pop@\(old)", "pop@1.2.0", "--format", "json"]).stdout)
        let largest = try #require(diff["motion"]?["properties"]?.arrayValue?.first)
        let at = try #require(largest["at"]?.numberValue)

        let server = try ServeProcess(db: db)
        let outcome = try BrowserSession.run(
            base: server.url,
            steps: [
                .open("/components/pop?from=\(old)&to=1.2.0#history"),
                .click("#compare-link"),
                .wait("document.getElementById('stage-a')?.dataset.state === 'ready' && document.getElementById('stage-b').dataset.state === 'ready'"),
                .read("url", "return location.pathname + location.search"),
                .read("marks", "return [...document.querySelectorAll('#compare-plot line.mark')].map(l => l.dataset.t)"),
                .read("series", "return [...new Set([...document.querySelectorAll('#compare-plot polyline')].map(p => p.dataset.series.split(' · ')[0]))]"),
                .read("fields", "return [...document.querySelectorAll('#diff-fields tbody tr td:first-child')].map(td => td.textContent)"),
                .click("#diff-motion [data-seek]"),
                .wait("document.getElementById('stage-a').dataset.t === document.querySelector('#diff-motion [data-seek]').dataset.seek"),
                .read("shown", "return [Number(document.getElementById('stage-a').dataset.t), \(Self.transform("#stage-a")), \(Self.transform("#stage-b"))]"),
                .screenshot(folder.file("compare.png")),
                // Two components compare too.
                .open("/compare?a=fade-in&b=fade-out"),
                .wait("document.getElementById('stage-b')?.dataset.state === 'ready'"),
                .read(
                    "components",
                    "return [...document.querySelectorAll('#diff-motion tr[data-property]')].map(tr => [tr.dataset.property, Number(tr.dataset.largest)])")
            ])
        let results = outcome.results
        #expect(results["url"]?.stringValue == "/compare?a=pop%40\(old)&b=pop%401.2.0")
        #expect(results["marks"]?.arrayValue?.compactMap(\.stringValue).compactMap(Double.init) == [at])
        #expect(results["series"]?.arrayValue?.compactMap(\.stringValue) == [old, "1.2.0"])
        #expect(results["fields"]?.arrayValue?.compactMap(\.stringValue) == diff["fields"]?.arrayValue?.compactMap { $0["path"]?.stringValue })
        // Each side at the marked time is its version's sample there.
        let shown = results["shown"]?.arrayValue ?? []
        #expect(shown.first?.numberValue == at)
        for (index, version) in [old, "1.2.0"].enumerated() {
            let sample = try WebAppBrowserTests.sample(db, ["pop@\(version)", "--at", JSONValue.numberText(at)])
            let engine = WebAppBrowserTests.cssMatrix((sample["transform"] as? [Double]) ?? [])
            let browser = WebAppBrowserTests.numbers(shown.count > index + 1 ? shown[index + 1].stringValue ?? "" : "")
            // The export's bound (0.001·max(1, |v|)) and the browser's six digits.
            #expect(
                browser.count == engine.count && zip(browser, engine).allSatisfy { abs($0 - $1) <= 1.1e-3 * max(1, abs($1)) },
                "\(version): \(browser) vs \(engine)")
        }
        #expect(results["components"]?.canonicalText == #"[["opacity",1]]"#)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        // The README's picture of the page.
        try ReadmePicture.check(folder.file("compare.png"), as: "compare.png", backend: backend)
    }
}
