import Foundation
import TestSupport

/// The backends a command-line test runs on, as a test argument: `--db` a SQLite file in the
/// test's folder, or a URL of a new database on the suite's throwaway PostgreSQL server.
enum CLIBackend: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqlite, postgres

    var description: String { rawValue }

    /// What `--db` (or `CATALOG_DB`) names: a new, empty store.
    func database(in folder: TemporaryFolder) throws -> String {
        switch self {
        case .sqlite: return folder.file("c.sqlite")
        case .postgres:
            let server = try PostgresServer.shared()
            return server.url(database: try server.createDatabase())
        }
    }
}
