import Foundation
import TestSupport
import Testing

/// `catalog import` does what the same `object add` / `prop set` commands do one by one, in one
/// transaction, and a bad row names its line and leaves the database as it was.
struct ImportCommandTests {
    private func run(_ arguments: [String], db: String, stdin: String? = nil) throws -> CLI.Result {
        try CLI.run(arguments, environment: ["CATALOG_DB": db], stdin: stdin)
    }

    /// What every object holds, as `object show --format json` prints it, object by object.
    private func contents(_ db: String) throws -> [String] {
        let ids = try run(["object", "list", "--format", "json"], db: db).stdout
        let list = try JSONSerialization.jsonObject(with: Data(ids.utf8)) as? [[String: Any]] ?? []
        return try list.compactMap { $0["id"] as? String }.sorted().map { try run(["object", "show", $0, "--format", "json"], db: db).stdout }
    }

    @Test(arguments: ["jsonl", "csv"])
    func anImportEqualsTheSameCommandsOneByOne(format: String) throws {
        let folder = TemporaryFolder()
        let imported = folder.file("imported.sqlite"), byHand = folder.file("by-hand.sqlite")
        let file = folder.file("changes.\(format)")
        let text =
            format == "jsonl"
            ? """
            {"object": "list-1", "type": "view"}
            {"object": "cell-1", "type": "cell", "owner": "list-1"}
            {"object": "cell-1", "key": "frame", "value": "0,0,320,44"}
            {"object": "cell-1", "key": "bounce-select.duration", "value": 0.3}
            {"object": "label-1", "type": "label"}
            {"object": "label-1", "key": "url", "value": "https://swift.org"}
            {"object": "list-1", "key": "selection", "value": "@cell-1", "policy": "weak"}

            """
            : """
            object,type,owner,key,value,policy
            list-1,view,,,,
            cell-1,cell,list-1,,,
            cell-1,,,frame,"0,0,320,44",
            cell-1,,,bounce-select.duration,0.3,
            label-1,label,,,,
            label-1,,,url,https://swift.org,
            list-1,,,selection,@cell-1,weak

            """
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run(["import", file], db: imported)
        #expect(result.status == 0 && result.stdout == "imported 3 objects and 4 properties; attached 1 decorator\n", "\(result.stderr)")
        for command in [
            ["object", "add", "list-1", "--type", "view"], ["object", "add", "cell-1", "--type", "cell", "--owner", "list-1"],
            ["prop", "set", "cell-1", "frame", "0,0,320,44"], ["prop", "set", "cell-1", "bounce-select.duration", "0.3"],
            ["object", "add", "label-1", "--type", "label"], ["prop", "set", "label-1", "url", "https://swift.org"],
            ["prop", "set", "list-1", "selection", "@cell-1", "--policy", "weak"]
        ] {
            #expect(try run(command, db: byHand).status == 0, "\(command)")
        }
        #expect(try contents(imported) == contents(byHand))
        #expect(try run(["replay", "--verify"], db: imported).status == 0)
        // One event per change, as by hand.
        #expect(try run(["log"], db: imported).stdout.split(separator: "\n").count == run(["log"], db: byHand).stdout.split(separator: "\n").count)
    }

    @Test(arguments: CLIBackend.allCases) func aBadRowNamesItsLineAndNothingIsWritten(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try run(["object", "add", "v1", "--type", "view"], db: db).status == 0)
        let before = try run(["log", "--format", "json"], db: db).stdout
        for (text, message) in [
            (
                #"{"object": "v2", "type": "view"}"# + "\n" + #"{"object": "v2", "key": "frame", "value": "wide"}"#,
                "-:2: frame of a view is a rect: must be a rect: x,y,w,h or [x, y, w, h]"
            ),
            (#"{"object": "v2", "type": "view"}"# + "\n\n" + #"{"object": "v3", "key": "k", "value": 1}"#, "-:3: no object 'v3'"),
            (#"{"object": "v2", "type": "view", "colour": "red"}"#, "-:1: unknown field 'colour'"),
            (#"{"object": "v2", "type": "view"}"# + "\n" + #"{"object": "v1", "type": "view"}"#, "-:2: object 'v1' already exists"),
            ("{\"object\": \"v2\", \"type\": \"view\"}\n{\"object\": ", "-:2: malformed")
        ] {
            let result = try run(["import", "-"], db: db, stdin: text)
            #expect(result.status == 1 && result.stderr.contains(message) && result.stderr.contains("nothing was imported"), "\(result.stderr)")
        }
        #expect(try run(["log", "--format", "json"], db: db).stdout == before, "nothing written")
    }

    /// A row's declared `type` decides what its text is, in both formats: never guessed from
    /// the text (`42` declared a string stays the string "42"; `007` declared a number is not one).
    @Test(arguments: ["jsonl", "csv"]) func aDeclaredTypeIsTheValuesTypeNotAGuess(format: String) throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try run(["object", "add", "cell-1", "--type", "cell"], db: db).status == 0)
        func rows(_ type: String, _ key: String, _ value: String) -> String {
            format == "csv"
                ? "object,type,owner,key,value,policy\ncell-1,\(type),,\(key),\(value),\n"
                : "{\"object\": \"cell-1\", \"type\": \"\(type)\", \"key\": \"\(key)\", \"value\": \"\(value)\"}\n"
        }
        for (type, key, value, stored) in [
            ("string", "title", "42", "\"42\""), ("string", "flag", "true", "\"true\""),
            ("string", "ref", "@cell-1", "\"@cell-1\""), ("number", "count", "7.5", "7.5"),
            ("url", "link", "https://swift.org", "\"https://swift.org\"")
        ] {
            let file = folder.file("\(key).\(format)")
            try rows(type, key, value).write(toFile: file, atomically: true, encoding: .utf8)
            let result = try run(["import", file], db: db)
            #expect(result.status == 0, "\(type) \(value): \(result.stderr)")
            let listed = try run(["prop", "list", "cell-1", "--format", "json"], db: db).stdout
            let entries = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]] ?? []
            let entry = entries.first { $0["key"] as? String == key }
            #expect(entry?["type"] as? String == type, "\(key) is stored as a \(type): \(listed)")
            #expect(try run(["prop", "get", "cell-1", key], db: db).stdout == stored + "\n", "\(key)")
        }
        for (type, value) in [("number", "007"), ("number", "1.5.0"), ("bool", "yes"), ("rect", "wide")] {
            let file = folder.file("bad-\(type).\(format)")
            try rows(type, "bad", value).write(toFile: file, atomically: true, encoding: .utf8)
            let result = try run(["import", file], db: db)
            #expect(
                result.status == 1 && result.stderr.contains("value for bad: must be") && result.stderr.contains("nothing was imported"),
                "\(value) declared a \(type): \(result.stderr)")
        }
    }
}
