import CatalogModel
import CatalogStoreCore
import Foundation
import GRDB

/// Components and their history.
///
/// Adding is all-or-nothing per batch: every definition is checked (version rules, references)
/// before the transaction commits. Identical content is a no-op; changed content needs a higher
/// semantic version; every version stays readable.
///
/// ```swift
/// let outcomes = try database.components.add([definition])
/// let latest = try database.components.get("bounce-select")
/// let old = try database.components.get("bounce-select", version: "1.0.0")
/// ```
package struct ComponentRepository: Sendable {
    let database: CatalogDatabase

    /// The columns every read of a ``StoredComponent`` selects, in its initialiser's order (both backends).
    package static let columns = StoreSchema.componentColumns
    /// The current version of one component by name (the lookup the benchmark measures).
    package static let currentVersionSQL =
        "SELECT \(columns) FROM component c JOIN component_version v ON v.id = c.current_version_id WHERE c.name = ?"
    static let keptVersionSQL = "SELECT \(columns) FROM component_version v WHERE v.name = ? AND v.version = ?"

    /// Adds or updates definitions in one transaction. Throws without writing if any is refused.
    @discardableResult
    package func add(_ definitions: [ComponentDefinition], at sceneTime: Double? = nil) throws -> [AddOutcome] {
        try database.transaction(at: sceneTime) { transaction in try ComponentWrites.add(definitions, transaction) }
    }

    /// The current version of `name`, or the given kept version.
    /// The component a ``ComponentReference`` names (`NAME` or `NAME@VERSION`), if stored.
    package func get(_ reference: ComponentReference) throws -> StoredComponent? {
        try get(reference.name, version: reference.version)
    }

    package func get(_ name: String, version: String? = nil) throws -> StoredComponent? {
        let sql = version == nil ? Self.currentVersionSQL : Self.keptVersionSQL
        let fast = try database.pointReader.withStatement(sql) { statement -> StoredComponent? in
            statement.bind(1, name)
            if let version { statement.bind(2, version) }
            guard try statement.step() else { return nil }
            return Self.component(statement)
        }
        if let fast { return fast }
        return try database.read { db in
            if let version {
                return try Self.fetch(db, where: "v.name = ? AND v.version = ?", [name, version]).first
            }
            return try Self.fetch(db, join: true, where: "c.name = ?", [name]).first
        }
    }

    /// Current versions, by name, optionally filtered by kind and tag.
    /// - Parameters:
    ///   - after: a cursor, the last name of the previous page (names before it with `reverse`).
    ///   - limit: at most this many.
    ///   - reverse: by name, last first.
    package func list(
        kind: ComponentKind? = nil, tag: String? = nil, after: String? = nil, limit: Int? = nil,
        reverse: Bool = false
    ) throws -> [StoredComponent] {
        try database.read { db in
            var conditions = ["1"]
            var arguments: StatementArguments = []
            if let after {
                conditions.append(reverse ? "c.name < ?" : "c.name > ?")
                arguments += [after]
            }
            if let kind {
                conditions.append("v.kind = ?")
                arguments += [kind.rawValue]
            } else {
                conditions.append("v.kind <> 'tokens'")  // token sets list on their own (kind: .tokens)
            }
            if let tag {
                conditions.append("c.name IN (SELECT name FROM component_tag WHERE tag = ?)")
                arguments += [tag]
            }
            var order = reverse ? "c.name DESC" : "c.name"
            if let limit {
                order += " LIMIT ?"
                arguments += [limit]
            }
            return try Self.fetch(db, join: true, where: conditions.joined(separator: " AND "), arguments, order: order)
        }
    }

    /// Every kept version of `name`, oldest first (by semantic version).
    package func history(_ name: String) throws -> [StoredComponent] {
        try database.read { db in try Self.fetch(db, where: "v.name = ?", [name]) }.oldestFirst()
    }

    /// Names of all current components (for shell completion).
    /// Changes whenever a component is added, updated or removed (a generation every change to
    /// the table moves): a cheap key for caches of what the catalog holds.
    package func tableStamp() throws -> String {
        // Outside a transaction the stamp is kept until any commit: a page served from a cache
        // keyed by it costs no query. Inside one, its own changes are not committed yet.
        guard database.scope == nil, database.componentStamp.observer.isAvailable else { return try queriedTableStamp() }
        let (kept, seen) = database.componentStamp.lookup()
        if let kept { return kept }
        let stamp = try queriedTableStamp()
        database.componentStamp.keep(stamp, seenAt: seen)
        return stamp
    }

    /// The stamp, if it is known to hold without reading the database (no commit since it was
    /// read): what a server can answer from a cache on its event loop.
    package func keptTableStamp() -> String? {
        guard database.scope == nil, database.componentStamp.observer.isAvailable else { return nil }
        return database.componentStamp.lookup().stamp
    }

    private func queriedTableStamp() throws -> String {
        // Every change to the table moves the generation (a trigger, Migrations/sqlite/0008).
        let sql = "SELECT value FROM component_generation WHERE id = 1"
        // The point reader is its own connection: inside a transaction, only the transaction's sees its changes.
        if database.scope == nil,
            let fast = try database.pointReader.withStatement(
                sql,
                { statement -> String in
                    guard try statement.step() else { return "" }
                    return "g\(statement.int64(0))"
                })
        {
            return fast
        }
        return try database.read { db in
            try Int64.fetchOne(db.cachedStatement(sql: sql)).map { "g\($0)" } ?? ""
        }
    }

    package func names() throws -> [String] {
        try database.read { db in try String.fetchAll(db, sql: "SELECT name FROM component ORDER BY name") }
    }

    /// Full-text search over name, summary and tags, best match first. The text is only ever
    /// treated as words to find (see ``SearchQuery``): no input makes it fail.
    package func search(_ text: String, limit: Int = 50) throws -> [StoredComponent] {
        let query = SearchQuery(text)
        guard let match = query.ftsExpression else { return [] }
        return try database.read { db in
            try Self.fetch(
                db, sql: Self.searchSQL(limit: limit),
                [match, query.ftsExpression(column: "name"), query.ftsExpression(column: "tags"), query.ftsExpression(column: "summary")])
        }
    }

    /// Takes a component out of the catalog, refusing while another component uses it; its
    /// versions stay kept for the log (``history(_:)``, ``get(_:version:)``).
    package func remove(_ name: String, at sceneTime: Double? = nil) throws {
        try database.transaction(at: sceneTime) { transaction in try ComponentWrites.remove(name, transaction) }
    }

    static func fetch(
        _ db: Database, join: Bool = false, from: String? = nil, where condition: String,
        _ arguments: StatementArguments, order: String = "v.id"
    ) throws -> [StoredComponent] {
        let source =
            from.map { "\($0) JOIN component_version v ON v.id = c.current_version_id" }
            ?? (join ? "component c JOIN component_version v ON v.id = c.current_version_id" : "component_version v")
        return try fetch(db, sql: "SELECT \(columns) FROM \(source) WHERE \(condition) ORDER BY \(order)", arguments)
    }

    /// Full-text hits joined to the current versions, best match first: ranked by where every
    /// word is found — all in the name (4), all in the tags (2), all in the summary (1), summed —
    /// then by name. Both backends rank this way (``SearchQuery/rankingWeights``), so a search
    /// lists the same components in the same order on either.
    static func searchSQL(limit: Int) -> String {
        """
        SELECT \(columns) FROM component_search s JOIN component c ON c.current_version_id = s.rowid
        JOIN component_version v ON v.id = c.current_version_id
        WHERE component_search MATCH ?1 AND v.kind <> 'tokens'
        ORDER BY (s.rowid IN (SELECT rowid FROM component_search WHERE component_search MATCH ?2)) * \(SearchQuery.rankingWeights.name)
               + (s.rowid IN (SELECT rowid FROM component_search WHERE component_search MATCH ?3)) * \(SearchQuery.rankingWeights.tags)
               + (s.rowid IN (SELECT rowid FROM component_search WHERE component_search MATCH ?4)) * \(SearchQuery.rankingWeights.summary) DESC, c.name
        LIMIT \(max(1, limit))
        """
    }

    private static func fetch(_ db: Database, sql: String, _ arguments: StatementArguments) throws -> [StoredComponent] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            StoredComponent(
                name: row[0], version: row[1], kind: ComponentKind(rawValue: row[2])!, summary: row[3],
                tags: StringListColumn.read(row[4]), contentHash: row[5], definition: row[6], addedSeq: row[7])
        }
    }

    /// The same columns read straight from SQLite (the lookup hot path).
    static func component(_ statement: RawStatement) -> StoredComponent {
        StoredComponent(
            name: statement.text(0) ?? "", version: statement.text(1) ?? "",
            kind: ComponentKind(rawValue: statement.text(2) ?? "") ?? .animation, summary: statement.text(3) ?? "",
            tags: StringListColumn.read(statement.text(4) ?? "[]"), contentHash: statement.text(5) ?? "",
            definition: statement.text(6) ?? "", addedSeq: statement.int64(7))
    }
}

extension ComponentRepository {
    /// Loads the built-in catalog once per distinct `fingerprint`, in one transaction.
    ///
    /// A built-in is added when missing or when it is a higher version than the stored one;
    /// a component the user removed stays removed (its versions are kept); a stored version
    /// the user raised above the built-in is kept. Safe when several processes start at once:
    /// the fingerprint is checked again inside the IMMEDIATE transaction.
    ///
    /// `definitions` is called only when the fingerprint differs, and the usual case — already
    /// loaded — takes no write lock: every command line run opens the catalog this way, so
    /// decoding the built-ins or queueing for the writer each time would be paid by every command.
    @discardableResult
    package func loadBuiltIns(fingerprint: String, definitions: () throws -> [ComponentDefinition]) throws -> [AddOutcome] {
        guard try !builtInsAreCurrent(fingerprint: fingerprint) else { return [] }
        let definitions = try definitions()
        return try database.transaction(at: nil) { transaction in
            try ComponentWrites.loadBuiltIns(fingerprint: fingerprint, definitions: definitions, transaction)
        }
    }

    /// True when the built-ins of `fingerprint` are loaded (a read: nothing to load).
    package func builtInsAreCurrent(fingerprint: String) throws -> Bool {
        // On the point reader's connection, as the migration check of a read-only open.
        let stored = try database.pointReader.withStatement("SELECT value FROM setting WHERE key = ?1") { statement in
            statement.bind(1, ComponentWrites.fingerprintKey)
            return try statement.step() ? statement.text(0) : nil
        }
        if let stored { return stored == fingerprint }
        return try database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [ComponentWrites.fingerprintKey])
        } == fingerprint
    }
}
