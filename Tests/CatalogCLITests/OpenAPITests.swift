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

    /// Requests the document allows are taken, and what it forbids is refused (what schemathesis
    /// found with every check on): `sample`'s times as the document writes them, paged past
    /// 100,000 (an endless animation too); an `apply` that names no target is bad input (400),
    /// one the named component cannot take is a conflict with what is stored (409); a property
    /// value by its `type`, `null` removing whatever the type; a value of another type than a
    /// decorator declares is a conflict (409).
    @Test func requestsTheDocumentAllowsAreTaken() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        let endless = folder.file("endless.yaml")
        try """
        name: endless
        kind: animation
        version: 1.0.0
        animation: {type: basic, keyPath: opacity, fromValue: 0, toValue: 1, duration: 1, repeatCount: .inf}
        """.write(toFile: endless, atomically: true, encoding: .utf8)
        for arguments in [["add", endless], ["object", "add", "v", "--type", "view"], ["object", "add", "link", "--type", "label"]] {
            #expect(try CLI.run(["--db", db] + arguments).status == 0)
        }
        #expect(try CLI.run(["--db", db, "prop", "set", "link", "url", "https://swift.org"]).status == 0)
        let token = "document-token-0123456789"
        let server = try ServeProcess(db: db, token: token)
        let auth = "Bearer \(token)"
        func json(_ answer: RawHTTP.Response) -> [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]) ?? [:]
        }
        func code(_ answer: RawHTTP.Response) -> String? { (json(answer)["error"] as? [String: Any])?["code"] as? String }
        func times(_ answer: RawHTTP.Response) -> [Double] { (json(answer)["samples"] as? [[String: Any]] ?? []).compactMap { $0["t"] as? Double } }

        // 100,501 frames: a full page, then the rest from where the Link header says.
        let first = try server.get("/api/components/fade-in/sample?fps=1000&from=0&to=100.5")
        #expect(first.status == 200 && times(first).count == 100_000 && times(first).last == 99.999)
        let next = try #require(first.headers["link"], "\(first.headers)")
        #expect(next == #"</api/components/fade-in/sample?fps=1000&to=100.5&from=100>; rel="next""#)
        let rest = try server.get(String(next.dropFirst().prefix { $0 != ">" }))
        #expect(times(rest).count == 501 && times(rest).first == 100 && times(rest).last == 100.5 && rest.headers["link"] == nil)
        let forever = try server.get("/api/components/endless/sample?fps=10")
        #expect(times(forever).count == 100_000 && forever.headers["link"]?.contains("from=10000>") == true, "\(forever.headers)")
        #expect(times(try server.get("/api/components/fade-in/sample?fps=10&from=1&to=0.5")) == [])
        // Times as a browser's String(t) writes them.
        let written = times(try server.get("/api/components/fade-in/sample?at=0.3436999999985098,1e-7,-0.5"))
        #expect(written.count == 3 && zip(written, [0.3436999999985098, 1e-7, -0.5]).allSatisfy { abs($0 - $1) <= 1e-15 }, "\(written)")
        for (path, expected) in [
            ("/api/components/fade-in/sample?at=1e3", "invalid-times"), ("/api/components/fade-in/sample?at=0x10", "invalid-times"),
            ("/api/components/fade-in/sample?at=0,,1", "invalid-times"), ("/api/components/fade-in/sample?at=01", "invalid-times"),
            ("/api/components/fade-in/sample?at=1e-", "invalid-times"), ("/api/components/fade-in/sample?at=0&from=1", "usage"),
            ("/api/components/fade-in/sample?at=0&zz=1", "usage"), ("/api/components/fade-in/export?to=css&zz=1", "usage")
        ] {
            let answer = try server.get(path)
            #expect(answer.status == 400 && code(answer) == expected, "\(path): \(answer.status) \(answer.body)")
        }
        // `=` then a combining mark is one Character; the parameter still splits at the `=`.
        let combining = try server.get("/api/components/fade-in/sample?at=0&param=zz%3D%CC%81")
        #expect(combining.status == 404 && code(combining) == "unknown-parameter", "\(combining.body)")

        for (body, status, expected) in [
            (#"{"component": "fade-in"}"#, 400, "usage"),
            (#"{"component": "fade-in", "to": ["v", "v"]}"#, 400, "usage"),
            (#"{"component": "fade-in", "to": ["v"], "at": -1}"#, 400, "usage"),
            (#"{"component": "fade-in", "to": ["v"], "reducedMotion": null}"#, 400, "usage"),
            (#"{"component": "fade-in", "roles": {"content": "v"}}"#, 409, "no-targets"),
            (#"{"component": "fade-in", "to": ["v"], "parameters": {"duration": "soon"}}"#, 409, "invalid-definition")
        ] {
            let answer = try server.send("POST", "/api/apply", body: body, authorization: auth)
            #expect(answer.status == status && code(answer) == expected, "\(body): \(answer.status) \(answer.body)")
        }
        for (key, body, status) in [
            ("tint", ##"{"value": "#3366ff", "type": "color"}"##, 200), ("tint", #"{"value": [1, 0, 0], "type": "color"}"#, 200),
            ("tint", #"{"value": null, "type": "color"}"#, 200), ("tint", #"{"value": "red", "type": "color"}"#, 400),
            ("tint", ##"{"value": "#\##u{FF11}\##u{FF12}\##u{FF13}", "type": "color"}"##, 400), ("n", #"{"value": "0.5", "type": "number"}"#, 400),
            ("raw", ##"{"value": "#3366ff", "type": "json"}"##, 200), ("home", #"{"value": "mailto:a@b.c", "type": "url"}"#, 200),
            ("home", #"{"value": "//swift.org", "type": "url"}"#, 400), ("n", #"{"value": 5, "policy": "weak"}"#, 400),
            ("n", #"{"value": null, "policy": "weak"}"#, 400), ("ref", #"{"value": "two words", "type": "object"}"#, 404),
            ("ref", #"{"value": "v", "type": "object", "policy": "weak"}"#, 200)
        ] {
            let answer = try server.send("PUT", "/api/objects/v/properties/\(key)", body: body, authorization: auth)
            #expect(answer.status == status, "\(key) \(body): \(answer.status) \(answer.body)")
        }
        let raw = try server.get("/api/objects/v")
        #expect(raw.body.contains(##""value": "#3366ff""##) && !raw.body.contains(#""key": "tint""#), "\(raw.body)")
        let declared = try server.send("PUT", "/api/objects/link/properties/url", body: #"{"value": 5}"#, authorization: auth)
        #expect(declared.status == 409, "\(declared.body)")
    }
}
