import CatalogEngine
import CatalogFormats
import CatalogModel

/// The `catalog preview` page for catalog components: animations and chains playing on sample
/// elements from their Web Animations export (and its reduced-motion form), layouts by their
/// stylesheet on a resizable container, decorators by their module on a live element.
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
        items = try definitions.enumerated().map { try Self.item($1, index: $0, catalog: catalog) }
    }

    private static func item(_ definition: ComponentDefinition, index: Int, catalog: Catalog?) throws -> PreviewWriter.Item {
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
            var item = PreviewWriter.Item(
                name: definition.name, kind: "layout", summary: definition.summary, roles: layout.root.slots,
                effects: [:], reducedEffects: [:], boxes: LayoutSolver.frames(for: layout.root, in: rect), container: rect)
            let sheet = try LayoutStylesheet(definition)
            item.stylesheet = sheet.text(selector: "#layout-\(index)")
            item.parameters = .array(
                sheet.customProperties.map { property in
                    [
                        "name": .string(LayoutLength.customProperty(name: definition.name, parameter: property.parameter)),
                        "value": .number(property.value), "unit": .string(property.isLength ? "px" : "")
                    ]
                }
                    + sheet.choices.map { choice in
                        [
                            "name": .string(LayoutLength.customProperty(name: definition.name, parameter: choice.parameter)),
                            "value": .string(choice.defaultValue), "attribute": .string(sheet.attribute(of: choice.parameter)),
                            "options": .array(choice.options.map(JSONValue.string))
                        ]
                    })
            return item
        case .decorator:
            guard let catalog else { throw ExportError("\(definition.name): a decorator's preview needs the catalog its handlers run components from") }
            let export = try BehaviourExport(definition: definition, catalog: catalog)
            let demo = try export.demo(of: definition)
            var item = PreviewWriter.Item(name: definition.name, kind: "decorator", summary: definition.summary, roles: [], effects: [:], reducedEffects: [:])
            item.module = export.module
            item.live = [
                "owner": .string(demo.ownerType), "properties": .object(demo.properties),
                "fields": .array(demo.fields.map { ["key": .string($0.key), "type": .string($0.type.rawValue), "value": $0.value ?? .null] }),
                "events": .array(demo.events.map(JSONValue.string)), "effects": .array(export.effects.sorted().map(JSONValue.string))
            ]
            return item
        case .tokens:
            throw ExportError("\(definition.name) is a token set; preview shows animations, chains, decorators and layouts", code: .wrongComponent)
        }
    }

    /// The page: one self-contained HTML document, scripts and styles inline.
    public var html: String {
        PreviewWriter.page(title: "Component Catalog preview: " + items.map(\.name).joined(separator: ", "), items: items)
    }
}
