import CatalogModel
import Foundation
import TestSupport
import Testing

/// `catalog mcp` as an assistant drives it: the MCP Python SDK's client starts it over stdio,
/// lists its tools and calls each. Every answer is what the command of the same name prints
/// with `--format json` (export: the exported text, byte for byte), every error the command's
/// JSON error, and the database is as it was: the tools only read.
struct MCPTests {
    /// A tool call and the command line that must answer the same.
    struct Case {
        var tool: String
        var arguments: JSONValue
        var command: [String]
        /// The answer is text, compared byte for byte (an export), not JSON.
        var text = false
    }

    static let cases: [Case] = [
        Case(tool: "list", arguments: [:], command: ["list", "--format", "json"]),
        Case(tool: "list", arguments: ["kind": "chain", "limit": 2], command: ["list", "--kind", "chain", "--limit", "2", "--format", "json"]),
        Case(tool: "search", arguments: ["text": "fade in"], command: ["search", "fade", "in", "--format", "json"]),
        Case(tool: "show", arguments: ["component": "a-rise"], command: ["show", "a-rise", "--format", "json"]),
        Case(tool: "show", arguments: ["component": "fade-in@1.0.0"], command: ["show", "fade-in@1.0.0", "--format", "json"]),
        Case(tool: "sample", arguments: ["component": "a-rise", "at": [0, 0.05, 0.5]], command: ["sample", "a-rise", "--at", "0,0.05,0.5", "--format", "json"]),
        Case(
            tool: "sample", arguments: ["component": "fade-in", "fps": 30, "to": 0.2, "reducedMotion": true],
            command: ["sample", "fade-in", "--fps", "30", "--to", "0.2", "--reduced-motion", "--format", "json"]),
        Case(tool: "export", arguments: ["component": "a-rise", "to": "css"], command: ["export", "a-rise", "--to", "css"], text: true),
        Case(tool: "export", arguments: ["component": "fade-sequence", "to": "waapi"], command: ["export", "fade-sequence", "--to", "waapi"], text: true),
        Case(
            tool: "export", arguments: ["component": "a-rise", "to": "lottie", "fps": 30], command: ["export", "a-rise", "--to", "lottie", "--fps", "30"],
            text: true),
        Case(tool: "tokens", arguments: ["type": "duration"], command: ["tokens", "list", "--type", "duration", "--format", "json"]),
        Case(
            tool: "token", arguments: ["path": "carbon.motion.duration.moderate-02"],
            command: ["tokens", "show", "carbon.motion.duration.moderate-02", "--format", "json"])
    ]

    /// Calls the command line refuses, refused alike: the same JSON error.
    static let refusals: [Case] = [
        Case(tool: "show", arguments: ["component": "no-such"], command: ["show", "no-such", "--format", "json"]),
        Case(tool: "sample", arguments: ["component": "fade-in"], command: ["sample", "fade-in", "--format", "json"]),
        Case(tool: "sample", arguments: ["component": "fade-in", "fps": -1], command: ["sample", "fade-in", "--fps=-1", "--format", "json"]),
        Case(tool: "token", arguments: ["path": "no.such.token"], command: ["tokens", "show", "no.such.token", "--format", "json"])
    ]

    @Test func anAssistantGetsWhatTheCommandLinePrints() throws {
        let folder = TemporaryFolder()
        let db = folder.file("catalog.sqlite")
        #expect(try CLI.run(["--db", db, "add", "-"], stdin: RegistryConsumeTests.rise).status == 0)
        let log = try CLI.run(["--db", db, "log", "--format", "json"]).stdout

        // Beyond the command line's own refusals: what only a tool can be asked.
        let own: [(name: String, arguments: JSONValue, field: String)] = [
            ("sample", ["component": "-"], "component"),  // standard input is the protocol itself
            ("show", ["component": "/etc/passwd"], "component"),
            ("list", ["bogus": 1], "bogus"),
            ("export", ["component": "a-rise", "to": "dotlottie"], "to"),
            ("sample", ["component": "fade-in", "at": ["soon"]], "at[0]")
        ]
        let calls = (Self.cases + Self.refusals).map { ($0.tool, $0.arguments) } + own.map { ($0.name, $0.arguments) }
        let answer = try MCPClient.run(command: [CLI.executable, "--db", db, "mcp"], calls: calls)

        #expect(answer["server"]?["name"] == "component-catalog")
        let tools = answer["tools"]?.arrayValue ?? []
        #expect(tools.compactMap { $0["name"]?.stringValue } == ["list", "search", "show", "sample", "export", "tokens", "token"])
        for tool in tools {
            #expect(tool["annotations"]?["readOnlyHint"] == true, "\(tool["name"] ?? .null)")
            #expect(tool["inputSchema"]?["type"] == "object" && tool["inputSchema"]?["additionalProperties"] == false)
        }

        let results = answer["calls"]?.arrayValue ?? []
        #expect(results.count == calls.count)
        for (index, one) in Self.cases.enumerated() where index < results.count {
            let result = results[index], cli = try CLI.run(["--db", db] + one.command)
            #expect(cli.status == 0 && result["isError"] == false, "\(one.tool): \(result["text"]?.stringValue ?? "")")
            let text = result["text"]?.stringValue ?? ""
            if one.text {
                #expect(text == cli.stdout, "\(one.tool) \(one.arguments.canonicalText)")
            } else {
                #expect(try JSONReader.read(text) == (try JSONReader.read(cli.stdout)), "\(one.tool) \(one.arguments.canonicalText)")
            }
        }
        for (offset, one) in Self.refusals.enumerated() where Self.cases.count + offset < results.count {
            let result = results[Self.cases.count + offset], cli = try CLI.run(["--db", db] + one.command)
            #expect(cli.status != 0 && result["isError"] == true, "\(one.tool) \(one.arguments.canonicalText)")
            #expect(try JSONReader.read(result["text"]?.stringValue ?? "") == (try JSONReader.read(cli.stderr)), "\(one.tool) \(one.arguments.canonicalText)")
        }
        for (offset, one) in own.enumerated() where Self.cases.count + Self.refusals.count + offset < results.count {
            let result = results[Self.cases.count + Self.refusals.count + offset]
            let error = try JSONReader.read(result["text"]?.stringValue ?? "")["error"]
            #expect(result["isError"] == true && error?["code"] == "usage" && error?["field"]?.stringValue == one.field, "\(result)")
        }
        #expect(try CLI.run(["--db", db, "log", "--format", "json"]).stdout == log)
    }

    /// A client that writes its requests and closes its end (a shell pipe) still gets every
    /// answer: the server answers what it read before it stops.
    @Test func everyRequestReadIsAnsweredBeforeTheServerStops() throws {
        let folder = TemporaryFolder()
        let db = folder.file("catalog.sqlite")
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"sample","arguments":{"component":"fade-in","fps":60}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"show","arguments":{"component":"fade-in"}}}"#
        ]
        let run = try CLI.run(["--db", db, "mcp"], stdin: requests.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        let answers = try run.stdout.split(separator: "\n").map { try JSONReader.read(String($0)) }
        #expect(Set(answers.compactMap { $0["id"]?.numberValue }) == [1, 2, 3], "\(run.stdout)")
        let sample = answers.first { $0["id"] == 2 }?["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(try JSONReader.read(sample) == (try JSONReader.read(try CLI.run(["--db", db, "sample", "fade-in", "--fps", "60", "--format", "json"]).stdout)))
    }
}
