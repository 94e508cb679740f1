import CatalogKit
import Hummingbird
import Logging
import Synchronization

/// The catalog over HTTP — what `catalog serve` runs: the JSON API (`/api/…`, the same JSON as
/// the commands' `--format json`, with the same error objects) and a page listing the catalog,
/// over one ``Catalog`` on either backend.
///
/// Safe on a network by default: it listens on 127.0.0.1, answers only requests addressed to the
/// host and port it serves (``HostGuard``: no DNS rebinding), takes writes only with the write
/// token (``WriteToken``), bounds request bodies, and sends a Content-Security-Policy without
/// `unsafe-inline` (``SecurityHeaders``).
///
/// ```swift
/// let server = CatalogServer(catalog: try Catalog(), configuration: .init(port: 8080))
/// try await server.run { port in print("http://127.0.0.1:\(port)/") }
/// ```
public struct CatalogServer: Sendable {
    public struct Configuration: Sendable {
        /// The address it listens on.
        public var host: String
        /// 0: any free port (``run(onListening:)`` says which).
        public var port: Int
        /// Writes need `Authorization: Bearer <token>`; nil: the server is read-only.
        public var writeToken: String?
        /// The largest request body taken (a definition's limit).
        public var maximumBodyBytes: Int
        /// More names requests may be addressed to (the machine's name, when listening on 0.0.0.0).
        public var allowedHosts: [String]
        /// The shadcn registry under `/r/`: its name and homepage, as `registry.json` gives them.
        public var registryName: String
        public var registryHomepage: String

        public init(
            host: String = "127.0.0.1", port: Int = 8080, writeToken: String? = nil, maximumBodyBytes: Int = DefinitionLimits.maximumBytes,
            allowedHosts: [String] = [], registryName: String = "catalog", registryHomepage: String = ""
        ) {
            self.host = host
            self.port = port
            self.writeToken = writeToken
            self.maximumBodyBytes = maximumBodyBytes
            self.allowedHosts = allowedHosts
            self.registryName = registryName
            self.registryHomepage = registryHomepage
        }
    }

    let catalog: Catalog
    let configuration: Configuration

    /// Warnings and errors only: the command prints the one line a person needs.
    static var logger: Logger {
        var logger = Logger(label: "catalog-serve")
        logger.logLevel = .warning
        return logger
    }

    public init(catalog: Catalog, configuration: Configuration = .init()) {
        self.catalog = catalog
        self.configuration = configuration
    }

    /// Serves until the task is cancelled or the process gets SIGINT or SIGTERM.
    /// - Parameter onListening: called once with the port it listens on.
    public func run(onListening: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        try await application(onListening: onListening).runService()
    }

    /// The server as a Hummingbird application: what ``run(onListening:)`` serves, and what
    /// route tests drive in process (HummingbirdTesting's `.router`).
    /// - Parameter testClientAuthority: an authority answered besides the served ones — the
    ///   in-process test client's, which names no port (`localhost`); nil when serving.
    package func application(
        onListening: @escaping @Sendable (Int) -> Void = { _ in }, testClientAuthority: String? = nil
    ) -> some ApplicationProtocol {
        // The port requests must be addressed to: the configured one until the listener says.
        let served = Mutex<Int?>(configuration.port == 0 ? nil : configuration.port)
        let router = Router(context: BasicRequestContext.self)
        // Outermost first: the headers go on every answer, errors included.
        router.middlewares.add(SecurityHeaders())
        router.middlewares.add(APIErrors())
        router.middlewares.add(
            HostGuard(host: configuration.host, also: configuration.allowedHosts, testClient: testClientAuthority) { served.withLock { $0 } })
        router.middlewares.add(NULGuard())
        router.middlewares.add(MethodGuard())
        ComponentAPI(catalog: catalog, configuration: configuration).add(to: router)
        ObjectAPI(catalog: catalog).add(to: router)
        LogAPI(catalog: catalog).add(to: router)
        ScenarioAPI(catalog: catalog).add(to: router)
        RegistryRoutes(catalog: catalog, name: configuration.registryName, homepage: configuration.registryHomepage).add(to: router)
        WriteAPI(catalog: catalog, configuration: configuration).add(to: router)
        CatalogPage(catalog: catalog, editable: configuration.writeToken != nil).add(to: router)
        ComponentPage(catalog: catalog, editable: configuration.writeToken != nil).add(to: router)
        // Editing exists only where a write can: a read-only server offers no editor at all.
        if configuration.writeToken != nil { EditorPage(catalog: catalog).add(to: router) }
        ScenarioPages(catalog: catalog).add(to: router)
        ObjectPages(catalog: catalog).add(to: router)
        LogPage(catalog: catalog).add(to: router)
        ComparePage(catalog: catalog).add(to: router)
        ScenePage(catalog: catalog).add(to: router)
        StaticFiles.add(to: router)
        let app = Application(
            router: router, configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                served.withLock { $0 = port }
                onListening(port)
            }, logger: Self.logger)
        return app
    }
}
