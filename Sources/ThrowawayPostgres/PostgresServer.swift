import Foundation
import Synchronization

/// A throwaway PostgreSQL server for the tests: `initdb` into a temporary folder, `postgres` on
/// a free loopback port — as `nobody` when the tests run as root, since PostgreSQL refuses to
/// run as root — stopped and deleted when the test process exits. Debian's `postgresql`
/// package provides the binaries (`.ci/run` installs it where missing); a machine without them
/// fails the tests that need one, it never skips them.
///
/// TCP connections authenticate with a password (SCRAM), so that wrong passwords can be
/// tested, and may use TLS (a self-signed certificate); connections over the server's own Unix
/// socket (used by ``psql(_:database:)``) are trusted.
///
/// ```swift
/// let server = try PostgresServer.shared()
/// let url = server.url(database: try server.createDatabase())   // postgres://postgres:…@127.0.0.1:PORT/test_…
/// ```
public final class PostgresServer: Sendable {
    public static let superuser = "postgres"
    public static let password = "catalog-test-password"

    public let folder: String
    public let binaries: String
    /// The loopback port (0 until first started) and the running `postgres`.
    private struct Running: @unchecked Sendable {
        // Unchecked: `Process` is not marked `Sendable`; it is only touched under the mutex.
        var port = 0
        var process: Process?
    }

    private let running = Mutex(Running())
    public var port: Int { running.withLock { $0.port } }

    private static let sharedServer = Mutex<PostgresServer?>(nil)

    /// The one server of this test process, started on first use.
    public static func shared() throws -> PostgresServer {
        try sharedServer.withLock { shared in
            if let shared { return shared }
            let server = try PostgresServer()
            shared = server
            atexit { PostgresServer.sharedServer.withLock { $0 }?.shutDown() }
            return server
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A server of its own (``shared()`` is the usual one): for tests that stop and restart it.
    /// Call ``shutDown()`` when done.
    public init() throws {
        guard let binaries = Self.findBinaries() else {
            throw Failure(description: "PostgreSQL's server binaries (initdb, postgres) are not installed: apt-get install postgresql (what .ci/run does)")
        }
        self.binaries = binaries
        folder = NSTemporaryDirectory() + "catalog-pg-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if getuid() == 0 { _ = try Self.run("/bin/chown", ["-R", "nobody:nogroup", folder]) }
        try Data((Self.password + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/pwfile"))
        if getuid() == 0 { _ = try Self.run("/bin/chown", ["nobody:nogroup", folder + "/pwfile"]) }
        let initdb = try Self.run(
            binaries + "/initdb",
            [
                "-D", folder + "/data", "-U", Self.superuser, "--pwfile", folder + "/pwfile",
                "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"
            ],
            asServerUser: true)
        guard initdb.status == 0 else { throw Failure(description: "initdb failed: \(initdb.output)") }
        // A self-signed certificate, so that clients can ask for TLS (sslmode=require) — and see
        // a certificate nobody vouches for refused (sslmode=verify-full).
        let certificate = try Self.run(
            "/usr/bin/openssl",
            [
                "req", "-new", "-x509", "-days", "2", "-nodes", "-subj", "/CN=localhost",
                "-keyout", folder + "/data/server.key", "-out", folder + "/data/server.crt"
            ],
            asServerUser: true)
        guard certificate.status == 0 else { throw Failure(description: "openssl could not make a certificate: \(certificate.output)") }
        try start()
    }

    /// Starts (or restarts) `postgres` on a free loopback port (the same one on a restart) and
    /// waits until it accepts connections.
    public func start() throws {
        try running.withLock { running in
            if running.port == 0 { running.port = try Self.freePort() }
            let port = running.port
            let process = Process()
            let command = [
                binaries + "/postgres", "-D", folder + "/data", "-p", String(port), "-k", folder, "-c", "listen_addresses=127.0.0.1",
                "-c", "fsync=off", "-c", "max_connections=200", "-c", "log_min_messages=fatal",
                "-c", "ssl=on", "-c", "ssl_cert_file=server.crt", "-c", "ssl_key_file=server.key"
            ]
            if getuid() == 0 {
                process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
                process.arguments = ["-u", "nobody", "--"] + command
            } else {
                process.executableURL = URL(fileURLWithPath: command[0])
                process.arguments = Array(command.dropFirst())
            }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            running.process = process
            // Readiness, not timing: pg_isready until it answers, for at most a minute.
            for _ in 0..<600 {
                if try Self.run(binaries + "/pg_isready", ["-q", "-h", "127.0.0.1", "-p", String(port)]).status == 0 { return }
                guard process.isRunning else { throw Failure(description: "postgres exited at start (port \(port))") }
                usleep(100_000)
            }
            throw Failure(description: "postgres did not accept connections on port \(port) within a minute")
        }
    }

    /// `pg_ctl stop -m immediate`: the server dies as on a crash (no checkpoint), its clients
    /// see their connections cut.
    public func stopImmediately() throws {
        let result = try Self.run(binaries + "/pg_ctl", ["stop", "-D", folder + "/data", "-m", "immediate", "-w"], asServerUser: true)
        guard result.status == 0 else { throw Failure(description: "pg_ctl stop failed: \(result.output)") }
        running.withLock { running in
            running.process?.waitUntilExit()
            running.process = nil
        }
    }

    public func shutDown() {
        _ = try? Self.run(binaries + "/pg_ctl", ["stop", "-D", folder + "/data", "-m", "fast", "-w"], asServerUser: true)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A new, empty database (`test_…`) owned by the superuser; returns its name.
    public func createDatabase() throws -> String {
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        _ = try psql("CREATE DATABASE \(name)")
        return name
    }

    /// A connection URL for `database`, as `user` (the superuser by default) with `password`.
    public func url(database: String, user: String = PostgresServer.superuser, password: String? = PostgresServer.password) -> String {
        "postgres://\(user)\(password.map { ":" + $0 } ?? "")@127.0.0.1:\(port)/\(database)"
    }

    /// Runs SQL as the superuser over the server's Unix socket; returns psql's unaligned output.
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        let result = try Self.run(
            "/usr/bin/psql",
            [
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", folder, "-p", String(port),
                "-U", Self.superuser, "-d", database, "-c", sql
            ])
        guard result.status == 0 else { throw Failure(description: "psql failed on \(sql): \(result.output)") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func findBinaries() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted(by: >)
        for version in versions where FileManager.default.isExecutableFile(atPath: "\(root)/\(version)/bin/postgres") {
            return "\(root)/\(version)/bin"
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: "\(folder)/postgres") {
            return String(folder)
        }
        return nil
    }

    static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs a program to completion; `asServerUser`: as `nobody` when running as root.
    static func run(_ executable: String, _ arguments: [String], asServerUser: Bool = false) throws -> (status: Int32, output: String) {
        let process = Process()
        if asServerUser, getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "nobody", "--", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PGPASSWORD"] = nil
        environment["LC_ALL"] = "C.UTF-8"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
