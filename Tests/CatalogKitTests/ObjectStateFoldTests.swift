import CatalogKit
import Foundation
import TestSupport
import Testing

/// `state` folds only the object's own events (and those of the objects under its id) when it
/// can; it must answer exactly as folding the whole log does, whatever happened around it.
struct ObjectStateFoldTests {
    @Test(arguments: [1, 2])
    func foldingTheObjectsEventsAnswersAsTheWholeLog(seed: UInt64) throws {
        let folder = TemporaryFolder()
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        var history = RandomHistory(seed: seed)
        let times = try history.write(into: catalog)
        let ids = RandomHistory.ids
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
