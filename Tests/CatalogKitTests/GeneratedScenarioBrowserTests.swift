@testable import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// Seeded random decorators and layouts, each with a random scenario, played in each
/// browser engine against `scenario run` (DESIGN §9). CI runs 120 of each kind;
/// `CATALOG_SCENARIO_CASES=N` runs N (the longer run, docs/Behaviours.md).
struct GeneratedScenarioBrowserTests {
    static let count = ProcessInfo.processInfo.environment["CATALOG_SCENARIO_CASES"].flatMap(Int.init) ?? 120

    /// Writes each case's definition and scenario (which names the definition file) and reads the scenario.
    static func files(_ cases: [GeneratedBehaviours.Case], in folder: TemporaryFolder, kind: String) throws -> [ScenarioFile] {
        try cases.enumerated().map { index, generated in
            let definition = folder.file("\(kind)-\(index).yaml"), scenario = folder.file("\(kind)-\(index).scenario.yaml")
            try generated.definition.write(toFile: definition, atomically: true, encoding: .utf8)
            try "components: [\(kind)-\(index).yaml]\n\(generated.scenario)".write(toFile: scenario, atomically: true, encoding: .utf8)
            // CATALOG_SCENARIO_FOLDER keeps a copy of the cases, to play one by hand.
            if let keep = ProcessInfo.processInfo.environment["CATALOG_SCENARIO_FOLDER"] {
                try FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
                for path in [definition, scenario] {
                    let copy = keep + "/" + (path as NSString).lastPathComponent
                    try? FileManager.default.removeItem(atPath: copy)
                    try FileManager.default.copyItem(atPath: path, toPath: copy)
                }
            }
            return try ScenarioFile(path: scenario)
        }
    }

    /// Each set of cases is played by the engine once, for the three browser engines' cases.
    static let decorators = Result { () throws -> ScenarioBrowserTests.Played in
        var random = SeededRandom(seed: 43)
        let folder = TemporaryFolder()
        return try ScenarioBrowserTests.played(
            files((0..<count).map { GeneratedBehaviours.decorator(index: $0, random: &random) }, in: folder, kind: "decorator"))
    }
    static let reducedDecorators = Result { () throws -> ScenarioBrowserTests.Played in
        var random = SeededRandom(seed: 45)
        let folder = TemporaryFolder()
        var cases = (0..<(count / 2)).map { GeneratedBehaviours.decorator(index: $0, random: &random) }
        for index in cases.indices { cases[index].scenario = "reducedMotion: true\n" + cases[index].scenario }
        return try ScenarioBrowserTests.played(try files(cases, in: folder, kind: "decorator"))
    }
    /// By the stylesheet, and by the `--to js` module.
    static let layouts = Result { () throws -> [ScenarioBrowserTests.Played] in
        var random = SeededRandom(seed: 44)
        let folder = TemporaryFolder()
        let written = try files((0..<count).map { GeneratedBehaviours.layout(index: $0, random: &random) }, in: folder, kind: "layout")
        return try [false, true].map { try ScenarioBrowserTests.played(written, layoutModules: $0) }
    }

    @Test(arguments: BrowserEngine.allCases)
    func generatedDecoratorsPlayAsInTheEngine(engine: BrowserEngine) throws {
        let differences = try ScenarioBrowserTests.judge(Self.decorators.get(), reducedMotion: false, engine: engine)
        #expect(differences.isEmpty, "\(engine): \(differences.count) differences:\n\(differences.prefix(15).joined(separator: "\n"))")
    }

    /// The same kind of decorators and scenarios under reduced motion (the browser told to prefer it).
    @Test(arguments: BrowserEngine.allCases)
    func generatedDecoratorsPlayReducedAsInTheEngine(engine: BrowserEngine) throws {
        let differences = try ScenarioBrowserTests.judge(Self.reducedDecorators.get(), reducedMotion: true, engine: engine)
        #expect(differences.isEmpty, "\(engine): \(differences.count) differences:\n\(differences.prefix(15).joined(separator: "\n"))")
    }

    @Test(arguments: BrowserEngine.allCases)
    func generatedLayoutsPlayAsInTheEngine(engine: BrowserEngine) throws {
        for (played, layoutModules) in zip(try Self.layouts.get(), [false, true]) {
            let differences = try ScenarioBrowserTests.judge(played, reducedMotion: false, engine: engine)
            #expect(differences.isEmpty, "\(differences.count) differences (modules: \(layoutModules)):\n\(differences.prefix(15).joined(separator: "\n"))")
        }
    }
}
