import Foundation
import TestSupport
import Testing

/// `log --follow`: followers started alongside writing processes print every event after
/// `--since` exactly once and in order — the lines `log --format jsonl` prints afterwards.
struct LogFollowTests {
    let folder = TemporaryFolder()

    @Test func followersSeeEveryEventOnceInOrderWhileProcessesWrite() throws {
        let db = folder.file("follow.sqlite")
        try CLI.run(["--db", db, "init"])
        for writer in 0..<3 { try CLI.run(["--db", db, "object", "add", "obj-\(writer)", "--type", "view"]) }
        let since =
            try CLI.run(["--db", db, "log", "--format", "jsonl", "--reverse", "--limit", "1"]).stdout
            .split(separator: "\"seq\":").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        let writers = 3, sets = 40
        // `timeout`: a follower that missed an event would wait for it forever.
        let followers = (0..<2).map { index in
            "timeout 120 \"$CATALOG\" --db '\(db)' log --follow --since \(since) --format jsonl --limit \(writers * sets) > '\(folder.file("follower-\(index).jsonl"))'"
        }
        let writing = (0..<writers).map { writer in
            "for i in $(seq 1 \(sets)); do \"$CATALOG\" --db '\(db)' prop set obj-\(writer) count $i >/dev/null || exit 1; done"
        }
        for result in try CLI.concurrently(followers + writing) { #expect(result.status == 0, "\(result.stderr)") }
        let expected = try CLI.run(["--db", db, "log", "--since", String(since), "--format", "jsonl"]).stdout
        #expect(expected.split(separator: "\n").count == writers * sets)
        for index in 0..<2 {
            #expect(try String(contentsOfFile: folder.file("follower-\(index).jsonl"), encoding: .utf8) == expected, "follower \(index)")
        }
    }

    /// The table a follower prints for the events already there is `log`'s table.
    @Test func aFollowersTableIsTheLogsTable() throws {
        let db = folder.file("table.sqlite")
        try CLI.run(["--db", db, "init"])
        try CLI.run(["--db", db, "object", "add", "cell", "--type", "cell"])
        try CLI.run(["--db", db, "prop", "set", "cell", "title", "\"a long enough title to be cut: \(String(repeating: "x", count: 120))\""])
        let table = try CLI.run(["--db", db, "log", "--since", "20"]).stdout
        let rows = table.split(separator: "\n").count - 1
        #expect(rows > 3 && table.contains("..."))
        let followed = try CLI.run(["--db", db, "log", "--since", "20", "--follow", "--limit", String(rows)])
        #expect(followed.status == 0 && followed.stdout == table)
    }

    @Test func followRefusesWhatCannotStream() throws {
        let db = folder.file("refuse.sqlite")
        for arguments in [["--follow", "--reverse"], ["--follow", "--format", "json"]] {
            let result = try CLI.run(["--db", db, "log"] + arguments)
            #expect(result.status == 64)
            #expect(result.stderr.contains("--follow"))
        }
    }
}
