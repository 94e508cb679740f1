import CatalogModel
import Foundation
import Testing
import TestSupport

/// `catalog export` and `--reduced-motion` from the command line: the issue's acceptance
/// stylesheets pasted into a page in headless Chromium, the files and errors of the command.
struct ExportCommandTests {
    /// Puts `css` and one element per class on a page, pauses every animation at each time (ms)
    /// and returns each element's computed `property` per time.
    private func computed(css: String, classes: [String], property: String, times: [Double], reducedMotion: Bool = false) throws -> [[String]] {
        let page = """
            <!doctype html><html><head><style>div { width: 10px; height: 10px; }\n\(css)</style></head><body><pre id="out"></pre><script>
            const classes = \(JSONValue.array(classes.map(JSONValue.string)).canonicalText), times = \(JSONValue.array(times.map(JSONValue.number)).canonicalText);
            const elements = classes.map((c) => { const e = document.createElement("div"); e.className = c; document.body.appendChild(e); return e; });
            const animations = elements.flatMap((e) => e.getAnimations());
            animations.forEach((a) => a.pause());
            const rows = times.map((t) => { animations.forEach((a) => (a.currentTime = t)); return elements.map((e) => getComputedStyle(e).\(property)); });
            document.getElementById("out").textContent = JSON.stringify(rows);
            </script></body></html>
            """
        let answer = try HeadlessChromium.evaluate(html: page, extraArguments: reducedMotion ? ["--force-prefers-reduced-motion"] : [])
        return answer.arrayValue!.map { $0.arrayValue!.map { $0.stringValue! } }
    }

    private func export(_ arguments: [String], db: String) throws -> String {
        let result = try CLI.run(["export"] + arguments, environment: ["CATALOG_DB": db])
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    private func scale(_ transform: String) -> Double? { BrowserStyle.matrix(transform)?[0] }

    @Test func targetChoosesWhichEnginesTheExportMustPlayAlikeAndExplainSaysWhy() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        // skewX() → scale() interpolates through matrices, which WebKit factors otherwise.
        let file = folder.file("skew.json")
        try
            #"{"name": "skew", "kind": "animation", "version": "1.0.0", "keyframes": [{"transform": "skewX(30deg)"}, {"transform": "scale(2)"}], "options": {"duration": 500}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let all = try export([file, "--to", "css", "--explain"], db: db)
        #expect(all.hasPrefix("target: Chromium, Firefox, WebKit\n"))
        #expect(all.contains("baked") && all.contains("WebKit would show otherwise (exact with --target chromium or firefox)"), "\(all)")
        let firefox = try export([file, "--to", "css", "--target", "firefox", "--explain"], db: db)
        #expect(firefox.hasPrefix("target: Firefox\n") && firefox.contains("exact") && !firefox.contains("baked"), "\(firefox)")
        // The exact form is the definition's own keyframes.
        #expect(try export([file, "--to", "css", "--target", "chromium"], db: db).contains("skewX(30deg)"))
        let refused = try CLI.run(["export", file, "--to", "css", "--target", "safari"], environment: ["CATALOG_DB": db])
        #expect(refused.status == 64 && refused.stderr.contains("'all', 'chromium', 'firefox' or 'webkit'"), "\(refused.stderr)")
        let lottie = try CLI.run(["export", file, "--to", "lottie", "--target", "webkit"], environment: ["CATALOG_DB": db])
        #expect(lottie.status == 64 && lottie.stderr.contains("--target goes with --to css, waapi or js"), "\(lottie.stderr)")
    }

    @Test func bounceSelectsStylesheetShrinksTo08AndSettlesAt09In02Seconds() throws {
        let folder = TemporaryFolder()
        let css = try export(["bounce-select", "--to", "css"], db: folder.file("c.sqlite"))
        let rows = try computed(css: css, classes: ["bounce-select"], property: "transform", times: [0, 50, 100, 150, 200, 1000])
        // 1 → 0.8 at 0.1 s → 0.9 at 0.2 s, linear between, and 0.9 kept (fill forwards).
        let expected = [1, 0.9, 0.8, 0.85, 0.9, 0.9]
        for (row, value) in zip(rows, expected) { #expect(abs((scale(row[0]) ?? -1) - value) < 1e-4, "\(row[0]) ≠ scale \(value)") }
    }

    @Test func fadeSequencesStylesheetRunsFiveStepsOverThreeElements() throws {
        let folder = TemporaryFolder()
        let css = try export(["fade-sequence", "--to", "css"], db: folder.file("c.sqlite"))
        let classes = ["fade-sequence--image", "fade-sequence--headline", "fade-sequence--content"]
        // Each step ends at a multiple of 0.25 s: image out, headline out, content out, headline in, content in.
        let rows = try computed(css: css, classes: classes, property: "opacity", times: [0, 250, 500, 750, 1000, 1250, 2000])
        let expected: [[Double]] = [[1, 1, 1], [0, 1, 1], [0, 0, 1], [0, 0, 0], [0, 1, 0], [0, 1, 1], [0, 1, 1]]
        #expect(rows.map { $0.map { Double($0)! } } == expected)
        // Between the ends only the step running at that time moves.
        let middle = try computed(css: css, classes: classes, property: "opacity", times: [125, 625, 1125]).map { $0.map { Double($0)! } }
        #expect(middle[0][0] > 0 && middle[0][0] < 1 && middle[0][1] == 1 && middle[0][2] == 1)
        #expect(middle[1][0] == 0 && middle[1][1] == 0 && middle[1][2] > 0 && middle[1][2] < 1)
        #expect(middle[2][1] == 1 && middle[2][2] > 0 && middle[2][2] < 1)
    }

    @Test func shakeDoesNotMoveUnderReducedMotionAndSlidesFade() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        let shake = try export(["shake", "--to", "css"], db: db)
        #expect(shake.contains("@media (prefers-reduced-motion: reduce)"))
        let moving = try computed(css: shake, classes: ["shake"], property: "transform", times: [40, 160])
        #expect(moving.map { BrowserStyle.matrix($0[0])![12] } == [-5, 10], "shake: 0 → −10 → 10 px, a key each 80 ms")
        let still = try computed(css: shake, classes: ["shake"], property: "transform", times: [40, 120], reducedMotion: true)
        #expect(still.allSatisfy { BrowserStyle.matrix($0[0])![12] == 0 })

        let slide = try export(["slide-in-left", "--to", "css"], db: db)
        let faded = try computed(css: slide, classes: ["slide-in-left"], property: "transform", times: [50], reducedMotion: true)
        #expect(BrowserStyle.matrix(faded[0][0])![12] == 0, "no slide")
        let opacity = try computed(css: slide, classes: ["slide-in-left"], property: "opacity", times: [0, 100, 200, 400], reducedMotion: true)
        // An ease-in-out fade from 0 to 1 over 0.2 s: 0.5 at its middle.
        #expect(opacity.map { Double($0[0])! } == [0, 0.5, 1, 1])
    }

    @Test func sampleTakesReducedMotion() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        let result = try CLI.run(["sample", "pop", "--at", "0.05,0.1,0.3", "--reduced-motion", "--format", "json"], environment: ["CATALOG_DB": db])
        try #require(result.status == 0, "\(result.stderr)")
        let samples = try JSONValue(jsonData: Data(result.stdout.utf8))["samples"]!.arrayValue!
        // pop fades in over 0.2 s at its end scale (1) instead of popping.
        #expect(samples.allSatisfy { $0["values"]!["transform"]!.arrayValue![0].numberValue == 1 })
        #expect(samples[1]["values"]!["opacity"]!.numberValue == 0.5)
        #expect(samples[2]["values"]!["opacity"]!.numberValue == 1)
    }

    @Test func outputFileExplainAndErrors() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        let file = folder.file("spring.js")
        let stdout = try export(["spring-pop", "--to", "js"], db: db)
        #expect(try CLI.run(["export", "spring-pop", "--to", "js", "-o", file], environment: ["CATALOG_DB": db]).stdout.isEmpty)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == stdout)
        #expect(stdout.contains("export function play(element)"))

        let explain = try export(["spring-pop", "--to", "css", "--explain"], db: db)
        #expect(explain.contains("baked") && explain.contains("a spring"))
        #expect(try export(["bounce-select", "--to", "css", "--explain"], db: db).contains("exact"))

        let decorator = try CLI.run(["export", "hyperlink", "--to", "css"], environment: ["CATALOG_DB": db])
        #expect(decorator.status != 0 && decorator.stderr.contains("hyperlink is a decorator: it exports as an ES module that runs it (--to js)"))
        let tokens = try CLI.run(["export", "carbon", "--to", "css"], environment: ["CATALOG_DB": db])
        #expect(tokens.status != 0)
        let unknown = try CLI.run(["export", "no-such", "--to", "css"], environment: ["CATALOG_DB": db])
        #expect(unknown.status != 0 && unknown.stderr.contains("no component or file named no-such"))
        let selector = try CLI.run(["export", "pop", "--to", "waapi", "--selector", ".x"], environment: ["CATALOG_DB": db])
        #expect(selector.status != 0 && selector.stderr.contains("--selector goes with --to css"))
    }

    @Test func anExportedStylesheetAddedBackSamplesAsTheOriginal() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        let times = (0..<24).map { Double($0) * 0.05 + 0.013 }
        func samples(_ name: String) throws -> [JSONValue] {
            let result = try CLI.run(
                ["sample", name, "--at", times.map { "\($0)" }.joined(separator: ","), "--format", "json"], environment: ["CATALOG_DB": db])
            try #require(result.status == 0, "\(result.stderr)")
            return try JSONValue(jsonData: Data(result.stdout.utf8))["samples"]!.arrayValue!
        }
        for name in ["bounce-select", "pop", "slide-in-left", "spring-pop", "fade-in", "pulse", "m3-fade-out"] {
            let file = folder.file("rt-\(name).css")
            #expect(try CLI.run(["export", name, "--to", "css", "--selector", ".rt-\(name)", "-o", file], environment: ["CATALOG_DB": db]).status == 0)
            let added = try CLI.run(["add", file], environment: ["CATALOG_DB": db])
            try #require(added.status == 0, "\(name): \(added.stderr)")
            for (original, copy) in zip(try samples(name), try samples("rt-\(name)")) {
                for (property, value) in original["values"]!.objectValue! {
                    // Within the export bound: opacity ±0.001, transform entries ±0.001·max(1, |v|).
                    let a = value.arrayValue?.map { $0.numberValue! } ?? [value.numberValue!]
                    let b = copy["values"]![property]!.arrayValue?.map { $0.numberValue! } ?? [copy["values"]![property]!.numberValue!]
                    #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 0.001 * max(1, abs($0)) + 1e-12 }, "\(name).\(property) at \(original["t"]!): \(a) vs \(b)")
                }
            }
        }
        // shake adds to the element's transform, which a Web Animations body cannot say: refused by name, nothing added.
        let shake = folder.file("rt-shake.css")
        #expect(try CLI.run(["export", "shake", "--to", "css", "--selector", ".rt-shake", "-o", shake], environment: ["CATALOG_DB": db]).status == 0)
        let refused = try CLI.run(["add", shake], environment: ["CATALOG_DB": db])
        #expect(refused.status != 0 && refused.stderr.contains("rt-shake.css: line") && refused.stderr.contains("animation-composition add"))
        #expect(!(try CLI.run(["list"], environment: ["CATALOG_DB": db]).stdout.contains("rt-shake")))
    }
}
