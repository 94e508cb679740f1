import CatalogModel
import CatalogStoreCore
import Foundation
import Synchronization

/// A PostgreSQL write transaction as a ``StoreTransaction``: the shared write logic's
/// statements, with SQLite's numbered parameters (`?1`) rewritten to PostgreSQL's (`$1`), and
/// events numbered after the counter row the transaction holds locked.
final class PostgresTransaction: StoreTransaction {
    let session: PostgresSession
    let sceneTime: Double
    private(set) var lastSeq: Int64

    init(session: PostgresSession, sceneTime: Double, lastSeq: Int64) {
        self.session = session
        self.sceneTime = sceneTime
        self.lastSeq = lastSeq
    }

    @discardableResult
    func rows(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]] {
        try session.query(PostgresDialect.translate(sql), values).map { try $0.values() }
    }

    @discardableResult
    func append(_ operation: EventOperation, object: String?, payloadText: String) throws -> Int64 {
        let seq = lastSeq + 1
        try session.query(
            "INSERT INTO event (seq, scene_time, operation, object_id, payload) VALUES ($1, $2, $3, $4, $5)",
            [.integer(seq), .real(sceneTime), .text(operation.rawValue), .text(object), .text(payloadText)])
        lastSeq = seq
        return seq
    }

    func nextSeq() throws -> Int64 { lastSeq + 1 }

    func encode(_ value: PropertyValue) -> SQLValue { .text(PostgresValueColumns.encode(value)) }

    /// PostgreSQL's text search does not fold diacritics (`unaccent` is an extension a role
    /// may not install): the words are folded here, as SQLite's tokenizer folds them.
    func indexForSearch(versionID: SQLValue, name: String, summary: String, tags: [String]) throws {
        func folded(_ text: String) -> String { SearchQuery(SearchQuery.folded(text)).words.joined(separator: " ") }
        try session.query(
            "UPDATE component_version SET search_name = $1, search_tags = $2, search_summary = $3 WHERE id = $4",
            [.text(folded(name)), .text(folded(tags.joined(separator: " "))), .text(folded(summary)), versionID])
    }
}

/// SQL written for both backends, made PostgreSQL's.
enum PostgresDialect {
    private static let cache = Mutex<[String: String]>([:])

    /// A text[] literal (`{"a","b"}`) for `= ANY($1)` or `unnest($1)`: one parameter however many items.
    static func textArray(_ items: [String]) -> String {
        "{" + items.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined(separator: ",")
            + "}"
    }

    /// `?1` → `$1` outside quotes (SQLite's numbered parameters are PostgreSQL's with another sigil).
    static func translate(_ sql: String) -> String {
        if let done = cache.withLock({ $0[sql] }) { return done }
        var result = ""
        var quote: Character?
        var previous: Character = " "
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if previous == "?", character.isNumber {
                result.removeLast()
                result.append("$")
                result.append(character)
            } else {
                result.append(character)
            }
            previous = character
        }
        cache.withLock { if $0.count < 4_096 { $0[sql] = result } }
        return result
    }
}

/// How a property value sits in PostgreSQL's `association.value` (TEXT): numbers as their JSON
/// text, booleans as 1 or 0, object ids as they are, strings and URLs as JSON string literals
/// (PostgreSQL's text cannot hold a NUL, which a string may), the rest as canonical JSON — read
/// back by its declared type.
enum PostgresValueColumns {
    static func encode(_ value: PropertyValue) -> String {
        switch value {
        case .number(let n): JSONValue.numberText(n)
        case .string(let s), .url(let s): JSONValue.string(s).canonicalText
        case .object(let s): s
        case .bool(let b): b ? "1" : "0"
        case .json(let j): j.canonicalText
        case .color, .point, .size, .rect, .transform: value.jsonValue.canonicalText
        }
    }

    static func decode(type: ValueType, text: String) -> PropertyValue? {
        switch type {
        case .number: return Double(text).map(PropertyValue.number)
        case .string: return (try? JSONReader.read(text))?.stringValue.map(PropertyValue.string)
        case .url: return (try? JSONReader.read(text))?.stringValue.map(PropertyValue.url)
        case .object: return .object(text)
        case .bool: return .bool(text == "1")
        default:
            guard let json = try? JSONReader.read(text) else { return nil }
            return try? PropertyValue(json: json, as: type)
        }
    }
}
