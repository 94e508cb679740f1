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
        (
            "slide-library.css",
            [
                "slide-in-left": "animated slideInLeft", "slide-out-up": "animated slideOutUp",
                "fade-in-top-left": "animated fadeInTopLeft", "nudge": "animated nudge", "hinge": "animated hinge",
                "swing-from": "animated swingFrom", "swing": "animated swing"
            ]
        )
    ]
    /// Every element's size: what `translate()` percentages resolve against, in the page and in
    /// the engine (the reference box).
    static let size = (width: 200.0, height: 40.0)

    @Test func importedComponentsRunAsChromiumRunsTheStylesheet() throws {
        var cases: [BrowserCase] = []
        for (file, classes) in Self.libraries {
            let css = try String(contentsOf: Self.fixtures.appending(path: file), encoding: .utf8)
            let definitions = try DefinitionDecoder.decodeAll(text: css, file: file)
            #expect(Set(definitions.map(\.name)) == Set(classes.keys), "\(file)")
            for definition in definitions {
                let box = try ReferenceBox(width: Self.size.width, height: Self.size.height)
                let effect = AnimationEffect(try AnimationDefinition(definition, context: DefinitionContext(referenceBox: box)))
                // A CSS animation starts when its class is put on the element: no earlier time.
                let times = ExportCases.times(ending: effect.endTime.isFinite ? effect.endTime : 2.5).filter { $0 >= 0 }
                // The page takes each stylesheet once, with the first of its components.
                let stylesheet = definition.name == definitions[0].name ? css : ""
                cases.append(
                    BrowserCase(
                        id: "\(file)/\(definition.name)", start: .css(stylesheet: stylesheet, classes: ["element": classes[definition.name]!]),
                        roles: ["element"], properties: effect.properties.map(\.name), baked: [], times: times,
                        expected: ["element": times.map { effect.sample(at: $0).values }],
                        ownStyle: "width: \(Int(Self.size.width))px; height: \(Int(Self.size.height))px", box: Self.size))
            }
        }
        let problems = try BrowserComparison.mismatches(cases, check: .fixtureStylesheets)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(40).joined(separator: "\n"))")
    }
}

/// What a library's `@media (prefers-reduced-motion: reduce)` rules make of its animations —
/// the components' `reducedMotion:` (`none`, `removed`, `shorten`, a stand-in) — held to Chromium
/// running the stylesheet with the media feature forced on.
struct ReducedMotionStylesheetBrowserTests {
    static let file = "reduced-library.css"
    static let classes = [
        "fade-in-up": "anim fadeInUp", "wobble": "anim wobble", "slide-down": "anim slideDown",
        "drop-out": "anim dropOut", "spinner": "spinner"
    ]

    @Test func reducedMotionRulesBecomeTheComponentsReducedMotion() throws {
        let css = try String(contentsOf: StylesheetLibraryBrowserTests.fixtures.appending(path: Self.file), encoding: .utf8)
        let definitions = try DefinitionDecoder.decodeAll(text: css, file: Self.file)
        let byName = Dictionary(uniqueKeysWithValues: definitions.map { ($0.name, $0) })
        #expect(byName["fade-in-up"]?.reducedMotion == .noMotion)
        #expect(byName["wobble"]?.reducedMotion == .component("wobble-reduced"))
        #expect(byName["slide-down"]?.reducedMotion == .shorten(0.5))
        #expect(byName["drop-out"]?.reducedMotion == .component("drop-out-reduced"))
        #expect(byName["spinner"]?.reducedMotion == .removed)
        var cases: [BrowserCase] = []
        for (name, classes) in Self.classes.sorted(by: { $0.key < $1.key }) {
            let definition = try #require(byName[name])
            let base = AnimationEffect(try AnimationDefinition(definition))
            let reduced: ReducedMotionEffect =
                if case .component(let standIn)? = definition.reducedMotion {
                    ReducedMotionEffect(AnimationEffect(try AnimationDefinition(try #require(byName[standIn]))), motion: nil)
                } else {
                    ReducedMotionEffect(base, motion: definition.reducedMotion)
                }
            // `none` stands for a 1 ms run: from 10 ms on, the two agree.
            let times = ExportCases.times(ending: base.endTime.isFinite ? base.endTime : 2).filter { $0 >= 0.01 }
            let properties = base.properties
            let expected = times.map { time -> [AnimatedValue] in
                let sample = reduced.sample(at: time)
                return properties.map { property in
                    reduced.properties.firstIndex(of: property).map { sample.values[$0] } ?? AnimatedValue(property.initialValue)
                }
            }
            cases.append(
                BrowserCase(
                    id: "\(Self.file)/\(name)", start: .css(stylesheet: cases.isEmpty ? css : "", classes: ["element": classes]),
                    roles: ["element"], properties: properties.map(\.name), baked: [], times: times, expected: ["element": expected]))
        }
        let problems = try BrowserComparison.mismatches(cases, reducedMotion: true, check: .fixtureStylesheets)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(40).joined(separator: "\n"))")
    }
}

/// A `@keyframes` without `from` starts from the element's own style, eased by the animation's
/// timing function (CSS Animations), and `visibility` stays visible between a visible end and
/// another: as Chromium runs the stylesheet, and as it runs the component's CSS and Web
/// Animations exports.
struct ImplicitKeyframeBrowserTests {
    static let stylesheet = """
        @keyframes rise { to { opacity: 1; transform: none; } }
        .rise { animation: rise 600ms ease-in-out both; }
        @keyframes sink { 40% { opacity: 0.2; } to { transform: translateY(30px); } }
        .sink { animation: sink 800ms cubic-bezier(0.7, 0, 0.84, 0) 100ms both; }
        @keyframes tilt { from { animation-timing-function: ease-in; } to { transform: rotate(10deg); opacity: 1; } }
        .tilt { animation: tilt 500ms linear both; }
        @keyframes vanish { from { visibility: visible; opacity: 1; } to { visibility: hidden; opacity: 0; } }
        .vanish { animation: vanish 400ms ease both; }
        @keyframes appear { from, 50% { visibility: hidden; } to { visibility: visible; } }
        .appear { animation: appear 600ms linear both; }
        @keyframes hide { to { visibility: hidden; } }
        .hide { animation: hide 300ms ease-out 2 alternate; }
        """
    static let ownStyle = "opacity: 0.4; transform: translateY(20px)"

    @Test func anImplicitFromEasesWithTheAnimationsTimingFunction() throws {
        let underlying: [String: AnimationValue] = [
            "opacity": .number(0.4), "transform": try AnimationValue(css: "translateY(20px)", for: .transform)
        ]
        var cases: [BrowserCase] = []
        for definition in try DefinitionDecoder.decodeAll(text: Self.stylesheet, file: "implicit.css") {
            let effect = AnimationEffect(try AnimationDefinition(definition), modelValues: underlying)
            let times = ExportCases.times(ending: effect.endTime).filter { $0 >= 0 }
            let expected = ["element": times.map { effect.sample(at: $0).values }]
            let properties = effect.properties.map(\.name)
            cases.append(
                BrowserCase(
                    id: "source/\(definition.name)", start: .css(stylesheet: "", classes: ["element": definition.name]),
                    roles: ["element"], properties: properties, baked: [], times: times, expected: expected, ownStyle: Self.ownStyle))
            for format in [ExportCases.Format.css, .waapi] {
                let export = try ComponentExport(definition: definition, target: format.target, catalog: nil)
                var start = ExportCases.start(export, format: format, roles: ["element"])
                if case .css(let stylesheet, _) = start {
                    start = .css(
                        stylesheet: stylesheet.replacingOccurrences(of: ".\(definition.name)", with: ".exported-\(definition.name)"),
                        classes: ["element": "exported-\(definition.name)"])
                }
                cases.append(
                    BrowserCase(
                        id: "\(format.rawValue)/\(definition.name)", start: start, roles: ["element"], properties: properties,
                        baked: [], times: times, expected: expected, ownStyle: Self.ownStyle))
            }
        }
        cases[0].start = .css(stylesheet: Self.stylesheet, classes: ["element": "rise"])
        let problems = try BrowserComparison.mismatches(cases, check: .fixtureStylesheets)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(30).joined(separator: "\n"))")
    }
}

/// Vendor twins as Chromium holds them: a `@-webkit-keyframes` alone is the animation; beside an
/// unprefixed `@keyframes` of the same name, the unprefixed one runs whichever comes first; of
/// two prefixed ones, the later. The importer reads the same stylesheets the same way.
struct WebkitKeyframesBrowserTests {
    static let stylesheet = """
        @-webkit-keyframes lone { from { opacity: 1; } to { opacity: 0.25; } }
        @keyframes first { from { opacity: 1; } to { opacity: 0.5; } }
        @-webkit-keyframes first { from { opacity: 1; } to { opacity: 0.2; } }
        @-webkit-keyframes second { from { opacity: 1; } to { opacity: 0.2; } }
        @keyframes second { from { opacity: 1; } to { opacity: 0.6; } }
        @-webkit-keyframes twice { from { opacity: 1; } to { opacity: 0.3; } }
        @-webkit-keyframes twice { from { opacity: 1; } to { opacity: 0.7; } }
        .lone { animation: lone 1s linear both; } .first { animation: first 1s linear both; }
        .second { animation: second 1s linear both; } .twice { animation: twice 1s linear both; }
        """

    @Test func theUnprefixedTwinWinsAndALonePrefixedOneRuns() throws {
        let definitions = try DefinitionDecoder.decodeAll(text: Self.stylesheet, file: "twins.css")
        #expect(definitions.map(\.name).sorted() == ["first", "lone", "second", "twice"])
        var cases: [BrowserCase] = []
        for definition in definitions {
            let effect = AnimationEffect(try AnimationDefinition(definition))
            let times = [0.0, 0.5, 0.999, 1.5]
            cases.append(
                BrowserCase(
                    id: definition.name, start: .css(stylesheet: cases.isEmpty ? Self.stylesheet : "", classes: ["element": definition.name]),
                    roles: ["element"], properties: ["opacity"], baked: [], times: times,
                    expected: ["element": times.map { effect.sample(at: $0).values }]))
        }
        let problems = try BrowserComparison.mismatches(cases, check: .fixtureStylesheets)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
