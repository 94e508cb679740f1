import CatalogModel
import Foundation
import TestSupport
import Testing

/// The web app without a mouse, in Chromium through WebDriver: on each page, Tab reaches every
/// control a person could click (links, buttons, fields, the scrollable blocks), in order, and
/// Enter or Space works the ones that matter — the gallery's Pause, a scene event, a compare
/// difference, a curve handle, the spring's form. Under reduced motion the gallery starts still.
struct WebAppKeyboardTests {
    /// Records each element focus lands on, and returns every visible control of the page.
    static let install = """
        window.__focused = [];
        document.addEventListener('focusin', (e) => window.__focused.push(e.target));
        document.activeElement?.blur();
        return true;
        """
    /// Every visible control no Tab reached (its outer HTML, cut short).
    static let missed = """
        const controls = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')]
          .filter((e) => !e.disabled && e.type !== 'hidden' && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
          // Inside a closed <details> a control waits for its summary (reached) to open it.
          .filter((e) => { const closed = e.closest('details:not([open])'); return !closed || e.closest('summary')?.parentElement === closed; });
        const reached = new Set(window.__focused);
        // A radio group is one Tab stop: the arrow keys move within it.
        const groups = new Set(window.__focused.filter((e) => e.type === 'radio').map((e) => e.name));
        return controls.filter((e) => !reached.has(e) && !(e.type === 'radio' && groups.has(e.name))).map((e) => e.outerHTML.slice(0, 120));
        """

    @Test func everyControlIsReachedAndWorkedByKeyboard() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        for command in [
            ["object", "add", "card", "--type", "view"], ["prop", "set", "card", "frame", "[0,0,200,60]"],
            ["apply", "fade-in", "--to", "card", "--at", "0.5"]
        ] {
            #expect(try CLI.run(["--db", db] + command).status == 0)
        }
        // With the write token, so that the editor's pages are there too.
        let server = try ServeProcess(db: db, token: "0123456789abcdef-s3cret")
        let pages = [
            "/?kind=chain", "/?view=table&kind=chain", "/components/pop", "/compare?a=pop&b=fade-in", "/scene", "/log?object=card", "/objects/card",
            "/new", "/components/pop/edit", "/new/spring"
        ]
        var steps: [BrowserSession.Step] = []
        for (index, page) in pages.enumerated() {
            steps += [
                .open(page), .wait("document.readyState === 'complete'"), .read("installed \(index)", Self.install),
                .keys(Array(repeating: "TAB", count: 150)), .read("missed \(index) \(page)", Self.missed)
            ]
        }
        steps += [
            // The gallery's Pause by keyboard: focused, then Enter.
            .open("/?kind=chain"), .wait("document.querySelector('.tile')?.dataset.state === 'playing'"),
            .read("focusPause", "document.getElementById('gallery-play').focus(); return document.activeElement.id"),
            .keys(["ENTER"]),
            .read("clock", "return document.getElementById('gallery').dataset.clock"),
            // A scene event by keyboard: Space jumps there.
            .open("/scene"), .wait("document.getElementById('scene-canvas').dataset.state === 'ready'"),
            .read("focusEvent", "const b = [...document.querySelectorAll('.scene-event')].pop(); b.focus(); return Number(b.dataset.t)"),
            .keys(["SPACE"]),
            .wait("document.getElementById('scene-canvas').dataset.t === '0.5' && document.getElementById('scene-canvas').dataset.state === 'ready'"),
            // A curve handle by keyboard: focused, the up arrow raises it by a hundredth.
            .open("/components/fade-in/edit"), .wait("document.getElementById('preview-box').dataset.state === 'ready'"),
            .read("handleBefore", "const h = document.getElementById('handle-2'); h.focus(); return Number(h.dataset.y)"),
            .keys(["ARROW_UP"]),
            .wait("document.getElementById('preview-box').dataset.state === 'ready'"),
            .read("handleAfter", "return Number(document.getElementById('handle-2').dataset.y)"),
            // The spring's form by keyboard: the radio focused, an arrow key switches it.
            .open("/new/spring"), .wait("document.getElementById('preview-box').dataset.state === 'ready'"),
            .read("focusForm", "document.querySelector('input[name=spring-form]:checked').focus(); return document.activeElement.value"),
            .keys(["ARROW_DOWN"]),
            .wait("document.querySelector('[data-path=\"animation.stiffness\"]') !== null"),
            // Under reduced motion the gallery starts still.
            .reducedMotion(true), .open("/?kind=chain"),
            .wait("document.querySelector('.tile')?.dataset.state === 'paused'"),
            .read("reducedClock", "return [document.getElementById('gallery').dataset.clock, document.getElementById('gallery-play').textContent]")
        ]
        let outcome = try BrowserSession.run(base: server.url, steps: steps)
        for (name, missed) in outcome.results where name.hasPrefix("missed") {
            #expect(missed.arrayValue?.isEmpty == true, "\(name): Tab never reached \(missed.prettyText)")
        }
        #expect(outcome.results["focusPause"]?.stringValue == "gallery-play")
        #expect(outcome.results["clock"]?.stringValue == "paused")
        #expect(outcome.results["focusEvent"]?.numberValue == 0.5)
        #expect(outcome.results["reducedClock"]?.canonicalText == #"["paused","Play"]"#)
        let (before, after) = (outcome.results["handleBefore"]?.numberValue ?? 0, outcome.results["handleAfter"]?.numberValue ?? 0)
        #expect(abs(after - before - 0.01) < 1e-9, "\(before) → \(after)")
        #expect(outcome.results["focusForm"]?.stringValue == "perceptual")
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    }
}
