import CatalogKit
import Foundation
import GRDB
import TestSupport
import Testing

struct CommandTests {
    let folder = TemporaryFolder()

    func snapshot(_ path: String) throws -> String {
        try DatabaseQueue(path: path).read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'component_search%' ORDER BY name")
            return try tables.map { try Row.fetchAll(db, sql: "SELECT * FROM \"\($0)\"").description }.joined(separator: "\n")
        }
    }

    @Test func theBinaryCopiedAloneCreatesMigratesAndLists() throws {
        let lonely = folder.file("alone")
        try FileManager.default.createDirectory(atPath: lonely, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.executable, toPath: lonely + "/catalog")
        let result = try CLI.run(["--db", "fresh.sqlite", "list"], executable: lonely + "/catalog", directory: lonely)
        #expect(result.status == 0, "\(result.stderr)")
        for definition in try BuiltInCatalog.definitions() {
            // Token sets list with `list --kind tokens`, not among the components.
            let listed = result.stdout.split(separator: "\n").map { $0.prefix(while: { $0 != " " }) }
            #expect(listed.contains(Substring(definition.name)) == (definition.kind != .tokens), "\(definition.name)")
        }
        let status = try CLI.run(
            ["migrate", "--status", "--format", "json"], executable: lonely + "/catalog",
            environment: ["CATALOG_DB": lonely + "/fresh.sqlite"])
        let entries = try JSONValue(jsonData: Data(status.stdout.utf8)).arrayValue ?? []
        #expect(entries.count == (try Migration.embedded().count))
        #expect(entries.allSatisfy { $0["applied_at"] != .null })
    }

    /// The whole history as `store export` writes it: what "nothing changed" compares on
    /// either backend (every change logs its event).
    func history(_ db: String) throws -> String { try CLI.run(["--db", db, "store", "export"]).stdout }

    @Test(arguments: CLIBackend.allCases) func invalidDefinitionsNameFilePathAndRuleAndChangeNothing(backend: CLIBackend) throws {
        let db = try backend.database(in: folder)
        try CLI.run(["--db", db, "init"])
        let good = folder.file("good.yaml")
        let bad = folder.file("bad.yaml")
        try "name: good-one\nkind: layout\nversion: 1.0.0\nlayout: {stack: {}}\n".write(toFile: good, atomically: true, encoding: .utf8)
        try "name: bad-one\nkind: layout\nversion: 1.0.0\nlayout: {stack: {}}\nparameters: {gap: {type: number, default: wide}}\n"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let before = try history(db)
        let result = try CLI.run(["--db", db, "add", good, bad])
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(bad): parameters.gap.default: must be a number"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was added"))
        #expect(try history(db) == before)
        let validate = try CLI.run(["validate", bad])
        #expect(validate.status != 0 && validate.stderr.contains("parameters.gap.default"))

        // Animation bodies are checked too: non-monotonic key times name their field.
        let keyframes = folder.file("wobble.yaml")
        try """
        name: wobble
        kind: animation
        version: 1.0.0
        animation: {type: keyframe, keyPath: position.x, values: [0, 10, 0], keyTimes: [0, 0.8, 0.5]}
        """.write(toFile: keyframes, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["--db", db, "add", good, keyframes])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("\(keyframes): animation.keyTimes[2]: key times must not decrease"), "\(refused.stderr)")
        #expect(try history(db) == before)
    }

    @Test(arguments: CLIBackend.allCases) func addFromStandardInputThenShowHistoryAndSearch(backend: CLIBackend) throws {
        let db = try backend.database(in: folder)
        let v1 =
            "{\"name\": \"blink\", \"keyframes\": [{\"opacity\": 1}, {\"opacity\": 0}], \"kind\": \"animation\", \"version\": \"1.0.0\", \"summary\": \"Blink once\"}"
        #expect(try CLI.run(["--db", db, "add", "-"], stdin: v1).stdout.contains("added blink 1.0.0"))
        #expect(try CLI.run(["--db", db, "add", "-"], stdin: v1).stdout.contains("unchanged blink 1.0.0"))
        let v2 = v1.replacingOccurrences(of: "1.0.0", with: "1.1.0").replacingOccurrences(of: "once", with: "twice")
        #expect(try CLI.run(["--db", db, "add", "-"], stdin: v2).stdout.contains("updated blink 1.0.0 → 1.1.0"))
        let old = try JSONValue(jsonData: Data(try CLI.run(["--db", db, "show", "blink@1.0.0", "--format", "json"]).stdout.utf8))
        #expect(old["summary"] == "Blink once")
        #expect(old["definition"]?["version"] == "1.0.0")
        let history = try JSONValue(jsonData: Data(try CLI.run(["--db", db, "history", "blink", "--format", "json"]).stdout.utf8))
        #expect(history.arrayValue?.compactMap { $0["version"]?.stringValue } == ["1.0.0", "1.1.0"])
        let found = try CLI.run(["--db", db, "search", "bli", "--format", "json"])
        #expect(try JSONValue(jsonData: Data(found.stdout.utf8)).arrayValue?.first?["name"] == "blink")
        let hostile = try CLI.run(["--db", db, "search", "\"NEAR( OR -*"])
        #expect(hostile.status == 0, "\(hostile.stderr)")
    }

    @Test func databaseComesFromOptionOrEnvironment() throws {
        let viaEnvironment = folder.file("env.sqlite")
        try CLI.run(["object", "add", "v", "--type", "view"], environment: ["CATALOG_DB": viaEnvironment])
        let listed = try CLI.run(["--db", viaEnvironment, "object", "list", "--format", "json"])
        #expect(try JSONValue(jsonData: Data(listed.stdout.utf8)) == [["id": "v", "type": "view", "owners": []]])
        let after = try CLI.run(["object", "list", "--db", viaEnvironment, "--format", "json"])
        #expect(try JSONValue(jsonData: Data(after.stdout.utf8)) == [["id": "v", "type": "view", "owners": []]])
        let elsewhere = folder.file("other.sqlite")  // --db wins over $CATALOG_DB
        let other = try CLI.run(["--db", elsewhere, "object", "list", "--format", "json"], environment: ["CATALOG_DB": viaEnvironment])
        #expect(try JSONValue(jsonData: Data(other.stdout.utf8)) == [])
    }

    @Test(arguments: CLIBackend.allCases) func propertiesThroughTheCommandLine(backend: CLIBackend) throws {
        let db = try backend.database(in: folder)
        for arguments in [
            ["object", "add", "field", "--type", "textField"], ["object", "add", "label", "--type", "label"],
            ["prop", "set", "field", "placeholderLabel", "@label"],
            ["prop", "set", "field", "frame", "0,5,35,30", "--type", "rect"],
            ["prop", "set", "field", "alwaysBouncePlaceholder", "true"]
        ] {
            let result = try CLI.run(["--db", db] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let frame = try CLI.run(["--db", db, "prop", "get", "field", "frame", "--format", "json"])
        #expect(try JSONValue(jsonData: Data(frame.stdout.utf8)) == ["key": "frame", "type": "rect", "value": [0, 5, 35, 30], "policy": "retain"])
        let missing = try CLI.run(["--db", db, "prop", "get", "field", "nothing"])
        #expect(missing.status != 0 && missing.stderr.contains("field has no property 'nothing'"))
        let badType = try CLI.run(["--db", db, "prop", "set", "field", "link", "not a url", "--type", "url"])
        #expect(badType.status != 0 && badType.stderr.contains("absolute URL"))
        #expect(try CLI.run(["--db", db, "prop", "set", "field", "alwaysBouncePlaceholder", "null"]).stdout.contains("unset"))
        let removed = try CLI.run(["--db", db, "object", "remove", "field"])
        // alwaysBouncePlaceholder is a bouncy-placeholder property: setting it attached the
        // decorator and made its children, which go with the field.
        #expect(
            removed.stdout.contains("removed field, field/decorator:bouncy-placeholder, field/placeholderLabel, field/rightPlaceholderLabel, label"),
            "\(removed.stdout)")
        let log = try JSONValue(jsonData: Data(try CLI.run(["--db", db, "log", "--object", "field", "--format", "json"]).stdout.utf8))
        #expect(
            log.arrayValue?.compactMap { $0["operation"]?.stringValue }
                == ["object.add", "prop.set", "prop.set", "prop.set", "prop.unset", "object.remove"])
        let unknown = try CLI.run(["--db", db, "prop", "set", "ghost", "k", "1"])
        #expect(unknown.status != 0 && unknown.stderr.contains("no object 'ghost'"))
    }

    @Test func shellCompletionOffersComponentAndObjectNamesFromTheDatabase() throws {
        let db = folder.file("complete.sqlite")
        try CLI.run(["--db", db, "object", "add", "cell-7", "--type", "cell"])
        // What the generated shell scripts run: argument id, word index, cursor, then the words.
        let components = try CLI.run(["---completion", "show", "--", "positional@0", "4", "3", "catalog", "show", "--db", db, "bou"])
        #expect(components.stdout.contains("bounce-select"), "\(components.stdout) \(components.stderr)")
        let objects = try CLI.run(["---completion", "object", "remove", "--", "positional@0", "5", "2", "catalog", "object", "remove", "--db", db, "ce"])
        #expect(objects.stdout.contains("cell-7"), "\(objects.stdout) \(objects.stderr)")
    }
}
