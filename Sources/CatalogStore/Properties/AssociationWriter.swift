import CatalogModel
import GRDB

/// The write path of one association inside a transaction: validation, `copy` snapshots,
/// the upsert, releasing what the old value owned, and the event row.
package struct AssociationWriter {
    let db: Database
    let events: EventWriter
    /// Object id → oid, for batches that touch the same objects repeatedly.
    private var oids: [String: Int64] = [:]

    init(db: Database, events: EventWriter) {
        self.db = db
        self.events = events
    }

    public static func isValidKey(_ key: String) -> Bool {
        let utf8 = key.utf8
        guard !utf8.isEmpty, utf8.count <= 200 else { return false }
        // Printable ASCII (the usual key) is decided byte by byte; anything else by Unicode properties.
        if utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return true }
        return key.unicodeScalars.allSatisfy { !$0.properties.isWhitespace && $0.properties.generalCategory != .control }
    }

    private mutating func oid(of id: String) throws -> Int64 {
        if let oid = oids[id] { return oid }
        let oid = try ObjectRepository.oid(of: id, db)
        oids[id] = oid
        return oid
    }

    mutating func set(_ value: PropertyValue?, for key: String, on id: String, policy: AssociationPolicy) throws -> PropertyChange {
        guard Self.isValidKey(key) else { throw StoreError.invalidKey(key) }
        let holder = try oid(of: id)
        if policy == .weak, let value, value.type != .object {
            throw StoreError.invalidPolicy("policy weak applies only to object references (@id), not to a \(value.type.rawValue)")
        }
        // What the old value owned, if anything (read through the C API: this is the hot path).
        let oldStatement = RawStatement(try db.cachedStatement(sql: "SELECT policy, target_oid FROM association WHERE object_oid = ? AND key = ?"))
        oldStatement.bind(1, holder)
        oldStatement.bind(2, key)
        let hadOld = try oldStatement.step()
        var released: Set<Int64> = []
        if hadOld, !oldStatement.isNull(1), AssociationPolicy(rawValue: oldStatement.text(0) ?? "")?.owns == true {
            released.insert(oldStatement.int64(1))
        }
        oldStatement.reset()

        var stored = value
        var targetOID: Int64?
        var copyID: String?
        var releasedEarly: [String] = []
        if case .object(let targetID) = value {
            let target = try oid(of: targetID)
            if policy == .copy {
                // Release the previous copy first, so its id can be reused by the new one —
                // unless that takes the object to copy with it (a copy of the copy, or of
                // something only it owns): then the copy is made first and the release follows.
                if !released.isEmpty {
                    try db.execute(sql: "SAVEPOINT release_before_copy")
                    try db.execute(sql: "DELETE FROM association WHERE object_oid = ? AND key = ?", arguments: [holder, key])
                    let collected = try Ownership.collect(candidates: released, db)
                    if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM object WHERE oid = ?)", arguments: [target]) == true {
                        releasedEarly = collected
                        released = []
                    } else {
                        try db.execute(sql: "ROLLBACK TO release_before_copy")
                    }
                    try db.execute(sql: "RELEASE release_before_copy")
                }
                var copier = ObjectCopier(db: db, seq: try nextSeq())
                let copy = try copier.copy(target, as: ObjectCopier.idFor(holder: id, key: key))
                copyID = copy.id
                targetOID = copy.oid
                stored = .object(copy.id)
            } else {
                targetOID = target
            }
        }

        if let stored {
            let upsert = RawStatement(try db.cachedStatement(sql: """
                INSERT INTO association (object_oid, key, type, value, target_oid, policy) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (object_oid, key) DO UPDATE SET
                    type = excluded.type, value = excluded.value, target_oid = excluded.target_oid, policy = excluded.policy
                """))
            upsert.bind(1, holder)
            upsert.bind(2, key)
            upsert.bind(3, stored.type.rawValue)
            upsert.bind(4, ValueColumns.encode(stored))
            upsert.bind(5, targetOID)
            upsert.bind(6, policy.rawValue)
            defer { upsert.reset() }
            try upsert.step()
        } else if hadOld {
            try db.cachedStatement(sql: "DELETE FROM association WHERE object_oid = ? AND key = ?").execute(arguments: [holder, key])
        }
        if let targetOID { released.remove(targetOID) }
        let removed = releasedEarly + (try Ownership.collect(candidates: released, db))
        for gone in removed { oids[gone] = nil }

        if let value {
            // Members in key order: the hot path writes the canonical text without a dictionary.
            var payload: [(String, JSONValue)] = []
            payload.reserveCapacity(7)
            if let copyID { payload.append(("copy", .string(copyID))) }
            payload.append(("id", .string(id)))
            payload.append(("key", .string(key)))
            payload.append(("policy", .string(policy.rawValue)))
            if !removed.isEmpty { payload.append(("removed", .array(removed.map(JSONValue.string)))) }
            payload.append(("type", .string(value.type.rawValue)))
            payload.append(("value", value.jsonValue))
            try events.append(.propertySet, object: id, payloadText: JSONValue.canonicalText(ofSortedMembers: payload))
        } else {
            try events.append(.propertyUnset, object: id, payload: [
                "id": .string(id), "key": .string(key), "removed": .array(removed.map(JSONValue.string)),
            ])
        }
        return PropertyChange(copyID: copyID, removed: removed)
    }

    /// The sequence number the next event row will get (objects record their creating event).
    private func nextSeq() throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(MAX(seq), 0) + 1 FROM event")) ?? 1
    }
}
