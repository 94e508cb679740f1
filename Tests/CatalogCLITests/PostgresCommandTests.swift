import Foundation
import TestSupport
import Testing

/// `catalog --db postgres://…` against the suite's throwaway server: every command prints what
/// it prints on SQLite; many machines write at once and followers miss nothing; a read-only
/// role reads everything and writes nothing.
struct PostgresCommandTests {
    let folder = TemporaryFolder()

    private func newURL() throws -> String {
        let server = try PostgresServer.shared()
        return server.url(database: try server.createDatabase())
    }

    @Test func everyCommandPrintsTheSameOnBothBackends() throws {
        let sqlite = folder.file("c.sqlite"), postgres = try newURL()
        let commands: [[String]] = [
            ["demo"], ["list", "--format", "json"], ["search", "fade", "--format", "json"], ["search", "slide in"], ["search", "übergang"],
            ["show", "fade-in", "--format", "json"], ["history", "fade-in", "--format", "json"],
            ["object", "list", "--format", "json"], ["object", "show", "demo-cell", "--format", "json"],
            ["prop", "set", "demo-cell", "title", "\"Hello\""], ["prop", "list", "demo-cell", "--format", "json"],
            ["apply", "pulse", "--to", "demo-image", "--at", "3"], ["send", "select", "--to", "demo-cell", "--at", "3.5", "--format", "json"],
            ["state", "demo-cell", "--at", "3.6", "--format", "json"], ["replay", "--fps", "5", "--until", "4", "--format", "json"],
            ["log", "--since", "40", "--format", "jsonl"], ["snapshot"], ["snapshot", "--list", "--format", "json"],
            ["replay", "--verify"], ["store", "export"], ["object", "remove", "demo-card"], ["log", "--reverse", "--limit", "3"]
        ]
        for command in commands {
            let a = try CLI.run(["--db", sqlite] + command), b = try CLI.run(["--db", postgres] + command)
            #expect(a.status == 0 && b.status == 0, "\(command): \(a.stderr) \(b.stderr)")
            #expect(a.stdout == b.stdout, "\(command.joined(separator: " "))")
        }
    }

    /// DESIGN's concurrency bar on a server: 8 processes × 300 `prop set` on one object, and
    /// 2 followers started with them that each see every event once, in order.
    @Test func eightWritingProcessesAndTwoFollowersLoseNothing() throws {
        let url = try newURL()
        #expect(try CLI.run(["--db", url, "object", "add", "shared", "--type", "view"]).status == 0)
        let since =
            try CLI.run(["--db", url, "log", "--reverse", "--limit", "1", "--format", "jsonl"]).stdout
            .split(separator: "\"seq\":").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        let writers = 8, sets = 300
        let followers = (0..<2).map { index in
            "timeout 300 \"$CATALOG\" --db '\(url)' log --follow --since \(since) --format jsonl --limit \(writers * sets) > '\(folder.file("follower-\(index)"))'"
        }
        let writing = (0..<writers).map { worker in
            "i=0; while [ $i -lt \(sets) ]; do \"$CATALOG\" --db '\(url)' prop set shared w\(worker)-$i $i >/dev/null || exit 1; i=$((i+1)); done"
        }
        for result in try CLI.concurrently(followers + writing) { #expect(result.status == 0, "\(result.stderr)") }
        let logged = try CLI.run(["--db", url, "log", "--since", String(since), "--format", "jsonl"]).stdout
        #expect(logged.split(separator: "\n").count == writers * sets, "no write lost")
        let listed = try CLI.run(["--db", url, "prop", "list", "shared", "--format", "json"]).stdout
        #expect(listed.components(separatedBy: "\"key\"").count - 1 == writers * sets)
        for index in 0..<2 {
            #expect(try String(contentsOfFile: folder.file("follower-\(index)"), encoding: .utf8) == logged, "follower \(index)")
        }
    }

    @Test func aReadOnlyRoleReadsEverythingAndWritesNothing() throws {
        let server = try PostgresServer.shared()
        let name = try server.createDatabase()
        let owner = server.url(database: name)
        #expect(try CLI.run(["--db", owner, "demo"]).status == 0)
        let role = "viewer_" + name.suffix(8)
        // The GRANTs the README gives for a read-only role.
        try server.psql("CREATE ROLE \(role) LOGIN PASSWORD 'view-only'; GRANT CONNECT ON DATABASE \(name) TO \(role);")
        try server.psql("GRANT USAGE ON SCHEMA public TO \(role); GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(role);", database: name)
        let viewer = server.url(database: name, user: role, password: "view-only")
        for command in [["list"], ["state", "demo-cell", "--format", "json"], ["log", "--limit", "5"], ["replay", "--verify"], ["prop", "list", "demo-cell"]] {
            let read = try CLI.run(["--db", viewer] + command)
            #expect(read.status == 0, "\(command): \(read.stderr)")
            #expect(read.stdout == (try CLI.run(["--db", owner] + command)).stdout, "\(command)")
        }
        let before = try CLI.run(["--db", owner, "log", "--format", "jsonl"]).stdout
        for command in [["prop", "set", "demo-cell", "title", "\"x\""], ["object", "add", "new", "--type", "view"], ["remove", "fade-in"]] {
            let write = try CLI.run(["--db", viewer] + command)
            #expect(write.status == 1, "\(command)")
            #expect(write.stderr.contains("permission denied: the catalog is read-only for role '\(role)'"), "\(command): \(write.stderr)")
            #expect(write.stderr.split(separator: "\n").count == 1)
        }
        #expect(try CLI.run(["--db", owner, "log", "--format", "jsonl"]).stdout == before, "nothing written")
    }

    /// The role machines write with needs no more than row privileges once the owner has
    /// created the tables (the README's GRANTs).
    @Test func aWriterRoleWithRowPrivilegesOnlyRunsEveryWritingCommand() throws {
        let server = try PostgresServer.shared()
        let name = try server.createDatabase()
        #expect(try CLI.run(["--db", server.url(database: name), "init"]).status == 0)
        let role = "writer_" + name.suffix(8)
        try server.psql("CREATE ROLE \(role) LOGIN PASSWORD 'write-rows'; GRANT CONNECT ON DATABASE \(name) TO \(role);")
        try server.psql(
            """
            GRANT USAGE ON SCHEMA public TO \(role);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(role);
            GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO \(role);
            """, database: name)
        let writer = server.url(database: name, user: role, password: "write-rows")
        let definition = folder.file("nudge.yaml")
        try "name: nudge\nkind: animation\nversion: 1.0.0\nanimation: {type: basic, keyPath: position.x, byValue: 4, duration: 0.2}\n"
            .write(toFile: definition, atomically: true, encoding: .utf8)
        for command in [
            ["add", definition], ["object", "add", "cell", "--type", "cell"], ["prop", "set", "cell", "alpha", "0.5"],
            ["apply", "nudge", "--to", "cell", "--at", "1"], ["send", "select", "--to", "cell", "--at", "2"],
            ["object", "remove", "cell"], ["object", "add", "card", "--type", "view", "--at", "3"], ["snapshot"],
            ["prop", "set", "card", "alpha", "1", "--at", "4"], ["log", "compact", "--before-time", "4"], ["replay", "--verify"]
        ] {
            let result = try CLI.run(["--db", writer] + command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
    }
}
