import CatalogKit

/// The forms `catalog export` writes a component in — CSS, Web Animations JSON, an ES module,
/// Lottie — as the command prints them; the API's `/export` and the component page's copy boxes.
///
/// ```swift
/// let css = try ExportForm.css.text(of: "fade-in", catalog: catalog)
/// ```
enum ExportForm: String, CaseIterable {
    case css, waapi, js, lottie

    var title: String {
        switch self {
        case .css: "CSS"
        case .waapi: "Web Animations (JSON)"
        case .js: "JavaScript module"
        case .lottie: "Lottie"
        }
    }

    var contentType: String {
        switch self {
        case .css: "text/css; charset=utf-8"
        case .js: "text/javascript; charset=utf-8"
        case .waapi, .lottie: "application/json; charset=utf-8"
        }
    }

    /// - Parameters:
    ///   - reference: `NAME` or `NAME@VERSION`, an animation or a chain.
    ///   - selector: the CSS rule's selector (CSS only).
    ///   - fps: the Lottie document's frame rate (60 when nil).
    func text(of reference: String, selector: String? = nil, fps: Double? = nil, catalog: Catalog) throws -> String {
        let found = try catalog.component(reference, kinds: [.animation, .chain], for: "export")
        // A Lottie layer is a rectangle of the box: 100 × 100, as `export --to lottie` draws it.
        return try ReferenceBox.with(self == .lottie ? ReferenceBox.nominal : nil) { () throws -> String in
            let export = try ComponentExport(definition: found.definition, target: self == .waapi || self == .js ? .waapi : .css,
                                             file: found.source, catalog: catalog)
            switch self {
            case .css: return export.stylesheet(selector: selector)
            case .waapi: return export.waapi.prettyText + "\n"
            case .js: return export.module
            case .lottie: return try export.lottie(frameRate: fps ?? 60).document.text
            }
        }
    }
}
