import CatalogModel
import CatalogStoreCore

/// Kept scene snapshots and log compaction on PostgreSQL (``SnapshotStore``).
package struct PostgresSnapshotStore: SnapshotStore {
    let database: PostgresDatabase
    /// The connection this store's statements run on, taken when it was made: one method's
    /// statements (a transaction's among them) run on one connection.
    let session: PostgresSession

    init(database: PostgresDatabase) {
        self.database = database
        session = database.session
    }

    static let columns = "seq, scene_time, object_count, hash"

    @discardableResult
    package func add(seq: Int64, sceneTime: Double, rows: (_ write: (_ id: String, _ state: String, _ running: Int) throws -> Void) throws -> Void) throws
        -> StoredSnapshot
    {
        try session.transaction {
            try session.query("DELETE FROM scene_snapshot WHERE seq = $1", [.integer(seq)])
            try session.query("INSERT INTO scene_snapshot (seq, scene_time, object_count, hash) VALUES ($1, $2, 0, '')", [.integer(seq), .real(sceneTime)])
            // A thousand rows a statement, as arrays: one round trip per page, not per object.
            var writing = StoreSchema.SnapshotWriting()
            var page: [SnapshotObjectRow] = []
            func flush() throws {
                guard !page.isEmpty else { return }
                try session.query(
                    """
                    INSERT INTO scene_snapshot_object (snapshot_seq, object_id, state, running)
                    SELECT $1, * FROM unnest($2::text[], $3::text[], $4::bigint[])
                    """,
                    [
                        .integer(seq), .text(PostgresDialect.textArray(page.map(\.id))),
                        .text(PostgresDialect.textArray(page.map(\.state))), .text("{" + page.map { String($0.running) }.joined(separator: ",") + "}")
                    ])
                page.removeAll(keepingCapacity: true)
            }
            try rows { id, state, running in
                writing.take(id: id, state: state)
                page.append((id, state, running))
                if page.count == 1_000 { try flush() }
            }
            try flush()
            let snapshot = StoredSnapshot(seq: seq, sceneTime: sceneTime, objectCount: writing.count, hash: writing.digest.hex)
            try session.query(
                "UPDATE scene_snapshot SET object_count = $1, hash = $2 WHERE seq = $3",
                [.integer(Int64(snapshot.objectCount)), .text(snapshot.hash), .integer(seq)])
            return snapshot
        }
    }

    package func list() throws -> [StoredSnapshot] { try fetch("SELECT \(Self.columns) FROM scene_snapshot ORDER BY seq", []) }

    package func latest() throws -> StoredSnapshot? { try fetch("SELECT \(Self.columns) FROM scene_snapshot ORDER BY seq DESC LIMIT 1", []).first }

    package func latest(atOrBefore time: Double, seq: Int64) throws -> StoredSnapshot? {
        try fetch(
            "SELECT \(Self.columns) FROM scene_snapshot WHERE scene_time <= $1 AND seq <= $2 ORDER BY scene_time DESC, seq DESC LIMIT 1",
            [.real(time), .integer(seq)]
        ).first
    }

    package func objectPage(of seq: Int64, after id: String, limit: Int) throws -> [SnapshotObjectRow] {
        try session.query(
            "SELECT object_id, state, running FROM scene_snapshot_object WHERE snapshot_seq = $1 AND object_id > $2 ORDER BY object_id LIMIT \(max(1, limit))",
            [.integer(seq), .text(id)]
        ).map { row in (try row.text(0) ?? "", try row.text(1) ?? "", Int(try row.integer(2) ?? 0)) }
    }

    package func animatedObjects(of seq: Int64) throws -> [(id: String, state: String)] {
        try pairs("SELECT object_id, state FROM scene_snapshot_object WHERE snapshot_seq = $1 AND running > 0 ORDER BY object_id", [.integer(seq)])
    }

    package func objects(of seq: Int64, about id: String) throws -> [(id: String, state: String)] {
        try pairs(
            """
            SELECT object_id, state FROM scene_snapshot_object
            WHERE snapshot_seq = $1 AND object_id >= $2 AND object_id < $4 AND (object_id = $2 OR object_id >= $3) ORDER BY object_id
            """, [.integer(seq), .text(id), .text(id + "/"), .text(id + "0")])
    }

    package func logBase() throws -> LogBase? {
        try session.query("SELECT base_seq, scene_time FROM log_compaction ORDER BY base_seq DESC LIMIT 1").first.map { row in
            LogBase(seq: try row.integer(0) ?? 0, sceneTime: try row.real(1) ?? 0)
        }
    }

    @discardableResult
    package func compact(through base: Int64) throws -> Int {
        try session.transaction {
            guard let time = try session.query("SELECT scene_time FROM scene_snapshot WHERE seq = $1", [.integer(base)]).first?.real(0) else {
                throw StoreError.noSnapshot(seq: base)
            }
            let newest = try session.query("SELECT COALESCE(max(seq), 0) FROM event").first?.integer(0) ?? 0
            guard base < newest else { throw StoreError.compactsEverything(newest: newest) }
            let removed =
                try session.query("WITH gone AS (DELETE FROM event WHERE seq <= $1 RETURNING 1) SELECT count(*) FROM gone", [.integer(base)])
                .first?.integer(0) ?? 0
            try session.query("DELETE FROM scene_snapshot WHERE seq < $1", [.integer(base)])
            try session.query(
                """
                INSERT INTO log_compaction (base_seq, scene_time, events_removed) VALUES ($1, $2, $3)
                ON CONFLICT (base_seq) DO UPDATE SET scene_time = excluded.scene_time, events_removed = excluded.events_removed
                """, [.integer(base), .real(time), .integer(removed)])
            return Int(removed)
        }
    }

    private func fetch(_ sql: String, _ values: [SQLValue]) throws -> [StoredSnapshot] {
        try session.query(sql, values).map { row in
            StoredSnapshot(
                seq: try row.integer(0) ?? 0, sceneTime: try row.real(1) ?? 0, objectCount: Int(try row.integer(2) ?? 0), hash: try row.text(3) ?? "")
        }
    }

    private func pairs(_ sql: String, _ values: [SQLValue]) throws -> [(id: String, state: String)] {
        try session.query(sql, values).map { (id: try $0.text(0) ?? "", state: try $0.text(1) ?? "") }
    }
}
