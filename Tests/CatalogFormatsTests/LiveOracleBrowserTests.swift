import CatalogKit
import Foundation
import TestSupport
import Testing

/// The Web Animations oracle's cases (`Fixtures/waapi-public.json`, recorded in Chromium) played
/// live in each browser engine — their own keyframes and options through `element.animate()`,
/// not an export — at the oracle's times, against what the engine computes. A case where an
/// engine departs from the specification is listed (`WebOracleCase.chromiumDepartures`).
struct LiveOracleBrowserTests {
    @Test func theOracleCasesPlayInEveryEngineAsTheEngineComputesThem() throws {
        var cases: [BrowserCase] = []
        for oracle in WebOracleCase.all {
            let model = try KeyframeEffectModel(webKeyframes: oracle.keyframes, options: oracle.options, file: "\(oracle.id).json")
            let effect = KeyframeEffect(model)
            let times = oracle.samples.map { $0.t / 1000 }
            let properties = effect.tracks.map(\.property.name)
            let rows = times.map { effect.sample(at: $0).values }
            cases.append(
                BrowserCase(
                    id: oracle.id, start: .waapi([["keyframes": oracle.keyframes, "options": oracle.options]]), roles: ["element"],
                    properties: properties, baked: [], times: times, expected: ["element": rows]))
        }
        #expect(cases.count == WebOracleCase.all.count)
        let problems = try BrowserComparison.mismatches(cases, check: .oracle).filter { problem in
            // The engine follows the specification where Chromium, which recorded the case, does not.
            !WebOracleCase.chromiumDepartures.contains { problem.hasPrefix("chromium: \($0.key) element.\($0.value) ") }
        }
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(30).joined(separator: "\n"))")
    }
}
