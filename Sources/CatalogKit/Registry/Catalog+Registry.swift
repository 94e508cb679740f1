import CatalogFormats
import CatalogModel
import Foundation

/// The catalog as a shadcn registry: what `catalog serve` answers under `/r/` and
/// `catalog registry build DIR` writes, the same bytes — `registry.json` (the index of current
/// versions) and an item per component, `NAME.json` for the current version and
/// `NAME@VERSION.json` for every kept one (``RegistryItem``).
///
/// ```swift
/// let files = try catalog.registryFiles(name: "acme-motion", homepage: "https://acme.example")
/// files.first?.path   // "registry.json"
/// ```
extension Catalog {
    /// The item of the version `reference` names (`NAME` or `NAME@VERSION`): the definition,
    /// its CSS export when it has one, a token set's custom properties, and what it needs.
    package func registryItem(_ reference: String) throws -> RegistryItem {
        let stored = try components.version(ComponentReference(reference))
        return try registryItem(stored)
    }

    func registryItem(_ stored: StoredComponent) throws -> RegistryItem {
        let definition = try stored.decode()
        var item = RegistryItem(
            name: stored.name, kind: stored.kind, version: stored.version, summary: stored.summary, tags: stored.tags,
            contentHash: stored.contentHash, definition: stored.definition)
        var needs = Set(definition.references)
        if !definition.tokenReferences.isEmpty {
            let binding = try tokens.binding()
            for path in definition.tokenReferences { if let origin = try? binding.origin(of: path) { needs.insert(origin.name) } }
        }
        item.dependencies = needs.subtracting([stored.name]).sorted()
        switch stored.kind {
        case .animation, .chain, .layout:
            let css = try ExportFormat.css.text(of: "\(stored.name)@\(stored.version)", catalog: self)
            item.css = try RegistryCSS.object(css, file: "\(stored.name)@\(stored.version).css")
        case .tokens:
            guard let set = try tokens.set(stored.name, version: stored.version)?.set else { break }
            var light: [String: String] = [:]
            for token in set.tokens {
                guard let value = TokenExport.cssValue(try set.resolved(token.path, file: stored.name), type: token.type) else { continue }
                light[String(TokenExport.customProperty(token.path).dropFirst(2))] = value
            }
            if !light.isEmpty { item.cssVars = ["light": light] }
        case .decorator:
            break
        }
        return item
    }

    /// `registry.json`: the registry's name and homepage, and every component's current
    /// version as an item without its file's content (as shadcn's own build lists them).
    package func registryIndex(name: String, homepage: String) throws -> JSONValue {
        Self.registryIndex(name: name, homepage: homepage, items: try registryComponents().map { try registryItem($0) })
    }

    static func registryIndex(name: String, homepage: String, items: [RegistryItem]) -> JSONValue {
        [
            "$schema": .string(RegistryItem.indexSchema), "name": .string(name), "homepage": .string(homepage),
            "items": .array(items.map { $0.json(includingContent: false) })
        ]
    }

    /// Every file of the registry with its text, `registry.json` first, then each component's
    /// current item and each kept version's, by name — each version's item made once.
    package func registryFiles(name: String, homepage: String) throws -> [(path: String, text: String)] {
        var current: [RegistryItem] = [], files: [(path: String, text: String)] = []
        for component in try registryComponents() {
            var versions: [(path: String, text: String)] = [], currentText: String?
            for version in try components.history(component.name) {
                let item = try registryItem(version)
                let text = Self.registryText(item.json())
                if version.version == component.version {
                    current.append(item)
                    currentText = text
                }
                versions.append(("\(component.name)@\(version.version).json", text))
            }
            files.append(("\(component.name).json", try currentText ?? Self.registryText(registryItem(component).json())))
            files += versions
        }
        return [("registry.json", Self.registryText(Self.registryIndex(name: name, homepage: homepage, items: current)))] + files
    }

    /// Every current component, token sets included (which `list` leaves to `tokens list`), by name.
    func registryComponents() throws -> [StoredComponent] {
        (try components.list() + components.list(kind: .tokens)).sorted { $0.name < $1.name }
    }

    /// A registry file's text: the JSON as the command line prints it.
    package static func registryText(_ json: JSONValue) -> String { json.prettyText + "\n" }
}
