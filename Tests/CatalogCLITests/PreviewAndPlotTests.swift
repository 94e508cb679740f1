import CatalogModel
import Foundation
import Testing
import TestSupport

/// `catalog preview` and `catalog plot` in headless Chromium: the page loads without an error,
/// the scrubber shows what `catalog sample` computes, layouts sit at their frames, the plot's
/// points are the engine's samples, and a screenshot shows a page with something on it.
struct PreviewAndPlotTests {
    /// Records errors from the first moment (inserted at the top of <head>).
    private static let errorCatcher = """
        <script>window.__errors = []; addEventListener("error", (e) => __errors.push(String(e.message)));
        const __consoleError = console.error; console.error = (...a) => { __errors.push(a.join(" ")); __consoleError(...a); };</script>
        """

    private func withProbe(_ html: String, _ probe: String) -> String {
        html.replacingOccurrences(of: "<head>", with: "<head>" + Self.errorCatcher)
            .replacingOccurrences(of: "</body>", with: "<pre id=\"out\">pending</pre><script>\(probe)</script></body>")
    }

    private func sample(_ name: String, at times: [Double], db: String, reducedMotion: Bool = false) throws -> [JSONValue] {
        let result = try CLI.run(
            ["sample", name, "--at", times.map { "\($0)" }.joined(separator: ","), "--format", "json"] + (reducedMotion ? ["--reduced-motion"] : []),
            environment: ["CATALOG_DB": db])
        try #require(result.status == 0, "\(result.stderr)")
        return try JSONValue(jsonData: Data(result.stdout.utf8))["samples"]!.arrayValue!
    }

    @Test func thePreviewPlaysWhatTheEngineSamplesAtAScrubbedTime() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite"), page = folder.file("page.html")
        let names = ["bounce-select", "spring-pop", "slide-in-left", "fade-sequence", "decorating-layout"]
        let made = try CLI.run(["preview"] + names + ["-o", page], environment: ["CATALOG_DB": db])
        try #require(made.status == 0, "\(made.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Self-contained: nothing loaded from elsewhere (the SVG namespace is a name, not a request).
        for reference in ["src=", "<link", "@import", "url(", "fetch(", "import("] { #expect(!html.contains(reference), "\(reference)") }

        let times = [0.03, 0.1, 0.17, 0.35]
        let probe = """
            const p = window.catalogPreview, read = (index, role) => { const s = getComputedStyle(p.elements(index)[role]); return [s.opacity, s.transform]; };
            const result = { animations: {}, chain: [], boxes: {}, reduced: null };
            \(JSONValue.array(names.prefix(3).map(JSONValue.string)).canonicalText).forEach((name, index) => {
              result.animations[name] = \(JSONValue.array(times.map { .number($0 * 1000) }).canonicalText).map((ms) => { p.scrub(index, ms); return read(index, "element"); });
            });
            for (const ms of [0, 250, 500, 750, 1000, 1250]) { p.scrub(3, ms); result.chain.push(["image", "headline", "content"].map((r) => read(3, r)[0])); }
            for (const [slot, box] of Object.entries(p.elements(4))) result.boxes[slot] = [box.offsetLeft, box.offsetTop, box.offsetWidth, box.offsetHeight];
            const container = document.querySelector("#stage-4 .container");
            result.container = [container.offsetLeft, container.offsetTop, container.clientWidth, container.clientHeight];
            p.setReducedMotion(true); p.scrub(2, 100); result.reduced = read(2, "element");
            document.getElementById("out").textContent = JSON.stringify({ result, errors: window.__errors });
            """
        let answer = try HeadlessChromium.evaluate(html: withProbe(html, probe))
        #expect(answer["errors"]?.arrayValue?.isEmpty == true, "console errors: \(answer["errors"]!)")
        let result = answer["result"]!

        for name in names.prefix(3) {
            let engine = try sample(name, at: times, db: db)
            for (index, row) in result["animations"]![name]!.arrayValue!.map({ $0.arrayValue!.map { $0.stringValue! } }).enumerated() {
                let values = engine[index]["values"]!
                let matrix = BrowserStyle.matrix(row[1])!
                let expected = values["transform"]!.arrayValue!.map { $0.numberValue! }
                // spring-pop is baked: within 0.1 % of each entry; the others exact.
                #expect(zip(matrix, expected).allSatisfy { abs($0 - $1) <= 0.0011 * max(1, abs($1)) }, "\(name) at \(times[index]): \(matrix) vs \(expected)")
                if let opacity = values["opacity"]?.numberValue { #expect(abs(Double(row[0])! - opacity) < 1e-5) }
            }
        }
        // fade-sequence: the five steps end at multiples of 0.25 s.
        #expect(
            result["chain"]!.arrayValue!.map { $0.arrayValue!.map { Double($0.stringValue!)! } }
                == [[1, 1, 1], [0, 1, 1], [0, 0, 1], [0, 0, 0], [0, 1, 0], [0, 1, 1]])
        // decorating-layout in its default (0, 0, 120, 40), the container's padding box: content (0, 5, 35, 30), decoration (35, 5, 70, 30) — WWDC 2016/419.
        let origin = result["container"]!.arrayValue!.map { $0.numberValue! }
        #expect(Array(origin[2...3]) == [120, 40])
        // The boxes sit in the container (their offsets are from it), placed by the layout's stylesheet.
        func box(_ slot: String) -> [Double] { result["boxes"]![slot]!.arrayValue!.map { $0.numberValue! } }
        #expect(box("content") == [0, 5, 35, 30])
        #expect(box("decoration") == [35, 5, 70, 30])
        // The reduced-motion toggle: slide-in-left fades in place (0.5 at half its 0.2 s fade).
        let reduced = result["reduced"]!.arrayValue!.map { $0.stringValue! }
        #expect(reduced[0] == "0.5" && (reduced[1] == "none" || BrowserStyle.matrix(reduced[1])![12] == 0))
    }

    /// A decorator's card attaches its module to a live element; a layout's container resized
    /// lays its boxes out where the engine would.
    @Test func decoratorsAndLayoutsPlayLiveInThePreview() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite"), page = folder.file("page.html")
        let toolbar = ScenarioJudge.fixtureFolder.appending(path: "toolbar.yaml").path
        let made = try CLI.run(["preview", "bouncy-placeholder", "hyperlink", "decorating-layout", toolbar, "-o", page], environment: ["CATALOG_DB": db])
        try #require(made.status == 0, "\(made.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        for reference in ["src=", "<link", "@import", "url(", "fetch(", "import("] { #expect(!html.contains(reference), "\(reference)") }
        // Module scripts run in order: this one after the cards' modules.
        let probe = """
            <script type="module">
            const p = window.catalogPreview, result = {};
            const label = document.querySelector('#stage-0 [data-catalog-child="placeholderLabel"]');
            result.placeholder = label ? label.textContent : null;
            result.suppressed = p.elements(0).owner.getAttribute("placeholder");
            p.handle(0).send("textChanged", "a");
            result.animations = document.getAnimations().length;
            const taps = [];
            p.elements(1).owner.addEventListener("catalog:openURL", (e) => taps.push(e.detail));
            p.handle(1).send("tap");
            p.handle(1).set("url", "javascript:alert(1)");
            p.handle(1).send("tap");
            result.taps = taps;
            result.listed = [...document.querySelectorAll("#card-1 .effects li")].map((li) => li.textContent);
            const container = document.getElementById("layout-2");
            container.style.width = "240px"; container.style.height = "64px";
            result.boxes = Object.fromEntries(Object.entries(p.elements(2)).map(([slot, box]) => [slot, [box.offsetLeft, box.offsetTop, box.offsetWidth, box.offsetHeight]]));
            // A choice is a select setting the container's attribute.
            const direction = document.querySelector("#card-3 .knobs select[name='--toolbar-direction']");
            direction.value = "vertical";
            direction.dispatchEvent(new Event("input"));
            const ok = p.elements(3).ok;
            result.chosen = [document.getElementById("layout-3").getAttribute("data-toolbar-direction"), ok.offsetTop, ok.offsetWidth];
            document.getElementById("out").textContent = JSON.stringify({ result, errors: window.__errors });
            </script>
            """
        let withProbe = html.replacingOccurrences(of: "<head>", with: "<head>" + Self.errorCatcher)
            .replacingOccurrences(of: "</body>", with: "<pre id=\"out\">pending</pre>\(probe)</body>")
        let answer = try HeadlessChromium.evaluate(html: withProbe)
        #expect(answer["errors"]?.arrayValue?.isEmpty == true, "console errors: \(answer["errors"] ?? .null)")
        let result = answer["result"] ?? .null
        #expect(result["placeholder"] == "Email address")
        #expect(result["suppressed"] == .null)
        #expect((result["animations"]?.numberValue ?? 0) >= 3)
        #expect(result["taps"] == ["https://swift.org"])
        #expect(result["listed"] == ["openURL: \"https://swift.org\""])
        // decorating-layout in 240 × 64: content a third of 240 − 15, 5 above and below.
        #expect(result["boxes"]?["content"] == [0, 5, 75, 54])
        #expect(result["boxes"]?["decoration"] == [75, 5, 150, 54])
        // The toolbar in 320 × 120, buttons stacked: the second row at (120 − 6) / 2 + 6 = 63, full width.
        #expect(result["chosen"] == ["vertical", 63, 320])
    }

    @Test func thePlotsPointsAreTheEnginesSamples() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite"), file = folder.file("curve.svg")
        let made = try CLI.run(["plot", "bounce-select", "--samples", "40", "-o", file], environment: ["CATALOG_DB": db])
        try #require(made.status == 0, "\(made.stderr)")
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        let probe = """
            const panels = [...document.querySelectorAll("g.panel")].map((g) => ({
              title: g.dataset.title, t0: +g.dataset.t0, t1: +g.dataset.t1, v0: +g.dataset.v0, v1: +g.dataset.v1,
              x: +g.dataset.x, y: +g.dataset.y, width: +g.dataset.width, height: +g.dataset.height,
              keyframes: [...g.querySelectorAll("line.keyframe")].map((l) => +l.dataset.t),
              series: [...g.querySelectorAll("polyline")].map((l) => ({ label: l.dataset.series, data: l.dataset.points,
                points: [...l.points].map((q) => [q.x, q.y]) })),
            }));
            document.getElementById("out").textContent = JSON.stringify({ panels, errors: window.__errors });
            """
        let answer = try HeadlessChromium.evaluate(html: withProbe("<!doctype html><html><head></head><body>\(svg)</body></html>", probe))
        #expect(answer["errors"]?.arrayValue?.isEmpty == true)
        let panels = answer["panels"]!.arrayValue!
        #expect(panels.map { $0["title"]!.stringValue! } == ["transform (matrix entries)", "progress"])
        let transform = panels[0]
        #expect(transform["keyframes"]!.arrayValue!.map { $0.numberValue! } == [0, 0.1, 0.2])
        let m11 = transform["series"]!.arrayValue!.first { $0["label"]!.stringValue!.hasPrefix("m11") }!
        let data = m11["data"]!.stringValue!.split(separator: " ").map { $0.split(separator: ":").map { Double($0)! } }
        #expect(data.count == 41)
        let engine = try sample("bounce-select", at: data.map { $0[0] }, db: db)
        for (point, sample) in zip(data, engine) {
            #expect(point[1] == sample["values"]!["transform"]!.arrayValue![0].numberValue!, "the plotted value is the sample")
        }
        // What the browser drew sits where the panel's axes put those values (to the 0.01 px written).
        let (t0, t1, v0, v1) = (transform["t0"]!.numberValue!, transform["t1"]!.numberValue!, transform["v0"]!.numberValue!, transform["v1"]!.numberValue!)
        let (x, y, w, h) = (transform["x"]!.numberValue!, transform["y"]!.numberValue!, transform["width"]!.numberValue!, transform["height"]!.numberValue!)
        for (drawn, point) in zip(m11["points"]!.arrayValue!.map({ $0.arrayValue!.map { $0.numberValue! } }), data) {
            let px = x + (point[0] - t0) / (t1 - t0) * w, py = y + h - (point[1] - v0) / (v1 - v0) * h
            #expect(abs(drawn[0] - px) < 0.01 && abs(drawn[1] - py) < 0.01)
        }
    }

    @Test func aScreenshotOfThePreviewShowsThePage() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite"), page = folder.file("page.html"), blank = folder.file("blank.html")
        try #require(try CLI.run(["preview", "bounce-select", "fade-sequence", "-o", page], environment: ["CATALOG_DB": db]).status == 0)
        try "<!doctype html><html><body></body></html>".write(toFile: blank, atomically: true, encoding: .utf8)
        let shot = try HeadlessChromium.screenshot(of: page, width: 900, height: 900)
        let empty = try HeadlessChromium.screenshot(of: blank, width: 900, height: 900)
        // A PNG of the window's size, whose content compresses far worse than a blank page's.
        #expect(HeadlessChromium.pngSize(shot)! == (900, 900))
        #expect(shot.count > 10 * empty.count, "\(shot.count) bytes against \(empty.count) for a blank page")
    }
}
