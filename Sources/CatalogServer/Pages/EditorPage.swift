import CatalogKit
import Foundation
import Hummingbird

/// `/components/NAME/edit`: an animation's editor, served only by a server started with the
/// write token (without one the route does not exist, and no page offers it). `editor.js` keeps
/// the draft in the URL (`#draft=`), so a link reproduces what someone sees:
/// - every timing field of the body and each parameter's default, labelled by its name, with the
///   catalog's tokens of their type offered for durations and easings;
/// - keyframes on a timeline (dragged, or moved with the arrow keys), the selected one's value and
///   the easing of the interval it starts;
/// - a cubic-bezier curve editor (handles dragged or moved with the arrow keys, presets) over the
///   engine's own progress curve, and for a spring a switch between its two forms, the motion kept;
/// - the preview and plot from `POST /api/sample`, whose refusal is shown at the field it names.
///
/// Save as version shows the server's `diff` of the draft first (`POST /api/diff`), then adds it
/// through `POST /api/components`, `catalog add`'s door, with the token asked once
/// (sessionStorage); another name saves a duplicate, a new component.
struct EditorPage {
    let catalog: Catalog

    func add(to router: Router<BasicRequestContext>) {
        let catalog = self.catalog
        router.get("components/:name/edit") { request, context -> Response in
            try await offload {
                let name = try context.parameters.decoded("name")
                let stored = try catalog.components.version(ComponentReference(name: name, version: request.form.get("version")))
                guard stored.kind == .animation else {
                    throw WebError(.wrongComponent, "\(stored.name) is a \(stored.kind.rawValue); the editor edits animations", status: .notFound)
                }
                return Self.page(
                    title: "Edit \(stored.name)",
                    heading: "Edit \(HTML.escape(stored.name)) <span class=\"version\">from \(HTML.escape(stored.version))</span>",
                    definition: stored.definition, name: stored.name, version: stored.version)
            }
        }
        router.get("new") { _, _ -> Response in
            let items = EditorTemplate.all.map { template in
                "<li class=\"template\"><a href=\"/new/\(template.id)\" data-template=\"\(template.id)\">\(HTML.escape(template.title))</a> <span>\(HTML.escape(template.summary))</span></li>"
            }
            let body = """
                <h1>New component</h1>
                <p class="note">Start from a template, or open a component and edit it under another name.</p>
                <ul id="templates" class="templates">\(items.joined())</ul>
                """
            return PageShell.response(title: "New component", page: "new", body: body)
        }
        router.get("new/:template") { _, context -> Response in
            let id = try context.parameters.decoded("template")
            guard let template = EditorTemplate.all.first(where: { $0.id == id }) else {
                throw WebError(.unknownComponent, "no template named \(id); /new lists them", status: .notFound)
            }
            let name = (try? JSONValue(jsonData: Data(template.definition.utf8)))?["name"]?.stringValue ?? template.id
            return Self.page(
                title: "New \(template.title)", heading: "New component <span class=\"version\">from the \(HTML.escape(template.title)) template</span>",
                definition: template.canonicalDefinition, name: name, version: nil)
        }
    }

    /// The editor for `definition`; `version` is the kept version it starts from (nil: a new
    /// component, saved as its first version under a name not taken).
    static func page(title: String, heading: String, definition: String, name: String, version: String?) -> Response {
        let newVersion = version.map(nextVersion) ?? "1.0.0"
        let body = """
            <h1 id="title">\(heading)</h1>
            <div class="editor">
            <section id="editor-fields" aria-label="Fields"><h2>Timing and parameters</h2><div id="fields" class="fields"></div></section>
            <section id="editor-curve" aria-label="Easing"><h2>Easing</h2>
            <p class="note" id="curve-path"></p>
            <svg id="curve" class="curve" viewBox="-20 -70 240 340" width="240" height="340" role="group" aria-label="Easing curve: drag a handle, or focus it and use the arrow keys">
            <rect x="0" y="0" width="200" height="200" class="curve-box"/>
            <polyline id="curve-engine" class="curve-engine" points=""/>
            <path id="curve-bezier" class="curve-bezier" d=""/>
            <line id="arm-1" class="curve-arm"/><line id="arm-2" class="curve-arm"/>
            <circle id="handle-1" class="curve-handle" r="8" tabindex="0" role="button" aria-label="First control point"/>
            <circle id="handle-2" class="curve-handle" r="8" tabindex="0" role="button" aria-label="Second control point"/>
            </svg>
            <fieldset id="spring-form" hidden><legend>Spring</legend>
            <label><input type="radio" name="spring-form" value="perceptual"> Duration and bounce</label>
            <label><input type="radio" name="spring-form" value="physical"> Mass, stiffness and damping</label>
            <p id="spring-note" class="note" role="status"></p></fieldset>
            <label>Preset <select id="curve-preset"><option value="">—</option>\(Self.presets)</select></label>
            </section>
            <section id="editor-preview" aria-label="Preview"><h2>Preview</h2>
            <div class="stage"><div id="preview-box" class="preview-box" data-state="idle"></div></div>
            <div class="controls"><button type="button" id="editor-play">Play</button><output id="editor-time">0.000 s</output></div>
            <svg id="editor-plot" class="editor-plot" viewBox="0 0 400 160" width="400" height="160" role="img" aria-label="Values against time, sampled by the engine"></svg>
            <p id="draft-error" class="refused" role="alert" hidden></p>
            </section>
            </div>
            <section id="editor-keyframes" aria-label="Keyframes" hidden><h2>Keyframes</h2>
            <svg id="timeline" class="timeline" viewBox="-12 -14 424 44" width="424" height="44" role="group" aria-label="Keyframes on the iteration: drag one, or focus it and use the arrow keys">
            <line x1="0" y1="0" x2="400" y2="0" class="timeline-track"/>
            <text x="0" y="26" class="timeline-tick">0 %</text><text x="200" y="26" class="timeline-tick">50 %</text><text x="400" y="26" class="timeline-tick">100 %</text>
            </svg>
            <h3 id="keyframe-title">Select a keyframe</h3>
            <div id="keyframe-fields" class="fields"></div>
            <button type="button" id="whole-easing" hidden>Edit the whole animation's easing</button>
            </section>
            <section id="save" aria-label="Save"><h2>\(version == nil ? "Save as a new component" : "Save as a new version")</h2>
            <form id="save-form" class="filters">
            <input type="text" name="username" value="catalog" autocomplete="username" hidden>
            <label>Write token <input id="write-token" type="password" autocomplete="off"></label>
            <label>Name <input id="new-name" value="\(HTML.escape(name))" autocomplete="off"></label>
            <label>New version <input id="new-version" value="\(HTML.escape(newVersion))" autocomplete="off"></label>
            <button type="button" id="review">Review changes</button>
            </form>
            <p id="review-status" role="status"></p>
            <div id="review-result" hidden><table id="review-fields"><caption>Fields</caption><thead><tr><th>Field</th><th>Old</th><th>New</th></tr></thead><tbody></tbody></table>
            <table id="review-motion"><caption>Motion: each property's largest sampled difference</caption><thead><tr><th>Property</th><th>Largest</th><th>At</th><th>Old</th><th>New</th></tr></thead><tbody></tbody></table>
            <button type="button" id="save-version" class="primary">Save</button></div>
            <p id="save-status" role="status"></p>
            </section>
            """
        return PageShell.response(
            title: title, page: "editor", data: [("name", version == nil ? "" : name), ("version", version ?? ""), ("definition", definition)],
            scripts: ["editor.js"], body: body)
    }

    /// The patch version after `version` (1.2.3 → 1.2.4), the field's first proposal.
    static func nextVersion(_ version: String) -> String {
        var parts = version.split(separator: "-", maxSplits: 1)[0].split(separator: ".").map { Int($0) ?? 0 }
        guard parts.count == 3 else { return version }
        parts[2] += 1
        return parts.map(String.init).joined(separator: ".")
    }

    static let presets = [
        ("ease", "0.25,0.1,0.25,1"), ("ease-in", "0.42,0,1,1"), ("ease-out", "0,0,0.58,1"), ("ease-in-out", "0.42,0,0.58,1"),
        ("linear", "0,0,1,1"), ("Material standard", "0.2,0,0,1"), ("Material emphasized decelerate", "0.05,0.7,0.1,1")
    ].map { "<option value=\"\($0.1)\">\($0.0)</option>" }.joined()
}
