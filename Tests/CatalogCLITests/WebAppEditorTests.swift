import CatalogModel
import Foundation
import TestSupport
import Testing

/// The editor as a person uses it, in Chromium through WebDriver, on each backend: a curve
/// handle dragged by a measured offset gives exactly the control points the saved version then
/// holds, and the saved version samples as the editor's preview did; the review before saving is
/// `catalog diff`'s (fields, and each property's largest sampled difference at its time); a refused value shows the
/// validator's rule at its field and writes nothing; the draft lives in the URL. Without the
/// write token no page offers an editor and the API refuses a write.
struct WebAppEditorTests {
    @Test(arguments: CLIBackend.allCases)
    func aDraggedHandleIsWhatTheSavedVersionHolds(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try CLI.run(["--db", db, "list"]).status == 0)
        let before = try JSONReader.read(try CLI.run(["--db", db, "show", "fade-in", "--format", "json"]).stdout)
        let easing = "animation.timingFunction"
        let versionsBefore = try JSONReader.read(try CLI.run(["--db", db, "history", "fade-in", "--format", "json"]).stdout).arrayValue?.count ?? 0
        #expect(before["definition"]?["animation"]?["timingFunction"]?.stringValue == "easeOut")  // control points 0, 0, 0.58, 1

        // Read-only: no editor offered, none served, and a write refused.
        do {
            let readOnly = try ServeProcess(db: db)
            #expect(try readOnly.get("/components/fade-in/edit").status == 404 && (try readOnly.get("/new").status) == 404)
            #expect(!(try readOnly.get("/components/fade-in").body.contains("edit-link")))
            #expect(try readOnly.post("/api/components", body: "{}").status == 401)
        }
        let server = try ServeProcess(db: db, token: "0123456789abcdef-s3cret")
        let field = "document.querySelector('[data-path=\"animation.duration\"]')"
        let outcome = try BrowserSession.run(
            base: server.url,
            steps: [
                .open("/components/fade-in"), .click("#edit-link"),
                .wait("document.getElementById('preview-box').dataset.state === 'ready'"),
                // The first handle, at (0, 0), dragged 40 px right and 30 px up: (0.2, 0.15).
                .read("scale", "return document.getElementById('curve').getScreenCTM().a"),
                .drag("#handle-1", dx: 40, dy: -30),
                .wait("document.getElementById('preview-box').dataset.state === 'ready'"),
                .read("points", "return [...document.querySelectorAll('.curve-handle')].flatMap(h => [Number(h.dataset.x), Number(h.dataset.y)])"),
                .axe("axe light"), .screenshot(folder.file("editor.png")), .colorScheme("dark"), .axe("axe dark"), .colorScheme("light"),
                .read("easing", "return document.querySelector('[data-path=\"\(easing)\"]').value"),
                // A refused value: the validator's rule at the field, the preview says refused.
                .set("[data-path=\"animation.duration\"]", "-1", event: "input"),
                .wait("document.getElementById('preview-box').dataset.state === 'refused'"),
                .read(
                    "refusal", "return [\(field).getAttribute('aria-invalid'), document.querySelector('[data-error-for=\"animation.duration\"]').textContent]"),
                // Reviewed as it stands, the refused draft is refused by the server too, and no Save is offered.
                .set("#new-version", "1.1.0", event: "input"),
                .click("#review"),
                .wait("document.getElementById('review-status').textContent.startsWith('Cannot be saved')"),
                .read("refusedSave", "return [document.getElementById('review-status').textContent, document.getElementById('review-result').hidden]"),
                .set("[data-path=\"animation.duration\"]", "$duration", event: "input"),
                .wait("document.getElementById('preview-box').dataset.state === 'ready'"),
                // The draft is in the URL: opened again, it is what was seen.
                .read("url", "return location.href"),
                .read("reopened", "document.body.dataset.before = 'reload'; location.reload(); return true"),
                .wait("document.body.dataset.before === undefined && document.getElementById('preview-box')?.dataset.state === 'ready'"),
                .read("restored", "return document.querySelector('[data-path=\"\(easing)\"]').value"),
                // Save as 1.1.0: the changes first, then the version.
                .set("#write-token", "0123456789abcdef-s3cret", event: "input"),
                .set("#new-version", "1.1.0", event: "input"),
                .click("#review"),
                .wait("!document.getElementById('review-result').hidden"),
                .read("review", "return [...document.querySelectorAll('#review-fields tbody tr')].map(tr => tr.children[0].textContent)"),
                .read(
                    "motion",
                    "return [...document.querySelectorAll('#review-motion tbody tr')].map(tr => [tr.dataset.property, Number(tr.dataset.largest), Number(tr.dataset.at)])"
                ),
                .click("#save-version"),
                .wait("document.getElementById('save-status').dataset.state === 'saved'"),
                .read("preview", "return document.getElementById('preview-box').dataset.t"),
                // A duplicate under a new name, its duration a token picked from the catalog's.
                .open("/components/fade-in/edit"),
                .wait("Number(document.body.dataset.tokens) > 0 && document.getElementById('preview-box').dataset.state === 'ready'"),
                .read(
                    "durationTokens",
                    "const input = \(field); return [input.getAttribute('list'), [...document.querySelectorAll('#' + input.getAttribute('list') + ' option')].map(o => o.value)]"
                ),
                .set("[data-path=\"animation.duration\"]", "{carbon.motion.duration.moderate-02}", event: "input"),
                .wait("document.getElementById('preview-box').dataset.state === 'ready' && Number(document.getElementById('preview-box').dataset.t) < 0.25"),
                .read("tokenEnd", "return Number(document.getElementById('preview-box').dataset.t)"),
                .set("#new-name", "fade-in-carbon", event: "input"), .set("#new-version", "1.0.0", event: "input"),
                .click("#review"), .wait("!document.getElementById('review-result').hidden"), .click("#save-version"),
                .wait("document.getElementById('save-status').dataset.state === 'saved'"),
                // A spring's curve is the engine's alone: no bézier handles.
                .open("/components/spring-pop/edit"),
                .wait("document.getElementById('preview-box').dataset.state === 'ready'"),
                .read(
                    "spring",
                    "return [getComputedStyle(document.getElementById('handle-1')).display, document.getElementById('curve-engine').getAttribute('points').split(' ').length]"
                ),
                // Its form switches only when its fields are numbers: `bounce` takes a parameter.
                .click("input[name=spring-form][value=physical]"),
                .read(
                    "blocked", "return [document.getElementById('spring-note').textContent, document.querySelector('input[name=spring-form]:checked').value]"),
                .set("[data-path=\"animation.bounce\"]", "0.3", event: "input"),
                .wait("document.getElementById('preview-box').dataset.state === 'ready'"),
                .read("perceptual", Self.draftInURL),
                .click("input[name=spring-form][value=physical]"),
                .wait("document.querySelector('[data-path=\"animation.stiffness\"]') && document.getElementById('preview-box').dataset.state === 'ready'"),
                .read("physical", Self.draftInURL),
                .read(
                    "physicalFields",
                    "return ['mass', 'stiffness', 'damping', 'bounce'].map(k => document.querySelector(`[data-path=\"animation.${k}\"]`)?.value ?? null)"),
                .click("input[name=spring-form][value=perceptual]"),
                .wait("document.querySelector('[data-path=\"animation.bounce\"]') && document.getElementById('preview-box').dataset.state === 'ready'"),
                .read("perceptualAgain", Self.draftInURL)
            ])
        let results = outcome.results
        let scale = results["scale"]?.numberValue ?? 1
        let expected = [(40 / scale / 200 * 1000).rounded() / 1000, (30 / scale / 200 * 1000).rounded() / 1000, 0.58, 1]
        #expect(results["points"]?.arrayValue?.compactMap(\.numberValue) == expected)
        #expect(results["easing"]?.stringValue == expected.map { JSONValue.numberText($0) }.joined(separator: ", "))
        #expect(results["refusal"]?.arrayValue?.first?.stringValue == "true")
        let validated = try CLI.run(
            ["--db", db, "validate", "-"],
            stdin:
                #"{"name": "x", "kind": "animation", "version": "1.0.0", "animation": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": -1}}"#
        )
        let rule = results["refusal"]?.arrayValue?.last?.stringValue ?? "?"
        #expect(!rule.isEmpty && validated.stderr.contains("animation.duration: \(rule)"), "\(rule) vs \(validated.stderr)")
        let refusedSave = results["refusedSave"]?.arrayValue ?? []
        #expect(refusedSave.first?.stringValue?.contains(rule) == true && refusedSave.last == .bool(true), "\(refusedSave)")
        #expect(results["url"]?.stringValue?.contains("#draft=") == true)
        #expect(results["restored"] == results["easing"])
        #expect(results["review"]?.arrayValue?.compactMap(\.stringValue) == [easing, "version"])
        // The review's motion is `catalog diff`'s: each property's largest difference and its time.
        let diff = try JSONReader.read(
            try CLI.run(["--db", db, "diff", "fade-in@\(before["version"]?.stringValue ?? "?")", "fade-in@1.1.0", "--format", "json"]).stdout)
        let motion: [JSONValue] = (diff["motion"]?["properties"]?.arrayValue ?? []).map { .array([$0["property"]!, $0["largest"]!, $0["at"]!]) }
        #expect(!motion.isEmpty && results["motion"]?.arrayValue == motion, "\(results["motion"] ?? nil) vs \(motion)")
        // The saved version holds those control points, and samples as `catalog sample` does.
        let after = try JSONReader.read(try CLI.run(["--db", db, "show", "fade-in@1.1.0", "--format", "json"]).stdout)
        // The refused save wrote nothing: 1.1.0 is the one version more.
        let versionsAfter = try JSONReader.read(try CLI.run(["--db", db, "history", "fade-in", "--format", "json"]).stdout).arrayValue?.count ?? 0
        #expect(versionsBefore > 0 && versionsAfter == versionsBefore + 1, "\(versionsBefore) versions, then \(versionsAfter)")
        #expect(after["definition"]?["animation"]?["timingFunction"] == .array(expected.map(JSONValue.number)))
        #expect(after["definition"]?["animation"]?["duration"]?.stringValue == "$duration")
        let draft = after["definition"]?.canonicalText ?? ""
        let sampled = try server.post("/api/sample?at=0.1", body: draft)
        let printed = try CLI.run(["--db", db, "sample", "fade-in@1.1.0", "--at", "0.1", "--format", "json"])
        #expect(sampled.status == 200 && sampled.body == printed.stdout)
        for scheme in ["light", "dark"] {
            let found = AxeCore.describe(results["axe \(scheme)"])
            #expect(found.isEmpty, "editor, \(scheme): \(found.joined(separator: "\n"))")
        }
        // The README's picture of the page.
        try ReadmePicture.check(folder.file("editor.png"), as: "editor.png", backend: backend)
        // moderate-02 is 240 ms: the preview's last frame (60 per second) is within a frame of it.
        #expect(abs((results["tokenEnd"]?.numberValue ?? 0) - 0.24) < 1.0 / 60)
        let tokens = results["durationTokens"]?.arrayValue ?? []
        #expect(tokens.first?.stringValue == "tokens-duration")
        #expect(tokens.last?.arrayValue?.compactMap(\.stringValue).contains("{carbon.motion.duration.moderate-02}") == true)
        let duplicate = try JSONReader.read(try CLI.run(["--db", db, "show", "fade-in-carbon", "--format", "json"]).stdout)
        #expect(duplicate["definition"]?["animation"]?["duration"]?.stringValue == "{carbon.motion.duration.moderate-02}")
        let spring = results["spring"]?.arrayValue ?? []
        #expect(spring.first?.stringValue == "none" && (spring.last?.numberValue ?? 0) > 10, "\(spring)")
        // The spring's two forms: the motion the same, the numbers DESIGN §3.1's.
        let blocked = results["blocked"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(blocked.first?.hasPrefix("bounce takes \"$bounce\"") == true && blocked.last == "perceptual", "\(blocked)")
        let forms = try ["perceptual", "physical", "perceptualAgain"].map { try JSONReader.read(results[$0]?.stringValue ?? "null") }
        let k = pow(2 * Double.pi / 0.4, 2)
        #expect(forms[1]["animation"]?["mass"]?.numberValue == 1 && forms[1]["animation"]?["bounce"] == nil)
        #expect(abs((forms[1]["animation"]?["stiffness"]?.numberValue ?? 0) - k) < 1e-9 * k)
        #expect(abs((forms[1]["animation"]?["damping"]?.numberValue ?? 0) - 2 * 0.7 * k.squareRoot()) < 1e-9 * k)
        #expect(abs((forms[2]["animation"]?["perceptualDuration"]?.numberValue ?? 0) - 0.4) < 1e-12)
        #expect(abs((forms[2]["animation"]?["bounce"]?.numberValue ?? 0) - 0.3) < 1e-12)
        #expect(results["physicalFields"]?.arrayValue?.last == .null)
        let motions = try forms.map { form in
            let answer = try server.post("/api/sample?fps=120", body: form.canonicalText)
            #expect(answer.status == 200, "\(answer.body)")
            return Self.numbers(try JSONReader.read(answer.body)["samples"] ?? .null)
        }
        for motion in motions.dropFirst() {
            #expect(motion.count == motions[0].count && motion.count > 100)
            #expect(zip(motion, motions[0]).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) })
        }
        // The refused draft's 400s (preview and review), and the new name's check (404: free), are the console's complaints.
        let problems = outcome.problems.filter {
            !(($0.contains("/api/sample") || $0.contains("/api/diff")) && $0.contains("400")) && !$0.contains("/api/components/fade-in-carbon - ")
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Keyframes on the timeline: a handle dragged by a measured offset, or moved with an arrow
    /// key, is the key time the saved version holds; the selected keyframe's value and the easing
    /// of the interval it starts are edited there, the curve editor pointed at that easing. Places
    /// a Web Animations body leaves out are where the engines put them (evenly spaced).
    @Test(arguments: CLIBackend.allCases)
    func aKeyframeMovedOnTheTimelineIsWhatTheSavedVersionHolds(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        let webFrames = """
            {"name": "three-steps", "kind": "animation", "version": "1.0.0", "summary": "Opacity in three keyframes",
             "keyframes": [{"opacity": 0}, {"opacity": 0.5}, {"opacity": 1}], "options": {"duration": 1000, "fill": "forwards"}}
            """
        #expect(try CLI.run(["--db", db, "add", "-"], stdin: webFrames).status == 0)
        let pop = try JSONReader.read(try CLI.run(["--db", db, "show", "pop", "--format", "json"]).stdout)["definition"]?["animation"]
        #expect(pop?["keyTimes"] == .array([0, 0.7, 1].map(JSONValue.number)))
        let server = try ServeProcess(db: db, token: "0123456789abcdef-s3cret")
        let ready = "document.getElementById('preview-box').dataset.state === 'ready'"
        let handle = { (index: Int) in ".keyframe-handle[data-index=\"\(index)\"]" }
        let outcome = try BrowserSession.run(
            base: server.url,
            steps: [
                .open("/components/pop/edit"), .wait(ready),
                .read("places", "return [...document.querySelectorAll('.keyframe-handle')].map(h => Number(h.dataset.offset))"),
                .read("scale", "return document.getElementById('timeline').getScreenCTM().a"),
                .read("curveScale", "return document.getElementById('curve').getScreenCTM().a"),
                // The middle keyframe dragged 40 px left, then one arrow key right.
                .drag(handle(1), dx: -40, dy: 0), .wait(ready),
                .read("selected", "return [...document.querySelectorAll('#keyframe-fields [data-path]')].map(i => i.dataset.path)"),
                .read("focused", "document.querySelector('\(handle(1))').focus(); return true"), .keys(["ARROW_RIGHT"]), .wait(ready),
                // Its value, and the easing of the interval it starts (easeInEaseOut: 0.42, 0, 0.58, 1).
                .set("#keyframe-fields [data-path=\"animation.values[1]\"]", "1.2", event: "input"), .wait(ready),
                .read("curveTarget", "return document.getElementById('curve-path').textContent"),
                .drag("#handle-2", dx: -20, dy: 0), .wait(ready),
                .axe("axe"),
                .set("#write-token", "0123456789abcdef-s3cret", event: "input"), .set("#new-version", "1.2.0", event: "input"),
                .click("#review"), .wait("!document.getElementById('review-result').hidden"), .click("#save-version"),
                .wait("document.getElementById('save-status').dataset.state === 'saved'"),
                // A Web Animations body without offsets: the engines' places; an arrow key writes them all.
                .open("/components/three-steps/edit"), .wait(ready),
                .read("webPlaces", "return [...document.querySelectorAll('.keyframe-handle')].map(h => Number(h.dataset.offset))"),
                .read("webFocus", "document.querySelector('\(handle(1))').focus(); return true"), .keys(["ARROW_RIGHT"]), .wait(ready),
                .read("webDraft", Self.draftInURL),
                // A refused keyframe value is shown at its field, under the timeline.
                .set("#keyframe-fields [data-path=\"keyframes[1].opacity\"]", "half", event: "input"),
                .wait("document.getElementById('preview-box').dataset.state === 'refused'"),
                .read("refusal", "return document.querySelector('[data-error-for=\"keyframes[1].opacity\"]').textContent")
            ])
        let results = outcome.results
        #expect(results["places"]?.arrayValue?.compactMap(\.numberValue) == [0, 0.7, 1])
        let scale = results["scale"]?.numberValue ?? 1, curveScale = results["curveScale"]?.numberValue ?? 1
        let dragged = ((0.7 - 40 / scale / 400) * 1000).rounded() / 1000
        #expect(
            results["selected"]?.arrayValue?.compactMap(\.stringValue) == ["animation.keyTimes[1]", "animation.values[1]", "animation.timingFunctions[1]"])
        #expect(results["curveTarget"]?.stringValue?.hasPrefix("animation.timingFunctions[1]") == true)
        let saved = try JSONReader.read(try CLI.run(["--db", db, "show", "pop@1.2.0", "--format", "json"]).stdout)["definition"]
        let body = saved?["animation"]
        let keyTimes = body?["keyTimes"]?.arrayValue?.compactMap(\.numberValue) ?? []
        #expect(keyTimes.count == 3 && abs(keyTimes[1] - (dragged + 0.01)) < 1e-9 && keyTimes.first == 0 && keyTimes.last == 1, "\(keyTimes) vs \(dragged)")
        #expect(body?["values"] == .array([0.5, 1.2, 1].map(JSONValue.number)))
        let x2 = ((0.58 - 20 / curveScale / 200) * 1000).rounded() / 1000
        #expect(body?["timingFunctions"] == .array(["easeOut", .array([0.42, 0, x2, 1].map(JSONValue.number))]), "\(body?["timingFunctions"] ?? nil)")
        let sampled = try server.post("/api/sample?fps=60", body: saved?.canonicalText ?? "")
        let printed = try CLI.run(["--db", db, "sample", "pop@1.2.0", "--fps", "60", "--format", "json"])
        #expect(sampled.status == 200 && sampled.body == printed.stdout)
        let found = AxeCore.describe(results["axe"])
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")

        #expect(results["webPlaces"]?.arrayValue?.compactMap(\.numberValue) == [0, 0.5, 1])
        let web = try JSONReader.read(results["webDraft"]?.stringValue ?? "null")
        #expect(web["keyframes"]?.arrayValue?.map { $0["offset"]?.numberValue } == [0, 0.51, 1])
        // Linear between keyframes: at 0.51 of the iteration the middle keyframe's value, exactly.
        let middle = try server.post("/api/sample?at=0.51", body: web.canonicalText)
        #expect(try JSONReader.read(middle.body)["samples"]?.arrayValue?.first?["values"]?["opacity"]?.numberValue == 0.5, "\(middle.body)")
        let refusal = results["refusal"]?.stringValue ?? ""
        let validated = try CLI.run(["--db", db, "validate", "-"], stdin: webFrames.replacingOccurrences(of: "\"opacity\": 0.5", with: "\"opacity\": \"half\""))
        #expect(refusal.contains("not a number") && validated.stderr.contains("keyframes[1].opacity: \(refusal)"), "\(refusal) vs \(validated.stderr)")
        let problems = outcome.problems.filter { !($0.contains("/api/sample") && $0.contains("400")) }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// A new component from a template: its name must be free (a taken one is named, nothing
    /// saved), and the saved first version is the template as shaped, sampling as `catalog sample`.
    @Test(arguments: CLIBackend.allCases)
    func aNewComponentStartsFromATemplate(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try CLI.run(["--db", db, "list"]).status == 0)
        let server = try ServeProcess(db: db, token: "0123456789abcdef-s3cret")
        let ready = "document.getElementById('preview-box').dataset.state === 'ready'"
        let outcome = try BrowserSession.run(
            base: server.url,
            steps: [
                .open("/"), .click("#new-link"), .wait("document.querySelector('#templates a')"),
                .read("templates", "return [...document.querySelectorAll('#templates a')].map(a => a.dataset.template)"),
                .axe("axe list"),
                .click("a[data-template=\"spring\"]"), .wait(ready),
                .set("[data-path=\"animation.bounce\"]", "0.4", event: "input"), .wait(ready),
                .set("#write-token", "0123456789abcdef-s3cret", event: "input"),
                // A taken name is refused before anything is sent.
                .set("#new-name", "pop", event: "input"), .click("#review"),
                .wait("document.getElementById('review-status').textContent.includes('exists')"),
                .read("taken", "return [document.getElementById('review-status').textContent, document.getElementById('review-result').hidden]"),
                .set("#new-name", "my-spring", event: "input"), .click("#review"),
                .wait("!document.getElementById('review-result').hidden"),
                .read("review", "return document.getElementById('review-status').textContent"),
                .axe("axe editor"),
                .click("#save-version"), .wait("document.getElementById('save-status').dataset.state === 'saved'")
            ])
        let results = outcome.results
        #expect(results["templates"]?.arrayValue?.compactMap(\.stringValue).contains("spring") == true)
        #expect(results["taken"]?.arrayValue?.last == .bool(true))
        #expect(results["review"]?.stringValue == "A new component: my-spring 1.0.0.")
        let pop = try JSONReader.read(try CLI.run(["--db", db, "history", "pop", "--format", "json"]).stdout)
        #expect(pop.arrayValue?.count == 1)  // the taken name got no version
        let saved = try JSONReader.read(try CLI.run(["--db", db, "show", "my-spring", "--format", "json"]).stdout)
        #expect(saved["version"]?.stringValue == "1.0.0")
        #expect(saved["definition"]?["animation"]?["bounce"]?.numberValue == 0.4)
        #expect(saved["definition"]?["animation"]?["perceptualDuration"]?.numberValue == 0.5)
        let sampled = try server.post("/api/sample?fps=60", body: saved["definition"]?.canonicalText ?? "")
        let printed = try CLI.run(["--db", db, "sample", "my-spring", "--fps", "60", "--format", "json"])
        #expect(sampled.status == 200 && sampled.body == printed.stdout)
        for name in ["axe list", "axe editor"] {
            let found = AxeCore.describe(results[name])
            #expect(found.isEmpty, "\(name): \(found.joined(separator: "\n"))")
        }
        // The name check's 404 (the name is free) is the console's one complaint.
        let problems = outcome.problems.filter { !$0.contains("/api/components/my-spring - ") }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// The editor's draft, as its URL holds it.
    static let draftInURL = "return new URLSearchParams(location.hash.slice(1)).get('draft')"

    /// Every number in a JSON value, depth first.
    static func numbers(_ value: JSONValue) -> [Double] {
        switch value {
        case .number(let x): [x]
        case .array(let items): items.flatMap(numbers)
        case .object(let members): members.keys.sorted().flatMap { numbers(members[$0]!) }
        default: []
        }
    }
}
