@testable import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// The decorator module's API as DESIGN §9 gives it, in each browser engine: `data-` attributes as
/// properties, DOM events as the engine's, `catalog:EFFECT` events that bubble, children made
/// on attachment and bound to the owner, the owner's own placeholder suppressed, and `detach`
/// undoing all of it.
struct BehaviourModuleTests {
    @Test(arguments: BrowserEngine.allCases)
    func theModuleKeepsDesignsContract(engine: BrowserEngine) throws {
        let folder = TemporaryFolder()
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        let placeholder = try BehaviourExport.module(of: try catalog.components.get("bouncy-placeholder")!.decode(), catalog: catalog)
        let hyperlink = try BehaviourExport.module(of: try catalog.components.get("hyperlink")!.decode(), catalog: catalog)
        let modules = JSONValue.object(["placeholder": .string(placeholder), "hyperlink": .string(hyperlink)]).canonicalText
            .replacingOccurrences(of: "</", with: "<\\/")
        let html = """
            <!doctype html><html><body>
            <div id="form" style="position: relative">
              <input id="email" placeholder="Email address" data-abbreviated-placeholder="Email" data-always-bounce-placeholder>
              <input id="plain" placeholder="Plain">
              <span id="link">Swift</span>
            </div>
            <pre id="out"></pre>
            <script type="module">
            const sources = \(modules);
            const load = (name) => import(URL.createObjectURL(new Blob([sources[name]], { type: "text/javascript" })));
            const { attach } = await load("placeholder");
            const links = await load("hyperlink");
            const result = {};
            const email = document.getElementById("email"), plain = document.getElementById("plain");
            const handle = attach(email);
            const label = handle.child("placeholderLabel"), right = handle.child("rightPlaceholderLabel");
            result.attached = [label?.textContent, right?.textContent, getComputedStyle(right).opacity, email.getAttribute("placeholder")];
            result.siblings = [email.nextElementSibling === label, label.nextElementSibling === right];
            // Not attached until a key of attachWhenSet is set.
            const waiting = attach(plain);
            result.waiting = [waiting.child("placeholderLabel"), plain.getAttribute("placeholder")];
            waiting.set("abbreviatedPlaceholder", "P");
            result.woke = [waiting.child("placeholderLabel")?.textContent, waiting.child("rightPlaceholderLabel")?.textContent];
            // Typing is the input event; the bound label follows a new placeholder.
            email.value = "a";
            email.dispatchEvent(new Event("input"));
            result.typed = document.getAnimations().map((a) => a.effect.target.dataset.catalogChild).sort();
            handle.set("placeholder", "Work email");
            result.followed = label.textContent;
            // A tap is a click; the effect bubbles to the document.
            const opened = [];
            document.addEventListener("catalog:openURL", (e) => opened.push([e.target.id, e.detail]));
            const link = links.attach(document.getElementById("link"), { url: "https://swift.org" });
            document.getElementById("link").click();
            link.set("url", "javascript:alert(1)");
            document.getElementById("link").click();
            link.send("tap");
            result.opened = opened;
            // Detaching removes the children and gives the field its placeholder back.
            for (const a of document.getAnimations()) a.cancel();
            handle.detach();
            result.detached = [handle.child("placeholderLabel"), document.querySelectorAll('#form [data-catalog-child]').length, email.getAttribute("placeholder")];
            email.dispatchEvent(new Event("input"));
            result.quiet = document.getAnimations().length;
            document.getElementById("out").textContent = JSON.stringify(result);
            </script></body></html>
            """
        EngineTable.note(.modules, engine: engine, cases: 1)
        let result = try engine.evaluate(html: html)
        #expect(result["attached"] == ["Email address", "Email", "0", .null])
        #expect(result["siblings"] == [true, true])
        #expect(result["waiting"] == [.null, "Plain"])
        #expect(result["woke"] == ["Plain", "P"])
        #expect(result["typed"] == ["placeholderLabel", "placeholderLabel", "rightPlaceholderLabel"])
        #expect(result["followed"] == "Work email")
        #expect(result["opened"] == [["link", "https://swift.org"]])
        // The waiting field's children remain; the detached field's are gone.
        #expect(result["detached"] == [.null, 2, "Email address"])
        #expect(result["quiet"] == 0)
    }
}
