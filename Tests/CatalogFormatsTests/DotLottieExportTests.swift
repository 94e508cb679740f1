import CatalogKit
import Foundation
import Testing
import TestSupport

/// `export --to dotlottie` of every built-in animation, a built-in chain and the seeded
/// definitions, each judged by programs this project did not write: Python's `zipfile` reads the
/// archive (the manifest first), the Lottie specification's schema validates its document,
/// rlottie opens the archive itself and draws what it draws from the document, and ThorVG's
/// frames are the engine's — the slots of a definition that takes tokens included.
struct DotLottieExportTests {
    let folder = TemporaryFolder()

    /// The archive of a case's component, written to a file, and whether its document takes tokens.
    func archive(_ definition: ComponentDefinition, catalog: Catalog?, frameRate: Double) throws -> String {
        let box = try ReferenceBox(width: LottieExportTests.box.width, height: LottieExportTests.box.height)
        let data = try ComponentExport(definition: definition, target: .css, catalog: catalog, context: DefinitionContext(referenceBox: box))
            .dotLottie(frameRate: frameRate)
        let path = folder.file("\(definition.name).lottie")
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func everyBuiltInAndSeededDefinitionIsADotLottieEveryPlayerOpens() throws {
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        var cases: [(case: LottieExportTests.Case, definition: ComponentDefinition, path: String)] = []
        for definition in try BuiltInCatalog.definitions().filter({ $0.kind == .animation }) {
            cases.append((try LottieExportTests.animation(definition, frameRate: 60), definition, try archive(definition, catalog: nil, frameRate: 60)))
        }
        let chain = try #require(try catalog.database.components.get("fade-sequence")).decode()
        cases.append((try LottieExportTests.chain("fade-sequence", catalog: catalog), chain, try archive(chain, catalog: catalog, frameRate: 60)))
        for (index, definition) in GeneratedExportTests.definitions().prefix(80).enumerated() {
            let frameRate: Double = index % 3 == 0 ? 30 : 60
            // Every one is judged: a definition refused as Lottie fails here too.
            cases.append(
                (try LottieExportTests.animation(definition, frameRate: frameRate), definition, try archive(definition, catalog: nil, frameRate: frameRate)))
        }
        #expect(cases.count >= 18 + 1 + 80)
        let verdicts = try DotLottieJudge.judgeAll(cases.map { ($0.path, $0.case.frames, LottieExportTests.probes) })
        #expect(verdicts.count == cases.count)
        var problems: [String] = [], compared = 0, slotted = 0
        for (item, verdict) in zip(cases, verdicts) {
            let id = item.definition.name
            guard verdict["members"] == [.string("manifest.json"), .string("a/\(id).json")], verdict["schema"] == [] else {
                problems.append("\(id): members \(verdict["members"] ?? .null), schema \(verdict["schema"] ?? .null)")
                continue
            }
            let document = try JSONReader.read(try #require(verdict["animations"]?[id]?.stringValue))
            if document["slots"] != nil {
                slotted += 1
            } else if document != (try JSONReader.read(item.case.export.document.text)) {
                // Without tokens, the document is the one `--to lottie` writes.
                problems.append("\(id): the archive's document is not the Lottie export")
            }
            // rlottie opens the archive as it opens the document.
            if verdict["archive"] != verdict["plain"] { problems.append("\(id): rlottie draws the archive otherwise than its document") }
            guard let rendered = verdict["thorvg"]?[""]?.arrayValue else {
                problems.append("\(id): ThorVG could not load the archive's document")
                continue
            }
            for (frameIndex, frame) in item.case.frames.enumerated() {
                let stack = item.case.export.document.layers.map { item.case.engineAtFrames[$0.name]![frameIndex] }
                for (probeIndex, probe) in LottieExportTests.probes.enumerated() {
                    guard let expected = LottieExportTests.pixel(probe[0], probe[1], roles: stack) else { continue }
                    compared += 1
                    let actual = rendered[frameIndex].arrayValue?[probeIndex].arrayValue?.compactMap(\.numberValue) ?? []
                    if actual.count != 4 || zip(expected, actual).contains(where: { abs($0 - $1) > 4 }) {
                        problems.append("\(id) frame \(frame) pixel \(probe): engine \(expected.map { Int($0.rounded()) }), ThorVG \(actual.map { Int($0) })")
                        break
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(30).joined(separator: "\n"))")
        #expect(compared > 20_000, "\(compared) pixels compared")
        print("dotlottie: \(cases.count) archives, \(slotted) with token slots, \(compared) ThorVG pixels compared")
    }
}
