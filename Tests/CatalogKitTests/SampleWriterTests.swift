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
            // As written, and as reduced motion makes it (faded, shortened, still, removed).
            for reduced in [false, true] {
                let sampling = try AnimationSampling(definition: try stored.decode(), reducedMotion: reduced)
                let end = sampling.effect.endTime.isFinite && sampling.effect.endTime > 0 ? sampling.effect.endTime : 1
                for times in [[], [-0.5, 0, end / 3, end, end + 1], (0...700).map { Double($0) / 700 * end }] {
                    var streamed = ""
                    sampling.writeJSON(at: times) { streamed += $0 }
                    #expect(streamed == sampling.json(at: times).prettyText, "\(name), reduced \(reduced), \(times.count) times")
                }
            }
            checked += 1
        }
        #expect(checked >= 5)
    }

    /// Seeded definitions of both vocabularies — colours, transforms, opacity; groups,
    /// additive and cumulative animations — write the same bytes as the whole document.
    @Test func generatedDefinitionsStreamTheirPrettyText() throws {
        var generator = GeneratedDefinitions(seed: 0x5A3D_1E)
        for index in 0..<60 {
            let definition = index % 2 == 0 ? generator.webDefinition(name: "w\(index)") : generator.coreAnimationDefinition(name: "c\(index)")
            let sampling = try AnimationSampling(definition: definition)
            let end = sampling.effect.endTime.isFinite && sampling.effect.endTime > 0 ? sampling.effect.endTime : 2
            let times = (-5...120).map { Double($0) / 100 * end }
            var streamed = ""
            sampling.writeJSON(at: times) { streamed += $0 }
            #expect(streamed == sampling.json(at: times).prettyText, "\(definition.name)")
        }
    }
}

/// `replay --format json|csv` writes a frame at a time through ``FrameWriter``: the JSON is the
/// pretty text of the whole document, and the CSV reads back as the frames' values.
struct FrameWriterTests {
    @Test func framesWrittenOneAtATimeAreTheWholeDocument() throws {
        let folder = TemporaryFolder()
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        try catalog.objects.add(id: "cell-1", type: "cell", at: 0)
        try catalog.objects.add(id: "v", type: "view", at: 0)
        _ = try catalog.apply("pop", to: ["cell-1"], at: 0.1)
        _ = try catalog.apply("fade-in", to: ["v"], at: 0.2)
        let replay = try SceneReplay(catalog: catalog)
        for frames in [[], try replay.frames(fps: 30, until: 1)] {
            var json = FrameWriter(format: .json)
            var streamed = json.header
            for frame in frames { streamed += json.text(for: frame) }
            streamed += json.end
            let whole: JSONValue = [
                "frames": .array(
                    frames.map { frame in
                        ["t": .number(frame.time), "objects": .object(frame.objects.mapValues { .object($0.mapValues(\.jsonValue)) })]
                    })
            ]
            #expect(streamed == whole.prettyText + "\n")

            var csv = FrameWriter(format: .csv)
            var text = csv.header
            for frame in frames { text += csv.text(for: frame) }
            text += csv.end
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.first == "t,object,property,value")
            #expect(lines.count - 1 == frames.reduce(0) { $0 + $1.objects.values.reduce(0) { $0 + $1.count } })
            if !frames.isEmpty {
                // A transform's 16 numbers hold commas: the field is quoted, as RFC 4180 has it.
                #expect(lines.contains { $0.hasPrefix("0.2,cell-1,transform,\"[") && $0.hasSuffix("]\"") }, "\(lines.prefix(5))")
            }
        }
    }
}
