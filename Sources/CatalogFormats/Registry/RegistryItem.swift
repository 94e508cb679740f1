import CatalogModel
import Foundation

/// A component as a shadcn registry item (`registry-item.json`): the definition as the item's
/// one file (its `content` the canonical JSON the store keeps), the CSS export in `css`, token
/// custom properties in `cssVars`, the components and token sets it needs as
/// `registryDependencies` (names in the same registry), and in `meta` its kind, version, content
/// hash and the Subresource Integrity value of the file's content.
///
/// ```swift
/// let item = RegistryItem(name: "fade-in", kind: .animation, version: "1.0.0", summary: "Fade in",
///                         tags: [], contentHash: hash, definition: canonicalJSON)
/// item.json().prettyText    // what /r/fade-in.json answers
/// ```
package struct RegistryItem: Sendable, Equatable {
    /// The schemas of shadcn's format, which an item and an index name as `$schema`.
    package static let itemSchema = "https://ui.shadcn.com/schema/registry-item.json"
    package static let indexSchema = "https://ui.shadcn.com/schema/registry.json"

    package var name: String
    package var kind: ComponentKind
    package var version: String
    package var summary: String
    package var tags: [String]
    /// SHA-256 of the canonical definition (the store's content hash).
    package var contentHash: String
    /// The definition's canonical JSON: the file's `content`.
    package var definition: String
    /// The CSS export as shadcn's `css` object (``RegistryCSS``), for components that have one.
    package var css: JSONValue?
    /// Custom properties by shadcn's theme (`light` is `:root`), names without the leading `--`.
    package var cssVars: [String: [String: String]]
    /// The components and token sets it needs, by name.
    package var dependencies: [String]

    package init(
        name: String, kind: ComponentKind, version: String, summary: String, tags: [String], contentHash: String, definition: String,
        css: JSONValue? = nil, cssVars: [String: [String: String]] = [:], dependencies: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.version = version
        self.summary = summary
        self.tags = tags
        self.contentHash = contentHash
        self.definition = definition
        self.css = css
        self.cssVars = cssVars
        self.dependencies = dependencies
    }

    /// Where the definition file sits in the registry, and where shadcn's CLI writes it.
    package var filePath: String {
        let folder = kind == .tokens ? "tokens" : kind.rawValue + "s"
        return "catalog/\(folder)/\(name).json"
    }

    /// `sha256-…` of the file's content, as served.
    package var integrity: String { ContentDigest.subresourceIntegrity(Data(definition.utf8)) }

    /// The item; without `content` (`includingContent: false`) as an index lists it.
    package func json(includingContent: Bool = true) -> JSONValue {
        var file: [String: JSONValue] = ["path": .string(filePath), "type": "registry:file", "target": .string(filePath)]
        if includingContent { file["content"] = .string(definition) }
        var members: [String: JSONValue] = [
            "$schema": .string(Self.itemSchema), "name": .string(name), "type": "registry:item", "title": .string(name),
            "description": .string(summary), "files": [.object(file)],
            "meta": [
                "kind": .string(kind.rawValue), "version": .string(version), "contentHash": .string(contentHash),
                "integrity": .string(integrity)
            ]
        ]
        if !tags.isEmpty { members["categories"] = .array(tags.map(JSONValue.string)) }
        if !dependencies.isEmpty { members["registryDependencies"] = .array(dependencies.map(JSONValue.string)) }
        if let css { members["css"] = css }
        if !cssVars.isEmpty { members["cssVars"] = .object(cssVars.mapValues { .object($0.mapValues(JSONValue.string)) }) }
        return .object(members)
    }

    /// An item read back (from `source`, which errors name): its one definition file, whose
    /// content must have the integrity and the content hash its `meta` gives, and be the
    /// component `meta` says (name, kind, version).
    package init(json: JSONValue, source: String) throws(DefinitionError) {
        self = try Self.read(json, source: source).item
    }

    /// The same, with the definition its content decodes to (decoded once, to check it).
    package static func read(_ json: JSONValue, source: String) throws(DefinitionError) -> (item: RegistryItem, definition: ComponentDefinition) {
        func fail(_ path: String, _ rule: String) -> DefinitionError { DefinitionError(file: source, path: path, rule: rule) }
        guard case .object(let members) = json else { throw fail("", "must be a registry item (a JSON object)") }
        guard let name = members["name"]?.stringValue else { throw fail("name", "must be the item's name") }
        guard let meta = members["meta"]?.objectValue else { throw fail("meta", "must hold the component's kind, version, contentHash and integrity") }
        func text(_ key: String) throws(DefinitionError) -> String {
            guard let value = meta[key]?.stringValue else { throw fail("meta.\(key)", "must be a string") }
            return value
        }
        guard let kind = ComponentKind(rawValue: try text("kind")) else { throw fail("meta.kind", "must be a component kind") }
        let files = members["files"]?.arrayValue ?? []
        guard files.count == 1, let content = files[0]["content"]?.stringValue else {
            throw fail("files", "must be one file with its content (the definition)")
        }
        let integrity = try text("integrity")
        let actual = ContentDigest.subresourceIntegrity(Data(content.utf8))
        guard integrity == actual else { throw fail("meta.integrity", "is \(integrity), but the content served is \(actual)") }
        let item = RegistryItem(
            name: name, kind: kind, version: try text("version"), summary: members["description"]?.stringValue ?? "",
            tags: members["categories"]?.arrayValue?.compactMap(\.stringValue) ?? [], contentHash: try text("contentHash"), definition: content,
            css: members["css"], cssVars: [:], dependencies: members["registryDependencies"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let definition = try DefinitionDecoder.decode(text: content, file: "\(source) files[0].content")
        guard definition.contentHash == item.contentHash else {
            throw fail("meta.contentHash", "is \(item.contentHash), but the definition's content hash is \(definition.contentHash)")
        }
        guard definition.name == name, definition.kind == kind, definition.version.description == item.version else {
            throw fail(
                "meta",
                "names \(name) \(item.version) (\(kind.rawValue)), but the definition is \(definition.name) \(definition.version) (\(definition.kind.rawValue))"
            )
        }
        return (item, definition)
    }
}
