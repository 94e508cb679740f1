import Foundation
import TestSupport
import Testing

/// `catalog serve`, the real binary on a free port: the API answers with the bytes the commands
/// print, and the guards hold — the host, the token, the body limit, the headers, escaping.
struct ServeCommandTests {
    typealias Server = ServeProcess

    static let hostile =
        #"{"name": "hostile", "kind": "animation", "version": "1.0.0", "summary": "<script>alert(1)</script> \"quoted\" </style>", "tags": ["<b>bold</b>"], "animation": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 0.2}}"#

    @Test(arguments: CLIBackend.allCases)
    func readsAnswerWithTheCommandsJSONAndTheGuardsHold(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        try Self.hostile.write(toFile: folder.file("hostile.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["--db", db, "add", folder.file("hostile.json")]).status == 0)

        #expect(try CLI.run(["--db", db, "object", "add", "v", "--type", "view"]).status == 0)
        #expect(try CLI.run(["--db", db, "prop", "set", "v", "title", "\"<i>hi</i>\""]).status == 0)
        #expect(try CLI.run(["--db", db, "apply", "fade-in", "--to", "v", "--at", "1"]).status == 0)
        let server = try Server(db: db)
        // Loopback unless told otherwise.
        #expect(server.banner.hasPrefix("serving http://127.0.0.1:"), "\(server.banner)")

        // The API's bytes are the commands' bytes: `--format json`, or the export itself.
        let json = ["--format", "json"]
        for (path, command) in [
            ("/api/components", ["list"] + json), ("/api/components?kind=chain", ["list", "--kind", "chain"] + json),
            ("/api/components?limit=2&after=fade-in", ["list", "--limit", "2", "--after", "fade-in"] + json),
            ("/api/components/pop", ["show", "pop"] + json), ("/api/components/pop/history", ["history", "pop"] + json),
            ("/api/search?q=fade", ["search", "fade"] + json),
            // As forms and URLSearchParams write queries: `+` is a space, anything may be percent-encoded.
            ("/api/search?q=slide+in", ["search", "slide in"] + json),
            ("/api/components/pop/export?to=css&selector=.card+%3E+.title", ["export", "pop", "--to", "css", "--selector", ".card > .title"]),
            ("/api/components/pop/sample?%61t=0.1&param=duration%3D0.5", ["sample", "pop", "--at", "0.1", "--param", "duration=0.5"] + json),
            ("/api/diff?from=fade-in@1.0.0&to=fade-out", ["diff", "fade-in@1.0.0", "fade-out"] + json),
            ("/api/components/pop/sample?at=0,0.1,0.2&param=duration=0.5", ["sample", "pop", "--at", "0,0.1,0.2", "--param", "duration=0.5"] + json),
            ("/api/objects", ["object", "list"] + json), ("/api/objects/v", ["object", "show", "v"] + json),
            ("/api/objects/v/state?at=1.1", ["state", "v", "--at", "1.1"] + json),
            ("/api/components/pop/export?to=css", ["export", "pop", "--to", "css"]),
            ("/api/components/pop/export?to=waapi", ["export", "pop", "--to", "waapi"]),
            ("/api/components/fade-sequence/export?to=js", ["export", "fade-sequence", "--to", "js"]),
            ("/api/components/pop/export?to=lottie&fps=30", ["export", "pop", "--to", "lottie", "--fps", "30"])
        ] {
            let answer = try server.get(path)
            let printed = try CLI.run(["--db", db] + command)
            #expect(printed.status == 0 && answer.status == 200 && answer.body == printed.stdout, "\(path): \(answer.status) \(answer.body.prefix(300))")
            if command.contains("json") { #expect(answer.headers["content-type"] == "application/json; charset=utf-8") }
        }
        // Errors: the same objects, with statuses to match.
        let unknown = try server.get("/api/components/no-such")
        #expect(unknown.status == 404 && unknown.body.contains(#""code": "unknown-component""#), "\(unknown.body)")
        let printed = try CLI.run(["--db", db, "show", "no-such", "--format", "json"])
        #expect(printed.stderr.contains(#""code":"unknown-component""#))
        #expect(try server.get("/api/components?kind=gadget").status == 400)
        let badTimes = try server.get("/api/components/pop/sample?at=0,soon")
        #expect(badTimes.status == 400 && badTimes.body.contains(#""code": "invalid-times""#), "\(badTimes.body)")
        #expect(try server.get("/api/nowhere").status == 404)
        #expect(try server.get("/api/objects/ghost").status == 404 && server.get("/api/objects/v/state?at=soon").status == 400)
        #expect(try server.get("/api/components/pop/export?to=pdf").status == 400)
        // What `export` refuses, the API refuses: an option with the wrong form, a selector that breaks out of its rule.
        for (path, arguments) in [
            ("to=waapi&selector=.x", ["--to", "waapi", "--selector", ".x"]), ("to=css&fps=30", ["--to", "css", "--fps", "30"]),
            ("to=css&selector=.x%7Bcolor:red%7D", ["--to", "css", "--selector", ".x{color:red}"]),
            ("to=lottie&fps=500", ["--to", "lottie", "--fps", "500"])
        ] {
            let refused = try server.get("/api/components/pop/export?\(path)")
            #expect(refused.status == 400 && refused.body.contains(#""code": "usage""#), "\(path): \(refused.body)")
            #expect(try CLI.run(["--db", db, "export", "pop"] + arguments).status != 0, "\(arguments)")
        }
        for path in ["/api/components?limit=-1", "/api/objects?limit=many", "/api/log?limit=2.5"] {
            let refused = try server.get(path)
            #expect(refused.status == 400 && refused.body.contains("?limit="), "\(path): \(refused.body)")
        }

        // A request for another host — a rebinding page's — is refused, whatever the path.
        for path in ["/", "/api/components"] {
            let rebound = try server.get(path, host: "evil.example:\(server.port)")
            #expect(rebound.status == 421 && rebound.body.contains("wrong-host"))
        }
        #expect(try server.get("/", host: "localhost:\(server.port)").status == 200)
        #expect(try server.get("/", host: "127.0.0.1:\(server.port + 1)").status == 421)

        // Every answer carries the policy: no inline script or style anywhere.
        let page = try server.get("/")
        #expect(page.status == 200)
        for answer in [page, unknown] {
            let policy = answer.headers["content-security-policy"] ?? ""
            #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
            #expect(answer.headers["x-content-type-options"] == "nosniff")
        }
        // What the store holds is text on the page, never markup.
        #expect(!page.body.contains("<script>alert") && page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.body.contains("&quot;quoted&quot;") && page.body.contains("&lt;/style&gt;") && page.body.contains("&lt;b&gt;bold&lt;/b&gt;"))

        // Read-only: a write is refused, and nothing is written.
        let before = try CLI.run(["--db", db, "log", "--format", "json"]).stdout
        let write = try server.post("/api/components", body: Self.hostile.replacingOccurrences(of: "hostile", with: "sneaky"))
        #expect(write.status == 401 && write.body.contains(#""code": "unauthorized""#))
        #expect(try CLI.run(["--db", db, "log", "--format", "json"]).stdout == before)
    }

    @Test func writesNeedTheTokenComparedWhole() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try CLI.run(["--db", db, "list"]).status == 0)
        let token = "s3cret-token-0123456789"
        let server = try Server(db: db, token: token)
        let definition = Self.hostile.replacingOccurrences(of: "hostile", with: "posted")
        let before = try CLI.run(["--db", db, "log", "--format", "json"]).stdout
        // Missing, wrong, a prefix of it, longer, in a cookie or the query: 401, nothing written.
        for (path, authorization) in [
            ("/api/components", nil), ("/api/components", "Bearer wrong"), ("/api/components", "Bearer \(token.dropLast())"),
            ("/api/components", "Bearer \(token)x"), ("/api/components", "Basic \(token)"),
            // The same length, wrong before the last byte: every byte counts, not only the last.
            ("/api/components", "Bearer S\(token.dropFirst())"),
            ("/api/components?token=\(token)", nil)
        ] {
            let answer = try server.post(path, body: definition, authorization: authorization)
            #expect(answer.status == 401, "\(authorization ?? path)")
        }
        let cookie = try RawHTTP.send(
            port: server.port, "POST /api/components HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: token=\(token)", body: definition)
        #expect(cookie.status == 401)
        #expect(try CLI.run(["--db", db, "log", "--format", "json"]).stdout == before)
        // With the token: added, as `add` adds it, through the same validation.
        let added = try server.post("/api/components", body: definition, authorization: "Bearer \(token)")
        #expect(added.status == 201 && added.body.contains(#""outcome": "added""#), "\(added.body)")
        #expect(try CLI.run(["--db", db, "show", "posted"]).status == 0)
        let invalid = try server.post(
            "/api/components",
            body: #"{"name": "bad", "kind": "animation", "version": "1.0.0", "animation": {"type": "basic", "keyPath": "opacity", "duration": -1}}"#,
            authorization: "Bearer \(token)")
        #expect(invalid.status == 400 && invalid.body.contains("invalid-definition"), "\(invalid.body)")
        // A body beyond the limit is refused unread (the server answers and closes while the
        // client is still sending, so the answer's body may be cut off by the reset: its head says it).
        let huge = try server.post("/api/components", body: String(repeating: " ", count: (1 << 20) + 100_000), authorization: "Bearer \(token)")
        #expect(huge.status == 413 && huge.headers["content-type"] == "application/json; charset=utf-8", "\(huge.status) \(huge.headers)")
        #expect(huge.body.isEmpty || huge.body.contains("body-too-large"))
    }

    /// The log as server-sent events: the backlog after the seq named, each event once and in
    /// order, then an event another process commits; a reconnect with `Last-Event-ID` resumes at
    /// the next event, with no gap and nothing twice.
    @Test func theLogStreamsLiveAndResumesAfterTheLastEventID() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        for id in ["a", "b", "c"] { #expect(try CLI.run(["--db", db, "object", "add", id, "--type", "view"]).status == 0) }
        let server = try Server(db: db)
        let logged = try JSONSerialization.jsonObject(with: Data(try CLI.run(["--db", db, "log", "--format", "json"]).stdout.utf8)) as! [[String: Any]]
        let seqs = logged.map { $0["seq"] as! Int }
        let last = try #require(seqs.last)
        #expect(try server.get("/api/log").body == CLI.run(["--db", db, "log", "--format", "json"]).stdout)

        let ids = ServeProcess.eventIDs
        let stream = try RawHTTP.Stream(port: server.port, "GET /api/log/stream HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAccept: text/event-stream")
        let backlog = try stream.read { ids($0).contains(last) }
        #expect(backlog.hasPrefix("HTTP/1.1 200") && backlog.contains("text/event-stream"))
        #expect(ids(backlog) == seqs, "every event once, in order")
        // Another process commits: the open stream receives it.
        #expect(try CLI.run(["--db", db, "object", "add", "late", "--type", "view"]).status == 0)
        let live = try stream.read { $0.contains(#""object":"late""#) }
        let newest = try #require(ids(live).last)
        #expect(ids(live) == seqs + [newest] && newest > last)
        #expect(live.contains("id: \(newest)\ndata: {"))

        // A reconnecting EventSource names the last event it had: the stream resumes after it.
        let resumed = try RawHTTP.Stream(port: server.port, "GET /api/log/stream HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nLast-Event-ID: \(last)")
        #expect(ids(try resumed.read { ids($0).contains(newest) }) == [newest])
        let bad = try server.get("/api/log/stream?after=yesterday")
        #expect(bad.status == 400)
    }

    /// On every interface, the server answers only to the names it is told clients use: a
    /// rebinding page's name is still refused, and without a name it does not start.
    @Test func everyInterfaceNeedsTheNamesClientsUse() throws {
        let db = TemporaryFolder().file("c.sqlite")
        let refused = try CLI.run(["--db", db, "serve", "--host", "0.0.0.0", "--port", "0"])
        #expect(refused.status == 64 && refused.stderr.contains("--allowed-host"), "\(refused.stderr)")
        #expect(try CLI.run(["--db", db, "serve", "--port", "0", "--allowed-host", "*.example"]).status == 64)
        let server = try Server(db: db, arguments: ["--host", "0.0.0.0", "--allowed-host", "Catalog.Test"])
        #expect(try server.get("/api/components", host: "catalog.test:\(server.port)").status == 200)
        #expect(try server.get("/api/components", host: "catalog.test:\(server.port + 1)").status == 421)
        #expect(try server.get("/api/components", host: "evil.example:\(server.port)").status == 421)
        #expect(try server.get("/api/components", host: "catalog.test.evil.example:\(server.port)").status == 421)
    }

    @Test func aShortTokenIsRefusedAtTheStart() throws {
        let result = try CLI.run(["serve", "--port", "0"], environment: ["CATALOG_WRITE_TOKEN": "short", "CATALOG_DB": TemporaryFolder().file("c.sqlite")])
        #expect(result.status == 64 && result.stderr.contains("16 or more"))
    }
}
