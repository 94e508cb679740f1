import Foundation
import TestSupport
import Testing

/// Mistakes at the command line get a message a person can act on, with exit status 64.
struct ArgumentHintTests {
    private func run(_ arguments: [String], db: String) throws -> CLI.Result { try CLI.run(arguments, environment: ["CATALOG_DB": db]) }

    @Test(arguments: [
        (["lst"], "Error: 'lst' is not a catalog command. Did you mean 'list'?\nSee 'catalog --help'.\n"),
        (["lsit", "--kind", "chain"], "Error: 'lsit' is not a catalog command. Did you mean 'list'?\nSee 'catalog --help'.\n"),
        (["prop", "sett", "v1", "k", "1"], "Error: 'sett' is not a catalog prop command. Did you mean 'set'?\nSee 'catalog prop --help'.\n"),
        (["--db", "x.sqlite", "objct", "list"], "Error: 'objct' is not a catalog command. Did you mean 'object'?\nSee 'catalog --help'.\n"),
        (["xyzzy"], "Error: 'xyzzy' is not a catalog command.\nSee 'catalog --help'.\n")
    ])
    func aMistypedCommandSuggestsTheClosest(arguments: [String], message: String) throws {
        let folder = TemporaryFolder()
        let result = try CLI.run(arguments, directory: folder.path)
        #expect(result.status == 64 && result.stderr == message && result.stdout.isEmpty, "\(result.stderr)")
    }

    /// `-dash` would be read as `-d -a -s -h`, and `-h` prints help and exits 0.
    @Test func aWordAfterOneDashIsRefusedNotReadAsHelp() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        let result = try run(["object", "add", "-dash", "--type", "cell"], db: db)
        #expect(result.status == 64 && result.stdout.isEmpty && result.stderr.hasPrefix("Error: '-dash' is not an option"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "nothing opened, nothing created")
    }

    @Test func negativeNumbersWorkAfterOptionsAndAreExplainedWhereTheyCannot() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try run(["object", "add", "v1", "--type", "view"], db: db).status == 0)
        // An option's value may start with '-'.
        let sample = try run(["sample", "fade-in", "--at", "-0.1,0", "--format", "json"], db: db)
        #expect(sample.status == 0 && sample.stdout.contains("\"t\": -0.1"), "\(sample.stderr)")
        let fps = try run(["sample", "fade-in", "--fps", "-5"], db: db)
        #expect(fps.status == 64 && fps.stderr.contains("--fps must be a positive number"), "\(fps.stderr)")
        // A positional value cannot: the parser reads it as an option, so the error says what to write.
        let positional = try run(["prop", "set", "v1", "offset", "-1"], db: db)
        #expect(
            positional.status == 64 && positional.stderr.contains("Hint: '-1' was read as an option")
                && positional.stderr.contains("catalog prop set v1 offset -- -1"))
        #expect(try run(["prop", "set", "v1", "offset", "--", "-1"], db: db).status == 0)
        #expect(try run(["prop", "get", "v1", "offset"], db: db).stdout == "-1\n")
    }

    /// `send` says what an event did when it emitted no effect, and when nothing took it.
    @Test func sendSaysWhatTheEventDidWithoutEffects() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try run(["object", "add", "c1", "--type", "cell"], db: db).status == 0)
        #expect(try run(["apply", "bounce-select", "--to", "c1"], db: db).status == 0)
        let select = try run(["send", "select", "--to", "c1"], db: db)
        #expect(select.status == 0 && select.stdout == "no effects; set c1.transform; ran bounce-select on c1\n", "\(select.stdout)")
        let tap = try run(["send", "tap", "--to", "c1"], db: db)
        #expect(tap.status == 0 && tap.stdout == "no effects: nothing on c1 handles 'tap' (the event is logged)\n", "\(tap.stdout)")
        // JSON keeps its documented shape.
        #expect(try run(["send", "tap", "--to", "c1", "--format", "json"], db: db).stdout == "{\n  \"effects\": []\n}\n")
    }
}
