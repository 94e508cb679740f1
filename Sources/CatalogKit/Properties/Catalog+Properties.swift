import CatalogEngine
import CatalogModel
internal import CatalogStore

/// Property writes through the facade — set, unset, clear — each with the checks it promises:
/// overrides against their parameter, declared types, values animations start from, decorators
/// that attach on a key. ``Catalog/properties`` only reads, so no caller skips them.
///
/// ```swift
/// try catalog.setProperty(.string("https://swift.org"), for: "url", on: "label-1")   // attaches hyperlink
/// try catalog.unsetProperty("url", on: "label-1")
/// try catalog.clearProperties(on: "label-1")
/// ```
extension Catalog {
    /// What ``setProperty(_:for:on:policy:at:)`` did: the value as stored (converted to a declared
    /// type), the decorator it attached, a copy it made, the objects it released.
    public struct PropertySetOutcome: Sendable, Hashable {
        /// What was stored (converted to a declared type), nil when the property was removed.
        public var value: PropertyValue?
        /// The decorator setting it attached.
        public var attached: String?
        /// For `copy` of an object reference: the id of the new, owned copy.
        public var copyID: String? = nil
        /// Objects deleted because the change released their last owner.
        public var removed: [String] = []
    }

    /// Sets (nil removes) an object's property — the one entry point `prop set` and
    /// ``set(_:on:to:)`` share:
    /// - a parameter override (`bounce-select.duration`) is checked against the parameter's
    ///   declaration (type and bounds) and refused when it does not fit, so no later `send`
    ///   logs an application that cannot be replayed;
    /// - a key a decorator declares and attaches on (`url` → `hyperlink` on a label) converts to
    ///   the declared type and attaches the decorator, in the same transaction;
    /// - a key the object's type declares (a view's `frame`, a declared type's properties)
    ///   converts to its type (`0,0,10,10` → a rect) or is refused with the form it takes;
    /// - anything else is stored as given.
    @discardableResult
    public func setProperty(
        _ value: PropertyValue?, for key: String, on id: String, policy: AssociationPolicy = .retain,
        at sceneTime: Double? = nil
    ) throws -> PropertySetOutcome {
        try transaction { catalog in try catalog.setPropertyInTransaction(value, for: key, on: id, policy: policy, at: sceneTime) }
    }

    /// ``setProperty(_:for:on:policy:at:)``'s reads, checks and write, on a catalog whose
    /// ``transaction(_:)`` is open.
    private func setPropertyInTransaction(
        _ value: PropertyValue?, for key: String, on id: String, policy: AssociationPolicy,
        at sceneTime: Double?
    ) throws -> PropertySetOutcome {
        var value = value
        if let given = value {
            guard let object = try database.objects.get(id) else { throw StoreError.unknownObject(id) }
            value = try checkedOverride(given, for: key, on: id)
            if let declared = try objectType(object.type).properties[key] { value = try Self.converted(given, to: declared, key: key, on: object.type) }
            try Self.checkModelValues([(id, key, value)])
        }
        // The decorator list is read once (one stamp query) for attaching and for bound children.
        let current = try currentDecorators()
        if let decorated = try setDecoratedProperty(value, for: key, on: id, policy: policy, at: sceneTime, current: current) {
            return decorated
        }
        let change = try database.properties.set(value, for: key, on: id, policy: policy, at: sceneTime)
        // Decorator children bound to the key follow it.
        let bound = try boundChildWrites(owner: id, key: key, value: value, among: current)
        if !bound.isEmpty { try database.applications.change(creating: [], sets: bound, at: sceneTime) }
        // A container's layout stays applied: its new size lays its slots out again.
        try relayout(resizedBy: [(id, key)], at: sceneTime)
        return PropertySetOutcome(value: value, attached: nil, copyID: change.copyID, removed: change.removed)
    }

    /// Refuses a value an animation would start from (`opacity`, `transform`, …) beyond the
    /// limit for animated values (``NumericLimits/problem(model:for:)``): interpolated or
    /// concatenated, it would make the presentation values NaN.
    static func checkModelValues(_ sets: [(id: String, key: String, value: PropertyValue?)]) throws {
        for set in sets { try checkModelValue(set.value, for: set.key, on: set.id) }
    }

    /// One set's value, as ``checkModelValues(_:)`` checks each (an import checks row by row).
    static func checkModelValue(_ value: PropertyValue?, for key: String, on id: String) throws {
        if let value, let problem = NumericLimits.problem(model: value, for: key) {
            throw SceneError.modelValue(object: id, key: key, problem: problem)
        }
    }

    /// A value as the type declares it: text and JSON converted, anything else refused with the form.
    static func converted(_ value: PropertyValue, to declared: ValueType, key: String, on type: String) throws -> PropertyValue {
        if value.type == declared { return value }
        do {
            switch value {
            case .string(let text): return try PropertyValue(converting: text, to: declared)
            case .object(let reference) where declared == .string: return .string("@" + reference)
            default: return try PropertyValue(json: value.jsonValue, as: declared)
            }
        } catch {
            throw SceneError.propertyType(key: key, type: type, declared: declared, reason: "\(error)")
        }
    }

    /// Removes the object's property under `key` (as ``setProperty(_:for:on:policy:at:)`` with nil):
    /// returns the objects deleted because they lost their last owner. An unknown object is
    /// refused (``StoreError/unknownObject(_:)``) and nothing is logged.
    @discardableResult
    package func unsetProperty(_ key: String, on id: String, at sceneTime: Double? = nil) throws -> [String] {
        try setProperty(nil, for: key, on: id, at: sceneTime).removed
    }

    /// Removes all of the object's properties (`objc_removeAssociatedObjects`): returns the
    /// objects deleted because they lost their last owner. An unknown object is refused.
    @discardableResult
    public func clearProperties(on id: String, at sceneTime: Double? = nil) throws -> [String] {
        try database.properties.clear(on: id, at: sceneTime)
    }

    /// Reads an object's associated properties; writes go through the catalog
    /// (``setProperty(_:for:on:policy:at:)``, ``unsetProperty(_:on:at:)``, ``clearProperties(on:at:)``).
    ///
    /// ```swift
    /// let url = try catalog.properties.value(for: "url", on: "label-1")
    /// for association in try catalog.properties.list(on: "label-1") { print(association.key) }
    /// ```
    public struct PropertyReader: Sendable {
        let store: any PropertyStore

        /// The value under `key`, nil when absent (or a weak reference whose target is gone).
        public func value(for key: String, on id: String) throws -> PropertyValue? { try store.value(for: key, on: id) }
        /// The association under `key`, with its policy.
        public func association(for key: String, on id: String) throws -> Association? { try store.association(for: key, on: id) }
        /// The association under `key`, or ``StoreError/unknownProperty(id:key:)`` when the object
        /// holds none — what `catalog prop get` prints.
        package func required(_ key: String, on id: String) throws -> Association {
            guard let association = try store.association(for: key, on: id) else { throw StoreError.unknownProperty(id: id, key: key) }
            return association
        }
        /// The object's associations, by key.
        public func list(on id: String) throws -> [Association] { try store.list(on: id) }
        /// Several objects' associations at once.
        package func list(on ids: [String]) throws -> [String: [Association]] { try store.list(on: ids) }
    }
}
