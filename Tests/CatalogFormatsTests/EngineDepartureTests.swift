import CatalogKit
import TestSupport
import Testing

/// Keyframe pairs a browser engine interpolates other than the engine computes them
/// (docs/Engines.md): the export for every engine bakes them into a form all three play as the
/// engine computes; an export for the engines that agree keeps them exact, and plays there as
/// the engine computes; and the exact form, in the engine named, does not — the departure is real.
struct EngineDepartureTests {
    struct Departure: Sendable, CustomTestStringConvertible {
        var name: String
        var json: JSONValue
        /// Where the exact form plays otherwise.
        var departs: BrowserEngines
        /// Which export shows it.
        var format = ExportCases.Format.waapi
        var testDescription: String { name }
    }

    static let departures: [Departure] = [
        // Angles 17.677° and −176.281° as a 2D decomposition finds them: Firefox turns 194° one
        // way where the specification (and Chromium, and WebKit) turns 166° the other.
        Departure(
            name: "turn",
            json: [
                "name": "turn", "kind": "animation", "version": "1.0.0",
                "keyframes": [["transform": "translate(12.613px) rotate(17.677deg)"], ["transform": "rotate(183.719deg)"]],
                "options": ["duration": 600, "fill": "both"]
            ], departs: .firefox),
        // skewX() → scale() through matrices: WebKit keeps the skew in an element-wise 2×2 remainder.
        Departure(
            name: "skew",
            json: [
                "name": "skew", "kind": "animation", "version": "1.0.0",
                "keyframes": [["transform": "skewX(36.798deg)"], ["transform": "scale(1.795)"]],
                "options": ["duration": 500, "fill": "both"]
            ], departs: .webkit),
        // Core Animation interpolates 0.72 → 1.029 and clamps what shows (1 from 90 % on);
        // Firefox and WebKit clamp the keyframe first and reach 1 only at the end.
        Departure(
            name: "overshoot",
            json: [
                "name": "overshoot", "kind": "animation", "version": "1.0.0",
                "animation": ["type": "basic", "keyPath": "opacity", "fromValue": 0.72, "byValue": 0.309, "duration": 0.37, "fillMode": "both"]
            ], departs: [.firefox, .webkit]),
        // Key times 0.5 and 0.50000001 are one offset in single precision: Firefox, holding a
        // stylesheet's keyframe selectors so, ends the first half at the second's value (0).
        Departure(
            name: "offsets",
            json: [
                "name": "offsets", "kind": "animation", "version": "1.0.0",
                "animation": [
                    "type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0, 1], "keyTimes": [0, 0.5, 0.50000001, 1], "duration": 0.5,
                    "fillMode": "both"
                ]
            ], departs: .firefox, format: .css)
    ]

    @Test(arguments: departures)
    func anExportForEveryEngineBakesWhatOneWouldShowOtherwise(departure: Departure) throws {
        let definition = try ComponentDefinition(json: departure.json, file: "\(departure.name).json")
        let export = try ComponentExport(definition: definition, target: departure.format.target)
        for (_, animation) in export.explanation {
            guard case .baked(_, _, let reason) = animation.fidelity else {
                Issue.record("\(animation.properties) exact; expected baked")
                continue
            }
            for name in departure.departs.names { #expect(reason.contains(name), "\(reason)") }
        }
        let cases = try ExportCases.Format.allCases.map { try ExportCases.animation(definition, format: $0) }
        let problems = try BrowserComparison.mismatches(cases, check: .departures)
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test(arguments: departures)
    func anExportForTheEnginesThatAgreeIsExactAndTheOthersShowOtherwise(departure: Departure) throws {
        let definition = try ComponentDefinition(json: departure.json, file: "\(departure.name).json")
        let agreeing = BrowserEngines.all.subtracting(departure.departs)
        let export = try ComponentExport(definition: definition, target: departure.format.target, engines: agreeing)
        #expect(export.explanation.allSatisfy { $0.animation.fidelity == .exact })
        let exact = try ExportCases.animation(definition, format: departure.format, engines: agreeing)
        let engines = Self.sessions(agreeing)
        #expect(try BrowserComparison.mismatches([exact], engines: engines).isEmpty)
        for engine in Self.sessions(departure.departs) {
            #expect(try !BrowserComparison.mismatches([exact], engines: [engine]).isEmpty, "\(engine) plays the exact form as the engine computes")
        }
    }

    /// The test sessions of a set of engines.
    static func sessions(_ engines: BrowserEngines) -> [BrowserEngine] {
        BrowserEngine.allCases.filter { engines.names.map { $0.lowercased() }.contains($0.rawValue) }
    }
}
