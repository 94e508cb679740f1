import CatalogModel
import Foundation

/// The MCP Python SDK (PyPI `mcp`, in `.venv`, installed by `scripts/test`) as a client of a
/// Model Context Protocol server started over stdio (`MCPClient.py`): it initializes, lists the
/// tools and makes the calls in order.
///
/// ```swift
/// let answer = try MCPClient.run(command: [catalog, "--db", db, "mcp"], calls: [("list", [:])])
/// answer["calls"]?.arrayValue?[0]["text"]   // what `catalog list --format json` prints
/// ```
public enum MCPClient {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `{"server": {"name", "version"}, "tools": [TOOL…], "calls": [{"isError", "text"}…]}`.
    public static func run(command: [String], calls: [(name: String, arguments: JSONValue)]) throws -> JSONValue {
        let folder = FileManager.default.temporaryDirectory.appending(path: "mcp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let request: JSONValue = [
            "command": .array(command.map(JSONValue.string)),
            "calls": .array(calls.map { ["name": .string($0.name), "arguments": $0.arguments] })
        ]
        let outcome = try PythonScript.run("MCPClient.py", request: request, in: folder)
        if outcome.moduleMissing { throw Failure(description: "the MCP Python SDK is not installed: .venv/bin/pip install mcp (what scripts/test does)") }
        guard outcome.status == 0 else { throw Failure(description: "MCPClient.py exited \(outcome.status): \(outcome.errors.suffix(3000))") }
        return try JSONReader.read(outcome.output)
    }
}
