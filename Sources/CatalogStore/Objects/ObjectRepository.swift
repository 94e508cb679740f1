import CatalogModel
import CatalogStoreCore
import GRDB

/// Objects of the scene and their lifetimes.
///
/// ```swift
/// try database.objects.add(id: "field-1", type: "textField")
/// try database.objects.add(id: "label-1", type: "label", owners: ["field-1"])
/// try database.objects.remove("field-1")   // label-1 goes too: field-1 was its only owner
/// ```
package struct ObjectRepository: Sendable {
    let database: CatalogDatabase

    /// Creates an object. Owners must exist; the new object is deleted with its last owner.
    package func add(id: String, type: String, owners: [String] = [], at sceneTime: Double? = nil) throws {
        try addAll([(id, type, owners)], at: sceneTime)
    }

    /// Creates many objects in one transaction, in order (an owner may be one added before it),
    /// one `object.add` event each: all or nothing.
    package func addAll(_ objects: [(id: String, type: String, owners: [String])], at sceneTime: Double? = nil) throws {
        for object in objects { try ObjectWrites.check(id: object.id, type: object.type, owners: object.owners) }
        try database.transaction(at: sceneTime) { transaction in
            for object in objects { try ObjectWrites.add(id: object.id, type: object.type, owners: object.owners, transaction) }
        }
    }

    /// The object, or nil.
    package func get(_ id: String) throws -> StoredObject? {
        try database.read { db in try Self.fetch(db, where: "o.id = ?", [id]).first }
    }

    /// All objects, by id.
    package func list() throws -> [StoredObject] {
        var objects: [StoredObject] = []
        try forEach { objects.append($0) }
        return objects
    }

    /// Calls `body` with each object, by id, as it is read (memory stays flat): those after
    /// `after` (a cursor: the last id of the previous page; before it with `reverse`, which
    /// lists the last id first), at most `limit`.
    package func forEach(after: String? = nil, limit: Int? = nil, reverse: Bool = false, _ body: (StoredObject) throws -> Void) throws {
        try database.read { db in
            var sql = Self.listSQL(where: after == nil ? "1" : reverse ? "o.id < ?" : "o.id > ?")
            if reverse { sql += " DESC" }
            if limit != nil { sql += " LIMIT ?" }
            var arguments: StatementArguments = []
            if let after { arguments += [after] }
            if let limit { arguments += [limit] }
            let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
            while let row = try rows.next() { try body(Self.object(row)) }
        }
    }

    /// At most `limit` objects after `after`, in id order, with their owners. The owners of the
    /// whole page are read by one statement: the per-object owner subquery of ``listSQL(where:)``
    /// (a union, sorted and aggregated for every object) was two fifths of hashing a store.
    package func page(after: String?, limit: Int) throws -> [StoredObject] {
        try database.read { db in
            let objects = RawStatement(try db.cachedStatement(sql: Self.pageSQL))
            defer { objects.reset() }
            objects.bind(1, after ?? "")
            objects.bind(2, Int64(limit))
            var page: [StoredObject] = []
            var rowOfOid: [Int64: Int] = [:]
            while try objects.step() {
                rowOfOid[objects.int64(0)] = page.count
                page.append(StoredObject(id: objects.text(1) ?? "", type: objects.text(2) ?? "", owners: []))
            }
            guard !page.isEmpty else { return [] }
            let owners = RawStatement(try db.cachedStatement(sql: Self.pageOwnersSQL))
            defer { owners.reset() }
            owners.bind(1, "[" + rowOfOid.keys.map(String.init).joined(separator: ",") + "]")
            while try owners.step() {
                if let row = rowOfOid[owners.int64(0)] { page[row].owners.append(owners.text(1) ?? "") }
            }
            return page
        }
    }

    /// The types of those of `ids` that exist, by one statement over the JSON array of them.
    package func types(of ids: [String]) throws -> [String: String] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { db in
            let statement = RawStatement(try db.cachedStatement(sql: Self.typesSQL))
            defer { statement.reset() }
            statement.bind(1, JSONValue.array(ids.map(JSONValue.string)).canonicalText)
            var types: [String: String] = [:]
            types.reserveCapacity(ids.count)
            while try statement.step() { types[statement.text(0) ?? ""] = statement.text(1) ?? "" }
            return types
        }
    }

    /// The id and type of each object whose id is in the JSON array `?1`.
    static let typesSQL = "SELECT id, type FROM object WHERE id IN (SELECT value FROM json_each(?1))"

    /// A page of objects by id (`id > ''` from the first: ids are never empty).
    static let pageSQL = "SELECT oid, id, type FROM object WHERE id > ? ORDER BY id LIMIT ?"

    /// The owners of a JSON array of objects' oids, as ``listSQL(where:)`` reads them one object
    /// at a time (explicit owners and retaining references), by object then owner id.
    static let pageOwnersSQL = """
        SELECT x.object_oid, w.id FROM (
            SELECT object_oid, owner_oid AS owner FROM object_owner WHERE object_oid IN (SELECT value FROM json_each(?1))
            UNION SELECT target_oid, object_oid FROM association
            WHERE target_oid IN (SELECT value FROM json_each(?1)) AND policy IN ('retain', 'copy')) x
        JOIN object w ON w.oid = x.owner ORDER BY x.object_oid, w.id
        """

    /// The scene time the object as it exists now was created (its latest `object.add`); nil
    /// when there is no such object.
    package func creationTime(of id: String) throws -> Double? {
        try database.read { db in try Double.fetchOne(db.cachedStatement(sql: Self.creationTimeSQL), arguments: [id]) }
    }

    static let creationTimeSQL = "SELECT e.scene_time FROM object o JOIN event e ON e.seq = o.created_seq WHERE o.id = ?"

    /// Ids of all objects (for shell completion).
    package func ids() throws -> [String] {
        try database.read { db in try String.fetchAll(db, sql: "SELECT id FROM object ORDER BY id") }
    }

    /// Deletes the object, its associations, and — in the same transaction — every object it
    /// alone owned, recursively. Weak references to any of them read as absent afterwards.
    /// Returns the ids deleted, the object itself first.
    @discardableResult
    package func remove(_ id: String, at sceneTime: Double? = nil) throws -> [String] {
        try database.transaction(at: sceneTime) { transaction in try ObjectWrites.remove(id, transaction) }
    }

    static func oid(of id: String, _ db: Database) throws -> Int64 {
        guard let oid = try oidIfExists(of: id, db) else { throw StoreError.unknownObject(id) }
        return oid
    }

    static func oidIfExists(of id: String, _ db: Database) throws -> Int64? {
        // Through the C API: every property write starts here.
        let statement = RawStatement(try db.cachedStatement(sql: "SELECT oid FROM object WHERE id = ?"))
        statement.bind(1, id)
        defer { statement.reset() }
        return try statement.step() ? statement.int64(0) : nil
    }

    /// Objects with their owners (explicit and retaining associations, by id), in one
    /// statement: listing N objects is one query, not N + 1.
    static func fetch(_ db: Database, where condition: String, _ arguments: StatementArguments) throws -> [StoredObject] {
        try Row.fetchAll(db.cachedStatement(sql: listSQL(where: condition)), arguments: arguments).map(object)
    }

    static func object(_ row: Row) -> StoredObject {
        StoredObject(id: row[0], type: row[1], owners: StringListColumn.read(row[2]))
    }

    static func listSQL(where condition: String) -> String {
        """
        SELECT o.id, o.type, (
            SELECT json_group_array(id) FROM (
                SELECT w.id FROM object w WHERE w.oid IN (
                    SELECT owner_oid FROM object_owner WHERE object_oid = o.oid
                    UNION SELECT object_oid FROM association WHERE target_oid = o.oid AND policy IN ('retain', 'copy'))
                ORDER BY w.id))
        FROM object o WHERE \(condition) ORDER BY o.id
        """
    }

    /// The objects `owner` owns explicitly (`--owner`) whose type is `type`, by id: a decorator's
    /// owner finds its decorators through the owner index, not by listing every object.
    package func owned(by owner: String, type: String) throws -> [String] {
        try database.read { db in
            try String.fetchAll(db.cachedStatement(sql: Self.ownedSQL), arguments: [owner, type])
        }
    }

    static let ownedSQL = """
        SELECT o.id FROM object_owner w JOIN object o ON o.oid = w.object_oid
        WHERE w.owner_oid = (SELECT oid FROM object WHERE id = ?) AND o.type = ? ORDER BY o.id
        """
}
