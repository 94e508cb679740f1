import CatalogModel
import GRDB

/// Records what happens in the scene beyond property changes: components applied to objects.
/// Each application is one `apply` event per object it touches, written in one transaction with
/// the property sets it makes (a layout's frames), so the log replays to the same state.
///
/// ```swift
/// try database.scene.recordApply([(object: "cell-1", payload: ["component": "bounce-select", …])], at: 0)
/// ```
public struct SceneRepository: Sendable {
    let database: CatalogDatabase

    /// Appends one `apply` event per record, and sets the given properties, all or nothing.
    /// Returns the scene time the events got. Every object must exist.
    @discardableResult
    public func recordApply(_ records: [(object: String, payload: JSONValue)], sets: [(id: String, key: String, value: PropertyValue)] = [],
                            at sceneTime: Double? = nil) throws -> Double {
        try database.write(at: sceneTime) { db, events in
            var writer = AssociationWriter(db: db, events: events)
            for set in sets { _ = try writer.set(set.value, for: set.key, on: set.id, policy: .retain) }
            for record in records {
                guard try Int64.fetchOne(db, sql: "SELECT oid FROM object WHERE id = ?", arguments: [record.object]) != nil else {
                    throw StoreError.unknownObject(record.object)
                }
                var payload = record.payload.objectValue ?? [:]
                payload["start"] = .number(events.sceneTime)
                try events.append(.apply, object: record.object, payload: .object(payload))
            }
            return events.sceneTime
        }
    }
}

extension CatalogDatabase {
    public var scene: SceneRepository { SceneRepository(database: self) }
}
