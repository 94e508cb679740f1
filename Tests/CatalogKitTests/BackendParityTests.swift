import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// The same history on SQLite and on PostgreSQL gives the same store: the same log line for
/// line, the same content hash, the same states at every time, and each verifies.
struct BackendParityTests {
    let folder = TemporaryFolder()

    private func export(_ catalog: Catalog) throws -> String {
        var text = ""
        try catalog.exportHistory { text += $0 }
        return text
    }

    @Test(arguments: [UInt64(2), 29])
    func aRandomHistoryGivesTheSameStoreOnBothBackends(seed: UInt64) throws {
        var stores: [Catalog] = []
        var times: [Double] = []
        for backend in TestBackend.allCases {
            let catalog = try backend.catalog(in: folder)
            var history = RandomHistory(seed: seed)
            times = try history.write(into: catalog, steps: 150) { step in
                if step == 100 { try catalog.takeSnapshot() }
            }
            stores.append(catalog)
        }
        let (sqlite, postgres) = (stores[0], stores[1])
        #expect(try export(postgres) == export(sqlite))
        #expect(try postgres.contentHash() == sqlite.contentHash())
        #expect(try postgres.objects.list() == sqlite.objects.list())
        #expect(try postgres.snapshots().map(\.hash) == sqlite.snapshots().map(\.hash))
        let verified = try SceneVerification.verify(postgres, scratch: folder.file("scratch-\(seed).sqlite"))
        #expect(verified.matches, "\(verified.firstDivergence ?? "")")
        for time in Array(Set(times)).sorted().filter({ Int($0 * 10) % 7 == 0 }) {
            for id in RandomHistory.ids {
                let a = try? sqlite.state(of: id, at: time), b = try? postgres.state(of: id, at: time)
                #expect(a == b, "\(id) at t=\(time)")
            }
        }
    }

    /// SQLite → archive → PostgreSQL → archive: the same lines, and the same hash on both.
    /// A lookup with a NUL character (which nothing stored can hold) is never a server fault:
    /// SQLite matches nothing; PostgreSQL, whose text cannot hold one, refuses it as bad input.
    @Test(arguments: TestBackend.allCases)
    func aNameWithANULCharacterIsBadInputNotAServerError(backend: TestBackend) throws {
        let catalog = try backend.catalog(in: folder)
        try catalog.objects.add(id: "v", type: "view")
        let lookups: [(String, () throws -> Void)] = [
            ("objects after", { try catalog.objects.forEach(after: "a\u{0}b") { _ in } }),
            ("object", { _ = try catalog.objects.describe("v\u{0}") }),
            ("component", { _ = try catalog.components.version(ComponentReference("fade\u{0}in")) }),
            ("list by tag", { _ = try catalog.components.list(tag: "fade\u{0}") }),
            ("search", { _ = try catalog.components.search("fade\u{0}") }),
            ("log of object", { try catalog.events.forEach(object: "v\u{0}") { _ in } })
        ]
        for (what, lookup) in lookups {
            do {
                try lookup()
            } catch let error as any CatalogError {
                #expect(![.serverError, .unexpected].contains(error.code), "\(what): \(error.code) \(error)")
                if backend == .postgres { #expect(error.code == .invalidValue || error.code == .unknownObject || error.code == .unknownComponent, "\(what)") }
            }
        }
    }

    @Test func anArchiveMovesASQLiteStoreToPostgreSQLAndBack() throws {
        let source = try TestBackend.sqlite.catalog(in: folder)
        var history = RandomHistory(seed: 7)
        _ = try history.write(into: source, steps: 120)
        let archive = folder.file("history.jsonl")
        try Data(try export(source).utf8).write(to: URL(fileURLWithPath: archive))
        let server = try TestBackend.postgres.catalog(in: folder, loadBuiltIns: false)
        try server.importHistory(from: archive)
        #expect(try export(server) == String(contentsOfFile: archive, encoding: .utf8))
        #expect(try server.contentHash() == source.contentHash())
        let back = try TestBackend.sqlite.catalog(in: folder, loadBuiltIns: false)
        let again = folder.file("again.jsonl")
        try Data(try export(server).utf8).write(to: URL(fileURLWithPath: again))
        try back.importHistory(from: again)
        #expect(try back.contentHash() == source.contentHash())
    }
}
