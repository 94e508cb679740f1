import CatalogModel
import CatalogStoreCore

/// Objects and their lifetimes on PostgreSQL (``ObjectStore``).
package struct PostgresObjectStore: ObjectStore {
    let database: PostgresDatabase
    /// The connection this store's statements run on, taken when it was made: one method's
    /// statements (a transaction's among them) run on one connection.
    let session: PostgresSession

    init(database: PostgresDatabase) {
        self.database = database
        session = database.session
    }

    /// Objects with their owners — explicit ones and holders of retaining references — by id,
    /// as a JSON array, in one statement.
    static func listSQL(where condition: String) -> String {
        """
        SELECT o.id, o.type, (
            SELECT COALESCE(json_agg(w.id ORDER BY w.id), '[]')::text FROM object w WHERE w.oid IN (
                SELECT owner_oid FROM object_owner WHERE object_oid = o.oid
                UNION SELECT object_oid FROM association WHERE target_oid = o.oid AND policy IN ('retain', 'copy')))
        FROM object o WHERE \(condition) ORDER BY o.id
        """
    }

    package func addAll(_ objects: [(id: String, type: String, owners: [String])], at sceneTime: Double?) throws {
        for object in objects { try ObjectWrites.check(id: object.id, type: object.type, owners: object.owners) }
        try database.transaction(at: sceneTime) { transaction in
            for object in objects { try ObjectWrites.add(id: object.id, type: object.type, owners: object.owners, transaction) }
        }
    }

    package func get(_ id: String) throws -> StoredObject? {
        try session.query(Self.listSQL(where: "o.id = $1"), [.text(id)]).first.map(Self.object)
    }

    package func forEach(after: String?, limit: Int?, reverse: Bool, _ body: (StoredObject) throws -> Void) throws {
        // A page at a time, so that memory stays flat however many objects there are.
        var cursor = after
        var left = limit ?? .max
        while left > 0 {
            let page = min(left, 2_048)
            var sql = Self.listSQL(where: cursor == nil ? "TRUE" : reverse ? "o.id < $1" : "o.id > $1")
            if reverse { sql += " DESC" }
            sql += " LIMIT \(page)"
            let rows = try session.query(sql, cursor.map { [.text($0)] } ?? [])
            for row in rows { try body(try Self.object(row)) }
            left -= rows.count
            guard rows.count == page, let last = rows.last else { return }
            cursor = try last.text(0)
        }
    }

    package func types(of ids: [String]) throws -> [String: String] {
        guard !ids.isEmpty else { return [:] }
        let json = JSONValue.array(ids.map(JSONValue.string)).canonicalText
        var types: [String: String] = [:]
        for row in try session.query("SELECT id, type FROM object WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))", [.text(json)]) {
            if let id = try row.text(0), let type = try row.text(1) { types[id] = type }
        }
        return types
    }

    package func creationTime(of id: String) throws -> Double? {
        try session.query("SELECT e.scene_time FROM object o JOIN event e ON e.seq = o.created_seq WHERE o.id = $1", [.text(id)]).first?.real(0)
    }

    package func ids() throws -> [String] {
        try session.query("SELECT id FROM object ORDER BY id").compactMap { try $0.text(0) }
    }

    @discardableResult
    package func remove(_ id: String, at sceneTime: Double?) throws -> [String] {
        try database.transaction(at: sceneTime) { try ObjectWrites.remove(id, $0) }
    }

    package func owned(by owner: String, type: String) throws -> [String] {
        try session.query(
            """
            SELECT o.id FROM object_owner w JOIN object o ON o.oid = w.object_oid
            WHERE w.owner_oid = (SELECT oid FROM object WHERE id = $1) AND o.type = $2 ORDER BY o.id
            """, [.text(owner), .text(type)]
        ).compactMap { try $0.text(0) }
    }

    static func object(_ row: SQLRow) throws -> StoredObject {
        StoredObject(id: try row.text(0) ?? "", type: try row.text(1) ?? "", owners: StringListColumn.read(try row.text(2) ?? "[]"))
    }
}
