import CatalogFormats
import CatalogModel

extension ExportFormat {
    /// A decorator, a layout or an adopted behaviour in this form (DESIGN §9) — what `export`
    /// and the server's `/export` write for them; nil for an animation or chain exported as
    /// usual. A decorator leaves as `js` only, a layout as `css` or `js`.
    /// - Parameter catalog: the catalog a behaviour's `run`s are found in (asked for only then).
    ///
    /// ```swift
    /// let css = try ExportFormat.css.behaviourText(of: layout, selector: ".card") { catalog }
    /// ```
    package func behaviourText(of definition: ComponentDefinition, selector: String? = nil, catalog: () throws -> Catalog) throws -> String? {
        switch definition.kind {
        case .layout:
            guard self == .css || self == .js else {
                throw ExportError("\(definition.name) is a layout: it exports as a stylesheet (--to css) or a module (--to js)", code: .wrongComponent)
            }
            let sheet = try LayoutStylesheet(definition)
            return self == .css ? sheet.text(selector: selector) : sheet.module
        case .decorator:
            guard self == .js else {
                throw ExportError("\(definition.name) is a decorator: it exports as an ES module that runs it (--to js)", code: .wrongComponent)
            }
            return try BehaviourExport.module(of: definition, catalog: try catalog())
        case .animation where self == .js:
            return try BehaviourExport.isBehaviour(definition) ? try BehaviourExport.module(of: definition, catalog: try catalog()) : nil
        default:
            return nil
        }
    }
}
