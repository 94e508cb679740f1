import Foundation
import TestSupport
import Testing

/// Reads under load from a second process — Debian's `wrk`, 64 connections — hold with no error
/// on either backend: no socket error, no answer but 200, while a writer keeps committing. (The
/// README's requests/s and p99 come from `catalog-bench serve`, on the release binary.)
struct ServeLoadTests {
    static func wrk(_ url: String) throws -> String {
        let executable = ["/usr/bin/wrk", "/usr/local/bin/wrk"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let executable else { throw BrowserSession.Failure(description: "no wrk: install Debian's wrk (what .ci/run does)") }
        // A generous timeout: this is the debug binary, and the point is that nothing fails.
        return try CLI.run(["-t2", "-c64", "-d2s", "--timeout", "30s", "--latency", url], executable: executable).stdout
    }

    @Test(arguments: CLIBackend.allCases)
    func readsAt64ConnectionsHoldWithNoError(backend: CLIBackend) throws {
        let folder = TemporaryFolder()
        let db = try backend.database(in: folder)
        #expect(try CLI.run(["--db", db, "object", "add", "v", "--type", "view"]).status == 0)
        let server = try ServeProcess(db: db, token: "load-token-0123456789")
        // A writer meanwhile: reads must hold while commits land.
        let port = server.port
        let stop = DispatchSemaphore(value: 0), stopped = DispatchSemaphore(value: 0)
        Thread {
            var index = 0
            while stop.wait(timeout: .now()) == .timedOut {
                _ = try? RawHTTP.send(
                    port: port, "PUT /api/objects/v/properties/n HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer load-token-0123456789",
                    body: #"{"value": \#(index)}"#)
                index += 1
            }
            stopped.signal()
        }.start()
        defer { stop.signal(); stopped.wait() }
        for path in ["/", "/components/pop", "/api/components/pop/sample?at=0,0.1", "/api/objects/v/state"] {
            let report = try Self.wrk("\(server.url)\(path)")
            let requests = report.split(separator: "\n").first { $0.contains("requests in") }.flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
            #expect(requests > 0, "\(path): \(report)")
            #expect(!report.contains("Non-2xx") && !report.contains("Socket errors"), "\(path): \(report)")
        }
    }
}
