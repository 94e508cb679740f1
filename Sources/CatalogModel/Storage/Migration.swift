import Foundation

/// One numbered SQL file from `Migrations/` (`0001_initial.sql`).
///
/// ```swift
/// let all = try Migration.embedded()   // what this build carries, in order
/// all.last?.fileName                   // "0002_component_search.sql"
/// ```
package struct Migration: Sendable, Hashable {
    /// The number the file name starts with.
    package var version: Int
    /// The file's name (`0001_initial.sql`).
    package var fileName: String
    /// The file's SQL.
    package var sql: String {
        didSet { checksum = Self.checksum(of: sql) }
    }
    /// SHA-256 of the file with line endings normalised to LF, so a checkout with CRLF endings
    /// does not look like a changed migration. Kept with the text: every open compares it with
    /// the recorded one.
    package private(set) var checksum: String

    /// Parses a file name `NNNN_name.sql` (four or more digits) and its content.
    package init(fileName: String, sql: String) throws {
        let stem = fileName.hasSuffix(".sql") ? String(fileName.dropLast(4)) : ""
        let parts = stem.split(separator: "_", maxSplits: 1)
        guard parts.count == 2, parts[0].count >= 4, parts[0].allSatisfy(\.isNumber), let version = Int(parts[0]), version > 0,
            !parts[1].isEmpty
        else {
            throw StoreError.migration("migration file '\(fileName)' must be named NNNN_description.sql (e.g. 0003_add_index.sql)")
        }
        self.version = version
        self.fileName = fileName
        self.sql = sql
        checksum = Self.checksum(of: sql)
    }

    private static func checksum(of sql: String) -> String {
        // Every command's open computes these: skip Foundation's search when there is no CR.
        let normalized =
            sql.utf8.contains(UInt8(ascii: "\r"))
            ? sql.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") : sql
        return ContentDigest.sha256Hex(Data(normalized.utf8))
    }
}
