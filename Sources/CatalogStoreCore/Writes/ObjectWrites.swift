import CatalogModel

/// Objects added and looked up inside a write transaction of either backend: the rules every
/// write that creates or names an object follows.
package enum ObjectWrites {
    package static func check(id: String, type: String, owners: [String]) throws {
        guard ObjectID.isValid(id) else { throw StoreError.invalidObjectID(id) }
        guard isValidType(type) else { throw StoreError.invalidType(type) }
        guard !owners.contains(id) else { throw StoreError.ownsItself(id) }
    }

    package static func isValidType(_ type: String) -> Bool {
        guard let first = type.unicodeScalars.first, type.utf8.count <= 100,
            ("a"..."z").contains(first) || ("A"..."Z").contains(first)
        else { return false }
        return type.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }
    }

    /// One object added, with its event; returns its oid.
    @discardableResult
    package static func add(id: String, type: String, owners: [String], _ transaction: any StoreTransaction) throws -> Int64 {
        let seq = try transaction.append(.objectAdd, object: id, payloadText: ObjectAddPayload(id: id, type: type, owners: owners).canonicalText)
        let oid = try insert(id: id, type: type, seq: seq, transaction)
        for owner in Set(owners).sorted() {
            try transaction.execute(
                "INSERT INTO object_owner (object_oid, owner_oid) VALUES (?1, ?2)", [.integer(oid), .integer(try Self.oid(of: owner, transaction))])
        }
        return oid
    }

    /// Inserts the object row (no event: the caller logs); returns its oid.
    package static func insert(id: String, type: String, seq: Int64, _ transaction: any StoreTransaction) throws -> Int64 {
        guard try oidIfExists(of: id, transaction) == nil else { throw StoreError.objectExists(id) }
        let row = try transaction.row("INSERT INTO object (id, type, created_seq) VALUES (?1, ?2, ?3) RETURNING oid", [.text(id), .text(type), .integer(seq)])
        return row?.first?.integer ?? 0
    }

    /// Deletes the object and what it alone owned, with its event; returns the ids deleted,
    /// the object itself first.
    package static func remove(_ id: String, _ transaction: any StoreTransaction) throws -> [String] {
        let oid = try Self.oid(of: id, transaction)
        let children = Set(try Ownership.children(of: oid, transaction))
        try transaction.execute("DELETE FROM object WHERE oid = ?1", [.integer(oid)])
        let collected = try Ownership.collect(candidates: children, transaction)
        try transaction.append(.objectRemove, object: id, ObjectRemovePayload(id: id, removed: collected))
        return [id] + collected
    }

    package static func oid(of id: String, _ transaction: any StoreTransaction) throws -> Int64 {
        guard let oid = try oidIfExists(of: id, transaction) else { throw StoreError.unknownObject(id) }
        return oid
    }

    package static func oidIfExists(of id: String, _ transaction: any StoreTransaction) throws -> Int64? {
        try transaction.row("SELECT oid FROM object WHERE id = ?1", [.text(id)])?.first?.integer
    }

    package static func exists(_ oid: Int64, _ transaction: any StoreTransaction) throws -> Bool {
        try transaction.exists("SELECT EXISTS (SELECT 1 FROM object WHERE oid = ?1)", [.integer(oid)])
    }

    /// Declares (or redeclares) a custom type, with its event. Built-in type names are refused.
    package static func declareType(_ name: String, properties: [String: ValueType], _ transaction: any StoreTransaction) throws {
        guard isValidType(name) else { throw StoreError.invalidType(name) }
        guard ObjectType.builtIn[name] == nil else { throw StoreError.builtInType(name) }
        let json = JSONValue.object(properties.mapValues { .string($0.rawValue) })
        try transaction.execute(
            "INSERT INTO object_type (name, properties) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET properties = excluded.properties",
            [.text(name), .text(json.canonicalText)])
        try transaction.append(.typeDeclare, object: nil, TypeDeclarePayload(name: name, properties: properties))
    }
}
