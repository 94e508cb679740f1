import Foundation
import TestSupport
import Testing

/// A database this process may read but not write: every read command works, a write is refused
/// in one line and leaves the file as it was. Run as an unprivileged user when the suite runs as
/// root (root ignores `chmod`).
struct ReadOnlyDatabaseTests {
    /// Runs the CLI as `nobody` when we are root, else as ourselves.
    static func runUnprivileged(_ arguments: [String]) throws -> CLI.Result {
        guard getuid() == 0 else { return try CLI.run(arguments) }
        return try CLI.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", CLI.executable] + arguments,
            executable: "/usr/bin/setpriv")
    }

    static func contents(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// `writableFolder`: SQLite can create the `-shm` index beside the file; otherwise the file
    /// is read as immutable.
    @Test(arguments: [true, false])
    func aReadOnlyFileIsReadAndNeverWritten(writableFolder: Bool) throws {
        let folder = TemporaryFolder()
        let database = folder.file("catalog.sqlite")
        #expect(try CLI.run(["--db", database, "object", "add", "cell-1", "--type", "cell"]).status == 0)
        #expect(try CLI.run(["--db", database, "prop", "set", "cell-1", "note", "kept"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: database)
        try FileManager.default.setAttributes([.posixPermissions: writableFolder ? 0o777 : 0o755], ofItemAtPath: folder.path)
        let before = try Self.contents(database)

        let list = try Self.runUnprivileged(["--db", database, "list"])
        #expect(list.status == 0 && list.stdout.contains("bounce-select"), "\(list.stderr)")
        let get = try Self.runUnprivileged(["--db", database, "prop", "get", "cell-1", "note"])
        #expect(get.status == 0 && get.stdout.contains("kept"), "\(get.stderr)")
        let verify = try Self.runUnprivileged(["--db", database, "replay", "--verify"])
        #expect(verify.status == 0, "\(verify.stderr)")

        let write = try Self.runUnprivileged(["--db", database, "prop", "set", "cell-1", "note", "changed"])
        #expect(
            write.status == 1
                && write.stderr == "Error: \(database) is read-only: nothing was written (reads work; writing needs write access to the file and its folder)\n",
            "\(write.stderr)")
        #expect(try Self.contents(database) == before)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        #expect(try CLI.run(["--db", database, "prop", "get", "cell-1", "note"]).stdout.contains("kept"))
    }

    @Test func aNewDatabaseInAFolderWeCannotWriteSaysSo() throws {
        let folder = TemporaryFolder()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let result = try Self.runUnprivileged(["--db", folder.file("new.sqlite"), "list"])
        #expect(
            result.status == 1 && result.stderr.contains("its folder is missing or not writable") && !result.stderr.contains("SQLite error"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("new.sqlite")))
    }
}
