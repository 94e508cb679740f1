import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// `store export` / `store import` as a library: a random history, exported, imported into a
/// new store and exported again, gives the same lines and the same content hash; every way an
/// archive can be wrong is refused naming the line and the rule, with nothing written.
struct StoreArchiveTests {
    let folder = TemporaryFolder()

    /// A random history over the built-ins, with a declared type, a user component, a sent
    /// event and a removed component besides what ``RandomHistory`` writes.
    private func history(seed: UInt64) throws -> Catalog {
        let catalog = try Catalog(path: folder.file("source-\(seed).sqlite"))
        try catalog.types.declare("badge", properties: ["count": .number], at: 0)
        let user = try DefinitionDecoder.decode(
            text:
                #"{"name": "nudge", "kind": "animation", "version": "1.0.0", "animation": {"type": "basic", "keyPath": "position.x", "byValue": 4, "duration": 0.2}}"#,
            file: "nudge.json")
        try catalog.components.add([user], at: 0)
        var random = RandomHistory(seed: seed)
        _ = try random.write(into: catalog, steps: 200)
        try? catalog.objects.add(id: "tap-target", type: "cell", at: nil)
        _ = try? catalog.send("select", to: "tap-target")
        try catalog.components.remove("nudge")
        return catalog
    }

    private func export(_ catalog: Catalog) throws -> String {
        var text = ""
        try catalog.exportHistory { text += $0 }
        return text
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let path = folder.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func empty(_ name: String, on backend: TestBackend = .sqlite) throws -> Catalog {
        try backend.catalog(in: folder, name: name, loadBuiltIns: false)
    }

    @Test(arguments: TestBackend.allCases, [UInt64(3), 17])
    func roundTripGivesTheSameLinesAndHash(backend: TestBackend, seed: UInt64) throws {
        let source = try history(seed: seed)
        let archive = try export(source)
        let copy = try empty("copy-\(seed)", on: backend)
        let summary = try copy.importHistory(from: try write(archive, "a-\(seed).jsonl"))
        #expect(summary.lastSeq == (try source.events.lastSeq()))
        #expect(try export(copy) == archive)
        #expect(try copy.contentHash() == source.contentHash())
        let verified = try SceneVerification.verify(copy, scratch: folder.file("scratch-\(seed).sqlite"))
        #expect(verified.matches)
        #expect(verified.live == (try source.contentHash()))
    }

    @Test func anArchiveIsFramedByItsHeaderAndACountedHashedClosingLine() throws {
        let lines = try export(try history(seed: 5)).split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"format":"component-catalog-store","version":1}"#)
        let events = lines.dropFirst().dropLast()
        let end = try JSONReader.read(lines.last!)
        #expect(end["end"]?["events"]?.numberValue == Double(events.count))
        #expect(end["end"]?["sha256"]?.stringValue == ContentDigest.sha256Hex(Data(events.map { $0 + "\n" }.joined().utf8)))
    }

    /// Each damaged archive is refused with its line and rule, and the store stays empty.
    @Test(arguments: TestBackend.allCases)
    func aDamagedArchiveIsRefusedAndNothingIsWritten(backend: TestBackend) throws {
        let archive = try export(try history(seed: 8))
        let lines = archive.split(separator: "\n").map(String.init)
        let propertyLine = lines.firstIndex { $0.contains(#""operation":"prop.set""#) }!
        func resealed(_ events: [String]) -> [String] {
            let digest = ContentDigest.sha256Hex(Data(events.map { $0 + "\n" }.joined().utf8))
            return [lines[0]] + events + [#"{"end":{"events":\#(events.count),"sha256":"\#(digest)"}}"#]
        }
        // A line changed in a way that still replays, the closing line left as it was.
        var changed = lines
        let numberLine = lines.firstIndex { $0.contains(#""policy":"retain","type":"number""#) }!
        changed[numberLine] = changed[numberLine].replacingOccurrences(of: #""policy":"retain""#, with: #""policy":"copy""#)
        let unknownObject = resealed(Array(lines[1..<propertyLine]) + [lines[propertyLine].replacingOccurrences(of: #""id":""#, with: #""id":"nobody-"#)])
        var backwards = Array(lines.dropFirst().dropLast())
        backwards.swapAt(0, 1)
        let cases: [(text: [String], line: Int?, rule: String)] = [
            (Array(lines.dropLast()), nil, "cut short"),
            (["{\"format\":\"something-else\",\"version\":1}"] + lines.dropFirst(), 1, "the first line must be"),
            (resealed([lines[1].replacingOccurrences(of: #""seq":1"#, with: #""seq":1,"extra":true"#)]), 2, "extra: unknown field"),
            (resealed([try withoutMember("payload", of: lines[1])]), 2, "payload: missing"),
            (resealed([lines[1].replacingOccurrences(of: #""seq":1"#, with: #""seq":1.5"#)]), 2, "seq: a whole number from 1"),
            (resealed([lines[1].replacingOccurrences(of: #""object":null"#, with: #""object":7"#)]), 2, "object: an object id or null"),
            (lines.dropLast() + [lines.last!.replacingOccurrences(of: "}}", with: #","note":"x"}}"#)], lines.count, "end: the closing line is"),
            (resealed(backwards), 3, "does not follow"),
            (lines.dropLast() + [#"{"end":{"events":1,"sha256":"00"}}"#], lines.count, "end.events"),
            (lines + ["{}"], lines.count + 1, "after the closing line"),
            (resealed(Array(lines[1..<propertyLine])) + ["not json"], propertyLine + 2, "after the closing line"),
            (unknownObject, propertyLine + 1, "no object 'nobody-"),
            (changed, lines.count, "end.sha256")
        ]
        for (index, damaged) in cases.enumerated() {
            let path = try write(damaged.text.joined(separator: "\n") + "\n", "damaged-\(index).jsonl")
            let store = try empty("target-\(index)", on: backend)
            do {
                try store.importHistory(from: path)
                Issue.record("case \(index) (\(damaged.rule)) was accepted")
            } catch let error as StoreArchive.FormatError {
                #expect(error.description.contains(damaged.rule), "case \(index): \(error)")
                if let line = damaged.line { #expect(error.line == line, "case \(index): \(error)") }
                #expect(error.description.hasPrefix(path))
            }
            #expect(try store.events.lastSeq() == 0)
            #expect(try store.objects.ids().isEmpty)
            #expect(try store.components.names().isEmpty)
        }
    }

    /// An event line with one member left out.
    private func withoutMember(_ name: String, of line: String) throws -> String {
        var members = try JSONReader.read(line).objectValue!
        members[name] = nil
        return JSONValue.object(members).canonicalText
    }

    @Test func onlyAnEmptyStoreTakesAnImportAndACompactedLogIsNotExported() throws {
        let source = try history(seed: 11)
        let path = try write(try export(source), "a.jsonl")
        let busy = try Catalog(path: folder.file("busy.sqlite"))
        let before = try busy.events.lastSeq()
        #expect(throws: StoreArchive.RefusalError.notEmpty(path: busy.path, events: before)) { try busy.importHistory(from: path) }
        #expect(try busy.events.lastSeq() == before)
        try source.takeSnapshot()
        let compaction = try source.compactLog(before: .seq(try source.events.lastSeq() - 5))
        #expect(throws: StoreArchive.RefusalError.compacted(base: compaction.base.seq)) { try source.exportHistory { _ in } }
    }

    /// A compaction committed by another handle while an export reads (after its first line,
    /// with more than a page of events): the archive is the whole history or refused, never a
    /// history with a hole in it.
    @Test(arguments: TestBackend.allCases) func anExportOverlappingACompactionIsWholeOrRefused(backend: TestBackend) throws {
        let (catalog, other): (Catalog, Catalog)
        switch backend {
        case .sqlite:
            let path = folder.file("overlap.sqlite")
            (catalog, other) = (try Catalog(path: path, loadBuiltIns: false), try Catalog(path: path, loadBuiltIns: false))
        case .postgres:
            let server = try PostgresServer.shared()
            let url = server.url(database: try server.createDatabase())
            (catalog, other) = (try Catalog(url: url, loadBuiltIns: false), try Catalog(url: url, loadBuiltIns: false))
        }
        try catalog.objects.addAll((0..<3_000).map { (id: "o\($0)", type: "view", owners: []) }, at: 0)
        try catalog.objects.add(id: "newest", type: "view", at: 1)
        let whole = try export(catalog)

        var text = ""
        var compacted = false
        let result = Result {
            try catalog.exportHistory { line in
                text += line
                if !compacted, line.contains("\"seq\":1,") {
                    compacted = true
                    _ = try other.compactLog(before: .seq(try other.events.lastSeq()))
                }
            }
        }
        #expect(compacted)
        switch result {
        case .success: #expect(text == whole)
        case .failure(let error): #expect(error as? StoreArchive.RefusalError == .compacted(base: 3_000))
        }
    }
}
