import Foundation
import TestSupport
import Testing

/// What `--db` cannot be gets its own one-line message and exit status 1, and nothing is created.
struct DatabasePathTests {
    @Test func eachKindOfWrongPathSaysWhatItIs() throws {
        let folder = TemporaryFolder()
        let notDatabase = folder.file("notes.sqlite")
        try "hello".write(toFile: notDatabase, atomically: true, encoding: .utf8)
        for (path, message) in [
            ("", "the database path is empty"),
            ("postgres://team@db.example.com:5432/catalog", "postgres:// is not served by this build"),
            (folder.path, "is a folder: give a database file, e.g. \(folder.path)/catalog.sqlite"),
            (notDatabase, "is not a catalog database (not an SQLite file)"),
        ] {
            let result = try CLI.run(["--db", path, "list"], directory: folder.path)
            #expect(result.status == 1 && result.stderr.contains(message) && !result.stderr.contains("SQLite error"), "\(path): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line")
        }
        // A URL made no folder named after its scheme.
        #expect(!FileManager.default.fileExists(atPath: folder.file("postgres:")))
    }

    @Test func theCommandSaysItsVersion() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0 && result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.5.0")
    }
}
