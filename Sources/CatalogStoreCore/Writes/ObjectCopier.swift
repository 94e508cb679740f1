import CatalogModel

/// Deep-copies an object for the `copy` policy: a new object of the same type with the same
/// associations; objects the original owns are copied too (a shared one once), weak references
/// and plain values are copied as they are. The copy has no explicit owner: the association
/// that holds it owns it.
struct ObjectCopier {
    let transaction: any StoreTransaction
    let seq: Int64
    private var copies: [Int64: (oid: Int64, id: String)] = [:]

    init(transaction: any StoreTransaction, seq: Int64) {
        self.transaction = transaction
        self.seq = seq
    }

    /// `holder/key`, with characters an id cannot hold replaced by `_`.
    static func idFor(holder: String, key: String) -> String {
        let safeKey = String(key.unicodeScalars.map { ObjectID.isValid("a" + String($0)) ? Character($0) : "_" })
        return "\(holder)/\(safeKey)"
    }

    mutating func copy(_ source: Int64, as preferredID: String) throws -> (oid: Int64, id: String) {
        if let done = copies[source] { return done }
        let type = try transaction.row("SELECT type FROM object WHERE oid = ?1", [.integer(source)])?.first?.text ?? ""
        var id = preferredID
        var suffix = 2
        while try ObjectWrites.oidIfExists(of: id, transaction) != nil {
            id = "\(preferredID)~\(suffix)"
            suffix += 1
        }
        let copy = (oid: try ObjectWrites.insert(id: id, type: type, seq: seq, transaction), id: id)
        copies[source] = copy
        let rows = try transaction.rows("SELECT key, type, value, target_oid, policy FROM association WHERE object_oid = ?1 ORDER BY key", [.integer(source)])
        for row in rows {
            let key = row[0].text ?? ""
            var value = row[2]
            var target = row[3].integer
            let policy = AssociationPolicy(rawValue: row[4].text ?? "") ?? .retain
            if let owned = target, policy.owns, try ObjectWrites.exists(owned, transaction) {
                let child = try self.copy(owned, as: Self.idFor(holder: id, key: key))
                target = child.oid
                value = .text(child.id)
            }
            try transaction.execute(
                "INSERT INTO association (object_oid, key, type, value, target_oid, policy) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                [.integer(copy.oid), .text(key), row[1], value, .integer(target), .text(policy.rawValue)])
        }
        return copy
    }
}
