import Foundation
import CatalogKit
import TestSupport
import Testing

/// The web app as a person uses it, in Chromium, Firefox and WebKit driven through WebDriver, on
/// each backend: search as you type and filter, open a component, move a knob, scrub, and read the
/// box's computed style (it is `catalog sample` at that time with that parameter), play, turn on
/// reduced motion, copy an export, watch the log receive an event the command line writes — with
/// a component whose summary, tags and parameter text carry markup rendered as text, running
/// nothing, and no error or warning in the browser's console (Chromium's: the others' drivers do
/// not give it).
///
/// `CATALOG_SCREENSHOTS=FOLDER` also saves the README's screenshots there (SQLite run).
struct WebAppBrowserTests {
    static let summary = #"<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> "quoted" 'single' </style>"#
    static let tags = [#""><script>window.__pwned=3</script>"#, "</style>"]
    static let parameterSummary = "<b onmouseover=alert(1)>seconds</b></style>"

    static var hostile: String {
        let definition: [String: Any] = [
            "name": "hostile", "kind": "animation", "version": "1.0.0", "summary": summary, "tags": tags,
            "parameters": ["dur": ["type": "number", "default": 0.4, "minimum": 0, "summary": parameterSummary]],
            "animation": ["type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": "$dur"]
        ]
        return String(decoding: try! JSONSerialization.data(withJSONObject: definition), as: UTF8.self)
    }

    /// The numbers of a computed `matrix(…)` / `matrix3d(…)`, or of `catalog sample`'s 16 as CSS
    /// writes the 2D ones (a, b, c, d, e, f).
    static func numbers(_ css: String) -> [Double] {
        css.split(whereSeparator: { "(), ".contains($0) }).compactMap { Double($0) }
    }

    static func cssMatrix(_ entries: [Double]) -> [Double] {
        let is2D =
            entries[2] == 0 && entries[3] == 0 && entries[6] == 0 && entries[7] == 0 && entries[8] == 0 && entries[9] == 0
            && entries[10] == 1 && entries[11] == 0 && entries[14] == 0 && entries[15] == 1
        return is2D ? [entries[0], entries[1], entries[4], entries[5], entries[12], entries[13]] : entries
    }

    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        // Chromium writes computed numbers to 6 significant digits.
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-5 * max(1, abs($1)) }
    }

    /// One sample as `catalog sample --format json` prints it.
    static func sample(_ db: String, _ arguments: [String]) throws -> [String: Any] {
        let printed = try CLI.run(["--db", db, "sample"] + arguments + ["--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [String: Any]
        return try #require((document?["samples"] as? [[String: Any]])?.first?["values"] as? [String: Any], "\(printed.stderr)")
    }

    @Test(arguments: CLIBackend.allCases, BrowserEngine.allCases)
    func aPersonBrowsesScrubsCopiesAndWatchesTheLog(backend: CLIBackend, engine: BrowserEngine) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        try Self.hostile.write(toFile: folder.file("hostile.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["--db", db, "add", folder.file("hostile.json")]).status == 0)
        #expect(try CLI.run(["--db", db, "object", "add", "v", "--type", "view"]).status == 0)
        // The engine's truth for the chain's preview: fade-sequence applied to three objects.
        for role in ["image", "headline", "content"] { #expect(try CLI.run(["--db", db, "object", "add", "chain-\(role)", "--type", "view"]).status == 0) }
        #expect(
            try CLI.run([
                "--db", db, "apply", "fade-sequence", "--role", "image=chain-image", "--role", "headline=chain-headline",
                "--role", "content=chain-content", "--at", "0"
            ]).status == 0)
        let server = try ServeProcess(db: db)
        let shots = backend == .sqlite && engine == .chromium ? ProcessInfo.processInfo.environment["CATALOG_SCREENSHOTS"] : nil
        func shot(_ name: String) -> [BrowserSession.Step] { shots.map { [.screenshot("\($0)/\(name).png")] } ?? [] }
        let rows = "return [...document.querySelectorAll('#components tbody tr td:first-child')].map(td => td.textContent)"
        let box = "document.getElementById('preview-box')"
        let ready = "\(box).dataset.state === 'ready'"
        let chainOpacities = "return Object.fromEntries([...document.querySelectorAll('[data-role]')].map(b => [b.dataset.role, getComputedStyle(b).opacity]))"

        EngineTable.note(.webApp, engine: engine, cases: 1)
        let outcome = try BrowserSession.run(
            base: server.url,
            steps: [
                // The catalog: search as you type, then a kind on top.
                .open("/"),
                .type("#search", "fade"),
                .wait("document.getElementById('components').dataset.query === 'q=fade'"),
                .read("searched", rows)
            ] + shot("catalog") + [
                .set("#kind", "chain"),
                .wait("document.getElementById('components').dataset.query === 'kind=chain&q=fade'"),
                .read("searchedChains", rows),
                .read("url", "return location.pathname + location.search"),
                // Store text with markup is text: it reads back exactly, and nothing ran.
                .open("/components/hostile"),
                .wait(ready),
                .read("hostileSummary", "return document.getElementById('summary').textContent"),
                .read("hostileTags", "return [...document.querySelectorAll('#tags .tag')].map(a => a.textContent)"),
                .read("hostileKnob", "return document.querySelector('.knob small').textContent"),
                .read("pwned", "return window.__pwned === undefined ? null : window.__pwned"),
                .read("scripts", "return document.scripts.length"),
                // A knob and the scrubber: the box shows the engine's sample at that time, for that value.
                .open("/components/pop"),
                .wait(ready),
                .set("[data-param=duration]", "0.6"),
                .wait("\(box).dataset.params.includes('duration%3D0.6') && \(ready)"),
                .set("#scrubber", "0.25", event: "input"),
                .wait("\(box).dataset.t === '0.25' && \(ready)"),
                .read("transform", "return getComputedStyle(\(box)).transform"),
                .read("timeShown", "return document.getElementById('time').textContent"),
                // Playing moves the box on; pausing shows the exact sample where it stopped.
                .click("#play"),
                // Moved on from the scrubbed 0.25 (where it is paused depends on the machine's pace,
                // and the loop may have wrapped round: the check is that the pause shows that time exactly).
                .wait("\(box).dataset.state === 'playing' && Number(\(box).dataset.t) !== 0.25"),
                .click("#play"),
                .wait(ready),
                .read("pausedAt", "return Number(\(box).dataset.t)"),
                .read("pausedTransform", "return getComputedStyle(\(box)).transform")
            ] + shot("component") + [
                // Reduced motion: pop fades instead.
                .click("#reduced-motion"),
                .wait("\(box).dataset.params.includes('reducedMotion=true') && \(ready)"),
                .set("#scrubber", "0.1", event: "input"),
                .wait("\(box).dataset.t === '0.1' && \(ready)"),
                .read("reducedOpacity", "return getComputedStyle(\(box)).opacity"),
                .read("reducedTransform", "return getComputedStyle(\(box)).transform"),
                // A chain: a box per role, scrubbed; each is what the engine presents at that time.
                .open("/components/fade-sequence"),
                .wait("document.getElementById('chain-stage').dataset.state === 'ready'"),
                .set("#scrubber", "0.6", event: "input"),
                .wait("document.getElementById('chain-stage').dataset.t === '0.6'"),
                .read("chainAt0.6", chainOpacities),
                .set("#scrubber", "1.2", event: "input"),
                .wait("document.getElementById('chain-stage').dataset.t === '1.2'"),
                .read("chainAt1.2", chainOpacities),
                .open("/components/pop"),
                .wait(ready),
                // Copy an export: the clipboard holds what `export` prints.
                .grantClipboard,
                .click("[data-copy=export-css]"),
                .wait("document.getElementById('copied-css').textContent === 'Copied'"),
                // WebKit lets a page read the clipboard only through its paste menu: there a person pastes.
                engine == .webkit
                    ? .paste("clipboard") : .readAsync("clipboard", "navigator.clipboard.readText().then(arguments[0], e => arguments[0]('failed: ' + e))"),
                // The log, live: an event the command line commits appears.
                .open("/log"),
                .wait("document.body.dataset.stream === 'open'"),
                .run([CLI.executable, "--db", db, "object", "add", "from-cli", "--type", "view"]),
                .wait("[...document.querySelectorAll('#events tr')].some(tr => tr.children[4].textContent === 'from-cli')"),
                .read("liveRow", "const tr = [...document.querySelectorAll('#events tr')].pop(); return [...tr.children].map(td => td.textContent)")
            ] + shot("log") + [
                .open("/objects/from-cli"),
                .read("objectTitle", "return document.getElementById('title').textContent")
            ], engine: engine)
        let results = outcome.results
        func strings(_ name: String) -> [String] { results[name]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        func names(_ arguments: [String]) throws -> [String] {
            let printed = try CLI.run(["--db", db] + arguments + ["--format", "json"]).stdout
            return (try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }

        // Search and filter: the store's ranked search, then its kind.
        let searched = try names(["search", "fade"])
        #expect(!searched.isEmpty && strings("searched") == searched)
        let chains = try names(["list", "--kind", "chain"])
        #expect(strings("searchedChains") == searched.filter(chains.contains) && !strings("searchedChains").isEmpty)
        #expect(results["url"]?.stringValue == "/?kind=chain&q=fade")

        // Markup in the store is text on the page, and ran nothing.
        #expect(results["hostileSummary"]?.stringValue == Self.summary)
        #expect(strings("hostileTags") == Self.tags)
        #expect(results["hostileKnob"]?.stringValue == Self.parameterSummary)
        #expect(results["pwned"] == .null && results["scripts"]?.numberValue == 1)

        // The box at t = 0.25 with duration 0.6 is `catalog sample pop --at 0.25 --param duration=0.6`.
        let sampled = try Self.sample(db, ["pop", "--at", "0.25", "--param", "duration=0.6"])
        let expected = Self.cssMatrix(try #require(sampled["transform"] as? [Double]))
        let shown = Self.numbers(results["transform"]?.stringValue ?? "")
        #expect(Self.close(shown, expected), "\(shown) vs \(expected)")
        #expect(results["timeShown"]?.stringValue == "0.250 s")
        let pausedAt = try #require(results["pausedAt"]?.numberValue)
        #expect(pausedAt >= 0 && pausedAt <= 0.6 && pausedAt != 0.25)
        let paused = Self.cssMatrix(try #require(try Self.sample(db, ["pop", "--at", "\(pausedAt)", "--param", "duration=0.6"])["transform"] as? [Double]))
        #expect(Self.close(Self.numbers(results["pausedTransform"]?.stringValue ?? ""), paused))
        // Reduced motion: as `sample --reduced-motion` (pop fades; its transform is not moved).
        let reduced = try Self.sample(db, ["pop", "--at", "0.1", "--param", "duration=0.6", "--reduced-motion"])
        let opacity = try #require(reduced["opacity"] as? Double)
        #expect(
            Self.close([Double(results["reducedOpacity"]?.stringValue ?? "") ?? -1], [opacity]),
            "\(String(describing: results["reducedOpacity"])) vs \(opacity)")
        if let transform = reduced["transform"] as? [Double] {
            #expect(Self.close(Self.numbers(results["reducedTransform"]?.stringValue ?? ""), Self.cssMatrix(transform)))
        }

        // The chain's boxes: `state` of the objects it was applied to, at each time.
        for time in ["0.6", "1.2"] {
            let shownOpacities = results["chainAt\(time)"]?.objectValue ?? [:]
            #expect(shownOpacities.count == 3, "\(time): \(shownOpacities)")
            for (role, shown) in shownOpacities {
                let state =
                    try JSONSerialization.jsonObject(with: Data(CLI.run(["--db", db, "state", "chain-\(role)", "--at", time, "--format", "json"]).stdout.utf8))
                    as? [String: Any]
                let engine = (state?["presentation"] as? [String: Any])?["opacity"] as? Double ?? 1
                let browser = Double(shown.stringValue ?? "") ?? -1
                #expect(abs(browser - engine) <= 1e-3, "\(role) at \(time): page \(browser), engine \(engine)")
            }
        }

        // The copied export is `export`'s text.
        #expect(results["clipboard"]?.stringValue == (try CLI.run(["--db", db, "export", "pop", "--to", "css"]).stdout))

        // The live row is the log's newest event, the command line's.
        let log = try JSONSerialization.jsonObject(with: Data(try CLI.run(["--db", db, "log", "--format", "json"]).stdout.utf8)) as? [[String: Any]] ?? []
        let newest = try #require(log.last)
        // The page writes t as JavaScript writes the number: the shortest form that reads back.
        #expect(
            strings("liveRow").prefix(5) == [
                "\(newest["seq"] as? Int ?? -1)", JSONValue.numberText(newest["t"] as? Double ?? -1),
                newest["operation"] as? String ?? "", "from-cli (view)", "from-cli"
            ])
        #expect(results["objectTitle"]?.stringValue?.hasPrefix("from-cli") == true)

        // Nothing went wrong in the browser: no failed request, policy violation or exception.
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    }
}
