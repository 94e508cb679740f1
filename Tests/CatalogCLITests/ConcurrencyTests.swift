import CatalogKit
import Foundation
import GRDB
import Testing

/// Several `catalog` processes on one database file at the same moment.
@Suite(.serialized) struct ConcurrencyTests {
    let folder = TemporaryFolder()

    @Test func eightProcessesInitialisingOneNewFileEachMigrationOnce() throws {
        let db = folder.file("init.sqlite")
        let results = try CLI.concurrently(Array(repeating: "\"$CATALOG\" --db '\(db)' init", count: 8))
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("locked"))
        }
        let (versions, adds) = try DatabaseQueue(path: db).read { db in
            (try Int.fetchAll(db, sql: "SELECT version FROM schema_migration ORDER BY version"),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event WHERE operation = 'component.add'")!)
        }
        #expect(versions == Array(1...(try Migration.embedded().count)))
        #expect(adds == (try BuiltInCatalog.definitions().count), "built-ins loaded exactly once")
    }

    @Test func fourProcessesTimesFiveHundredSetsLoseNothing() throws {
        let db = folder.file("sets.sqlite")
        try CLI.run(["--db", db, "init"])
        for worker in 0..<4 { try CLI.run(["--db", db, "object", "add", "obj-\(worker)", "--type", "view"]) }
        let scripts = (0..<4).map { worker in
            "i=0; while [ $i -lt 500 ]; do \"$CATALOG\" --db '\(db)' prop set obj-\(worker) key-$i $i >/dev/null || exit 1; i=$((i+1)); done"
        }
        let results = try CLI.concurrently(scripts)
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("locked"))
        }
        let database = try CatalogDatabase(path: db)
        for worker in 0..<4 {
            let properties = try database.properties.list(on: "obj-\(worker)")
            #expect(properties.count == 500)
            let missing = Set((0..<500).map { PropertyValue.number(Double($0)) }).subtracting(properties.map(\.value))
            #expect(missing.isEmpty, "\(missing.count) values lost")
        }
        #expect(try database.events.list().filter { $0.operation == "prop.set" }.count == 2000)
    }

    @Test func aLibraryHandleSeesAnotherProcesssWrite() throws {
        let db = folder.file("cross.sqlite")
        let database = try CatalogDatabase(path: db)
        try database.objects.add(id: "cell", type: "cell")
        try database.properties.set(.number(1), for: "scale", on: "cell")
        #expect(try database.properties.value(for: "scale", on: "cell") == .number(1))  // now cached
        let result = try CLI.run(["--db", db, "prop", "set", "cell", "scale", "0.9"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try database.properties.value(for: "scale", on: "cell") == .number(0.9))
    }
}
