import CatalogModel
import Foundation
import TestSupport
import Testing

/// The scene page as a person uses it, in Chromium through WebDriver, on each backend: clicking
/// an event on the track jumps there, scrubbing shows every object as `catalog state --all --at T`
/// gives it — a layout's slots at their frames inside the container, an animation's opacity at
/// that time — and Play steps the scene on.
struct WebAppSceneTests {
    /// Each drawn object: id, its position in the scene (x, y), its size, and its computed opacity.
    static let drawn = """
        return Object.fromEntries([...document.querySelectorAll('#scene-canvas .scene-object')].map(n =>
          [n.dataset.id, [Number(n.dataset.x), Number(n.dataset.y), n.offsetWidth, n.offsetHeight, Number(getComputedStyle(n).opacity)]]))
        """

    static func state(_ db: String, _ id: String, at t: Double) throws -> JSONValue {
        try JSONReader.read(try CLI.run(["--db", db, "state", id, "--at", JSONValue.numberText(t), "--format", "json"]).stdout)
    }

    @Test(arguments: CLIBackend.allCases)
    func scrubbingTheSceneGivesEveryObjectsState(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        for command in [
            ["object", "add", "card", "--type", "view"], ["prop", "set", "card", "frame", "[10,20,320,80]"],
            ["object", "add", "email", "--type", "textField"], ["object", "add", "badge", "--type", "view"],
            ["apply", "decorating-layout", "--to", "card", "--role", "content=email", "--role", "decoration=badge", "--at", "0"],
            ["prop", "set", "email", "placeholder", "Email address", "--at", "0.1"],
            ["apply", "fade-in", "--to", "badge", "--at", "0.2"]
        ] {
            let ran = try CLI.run(["--db", db] + command)
            #expect(ran.status == 0, "\(command): \(ran.stderr)")
        }
        let log = try JSONReader.read(try CLI.run(["--db", db, "log", "--format", "json", "--operation", "apply", "--object", "badge"]).stdout)
        let fadeSeq = try #require(log.arrayValue?.last?["seq"]?.numberValue)
        let server = try ServeProcess(db: db)
        let t = 0.3
        let outcome = try BrowserSession.run(
            base: server.url,
            steps: [
                .open("/scene"),
                .wait("document.getElementById('scene-canvas').dataset.state === 'ready'"),
                .read("track", "return [...document.querySelectorAll('#scene-track .scene-event')].map(b => Number(b.dataset.seq))"),
                // An event on the track: the scene jumps to its time.
                .click("#scene-track [data-seq='\(Int(fadeSeq))']"),
                .wait("document.getElementById('scene-canvas').dataset.t === '0.2' && document.getElementById('scene-canvas').dataset.state === 'ready'"),
                .read("atFade", Self.drawn),
                // Scrubbed: every object as `state` gives it then.
                .set("#scrubber", JSONValue.numberText(t), event: "input"),
                .wait(
                    "document.getElementById('scene-canvas').dataset.t === '\(JSONValue.numberText(t))' && document.getElementById('scene-canvas').dataset.state === 'ready'"
                ),
                .read("scrubbed", Self.drawn),
                .read("placeholder", "return document.querySelector('[data-id=\"email\"] .scene-text')?.textContent"),
                .screenshot(folder.file("scene.png")),
                // Play steps the scene on, at replay's frame times (whole sixtieths of a second).
                .click("#play"),
                .wait(
                    "document.getElementById('scene-canvas').dataset.state === 'playing' && Number(document.getElementById('scene-canvas').dataset.t) > \(t)"),
                .readAsync(
                    "played",
                    """
                    const done = arguments[0], canvas = document.getElementById('scene-canvas'), seen = [];
                    const watch = new MutationObserver(() => { seen.push(Number(canvas.dataset.t)); if (seen.length >= 5) { watch.disconnect(); done(seen); } });
                    watch.observe(canvas, { attributes: true, attributeFilter: ['data-t'] });
                    """)
            ])
        let results = outcome.results
        let events = try JSONReader.read(try CLI.run(["--db", db, "log", "--format", "json"]).stdout).arrayValue ?? []
        #expect(results["track"]?.arrayValue?.compactMap(\.numberValue) == events.compactMap { $0["seq"]?.numberValue })
        #expect(results["atFade"]?["badge"]?.arrayValue?.last?.numberValue == 0)
        let scrubbed = try #require(results["scrubbed"])
        let card = try Self.state(db, "card", at: t)["presentation"]?["frame"]?.arrayValue?.compactMap(\.numberValue) ?? []
        #expect(scrubbed["card"]?.arrayValue?.prefix(4).compactMap(\.numberValue) == card)
        for id in ["email", "badge"] {
            let state = try Self.state(db, id, at: t)
            let frame = state["presentation"]?["frame"]?.arrayValue?.compactMap(\.numberValue) ?? []
            let opacity = state["presentation"]?["opacity"]?.numberValue ?? 1
            let shown = scrubbed[id]?.arrayValue?.compactMap(\.numberValue) ?? []
            // A slot's frame is in its container's coordinates; the page draws it inside the container.
            let expected = [card[0] + frame[0], card[1] + frame[1]]
            #expect(shown.count == 5 && Array(shown.prefix(2)) == expected, "\(id): \(shown) vs \(expected) (\(frame))")
            #expect(shown.count == 5 && abs(shown[2] - frame[2].rounded()) <= 1 && abs(shown[3] - frame[3].rounded()) <= 1, "\(id) size \(shown)")
            #expect(shown.count == 5 && abs(shown[4] - opacity) < 1e-5, "\(id) opacity \(shown) vs \(opacity)")
        }
        #expect(results["placeholder"]?.stringValue == "Email address")
        let played = results["played"]?.arrayValue?.compactMap(\.numberValue) ?? []
        #expect(played.count == 5 && played.allSatisfy { abs($0 * 60 - ($0 * 60).rounded()) < 1e-9 }, "\(played)")
        #expect(played == played.sorted() && Set(played).count == played.count, "\(played)")
        // The page's one request per frame is `state --all`, byte for byte.
        let all = try CLI.run(["--db", db, "state", "--all", "--at", JSONValue.numberText(t), "--format", "json"])
        let served = try server.get("/api/state?at=\(JSONValue.numberText(t))")
        #expect(all.status == 0 && served.status == 200 && served.body == all.stdout)
        let states = try JSONReader.read(all.stdout).arrayValue ?? []
        #expect(states.compactMap { $0["id"]?.stringValue } == ["badge", "card", "email"])
        #expect(try states.allSatisfy { $0 == (try Self.state(db, $0["id"]?.stringValue ?? "", at: t)) })
        #expect(try CLI.run(["--db", db, "state"]).status != 0 && (try CLI.run(["--db", db, "state", "card", "--all"]).status) != 0)
        // Paged as /api/objects is.
        #expect(
            try JSONReader.read(try server.get("/api/state?at=\(JSONValue.numberText(t))&after=badge&limit=1").body).arrayValue?.compactMap {
                $0["id"]?.stringValue
            } == ["card"])
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        // The README's picture of the page.
        try ReadmePicture.check(folder.file("scene.png"), as: "scene.png", backend: backend)
    }
}
