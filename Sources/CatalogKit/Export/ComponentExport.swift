import CatalogEngine
import CatalogExport
import CatalogModel

/// A component (animation or chain) in its web forms — what `catalog export` writes: a CSS
/// stylesheet, the Web Animations JSON `element.animate()` takes, or an ES module that plays it.
///
/// ```swift
/// let definition = try catalog.database.components.get("bounce-select")!.decode()
/// let export = try ComponentExport(definition: definition, target: .css, catalog: catalog)
/// print(export.stylesheet())   // @keyframes bounce-select { … } .bounce-select { animation: … }
/// ```
public struct ComponentExport: Sendable {
    /// What was exported: one animation list, or one per role of a chain.
    public enum Body: Sendable {
        case animation([WebAnimation])
        case chain(ChainExport)
    }

    public let name: String
    public let version: String
    public let target: ExportTarget
    public let body: Body

    /// - Parameters:
    ///   - parameters: `name → text` as given on the command line (`--param k=v`).
    ///   - catalog: resolves the components a chain's steps name; not needed for animations.
    public init(definition: ComponentDefinition, parameters: [String: String] = [:], target: ExportTarget,
                file: String? = nil, catalog: Catalog? = nil) throws {
        let file = file ?? definition.name
        name = definition.name
        version = definition.version.description
        self.target = target
        let values = try definition.parameterValues(text: parameters, file: file)
        switch definition.kind {
        case .animation:
            body = .animation(try AnimationExport(try AnimationDefinition(definition, parameters: values, file: file), target: target).animations)
        case .chain:
            let chain = try ChainDefinition(definition, parameters: values, file: file)
            body = .chain(try ChainExport(chain, target: target) { step in try Self.resolve(step, chain: definition.name, catalog: catalog) })
        case .decorator, .layout:
            throw ExportError("\(definition.name) is a \(definition.kind.rawValue); export takes animations and chains")
        }
    }

    /// A chain step's animation: a catalog component with the step's parameters, or its inline body.
    private static func resolve(_ step: AnimateStep, chain: String, catalog: Catalog?) throws -> AnimationDefinition {
        guard let reference = step.component else { return try Catalog.inlineAnimation(step.inline ?? .null, file: "\(chain).chain") }
        guard let catalog else { throw ExportError("\(chain) runs \(reference): export it from the catalog (catalog add, then export by name)") }
        let parts = reference.split(separator: "@", maxSplits: 1).map(String.init)
        guard let stored = try catalog.database.components.get(parts[0], version: parts.count > 1 ? parts[1] : nil) else {
            throw ExportError("\(chain) runs \(reference), which is not in the catalog")
        }
        let definition = try stored.decode()
        return try AnimationDefinition(definition, parameters: try definition.parameterValues(json: step.parameters, file: "\(chain): \(stored.name)"))
    }

    private var header: String { "\(name) \(version)" }

    /// The stylesheet: rules at `selector` (default `.NAME`); a chain's at `SELECTOR--ROLE`.
    public func stylesheet(selector: String? = nil) -> String {
        let base = selector ?? CSSIdentifier.classSelector(name)
        switch body {
        case .animation(let animations):
            return StylesheetWriter.stylesheet(header: header, rules: [.init(selector: base, keyframesName: name, animations: animations)])
        case .chain(let chain):
            return StylesheetWriter.stylesheet(header: header, rules: chain.roles.map {
                .init(selector: "\(base)--\($0.role)", keyframesName: "\(name)--\($0.role)", animations: $0.animations)
            })
        }
    }

    /// `[{"keyframes", "options"}]`, or for a chain `{role: [...]}`.
    public var waapi: JSONValue {
        switch body {
        case .animation(let animations): .array(animations.map(\.json))
        case .chain(let chain): .object(Dictionary(uniqueKeysWithValues: chain.roles.map { ($0.role, JSONValue.array($0.animations.map(\.json))) }))
        }
    }

    /// The ES module exporting `play(element)` (chains: `play({role: element})`).
    public var module: String {
        switch body {
        case .animation(let animations): ModuleWriter.module(header: header, animations: animations)
        case .chain(let chain): ModuleWriter.chainModule(header: header, roles: chain.roles)
        }
    }

    /// Per exported animation: the role (chains), the properties, and exact or baked with the
    /// measured maximum error — what `export --explain` prints.
    public var explanation: [(role: String?, animation: WebAnimation)] {
        switch body {
        case .animation(let animations): animations.map { (nil, $0) }
        case .chain(let chain): chain.roles.flatMap { role in role.animations.map { (role.role, $0) } }
        }
    }
}
