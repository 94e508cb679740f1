import CatalogKit
import Foundation
import TestSupport
import Testing

/// The console blocks of the README and of `docs/` are real output, and stay so: each block's commands run in a
/// shell with the built `catalog` on the PATH, in a new folder on a new database (the setup a
/// block needs, and the files its `cat` lines show, made first), and what each prints is
/// compared with what the file shows under it. The PostgreSQL blocks run, in order, on one
/// database of the suite's throwaway server.
struct ReadmeTests {
    struct Step {
        var command: String
        var expected: String
    }

    struct Block {
        /// The file it is in (`README.md`, `docs/PostgreSQL.md`).
        var file: String
        /// The line of its opening fence.
        var line: Int
        var steps: [Step]
        var first: String { steps.first?.command ?? "" }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path

    /// The files whose console blocks are checked: the README, then `docs/` in name order.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs").filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md"] + docs.map { "docs/" + $0 }
    }

    static func blocks() throws -> [Block] {
        var blocks: [Block] = []
        for file in try documents() {
            let lines = try String(contentsOfFile: root + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            var current: Block?
            for (index, line) in lines.enumerated() {
                if current == nil {
                    if line == "```console" { current = Block(file: file, line: index + 1, steps: []) }
                    continue
                }
                if line == "```" {
                    blocks.append(current!)
                    current = nil
                } else if line.hasPrefix("$ ") {
                    current!.steps.append(Step(command: String(line.dropFirst(2)), expected: ""))
                } else if !current!.steps.isEmpty {
                    current!.steps[current!.steps.count - 1].expected += line + "\n"
                }
            }
        }
        return blocks
    }

    /// Runs one block in bash; returns each command's output (stdout and stderr as they came).
    static func run(_ block: Block, in folder: TemporaryFolder, setup: String, environment: String, rewrite: (String) -> String) throws -> [String] {
        let bin = folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: bin + "/catalog", withDestinationPath: CLI.executable)
        var script = "cd '\(folder.path)'\nexport PATH='\(bin)':\"$PATH\"\nexport CATALOG_DB='\(folder.file("c.sqlite"))'\n\(environment)\n"
        script += "{\n:\n\(setup)\n} >/dev/null 2>&1\n"
        for (index, step) in block.steps.enumerated() {
            script += "printf '\\n@@step \(index)@@\\n'\n{\n\(rewrite(step.command))\n} 2>&1\n"
        }
        let result = try CLI.run(["-c", script], executable: "/bin/bash")
        var outputs: [String] = []
        for index in block.steps.indices {
            let start = result.stdout.range(of: "\n@@step \(index)@@\n")
            let end = result.stdout.range(of: "\n@@step \(index + 1)@@\n")
            guard let start else { outputs.append("(no output: \(result.stderr))"); continue }
            outputs.append(String(result.stdout[start.upperBound..<(end?.lowerBound ?? result.stdout.endIndex)]))
        }
        return outputs
    }

    /// What may differ from run to run: the time a migration was applied.
    static func normalized(_ text: String) -> String {
        let trimmed = text.components(separatedBy: "\n").map { line in
            String(line.reversed().drop(while: { $0 == " " }).reversed())
        }.joined(separator: "\n").trimmingCharacters(in: .newlines)
        return trimmed.replacingOccurrences(of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"#, with: "<time>", options: .regularExpression)
    }

    static func compare(_ block: Block, _ outputs: [String], rewriteExpected: (String) -> String = { $0 }) -> [String] {
        zip(block.steps, outputs).compactMap { step, output in
            let expected = normalized(rewriteExpected(step.expected)), actual = normalized(output)
            guard expected != actual else { return nil }
            record(block, step, output)
            return "\(block.file):\(block.line) `$ \(step.command)`:\n--- shown\n\(expected)\n--- real\n\(actual)"
        }
    }

    /// With `README_DIFFERENCES=FILE`, each difference is also written to FILE as a JSON line
    /// (`line`, `command`, `real`), for a maintainer who changed what a command prints to bring
    /// the README up to date from — the test still fails until the README shows it.
    static func record(_ block: Block, _ step: Step, _ output: String) {
        guard let path = ProcessInfo.processInfo.environment["README_DIFFERENCES"] else { return }
        let line =
            JSONValue.object(["file": .string(block.file), "line": .number(Double(block.line)), "command": .string(step.command), "real": .string(output)])
            .canonicalText + "\n"
        if let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(Data(line.utf8))
            try? handle.close()
        } else {
            FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
        }
    }

    /// What a block needs before its first command, by that command.
    static func setup(for block: Block) -> String {
        let cells = (1...1000).map { #"{"object": "cell-\#($0)", "type": "cell"}"# }.joined(separator: "\n")
        // Files the block shows with `cat` hold what it shows.
        var files = block.steps.filter { $0.command.hasPrefix("cat ") }.map { step in
            "cat > '\(step.command.dropFirst(4))' <<'README_EOF'\n\(step.expected)README_EOF"
        }
        switch block.first {
        case "catalog lst":
            files.append(
                #"""
                printf '{"name": "wobble",\n"kind": "animation", "name": "wobble-2"}\n' > wobble.json
                catalog --db ro.sqlite object add cell-1 --type cell && chmod 444 ro.sqlite && chmod 755 .
                catalog object add cell-1 --type cell
                """#)
        case "cat cells.jsonl":
            files.append(#"printf '{"object": "cell-9", "type": "cell"}\n{"object": "cell-9", "key": "frame", "value": "wide"}\n' > bad.jsonl"#)
        case let first where first.hasPrefix("catalog import cells.jsonl"):
            files.append("cat > cells.jsonl <<'README_EOF'\n\(cells)\nREADME_EOF")
        case "catalog validate wobble.yaml":
            files.append(
                """
                cat > wobble.yaml <<'README_EOF'
                name: wobble
                kind: animation
                version: 1.0.0
                animation: {type: keyframe, keyPath: opacity, values: [0, 1, 0], keyTimes: [0, 0.8, 0.5]}
                README_EOF
                """)
        default: break
        }
        return files.joined(separator: "\n")
    }

    /// A command that must run as a user who may only read: as `nobody` when the suite is root.
    static func rewriteForUser(_ command: String) -> String {
        guard getuid() == 0, command.contains("--db ro.sqlite") else { return command }
        return "setpriv --reuid=65534 --regid=65534 --clear-groups " + command.replacingOccurrences(of: "catalog ", with: "\(CLI.executable) ")
    }

    static let postgresBlocks = ["createdb ", "catalog log --follow", "catalog --db postgres://viewer", "catalog store export"]
    /// The blocks of *Catalogs that share*, in order on one folder: A served, B consuming.
    static let registryBlocks = ["catalog --db a.sqlite registry build", "cat catalog.json", "catalog outdated", "printf '%s\\n' '{\"jsonrpc\""]

    @Test func everyConsoleBlockOnAFileShowsRealOutput() throws {
        let blocks = try Self.blocks().filter { block in !(Self.postgresBlocks + Self.registryBlocks).contains { block.first.hasPrefix($0) } }
        #expect(blocks.count >= 11, "the console blocks: \(blocks.map { "\($0.file):\($0.line)" })")
        var problems: [String] = []
        for block in blocks {
            let folder = TemporaryFolder()
            let outputs = try Self.run(
                block, in: folder, setup: Self.setup(for: block), environment: "",
                rewrite: { Self.rewriteForUser($0.replacingOccurrences(of: "/tmp/readme/", with: folder.path + "/")) })
            problems += Self.compare(block, outputs)
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    /// The session of *A team catalog on PostgreSQL*: its blocks in order on one database.
    @Test func thePostgresBlocksShowRealOutput() throws {
        let blocks = try Self.blocks().filter { block in Self.postgresBlocks.contains { block.first.hasPrefix($0) } }
        #expect(blocks.count == Self.postgresBlocks.count, "the PostgreSQL blocks: \(blocks.map { "\($0.file):\($0.line)" })")
        let server = try PostgresServer.shared()
        let database = try server.createDatabase()
        let folder = TemporaryFolder()
        let address = "127.0.0.1:\(server.port)"
        func rewrite(_ text: String) -> String {
            text.replacingOccurrences(of: "127.0.0.1:55432/team", with: "\(address)/\(database)")
                .replacingOccurrences(of: "127.0.0.1:55432", with: address)
                .replacingOccurrences(of: "127.0.0.1:1/team", with: "127.0.0.1:1/\(database)")
        }
        let environment = "export PGPASSWORD='\(PostgresServer.password)'\nexport CATALOG_DB='\(server.url(database: database, password: nil))'"
        var problems: [String] = []
        for block in blocks {
            if block.first.hasPrefix("catalog --db postgres://viewer") {
                _ = try server.psql(
                    """
                    DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'viewer') THEN
                      CREATE ROLE viewer LOGIN PASSWORD '\(PostgresServer.password)'; END IF; END $$;
                    GRANT CONNECT ON DATABASE "\(database)" TO viewer;
                    """)
                _ = try server.psql("GRANT USAGE ON SCHEMA public TO viewer; GRANT SELECT ON ALL TABLES IN SCHEMA public TO viewer;", database: database)
            }
            let outputs = try Self.run(block, in: folder, setup: "", environment: environment) { command in
                // The database is the test's own, made already; a follower stops once it printed what the README shows.
                if command.hasPrefix("createdb ") { return ":" }
                guard command.contains("--follow"), let comment = command.range(of: "# meanwhile, elsewhere: ") else { return rewrite(command) }
                let follower = command[..<comment.lowerBound].trimmingCharacters(in: .whitespaces)
                let elsewhere = command[comment.upperBound...]
                let lines = block.steps[0].expected.split(separator: "\n").count
                return """
                    \(rewrite(follower)) > follow.out 2>&1 &
                    follower=$!
                    for i in $(seq 1 1000); do [ -s follow.out ] && break; sleep 0.01; done
                    { \(rewrite(String(elsewhere))); } >/dev/null 2>&1
                    for i in $(seq 1 3000); do [ "$(wc -l < follow.out)" -ge \(lines) ] && break; sleep 0.01; done
                    kill -KILL $follower; wait $follower 2>/dev/null; cat follow.out
                    """
            }
            problems += Self.compare(block, outputs, rewriteExpected: rewrite)
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    /// *Catalogs that share*: catalog A served on a port of its own (the README's 8765 rewritten
    /// to it), B pulling from it in one folder with its own cache, then A moving on.
    @Test func theRegistryBlocksShowRealOutput() throws {
        let blocks = try Self.blocks().filter { block in Self.registryBlocks.contains { block.first.hasPrefix($0) } }
        #expect(blocks.count == Self.registryBlocks.count, "the registry blocks: \(blocks.map { "\($0.file):\($0.line)" })")
        let folder = TemporaryFolder()
        let a = folder.file("a.sqlite")
        for definition in [RegistryConsumeTests.rise, RegistryConsumeTests.welcome] {
            #expect(try CLI.run(["--db", a, "add", "-"], stdin: definition).status == 0)
        }
        let server = try ServeProcess(db: a)
        func rewrite(_ text: String) -> String { text.replacingOccurrences(of: "127.0.0.1:8765", with: "127.0.0.1:\(server.port)") }
        let environment = "export CATALOG_CACHE='\(folder.file("cache"))'"
        var problems: [String] = []
        for block in blocks {
            if block.first == "catalog outdated" {
                let risen = RegistryConsumeTests.rise.replacingOccurrences(of: "1.0.0", with: "1.1.0").replacingOccurrences(of: "12px", with: "24px")
                #expect(try CLI.run(["--db", a, "add", "-"], stdin: risen).status == 0)
            }
            let outputs = try Self.run(block, in: folder, setup: rewrite(Self.setup(for: block)), environment: environment, rewrite: rewrite)
            problems += Self.compare(block, outputs, rewriteExpected: rewrite)
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }
}
