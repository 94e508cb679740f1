import CatalogModel
import CatalogStoreCore
import Foundation
import GRDB  // GRDB has an `Association` too: the catalog's is written CatalogModel.Association here

/// Associated properties: `(object, key) → typed value + policy`, persistent.
///
/// Reads go through an in-memory cache kept correct across handles and processes; writes run in one transaction with their event row and
/// with the collection of any object they release.
///
/// ```swift
/// let properties = database.properties
/// try properties.set(.url("https://swift.org"), for: "hyperlink.url", on: "label-1", policy: .copy)
/// try properties.value(for: "hyperlink.url", on: "label-1")   // .url("https://swift.org")
/// ```
package struct PropertyRepository: Sendable {
    let database: CatalogDatabase

    // MARK: Reads

    /// The value, or nil when absent (never set, unset, or a reference whose target is gone).
    /// Throws ``StoreError/unknownObject(_:)`` for an object that does not exist.
    package func value(for key: String, on id: String) throws -> PropertyValue? {
        let cache = database.propertyCache
        // Inside a transaction the cache is neither read nor filled: it holds committed values,
        // and the transaction sees its own writes, which may yet roll back.
        guard database.scope == nil, cache.observer.isAvailable else { return try fetch(key, on: id)?.value }
        let cacheKey = PropertyCache.Key(object: id, key: key)
        let (entry, stamp) = cache.lookup(cacheKey)
        switch entry {
        case .value(let value): return value
        case .absent: return nil
        case nil:
            let association = try fetch(key, on: id)
            cache.store(association.map { .value($0.value) } ?? .absent, for: cacheKey, seenAt: stamp)
            return association?.value
        }
    }

    /// The value read from the database, bypassing the cache (what benchmarks call uncached).
    package func uncachedValue(for key: String, on id: String) throws -> PropertyValue? {
        try fetch(key, on: id)?.value
    }

    /// The association with its policy, read from the database.
    package func association(for key: String, on id: String) throws -> CatalogModel.Association? {
        try fetch(key, on: id)
    }

    package static let readSQL = StoreSchema.propertyReadSQL

    private func fetch(_ key: String, on id: String) throws -> CatalogModel.Association? {
        // In a transaction: through its connection, which sees what it wrote.
        if database.scope != nil {
            return try database.read { db in
                guard let row = try Row.fetchOne(try db.cachedStatement(sql: Self.readSQL), arguments: [id, key]) else { throw StoreError.unknownObject(id) }
                return Self.association(key: key, type: row[1], value: row[2], policy: row[3], live: row[4])
            }
        }
        let fast = try database.pointReader.withStatement(Self.readSQL) { statement -> CatalogModel.Association? in
            statement.bind(1, id)
            statement.bind(2, key)
            guard try statement.step() else { throw StoreError.unknownObject(id) }
            if statement.isNull(1) { return nil }
            return Self.association(
                key: key, type: statement.text(1), value: statement.databaseValue(2),
                policy: statement.text(3), live: statement.int64(4) != 0)
        }
        if let fast { return fast }
        // A single statement is atomic on its own: no transaction needed around it.
        return try database.pool.unsafeReentrantRead { db in
            let statement = try db.cachedStatement(sql: Self.readSQL)
            guard let row = try Row.fetchOne(statement, arguments: [id, key]) else { throw StoreError.unknownObject(id) }
            return Self.association(key: key, type: row[1], value: row[2], policy: row[3], live: row[4])
        }
    }

    static func association(key: String, type: String?, value: DatabaseValue, policy: String?, live: Bool?) -> CatalogModel.Association? {
        guard let type = type.flatMap(ValueType.init(rawValue:)), live == true,
            let policy = policy.flatMap(AssociationPolicy.init(rawValue:)),
            let decoded = ValueColumns.decode(type: type, value: value)
        else { return nil }
        return CatalogModel.Association(key: key, value: decoded, policy: policy)
    }

    /// Every present association of the object, by key.
    package func list(on id: String) throws -> [CatalogModel.Association] {
        try database.read { db in try Self.list(on: try ObjectRepository.oid(of: id, db), db) }
    }

    /// ``list(on:)`` for many objects in one read (absent objects are left out): what a pass
    /// over a whole store reads a page at a time.
    package func list(on ids: [String]) throws -> [String: [CatalogModel.Association]] {
        guard !ids.isEmpty else { return [:] }
        let idList = JSONValue.array(ids.map(JSONValue.string)).canonicalText
        return try database.read { db in
            // One statement for the page (the ids handed over as one JSON array): a statement
            // per object — its oid, then its associations — was a third of hashing a store.
            let statement = RawStatement(try db.cachedStatement(sql: Self.listManySQL))
            defer { statement.reset() }
            statement.bind(1, idList)
            var lists: [String: [CatalogModel.Association]] = [:]
            lists.reserveCapacity(ids.count)
            var current: String?
            var list: [CatalogModel.Association] = []
            while try statement.step() {
                let id = statement.text(0) ?? ""
                if id != current {
                    if let current { lists[current] = list }
                    current = id
                    list = []
                }
                guard let key = statement.text(1) else { continue }  // an object with none
                if let association = Self.association(
                    key: key, type: statement.text(2), value: statement.databaseValue(3),
                    policy: statement.text(4), live: statement.int64(5) != 0)
                {
                    list.append(association)
                }
            }
            if let current { lists[current] = list }
            return lists
        }
    }

    /// The present objects among a JSON array of ids, each with its associations by key (a
    /// row with a null key for one that has none).
    static let listManySQL = """
        SELECT o.id, a.key, a.type, a.value, a.policy,
               a.target_oid IS NULL OR EXISTS (SELECT 1 FROM object t WHERE t.oid = a.target_oid)
        FROM object o LEFT JOIN association a ON a.object_oid = o.oid
        WHERE o.id IN (SELECT value FROM json_each(?)) ORDER BY o.id, a.key
        """

    private static func list(on oid: Int64, _ db: Database) throws -> [CatalogModel.Association] {
        // Through the C API: a store's content hash reads every object's list.
        let statement = RawStatement(
            try db.cachedStatement(
                sql: """
                    SELECT key, type, value, policy,
                           target_oid IS NULL OR EXISTS (SELECT 1 FROM object t WHERE t.oid = target_oid)
                    FROM association WHERE object_oid = ? ORDER BY key
                    """))
        defer { statement.reset() }
        statement.bind(1, oid)
        var list: [CatalogModel.Association] = []
        while try statement.step() {
            if let association = Self.association(
                key: statement.text(0) ?? "", type: statement.text(1), value: statement.databaseValue(2),
                policy: statement.text(3), live: statement.int64(4) != 0)
            {
                list.append(association)
            }
        }
        return list
    }

    // MARK: Writes

    /// Sets (or, with nil, removes) one association.
    @discardableResult
    package func set(
        _ value: PropertyValue?, for key: String, on id: String, policy: AssociationPolicy = .retain,
        at sceneTime: Double? = nil
    ) throws -> PropertyChange {
        try database.transaction(at: sceneTime) { transaction in
            var writer = AssociationWriter(transaction)
            return try writer.set(value, for: key, on: id, policy: policy)
        }
    }

    /// Sets many associations in one transaction (one event row each): all or nothing.
    package func setAll(
        _ items: [(id: String, key: String, value: PropertyValue)], policy: AssociationPolicy = .retain,
        at sceneTime: Double? = nil
    ) throws {
        try database.transaction(at: sceneTime) { transaction in
            var writer = AssociationWriter(transaction)
            for item in items { _ = try writer.set(item.value, for: item.key, on: item.id, policy: policy) }
        }
    }

    /// Removes one association; returns the objects collected with it.
    @discardableResult
    package func unset(_ key: String, on id: String, at sceneTime: Double? = nil) throws -> [String] {
        try set(nil, for: key, on: id, at: sceneTime).removed
    }

    /// Removes all of the object's associations (`objc_removeAssociatedObjects`).
    @discardableResult
    package func clear(on id: String, at sceneTime: Double? = nil) throws -> [String] {
        try database.transaction(at: sceneTime) { transaction in try AssociationWriter.clear(on: id, transaction) }
    }
}
