import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Several `serve` processes over one database, and a `serve` killed mid-write: a write through
/// one server is live in the others' streams and pages, and no acknowledged write is lost.
struct ServeScaleTests {
    static let token = "scale-token-0123456789"

    static let ids = ServeProcess.eventIDs

    @Test(arguments: CLIBackend.allCases)
    func aWriteThroughOneServerIsLiveInTheOthers(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try CLI.run(["--db", db, "object", "add", "v", "--type", "view"]).status == 0)
        let last = try #require(
            (try JSONSerialization.jsonObject(with: Data(CLI.run(["--db", db, "log", "--format", "json"]).stdout.utf8)) as? [[String: Any]])?.last?["seq"]
                as? Int)
        let a = try ServeProcess(db: db, token: Self.token), b = try ServeProcess(db: db, token: Self.token), c = try ServeProcess(db: db)
        let streams = try [a, b, c].map { server in
            try RawHTTP.Stream(port: server.port, "GET /api/log/stream?after=\(last) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAccept: text/event-stream")
        }
        for stream in streams { _ = try stream.read { $0.contains("text/event-stream") } }

        // A property set through A: every server's stream has it, and B's and C's pages show it.
        let set = try a.send("PUT", "/api/objects/v/properties/tint", body: ##"{"value": "#336699", "type": "color"}"##, authorization: "Bearer \(Self.token)")
        #expect(set.status == 200, "\(set.body)")
        for stream in streams { _ = try stream.read { $0.contains(#""key":"tint""#) } }
        #expect(try b.get("/objects/v").body.contains("<code>tint</code>"))
        #expect(try c.get("/api/objects/v").body == (try CLI.run(["--db", db, "object", "show", "v", "--format", "json"]).stdout))
        // An apply through B: A's and C's streams have it too, in the same order as the log.
        #expect(try b.post("/api/apply", body: #"{"component": "fade-in", "to": ["v"], "at": 1}"#, authorization: "Bearer \(Self.token)").status == 201)
        let logged = try
            (try JSONSerialization.jsonObject(with: Data(CLI.run(["--db", db, "log", "--format", "json", "--after", "\(last)"]).stdout.utf8))
            as? [[String: Any]] ?? [])
            .compactMap { $0["seq"] as? Int }
        #expect(logged.count == 2)
        for stream in streams {
            let text = try stream.read { Self.ids($0).contains(logged.last ?? -1) }
            #expect(Self.ids(text) == logged, "each event once, in order, in every server's stream")
        }
    }

    /// A stream whose client went away ends within a second or two, with no event to notice it
    /// by: the server's threads (and, on PostgreSQL, its connections) go back to what they were.
    @Test(arguments: CLIBackend.allCases)
    func aStreamEndsWhenItsClientGoesAway(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try CLI.run(["--db", db, "object", "add", "v", "--type", "view"]).status == 0)
        let server = try ServeProcess(db: db)
        let pid = server.process.processIdentifier
        func threads() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? -1 }
        // Settled: the server's own threads, once it has answered.
        #expect(try server.get("/api/log?limit=1").status == 200)
        let before = threads()
        var streams: [RawHTTP.Stream] = []
        for _ in 0..<6 {
            let stream = try RawHTTP.Stream(port: server.port, "GET /api/log/stream HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)")
            _ = try stream.read { $0.contains("data: ") }
            streams.append(stream)
        }
        #expect(threads() >= before + 6, "a thread follows each stream")
        streams.removeAll()  // the clients close their connections
        let deadline = Date().addingTimeInterval(20)
        while threads() > before, Date() < deadline { usleep(50_000) }
        #expect(threads() <= before, "\(threads()) threads, \(before) before the streams")
    }

    /// Writes go on one after another; the server is killed (SIGKILL) while they do. Every write
    /// it acknowledged is in the store; the store opens and serves again.
    @Test(arguments: CLIBackend.allCases)
    func noAcknowledgedWriteIsLostWhenTheServerIsKilled(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try CLI.run(["--db", db, "object", "add", "v", "--type", "view"]).status == 0)
        let server = try ServeProcess(db: db, token: Self.token)
        let acknowledged = Mutex<[Int]>([])
        let port = server.port
        let done = DispatchSemaphore(value: 0)
        let writer = Thread {
            defer { done.signal() }
            for index in 0..<100_000 {
                guard
                    let answer = try? RawHTTP.send(
                        port: port, "PUT /api/objects/v/properties/k\(index) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(Self.token)",
                        body: #"{"value": \#(index)}"#), answer.status == 200
                else { return }
                acknowledged.withLock { $0.append(index) }
            }
        }
        writer.start()
        while acknowledged.withLock({ $0.count }) < 40 { usleep(1_000) }
        kill(server.process.processIdentifier, SIGKILL)
        #expect(done.wait(timeout: .now() + 60) == .success, "the writer stops once the server is gone")
        let written = acknowledged.withLock { $0 }
        #expect(written.count >= 40)

        // Every acknowledged value is there, as acknowledged.
        let shown = try JSONSerialization.jsonObject(with: Data(CLI.run(["--db", db, "object", "show", "v", "--format", "json"]).stdout.utf8)) as? [String: Any]
        var stored: [String: Double] = [:]
        for property in shown?["properties"] as? [[String: Any]] ?? [] {
            if let key = property["key"] as? String, let value = property["value"] as? Double { stored[key] = value }
        }
        let lost = written.filter { stored["k\($0)"] != Double($0) }
        #expect(lost.isEmpty, "acknowledged and lost: \(lost)")
        // The store is whole: it verifies against its own log, and a new server serves it.
        let verified = try CLI.run(["--db", db, "replay", "--verify"])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        let again = try ServeProcess(db: db)
        #expect(try again.get("/api/objects/v").status == 200)
    }
}
