import CatalogStore
import CatalogStorePostgres
import Foundation
import TestSupport

/// The backends a store test runs on, as a test argument: a SQLite file in a temporary folder,
/// or a new database on the suite's throwaway PostgreSQL server.
///
/// ```swift
/// @Test(arguments: StoreBackend.allCases) func something(backend: StoreBackend) throws {
///     let database = try backend.open(in: folder)
/// }
/// ```
enum StoreBackend: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqlite, postgres

    var description: String { rawValue }

    /// A new, empty, migrated store (no built-ins).
    func open(in folder: TemporaryFolder) throws -> any CatalogBackend {
        switch self {
        case .sqlite: return try CatalogDatabase(path: folder.file(UUID().uuidString + ".sqlite"))
        case .postgres:
            let server = try PostgresServer.shared()
            return try PostgresDatabase(url: server.url(database: try server.createDatabase()))
        }
    }
}
