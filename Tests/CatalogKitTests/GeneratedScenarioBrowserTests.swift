@testable import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// Seeded random decorators and layouts, each with a random scenario, played in headless
/// Chromium against `scenario run` (DESIGN §9). CI runs 120 of each kind;
/// `CATALOG_SCENARIO_CASES=N` runs N (docs/Testing.md, the longer run).
struct GeneratedScenarioBrowserTests {
    static let count = ProcessInfo.processInfo.environment["CATALOG_SCENARIO_CASES"].flatMap(Int.init) ?? 120

    /// Writes each case's definition and scenario (which names the definition file) and reads the scenario.
    static func files(_ cases: [GeneratedBehaviours.Case], in folder: TemporaryFolder, kind: String) throws -> [ScenarioFile] {
        try cases.enumerated().map { index, generated in
            let definition = folder.file("\(kind)-\(index).yaml"), scenario = folder.file("\(kind)-\(index).scenario.yaml")
            try generated.definition.write(toFile: definition, atomically: true, encoding: .utf8)
            try "components: [\(kind)-\(index).yaml]\n\(generated.scenario)".write(toFile: scenario, atomically: true, encoding: .utf8)
            return try ScenarioFile(path: scenario)
        }
    }

    @Test func generatedDecoratorsPlayInChromiumAsInTheEngine() throws {
        var random = SeededRandom(seed: 43)
        let folder = TemporaryFolder()
        let files = try Self.files((0..<Self.count).map { GeneratedBehaviours.decorator(index: $0, random: &random) }, in: folder, kind: "decorator")
        let differences = try ScenarioBrowserTests.judge(files, reducedMotion: false)
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.prefix(15).joined(separator: "\n"))")
    }

    @Test func generatedLayoutsPlayInChromiumAsInTheEngine() throws {
        var random = SeededRandom(seed: 44)
        let folder = TemporaryFolder()
        let files = try Self.files((0..<Self.count).map { GeneratedBehaviours.layout(index: $0, random: &random) }, in: folder, kind: "layout")
        // By the stylesheet, and by the `--to js` module.
        for layoutModules in [false, true] {
            let differences = try ScenarioBrowserTests.judge(files, reducedMotion: false, layoutModules: layoutModules)
            #expect(differences.isEmpty, "\(differences.count) differences (modules: \(layoutModules)):\n\(differences.prefix(15).joined(separator: "\n"))")
        }
    }
}
