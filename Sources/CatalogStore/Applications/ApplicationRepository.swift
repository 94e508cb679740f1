import CatalogModel
import CatalogStoreCore

/// Records what happens in the scene beyond property changes: components applied to objects.
/// Each application is one `apply` event per object it touches, written in one transaction with
/// the property sets it makes (a layout's frames), so the log replays to the same state.
///
/// ```swift
/// try database.applications.recordApply([(object: "cell-1", payload: ["component": "bounce-select", "version": "1.1.0"])], at: 0)
/// ```
package struct ApplicationRepository: Sendable {
    let database: CatalogDatabase

    /// Appends one `apply` event per record, and sets the given properties, all or nothing.
    /// Returns the scene time the events got. Every object must exist.
    @discardableResult
    package func recordApply(
        _ records: [(object: String, payload: JSONValue)], sets: [(id: String, key: String, value: PropertyValue)] = [],
        at sceneTime: Double? = nil
    ) throws -> Double {
        try database.transaction(at: sceneTime) { transaction in try ApplicationWrites.recordApply(records, sets: sets, transaction) }
    }
}

extension ApplicationRepository {
    /// Creates objects owned by others (decorator instances and their children), sets
    /// properties, and appends record-only events (`send`), all in one transaction: a decorator
    /// never exists without its back-reference, nor a handler's changes without each other.
    @discardableResult
    package func change(
        creating objects: [(id: String, type: String, owner: String)] = [],
        sets: [PropertyWrite] = [],
        records: [(operation: EventOperation, object: String?, payload: JSONValue)] = [],
        at sceneTime: Double? = nil
    ) throws -> Double {
        try database.transaction(at: sceneTime) { transaction in
            try ApplicationWrites.change(creating: objects, sets: sets, records: records, transaction)
        }
    }
}

extension CatalogDatabase {
    package var applications: ApplicationRepository { ApplicationRepository(database: self) }
}

extension ApplicationRepository {
    /// Carries out `changes` in order in one transaction, one event each: all or nothing. For
    /// imports (`catalog import`), where a file's changes stand or fall together.
    package func apply(_ changes: [BulkChange], at sceneTime: Double? = nil, progress: (Int) -> Void = { _ in }) throws {
        for case .add(let id, let type, let owners) in changes { try ObjectWrites.check(id: id, type: type, owners: owners) }
        try database.write(at: sceneTime) { db, events in
            try CatalogDatabase.withBulkCache(db) {
                try ApplicationWrites.apply(changes, SQLiteTransaction(db: db, events: events), progress: progress)
            }
        }
    }
}
