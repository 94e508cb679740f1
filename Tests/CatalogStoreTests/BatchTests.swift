import CatalogModel
import CatalogStore
import Foundation
import TestSupport
import Testing

/// A batch commits many changes in one transaction. In a batch, a refused change the caller
/// catches leaves nothing of itself while the others commit; in an all-or-nothing batch (a
/// log carried out whole) a refused change fails the batch, and nothing commits, even when its
/// error was caught.
struct BatchTests {
    let folder = TemporaryFolder()

    private func objectsAndEvents(_ database: CatalogDatabase) throws -> (ids: [String], events: Int) {
        (try database.objects.ids(), try database.events.list().count)
    }

    @Test func aRefusedChangeInABatchLeavesNothingWhileTheOthersCommit() throws {
        let database = try CatalogDatabase(path: folder.file("batch.sqlite"))
        let before = try database.events.list().count
        try database.batch { store in
            try store.objects.add(id: "a", type: "view")
            // The object row would be written before its missing owner is found.
            #expect(throws: (any Error).self) { try store.objects.add(id: "b", type: "view", owners: ["missing"]) }
            try store.objects.add(id: "c", type: "view")
        }
        let (ids, events) = try objectsAndEvents(database)
        #expect(ids == ["a", "c"])
        #expect(events == before + 2)
    }

    @Test func aRefusedChangeFailsAnAllOrNothingBatchWhole() throws {
        let database = try CatalogDatabase(path: folder.file("whole.sqlite"))
        let before = try database.events.list().count
        #expect(throws: (any Error).self) {
            try database.batchAllOrNothing { store in
                try store.objects.add(id: "a", type: "view")
                try store.objects.add(id: "b", type: "view", owners: ["missing"])
            }
        }
        #expect(try objectsAndEvents(database) == ([], before))

        // Caught inside, the refusal still fails the batch: what the change wrote before it was
        // refused is not undone by itself, so nothing may commit.
        #expect(throws: (any Error).self) {
            try database.batchAllOrNothing { store in
                try store.objects.add(id: "a", type: "view")
                _ = try? store.objects.add(id: "b", type: "view", owners: ["missing"])
                try store.objects.add(id: "c", type: "view")
            }
        }
        #expect(try objectsAndEvents(database) == ([], before))

        try database.batchAllOrNothing { store in
            try store.objects.add(id: "a", type: "view")
            try store.objects.add(id: "b", type: "view", owners: ["a"])
        }
        #expect(try objectsAndEvents(database) == (["a", "b"], before + 2))
    }
}
