import CatalogStore
import CatalogKit
import Foundation
import GRDB
import TestSupport
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
            (
                try Int.fetchAll(db, sql: "SELECT version FROM schema_migration ORDER BY version"),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event WHERE operation = 'component.add'")!
            )
        }
        #expect(versions == Array(1...(try Migration.embedded().count)))
        #expect(adds == (try BuiltInCatalog.definitions().count), "built-ins loaded exactly once")
    }

    /// Sixteen first commands on one new file at once, ten new files in a row: none fails with
    /// "database is locked" (switching a new file to WAL once raced; 16 × 100 by hand: 0 failures).
    @Test func sixteenFirstCommandsOnNewFilesNeverFail() throws {
        for round in 0..<10 {
            let db = folder.file("first-\(round).sqlite")
            let results = try CLI.concurrently(Array(repeating: "\"$CATALOG\" --db '\(db)' list >/dev/null", count: 16))
            for result in results { #expect(result.status == 0, "round \(round): \(result.stderr)") }
        }
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
        #expect(try database.events.list().filter { $0.operation == .propertySet }.count == 2000)
    }

    @Test func aWriterKilledMidStreamLosesNoCommittedWriteAndLeavesNoHalfChange() throws {
        let db = folder.file("killed.sqlite")
        let committed = folder.file("committed")
        try CLI.run(["--db", db, "init"])
        for id in ["obj-a", "obj-b"] { try CLI.run(["--db", db, "object", "add", id, "--type", "view"]) }
        // The victim writes in its own process group, noting each set that returned; after 150
        // sets of its own, the other writer kills that group with SIGKILL — wherever the victim
        // is, in a commit or between two. (Its loop is bounded only so that a failed kill ends.)
        let script = """
            setsid sh -c 'i=0; while [ $i -lt 5000 ]; do "$CATALOG" --db "$1" prop set obj-a a-$i $i >/dev/null && echo $i >> "$2"; i=$((i+1)); done' \\
                victim '\(db)' '\(committed)' &
            victim=$!
            i=0; while [ $i -lt 150 ]; do "$CATALOG" --db '\(db)' prop set obj-b b-$i $i >/dev/null || exit 1; i=$((i+1)); done
            kill -9 -$victim
            wait $victim
            [ $? -eq 137 ] || { echo "the victim was not killed" >&2; exit 3; }
            """
        let result = try #require(try CLI.concurrently([script]).first)
        #expect(result.status == 0, "\(result.stderr)")

        let database = try CatalogDatabase(path: db)
        #expect(try database.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
        let reported = try String(contentsOfFile: committed, encoding: .utf8).split(separator: "\n").compactMap { Int($0) }
        #expect(!reported.isEmpty)
        let stored = try database.properties.list(on: "obj-a")
        let values = Dictionary(uniqueKeysWithValues: stored.map { ($0.key, $0.value) })
        for i in reported { #expect(values["a-\(i)"] == .number(Double(i)), "a-\(i) reported set but missing") }
        // Each change and its event row committed together: as many set events as values.
        #expect(try database.events.list(object: "obj-a").filter { $0.operation == .propertySet }.count == stored.count)
        #expect(try database.properties.list(on: "obj-b").count == 150)
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
