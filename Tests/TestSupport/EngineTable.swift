import Foundation

/// The README's table of checks × browser engines is made from what the browser suites ran:
/// each notes its check, the engine and how many cases it compared into the file `ENGINE_TABLE`
/// names (`scripts/test` sets it on a full run; `scripts/engine-table` writes the table from it
/// and fails when the README shows another). Without `ENGINE_TABLE`, nothing is noted.
///
/// ```swift
/// EngineTable.note(.builtInExports, engine: .firefox, cases: 57)
/// ```
public enum EngineTable {
    /// The table's rows, in its order.
    public enum Check: Int, CaseIterable, Sendable {
        case oracle, builtInExports, exactCases, reducedMotion, bakedBound, tokens, generatedExports, departures, lottieImports
        case fixtureStylesheets, corpusStylesheets, generatedStylesheets, scenarios, modules, svg, webApp

        public var title: String {
            switch self {
            case .oracle: "the Web Animations oracle's cases, played live"
            case .builtInExports: "every built-in exported: CSS, Web Animations, ES module"
            case .exactCases: "exact export cases: groups, removedOnCompletion, reduced motion"
            case .reducedMotion: "built-ins under reduced motion"
            case .bakedBound: "baked exports on a fine grid"
            case .tokens: "token custom properties"
            case .generatedExports: "seeded random definitions exported"
            case .departures: "engine departures: baked for all, exact where the engines agree"
            case .lottieImports: "Lottie imports run as CSS and Web Animations"
            case .fixtureStylesheets: "stylesheet libraries, as written and as exported"
            case .corpusStylesheets: "the corpus's published stylesheets (count varies with the fetched files)"
            case .generatedStylesheets: "seeded random stylesheets"
            case .scenarios: "DESIGN §9 scenarios: hand-written, generated decorators and layouts"
            case .modules: "the decorator module's API, a layout's choices"
            case .svg: "animated SVG exports"
            case .webApp: "the web app's flows and behaviour pages, through WebDriver"
            }
        }
    }

    /// Appends one line (`{"order", "check", "engine", "cases"}`); `cases` nil where the count
    /// depends on fetched files (the corpus).
    public static func note(_ check: Check, engine: BrowserEngine, cases: Int?) {
        guard let path = ProcessInfo.processInfo.environment["ENGINE_TABLE"], !path.isEmpty else { return }
        var fields: [String: Any] = ["order": check.rawValue, "check": check.title, "engine": engine.rawValue]
        if let cases { fields["cases"] = cases }
        guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return }
        // One write of a whole line to a file opened for appending: suites running at once do not interleave.
        let line = Array(data) + [UInt8(ascii: "\n")]
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}
