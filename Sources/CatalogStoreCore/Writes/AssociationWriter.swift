import CatalogModel

/// The write path of one association inside a transaction: validation, `copy` snapshots,
/// the upsert, releasing what the old value owned, and the event row.
package struct AssociationWriter {
    let transaction: any StoreTransaction
    /// Object id → oid, for batches that touch the same objects repeatedly.
    private var oids: [String: Int64] = [:]

    package init(_ transaction: any StoreTransaction) {
        self.transaction = transaction
    }

    package static func isValidKey(_ key: String) -> Bool {
        let utf8 = key.utf8
        guard !utf8.isEmpty, utf8.count <= 200 else { return false }
        // Printable ASCII (the usual key) is decided byte by byte; anything else by Unicode properties.
        if utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return true }
        return key.unicodeScalars.allSatisfy { !$0.properties.isWhitespace && $0.properties.generalCategory != .control }
    }

    private mutating func oid(of id: String) throws -> Int64 {
        if let oid = oids[id] { return oid }
        let oid = try ObjectWrites.oid(of: id, transaction)
        oids[id] = oid
        return oid
    }

    package mutating func set(_ value: PropertyValue?, for key: String, on id: String, policy: AssociationPolicy) throws -> PropertyChange {
        guard Self.isValidKey(key) else { throw StoreError.invalidKey(key) }
        let holder = try oid(of: id)
        if policy == .weak, let value, value.type != .object {
            throw StoreError.invalidPolicy("policy weak applies only to object references (@id), not to a \(value.type.rawValue)")
        }
        // What the old value owned, if anything.
        let old = try transaction.row("SELECT policy, target_oid FROM association WHERE object_oid = ?1 AND key = ?2", [.integer(holder), .text(key)])
        let hadOld = old != nil
        var released: Set<Int64> = []
        if let old, let target = old[1].integer, AssociationPolicy(rawValue: old[0].text ?? "")?.owns == true {
            released.insert(target)
        }

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
                    try transaction.execute("SAVEPOINT release_before_copy")
                    try transaction.execute("DELETE FROM association WHERE object_oid = ?1 AND key = ?2", [.integer(holder), .text(key)])
                    let collected = try Ownership.collect(candidates: released, transaction)
                    if try ObjectWrites.exists(target, transaction) {
                        releasedEarly = collected
                        released = []
                    } else {
                        try transaction.execute("ROLLBACK TO SAVEPOINT release_before_copy")
                    }
                    try transaction.execute("RELEASE SAVEPOINT release_before_copy")
                }
                var copier = ObjectCopier(transaction: transaction, seq: try transaction.nextSeq())
                let copy = try copier.copy(target, as: ObjectCopier.idFor(holder: id, key: key))
                copyID = copy.id
                targetOID = copy.oid
                stored = .object(copy.id)
            } else {
                targetOID = target
            }
        }

        if let stored {
            try transaction.execute("""
                INSERT INTO association (object_oid, key, type, value, target_oid, policy) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (object_oid, key) DO UPDATE SET
                    type = excluded.type, value = excluded.value, target_oid = excluded.target_oid, policy = excluded.policy
                """, [.integer(holder), .text(key), .text(stored.type.rawValue), transaction.encode(stored), .integer(targetOID), .text(policy.rawValue)])
        } else if hadOld {
            try transaction.execute("DELETE FROM association WHERE object_oid = ?1 AND key = ?2", [.integer(holder), .text(key)])
        }
        if let targetOID { released.remove(targetOID) }
        let removed = releasedEarly + (try Ownership.collect(candidates: released, transaction))
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
            try transaction.append(.propertySet, object: id, payloadText: JSONValue.canonicalText(ofSortedMembers: payload))
        } else {
            try transaction.append(.propertyUnset, object: id, PropertyUnsetPayload(id: id, key: key, removed: removed))
        }
        return PropertyChange(copyID: copyID, removed: removed)
    }

    /// Removes every association of `id`, with its event; returns the ids of objects released.
    package static func clear(on id: String, _ transaction: any StoreTransaction) throws -> [String] {
        let oid = try ObjectWrites.oid(of: id, transaction)
        let keys = try transaction.column("SELECT key FROM association WHERE object_oid = ?1 ORDER BY key", [.integer(oid)]).compactMap(\.text)
        let released = try transaction.column("""
            SELECT target_oid FROM association WHERE object_oid = ?1 AND policy IN ('retain', 'copy') AND target_oid IS NOT NULL
            """, [.integer(oid)]).compactMap(\.integer)
        try transaction.execute("DELETE FROM association WHERE object_oid = ?1", [.integer(oid)])
        let removed = try Ownership.collect(candidates: Set(released), transaction)
        try transaction.append(.propertyClear, object: id, PropertyClearPayload(id: id, keys: keys, removed: removed))
        return removed
    }
}
