import CatalogModel

/// Objects of the scene and their lifetimes, on either backend (``ObjectRepository`` on SQLite).
///
/// ```swift
/// try backend.objects.add(id: "field-1", type: "textField", owners: [], at: nil)
/// try backend.objects.remove("field-1")
/// ```
package protocol ObjectStore: Sendable {
    /// Creates objects in one transaction, in order, one `object.add` event each: all or nothing.
    func addAll(_ objects: [(id: String, type: String, owners: [String])], at sceneTime: Double?) throws
    func get(_ id: String) throws -> StoredObject?
    /// Objects in id order after `after`, at most `limit`, newest first with `reverse`, a page
    /// at a time.
    func forEach(after: String?, limit: Int?, reverse: Bool, _ body: (StoredObject) throws -> Void) throws
    /// At most `limit` objects in id order after `after`, with their owners: what a pass over
    /// the whole store reads a page at a time (the same objects ``forEach(after:limit:reverse:_:)``
    /// hands over).
    func page(after: String?, limit: Int) throws -> [StoredObject]
    /// The type of each of `ids` that exists (absent ones are left out), in one read: what an
    /// import checks its rows against before it writes.
    func types(of ids: [String]) throws -> [String: String]
    /// The scene time of the event that created the object.
    func creationTime(of id: String) throws -> Double?
    func ids() throws -> [String]
    /// Removes the object and what it alone owned; returns the ids removed with it.
    @discardableResult
    func remove(_ id: String, at sceneTime: Double?) throws -> [String]
    /// Objects of `type` that `owner` owns.
    func owned(by owner: String, type: String) throws -> [String]
}

extension ObjectStore {
    package func add(id: String, type: String, owners: [String] = [], at sceneTime: Double? = nil) throws {
        try addAll([(id, type, owners)], at: sceneTime)
    }
    package func addAll(_ objects: [(id: String, type: String, owners: [String])]) throws { try addAll(objects, at: nil) }
    package func list() throws -> [StoredObject] {
        var objects: [StoredObject] = []
        try forEach(after: nil, limit: nil, reverse: false) { objects.append($0) }
        return objects
    }
    package func forEach(_ body: (StoredObject) throws -> Void) throws { try forEach(after: nil, limit: nil, reverse: false, body) }
    package func page(after: String?, limit: Int) throws -> [StoredObject] {
        var page: [StoredObject] = []
        try forEach(after: after, limit: limit, reverse: false) { page.append($0) }
        return page
    }
    package func types(of ids: [String]) throws -> [String: String] {
        var types: [String: String] = [:]
        for id in ids { if let object = try get(id) { types[id] = object.type } }
        return types
    }
    @discardableResult
    package func remove(_ id: String) throws -> [String] { try remove(id, at: nil) }
}
