import CatalogModel
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
    func open(in folder: TemporaryFolder) throws -> any CatalogBackend { try open(try location(in: folder)) }

    /// Where a new store goes: a file path, or the URL of a new database.
    func location(in folder: TemporaryFolder) throws -> String {
        switch self {
        case .sqlite: return folder.file(UUID().uuidString + ".sqlite")
        case .postgres:
            let server = try PostgresServer.shared()
            return server.url(database: try server.createDatabase())
        }
    }

    /// The store at `location` (created and migrated when new).
    func open(_ location: String) throws -> any CatalogBackend {
        switch self {
        case .sqlite: return try CatalogDatabase(path: location)
        case .postgres: return try PostgresDatabase(url: location)
        }
    }
}
