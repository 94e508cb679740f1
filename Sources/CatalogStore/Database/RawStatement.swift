import Foundation
import GRDB
import GRDBSQLite

/// Binds, steps and reads a prepared statement through SQLite's C API.
///
/// Used only on the measured hot paths (property reads and writes, component lookups), where
/// GRDB's argument arrays and `Row` objects cost more than the query itself. The statement is
/// still prepared and cached by GRDB (``init(_:)``) or by ``PointReader``; everything else keeps
/// using GRDB.
///
/// ```swift
/// let statement = RawStatement(try db.cachedStatement(sql: "SELECT oid FROM object WHERE id = ?"))
/// statement.bind(1, "cell-1")
/// let oid = try statement.step() ? statement.int64(0) : nil
/// statement.reset()
/// ```
struct RawStatement {
    let handle: OpaquePointer

    init(_ statement: Statement) {
        handle = statement.sqliteStatement
    }

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    /// Runs `sql`, a statement without arguments or rows (`BEGIN`, `COMMIT`, a savepoint),
    /// cached by GRDB and stepped here: GRDB's own `execute` does bookkeeping per statement
    /// (for observers this database never registers) that showed in the write profiles.
    static func execute(_ sql: String, in db: Database) throws {
        let statement = RawStatement(try db.cachedStatement(sql: sql))
        defer { statement.reset() }
        try statement.step()
    }

    /// SQLite copies the bytes during the call (`SQLITE_TRANSIENT`), so Swift strings can be
    /// passed without keeping them alive.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func bind(_ index: Int32, _ value: String) {
        var value = value
        value.withUTF8 { bytes in
            _ = sqlite3_bind_text(
                handle, index, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                Int32(bytes.count), Self.transient)
        }
    }

    func bind(_ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    func bind(_ index: Int32, _ value: Double) {
        sqlite3_bind_double(handle, index, value)
    }

    func bind(_ index: Int32, _ value: DatabaseValue) {
        switch value.storage {
        case .null: sqlite3_bind_null(handle, index)
        case .int64(let n): sqlite3_bind_int64(handle, index, n)
        case .double(let d): sqlite3_bind_double(handle, index, d)
        case .string(let s): bind(index, s)
        case .blob(let data):
            data.withUnsafeBytes { bytes in
                _ = sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
            }
        }
    }

    func bind(_ index: Int32, _ value: SQLValue) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let n): sqlite3_bind_int64(handle, index, n)
        case .real(let d): sqlite3_bind_double(handle, index, d)
        case .text(let s): bind(index, s)
        case .bool(let flag): sqlite3_bind_int64(handle, index, flag ? 1 : 0)
        }
    }

    /// Steps once: true when a row is available, false when done. Throws GRDB's `DatabaseError`.
    @discardableResult
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(handle)))
            sqlite3_reset(handle)
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: message,
                sql: String(cString: sqlite3_sql(handle)))
        }
    }

    /// Ends the statement (releasing its read snapshot) and clears its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func databaseValue(_ column: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: int64(column).databaseValue
        case SQLITE_FLOAT: double(column).databaseValue
        case SQLITE_TEXT: (text(column) ?? "").databaseValue
        case SQLITE_BLOB:
            if let bytes = sqlite3_column_blob(handle, column) {
                Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column))).databaseValue
            } else {
                Data().databaseValue
            }
        default: .null
        }
    }

    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// A column as a ``SQLValue`` (a blob, which the store never writes, reads as NULL).
    func value(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(int64(column))
        case SQLITE_FLOAT: .real(double(column))
        case SQLITE_TEXT: .text(text(column) ?? "")
        default: .null
        }
    }
}
