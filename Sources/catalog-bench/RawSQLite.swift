import CAllocationCounter
import CatalogKit
import CatalogStore
import Foundation
import GRDBSQLite
import CAllocationCounter
import CatalogKit
import CatalogStore
import Foundation
import GRDBSQLite

/// Seconds `body` takes, by the monotonic clock.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Raw C: prepare once, then bind/step/reset per iteration, reading every column of every row
/// (text columns as their bytes, as a C program would consume them).
func rawLoop(_ path: String, sql: String, count: Int, bind: (OpaquePointer, Int) -> Void) -> Double {
    var db: OpaquePointer?
    sqlite3_open(path, &db)
    sqlite3_busy_timeout(db, 10_000)
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    var touched = 0
    let time = seconds {
        for i in 0..<count {
            bind(statement!, i)
            while sqlite3_step(statement) == SQLITE_ROW {
                for column in 0..<sqlite3_column_count(statement) {
                    if sqlite3_column_type(statement, column) == SQLITE_TEXT {
                        touched &+= Int(sqlite3_column_text(statement, column)[0]) &+ Int(sqlite3_column_bytes(statement, column))
                    } else {
                        touched &+= Int(sqlite3_column_double(statement, column))
                    }
                }
            }
            sqlite3_reset(statement)
        }
    }
    sqlite3_finalize(statement)
    sqlite3_close(db)
    if touched == -1 { print(touched) }
    return time
}

/// SQLite's `SQLITE_TRANSIENT`: the library copies a bound text before the call returns.
nonisolated(unsafe) let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The same writes in raw C: an association upsert and an event row with its JSON payload, on a
/// file with the same two tables, WAL and synchronous=NORMAL as the library's database.
@MainActor final class RawWriter {
    var db: OpaquePointer?
    var upsert: OpaquePointer?
    var insertEvent: OpaquePointer?

    init(path: String) {
        sqlite3_open(path, &db)
        sqlite3_exec(
            db,
            """
            PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;
            CREATE TABLE association (object_oid INTEGER, key TEXT, type TEXT, value, target_oid INTEGER, policy TEXT,
                                      PRIMARY KEY (object_oid, key)) WITHOUT ROWID;
            CREATE TABLE event (seq INTEGER PRIMARY KEY, scene_time REAL, operation TEXT, object_id TEXT, payload TEXT);
            CREATE INDEX event_by_object ON event(object_id, seq) WHERE object_id IS NOT NULL;
            """, nil, nil, nil)
        sqlite3_prepare_v2(
            db,
            """
            INSERT INTO association VALUES (?, ?, 'number', ?, NULL, 'retain')
            ON CONFLICT (object_oid, key) DO UPDATE SET value = excluded.value
            """, -1, &upsert, nil)
        sqlite3_prepare_v2(
            db, "INSERT INTO event (scene_time, operation, object_id, payload) VALUES (0, 'prop.set', ?, ?)", -1,
            &insertEvent, nil)
    }

    func set(oid: Int, id: String, key: String, value: Double) {
        sqlite3_bind_int64(upsert, 1, Int64(oid))
        sqlite3_bind_text(upsert, 2, key, -1, transient)
        sqlite3_bind_double(upsert, 3, value)
        sqlite3_step(upsert); sqlite3_reset(upsert)
        sqlite3_bind_text(insertEvent, 1, id, -1, transient)
        sqlite3_bind_text(insertEvent, 2, "{\"id\":\"\(id)\",\"key\":\"\(key)\",\"value\":\(value)}", -1, transient)
        sqlite3_step(insertEvent); sqlite3_reset(insertEvent)
    }

    func transaction(_ body: () -> Void) {
        sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
        body()
        sqlite3_exec(db, "COMMIT", nil, nil, nil)
    }

    isolated deinit {
        sqlite3_finalize(upsert); sqlite3_finalize(insertEvent); sqlite3_close(db)
    }
}
