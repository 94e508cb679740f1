import ArgumentParser
import CatalogKit
import Foundation

/// `catalog-bench`: times the catalog against baselines measured in the same run and prints JSON
/// — for each measure our figure, the baseline and their ratio. Build it with
/// `swift build -c release --product catalog-bench` (the `catalog` binary beside it is what the
/// process-level measures start).
@main
struct CatalogBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog-bench",
        abstract: "Time the catalog against baselines measured in the same run; print JSON.",
        subcommands: [Measure.self, Serve.self, Scale.self, SampleCLI.self, PeakOf.self],
        defaultSubcommand: Measure.self)

    /// The `catalog` binary beside this one.
    static var catalogBinary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("catalog").path
    }

    /// A new folder in the temporary directory, removed after `body`.
    static func inTemporaryFolder<T>(_ name: String, _ body: (String) throws -> T) throws -> T {
        let folder = NSTemporaryDirectory() + "catalog-bench-\(name)-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }
}

extension CatalogBench {
    /// The measures (``Measures``), all or those named, on SQLite or PostgreSQL.
    struct Measure: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run the measures (all, or those named).")

        enum Backend: String, ExpressibleByArgument {
            case sqlite, postgres
        }

        @Option(help: "sqlite (the measures) or postgres (the PostgreSQL store against postgres-nio alone).")
        var backend: Backend = .sqlite

        @Option(help: "Run the measures in N fresh processes, one after another: per key every run's figures, and the median and range of the ratio.")
        var runs: Int?

        @Argument(help: "The measures to run (default: all).")
        var keys: [String] = []

        func validate() throws {
            if let runs, runs < 1 { throw ValidationError("--runs takes a number of runs, 1 or more") }
            if backend == .postgres, !keys.isEmpty || runs != nil { throw ValidationError("--backend postgres runs its measures whole, once") }
        }

        func run() throws {
            if backend == .postgres {
                print(try PostgresBenchmark.run().prettyText)
            } else if let runs {
                print(try Self.repeated(runs, keys: keys).prettyText)
            } else {
                let keys = Set(keys)
                print(try MainActor.assumeIsolated { try Measures.run(selected: keys) }.prettyText)
            }
        }

        /// The measures in `runs` fresh processes: a machine's speed drifts from minute to
        /// minute, so a goal is read from the median ratio.
        static func repeated(_ runs: Int, keys: [String]) throws -> JSONValue {
            var byKey: [String: [JSONValue]] = [:]
            for _ in 0..<runs {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
                process.arguments = ["measure"] + keys
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                // The document is the first JSON object printed (a stray line may follow it).
                let text = String(decoding: data, as: UTF8.self)
                let document = text.range(of: "\n}\n").map { String(text[..<$0.upperBound]) } ?? text
                for (key, value) in (try JSONValue(jsonData: Data(document.utf8))).objectValue ?? [:] { byKey[key, default: []].append(value) }
            }
            var summary: [String: JSONValue] = [:]
            for (key, values) in byKey {
                let ratios = values.compactMap { $0["ratio"]?.numberValue }.sorted()
                var entry: [String: JSONValue] = ["runs": .array(values)]
                if !ratios.isEmpty {
                    entry["ratio_median"] = .number(ratios[ratios.count / 2])
                    entry["ratio_range"] = .array([.number(ratios.first!), .number(ratios.last!)])
                }
                summary[key] = .object(entry)
            }
            return .object(summary)
        }
    }

    /// `catalog serve` under wrk's load on both backends (``ServeLoadBenchmark``).
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Load `catalog serve` with wrk on both backends.")

        @Argument(help: "Seconds of load per target.")
        var seconds = 10

        func run() throws {
            let seconds = self.seconds
            let load = try CatalogBench.inTemporaryFolder("serve") { folder -> JSONValue in
                try ServeLoadBenchmark.run(catalogBinary: CatalogBench.catalogBinary, folder: folder, seconds: seconds)
            }
            print(load.prettyText)
        }
    }

    /// The store at growing sizes (``ScaleBenchmark``).
    struct Scale: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Build and time stores of growing size.")

        @Argument(help: "Objects per store (default: 10000 100000 1000000).")
        var sizes: [Int] = []

        func run() throws {
            let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) }
            guard FileManager.default.isExecutableFile(atPath: CatalogBench.catalogBinary), let sqlite3 else {
                throw ValidationError("scale needs the release catalog binary beside catalog-bench, and sqlite3")
            }
            let sizes = self.sizes
            let rows = try CatalogBench.inTemporaryFolder("scale") { folder -> [String: JSONValue] in
                let bench = ScaleBenchmark(folder: folder, catalogBinary: CatalogBench.catalogBinary, sqlite3: sqlite3)
                var rows: [String: JSONValue] = [:]
                for size in sizes.isEmpty ? [10_000, 100_000, 1_000_000] : sizes {
                    // About 400 bytes an object on disk (object, property, two events, snapshot row), twice over.
                    let free = (try? FileManager.default.attributesOfFileSystem(forPath: folder)[.systemFreeSize] as? Int) ?? 0
                    guard free > size * 800 else {
                        rows[String(size)] = ["skipped": .string("needs about \(size * 800 / 1_000_000) MB free, \(free / 1_000_000) MB are")]
                        continue
                    }
                    rows[String(size)] = try bench.measure(size)
                    FileHandle.standardError.write(Data("scale \(size) done\n".utf8))
                }
                if sizes.isEmpty {
                    // Named only: at this size the verify alone runs for the better part of an hour here.
                    rows["10000000"] = [
                        "skipped": .string("run `catalog-bench scale 10000000` (about 8 GB of disk; the verify alone takes most of an hour on 2 cores)")
                    ]
                }
                rows["sample_cli"] = try bench.sampleCLI()
                return rows
            }
            print(JSONValue.object(rows).prettyText)
        }
    }

    /// `sample_cli` alone, three runs (``ScaleBenchmark/sampleCLI()``).
    struct SampleCLI: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "sample-cli", abstract: "Time `catalog sample` alone, three runs.")

        func run() throws {
            let runs = try CatalogBench.inTemporaryFolder("sample-cli") { folder -> [JSONValue] in
                let bench = ScaleBenchmark(folder: folder, catalogBinary: CatalogBench.catalogBinary, sqlite3: "")
                return try (0..<3).map { _ in try bench.sampleCLI() }
            }
            print(JSONValue.array(runs).prettyText)
        }
    }

    /// Runs a command and writes its peak memory to a file (``ScaleBenchmark``'s launcher).
    struct PeakOf: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "peak-of", abstract: "Run a command; write its peak memory.",
            shouldDisplay: false)

        @Argument var peakFile: String
        @Argument var output: String
        @Argument(parsing: .captureForPassthrough) var command: [String]

        func run() throws {
            ScaleBenchmark.peakOf([peakFile, output] + command)
        }
    }
}
