import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

/// `catalog serve` runs store work off the threads that answer requests: while writes wait on a
/// lock another process holds (SQLite waits up to a minute), reads of the store, pages and
/// static files still answer. On the cooperative pool's two threads, two waiting writes
/// stalled every request until the lock was let go.
struct ServeBlockingTests {
    @Test func readsAnswerWhileWritesWaitOnALock() throws {
        let folder = TemporaryFolder()
        let db = folder.file("c.sqlite")
        #expect(try CLI.run(["--db", db, "object", "add", "v", "--type", "view"]).status == 0)
        let token = "blocking-token-0123456789"
        let server = try ServeProcess(db: db, token: token)
        let port = server.port
        @Sendable func send(_ method: String, _ path: String, body: String = "", authorization: String? = nil) -> Int {
            let head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)" + (authorization.map { "\r\nAuthorization: \($0)" } ?? "")
            return (try? RawHTTP.send(port: port, head, body: body))?.status ?? -1
        }
        let writes = DispatchGroup()
        let statuses = Mutex<[Int]>([])
        var slow: [String] = []
        let lock = try DatabaseQueue(path: db)
        try lock.writeWithoutTransaction { connection in
            try connection.execute(sql: "BEGIN IMMEDIATE")
            defer { try? connection.execute(sql: "ROLLBACK") }
            // Each client on a thread of its own: GCD's workers, blocked in a read, are added to
            // only slowly, which would time the test harness rather than the server.
            for k in 0..<6 {
                writes.enter()
                Thread {
                    defer { writes.leave() }
                    let status = send("PUT", "/api/objects/v/properties/k\(k)", body: #"{"value": 1}"#, authorization: "Bearer \(token)")
                    statuses.withLock { $0.append(status) }
                }.start()
            }
            // Each read gets 30 seconds (the suite may load the machine); one stuck behind the writers
            // would never answer, since the lock is let go only after the last read.
            for path in ["/static/app.css", "/api/components", "/api/objects/v", "/", "/components/pop", "/api/objects/v/state"] {
                let answered = DispatchSemaphore(value: 0)
                let status = Mutex<Int>(0)
                Thread {
                    let answer = send("GET", path)
                    status.withLock { $0 = answer }
                    answered.signal()
                }.start()
                if answered.wait(timeout: .now() + 30) == .timedOut {
                    slow.append("\(path): no answer in 30 s while writes waited")
                } else if status.withLock({ $0 }) != 200 {
                    slow.append("\(path): \(status.withLock { $0 })")
                }
            }
        }
        #expect(slow.isEmpty, "\(slow)")
        // The lock let go, every write went through.
        #expect(writes.wait(timeout: .now() + 60) == .success)
        #expect(statuses.withLock { $0 } == Array(repeating: 200, count: 6))
    }

    /// On PostgreSQL `serve` works on several connections: 64 reads at once all answer, and the
    /// server holds more than one connection to the database while they run.
    @Test func manyReadsRunOnSeveralPostgresConnections() throws {
        let postgres = try PostgresServer.shared()
        let name = try postgres.createDatabase()
        let url = postgres.url(database: name)
        #expect(try CLI.run(["--db", url, "object", "add", "v", "--type", "view"]).status == 0)
        let server = try ServeProcess(db: url)
        let port = server.port
        let statuses = Mutex<[Int]>([])
        let reads = DispatchGroup()
        for k in 0..<64 {
            reads.enter()
            Thread {
                defer { reads.leave() }
                let path = ["/api/components", "/api/objects/v/state", "/components/pop", "/api/components/pop"][k % 4]
                let status = (try? RawHTTP.send(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)"))?.status ?? -1
                statuses.withLock { $0.append(status) }
            }.start()
        }
        let connections = try postgres.psql("SELECT count(*) FROM pg_stat_activity WHERE datname = '\(name)'")
        #expect(reads.wait(timeout: .now() + 120) == .success)
        #expect(statuses.withLock { $0 }.count == 64 && statuses.withLock { $0 }.allSatisfy { $0 == 200 }, "\(statuses.withLock { $0 })")
        // The server's connections to the database (psql's own is to another database): its store's
        // four, where one handle used to hold one.
        let count = Int(connections.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "") ?? 0
        #expect(count >= 4, "connections to the database while serving: \(connections)")
    }
}
