import CatalogKit
import Foundation

/// The export forms as the web app offers them: a title for the component page and the
/// `Content-Type` of `/export`'s answer; the text is `catalog export`'s (``ExportFormat``).
///
/// ```swift
/// let css = try ExportFormat.css.text(of: "fade-in", catalog: catalog)
/// ```
extension ExportFormat {
    var title: String {
        switch self {
        case .css: "CSS"
        case .waapi: "Web Animations (JSON)"
        case .js: "JavaScript module"
        case .lottie: "Lottie"
        case .svg: "SVG (SMIL)"
        case .dotlottie: "dotLottie"
        }
    }

    var contentType: String {
        switch self {
        case .css: "text/css; charset=utf-8"
        case .js: "text/javascript; charset=utf-8"
        case .waapi, .lottie: "application/json; charset=utf-8"
        case .svg: "image/svg+xml; charset=utf-8"
        case .dotlottie: "application/zip"
        }
    }

    /// The stored component `reference` names in this form: an animation or a chain, a layout
    /// (css, js) or a decorator (js).
    func text(of reference: String, selector: String? = nil, fps: Double? = nil, catalog: Catalog) throws -> String {
        String(decoding: try data(of: reference, selector: selector, fps: fps, catalog: catalog), as: UTF8.self)
    }

    /// The same, as bytes (a dotLottie archive is not text).
    func data(of reference: String, selector: String? = nil, fps: Double? = nil, catalog: Catalog) throws -> Data {
        let found = try catalog.component(reference, kinds: [.animation, .chain, .layout, .decorator], for: "export")
        if let behaviour = try behaviourText(of: found.definition, selector: selector, catalog: { catalog }) { return Data(behaviour.utf8) }
        let export = try ComponentExport(
            definition: found.definition, target: target, file: found.source, catalog: catalog, context: DefinitionContext(referenceBox: defaultBox))
        return try data(of: export, selector: selector, fps: fps)
    }
}
