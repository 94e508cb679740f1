import CatalogEngine
import CatalogFormats
import CatalogModel

/// The `catalog preview` page for catalog components: animations and chains playing on sample
/// elements from their Web Animations export (and its reduced-motion form), layouts as boxes at
/// their frames, each with its curves.
///
/// ```swift
/// let html = try ComponentPreview(names: ["bounce-select", "fade-sequence"], catalog: catalog).html
/// ```
public struct ComponentPreview: Sendable {
    package let items: [PreviewWriter.Item]

    /// - Parameter names: components, `NAME` or `NAME@VERSION`; files are read with `definitions`.
    public init(names: [String], catalog: Catalog) throws {
        let definitions = try names.map { try catalog.component($0, for: "preview").definition }
        try self.init(definitions: definitions, catalog: catalog)
    }

    /// The page for definitions already read; `catalog` resolves the components they use (a
    /// chain's steps), and without one they must be self-contained.
    package init(definitions: [ComponentDefinition], catalog: Catalog?) throws {
        items = try definitions.map { try Self.item($0, catalog: catalog) }
    }

    private static func item(_ definition: ComponentDefinition, catalog: Catalog?) throws -> PreviewWriter.Item {
        switch definition.kind {
        case .animation, .chain:
            let export = try ComponentExport(definition: definition, target: .waapi, catalog: catalog)
            let reduced =
                export.reducedBody.map { body in
                    ComponentExport.waapi(of: body)
                } ?? export.waapi
            let single = definition.kind == .animation
            let roles = single ? ["element"] : (try ChainDefinition(definition)).roles
            func byRole(_ json: JSONValue) -> JSONValue { single ? ["element": json] : json }
            let plot = single ? try ComponentPlot(definition: definition, samples: 160).svg() : nil
            return PreviewWriter.Item(
                name: definition.name, kind: definition.kind.rawValue, summary: definition.summary, roles: roles,
                effects: byRole(export.waapi), reducedEffects: byRole(reduced), plot: plot)
        case .layout:
            let layout = try LayoutDefinition(definition)
            let rect = layout.rect(containerBounds: nil) ?? Rect(x: 0, y: 0, width: 320, height: 120)
            return PreviewWriter.Item(
                name: definition.name, kind: "layout", summary: definition.summary, roles: layout.root.slots,
                effects: [:], reducedEffects: [:], boxes: LayoutSolver.frames(for: layout.root, in: rect), container: rect)
        case .decorator, .tokens:
            throw ExportError("\(definition.name) is a \(definition.kind.rawValue); preview shows animations, chains and layouts", code: .wrongComponent)
        }
    }

    /// The page: one self-contained HTML document, scripts and styles inline.
    public var html: String {
        PreviewWriter.page(title: "Component Catalog preview: " + items.map(\.name).joined(separator: ", "), items: items)
    }
}
