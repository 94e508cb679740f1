import CatalogModel

/// A value bound to a statement parameter or read from a result column: what both backends
/// store. SQLite reads booleans back as integers; ``flag`` reads either.
package enum SQLValue: Sendable, Hashable {
    case text(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case null

    package var text: String? { if case .text(let text) = self { text } else { nil } }
    package var integer: Int64? {
        switch self {
        case .integer(let number): number
        case .real(let number): Int64(exactly: number)
        default: nil
        }
    }
    package var real: Double? {
        switch self {
        case .real(let number): number
        case .integer(let number): Double(number)
        default: nil
        }
    }
    /// A boolean, written by either backend (SQLite's 0/1, PostgreSQL's bool).
    package var flag: Bool {
        switch self {
        case .bool(let flag): flag
        case .integer(let number): number != 0
        default: false
        }
    }
    package var isNull: Bool { self == .null }

    /// An optional text as a value (nil is NULL).
    package static func text(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
    /// An optional integer as a value (nil is NULL).
    package static func integer(_ number: Int64?) -> SQLValue { number.map(SQLValue.integer) ?? .null }
}

/// One write transaction of either backend, as the store's shared write logic sees it —
/// adding objects and components, setting associations, copying and collecting objects — so
/// that those rules are written once, over both SQLite and PostgreSQL.
///
/// Statements use SQLite's numbered parameters `?1`, `?2`, … (PostgreSQL's transaction rewrites
/// them to `$1`, `$2`, …) and the SQL both dialects share (`INSERT … ON CONFLICT … DO UPDATE`, `RETURNING`, `EXISTS`).
/// Events are appended through it, so that they commit with the change.
package protocol StoreTransaction: AnyObject {
    /// The scene time every event of this transaction gets.
    var sceneTime: Double { get }
    /// Runs one statement and returns its rows.
    @discardableResult
    func rows(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]]
    /// Appends an event whose payload is canonical JSON text; returns its seq.
    @discardableResult
    func append(_ operation: EventOperation, object: String?, payloadText: String) throws -> Int64
    /// The seq the next appended event will get (objects record their creating event).
    func nextSeq() throws -> Int64
    /// How a property value sits in the `association.value` column of this backend.
    func encode(_ value: PropertyValue) -> SQLValue
    /// Indexes a newly stored component version for search where the schema cannot do it
    /// alone (SQLite's full-text triggers do; PostgreSQL's index reads text folded here).
    func indexForSearch(versionID: SQLValue, name: String, summary: String, tags: [String]) throws
}

extension StoreTransaction {
    package func indexForSearch(versionID: SQLValue, name: String, summary: String, tags: [String]) throws {}

    /// Runs a statement whose rows are not needed.
    package func execute(_ sql: String, _ values: [SQLValue] = []) throws { try rows(sql, values) }

    /// The first row, if any.
    package func row(_ sql: String, _ values: [SQLValue] = []) throws -> [SQLValue]? { try rows(sql, values).first }

    /// The first column of every row.
    package func column(_ sql: String, _ values: [SQLValue] = []) throws -> [SQLValue] { try rows(sql, values).map { $0[0] } }

    /// `SELECT EXISTS (…)`.
    package func exists(_ sql: String, _ values: [SQLValue]) throws -> Bool { try row(sql, values)?.first?.flag ?? false }

    @discardableResult
    package func append(_ operation: EventOperation, object: String?, payload: JSONValue) throws -> Int64 {
        try append(operation, object: object, payloadText: payload.canonicalText)
    }

    /// Appends an event with its typed payload (``ObjectAddPayload`` and the like), written
    /// by the one encoder the log's readers decode with.
    @discardableResult
    package func append(_ operation: EventOperation, object: String?, _ payload: some Encodable) throws -> Int64 {
        try append(operation, object: object, payload: try JSONValueEncoder().encode(payload))
    }
}
