import Foundation
import TestSupport
import Testing

/// `prop get` is read without ArgumentParser's parse when it has the plain form
/// (`[--db P] prop get ID KEY [--format F]`); every answer — value, JSON, absent, unknown
/// object, JSON errors — is the same as through the parse, which the spellings below that the
/// direct reading leaves alone (`--db=P`, `--format=F`, options between the arguments) take.
struct PropGetDirectTests {
    @Test func thePlainFormAnswersAsTheParsedOne() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try CLI.run(["--db", db, "object", "add", "cell-1", "--type", "cell"]).status == 0)
        #expect(try CLI.run(["--db", db, "prop", "set", "cell-1", "frame", "[0,0,320,44]", "--type", "rect"]).status == 0)
        #expect(try CLI.run(["--db", db, "prop", "set", "cell-1", "title", "\"a b\""]).status == 0)

        let cases: [(direct: [String], parsed: [String])] = [
            (["--db", db, "prop", "get", "cell-1", "frame"], ["prop", "get", "--db=\(db)", "cell-1", "frame"]),
            (["prop", "get", "cell-1", "title", "--db", db], ["prop", "--db", db, "get", "cell-1", "title"]),
            (["--db", db, "prop", "get", "cell-1", "frame", "--format", "json"], ["--db", db, "prop", "get", "cell-1", "frame", "--format=json"]),
            (["--db", db, "prop", "get", "cell-1", "--format", "table", "nothing"], ["--db=\(db)", "prop", "get", "cell-1", "nothing"]),
            (["--db", db, "prop", "get", "cell-2", "frame"], ["--db=\(db)", "prop", "get", "cell-2", "frame"]),
            (["--db", db, "prop", "get", "cell-2", "frame", "--format", "json"], ["--db=\(db)", "prop", "get", "cell-2", "frame", "--format=json"]),
            (["prop", "get", "cell-1", "frame", "--db", folder.file("new.sqlite")], ["prop", "get", "cell-1", "frame", "--db=\(folder.file("new2.sqlite"))"])
        ]
        for (direct, parsed) in cases {
            let a = try CLI.run(direct), b = try CLI.run(parsed)
            #expect(
                a.status == b.status && a.stdout == b.stdout && a.stderr.replacingOccurrences(of: "new.sqlite", with: "new2.sqlite") == b.stderr,
                "\(direct): \(a) against \(b)")
        }
        // The answers themselves, so that both ways cannot be wrong alike.
        #expect(try CLI.run(["--db", db, "prop", "get", "cell-1", "frame"]).stdout == "[0,0,320,44]\n")
        #expect(try CLI.run(["--db", db, "prop", "get", "cell-1", "nothing"]).status == 1)
        // Forms it does not read go through the parse: help, a missing key, an unknown format, a repeated --db (the last wins).
        #expect(try CLI.run(["prop", "get", "--help"]).stdout.contains("USAGE: catalog prop get"))
        #expect(try CLI.run(["--db", db, "prop", "get", "cell-1"]).stderr.contains("Missing expected argument '<key>'"))
        #expect(try CLI.run(["--db", db, "prop", "get", "cell-1", "frame", "--format", "yaml"]).stderr.contains("yaml"))
        #expect(try CLI.run(["--db", folder.file("other.sqlite"), "prop", "get", "cell-1", "frame", "--db", db]).stdout == "[0,0,320,44]\n")
    }
}
