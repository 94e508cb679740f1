import CatalogStore
import CatalogKit
import Foundation
import GRDB
import Testing

/// `replay --verify` verifies the scene, not only the stored state: a rebuild whose apply, send
/// or decorator replay is broken fails, naming the first event that diverges; a malformed event
/// is an error naming it, never skipped.
struct VerificationTests {
    let folder = NSTemporaryDirectory() + "verification-" + UUID().uuidString

    /// A scene with an adopted behaviour and a select, a decorated label and a tap.
    private func scene(_ backend: TestBackend) throws -> Catalog {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let catalog = try backend.catalog(path: folder + "/c.sqlite")
        try catalog.database.objects.add(id: "cell", type: "cell")
        try catalog.database.objects.add(id: "label", type: "label")
        try catalog.apply("bounce-select", to: ["cell"], at: 0)
        _ = try catalog.send("select", to: "cell", at: 1)
        try catalog.setProperty(.string("https://swift.org"), for: "url", on: "label", at: 2)
        _ = try catalog.send("tap", to: "label", at: 3)
        try catalog.apply("fade-in", to: ["label"], at: 4)
        return catalog
    }

    private func verify(_ catalog: Catalog, replay: @escaping (Event, any CatalogBackend) throws -> Void) throws -> SceneVerification.Result {
        try SceneVerification.verify(catalog, scratch: folder + "/rebuilt-\(UUID().uuidString).sqlite", replay: replay)
    }

    @Test(arguments: TestBackend.allCases) func anIntactRebuildVerifies(backend: TestBackend) throws {
        let result = try verify(try scene(backend), replay: SceneVerification.replay)
        #expect(result.matches && result.firstDivergence == nil)
    }

    /// The library owns the scratch store `replay --verify` rebuilds into: made in the temporary
    /// folder and removed, with its `-wal` and `-shm`, when the check is over.
    @Test(arguments: TestBackend.allCases) func verificationCleansUpItsOwnScratchStore(backend: TestBackend) throws {
        let catalog = try scene(backend)
        let prefix = "catalog-verify-\(ProcessInfo.processInfo.processIdentifier)-"
        func scratch() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path).filter { $0.hasPrefix(prefix) }
        }
        #expect(try SceneVerification.verify(catalog).matches)
        let left = try scratch()
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test(arguments: TestBackend.allCases) func aRebuildThatDropsApplicationsFailsAtTheFirstOne(backend: TestBackend) throws {
        let catalog = try scene(backend)
        let firstApply = try #require(try catalog.database.events.list().first { $0.operation == .apply })
        let result = try verify(catalog) { event, database in
            if event.operation != .apply { try SceneVerification.replay(event, into: database) }
        }
        // The stored state is the same (applications store nothing); the log and the scene are not.
        #expect(result.live == result.rebuilt)
        #expect(!result.matches)
        #expect(result.firstDivergence?.hasPrefix("event \(firstApply.seq) (apply on cell at t=0)") == true, "\(result.firstDivergence ?? "nil")")
    }

    @Test(arguments: TestBackend.allCases) func aRebuildThatAltersWhatASendDidFailsThere(backend: TestBackend) throws {
        let catalog = try scene(backend)
        let tap = try #require(try catalog.database.events.list().first { $0.operation == .send && $0.objectID == "label" })
        let result = try verify(catalog) { event, database in
            guard event.seq == tap.seq else { return try SceneVerification.replay(event, into: database) }
            var altered = event
            altered.payload = ["event": "tap", "value": nil, "effects": []]  // the openURL effect lost
            try SceneVerification.replay(altered, into: database)
        }
        #expect(!result.matches)
        #expect(result.firstDivergence?.hasPrefix("event \(tap.seq) (send on label at t=3)") == true, "\(result.firstDivergence ?? "nil")")
    }

    @Test(arguments: TestBackend.allCases) func aRebuildThatChangesADecoratorsStateFailsThere(backend: TestBackend) throws {
        let catalog = try scene(backend)
        // hyperlink's url, a property the decorator declares on its owner: rebuilt with another value.
        let url = try #require(try catalog.database.events.list().first { $0.operation == .propertySet && $0.payload["key"] == "url" })
        let result = try verify(catalog) { event, database in
            guard event.seq == url.seq, var payload = event.payload.objectValue else { return try SceneVerification.replay(event, into: database) }
            payload["value"] = "https://example.com"
            var altered = event
            altered.payload = .object(payload)
            try SceneVerification.replay(altered, into: database)
        }
        #expect(!result.matches && result.live != result.rebuilt)
        #expect(result.firstDivergence?.hasPrefix("event \(url.seq) (prop.set on label at t=2)") == true, "\(result.firstDivergence ?? "nil")")
    }

    /// The content hash holds no times: only comparing each event's time with the live one's
    /// sees an event carried out later than it happened.
    @Test(arguments: TestBackend.allCases) func aRebuildThatCarriesAnEventOutLaterFailsThere(backend: TestBackend) throws {
        let catalog = try scene(backend)
        // The tap at t=3: its payload holds no time, and the next event is at t=4.
        let tap = try #require(try catalog.database.events.list().first { $0.operation == .send && $0.objectID == "label" })
        #expect(tap.sceneTime == 3)
        let result = try verify(catalog) { event, database in
            var moved = event
            if event.seq == tap.seq { moved.sceneTime = 3.5 }
            try SceneVerification.replay(moved, into: database)
        }
        #expect(result.live == result.rebuilt, "the stored state is the same")
        #expect(!result.matches)
        #expect(
            result.firstDivergence?.hasPrefix("event \(tap.seq) (send on label at t=3) replays as send on label at t=3.5") == true,
            "\(result.firstDivergence ?? "nil")")
    }

    @Test(arguments: TestBackend.allCases) func aRebuildThatCannotCarryOutAnEventNamesIt(backend: TestBackend) throws {
        let catalog = try scene(backend)
        // Without the decorator's instance, the next change to it cannot be made: an error, not a skip.
        let attach = try #require(try catalog.database.events.list().first { $0.operation == .objectAdd && ($0.objectID ?? "").contains("decorator:") })
        #expect {
            _ = try verify(catalog) { event, database in
                if event.seq != attach.seq { try SceneVerification.replay(event, into: database) }
            }
        } throws: { error in
            "\(error)".contains("does not replay: no object 'label/decorator:hyperlink'")
        }
    }

    /// Among sets at one time, the one that cannot be carried out (its object was never added)
    /// is the error, named.
    @Test func anEventAmongSetsThatCannotBeCarriedOutIsNamed() throws {
        let catalog = try scene(.sqlite)
        let queue = try DatabaseQueue(path: folder + "/c.sqlite")
        try queue.write { db in
            for id in ["cell", "ghost", "cell"] {
                try db.execute(
                    sql: "INSERT INTO event (scene_time, operation, object_id, payload) VALUES (5, 'prop.set', ?, ?)",
                    arguments: [id, #"{"id":"\#(id)","key":"alpha","policy":"retain","type":"number","value":0.5}"#])
            }
        }
        let ghost = try queue.read { db in try Int64.fetchOne(db, sql: "SELECT seq FROM event WHERE object_id = 'ghost'")! }
        #expect {
            _ = try SceneVerification.verify(catalog, scratch: folder + "/ghost.sqlite")
        } throws: { error in
            "\(error)" == "event \(ghost) (prop.set on ghost at t=5) does not replay: no object 'ghost'"
        }
    }

    @Test func aMalformedEventIsAnErrorNamingIt() throws {
        let catalog = try scene(.sqlite)
        let queue = try DatabaseQueue(path: folder + "/c.sqlite")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO event (scene_time, operation, object_id, payload) VALUES (5, 'prop.set', 'cell', '{\"id\": \"cell\"}')")
        }
        let seq = try queue.read { db in try Int64.fetchOne(db, sql: "SELECT max(seq) FROM event")! }
        #expect {
            _ = try SceneVerification.verify(catalog, scratch: folder + "/malformed.sqlite")
        } throws: { error in
            "\(error)" == "event \(seq) (prop.set at t=5) is malformed: no type"
        }
    }

    /// A log of several pages: the rebuild, the comparison and the reading of the log run a few
    /// pages apart, on threads of their own. The first divergence is named even when a later
    /// event cannot be carried out, the rebuilt store is the same however far the comparison
    /// had got, and an event that cannot be carried out with no divergence before it is the error.
    @Test func aLongLogDivergesAtItsFirstDifferenceWhateverComesLater() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let catalog = try Catalog(path: folder + "/long.sqlite")
        try catalog.objects.addAll((0..<3_000).map { (id: "cell-\($0)", type: "cell", owners: []) }, at: 0)
        try catalog.database.properties.setAll((0..<3_000).map { (id: "cell-\($0)", key: "alpha", value: PropertyValue.number(0.5)) }, at: 1)
        let events = try catalog.database.events.list()
        #expect(events.count > 6_000, "several pages of the rebuild")
        let altered = try #require(events.first { $0.operation == .objectAdd && $0.objectID == "cell-2500" }).seq
        let failing = try #require(events.first { $0.operation == .propertySet && $0.objectID == "cell-1200" }).seq
        struct Refused: Error {}
        func broken(failingToo: Bool) -> (Event, any CatalogBackend) throws -> Void {
            { event, database in
                if failingToo, event.seq == failing { throw Refused() }
                guard event.seq == altered else { return try SceneVerification.replay(event, into: database) }
                try database.objects.add(id: "stray", type: "cell", at: event.sceneTime)  // logs another change instead
            }
        }
        let results = try (0..<2).map { _ in try verify(catalog, replay: broken(failingToo: true)) }
        for result in results {
            #expect(
                result.firstDivergence?.hasPrefix("event \(altered) (object.add on cell-2500 at t=0) replays as object.add on stray") == true,
                "\(result.firstDivergence ?? "nil")")
        }
        #expect(results[0].rebuilt == results[1].rebuilt, "the rebuilt store is the same whenever the comparison got there")
        let whole = try verify(catalog, replay: broken(failingToo: false))
        #expect(whole.firstDivergence == results[0].firstDivergence)
        #expect(whole.rebuilt != results[0].rebuilt, "carried out up to the failing event, not past it")

        // With no divergence before it, the event that cannot be carried out is the error; early
        // in a long log, pages read ahead are left waiting when the rebuild stops.
        let early = try #require(events.first { $0.operation == .objectAdd && $0.objectID == "cell-100" }).seq
        for (seq, name) in [(failing, "prop.set on cell-1200 at t=1"), (early, "object.add on cell-100 at t=0")] {
            #expect {
                _ = try verify(catalog) { event, database in
                    if event.seq == seq { throw Refused() }
                    try SceneVerification.replay(event, into: database)
                }
            } throws: { error in
                "\(error)".hasPrefix("event \(seq) (\(name)) does not replay")
            }
        }
        #expect(try verify(catalog, replay: SceneVerification.replay).matches)
    }
}
