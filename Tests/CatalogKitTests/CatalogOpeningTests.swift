import CatalogKit
import CatalogStore
import Foundation
import GRDB
import TestSupport
import Testing

/// Opening a catalog file: migrating it and loading the built-ins happen once, and never wait
/// for another process's writer when there is nothing to do.
struct CatalogOpeningTests {
    let folder = TemporaryFolder()

    @Test func openingAnUpToDateCatalogWaitsForNoWriter() throws {
        let path = folder.file("busy.sqlite")
        _ = try Catalog(path: path)  // migrated, built-ins loaded
        try DatabaseQueue(path: path).writeWithoutTransaction { db in
            // A writer at work: it has committed (so the WAL exists; GRDB writes once to create
            // it otherwise) and now holds the lock.
            try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('busy', 'yes')")
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            // Another connection holds the write lock: opening must neither migrate nor load the
            // built-ins again (each would wait for that lock, then fail as "database is locked").
            let catalog = try Catalog(path: path)
            #expect(try catalog.database.components.get("fade-in") != nil)
        }
    }

    @Test func builtInsLoadOnceAndARemovedBuiltInStaysRemoved() throws {
        let path = folder.file("builtins.sqlite")
        let catalog = try Catalog(path: path)
        let names = try BuiltInCatalog.definitions().map(\.name)
        #expect(try catalog.database.components.names() == names.sorted())
        try catalog.database.components.remove("shake")
        _ = try Catalog(path: path)
        #expect(try !catalog.database.components.names().contains("shake"))
        // A newer build (another fingerprint) loads its built-ins again: the removed one stays removed.
        try catalog.sqlite!.pool.write { try $0.execute(sql: "UPDATE setting SET value = 'an older build' WHERE key = 'builtin_catalog'") }
        _ = try Catalog(path: path)
        #expect(try catalog.database.components.names() == names.filter { $0 != "shake" }.sorted())
        let adds = try catalog.database.events.list().filter { $0.operation == .componentAdd }
        #expect(adds.count == names.count)
    }

    /// The suites of the model and the engine read the built-ins from `catalog/` itself; the
    /// library carries its own copy. They are the same definitions.
    @Test func theEmbeddedBuiltInsAreTheRepositorysFiles() throws {
        let embedded = try BuiltInCatalog.definitions().sorted { $0.name < $1.name }
        let files = try BuiltInFiles.definitions().sorted { $0.name < $1.name }
        #expect(embedded.map(\.name) == files.map(\.name))
        #expect(embedded.map(\.contentHash) == files.map(\.contentHash))
        #expect(!files.isEmpty)
    }
}
