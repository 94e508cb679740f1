import CatalogKit
import TestSupport
import Testing

/// Seeded random definitions over every feature, exported and run in Chromium, Firefox and
/// WebKit: each browser shows what the engine computes, exactly where the export is exact, within 0.1 %
/// where it is baked.
struct GeneratedExportTests {
    static let count = 200

    static func definitions() -> [ComponentDefinition] {
        var generator = GeneratedDefinitions(seed: 0x5EED_2026)
        return (0..<count).map { index in
            index % 2 == 0 ? generator.webDefinition(name: "gen-web-\(index)") : generator.coreAnimationDefinition(name: "gen-ca-\(index)")
        }
    }

    @Test(arguments: [ExportCases.Format.css, .waapi])
    func generatedDefinitionsRunInEveryBrowserEngineAsTheEngineComputesThem(format: ExportCases.Format) throws {
        let cases = try Self.definitions().map { try ExportCases.animation($0, format: format) }
        let problems = try BrowserComparison.mismatches(cases, check: .generatedExports)
        let failing = Set(problems.map { $0.split(separator: " ").prefix(2).joined(separator: " ") })  // "firefox: gen-ca-91/css"
        #expect(problems.isEmpty, "\(failing.count) cases differ: \(failing.sorted().joined(separator: ", "))\n\(problems.prefix(30).joined(separator: "\n"))")
    }
}
