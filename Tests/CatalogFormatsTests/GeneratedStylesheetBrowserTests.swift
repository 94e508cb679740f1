import CatalogKit
import Foundation
import Testing
import TestSupport

/// Seeded random stylesheet libraries (``GeneratedStylesheets``) held to Chromium running them:
/// each imported component, sampled by the engine, against the browser's computed style on an
/// element carrying its classes — as the page is, and with reduced motion forced on, where the
/// engine plays the component's `reducedMotion:` (one page for each); and each component's
/// `export --to css` beside it, which must show the same.
struct GeneratedStylesheetBrowserTests {
    static let seeds = 0..<24
    static let size = StylesheetLibraryBrowserTests.size

    /// - Parameter catalog: where the libraries' components are added, for their exports.
    static func cases(reducedMotion: Bool, catalog: Catalog) throws -> [BrowserCase] {
        var cases: [BrowserCase] = []
        let box = try ReferenceBox(width: size.width, height: size.height)
        for seed in seeds {
            let library = GeneratedStylesheets.library(seed: UInt64(seed))
            let file = "generated-\(seed).css"
            let definitions = try DefinitionDecoder.decodeAll(text: library.css, file: file)
            try catalog.components.add(definitions)
            let byName = Dictionary(uniqueKeysWithValues: definitions.map { ($0.name, $0) })
            #expect(Set(library.classes.keys).isSubset(of: byName.keys), "\(file): \(byName.keys.sorted())")
            var first = true
            for (name, classes) in library.classes.sorted(by: { $0.key < $1.key }) {
                let definition = try #require(byName[name])
                // A class's transform-origin is the element's own style: what shows where the
                // component (which holds it while it runs) does not.
                let origin = library.origins[name] ?? nil
                let model =
                    try origin.map { origin in
                        ["transformOrigin": try AnimationValue(css: origin, for: .point, box: box)]
                    } ?? [:]
                let effect = { (definition: ComponentDefinition) throws in
                    AnimationEffect(try AnimationDefinition(definition, context: DefinitionContext(referenceBox: box)), modelValues: model)
                }
                let base = try effect(definition)
                let shown: ReducedMotionEffect =
                    if reducedMotion, case .component(let standIn)? = definition.reducedMotion {
                        ReducedMotionEffect(try effect(try #require(byName[standIn])), motion: nil)
                    } else {
                        ReducedMotionEffect(base, motion: reducedMotion ? definition.reducedMotion : nil)
                    }
                // A CSS animation starts when its class is put on the element; `none` stands for a
                // run of at most 10 ms, after which the two agree.
                let times = ExportCases.times(ending: base.endTime.isFinite ? base.endTime : 2.5).filter { $0 >= (reducedMotion ? 0.01 : 0) }
                let properties = base.properties
                let expected = times.map { time -> [AnimatedValue] in
                    let sample = shown.sample(at: time)
                    return properties.map { property in
                        shown.properties.firstIndex(of: property).map { sample.values[$0] } ?? AnimatedValue(model[property.name] ?? property.initialValue)
                    }
                }
                let ownStyle = "width: \(Int(size.width))px; height: \(Int(size.height))px" + (origin.map { "; transform-origin: \($0)" } ?? "")
                cases.append(
                    BrowserCase(
                        id: "\(file)/\(name)", start: .css(stylesheet: first ? library.css : "", classes: ["element": classes]),
                        roles: ["element"], properties: properties.map(\.name), baked: [], times: times, expected: ["element": expected],
                        ownStyle: ownStyle, box: size))
                first = false
                // Its `export --to css`, on an element of its own class, shows the same.
                let exported = try ComponentExport(definition: definition, target: .css, catalog: catalog).stylesheet(selector: ".exported-\(name)")
                cases.append(
                    BrowserCase(
                        id: "export/\(name)", start: .css(stylesheet: exported, classes: ["element": "exported-\(name)"]),
                        roles: ["element"], properties: properties.map(\.name), baked: [], times: times, expected: ["element": expected],
                        ownStyle: ownStyle, box: size))
            }
        }
        return cases
    }

    @Test(arguments: [false, true])
    func importedComponentsRunAsChromiumRunsTheStylesheet(reducedMotion: Bool) throws {
        let folder = TemporaryFolder()
        let cases = try Self.cases(reducedMotion: reducedMotion, catalog: try Catalog(path: folder.file("c.sqlite")))
        #expect(cases.count > 100)
        let problems = try BrowserComparison.mismatches(cases, reducedMotion: reducedMotion, check: .generatedStylesheets)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(40).joined(separator: "\n"))")
    }
}
