import ArgumentParser
import CatalogKit
import CatalogServer
import Dispatch
import Foundation
import Synchronization

struct Serve: ParsableCommand {
    /// Connections to a PostgreSQL catalog: requests' store work runs side by side on them (on
    /// SQLite, WAL lets readers run beside the writer anyway).
    static let postgresConnections = 4

    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the catalog as a web app and JSON API over the same database.",
        discussion: """
            Listens on 127.0.0.1 unless --host says otherwise and answers only requests addressed to \
            that host (or an --allowed-host) and port. Read-only unless CATALOG_WRITE_TOKEN is set (16 characters or more); \
            then writes need the header `Authorization: Bearer <token>`. The API answers with the \
            JSON the commands print with --format json, and their error objects; under /r/ it is a \
            shadcn registry, the files `catalog registry build` writes. Stops on Ctrl-C.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free one; the first line printed says which).") var port = 8080
    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "Also answer requests addressed to this name (repeatable): the name clients use, needed when --host is 0.0.0.0 or ::.",
            valueName: "NAME")) var allowedHosts: [String] = []
    @OptionGroup var registry: RegistryOptions

    static var writeToken: String? {
        ProcessInfo.processInfo.environment["CATALOG_WRITE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port takes 0…65535, not \(port)") }
        // On every interface no request names the address listened on: without the names
        // clients use, every request would be refused — and a wildcard would let rebinding in.
        if ["0.0.0.0", "::", "[::]"].contains(host), allowedHosts.isEmpty {
            throw ValidationError("--host \(host) listens on every interface: name the host clients use with --allowed-host NAME (DNS rebinding stays refused)")
        }
        for name in allowedHosts where name.isEmpty || name.contains(where: { $0 == "/" || $0 == ":" || $0 == "*" || $0.isWhitespace }) {
            throw ValidationError("--allowed-host takes a host name without port, scheme or wildcard, not '\(name)'")
        }
        if let token = Self.writeToken, token.count < 16 {
            throw ValidationError("CATALOG_WRITE_TOKEN is \(token.count) characters long: a write token needs 16 or more (openssl rand -hex 16 makes one)")
        }
    }

    func run() throws {
        let token = Self.writeToken
        let server = CatalogServer(
            catalog: try global.open(connections: Self.postgresConnections),
            configuration: .init(
                host: host, port: port, writeToken: token, allowedHosts: allowedHosts, registryName: registry.name, registryHomepage: registry.homepage))
        let host = self.host
        let failure = Mutex<(any Error)?>(nil)
        let finished = DispatchSemaphore(value: 0)
        // The command line is synchronous; the server runs on Swift concurrency until a signal stops it.
        Task {
            do {
                try await server.run { port in
                    let shown = host.contains(":") ? "[\(host)]" : host
                    // Written at once (not buffered): a program that started the server waits for this line.
                    FileHandle.standardOutput.write(Data("serving http://\(shown):\(port)/ (\(token == nil ? "read-only" : "writes with the token"))\n".utf8))
                }
            } catch {
                failure.withLock { $0 = error }
            }
            finished.signal()
        }
        finished.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
