// swift-tools-version: 6.1
import Foundation
import PackageDescription

// `CATALOG_FUZZING=1 swift build --product catalog-fuzz` (what `.ci/fuzz` runs) builds the fuzz
// driver as a libFuzzer binary, with the model and engine instrumented for coverage. Only then:
// a package that others depend on may not carry unsafe flags, and a normal build needs none.
let fuzzing = ProcessInfo.processInfo.environment["CATALOG_FUZZING"] == "1"
// `CATALOG_OPTIMIZED=1` (what scripts/test sets) optimises the model, the engine, the formats and
// the facade inside a debug build: most of the test suite's own time is theirs (sampling, fitting, baking),
// and unoptimised generic code runs it many times slower (docs/Performance.md).
let optimized = ProcessInfo.processInfo.environment["CATALOG_OPTIMIZED"] == "1"
let optimizedInDebug: [SwiftSetting] = optimized ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []
let instrumented: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer"])] : optimizedInDebug

// Layers, inner to outer (docs/Architecture.md): CatalogModel ← CatalogEngine ← CatalogFormats;
// CatalogModel ← CatalogStoreCore ← CatalogStore (SQLite), CatalogStorePostgres; all ← CatalogKit ← catalog. The engine is pure evaluation: it depends on the model only, never on the store.
let package = Package(
    name: "ComponentCatalog",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CatalogKit", targets: ["CatalogKit"]),
        // `Catalog(url: "postgres://…")`: a separate library, so that CatalogKit alone never
        // builds the PostgreSQL client.
        .library(name: "CatalogKitPostgres", targets: ["CatalogKitPostgres"]),
        .executable(name: "catalog", targets: ["catalog"]),
        .executable(name: "catalog-bench", targets: ["catalog-bench"]),
        .executable(name: "catalog-fuzz", targets: ["catalog-fuzz"])
    ],
    // Ranges, not exact pins: an app that depends on CatalogKit resolves these together with its
    // own dependencies. The lower bounds are the versions this package is built and tested with.
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // What postgres-nio runs on; named here because the PostgreSQL store uses their types
        // (event loops, TLS configuration, the logger) directly.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `catalog serve`: the HTTP server (on the same SwiftNIO as the PostgreSQL client).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's header types, named for the security headers it has no names for.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Hummingbird's service lifecycle: a live log stream ends when the server shuts down.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // dotLottie (a ZIP archive) and Telegram's .tgs (gzip): reading their deflated members,
        // and writing dotLottie archives.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // `catalog add URL`: registry items over HTTP(S), TLS verified, on the same SwiftNIO.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // `catalog mcp`: the Model Context Protocol over stdio, for assistants.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1")
    ],
    targets: [
        // Build-time tool + plugin: turn Migrations/ and catalog/ into Swift source, so the binary
        // carries them and a `catalog` copied alone still migrates and loads the built-ins.
        .executableTarget(name: "embed-files", path: "Sources/embed-files"),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["embed-files"]),

        .target(
            name: "CatalogModel",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto")
            ],
            swiftSettings: instrumented,
            plugins: ["EmbedFiles"]),
        // Solves many cubic-bezier easings at once in AVX2 lanes, bit for bit the engine's own
        // solver (C: Swift cannot enable AVX2 for one function and choose it at run time).
        .target(name: "CBezierKernel"),
        .target(name: "CatalogEngine", dependencies: ["CatalogModel", "CBezierKernel"], swiftSettings: instrumented),
        // The fuzzed front doors (definitions, CSS values, property values, time lists) and the
        // driver that runs them under libFuzzer (`.ci/fuzz`) or over given files.
        .target(name: "CatalogFuzzing", dependencies: ["CatalogModel", "CatalogEngine", "CatalogFormats"], swiftSettings: instrumented),
        .executableTarget(
            name: "catalog-fuzz", dependencies: ["CatalogFuzzing"],
            swiftSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer", "-parse-as-library"]), .define("FUZZING")] : [],
            linkerSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer"])] : []),
        // The formats outside programs read and write, one folder each, the reader beside the
        // writer: CSS, Lottie, Web Animations and the ES module, DTCG tokens, the plot and the
        // preview page. Exports are exact or baked from the engine's samples; no storage.
        .target(
            name: "CatalogFormats", dependencies: ["CatalogModel", "CatalogEngine", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: instrumented),
        // What both backends share and neither's library: the backend protocols, the write rules
        // (`*Writes`, `AssociationWriter`, `StoreTransaction`) and the migration rules. No GRDB,
        // so the PostgreSQL backend does not build SQLite's library.
        .target(name: "CatalogStoreCore", dependencies: ["CatalogModel"]),
        .target(
            name: "CatalogStore",
            dependencies: [
                "CatalogModel", "CatalogStoreCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift")
            ],
            plugins: ["EmbedFiles"]),
        // The store on a PostgreSQL server, for a team: its own target, so that a SQLite-only
        // user of the library never builds postgres-nio and SwiftNIO.
        .target(
            name: "CatalogStorePostgres",
            dependencies: [
                "CatalogModel", "CatalogStoreCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
            ],
            plugins: ["EmbedFiles"]),
        .target(
            name: "CatalogKit",
            dependencies: [
                "CatalogModel", "CatalogEngine", "CatalogFormats", "CatalogStore", .product(name: "CSV", package: "CSV.swift")
            ],
            swiftSettings: optimizedInDebug,
            plugins: ["EmbedFiles"]),
        .target(name: "CatalogKitPostgres", dependencies: ["CatalogKit", "CatalogStorePostgres"]),
        // Components from other catalogs' registries: `catalog.json`'s registries, fetching
        // (redirects, size and time bounded), integrity, the lock file and its cache. Its own
        // target, so that CatalogKit alone never builds the HTTP client.
        .target(
            name: "CatalogRemote",
            dependencies: [
                "CatalogKit", .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"), .product(name: "NIOHTTP1", package: "swift-nio")
            ]),
        // `catalog serve`: the catalog over HTTP — the JSON API and its guards (host, token,
        // body size, security headers) — on Hummingbird; reads and writes through `Catalog` only.
        .target(
            name: "CatalogServer",
            dependencies: [
                "CatalogKit", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
                // NIO's thread pool for blocking work: store calls run there, off the request tasks' threads.
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams")
            ],
            resources: [
                // The web app's script and stylesheet, compiled into the binary: nothing is read from disk.
                .embedInCode("Static/app.js"), .embedInCode("Static/gallery.js"), .embedInCode("Static/scene.js"), .embedInCode("Static/editor.js"),
                .embedInCode("Static/app.css"), .embedInCode("Static/openapi.json")
            ]),
        .executableTarget(
            name: "catalog",
            dependencies: [
                "CatalogKit", "CatalogKitPostgres", "CatalogServer", "CatalogRemote",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log"),
                // serve_reads' floor: a bare Hummingbird route answering from memory.
                .product(name: "Hummingbird", package: "hummingbird")
            ]),
        // Counts heap allocations in the benchmark process (engine_sample: none per sample).
        .target(name: "CAllocationCounter", path: "Sources/CAllocationCounter"),
        .executableTarget(
            name: "catalog-bench",
            dependencies: [
                // The benchmarks time the stores beneath the facade as well, so they import them.
                "CatalogKit", "CatalogKitPostgres", "CatalogStore", "CatalogStorePostgres", "ThrowawayPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                "CAllocationCounter",
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // serve_reads' floor: a bare Hummingbird route answering from memory.
                .product(name: "Hummingbird", package: "hummingbird")
            ]),

        .testTarget(name: "CatalogModelTests", dependencies: ["CatalogModel", "TestSupport"]),
        // Shared by the test targets: the browser oracle (fixtures copied from ../shared/oracle/)
        // and how to compare with it, the check that a definition error names file, path and rule,
        // and a temporary folder per test.
        .target(name: "TestSupport", dependencies: ["CatalogModel", "ThrowawayPostgres"], path: "Tests/TestSupport", exclude: ["Fixtures"]),
        // A PostgreSQL server of its own (initdb + postgres on a loopback port), for the tests and
        // for `catalog-bench --backend postgres`.
        .target(name: "ThrowawayPostgres"),
        .testTarget(name: "CatalogEngineTests", dependencies: ["CatalogEngine", "CatalogModel", "CatalogFuzzing", "TestSupport"]),
        .testTarget(
            name: "CatalogStoreTests",
            dependencies: ["CatalogModel", "CatalogStore", "CatalogStorePostgres", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        // Parameterised over both backends (TestBackend): SQLite files and a throwaway PostgreSQL server.
        // Tests that break a store on purpose (verification, the library's error wording) import it.
        .testTarget(name: "CatalogKitTests", dependencies: ["CatalogKit", "CatalogKitPostgres", "CatalogStore", "CatalogStorePostgres", "TestSupport"]),
        // Against a throwaway PostgreSQL server the tests start themselves (TestSupport's
        // PostgresServer; .ci/run installs Debian's postgresql where it is missing).
        .testTarget(name: "CatalogStorePostgresTests", dependencies: ["CatalogStorePostgres", "CatalogStore", "CatalogKitPostgres", "TestSupport"]),
        // Exports run in headless Chromium (Debian's chromium; .ci/run installs it).
        .testTarget(name: "CatalogFormatsTests", dependencies: ["CatalogKit", "CatalogFormats", "TestSupport"]),
        // Routes driven in process through HummingbirdTesting; the tests that need a real
        // socket (raw requests, the event stream, WebDriver) are CatalogCLITests'.
        .testTarget(
            name: "CatalogServerTests",
            dependencies: [
                "CatalogServer", "CatalogKit", "TestSupport", .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types")
            ]),
        .testTarget(
            name: "CatalogCLITests", dependencies: ["CatalogKit", "catalog", "CatalogStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")])
    ],
    swiftLanguageModes: [.v6]
)
