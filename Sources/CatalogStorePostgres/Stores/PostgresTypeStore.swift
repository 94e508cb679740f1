import CatalogModel
import CatalogStoreCore

/// Custom object types on PostgreSQL (``ObjectTypeStore``).
package struct PostgresTypeStore: ObjectTypeStore {
    let database: PostgresDatabase

    package func declare(_ name: String, properties: [String: ValueType], at sceneTime: Double?) throws {
        try database.transaction(at: sceneTime) { try ObjectWrites.declareType(name, properties: properties, $0) }
    }

    package func get(_ name: String) throws -> ObjectType? {
        guard let text = try database.session.query("SELECT properties FROM object_type WHERE name = $1", [.text(name)]).first?.text(0) else { return nil }
        return StoreSchema.objectType(name, text)
    }

    package func list() throws -> [ObjectType] {
        try database.session.query("SELECT name, properties FROM object_type ORDER BY name").map { row in
            StoreSchema.objectType(try row.text(0) ?? "", try row.text(1) ?? "{}")
        }
    }
}
