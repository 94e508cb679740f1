import CatalogModel
import CatalogStoreCore

/// Components and their history on PostgreSQL (``ComponentStore``): the shared write rules,
/// PostgreSQL's reads; full-text search through the `search` tsvector.
package struct PostgresComponentStore: ComponentStore {
    let database: PostgresDatabase
    /// The connection this store's statements run on, taken when it was made: one method's
    /// statements (a transaction's among them) run on one connection.
    let session: PostgresSession

    init(database: PostgresDatabase) {
        self.database = database
        session = database.session
    }

    static let columns = StoreSchema.componentColumns
    static let current = "component c JOIN component_version v ON v.id = c.current_version_id"

    @discardableResult
    package func add(_ definitions: [ComponentDefinition], at sceneTime: Double?) throws -> [AddOutcome] {
        try database.transaction(at: sceneTime) { try ComponentWrites.add(definitions, $0) }
    }

    package func get(_ reference: ComponentReference) throws -> StoredComponent? { try get(reference.name, version: reference.version) }

    package func get(_ name: String, version: String?) throws -> StoredComponent? {
        if let version {
            return try fetch("SELECT \(Self.columns) FROM component_version v WHERE v.name = $1 AND v.version = $2", [.text(name), .text(version)]).first
        }
        return try fetch("SELECT \(Self.columns) FROM \(Self.current) WHERE c.name = $1", [.text(name)]).first
    }

    package func list(kind: ComponentKind?, tag: String?, after: String?, limit: Int?, reverse: Bool) throws -> [StoredComponent] {
        var conditions = ["TRUE"], values: [SQLValue] = []
        if let after {
            values.append(.text(after))
            conditions.append("c.name \(reverse ? "<" : ">") $\(values.count)")
        }
        if let kind {
            values.append(.text(kind.rawValue))
            conditions.append("v.kind = $\(values.count)")
        } else {
            conditions.append("v.kind <> 'tokens'")  // token sets list on their own (kind: .tokens)
        }
        if let tag {
            values.append(.text(tag))
            conditions.append("c.name IN (SELECT name FROM component_tag WHERE tag = $\(values.count))")
        }
        var sql = "SELECT \(Self.columns) FROM \(Self.current) WHERE \(conditions.joined(separator: " AND ")) ORDER BY c.name\(reverse ? " DESC" : "")"
        if let limit { sql += " LIMIT \(max(0, limit))" }
        return try fetch(sql, values)
    }

    package func history(_ name: String) throws -> [StoredComponent] {
        try fetch("SELECT \(Self.columns) FROM component_version v WHERE v.name = $1", [.text(name)]).oldestFirst()
    }

    package func tableStamp() throws -> String {
        // Kept until a commit is announced (here, or by `NOTIFY` from elsewhere), outside a
        // transaction: inside one its own changes are not announced yet.
        guard database.scope == nil, database.propertyCache.isAvailable(database.endpoint) else { return try queriedTableStamp() }
        if let kept = database.propertyCache.keptComponentStamp { return kept }
        let generation = database.propertyCache.currentGeneration
        let stamp = try queriedTableStamp()
        database.propertyCache.keepComponentStamp(stamp, seenAt: generation)
        return stamp
    }

    package func keptTableStamp() -> String? {
        database.scope == nil ? database.propertyCache.keptComponentStamp : nil
    }

    private func queriedTableStamp() throws -> String {
        // Every change to the table moves the generation (a trigger, Migrations/postgres/0003).
        guard let row = try session.query("SELECT value FROM component_generation WHERE id = 1").first else { return "" }
        return "g\(try row.integer(0) ?? 0)"
    }

    package func names() throws -> [String] {
        try session.query("SELECT name FROM component ORDER BY name").compactMap { try $0.text(0) }
    }

    /// Every word of the text must match the start of a word of the name, summary or tags
    /// (as SQLite's prefix queries do), ranked as SQLite ranks (``SearchQuery/rankingWeights``).
    package func search(_ text: String, limit: Int) throws -> [StoredComponent] {
        // The index holds folded words; the query's words are folded the same way.
        let words = SearchQuery(text).words.flatMap { SearchQuery(SearchQuery.folded($0)).words }
        guard !words.isEmpty else { return [] }
        // Each word a quoted prefix lexeme: words hold only letters and digits, so the user's
        // text never reads as tsquery syntax.
        let query = words.map { "'\($0)':*" }.joined(separator: " & ")
        // Ranked as on SQLite (SearchQuery.rankingWeights): where all the words are found.
        let weights = SearchQuery.rankingWeights
        return try fetch(
            """
            SELECT \(Self.columns) FROM \(Self.current)
            WHERE v.search @@ to_tsquery('simple', $1) AND v.kind <> 'tokens'
            ORDER BY (to_tsvector('simple', v.search_name) @@ to_tsquery('simple', $1))::int * \(weights.name)
                   + (to_tsvector('simple', v.search_tags) @@ to_tsquery('simple', $1))::int * \(weights.tags)
                   + (to_tsvector('simple', v.search_summary) @@ to_tsquery('simple', $1))::int * \(weights.summary) DESC, c.name
            LIMIT \(max(1, limit))
            """, [.text(query)])
    }

    package func remove(_ name: String, at sceneTime: Double?) throws {
        try database.transaction(at: sceneTime) { try ComponentWrites.remove(name, $0) }
    }

    package func builtInsAreCurrent(fingerprint: String) throws -> Bool {
        try session.query("SELECT value FROM setting WHERE key = $1", [.text(ComponentWrites.fingerprintKey)]).first?.text(0) == fingerprint
    }

    @discardableResult
    package func loadBuiltIns(fingerprint: String, definitions: () throws -> [ComponentDefinition]) throws -> [AddOutcome] {
        guard try !builtInsAreCurrent(fingerprint: fingerprint) else { return [] }
        let definitions = try definitions()
        return try database.transaction(at: nil) { try ComponentWrites.loadBuiltIns(fingerprint: fingerprint, definitions: definitions, $0) }
    }

    private func fetch(_ sql: String, _ values: [SQLValue]) throws -> [StoredComponent] {
        try session.query(sql, values).map { row in
            StoredComponent(
                name: try row.text(0) ?? "", version: try row.text(1) ?? "", kind: ComponentKind(rawValue: try row.text(2) ?? "") ?? .animation,
                summary: try row.text(3) ?? "", tags: StringListColumn.read(try row.text(4) ?? "[]"), contentHash: try row.text(5) ?? "",
                definition: try row.text(6) ?? "", addedSeq: try row.integer(7) ?? 0)
        }
    }
}
