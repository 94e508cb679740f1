import CatalogKit

/// A chain's live preview on its page: a box per role, each playing the chain's Web Animations
/// export (the form `catalog export --to waapi` writes, which the export tests hold to the
/// engine) under one clock — the scrubber sets every animation's time — with speed, loop and
/// its reduced-motion form.
struct ChainPreviewSection: Sendable {
    let html: String
    /// `data-` attributes for the script: the animations by role, and their reduced form.
    let data: [(String, String)]

    init(definition: ComponentDefinition, catalog: Catalog) throws {
        guard let item = try ComponentPreview(definitions: [definition], catalog: catalog).items.first else {
            throw ExportError("\(definition.name) has nothing to preview")
        }
        let boxes = item.roles.map { role in
            "<div class=\"role\"><div class=\"preview-box\" data-role=\"\(HTML.escape(role))\"></div><span>\(HTML.escape(role))</span></div>"
        }
        html = """
            <section id="preview"><h2>Preview</h2>
            <div id="chain-stage" class="stage roles" data-state="idle">\(boxes.joined())</div>
            \(PreviewSection.controls(end: 0))
            <p class="note">Each role plays the chain's Web Animations export.</p>
            </section>
            """
        data = [
            ("effects", item.effects.canonicalText), ("reduced-effects", item.reducedEffects.canonicalText),
            ("window", JSONValue.numberText(PreviewSection.endlessWindow))
        ]
    }
}
