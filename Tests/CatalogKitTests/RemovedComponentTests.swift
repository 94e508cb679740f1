import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// A component removed after the log applied it: the log still folds, snapshots, compacts and
/// verifies, because `remove` keeps its versions; the name itself is gone from the catalog.
struct RemovedComponentTests {
    let folder = TemporaryFolder()

    private static let nudge =
        #"{"name": "nudge", "kind": "animation", "version": "1.0.0", "animation": {"type": "basic", "keyPath": "position.x", "byValue": 40, "duration": 0.5}}"#

    /// `add nudge; object add cell; apply nudge --to cell --at 1; object remove cell; remove nudge`,
    /// with a second object still running it.
    private func scene(_ backend: TestBackend) throws -> Catalog {
        let catalog = try backend.catalog(in: folder, loadBuiltIns: false)
        try catalog.components.add([try DefinitionDecoder.decode(text: Self.nudge, file: "nudge.json")], at: 0)
        try catalog.objects.add(id: "cell", type: "cell", at: 0)
        try catalog.objects.add(id: "card", type: "layer", at: 0)
        try catalog.apply("nudge", to: ["cell", "card"], at: 1)
        _ = try catalog.objects.remove("cell", at: 1.1)
        return catalog
    }

    @Test(arguments: TestBackend.allCases) func theLogStillFoldsSnapshotsCompactsAndVerifies(backend: TestBackend) throws {
        let catalog = try scene(backend)
        let running = try catalog.state(of: "card", at: 1.25)
        try catalog.components.remove("nudge", at: 1.2)

        #expect(try catalog.state(of: "card", at: 1.25) == running, "the running animation is still resolved")
        #expect(running.presentation != (try catalog.state(of: "card", at: 0.5)).presentation, "and it really moves the card")
        #expect(try catalog.takeSnapshot() != nil)
        #expect(try SceneVerification.verify(catalog, scratch: folder.file("v1.sqlite")).matches)
        try catalog.objects.add(id: "late", type: "layer", at: 2)
        let late = try catalog.state(of: "card", at: 2)
        _ = try catalog.compactLog(before: .seq(try catalog.events.lastSeq()))
        #expect(try catalog.state(of: "card", at: 2) == late)
        #expect(try SceneVerification.verify(catalog, scratch: folder.file("v2.sqlite")).matches)
    }

    @Test(arguments: TestBackend.allCases) func aRemovedComponentNoLongerAppliesEvenByVersion(backend: TestBackend) throws {
        let catalog = try scene(backend)
        try catalog.components.remove("nudge", at: 1.2)
        let events = try catalog.events.lastSeq()
        for reference in ["nudge", "nudge@1.0.0"] {
            let error = #expect(throws: StoreError.self) { try catalog.apply(reference, to: ["card"], at: 2) }
            #expect(error?.description == "no component 'nudge'")
        }
        #expect(try catalog.events.lastSeq() == events, "nothing was logged")
        #expect(try catalog.components.history("nudge").map(\.version) == ["1.0.0"], "its version is kept")
    }

    @Test(arguments: TestBackend.allCases) func theArchiveOfSuchAStoreImportsAndVerifies(backend: TestBackend) throws {
        let catalog = try scene(backend)
        try catalog.components.remove("nudge", at: 1.2)
        var archive = ""
        _ = try catalog.exportHistory { archive += $0 }
        let path = folder.file("removed.jsonl")
        try Data(archive.utf8).write(to: URL(fileURLWithPath: path))
        let copy = try backend.catalog(in: folder, loadBuiltIns: false)
        _ = try copy.importHistory(from: path)
        #expect(try copy.contentHash() == catalog.contentHash())
        #expect(try SceneVerification.verify(copy, scratch: folder.file("v.sqlite")).matches)
        #expect(try copy.state(of: "card", at: 1.25) == catalog.state(of: "card", at: 1.25))
    }

    /// A store written before `remove` kept versions has lost them (its log no longer folds);
    /// its archive, imported into a new store, has them again and verifies.
    @Test func anArchiveMendsAStoreThatLostTheVersions() throws {
        let catalog = try scene(.sqlite)
        try catalog.components.remove("nudge", at: 1.2)
        try catalog.sqlite!.pool.write { try $0.execute(sql: "DELETE FROM component_version WHERE name = 'nudge'") }
        // Opened as such a store is (a handle compiles a kept version once and trusts it after,
        // so the one that applied it would not notice the rows vanishing behind its back).
        let old = try Catalog(path: catalog.path, loadBuiltIns: false)
        #expect(throws: SceneError.versionNotKept(name: "nudge", version: "1.0.0")) { try old.takeSnapshot() }

        var archive = ""
        _ = try catalog.exportHistory { archive += $0 }
        let path = folder.file("lost.jsonl")
        try Data(archive.utf8).write(to: URL(fileURLWithPath: path))
        let mended = try TestBackend.sqlite.catalog(in: folder, loadBuiltIns: false)
        _ = try mended.importHistory(from: path)
        #expect(try mended.components.history("nudge").map(\.version) == ["1.0.0"])
        #expect(try mended.takeSnapshot() != nil)
        #expect(try SceneVerification.verify(mended, scratch: folder.file("m.sqlite")).matches)
    }
}
