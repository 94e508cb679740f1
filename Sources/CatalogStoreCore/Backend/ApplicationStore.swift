import CatalogModel

/// Changes the scene makes in one transaction — applications, sends, a chain's sets, bulk
/// imports — on either backend (``ApplicationRepository`` on SQLite).
///
/// ```swift
/// try backend.applications.apply([.add(id: "cell-1", type: "cell", owners: [])], at: nil) { _ in }
/// ```
package protocol ApplicationStore: Sendable {
    /// Records applications (`apply` events) and the properties they set; returns the scene time.
    @discardableResult
    func recordApply(
        _ records: [(object: String, payload: JSONValue)], sets: [(id: String, key: String, value: PropertyValue)],
        at sceneTime: Double?
    ) throws -> Double
    /// Objects created, properties set and events recorded, together; returns the scene time.
    @discardableResult
    func change(
        creating objects: [(id: String, type: String, owner: String)],
        sets: [PropertyWrite],
        records: [(operation: EventOperation, object: String?, payload: JSONValue)],
        at sceneTime: Double?
    ) throws -> Double
    /// Carries out `changes` in order in one transaction, one event each: all or nothing.
    /// `progress` hears how many are done, every page of them.
    func apply(_ changes: [BulkChange], at sceneTime: Double?, progress: (Int) -> Void) throws
}

extension ApplicationStore {
    @discardableResult
    package func recordApply(_ records: [(object: String, payload: JSONValue)], at sceneTime: Double?) throws -> Double {
        try recordApply(records, sets: [], at: sceneTime)
    }
    @discardableResult
    package func change(
        creating objects: [(id: String, type: String, owner: String)] = [],
        sets: [PropertyWrite] = [],
        records: [(operation: EventOperation, object: String?, payload: JSONValue)] = [],
        at sceneTime: Double?
    ) throws -> Double {
        try change(creating: objects, sets: sets, records: records, at: sceneTime)
    }
}
