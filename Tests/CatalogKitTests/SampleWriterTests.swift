import CatalogKit
import Foundation
import TestSupport
import Testing

/// `sample --format json` writes its document a piece at a time: the bytes must be exactly the
/// pretty text of the whole document, for every built-in animation, before, during and after it.
struct SampleWriterTests {
    @Test func theStreamedDocumentIsThePrettyText() throws {
        let folder = TemporaryFolder()
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        var checked = 0
        for name in try catalog.components.names() {
            guard let stored = try catalog.components.get(name), stored.kind == .animation else { continue }
            let sampling = try AnimationSampling(definition: try stored.decode())
            let end = sampling.effect.endTime.isFinite ? sampling.effect.endTime : 1
            for times in [[], [-0.5, 0, end / 3, end, end + 1], (0...700).map { Double($0) / 700 * end }] {
                var streamed = ""
                sampling.writeJSON(at: times) { streamed += $0 }
                #expect(streamed == sampling.json(at: times).prettyText, "\(name), \(times.count) times")
            }
            checked += 1
        }
        #expect(checked >= 5)
    }
}
