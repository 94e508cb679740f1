import CatalogModel
import Foundation

extension ExportFormat {
    /// The stored component `reference` names in this form: an animation or a chain, a layout
    /// (css, js) or a decorator (js).
    package func text(of reference: String, selector: String? = nil, fps: Double? = nil, catalog: Catalog) throws -> String {
        String(decoding: try data(of: reference, selector: selector, fps: fps, catalog: catalog), as: UTF8.self)
    }

    /// The same, as bytes (a dotLottie archive is not text).
    package func data(of reference: String, selector: String? = nil, fps: Double? = nil, catalog: Catalog) throws -> Data {
        let found = try catalog.component(reference, kinds: [.animation, .chain, .layout, .decorator], for: "export")
        if let behaviour = try behaviourText(of: found.definition, selector: selector, catalog: { catalog }) { return Data(behaviour.utf8) }
        let export = try ComponentExport(
            definition: found.definition, target: target, file: found.source, catalog: catalog, context: DefinitionContext(referenceBox: defaultBox))
        return try data(of: export, selector: selector, fps: fps)
    }
}
