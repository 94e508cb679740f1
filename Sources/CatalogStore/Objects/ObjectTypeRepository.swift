import CatalogModel
import CatalogStoreCore
import Foundation
import GRDB

/// Custom object types and their properties, declared by the user; every declaration is logged.
///
/// ```swift
/// try database.types.declare("gauge", properties: ["value": .number, "transform": .transform])
/// try database.types.get("gauge")?.missing(["transform"])   // []
/// ```
package struct ObjectTypeRepository: Sendable {
    let database: CatalogDatabase

    /// Declares (or redeclares) a custom type. Built-in type names are refused.
    package func declare(_ name: String, properties: [String: ValueType], at sceneTime: Double? = nil) throws {
        guard ObjectWrites.isValidType(name) else { throw StoreError.invalidType(name) }
        guard ObjectType.builtIn[name] == nil else { throw StoreError.builtInType(name) }
        try database.transaction(at: sceneTime) { transaction in try ObjectWrites.declareType(name, properties: properties, transaction) }
    }

    /// A declared custom type, or nil.
    package func get(_ name: String) throws -> ObjectType? {
        try database.read { db in
            guard let text = try String.fetchOne(db, sql: "SELECT properties FROM object_type WHERE name = ?", arguments: [name]) else { return nil }
            return Self.type(name, text)
        }
    }

    /// Every declared custom type, by name.
    package func list() throws -> [ObjectType] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT name, properties FROM object_type ORDER BY name").map { Self.type($0[0], $0[1]) }
        }
    }

    package static func type(_ name: String, _ text: String) -> ObjectType { StoreSchema.objectType(name, text) }
}

extension CatalogDatabase {
    package var types: ObjectTypeRepository { ObjectTypeRepository(database: self) }
}
