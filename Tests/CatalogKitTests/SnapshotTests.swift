import CatalogKit
import CatalogStore
import Foundation
import GRDB
import Testing

/// Scene snapshots: a state read from the nearest snapshot plus the events since equals the
/// fold of the whole log, for random histories; a wrong snapshot fails `replay --verify`;
/// compaction keeps every state from its base on byte-identical.
struct SnapshotTests {
    let folder = NSTemporaryDirectory() + "snapshots-" + UUID().uuidString

    /// A random history with a snapshot kept every `every` steps.
    private func history(seed: UInt64, every: Int = 23, backend: TestBackend = .sqlite) throws -> (Catalog, [Double]) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let catalog = try backend.catalog(path: folder + "/c-\(seed).sqlite")
        var history = RandomHistory(seed: seed)
        let times = try history.write(into: catalog) { step in
            if step % every == every - 1 { try catalog.takeSnapshot() }
        }
        return (catalog, Array(Set(times)).sorted())
    }

    /// Every object's state at each time, from one fold of the whole log in order.
    private func wholeFold(_ catalog: Catalog, at times: [Double]) throws -> [Double: [String: ObjectState]] {
        let events = try catalog.events.list()
        let resolve = catalog.resolver()
        var scene = SceneSnapshot()
        var next = 0
        var states: [Double: [String: ObjectState]] = [:]
        for at in times {
            while next < events.count, events[next].sceneTime <= at {
                try scene.fold(events[next], resolve: resolve)
                next += 1
            }
            states[at] = scene.objects.mapValues { Catalog.objectState($0.id, $0, in: scene, at: at, reducedMotion: false) }
        }
        return states
    }

    @Test(arguments: TestBackend.allCases, [3, 4, 5])
    func stateFromASnapshotAndTheEventsSinceEqualsTheWholeFold(backend: TestBackend, seed: UInt64) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (catalog, times) = try history(seed: seed, backend: backend)
        #expect(try catalog.snapshots().count >= 10)
        let expected = try wholeFold(catalog, at: times)
        var compared = 0
        for at in times {
            // The whole scene from the nearest snapshot …
            let (scene, _, _) = try catalog.foldedScene(until: at)
            #expect(Set(scene.objects.keys) == Set(expected[at]!.keys), "objects at \(at)")
            for (id, object) in scene.objects {
                #expect(Catalog.objectState(id, object, in: scene, at: at, reducedMotion: false) == expected[at]![id], "\(id) at \(at)")
            }
            // … and each object's own rows and events.
            for id in Set(RandomHistory.ids).union(expected[at]!.keys) {
                #expect((try? catalog.state(of: id, at: at)) == expected[at]![id], "state of \(id) at \(at)")
                compared += expected[at]![id] == nil ? 0 : 1
            }
        }
        #expect(compared > 50)
    }

    /// A snapshot is folded one object at a time (its rows written as they are made); each one
    /// kept along random histories — owners' removals collecting objects, ids re-used, values
    /// unset and cleared, animations applied — holds exactly the rows of the whole log folded
    /// in order up to its event.
    @Test(arguments: [16, 17, 18, 19] as [UInt64]) func eachSnapshotHoldsTheRowsOfTheWholeFoldInOrder(seed: UInt64) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (catalog, _) = try history(seed: seed, every: 17)
        let snapshots = try catalog.snapshots()
        #expect(snapshots.count >= 10)
        let events = try catalog.events.list()
        let resolve = catalog.resolver()
        var scene = SceneSnapshot()
        var next = 0
        var removals = 0
        for snapshot in snapshots {
            while next < events.count, events[next].seq <= snapshot.seq {
                if events[next].operation == .objectRemove, case .objectRemove(_, let removed) = try events[next].change(), !removed.isEmpty { removals += 1 }
                try scene.fold(events[next], resolve: resolve)
                next += 1
            }
            var kept: [String] = []
            try catalog.database.snapshots.forEachObject(of: snapshot.seq) { kept.append($0 + "\t" + $1) }
            let folded = try scene.storedRows().map { $0.id + "\t" + $0.state }
            #expect(kept == folded, "the snapshot at event \(snapshot.seq)")
        }
        #expect(removals > 0, "the history removes owners with what they own")
    }

    @Test func aSnapshotReadBackIsWrittenAgainByteForByte() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (catalog, _) = try history(seed: 6, every: 29)
        let earlier = try catalog.snapshots()
        #expect(earlier.count >= 10)
        // At the end of the log, from the previous snapshot's rows read back and the events since …
        let chained = try #require(try catalog.takeSnapshot())
        #expect(chained.seq > earlier.last!.seq)
        // … and again from the log alone: the same rows, so the same hash.
        try catalog.sqlite!.pool.write { try $0.execute(sql: "DELETE FROM scene_snapshot") }
        let fromLog = try #require(try catalog.takeSnapshot())
        #expect(fromLog.seq == chained.seq)
        #expect(fromLog.objectCount == chained.objectCount)
        #expect(fromLog.hash == chained.hash)
        #expect(try SceneVerification.verify(catalog, scratch: folder + "/v.sqlite").matches)
    }

    @Test func aSnapshotThatDisagreesWithTheLogFailsVerify() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (catalog, _) = try history(seed: 7)
        #expect(try SceneVerification.verify(catalog, scratch: folder + "/v0.sqlite").matches)
        let target = try #require(try catalog.snapshots().first { $0.objectCount > 0 })
        // A row changed and the hash made to fit: only a fresh fold can tell.
        try catalog.sqlite!.pool.write { db in
            let id = try String.fetchOne(
                db, sql: "SELECT object_id FROM scene_snapshot_object WHERE snapshot_seq = ? ORDER BY object_id LIMIT 1",
                arguments: [target.seq])!
            try db.execute(
                sql: """
                    UPDATE scene_snapshot_object SET state = replace(state, '"model":{', '"model":{"planted":{"type":"number","value":1},')
                    WHERE snapshot_seq = ? AND object_id = ?
                    """, arguments: [target.seq, id])
            let rows = try Row.fetchAll(db, sql: "SELECT object_id, state FROM scene_snapshot_object WHERE snapshot_seq = ?", arguments: [target.seq])
            let hash = SnapshotRepository.hash(of: rows.map { (id: $0[0] as String, state: $0[1] as String) })
            try db.execute(sql: "UPDATE scene_snapshot SET hash = ? WHERE seq = ?", arguments: [hash, target.seq])
        }
        let result = try SceneVerification.verify(catalog, scratch: folder + "/v1.sqlite")
        #expect(!result.matches)
        #expect(result.firstDivergence?.hasPrefix("the snapshot at event \(target.seq) ") == true, "\(result.firstDivergence ?? "nil")")
        #expect(result.firstDivergence?.contains("does not match the log") == true)
    }

    @Test func aSnapshotWhoseRowsMissTheirHashIsDamaged() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (catalog, _) = try history(seed: 8)
        let target = try #require(try catalog.snapshots().last { $0.objectCount > 0 })
        try catalog.sqlite!.pool.write { db in
            try db.execute(
                sql: """
                    DELETE FROM scene_snapshot_object WHERE snapshot_seq = ?1
                    AND object_id = (SELECT min(object_id) FROM scene_snapshot_object WHERE snapshot_seq = ?1)
                    """, arguments: [target.seq])
        }
        let result = try SceneVerification.verify(catalog, scratch: folder + "/v.sqlite")
        #expect(
            result.firstDivergence
                == "the snapshot at event \(target.seq) (t=\(JSONValue.numberText(target.sceneTime))) is damaged: its rows do not match its hash")
        // Reading the whole scene from it is refused, not trusted.
        #expect(throws: StoreError.damagedSnapshot(seq: target.seq)) { try catalog.foldedScene(until: target.sceneTime, through: target.seq) }
    }

    @Test(arguments: TestBackend.allCases, [9, 10])
    func compactionKeepsEveryStateFromItsBaseOnByteIdentical(backend: TestBackend, seed: UInt64) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (catalog, times) = try history(seed: seed, every: 1_000, backend: backend)
        let cutTime = times[times.count / 2]
        func states(from cut: Double = cutTime) throws -> [String] {
            try times.filter { $0 >= cut }.flatMap { at in
                Set(RandomHistory.ids + (try catalog.objects.ids())).sorted().map { id in
                    (try? catalog.state(of: id, at: at)).map { $0.jsonValue.canonicalText } ?? "\(id) absent at \(at)"
                }
            }
        }
        let before = try states()
        let secondCut = times[times.count * 3 / 4]
        let beforeSecond = try states(from: secondCut)
        let eventsBefore = try catalog.events.list().count
        let compaction = try catalog.compactLog(before: .time(cutTime))
        #expect(compaction.eventsRemoved > 50)
        #expect(try catalog.events.list().count == eventsBefore - compaction.eventsRemoved)
        #expect(try catalog.events.list().allSatisfy { $0.sceneTime >= cutTime })
        #expect(try states() == before)
        // Before the base: refused, naming it.
        let earlier = times.first { $0 < compaction.base.sceneTime }!
        #expect(throws: StoreError.self) { try catalog.state(of: "a", at: earlier) }
        // The compacted log still verifies: base snapshot, events since, the live store.
        let verified = try SceneVerification.verify(catalog, scratch: folder + "/v.sqlite")
        #expect(verified.matches, "\(verified.firstDivergence ?? "")")
        #expect(verified.events == eventsBefore - compaction.eventsRemoved)
        // And a second compaction later still keeps every later state.
        _ = try catalog.compactLog(before: .time(secondCut))
        #expect(try states(from: secondCut) == beforeSecond)
        #expect(try SceneVerification.verify(catalog, scratch: folder + "/v2.sqlite").matches)
    }

    /// The rule after a unit of writes is the library's: a writer keeps a snapshot once the log
    /// has grown by the interval, not before and not twice; a read-only handle keeps none.
    @Test func finishingWritesKeepsASnapshotOnlyWhenOneIsDue() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/due.sqlite"
        let catalog = try Catalog(path: path, loadBuiltIns: false)
        try catalog.objects.addAll((0..<Int(Catalog.snapshotInterval) - 1).map { ("o\($0)", "view", []) })
        #expect(try catalog.finishWriting() == nil)
        try catalog.objects.add(id: "last", type: "view")
        // Due now, but a handle that only reads does not write a snapshot.
        #expect(try Catalog(path: path, loadBuiltIns: false, forReading: true).finishWriting() == nil)
        let kept = try #require(try catalog.finishWriting())
        #expect(kept.seq == Catalog.snapshotInterval && kept.objectCount == Int(Catalog.snapshotInterval))
        #expect(try catalog.finishWriting() == nil)
        #expect(try catalog.snapshots().count == 1)
    }

    @Test func aCompactedScenesStoreMismatchIsCaught() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (catalog, times) = try history(seed: 11, every: 1_000)
        _ = try catalog.compactLog(before: .time(times[times.count / 2]))
        let victim = try #require(try catalog.objects.ids().first)
        // A change behind the log's back: the store now holds what no event says.
        try catalog.sqlite!.pool.write { db in
            try db.execute(sql: "UPDATE object SET type = 'planted' WHERE id = ?", arguments: [victim])
        }
        let result = try SceneVerification.verify(catalog, scratch: folder + "/v.sqlite")
        #expect(!result.matches)
        #expect(result.firstDivergence?.contains("planted") == true, "\(result.firstDivergence ?? "nil")")
    }

    /// `replay` folds only the objects that move (their snapshot rows, their own events, the
    /// removals that name them); its frames must be those of the whole scene folded in order.
    @Test(arguments: TestBackend.allCases, [13, 14, 15])
    func replayFramesAreTheWholeFoldsFrames(backend: TestBackend, seed: UInt64) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (catalog, _) = try history(seed: seed, every: 31, backend: backend)
        let replay = try SceneReplay(catalog: catalog)
        let end = try replay.naturalEnd()
        let frames = try replay.frames(fps: 10, until: end)
        let events = try catalog.events.list()
        let resolve = catalog.resolver()
        var scene = SceneSnapshot()
        var next = 0
        var animated = 0
        for frame in frames {
            while next < events.count, events[next].sceneTime <= frame.time + 1e-9 {
                try scene.fold(events[next], resolve: resolve)
                next += 1
            }
            var expected: [String: [String: PropertyValue]] = [:]
            for (id, object) in scene.objects where !object.running.isEmpty {
                let names = Set(object.running.flatMap { $0.properties(reducedMotion: false).map(\.name) })
                expected[id] = object.presentation(at: frame.time).filter { names.contains($0.key) }
            }
            #expect(frame.objects == expected, "t=\(frame.time)")
            animated += expected.count
        }
        #expect(animated > 20)
        // The natural end is the whole scene's: the last event or the last finite animation end.
        var last = events.last?.sceneTime ?? 0
        for object in scene.objects.values {
            for animation in object.running where (animation.start + animation.endTime(reducedMotion: false)).isFinite {
                last = max(last, animation.start + animation.endTime(reducedMotion: false))
            }
        }
        #expect(end == last)
    }

    @Test(arguments: TestBackend.allCases) func replayFromATimeStartsAtTheNearestSnapshotWithTheSameFrames(backend: TestBackend) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (catalog, times) = try history(seed: 12, every: 17, backend: backend)
        let replay = try SceneReplay(catalog: catalog)
        let end = try replay.naturalEnd()
        let all = try replay.frames(fps: 20, until: end)
        let from = (times[times.count / 3] * 20).rounded() / 20
        let tail = try replay.frames(fps: 20, from: from, until: end)
        #expect(tail == all.filter { $0.time >= from - 1e-9 })
        #expect(tail.count > 10)
        for id in ["a", "b", "a/x"] {
            let own = try replay.frames(fps: 20, from: from, until: end, object: id)
            #expect(own.map(\.time) == tail.map(\.time))
            #expect(own.map(\.objects) == tail.map { $0.objects.filter { $0.key == id } }, "\(id)")
        }
    }
}
