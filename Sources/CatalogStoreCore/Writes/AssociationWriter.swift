import CatalogModel

/// The write path of one association inside a transaction: validation, `copy` snapshots,
/// the upsert, releasing what the old value owned, and the event row.
package struct AssociationWriter {
    let transaction: any StoreTransaction
    /// Object id → oid, for batches that touch the same objects repeatedly.
    private var oids: [String: Int64] = [:]
    /// What each holder's associations own (key → the oid its value owns: `retain` or `copy`
    /// of an object), for holders this writer created or set more than once; kept as it sets them.
    private var owned: [Int64: [String: Int64]] = [:]
    /// Holders set once, whose one old row was read: a second set reads all their owning rows.
    private var readOnce: Set<Int64> = []

    package init(_ transaction: any StoreTransaction) {
        self.transaction = transaction
    }

    /// Records that `oid` was created in this transaction: it has no associations, so its first
    /// sets read no old value (a bulk import of new objects and their properties).
    package mutating func created(_ oid: Int64) {
        owned[oid] = [:]
    }

    /// The oid the association `key` of `holder` owns now, if any. A holder set once reads its
    /// one row, as a single `prop set` does; from its second set on, its owning rows are read
    /// once and then kept here, so a bulk import of many keys per object reads no old value per
    /// row (measured: `import_properties`).
    private mutating func ownedTarget(of holder: Int64, key: String) throws -> Int64? {
        if let targets = owned[holder] { return targets[key] }
        if readOnce.contains(holder) {
            var targets: [String: Int64] = [:]
            for row in try transaction.rows(
                """
                SELECT key, target_oid FROM association WHERE object_oid = ?1 AND policy IN ('retain', 'copy') AND target_oid IS NOT NULL
                """, [.integer(holder)])
            {
                if let key = row[0].text, let target = row[1].integer { targets[key] = target }
            }
            owned[holder] = targets
            return targets[key]
        }
        readOnce.insert(holder)
        let old = try transaction.row("SELECT policy, target_oid FROM association WHERE object_oid = ?1 AND key = ?2", [.integer(holder), .text(key)])
        guard let old, let target = old[1].integer, AssociationPolicy(rawValue: old[0].text ?? "")?.owns == true else { return nil }
        return target
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
        var released: Set<Int64> = []
        if let target = try ownedTarget(of: holder, key: key) { released.insert(target) }

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
            try transaction.execute(
                """
                INSERT INTO association (object_oid, key, type, value, target_oid, policy) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (object_oid, key) DO UPDATE SET
                    type = excluded.type, value = excluded.value, target_oid = excluded.target_oid, policy = excluded.policy
                """, [.integer(holder), .text(key), .text(stored.type.rawValue), transaction.encode(stored), .integer(targetOID), .text(policy.rawValue)])
        } else {
            try transaction.execute("DELETE FROM association WHERE object_oid = ?1 AND key = ?2", [.integer(holder), .text(key)])
        }
        owned[holder]?[key] = stored != nil && policy.owns ? targetOID : nil  // in place: no copy of the holder's keys
        if let targetOID { released.remove(targetOID) }
        let removed = releasedEarly + (try Ownership.collect(candidates: released, transaction))
        for gone in removed { oids[gone] = nil }

        if let value {
            let payload = PropertySetPayload(
                id: id, key: key, type: value.type.rawValue, value: value.jsonValue, policy: policy,
                copy: copyID, removed: removed)
            try transaction.append(.propertySet, object: id, payloadText: payload.canonicalText)
        } else {
            try transaction.append(.propertyUnset, object: id, PropertyUnsetPayload(id: id, key: key, removed: removed))
        }
        return PropertyChange(copyID: copyID, removed: removed)
    }

    /// Removes every association of `id`, with its event; returns the ids of objects released.
    package static func clear(on id: String, _ transaction: any StoreTransaction) throws -> [String] {
        let oid = try ObjectWrites.oid(of: id, transaction)
        let keys = try transaction.column("SELECT key FROM association WHERE object_oid = ?1 ORDER BY key", [.integer(oid)]).compactMap(\.text)
        let released = try transaction.column(
            """
            SELECT target_oid FROM association WHERE object_oid = ?1 AND policy IN ('retain', 'copy') AND target_oid IS NOT NULL
            """, [.integer(oid)]
        ).compactMap(\.integer)
        try transaction.execute("DELETE FROM association WHERE object_oid = ?1", [.integer(oid)])
        let removed = try Ownership.collect(candidates: Set(released), transaction)
        try transaction.append(.propertyClear, object: id, PropertyClearPayload(id: id, keys: keys, removed: removed))
        return removed
    }
}
