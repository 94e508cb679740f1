import CatalogKit
import Foundation
import Testing
import TestSupport

/// Stylesheet libraries held to Chromium running the stylesheets themselves: each imported
/// component, sampled by the engine, against the browser's computed style on an element that
/// carries the library's classes, paused at times across the animation (one page for all).
struct StylesheetLibraryBrowserTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../TestSupport/Fixtures/stylesheets")

    /// The fixture stylesheets, each with the classes an element carries per component.
    static let libraries: [(file: String, classes: [String: String])] = [
        ("motion-library.css", ["bounce-in": "motion bounceIn", "fade-out": "motion fadeOut", "pulse": "motion pulse"]),
        ("shorthand-library.css", ["spin-in": "spinIn", "shake-x": "shakeX", "glow": "glow"]),
    ]

    @Test func importedComponentsRunAsChromiumRunsTheStylesheet() throws {
        var cases: [BrowserCase] = []
        var stylesheets = ""
        for (file, classes) in Self.libraries {
            let css = try String(contentsOf: Self.fixtures.appending(path: file), encoding: .utf8)
            stylesheets += css + "\n"
            let definitions = try DefinitionDecoder.decodeAll(text: css, file: file)
            #expect(Set(definitions.map(\.name)) == Set(classes.keys), "\(file)")
            for definition in definitions {
                let effect = AnimationEffect(try AnimationDefinition(definition))
                // A CSS animation starts when its class is put on the element: no earlier time.
                let times = ExportCases.times(ending: effect.endTime.isFinite ? effect.endTime : 2.5).filter { $0 >= 0 }
                cases.append(BrowserCase(
                    id: "\(file)/\(definition.name)", start: .css(stylesheet: "", classes: ["element": classes[definition.name]!]),
                    roles: ["element"], properties: effect.properties.map(\.name), baked: [], times: times,
                    expected: ["element": times.map { effect.sample(at: $0).values }]))
            }
        }
        // The stylesheets go in once, as a page would link them.
        cases[0].start = .css(stylesheet: stylesheets, classes: ["element": Self.libraries[0].classes[String(cases[0].id.split(separator: "/")[1])]!])
        let problems = try BrowserComparison.mismatches(cases)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(40).joined(separator: "\n"))")
    }
}
