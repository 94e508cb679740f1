import CatalogKitPostgres
import CatalogStorePostgres
import Foundation
import Logging
import PostgresNIO
import ThrowawayPostgres
import Synchronization

/// `catalog-bench --backend postgres`: the store on a PostgreSQL server of its own (started as
/// the tests start theirs), against a baseline of the same SQL sent through postgres-nio
/// directly, in the same run: what the store's layers cost on top of the driver and the server.
enum PostgresBenchmark {
    /// A bare postgres-nio connection: the baseline.
    struct RawConnection {
        let connection: PostgresConnection
        static let logger = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })

        init(_ endpoint: PostgresEndpoint) throws {
            let configuration = PostgresConnection.Configuration(
                host: endpoint.host, port: endpoint.port, username: endpoint.user,
                password: endpoint.password, database: endpoint.database, tls: .disable)
            connection = try PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 9,
                logger: Self.logger
            ).wait()
        }

        /// Runs `sql` with text/number parameters and touches every cell of every row.
        @discardableResult
        func run(_ sql: String, _ values: [any PostgresEncodable & Sendable] = []) throws -> Int {
            var bindings = PostgresBindings()
            for value in values { try bindings.append(value) }
            let rows = try connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: Self.logger).wait().rows
            var touched = 0
            for row in rows { for cell in row { touched &+= cell.bytes?.readableBytes ?? 0 } }
            return touched
        }
    }

    static func run() throws -> JSONValue {
        let server = try PostgresServer()
        defer { server.shutDown() }
        let url = server.url(database: try server.createDatabase())
        let endpoint = try PostgresEndpoint(url: url)
        let catalog = try Catalog(url: url)
        let objects = 200
        let ids = (0..<objects).map { "obj-\($0)" }
        try catalog.objects.addAll(ids.map { (id: $0, type: "view", owners: []) })
        try catalog.database.properties.setAll(ids.enumerated().map { (id: $1, key: "scale", value: .number(Double($0))) })
        let raw = try RawConnection(endpoint)
        var results: [String: JSONValue] = [:]
        func record(_ key: String, ours: Double, baseline: Double, unit: String) {
            results[key] = ["ours": .number(ours), "baseline": .number(baseline), "ratio": .number(ours / baseline), "unit": .string(unit)]
        }

        // component_lookup: a component by name, and the same SELECT sent directly.
        let names = try catalog.components.names()
        let lookups = 2_000
        let lookupSQL =
            "SELECT v.name, v.version, v.kind, v.summary, v.tags, v.content_hash, v.definition, v.added_seq FROM component c JOIN component_version v ON v.id = c.current_version_id WHERE c.name = $1"
        let (oursLookup, rawLookup) = try interleaved(lookups) { i in
            _ = try catalog.components.get(names[i % names.count])
        } baseline: { i in
            try raw.run(lookupSQL, [names[i % names.count]])
        }
        record("component_lookup", ours: oursLookup / Double(lookups) * 1e6, baseline: rawLookup / Double(lookups) * 1e6, unit: "µs per lookup")

        // property_get_uncached: one association read from the server.
        let gets = 4_000
        let readSQL = """
            SELECT o.oid, a.type, a.value, a.policy, a.target_oid IS NULL OR EXISTS (SELECT 1 FROM object t WHERE t.oid = a.target_oid)
            FROM object o LEFT JOIN association a ON a.object_oid = o.oid AND a.key = $2 WHERE o.id = $1
            """
        let (oursGet, rawGet) = try interleaved(gets) { i in
            _ = try catalog.database.properties.uncachedValue(for: "scale", on: ids[i % objects])
        } baseline: { i in
            try raw.run(readSQL, [ids[i % objects], "scale"])
        }
        record("property_get_uncached", ours: oursGet / Double(gets) * 1e6, baseline: rawGet / Double(gets) * 1e6, unit: "µs per get")

        // property_get_cached: a value this handle has read, served from its cache (kept correct
        // by LISTEN/NOTIFY), against a Swift Dictionary keyed the same way.
        for id in ids { _ = try catalog.properties.value(for: "scale", on: id) }
        let cachedGets = 400_000
        var sum = 0.0
        let oursCached = try seconds {
            for i in 0..<cachedGets { if case .number(let n)? = try catalog.properties.value(for: "scale", on: ids[i % objects]) { sum += n } }
        }
        var dictionary: [String: Double] = [:]
        for (index, id) in ids.enumerated() { dictionary[id + "\u{0}scale"] = Double(index) }
        let keys = ids.map { $0 + "\u{0}scale" }
        let dictionaryTime = seconds { for i in 0..<cachedGets { sum += dictionary[keys[i % objects]] ?? 0 } }
        record(
            "property_get_cached", ours: oursCached / Double(cachedGets) * 1e9, baseline: dictionaryTime / Double(cachedGets) * 1e9,
            unit: "ns per get (baseline: a Swift Dictionary)")
        if sum == -1 { print(sum) }

        // property_set_autocommit with 1 and 8 clients: a set in its own transaction with its
        // event, against the statements it sends, sent directly.
        for clients in [1, 8] {
            let sets = 1_600
            let perClient = sets / clients
            let stores = try (0..<clients).map { _ in try Catalog(url: url, loadBuiltIns: false) }
            let raws = try (0..<clients).map { _ in try RawConnection(endpoint) }
            let ours = try parallel(clients) { client in
                for i in 0..<perClient {
                    try stores[client].database.properties.set(.number(Double(i)), for: "k\(client)", on: ids[(client * 7 + i) % objects])
                }
            }
            let baseline = try parallel(clients) { client in
                let connection = raws[client]
                for i in 0..<perClient { try rawSet(connection, id: ids[(client * 7 + i) % objects], key: "r\(client)", value: Double(i)) }
            }
            results["property_set_autocommit_\(clients)"] = [
                "ours": .number(Double(sets) / ours), "baseline": .number(Double(sets) / baseline), "ratio": .number(baseline / ours),
                "unit": .string("sets per second, \(clients) client\(clients == 1 ? "" : "s") (ratio: ours / baseline throughput)")
            ]
        }

        // log_follow_latency: from a write's commit (its call returning) to a follower's callback
        // in another thread of the same process, over LISTEN/NOTIFY.
        let follower = try Catalog(url: url, loadBuiltIns: false)
        let start = try catalog.events.lastSeq()
        let writes = 200
        let received = Received()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? follower.events.follow(since: start) { seq, _ in
                received.note(seq)
                return seq < start + Int64(writes)
            }
            done.signal()
        }
        var committed: [Int64: UInt64] = [:]
        for i in 0..<writes {
            try catalog.database.properties.set(.number(Double(i)), for: "followed", on: ids[0])
            committed[start + Int64(i) + 1] = DispatchTime.now().uptimeNanoseconds
            usleep(2_000)  // spaced out: each commit followed on its own, not in a burst
        }
        done.wait()
        let latencies = committed.compactMap { seq, at in received.time(of: seq).map { Double(Int64($0) - Int64(at)) / 1e6 } }.sorted()
        results["log_follow_latency"] = [
            "median": .number(max(0, latencies[latencies.count / 2])), "p95": .number(max(0, latencies[latencies.count * 95 / 100])),
            "target_median": 20, "unit": .string("ms from a commit to the follower's callback")
        ]
        return .object(results)
    }

    /// `count` runs of each, in ten alternating rounds (so that both see the same machine);
    /// the total seconds of each.
    static func interleaved(_ count: Int, _ ours: (Int) throws -> Void, baseline: (Int) throws -> Void) throws -> (Double, Double) {
        var (a, b) = (0.0, 0.0)
        let round = count / 10
        for r in 0..<10 {
            a += try seconds { for i in (r * round)..<((r + 1) * round) { try ours(i) } }
            b += try seconds { for i in (r * round)..<((r + 1) * round) { try baseline(i) } }
        }
        return (a, b)
    }

    /// The statements `prop set` sends for a number on an existing object, sent directly.
    static func rawSet(_ connection: RawConnection, id: String, key: String, value: Double) throws {
        try connection.run("BEGIN")
        try connection.run("SELECT last_seq, scene_time FROM event_counter FOR UPDATE")
        try connection.run("SELECT oid FROM object WHERE id = $1", [id])
        try connection.run("SELECT policy, target_oid FROM association WHERE object_oid = (SELECT oid FROM object WHERE id = $1) AND key = $2", [id, key])
        try connection.run(
            """
            INSERT INTO association (object_oid, key, type, value, target_oid, policy) VALUES ((SELECT oid FROM object WHERE id = $1), $2, 'number', $3, NULL, 'retain')
            ON CONFLICT (object_oid, key) DO UPDATE SET type = excluded.type, value = excluded.value, target_oid = excluded.target_oid, policy = excluded.policy
            """, [id, key, JSONValue.numberText(value)])
        try connection.run(
            """
            INSERT INTO event (seq, scene_time, operation, object_id, payload)
            SELECT last_seq + 1, scene_time, 'prop.set', $1, $2 FROM event_counter
            """, [id, #"{"id":"\#(id)","key":"\#(key)","policy":"retain","type":"number","value":\#(JSONValue.numberText(value))}"#])
        try connection.run("UPDATE event_counter SET last_seq = last_seq + 1")
        try connection.run("SELECT pg_notify('catalog_event', last_seq::text) FROM event_counter")
        try connection.run("COMMIT")
    }

    /// Runs `body(client)` on `clients` threads at once; the wall time until all finish.
    static func parallel(_ clients: Int, _ body: @escaping @Sendable (Int) throws -> Void) throws -> Double {
        let failures = Received()
        return seconds {
            DispatchQueue.concurrentPerform(iterations: clients) { client in
                do { try body(client) } catch { failures.fail("\(error)") }
            }
        }
    }

    /// Receipt times by seq, from the follower's thread.
    final class Received: Sendable {
        private let times = Mutex<[Int64: UInt64]>([:])
        func note(_ seq: Int64) { times.withLock { $0[seq] = DispatchTime.now().uptimeNanoseconds } }
        func time(of seq: Int64) -> UInt64? { times.withLock { $0[seq] } }
        func fail(_ message: String) { FileHandle.standardError.write(Data("benchmark client failed: \(message)\n".utf8)) }
    }
}
