import CatalogKit

/// An animation's live preview on its page: a box the script moves with the engine's own samples
/// (`/api/components/NAME/sample`, the numbers `catalog sample` prints), with a scrubber, speed,
/// loop and reduced motion, a knob per parameter, and the plot (`/api/components/NAME/plot`).
///
/// How each animated property is written in CSS (its name and unit) comes from the exports'
/// own table, so the page and `catalog export` agree; a property the web has no form for
/// (`position`, `bounds`) is named as not previewed.
struct PreviewSection: Sendable {
    let html: String
    /// `data-` attributes for the script: the CSS form of each property, and whether it ends.
    let data: [(String, String)]

    init(stored: StoredComponent, definition: ComponentDefinition, catalog: Catalog) throws {
        let reference = "\(stored.name)@\(stored.version)"
        let sampling = try catalog.sampling(of: reference)
        var properties: [String: JSONValue] = [:]
        var skipped: [String] = []
        // The reduced form may animate more (a fade adds opacity).
        let reduced = (try? catalog.sampling(of: reference, reducedMotion: true))?.effect.properties ?? []
        for property in sampling.effect.properties + reduced where properties[property.name] == nil && !skipped.contains(property.name) {
            if let web = try? WebProperty(property.name) {
                properties[property.name] = [.string(web.camelCase), .string("\(web.unit)")]
            } else {
                skipped.append(property.name)
            }
        }
        let end = sampling.effect.endTime
        let knobs = definition.parameters.keys.sorted().map { name in Self.knob(name, definition.parameters[name]!) }
        let plot = "/api/components/\(HTML.url(stored.name))/plot?version=\(HTML.url(stored.version))"
        html = """
            <section id="preview"><h2>Preview</h2>
            <div class="stage"><div id="preview-box" class="preview-box" data-state="idle"></div></div>
            \(Self.controls(end: end.isFinite ? end : Self.endlessWindow))
            <div id="knobs" class="knobs">\(knobs.joined(separator: "\n"))</div>
            <p id="preview-error" class="refused" role="alert" hidden></p>
            \(skipped.isEmpty ? "" : "<p class=\"note\">Not previewed (no web form): \(HTML.escape(skipped.joined(separator: ", ")))</p>")
            <img id="plot" class="plot" alt="\(HTML.escape(stored.name)) plotted against time" src="\(plot)">
            </section>
            """
        data = [
            ("properties", JSONValue.object(properties).canonicalText),
            ("endless", end.isFinite ? "false" : "true"), ("window", JSONValue.numberText(Self.endlessWindow))
        ]
    }

    /// What an endless animation's scrubber spans: its first seconds.
    static let endlessWindow = 10.0

    /// Play, the scrubber (0…`end`), the time shown, speed, loop and reduced motion.
    static func controls(end: Double) -> String {
        """
        <div class="controls">
        <button type="button" id="play">Play</button>
        <input id="scrubber" type="range" min="0" max="\(JSONValue.numberText(end))" step="0.001" value="0" aria-label="Time">
        <output id="time" for="scrubber">0.000 s</output>
        <label>Speed <select id="speed"><option>0.25</option><option>0.5</option><option selected>1</option><option>2</option></select></label>
        <label><input id="loop" type="checkbox" checked> Loop</label>
        <label><input id="reduced-motion" type="checkbox"> Reduced motion</label>
        </div>
        """
    }

    /// A number parameter is a number field (its bounds kept); another type a text field.
    static func knob(_ name: String, _ spec: ParameterSpec) -> String {
        let value = spec.defaultValue.jsonValue
        let input: String
        if spec.type == .number {
            let bounds =
                (spec.minimum.map { " min=\"\(JSONValue.numberText($0))\"" } ?? "") + (spec.maximum.map { " max=\"\(JSONValue.numberText($0))\"" } ?? "")
            input = "<input type=\"number\" step=\"any\" data-param=\"\(HTML.escape(name))\" value=\"\(HTML.escape(value.canonicalText))\"\(bounds)>"
        } else {
            input = "<input type=\"text\" data-param=\"\(HTML.escape(name))\" value=\"\(HTML.escape(value.stringValue ?? value.canonicalText))\">"
        }
        let summary = spec.summary.map { " <small>\(HTML.escape($0))</small>" } ?? ""
        return "<label class=\"knob\"><span>\(HTML.escape(name))</span> \(input)\(summary)</label>"
    }
}
