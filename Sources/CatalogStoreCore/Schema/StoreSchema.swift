import CatalogModel
import Foundation

/// What both backends read and write the same way — the columns, statements and encodings their
/// schemas share — so that a SQLite store and a PostgreSQL one hash and answer alike.
///
/// ```swift
/// StoreSchema.snapshotHash(of: [(id: "cell-1", state: "{…}")])   // SHA-256 of "cell-1\t{…}\n"
/// ```
package enum StoreSchema {
    /// The columns every read of a ``StoredComponent`` selects, in its initialiser's order.
    package static let componentColumns = "v.name, v.version, v.kind, v.summary, v.tags, v.content_hash, v.definition, v.added_seq"

    /// One property of one object by id and key, with whether a weak reference's target still
    /// exists (SQLite's parameter numbering; PostgreSQL's dialect translates it).
    package static let propertyReadSQL = """
        SELECT o.oid, a.type, a.value, a.policy,
               a.target_oid IS NULL OR EXISTS (SELECT 1 FROM object t WHERE t.oid = a.target_oid)
        FROM object o LEFT JOIN association a ON a.object_oid = o.oid AND a.key = ?2
        WHERE o.id = ?1
        """

    /// SHA-256 of the rows as `id TAB state LF`, in id order: what a snapshot's `hash` is.
    package static func snapshotHash(of objects: [(id: String, state: String)]) -> String {
        var digest = SnapshotDigest()
        for object in objects.sorted(by: { idPrecedes($0.id, $1.id) }) { digest.add(id: object.id, state: object.state) }
        return digest.hex
    }

    /// The order of object ids in every `ORDER BY object_id` of both backends: their UTF-8 bytes
    /// (SQLite's BINARY collation, PostgreSQL's `COLLATE "C"`), so that rows merged from two
    /// queries and rows sorted here agree.
    package static func idPrecedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    /// A snapshot's hash built a row at a time, rows in id order: for checking one as it is
    /// read, without holding its rows.
    package struct SnapshotDigest {
        private var stream = ContentDigest.Stream()
        package init() {}
        package mutating func add(id: String, state: String) { stream.update(id + "\t" + state + "\n") }
        package var hex: String { stream.hex }
    }

    /// A declared object type from its stored row: its name and its properties as JSON text.
    package static func objectType(_ name: String, _ text: String) -> ObjectType {
        let members = (try? JSONValue(jsonData: Data(text.utf8)))?.objectValue ?? [:]
        return ObjectType(name: name, properties: members.compactMapValues { $0.stringValue.flatMap(ValueType.init(rawValue:)) })
    }
}
