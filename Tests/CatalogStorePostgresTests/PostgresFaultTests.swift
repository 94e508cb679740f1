import CatalogModel
import CatalogStore
import CatalogKitPostgres
@testable import CatalogStorePostgres
import NIOCore
import Foundation
import TestSupport
import Testing

/// What goes wrong between a machine and its server: each failure gets its own one-line
/// message naming the server (never the password), and nothing acknowledged is lost.
struct PostgresFaultTests {
    private func expectRefusal(_ url: String, _ expected: (PostgresStoreError) -> Bool) {
        do {
            _ = try PostgresDatabase(url: url, environment: [:])
            Issue.record("\(url) connected")
        } catch let error as PostgresStoreError {
            #expect(expected(error), "\(error)")
            #expect(!error.description.contains(PostgresServer.password))
            #expect(!error.description.contains("\n"))
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func aWrongPasswordAnUnknownDatabaseAndNoServerEachSaySo() throws {
        let server = try PostgresServer.shared()
        let name = try server.createDatabase()
        expectRefusal(server.url(database: name, password: "wrong")) { error in
            if case .authentication(_, "postgres") = error { return error.description.contains("127.0.0.1:\(server.port)") }
            return false
        }
        expectRefusal(server.url(database: "no_such_catalog")) { error in
            if case .unknownDatabase(_, "no_such_catalog") = error { return true }
            return false
        }
        // Port 1 on loopback: nothing listens, the connection is refused at once.
        expectRefusal("postgres://postgres:x@127.0.0.1:1/catalog") { error in
            if case .cannotConnect(let address, let reason) = error { return address == "127.0.0.1:1" && reason == "connection refused" }
            return false
        }
    }

    /// A port that takes the connection but never answers (another service, a hung server):
    /// refused once `connect_timeout` has passed, never waited on for ever.
    @Test func aServerThatNeverAnswersIsGivenUpAfterTheConnectTimeout() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        try #require(listening)
        let port = Int(UInt16(bigEndian: address.sin_port))
        expectRefusal("postgres://postgres:x@127.0.0.1:\(port)/catalog?connect_timeout=1") { error in
            if case .cannotConnect(_, let reason) = error { return reason == "no answer within 1 s" }
            return false
        }
    }

    @Test func aReadOnlyRoleReadsButCannotWriteAndNothingIsWritten() throws {
        let server = try PostgresServer.shared()
        let name = try server.createDatabase()
        let owner = try PostgresDatabase(url: server.url(database: name))
        _ = try owner.transaction(at: 1) { try $0.append(.typeDeclare, object: nil, payloadText: #"{"name":"badge","properties":{}}"#) }
        let role = "reader_" + name.suffix(8)
        // The GRANTs the README documents for a read-only role.
        try server.psql(
            """
            CREATE ROLE \(role) LOGIN PASSWORD 'read-only';
            GRANT CONNECT ON DATABASE \(name) TO \(role);
            """)
        try server.psql("GRANT USAGE ON SCHEMA public TO \(role); GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(role);", database: name)
        let reader = try PostgresDatabase(url: server.url(database: name, user: role, password: "read-only"), environment: [:])
        #expect(try reader.events.lastSeq() == 1)
        #expect { try reader.transaction(at: 2) { try $0.append(.typeDeclare, object: nil, payloadText: "{}") } } throws: { error in
            "\(error)".hasPrefix("permission denied: the catalog is read-only for role '\(role)'")
        }
        #expect(try owner.events.lastSeq() == 1)
    }

    @Test func aServerStoppedMidStreamLosesNoAcknowledgedWriteAndServesAgainAfterARestart() throws {
        let server = try PostgresServer()
        defer { server.shutDown() }
        let url = server.url(database: try server.createDatabase())
        let writer = try Catalog(url: url)
        try writer.objects.add(id: "cell", type: "cell")
        let acknowledged = LineList()
        let stopped = DispatchSemaphore(value: 0)
        let failure = ErrorList()
        let thread = Thread {
            var index = 0
            while true {
                do {
                    // A property set: its change and its event commit together, or neither.
                    try writer.setProperty(.number(Double(index)), for: "k\(index % 7)", on: "cell")
                    acknowledged.append(Int64(index), "k\(index % 7)=\(index)")
                    index += 1
                } catch {
                    failure.append(error)
                    break
                }
            }
            stopped.signal()
        }
        thread.start()
        while acknowledged.count < 50, failure.errors.isEmpty { usleep(1_000) }  // waits for progress, not for a time
        try server.stopImmediately()
        // A hang guard, not a timing: the writer must fail at once, never wait on a dead server.
        #expect(stopped.wait(timeout: .now() + 60) == .success, "the writer still waits on a stopped server")
        let error = try #require(failure.errors.first as? PostgresStoreError)
        #expect(error == .connectionLost(server: "127.0.0.1:\(server.port)"), "\(error)")

        try server.start()
        let reopened = try Catalog(url: url)
        // Every acknowledged set is in the log, in order; at most the one in flight besides.
        let sets = try reopened.events.list().compactMap { event -> String? in
            guard case .propertySet(_, let key, .number(let value), _) = try event.change() else { return nil }
            return "\(key)=\(Int(value))"
        }
        #expect(Array(sets.prefix(acknowledged.count)) == acknowledged.lines)
        #expect(sets.count - acknowledged.count <= 1)
        // The store holds what its log says, and takes the next write.
        let verified = try SceneVerification.verify(reopened, scratch: NSTemporaryDirectory() + "verify-\(UUID().uuidString).sqlite")
        #expect(verified.matches, "\(verified.firstDivergence ?? "")")
        try reopened.setProperty(.number(-1), for: "after", on: "cell")
        #expect(try reopened.properties.value(for: "after", on: "cell") == .number(-1))
        // The handle that lost its connection reconnects on its next statement.
        try writer.setProperty(.number(-2), for: "again", on: "cell")
        #expect(try Catalog(url: url).properties.value(for: "again", on: "cell") == .number(-2))
    }

    /// A connection the server ends (an administrator's `pg_terminate_backend`, a proxy's idle
    /// timeout) is replaced when it is next taken: a long-lived handle — `serve`'s — goes on.
    @Test func aConnectionTheServerEndsIsReplacedWhenNextTaken() throws {
        let server = try PostgresServer.shared()
        let url = server.url(database: try server.createDatabase())
        let database = try PostgresDatabase(url: url, connections: 2)
        try database.objects.add(id: "cell", type: "cell")
        let admin = try PostgresSession(endpoint: try PostgresEndpoint(url: url))
        try admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        // Waits for the ends to arrive, not for a time (a hang guard bounds it).
        let deadline = Date().addingTimeInterval(30)
        while !database.sessions.all.allSatisfy({ $0.isClosed }), Date() < deadline { usleep(1_000) }
        #expect(database.sessions.all.allSatisfy { $0.isClosed })
        for _ in 0..<4 { #expect(try database.objects.get("cell") != nil) }
        try database.objects.add(id: "after", type: "cell")
        #expect(database.sessions.all.allSatisfy { !$0.isClosed })
    }
}

/// `sslmode` against the suite's server, which offers TLS with a self-signed certificate.
struct PostgresTLSTests {
    @Test func requireEncryptsAndVerifyFullRefusesACertificateNobodyVouchesFor() throws {
        let server = try PostgresServer.shared()
        let url = server.url(database: try server.createDatabase())
        let encrypted = try PostgresDatabase(url: url + "?sslmode=require", environment: [:])
        #expect(try encrypted.session.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").first?.bool(0) == true)
        let plain = try PostgresDatabase(url: url, environment: [:])
        #expect(try plain.session.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").first?.bool(0) == false)
        do {
            _ = try PostgresDatabase(url: url + "?sslmode=verify-full", environment: [:])
            Issue.record("a self-signed certificate was accepted")
        } catch let error as PostgresStoreError {
            guard case .tls(let address, _) = error else { Issue.record("\(error)"); return }
            #expect(address == "127.0.0.1:\(server.port)")
            #expect(
                error.description
                    == "no TLS connection to 127.0.0.1:\(server.port): the server's certificate is not signed by a trusted authority for this host name (sslmode=verify-full); sslmode=require encrypts without checking it"
            )
        }
    }
}

/// A follower outlives a server restart, as `tail -F` outlives a rotated file.
struct PostgresFollowerRestartTests {
    @Test func aFollowerGoesOnAfterARestartWithoutMissingOrRepeatingAnEvent() throws {
        let server = try PostgresServer()
        defer { server.shutDown() }
        let url = server.url(database: try server.createDatabase())
        let before = try Catalog(url: url)
        try before.objects.add(id: "cell", type: "cell")
        let since = try before.events.lastSeq()
        let followed = LineList()
        let done = DispatchSemaphore(value: 0)
        let failure = ErrorList()
        let follower = try Catalog(url: url, loadBuiltIns: false)
        Thread.detachNewThread {
            do {
                try follower.events.follow(since: since) { seq, line in
                    followed.append(seq, line)
                    return followed.count < 10
                }
            } catch { failure.append(error) }
            done.signal()
        }
        for index in 0..<5 { try before.setProperty(.number(Double(index)), for: "k", on: "cell") }
        while followed.count < 5, failure.errors.isEmpty { usleep(1_000) }  // waits for progress, not for a time
        try server.stopImmediately()
        try server.start()
        let after = try Catalog(url: url, loadBuiltIns: false)
        for index in 5..<10 { try after.setProperty(.number(Double(index)), for: "k", on: "cell") }
        // A hang guard, not a timing.
        #expect(done.wait(timeout: .now() + 60) == .success, "the follower did not come back")
        #expect(failure.errors.isEmpty, "\(failure.errors)")
        #expect(followed.seqs == Array((since + 1)...(since + 10)))
        var logged: [String] = []
        try after.events.forEachJSONLine(since: since) { logged.append($0) }
        #expect(followed.lines == logged)
    }

    /// A session whose last reference goes on its own connection's event loop (a listener's
    /// callback releasing what holds it) closes without waiting there: waiting on the loop is a
    /// deadlock NIO stops the process for (it did, once, in a full run).
    @Test func aSessionReleasedOnItsOwnEventLoopClosesWithoutWaiting() throws {
        let server = try PostgresServer.shared()
        let url = server.url(database: try server.createDatabase())
        let holder = SessionHolder(try PostgresSession(endpoint: try PostgresEndpoint(url: url)))
        let loop = holder.eventLoop
        try loop.submit { holder.release() }.wait()
        #expect(holder.isEmpty)
    }
}

/// Holds a session so that a closure on the event loop can drop the last reference to it.
private final class SessionHolder: @unchecked Sendable {
    private var session: PostgresSession?
    let eventLoop: any EventLoop
    init(_ session: PostgresSession) {
        self.session = session
        eventLoop = session.connection.eventLoop
    }
    func release() { session = nil }
    var isEmpty: Bool { session == nil }
}
