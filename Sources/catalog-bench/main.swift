// Benchmarks the store against baselines measured in the same run, and prints JSON ratios.
// Build with `swift run -c release catalog-bench`.
import CatalogKit
import Foundation
import GRDBSQLite

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Raw C: prepare once, then bind/step/reset per iteration.
func rawLoop(_ path: String, sql: String, count: Int, bind: (OpaquePointer, Int) -> Void) -> Double {
    var db: OpaquePointer?
    sqlite3_open(path, &db)
    sqlite3_busy_timeout(db, 10_000)
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    let time = seconds {
        for i in 0..<count {
            bind(statement!, i)
            while sqlite3_step(statement) == SQLITE_ROW { _ = sqlite3_column_double(statement, 0) }
            sqlite3_reset(statement)
        }
    }
    sqlite3_finalize(statement)
    sqlite3_close(db)
    return time
}

let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
let folder = NSTemporaryDirectory() + "catalog-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }
let path = folder + "/bench.sqlite"
let catalog = try Catalog(path: path)
let database = catalog.database
let objects = 1000
for i in 0..<objects { try database.objects.add(id: "obj-\(i)", type: "view") }
try database.properties.setAll((0..<objects).map { (id: "obj-\($0)", key: "scale", value: .number(Double($0))) })

var results: [String: JSONValue] = [:]
@MainActor func record(_ key: String, ours: Double, baseline: Double, unit: String) {
    results[key] = ["ours": .number(ours), "baseline": .number(baseline), "ratio": .number(ours / baseline), "unit": .string(unit)]
}

// component_lookup: library get by name vs raw C point query on the same file.
let lookups = 20_000
let names = try database.components.names()
let ourLookup = try seconds { for i in 0..<lookups { _ = try database.components.get(names[i % names.count]) } }
let rawLookup = rawLoop(path, sql: "SELECT v.definition FROM component c JOIN component_version v ON v.id = c.current_version_id WHERE c.name = ?",
                        count: lookups) { statement, i in sqlite3_bind_text(statement, 1, names[i % names.count], -1, transient) }
record("component_lookup", ours: ourLookup / Double(lookups) * 1e9, baseline: rawLookup / Double(lookups) * 1e9, unit: "ns per lookup")

// property_get_uncached vs raw C.
let gets = 100_000
let ids = (0..<objects).map { "obj-\($0)" }
let ourUncached = try seconds { for i in 0..<gets { _ = try database.properties.uncachedValue(for: "scale", on: ids[i % objects]) } }
let rawUncached = rawLoop(path, sql: "SELECT a.value FROM object o JOIN association a ON a.object_oid = o.oid AND a.key = 'scale' WHERE o.id = ?",
                          count: gets) { statement, i in sqlite3_bind_text(statement, 1, ids[i % objects], -1, transient) }
record("property_get_uncached", ours: ourUncached / Double(gets) * 1e9, baseline: rawUncached / Double(gets) * 1e9, unit: "ns per get")

// property_get_cached vs a Swift Dictionary.
let cachedGets = 2_000_000
for id in ids { _ = try database.properties.value(for: "scale", on: id) }
var sink = 0.0
let ourCached = try seconds {
    for i in 0..<cachedGets { if case .number(let n)? = try database.properties.value(for: "scale", on: ids[i % objects]) { sink += n } }
}
var dictionary: [String: Double] = [:]
for (index, id) in ids.enumerated() { dictionary[id + "\u{0}scale"] = Double(index) }
let keys = ids.map { $0 + "\u{0}scale" }
let dictionaryTime = seconds { for i in 0..<cachedGets { sink += dictionary[keys[i % objects]] ?? 0 } }
record("property_get_cached", ours: ourCached / Double(cachedGets) * 1e9, baseline: dictionaryTime / Double(cachedGets) * 1e9, unit: "ns per get")

// property_set_batched: 100,000 sets in one transaction vs raw C inserts of the same rows
// (association upsert + event row) in one transaction.
let batch = 100_000
let items = (0..<batch).map { (id: ids[$0 % objects], key: "k\($0 / objects)", value: PropertyValue.number(Double($0))) }
let ourBatch = try seconds { try database.properties.setAll(items) }
var raw: OpaquePointer?
sqlite3_open(folder + "/raw.sqlite", &raw)
sqlite3_exec(raw, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; CREATE TABLE association (object_oid INTEGER, key TEXT, type TEXT, value, target_oid INTEGER, policy TEXT, PRIMARY KEY (object_oid, key)) WITHOUT ROWID; CREATE TABLE event (seq INTEGER PRIMARY KEY AUTOINCREMENT, scene_time REAL, operation TEXT, object_id TEXT, payload TEXT);", nil, nil, nil)
var upsert: OpaquePointer?, insertEvent: OpaquePointer?
sqlite3_prepare_v2(raw, "INSERT INTO association VALUES (?, ?, 'number', ?, NULL, 'retain') ON CONFLICT (object_oid, key) DO UPDATE SET value = excluded.value", -1, &upsert, nil)
sqlite3_prepare_v2(raw, "INSERT INTO event (scene_time, operation, object_id, payload) VALUES (0, 'prop.set', ?, ?)", -1, &insertEvent, nil)
let rawBatch = seconds {
    sqlite3_exec(raw, "BEGIN IMMEDIATE", nil, nil, nil)
    for (index, item) in items.enumerated() {
        sqlite3_bind_int64(upsert, 1, Int64(index % objects))
        sqlite3_bind_text(upsert, 2, item.key, -1, transient)
        sqlite3_bind_double(upsert, 3, Double(index))
        sqlite3_step(upsert); sqlite3_reset(upsert)
        sqlite3_bind_text(insertEvent, 1, item.id, -1, transient)
        sqlite3_bind_text(insertEvent, 2, "{\"id\":\"\(item.id)\",\"key\":\"\(item.key)\",\"value\":\(index)}", -1, transient)
        sqlite3_step(insertEvent); sqlite3_reset(insertEvent)
    }
    sqlite3_exec(raw, "COMMIT", nil, nil, nil)
}
sqlite3_finalize(upsert); sqlite3_finalize(insertEvent); sqlite3_close(raw)
record("property_set_batched", ours: ourBatch, baseline: rawBatch, unit: "seconds for 100,000 sets")

// property_set_autocommit: one transaction per set.
let autocommits = 5_000
let autoTime = try seconds { for i in 0..<autocommits { try database.properties.set(.number(Double(i)), for: "auto", on: ids[i % objects]) } }
results["property_set_autocommit"] = ["ours": .number(Double(autocommits) / autoTime), "unit": .string("sets per second"), "target": 20000]

print(JSONValue.object(results).prettyText)
if sink == -1 { print(sink) }
