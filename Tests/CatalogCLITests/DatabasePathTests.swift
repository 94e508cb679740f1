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
            ("mysql://team@db.example.com:3306/catalog", "mysql:// is not a catalog location: give --db a file path or a postgres:// URL"),
            // Port 1 on loopback: nothing listens there.
            ("postgres://team:secret-password@127.0.0.1:1/catalog", "cannot reach the PostgreSQL server at 127.0.0.1:1"),
            (folder.path, "is a folder: give a database file, e.g. \(folder.path)/catalog.sqlite"),
            (notDatabase, "is not a catalog database (not an SQLite file)")
        ] {
            let result = try CLI.run(["--db", path, "list"], directory: folder.path)
            #expect(result.status == 1 && result.stderr.contains(message) && !result.stderr.contains("SQLite error"), "\(path): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line")
            #expect(!result.stderr.contains("secret-password"))
        }
        // A URL made no folder named after its scheme.
        #expect(!FileManager.default.fileExists(atPath: folder.file("mysql:")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("postgres:")))
    }

    @Test func theCommandSaysItsVersion() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0 && result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.5.0")
    }
}
