import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// A dedicated read connection for point queries (one property, one component), with its
/// statements prepared once.
///
/// Why not the GRDB pool: a pooled read checks a connection out, hops onto its dispatch queue and
/// (for `read`) wraps the query in a transaction — several times the cost of the query itself.
/// Here a lock guards one connection; each query is a single statement in autocommit mode, so it
/// sees every commit that returned before it started (in any process), like any SQLite read.
///
/// The connection is opened on first use and uses the same SQLite library as GRDB, so SQLite's
/// own bookkeeping of POSIX locks per file covers it.
final class PointReader: Sendable {
    /// The connection and its prepared statements, used by one caller at a time.
    // Unchecked: SQLite's handles are raw pointers; they live only inside the mutex, and a
    // statement is used only while it is held.
    private struct Connection: @unchecked Sendable {
        var handle: OpaquePointer?
        var statements: [String: OpaquePointer] = [:]
    }

    private let connection = Mutex(Connection())
    private let path: String
    private let readOnly: Bool

    /// `path` may be a `file:` URI (an immutable read-only file, see `CatalogDatabase`).
    init(path: String, readOnly: Bool = false) {
        self.path = path
        self.readOnly = readOnly
    }

    deinit {
        connection.withLock { connection in
            for statement in connection.statements.values { sqlite3_finalize(statement) }
            if let handle = connection.handle { sqlite3_close_v2(handle) }
        }
    }

    /// Runs `body` with the prepared statement for `sql` (bound and stepped by `body`), then
    /// resets it. Returns nil when no dedicated connection can be opened (callers fall back).
    func withStatement<T>(_ sql: String, _ body: (RawStatement) throws -> T) throws -> T? {
        // The result leaves the lock through a local: `Mutex.withLock` hands back only values it
        // can prove unshared, which a generic `T` is not.
        var result: T?
        try connection.withLock { connection in
            guard let handle = try Self.statement(sql, in: &connection, path: path, readOnly: readOnly) else { return }
            let statement = RawStatement(handle: handle)
            defer { statement.reset() }
            result = try body(statement)
        }
        return result
    }

    private static func statement(_ sql: String, in state: inout Connection, path: String, readOnly: Bool) throws -> OpaquePointer? {
        if let handle = state.statements[sql] { return handle }
        if state.handle == nil {
            var connection: OpaquePointer?
            let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
            guard sqlite3_open_v2(path, &connection, flags, nil) == SQLITE_OK, let connection else {
                sqlite3_close_v2(connection)
                return nil
            }
            sqlite3_busy_timeout(connection, 60_000)
            // Reads only: a bug here can never write.
            sqlite3_exec(connection, "PRAGMA query_only = 1", nil, nil, nil)
            state.handle = connection
        }
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(state.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: String(cString: sqlite3_errmsg(state.handle)), sql: sql)
        }
        state.statements[sql] = handle
        return handle
    }
}
