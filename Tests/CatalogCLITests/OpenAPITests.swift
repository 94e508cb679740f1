import Foundation
import TestSupport
import Testing

/// `/api/openapi.json` holds the server to its word: schemathesis (PyPI), generating requests
/// from it against a running `catalog serve`, finds no server error and no answer that the
/// document does not describe — read-only, where nothing may be written, and with the write
/// token. (That the document names every route, and the statuses it gives, are checked in
/// process: `APIStatusTests`.)
struct OpenAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized

    /// schemathesis against the running server: every check, in every phase (examples, coverage
    /// of each parameter's edges, fuzzing, stateful sequences), a bounded number per operation,
    /// the event stream's first events included. `Tests/Schemathesis/schemathesis.toml` says
    /// where positive_data_acceptance is off, and why.
    static func schemathesis(_ server: ServeProcess, token: String?, seed: Int) throws -> (status: Int32, output: String) {
        let python = try LottieJudge.pythonPath()
        let executable = URL(fileURLWithPath: python).deletingLastPathComponent().appending(path: "schemathesis").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BrowserSession.Failure(description: "schemathesis is not installed: .venv/bin/pip install schemathesis (what .ci/run does)")
        }
        let folder = TemporaryFolder()
        let configuration = root.appending(path: "Tests/Schemathesis/schemathesis.toml").path
        // Through Tests/Schemathesis/run.py: it works around a CPython 3.11 bug it describes.
        var arguments = [
            root.appending(path: "Tests/Schemathesis/run.py").path, "--config-file", configuration, "run", "\(server.url)/api/openapi.json", "--max-examples",
            "25", "--seed", "\(seed)",
            "--generation-database", "none", "--no-color", "--workers", "1"
        ]
        if let token { arguments += ["--header", "Authorization: Bearer \(token)"] }
        let result = try CLI.run(arguments, executable: python, directory: folder.path)
        // What failed, when something did: the report's FAILURES section.
        let output = result.stdout + result.stderr
        let failures = output.components(separatedBy: "FAILURES").dropFirst().first?.components(separatedBy: "WARNINGS").first
        return (result.status, failures.map { "FAILURES" + $0 } ?? String(output.suffix(6000)))
    }

    @Test(arguments: CLIBackend.allCases)
    func schemathesisFindsNothingAndNothingIsWrittenWithoutTheToken(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try CLI.run(["--db", db, "object", "add", "v", "--type", "view"]).status == 0)
        #expect(try CLI.run(["--db", db, "prop", "set", "v", "title", "hello"]).status == 0)
        let log = { try CLI.run(["--db", db, "log", "--format", "json"]).stdout }
        let before = try log()
        do {
            let server = try ServeProcess(db: db)
            let run = try Self.schemathesis(server, token: nil, seed: 7)
            #expect(run.status == 0, "\(run.output)")
        }
        #expect(try log() == before, "read-only: nothing written")
        let token = "schemathesis-token-0123456789"
        let server = try ServeProcess(db: db, token: token)
        let run = try Self.schemathesis(server, token: token, seed: 11)
        #expect(run.status == 0, "\(run.output)")
        #expect(try log() != before, "with the token the writes reached the catalog")
    }
}
