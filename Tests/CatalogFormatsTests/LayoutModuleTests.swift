@testable import CatalogFormats
import CatalogModel
import Foundation
import TestSupport
import Testing

/// A layout's stylesheet and `--to js` module in each browser engine, choosing by the container's
/// `data-` attribute and by `parameters` (DESIGN §9). Frames worked out by hand for the
/// toolbar fixture in a 300 × 120 container: rows of (120 − 6) / 2 = 57, the second at y 63.
struct LayoutModuleTests {
    @Test(arguments: BrowserEngine.allCases)
    func theStylesheetAndTheModuleChooseAlike(engine: BrowserEngine) throws {
        let path = ScenarioJudge.fixtureFolder.appending(path: "toolbar.yaml").path
        let sheet = try LayoutStylesheet(try DefinitionDecoder.decode(text: String(contentsOfFile: path, encoding: .utf8), file: "toolbar.yaml"))
        let module = JSONValue.string(sheet.module).canonicalText.replacingOccurrences(of: "</", with: "<\\/")
        let slots = ["title", "badge", "ok", "cancel"].map { "<div data-slot=\"\($0)\"></div>" }.joined()
        let html = """
            <!doctype html><html><head><style>body { margin: 0 } .stage { width: 300px; height: 120px; }
            \(sheet.text())</style></head><body>
            <div id="css" class="stage toolbar" data-toolbar-direction="vertical">\(slots)</div>
            <div id="js" class="stage">\(slots)</div>
            <pre id="out"></pre>
            <script type="module">
            const { layout } = await import(URL.createObjectURL(new Blob([\(module)], { type: "text/javascript" })));
            const frames = (id) => Object.fromEntries([...document.getElementById(id).children].map((child) =>
              [child.dataset.slot, [child.offsetLeft, child.offsetTop, child.offsetWidth, child.offsetHeight]]));
            const result = { css: frames("css") };
            const container = document.getElementById("js");
            container.setAttribute("data-toolbar-direction", "vertical");
            const handle = layout(container);
            result.attribute = frames("js");
            handle.update({ direction: "horizontal", badgeSide: "leading" });
            result.given = frames("js");
            document.getElementById("css").setAttribute("data-toolbar-badge-side", "leading");
            document.getElementById("css").removeAttribute("data-toolbar-direction");
            result.cssGiven = frames("css");
            try { handle.update({ direction: "diagonal" }); } catch (error) { result.refused = `${error.name}: ${error.message}`; }
            document.getElementById("out").textContent = JSON.stringify(result);
            </script></body></html>
            """
        EngineTable.note(.modules, engine: engine, cases: 1)
        let result = try engine.evaluate(html: html)
        // Vertical buttons: (57 − 6) / 2 = 25.5 each — offsets round to whole pixels.
        let vertical: JSONValue = ["title": [0, 0, 210, 57], "badge": [210, 0, 90, 57], "ok": [0, 63, 300, 26], "cancel": [0, 95, 300, 26]]
        #expect(result["css"] == vertical)
        #expect(result["attribute"] == vertical)
        // Horizontal buttons of (300 − 6) / 2 = 147, the badge leading.
        let given: JSONValue = ["title": [90, 0, 210, 57], "badge": [0, 0, 90, 57], "ok": [0, 63, 147, 57], "cancel": [153, 63, 147, 57]]
        #expect(result["given"] == given)
        #expect(result["cssGiven"] == given)
        #expect(result["refused"] == "RangeError: toolbar: direction must be one of horizontal, vertical, not diagonal")
    }
}
