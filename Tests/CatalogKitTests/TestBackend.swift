import CatalogKit
import CatalogKitPostgres
import Foundation
import TestSupport

/// The backends a behavioural test runs on, as a test argument: a SQLite file in a temporary
/// folder, or a new database on the suite's throwaway PostgreSQL server.
///
/// ```swift
/// @Test(arguments: TestBackend.allCases) func something(backend: TestBackend) throws {
///     let catalog = try backend.catalog(in: folder)
/// }
/// ```
enum TestBackend: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqlite, postgres

    var description: String { rawValue }

    /// A catalog at `path` (SQLite), or on a new database (PostgreSQL, `path` unused).
    func catalog(path: String) throws -> Catalog {
        switch self {
        case .sqlite: return try Catalog(path: path)
        case .postgres: return try catalog(in: TemporaryFolder())
        }
    }

    /// A new, empty catalog (the built-ins loaded unless told otherwise).
    func catalog(in folder: TemporaryFolder, name: String = UUID().uuidString, loadBuiltIns: Bool = true) throws -> Catalog {
        switch self {
        case .sqlite: return try Catalog(path: folder.file(name + ".sqlite"), loadBuiltIns: loadBuiltIns)
        case .postgres:
            let server = try PostgresServer.shared()
            return try Catalog(url: server.url(database: try server.createDatabase()), loadBuiltIns: loadBuiltIns)
        }
    }

    /// A second handle on the same catalog, as another process opens it.
    func reopen(_ catalog: Catalog) throws -> Catalog {
        switch self {
        case .sqlite: try Catalog(path: catalog.path, loadBuiltIns: false)
        case .postgres:
            // Its location leaves out the password: ask the server for its URL again.
            try Catalog(url: try PostgresServer.shared().url(database: String(catalog.path.split(separator: "/").last!)), loadBuiltIns: false)
        }
    }
}
