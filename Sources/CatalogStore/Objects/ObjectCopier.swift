import CatalogModel
import GRDB

/// Deep-copies an object for the `copy` policy: a new object of the same type with the same
/// associations; objects the original owns are copied too (a shared one once), weak references
/// and plain values are copied as they are. The copy has no explicit owner: the association
/// that holds it owns it.
struct ObjectCopier {
    let db: Database
    let seq: Int64
    private var copies: [Int64: (oid: Int64, id: String)] = [:]

    init(db: Database, seq: Int64) {
        self.db = db
        self.seq = seq
    }

    /// `holder/key`, with characters an id cannot hold replaced by `_`.
    static func idFor(holder: String, key: String) -> String {
        let safeKey = String(key.unicodeScalars.map { ObjectID.isValid("a" + String($0)) ? Character($0) : "_" })
        return "\(holder)/\(safeKey)"
    }

    mutating func copy(_ source: Int64, as preferredID: String) throws -> (oid: Int64, id: String) {
        if let done = copies[source] { return done }
        let type = try String.fetchOne(db, sql: "SELECT type FROM object WHERE oid = ?", arguments: [source])!
        var id = preferredID
        var suffix = 2
        while try ObjectRepository.oidIfExists(of: id, db) != nil {
            id = "\(preferredID)~\(suffix)"
            suffix += 1
        }
        try ObjectRepository.insert(id: id, type: type, seq: seq, db)
        let copy = (oid: db.lastInsertedRowID, id: id)
        copies[source] = copy
        let rows = try Row.fetchAll(db, sql: """
            SELECT key, type, value, target_oid, policy FROM association WHERE object_oid = ? ORDER BY key
            """, arguments: [source])
        for row in rows {
            let key: String = row[0]
            var value: DatabaseValue = row[2]
            var target: Int64? = row[3]
            let policy = AssociationPolicy(rawValue: row[4])!
            if let owned = target, policy.owns,
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM object WHERE oid = ?)", arguments: [owned]) == true
            {
                let child = try self.copy(owned, as: Self.idFor(holder: id, key: key))
                target = child.oid
                value = child.id.databaseValue
            }
            try db.execute(sql: """
                INSERT INTO association (object_oid, key, type, value, target_oid, policy) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [copy.oid, key, row[1] as String, value, target, policy.rawValue])
        }
        return copy
    }
}
