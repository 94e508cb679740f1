import CatalogModel

/// Custom object types and their declared properties, on either backend
/// (``ObjectTypeRepository`` on SQLite).
///
/// ```swift
/// try backend.types.declare("badge", properties: ["count": .number], at: nil)
/// ```
package protocol ObjectTypeStore: Sendable {
    func declare(_ name: String, properties: [String: ValueType], at sceneTime: Double?) throws
    func get(_ name: String) throws -> ObjectType?
    func list() throws -> [ObjectType]
}

extension ObjectTypeStore {
    package func declare(_ name: String, properties: [String: ValueType]) throws { try declare(name, properties: properties, at: nil) }
}
