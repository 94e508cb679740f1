import CatalogModel
import CatalogStoreCore

/// The scene's writes on PostgreSQL (``ApplicationStore``): the shared rules in one transaction.
package struct PostgresApplicationStore: ApplicationStore {
    let database: PostgresDatabase

    @discardableResult
    package func recordApply(
        _ records: [(object: String, payload: JSONValue)], sets: [(id: String, key: String, value: PropertyValue)],
        at sceneTime: Double?
    ) throws -> Double {
        try database.transaction(at: sceneTime) { try ApplicationWrites.recordApply(records, sets: sets, $0) }
    }

    @discardableResult
    package func change(
        creating objects: [(id: String, type: String, owner: String)],
        sets: [PropertyWrite],
        records: [(operation: EventOperation, object: String?, payload: JSONValue)],
        at sceneTime: Double?
    ) throws -> Double {
        try database.transaction(at: sceneTime) { try ApplicationWrites.change(creating: objects, sets: sets, records: records, $0) }
    }

    package func apply(_ changes: [BulkChange], at sceneTime: Double?, progress: (Int) -> Void) throws {
        for case .add(let id, let type, let owners) in changes { try ObjectWrites.check(id: id, type: type, owners: owners) }
        try database.transaction(at: sceneTime) { try ApplicationWrites.apply(changes, $0, progress: progress) }
    }
}
