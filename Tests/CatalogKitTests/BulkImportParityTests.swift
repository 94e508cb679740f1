import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// An import writes what the same rows set one `prop set` at a time write: the same log, payload
/// for payload, and the same store. A bulk write remembers what each object's associations own
/// (so that it reads no old value per row) and reads the named objects' types a page at a time;
/// these histories replace, copy, weaken and unset owning references many times per object in one
/// import, where a stale memory would release the wrong object or none.
struct BulkImportParityTests {
    /// Holders and targets; the targets are owned only through the references set here.
    static let holders = ["h1", "h2", "h3"]
    static let targets = ["t1", "t2", "t3", "t4"]

    private func catalog(_ backend: TestBackend, _ name: String) throws -> Catalog {
        let folder = NSTemporaryDirectory() + "import-parity-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let catalog = try backend.catalog(path: folder + "/\(name).sqlite")
        for id in Self.holders { try catalog.database.objects.add(id: id, type: "view") }
        return catalog
    }

    /// One random row: a number, a string, an object reference with any policy, or null.
    private func row(_ random: inout SeededRandom, objects: [String]) -> (id: String, key: String, value: JSONValue, policy: String) {
        let id = objects[random.below(objects.count)]
        let key = ["ref", "other", "opacity", "ref2"][random.below(4)]
        let policy = ["retain", "copy", "weak"][random.below(3)]
        switch random.below(6) {
        case 0: return (id, key, .number(Double(random.below(100)) / 10), "retain")
        case 1: return (id, key, .null, "retain")
        case 2: return (id, key, .string("text-\(random.below(5))"), "retain")
        default: return (id, key, .string("@" + objects[random.below(objects.count)]), policy)
        }
    }

    @Test(arguments: TestBackend.allCases) func anImportLogsAndStoresWhatTheSameSetsOneByOneDo(backend: TestBackend) throws {
        for seed in UInt64(1)...8 {
            let single = try catalog(backend, "single"), bulk = try catalog(backend, "bulk")
            var random = SeededRandom(seed: seed)
            // The targets are created by the import itself in half the histories (objects it
            // creates are known to own nothing) and exist beforehand in the others.
            let createdByImport = seed % 2 == 0
            var lines: [String] = []
            for id in Self.targets {
                if createdByImport {
                    lines.append(#"{"object": "\#(id)", "type": "cell"}"#)
                }
                try single.database.objects.add(id: id, type: "cell")
                if !createdByImport { try bulk.database.objects.add(id: id, type: "cell") }
            }
            let start = try single.events.lastSeq()
            // Rows the one-by-one store refuses (an object a release collected) are left out of
            // the import, which would refuse them the same way and write nothing.
            var objects = Self.holders + Self.targets
            for _ in 0..<120 where !objects.isEmpty {  // a released holder is collected too
                let row = row(&random, objects: objects)
                let value: PropertyValue?
                switch row.value {
                case .null: value = nil
                case .string(let text) where text.hasPrefix("@"): value = .object(String(text.dropFirst()))
                case .string(let text): value = .string(text)
                default: value = .number(row.value.numberValue ?? 0)
                }
                guard (try? single.setProperty(value, for: row.key, on: row.id, policy: AssociationPolicy(rawValue: row.policy)!)) != nil else { continue }
                lines.append(
                    JSONValue.object(["object": .string(row.id), "key": .string(row.key), "value": row.value, "policy": .string(row.policy)]).canonicalText)
                // Copies are left out: an import checks every row before it writes, so a copy an
                // earlier row makes cannot be named by a later one.
                objects = try single.database.objects.ids().filter { (Self.holders + Self.targets).contains($0) }
            }
            #expect(lines.count >= 40, "seed \(seed): a long history (\(lines.count) rows)")
            let bulkStart = try bulk.events.lastSeq()
            try bulk.importRows(try BulkImport(text: lines.joined(separator: "\n"), file: "parity.jsonl"))

            // The targets the import creates are logged first; compare what follows.
            let singleLog = try single.events.list(since: start).map { "\($0.operation) \($0.payload.canonicalText)" }
            let bulkLog = try bulk.events.list(since: bulkStart).map { "\($0.operation) \($0.payload.canonicalText)" }
                .dropFirst(createdByImport ? Self.targets.count : 0)
            #expect(Array(bulkLog) == singleLog, "seed \(seed)")
            #expect(try bulk.database.objects.ids() == single.database.objects.ids(), "seed \(seed): the same objects survive")
            if !createdByImport { #expect(try bulk.contentHash() == single.contentHash(), "seed \(seed)") }
            for id in try single.database.objects.ids() {
                #expect(try bulk.database.properties.list(on: id) == single.database.properties.list(on: id), "seed \(seed): \(id)")
            }
        }
    }

    @Test(arguments: TestBackend.allCases) func anImportReleasesWhatAReplacedReferenceOwnedEachTime(backend: TestBackend) throws {
        let catalog = try catalog(backend, "release")
        for id in ["x", "y", "z"] { try catalog.database.objects.add(id: id, type: "cell") }
        // h1 holds x, then y, then z, then nothing: each replaced target loses its only owner.
        let rows = """
            {"object": "h1", "key": "ref", "value": "@x"}
            {"object": "h1", "key": "opacity", "value": 0.5}
            {"object": "h1", "key": "ref", "value": "@y"}
            {"object": "h1", "key": "ref", "value": "@z"}
            {"object": "h1", "key": "ref", "value": null}
            """
        try catalog.importRows(try BulkImport(text: rows, file: "release.jsonl"))
        #expect(try catalog.database.objects.ids() == ["h1", "h2", "h3"])
        let removed = try catalog.events.list().filter { $0.operation == .propertySet || $0.operation == .propertyUnset }
            .map { $0.payload["removed"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        #expect(removed == [[], [], ["x"], ["y"], ["z"]])
    }
}
