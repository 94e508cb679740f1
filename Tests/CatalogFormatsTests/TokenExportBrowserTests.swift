import CatalogKit
import Foundation
import Testing

/// A component that references design tokens exports its durations and delays as
/// `var(--token, value)`: Chromium runs the value as written on a page that does not define
/// the token, and the design system's value on one that does — as the engine computes each.
struct TokenExportBrowserTests {
    static func set(slow: Int, wait: Int) throws -> TokenSet {
        try TokenSet(
            json: try JSONReader.read(
                """
                {"team": {"$type": "duration", "slow": {"$value": {"value": \(slow), "unit": "ms"}}, "wait": {"$value": {"value": \(wait), "unit": "ms"}}}}
                """), file: "team.tokens.json")
    }

    @Test func aPageThatDefinesTheTokenRunsItsValue() throws {
        let definition = try DefinitionDecoder.decode(
            text: """
                name: team-grow
                kind: animation
                version: 1.0.0
                keyframes: [{opacity: 0.2, transform: "scale(0.5)"}, {opacity: 1, transform: "none"}]
                options: {duration: "{team.slow}", delay: "{team.wait}", easing: ease-in-out, fill: both}
                """, file: "team-grow.yaml")
        let written = TokenBinding(sets: [("team", "1.0.0", try Self.set(slow: 240, wait: 40))])
        let export = try ComponentExport(definition: definition, target: .css, context: DefinitionContext(tokens: written))
        let stylesheet = export.stylesheet()
        #expect(stylesheet.contains("var(--team-slow, 240ms)") && stylesheet.contains("var(--team-wait, 40ms)"), "\(stylesheet)")

        var cases: [BrowserCase] = []
        for (slow, wait, root) in [(240, 40, ""), (480, 100, ":root { --team-slow: 480ms; --team-wait: 100ms; }\n")] {
            let binding = TokenBinding(sets: [("team", "1.0.0", try Self.set(slow: slow, wait: wait))])
            let effect = AnimationEffect(try AnimationDefinition(definition, context: DefinitionContext(tokens: binding)))
            let times = ExportCases.times(ending: effect.endTime).filter { $0 >= 0 }
            let selector = ".grow-\(slow)"
            cases.append(
                BrowserCase(
                    id: "team-grow/\(slow)",
                    start: .css(
                        stylesheet: root.replacingOccurrences(of: ":root", with: selector) + export.stylesheet(selector: selector),
                        classes: ["element": String(selector.dropFirst())]),
                    roles: ["element"], properties: effect.properties.map(\.name), baked: [], times: times,
                    expected: ["element": times.map { effect.sample(at: $0).values }]))
        }
        let problems = try BrowserComparison.mismatches(cases, check: .tokens)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(20).joined(separator: "\n"))")
    }
}
