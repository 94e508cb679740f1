import CatalogKit
import Foundation
import ThrowawayPostgres

/// `catalog-bench serve`: `catalog serve` (the release binary beside this one) under load from a
/// second process — Debian's `wrk`, 64 connections on 2 threads — on SQLite and on a throwaway
/// PostgreSQL server: requests/s and p99 latency for the catalog page, a component page and
/// API reads, each beside the same server's floor in the same run (a static file, which reads no
/// database), as a ratio.
enum ServeLoadBenchmark {
    static let targets = [
        ("static file (floor)", "/static/app.css"), ("catalog page", "/"), ("component page", "/components/pop"),
        ("GET /api/components", "/api/components"), ("GET /api/components/pop", "/api/components/pop"),
        ("GET /api/components/pop/sample", "/api/components/pop/sample?at=0,0.1,0.2"), ("GET /api/objects/v/state", "/api/objects/v/state")
    ]

    struct Measure {
        var requestsPerSecond: Double
        var p99Milliseconds: Double
        var errors: Int
    }

    static func run(catalogBinary: String, folder: String, seconds: Int) throws -> JSONValue {
        var result: [String: JSONValue] = [:], reads: [String: JSONValue] = [:]
        let postgres = try PostgresServer()
        defer { postgres.shutDown() }
        for (backend, db) in [("sqlite", folder + "/serve-load.sqlite"), ("postgres", postgres.url(database: try postgres.createDatabase()))] {
            try shell(catalogBinary, ["--db", db, "object", "add", "v", "--type", "view"])
            try shell(catalogBinary, ["--db", db, "apply", "fade-in", "--to", "v", "--at", "1"])
            let server = Process()
            server.executableURL = URL(fileURLWithPath: catalogBinary)
            server.arguments = ["--db", db, "serve", "--port", "0"]
            let out = Pipe()
            server.standardOutput = out
            try server.run()
            defer { server.terminate(); server.waitUntilExit() }
            var line = Data()
            while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
            let port = String(decoding: line, as: UTF8.self).split(separator: ":").last.map { String($0.prefix(while: \.isNumber)) } ?? "0"
            var rows: [String: JSONValue] = [:]
            var floor: Double?
            for (name, path) in targets {
                let measure = try wrk("http://127.0.0.1:\(port)\(path)", seconds: seconds)
                floor = floor ?? measure.requestsPerSecond
                rows[name] = [
                    "requests_per_second": .number(measure.requestsPerSecond.rounded()), "p99_ms": .number((measure.p99Milliseconds * 100).rounded() / 100),
                    "errors": .number(Double(measure.errors)), "ratio_to_floor": .number((measure.requestsPerSecond / floor! * 100).rounded() / 100)
                ]
                print("\(backend) \(name): \(Int(measure.requestsPerSecond)) req/s, p99 \(measure.p99Milliseconds) ms, errors \(measure.errors)")
            }
            result[backend] = .object(rows)
            reads[backend] = try servedReads(port: port, seconds: seconds)
        }
        return [
            "serve_load": .object(result), "serve_reads": .object(reads), "connections": 64, "seconds_per_target": .number(Double(seconds))
        ]
    }

    /// `serve_reads`: the component list and a component page from `catalog serve` at 64
    /// connections, against a bare Hummingbird server in this process answering the same bytes
    /// from memory, measured one after the other: ours, the baseline and their ratio (goal: at
    /// least half the bare route's requests/s on SQLite).
    static func servedReads(port: String, seconds: Int) throws -> JSONValue {
        let paths = ["api_components": "/api/components", "component_page": "/components/pop"]
        var answers: [String: (contentType: String, body: String)] = [:]
        for path in paths.values {
            let answer = try RawGet.get(port: Int(port) ?? 0, path: path)
            answers[path] = (answer.contentType, answer.body)
        }
        let bare = try BareServer(answers: answers)
        defer { bare.stop() }
        var rows: [String: JSONValue] = [:]
        for (key, path) in paths.sorted(by: { $0.key < $1.key }) {
            let ours = try wrk("http://127.0.0.1:\(port)\(path)", seconds: seconds)
            let baseline = try wrk("http://127.0.0.1:\(bare.port)\(path)", seconds: seconds)
            rows[key] = [
                "ours": .number(ours.requestsPerSecond.rounded()), "baseline": .number(baseline.requestsPerSecond.rounded()),
                "ratio": .number((ours.requestsPerSecond / baseline.requestsPerSecond * 100).rounded() / 100),
                "unit": "requests/s at 64 connections (baseline: a bare Hummingbird route, the same bytes from memory)",
                "errors": .number(Double(ours.errors + baseline.errors))
            ]
        }
        return .object(rows)
    }

    static func shell(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }

    /// `wrk -t2 -c64 --latency`: its requests/s, its 99th percentile, and errors (socket errors
    /// and answers that are not 2xx/3xx).
    static func wrk(_ url: String, seconds: Int) throws -> Measure {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/wrk")
        process.arguments = ["-t2", "-c64", "-d\(seconds)s", "--latency", url]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return parse(text)
    }

    static func parse(_ text: String) -> Measure {
        var measure = Measure(requestsPerSecond: 0, p99Milliseconds: .nan, errors: 0)
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if line.hasPrefix("Requests/sec:"), let value = words.last.flatMap({ Double($0) }) { measure.requestsPerSecond = value }
            if line.hasPrefix("99%"), let value = words.last { measure.p99Milliseconds = milliseconds(String(value)) }
            if line.hasPrefix("Non-2xx or 3xx responses:"), let value = words.last.flatMap({ Int($0) }) { measure.errors += value }
            if line.hasPrefix("Socket errors:") {
                // "Socket errors: connect 0, read 0, write 0, timeout 0"
                measure.errors += line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.reduce(0, +)
            }
        }
        return measure
    }

    static func milliseconds(_ text: String) -> Double {
        for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            return (Double(text.dropLast(unit.count)) ?? .nan) * scale
        }
        return .nan
    }
}
