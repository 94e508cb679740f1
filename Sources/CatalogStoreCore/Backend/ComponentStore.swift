import CatalogModel

/// Components and their history, on either backend (``ComponentRepository`` on SQLite).
///
/// ```swift
/// try backend.components.add([definition])
/// let latest = try backend.components.get("bounce-select")
/// ```
package protocol ComponentStore: Sendable {
    /// Adds or updates definitions in one transaction; refuses all if any is refused.
    @discardableResult
    func add(_ definitions: [ComponentDefinition], at sceneTime: Double?) throws -> [AddOutcome]
    func get(_ reference: ComponentReference) throws -> StoredComponent?
    /// The current version, or the kept `version`.
    func get(_ name: String, version: String?) throws -> StoredComponent?
    func list(kind: ComponentKind?, tag: String?, after: String?, limit: Int?, reverse: Bool) throws -> [StoredComponent]
    /// Every kept version of `name`, oldest first.
    func history(_ name: String) throws -> [StoredComponent]
    /// Changes whenever a component is added, updated or removed: a key for caches.
    func tableStamp() throws -> String
    /// The stamp when it is known to hold without a round trip to the database, else nil.
    func keptTableStamp() -> String?
    func names() throws -> [String]
    /// Full-text search over name, summary and tags; the text is taken as text.
    func search(_ text: String, limit: Int) throws -> [StoredComponent]
    /// Takes `name` out of the catalog (refused while another component uses it); its versions
    /// stay kept, because the log may apply them.
    func remove(_ name: String, at sceneTime: Double?) throws
    func builtInsAreCurrent(fingerprint: String) throws -> Bool
    @discardableResult
    func loadBuiltIns(fingerprint: String, definitions: () throws -> [ComponentDefinition]) throws -> [AddOutcome]
}

extension ComponentStore {
    /// None known without a round trip: a backend that can tell says so.
    package func keptTableStamp() -> String? { nil }

    @discardableResult
    package func add(_ definitions: [ComponentDefinition]) throws -> [AddOutcome] { try add(definitions, at: nil) }
    package func get(_ name: String) throws -> StoredComponent? { try get(name, version: nil) }
    package func list(kind: ComponentKind? = nil, tag: String? = nil) throws -> [StoredComponent] {
        try list(kind: kind, tag: tag, after: nil, limit: nil, reverse: false)
    }
    package func search(_ text: String) throws -> [StoredComponent] { try search(text, limit: 50) }
    package func remove(_ name: String) throws { try remove(name, at: nil) }
}
