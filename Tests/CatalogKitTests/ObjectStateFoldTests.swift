import CatalogKit
import Foundation
import Testing

/// `state` folds only the object's own events (and those of the objects under its id) when it
/// can; it must answer exactly as folding the whole log does, whatever happened around it.
struct ObjectStateFoldTests {
    /// SplitMix64, seeded: the same scenes every run.
    struct Random {
        var state: UInt64
        mutating func below(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
    }

    @Test(arguments: [1, 2])
    func foldingTheObjectsEventsAnswersAsTheWholeLog(seed: UInt64) throws {
        let folder = NSTemporaryDirectory() + "state-fold-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = try Catalog(path: folder + "/c.sqlite")
        var random = Random(state: seed)
        // Ids under others' ids on purpose: "a/x" owned by "b" is not a's child in ownership.
        let ids = ["a", "b", "a/x", "b/x", "a/x/z"]
        var time = 0.0
        var times: [Double] = []
        for _ in 0..<300 {
            time += Double(random.below(3)) * 0.1
            times.append(time)
            let id = ids[random.below(ids.count)], other = ids[random.below(ids.count)]
            // Each step may be refused (an object that is not there, one that exists): the log
            // holds what was accepted, which is all that matters here.
            switch random.below(8) {
            case 0, 1: try? catalog.objects.add(id: id, type: ["view", "label", "cell"][random.below(3)],
                                                owners: random.below(2) == 0 && other != id ? [other] : [], at: time)
            case 2: _ = try? catalog.objects.remove(id, at: time)
            case 3: _ = try? catalog.setProperty(.number(Double(random.below(10)) / 10), for: "opacity", on: id, at: time)
            case 4: _ = try? catalog.setProperty(.object(other), for: "ref", on: id, policy: [.retain, .copy, .weak][random.below(3)], at: time)
            case 5: _ = try? catalog.properties.unset(["ref", "opacity"][random.below(2)], on: id, at: time)
            case 6: _ = try? catalog.apply(["fade-in", "pop"][random.below(2)], to: [id], at: time)
            default: _ = try? catalog.setProperty(.url("https://swift.org"), for: "url", on: id, at: time)
            }
        }
        // The whole log folded once, in time order; at each time every object's state from it.
        let events = try catalog.events.list()
        let resolve = catalog.resolver()
        var scene = SceneSnapshot()
        var next = 0
        var compared = 0
        let everyID = Set(ids + (try catalog.objects.ids()))
        for at in Set(times).sorted() {
            while next < events.count, events[next].sceneTime <= at {
                try scene.fold(events[next], resolve: resolve)
                next += 1
            }
            for id in everyID {
                let folded = try? catalog.state(of: id, at: at)
                let whole = scene.objects[id].map { Catalog.objectState(id, $0, in: scene, at: at, reducedMotion: false) }
                #expect(folded == whole, "\(id) at \(at)")
                compared += folded == nil ? 0 : 1
            }
        }
        #expect(compared > 20, "\(compared) states compared: the scenes have objects in them")
    }
}
