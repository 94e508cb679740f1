import CatalogModel
import CatalogStoreCore

/// Associated properties on PostgreSQL (``PropertyStore``): the shared write rules; every read
/// goes to the server, so another machine's write is seen at once.
package struct PostgresPropertyStore: PropertyStore {
    let database: PostgresDatabase
    /// The connection this store's statements run on, taken when it was made: one method's
    /// statements (a transaction's among them) run on one connection.
    let session: PostgresSession

    init(database: PostgresDatabase) {
        self.database = database
        session = database.session
    }

    /// SQLite's point read, word for word.
    static let readSQL = PostgresDialect.translate(StoreSchema.propertyReadSQL)

    /// Served from the handle's cache when it holds the value (see ``PostgresPropertyCache``).
    package func value(for key: String, on id: String) throws -> PropertyValue? {
        let cache = database.propertyCache
        // Inside a transaction the cache is neither read nor filled: it holds committed values,
        // and the transaction sees its own writes, which may yet roll back.
        guard database.scope == nil else { return try association(for: key, on: id)?.value }
        let cacheKey = PostgresPropertyCache.Key(object: id, key: key)
        var lookup = cache.lookup(cacheKey)
        if case .off = lookup, cache.isAvailable(database.endpoint) { lookup = cache.lookup(cacheKey) }
        switch lookup {
        case .hit(let value): return value
        case .off: return try association(for: key, on: id)?.value
        case .miss(let generation):
            let value = try association(for: key, on: id)?.value
            cache.afterRead?()
            cache.store(value, for: cacheKey, seenAt: generation)
            return value
        }
    }

    package func uncachedValue(for key: String, on id: String) throws -> PropertyValue? { try association(for: key, on: id)?.value }

    package func association(for key: String, on id: String) throws -> Association? {
        guard let row = try session.query(Self.readSQL, [.text(id), .text(key)]).first else { throw StoreError.unknownObject(id) }
        return try Self.association(key: key, type: row.text(1), value: row.text(2), policy: row.text(3), live: row.bool(4))
    }

    package func list(on id: String) throws -> [Association] {
        guard let lists = try list(on: [id])[id] else { throw StoreError.unknownObject(id) }
        return lists
    }

    package func list(on ids: [String]) throws -> [String: [Association]] {
        guard !ids.isEmpty else { return [:] }
        var lists: [String: [Association]] = [:]
        for row in try session.query("SELECT id FROM object WHERE id = ANY($1::text[])", [.text(PostgresDialect.textArray(ids))]) {
            lists[try row.text(0) ?? ""] = []
        }
        let rows = try session.query(
            """
            SELECT o.id, a.key, a.type, a.value, a.policy,
                   a.target_oid IS NULL OR EXISTS (SELECT 1 FROM object t WHERE t.oid = a.target_oid)
            FROM object o JOIN association a ON a.object_oid = o.oid WHERE o.id = ANY($1::text[]) ORDER BY o.id, a.key
            """, [.text(PostgresDialect.textArray(ids))])
        for row in rows {
            let key = try row.text(1) ?? ""
            if let association = try Self.association(key: key, type: row.text(2), value: row.text(3), policy: row.text(4), live: row.bool(5)) {
                lists[try row.text(0) ?? "", default: []].append(association)
            }
        }
        return lists
    }

    @discardableResult
    package func set(_ value: PropertyValue?, for key: String, on id: String, policy: AssociationPolicy, at sceneTime: Double?) throws -> PropertyChange {
        try database.transaction(at: sceneTime) { transaction in
            var writer = AssociationWriter(transaction)
            return try writer.set(value, for: key, on: id, policy: policy)
        }
    }

    package func setAll(_ items: [(id: String, key: String, value: PropertyValue)], policy: AssociationPolicy, at sceneTime: Double?) throws {
        try database.transaction(at: sceneTime) { transaction in
            var writer = AssociationWriter(transaction)
            for item in items { _ = try writer.set(item.value, for: item.key, on: item.id, policy: policy) }
        }
    }

    @discardableResult
    package func unset(_ key: String, on id: String, at sceneTime: Double?) throws -> [String] {
        try set(nil, for: key, on: id, policy: .retain, at: sceneTime).removed
    }

    @discardableResult
    package func clear(on id: String, at sceneTime: Double?) throws -> [String] {
        try database.transaction(at: sceneTime) { try AssociationWriter.clear(on: id, $0) }
    }

    static func association(key: String, type: String?, value: String?, policy: String?, live: Bool?) -> Association? {
        guard let type = type.flatMap(ValueType.init(rawValue:)), live == true, let value,
            let policy = policy.flatMap(AssociationPolicy.init(rawValue:)),
            let decoded = PostgresValueColumns.decode(type: type, text: value)
        else { return nil }
        return Association(key: key, value: decoded, policy: policy)
    }
}
