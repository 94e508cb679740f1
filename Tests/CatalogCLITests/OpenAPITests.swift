import Foundation
import TestSupport
import Testing

/// `/api/openapi.json` holds the server to its word: it names every route the server has and no
/// other, and schemathesis (PyPI), generating requests from it, finds no server error and no
/// answer that the document does not describe — read-only, where nothing may be written, and
/// with the write token.
struct OpenAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized

    /// `METHOD /path` for each route the server's source registers (`:name` written `{name}`).
    static func routesInSource() throws -> Set<String> {
        let folder = root.appending(path: "Sources/CatalogServer")
        var routes: Set<String> = []
        let pattern = try NSRegularExpression(pattern: #"(api|router)\.(get|post|put|delete|patch)\("([^"]+)"\)"#)
        for case let file as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)! where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let group = String(text[Range(match.range(at: 1), in: text)!]), method = String(text[Range(match.range(at: 2), in: text)!])
                var path = String(text[Range(match.range(at: 3), in: text)!])
                path = (group == "api" ? "/api/" : "/") + path.drop(while: { $0 == "/" })
                path = path.split(separator: "/", omittingEmptySubsequences: false).map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(
                    separator: "/")
                if path.hasPrefix("/api/") { routes.insert("\(method.uppercased()) \(path)") }
            }
        }
        return routes
    }

    @Test func theDocumentNamesEveryAPIRouteAndNoOther() throws {
        let server = try ServeProcess(db: TemporaryFolder().file("c.sqlite"))
        let answer = try server.get("/api/openapi.json")
        #expect(answer.status == 200 && answer.headers["content-type"] == "application/json; charset=utf-8")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let documented = Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
        let routes = try Self.routesInSource()
        #expect(
            routes.count >= 16 && documented == routes, "only documented: \(documented.subtracting(routes)); only served: \(routes.subtracting(documented))")
    }

    /// schemathesis against the running server: every check, in every phase (examples, coverage
    /// of each parameter's edges, fuzzing, stateful sequences), a bounded number per operation,
    /// the event stream's first events included. `Tests/Schemathesis/schemathesis.toml` says
    /// where positive_data_acceptance is off, and why.
    static func schemathesis(_ server: ServeProcess, token: String?, seed: Int) throws -> (status: Int32, output: String) {
        let python = URL(fileURLWithPath: try LottieJudge.pythonPath())
        let executable = python.deletingLastPathComponent().appending(path: "schemathesis").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BrowserSession.Failure(description: "schemathesis is not installed: .venv/bin/pip install schemathesis (what .ci/run does)")
        }
        let folder = TemporaryFolder()
        let configuration = root.appending(path: "Tests/Schemathesis/schemathesis.toml").path
        var arguments = [
            "--config-file", configuration, "run", "\(server.url)/api/openapi.json", "--max-examples", "25", "--seed", "\(seed)",
            "--generation-database", "none", "--no-color", "--workers", "1"
        ]
        if let token { arguments += ["--header", "Authorization: Bearer \(token)"] }
        let result = try CLI.run(arguments, executable: executable, directory: folder.path)
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

    /// A method the document does not list for a path is 405 with `Allow` naming the ones it
    /// does — the document's own list; paths it does not have stay 404.
    @Test func undeclaredMethodsAre405WithAllow() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try CLI.run(["--db", db, "list"]).status == 0)
        let server = try ServeProcess(db: db)
        for (request, allow) in [
            ("DELETE /api/components", "GET, POST"), ("TRACE /api/search?q=x", "GET"),
            ("POST /api/objects/v/state", "GET"), ("PATCH /api/objects/v/properties/k", "PUT")
        ] {
            let answer = try RawHTTP.send(port: server.port, "\(request) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)")
            #expect(
                answer.status == 405 && answer.headers["allow"] == allow && answer.body.contains(#""code": "method-not-allowed""#),
                "\(request): \(answer.status) \(answer.headers) \(answer.body)")
        }
        #expect(try RawHTTP.send(port: server.port, "DELETE /api/nowhere HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)").status == 404)
    }

    /// What schemathesis found, each answered with the status its cause calls for: a parameter
    /// the component lacks and an export of a kind that has none are not there (404); a write
    /// before the scene's last time conflicts with the log (409); a frame rate that would make
    /// one frame outlast everything is refused (400), never a crash; a bad `after` is refused
    /// even when `Last-Event-ID` is given.
    @Test func statusesSayWhatIsWrong() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try CLI.run(["--db", db, "object", "add", "v", "--type", "view", "--at", "2"]).status == 0)
        let token = "statuses-token-0123456789"
        let server = try ServeProcess(db: db, token: token)
        let auth = "Bearer \(token)"
        func code(_ answer: RawHTTP.Response) -> String? {
            ((try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
        }
        for (path, status, expected) in [
            ("/api/components/fade-in/sample?at=0&param=zz%3D1", 404, "unknown-parameter"),
            ("/api/components/fade-in/plot?param=zz%3D1", 404, "unknown-parameter"),
            ("/api/components/hyperlink/export", 404, "wrong-component"),
            ("/api/components/fade-in/export?to=lottie&fps=5e-324", 400, "usage"),
            ("/api/components/fade-in/export?to=lottie&fps=0.5", 400, "usage"),
            ("/api/log/stream?after=9223372036854775808", 400, "usage")
        ] {
            let answer = try RawHTTP.send(port: server.port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nLast-Event-ID: 0")
            #expect(answer.status == status && code(answer) == expected, "\(path): \(answer.status) \(answer.body)")
        }
        #expect(try server.get("/api/components/fade-in/export?to=lottie&fps=1").status == 200)
        let backwards = try server.send("PUT", "/api/objects/v/properties/title", body: #"{"value": "x", "at": 1}"#, authorization: auth)
        #expect(backwards.status == 409 && code(backwards) == "scene-time-backwards", "\(backwards.body)")
        let apply = try server.send("POST", "/api/apply", body: #"{"component": "fade-in", "to": ["v"], "parameters": {"zz": 1}}"#, authorization: auth)
        #expect(apply.status == 404 && code(apply) == "unknown-parameter", "\(apply.body)")
    }
}
