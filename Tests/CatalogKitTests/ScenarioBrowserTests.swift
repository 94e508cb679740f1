@testable import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// DESIGN §9's judge: each hand-written scenario played in headless Chromium, with the exported
/// decorator modules, behaviours and layout stylesheets, equals `scenario run` at the bounds.
/// All scenarios of one motion preference play in one page (one browser start).
struct ScenarioBrowserTests {
    /// What a browser is asked to play and what the engine played: made once, judged in each engine.
    struct Played: Sendable {
        var html: String
        var runs: [JSONValue]
    }

    /// Plays `files` in the engine and writes the one page that plays them all in a browser.
    static func played(_ files: [ScenarioFile], layoutModules: Bool = false) throws -> Played {
        let folder = TemporaryFolder()
        let source = try Catalog(path: folder.file("source.sqlite"))
        var pages: [ScenarioPage] = []
        var runs: [JSONValue] = []
        for (index, file) in files.enumerated() {
            try file.withScratch(of: source) { scratch in
                pages.append(try ScenarioPage(file: file, catalog: scratch, prefix: "s\(index)/", layoutModules: layoutModules))
                runs.append(try file.play(on: scratch).jsonValue)
            }
        }
        return Played(html: ScenarioPage.html(title: "judge", pages), runs: runs)
    }

    /// Plays `played` in `engine` and returns, per scenario, where the browser differs from the engine.
    static func judge(_ played: Played, reducedMotion: Bool, engine: BrowserEngine) throws -> [String] {
        EngineTable.note(.scenarios, engine: engine, cases: played.runs.count)
        let browser = try engine.evaluate(html: played.html, reducedMotion: reducedMotion)
        let results = browser.arrayValue ?? []
        guard results.count == played.runs.count else {
            return ["the page answered \(results.count) of \(played.runs.count) scenarios: \(browser.canonicalText.prefix(300))"]
        }
        return zip(played.runs, results).flatMap { ScenarioJudge.differences(engine: $0, browser: $1) }
    }

    /// Plays `files` in one page and returns, per file, where the browser differs from the engine.
    static func judge(_ files: [ScenarioFile], reducedMotion: Bool, layoutModules: Bool = false, engine: BrowserEngine = .chromium) throws -> [String] {
        try judge(played(files, layoutModules: layoutModules), reducedMotion: reducedMotion, engine: engine)
    }

    @Test(arguments: BrowserEngine.allCases)
    func everyHandWrittenScenarioPlaysAsInTheEngine(engine: BrowserEngine) throws {
        let files = try ScenarioJudge.fixtures.map { try ScenarioFile(path: $0) }
        #expect(files.count >= 6)
        for reduced in [false, true] {
            let chosen = files.filter { $0.scenario.reducedMotion == reduced }
            #expect(!chosen.isEmpty)
            let differences = try Self.judge(chosen, reducedMotion: reduced, engine: engine)
            #expect(differences.isEmpty, "\(engine): \(differences.prefix(20).joined(separator: "\n"))")
        }
        // The layouts by their `--to js` module too.
        let layouts = files.filter { ["layouts", "layout-choices"].contains($0.scenario.name) }
        #expect(layouts.count == 2)
        #expect(try Self.judge(layouts, reducedMotion: false, layoutModules: true, engine: engine).isEmpty)
        // The comparison sees motion: the reduced scenarios played with full motion differ.
        let reduced = files.filter(\.scenario.reducedMotion)
        #expect(try !Self.judge(reduced, reducedMotion: false, engine: engine).isEmpty)
    }
}
