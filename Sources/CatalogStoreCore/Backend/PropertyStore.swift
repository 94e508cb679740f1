import CatalogModel

/// Associated properties, `(object, key) → typed value + policy`, on either backend
/// (``PropertyRepository`` on SQLite).
///
/// ```swift
/// try backend.properties.set(.url("https://swift.org"), for: "hyperlink.url", on: "label-1", policy: .copy, at: nil)
/// try backend.properties.value(for: "hyperlink.url", on: "label-1")
/// ```
package protocol PropertyStore: Sendable {
    /// The value, or nil when absent; cached, and kept correct across handles and machines.
    func value(for key: String, on id: String) throws -> PropertyValue?
    /// The value read from the store itself, past any cache.
    func uncachedValue(for key: String, on id: String) throws -> PropertyValue?
    func association(for key: String, on id: String) throws -> Association?
    func list(on id: String) throws -> [Association]
    func list(on ids: [String]) throws -> [String: [Association]]
    /// Sets (nil removes) one association with its policy, in one transaction with its event.
    @discardableResult
    func set(_ value: PropertyValue?, for key: String, on id: String, policy: AssociationPolicy, at sceneTime: Double?) throws -> PropertyChange
    func setAll(_ items: [(id: String, key: String, value: PropertyValue)], policy: AssociationPolicy, at sceneTime: Double?) throws
    /// Removes one association; returns the ids of objects it released.
    @discardableResult
    func unset(_ key: String, on id: String, at sceneTime: Double?) throws -> [String]
    /// Removes every association of the object; returns the ids of objects released.
    @discardableResult
    func clear(on id: String, at sceneTime: Double?) throws -> [String]
}

extension PropertyStore {
    @discardableResult
    package func set(_ value: PropertyValue?, for key: String, on id: String, policy: AssociationPolicy = .retain) throws -> PropertyChange {
        try set(value, for: key, on: id, policy: policy, at: nil)
    }
    /// Sets with the default policy, `retain`, at scene time `sceneTime`.
    @discardableResult
    package func set(_ value: PropertyValue?, for key: String, on id: String, at sceneTime: Double?) throws -> PropertyChange {
        try set(value, for: key, on: id, policy: .retain, at: sceneTime)
    }
    package func setAll(_ items: [(id: String, key: String, value: PropertyValue)], at sceneTime: Double?) throws {
        try setAll(items, policy: .retain, at: sceneTime)
    }
    package func setAll(_ items: [(id: String, key: String, value: PropertyValue)], policy: AssociationPolicy = .retain) throws {
        try setAll(items, policy: policy, at: nil)
    }
    @discardableResult
    package func unset(_ key: String, on id: String) throws -> [String] { try unset(key, on: id, at: nil) }
    @discardableResult
    package func clear(on id: String) throws -> [String] { try clear(on: id, at: nil) }
}
