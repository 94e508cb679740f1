import CatalogKit
import CatalogModel
import Foundation
import Testing
import TestSupport

/// The outside corpus's stylesheets (published libraries, as downloaded: `scripts/fetch-corpus`)
/// imported as `catalog add --skip-unsupported` reads them, each `@keyframes` either a component
/// or refused by name with its reason — and every imported component held to Chromium running the
/// stylesheet itself on an element carrying the classes the importer timed it for, normally and
/// under reduced motion.
@Suite(.serialized) struct CorpusStylesheetTests {
    /// What each file must give: at least this many components, and which refusal reasons may
    /// appear (by the words of the rule). Files without a browser's `@keyframes` are refused whole.
    static let refusalReasons = [
        "the catalog does not animate", "is not a length in px", "must be a length in px", "does not resolve",
        "only on an element inside another or in a state"
    ]
    static let refusedWhole: [String: String] = [
        "primer-primitives-base.css": "has no @keyframes a browser would run",
        "tw-animate-1.4.0.tailwind.css": "are Tailwind source",
        // Its animations run only inside `[data-md-state=done]` (or animate box-shadow, pointer-events).
        "mkdocs-material-8.2.5-main.min.css": "only on an element inside another or in a state"
    ]
    static let size = (width: 200.0, height: 40.0)

    struct Outcome {
        var file: String
        var keyframes: Int
        var imported: [ComponentDefinition]
        var refused: [String]
    }

    static func outcomes() throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for url in try OutsideCorpus.files(in: "css", extensions: ["css"]) {
            let css = try String(contentsOf: url, encoding: .utf8)
            let file = url.lastPathComponent
            let keyframes = Set(css.matches(of: /@(?:-webkit-)?keyframes\s+([-\w]+)/).map { String($0.1) }).count
            do {
                let definitions = try DefinitionDecoder.decodeAll(text: css, file: file, options: .init(skipUnsupported: true))
                let refused = definitions.flatMap(\.ignoredDeclarations).filter { $0.hasPrefix("left out ") }
                outcomes.append(Outcome(file: file, keyframes: keyframes, imported: definitions, refused: refused))
            } catch {
                outcomes.append(Outcome(file: file, keyframes: keyframes, imported: [], refused: ["whole file: \(error.rule)"]))
            }
        }
        return outcomes
    }

    @Test func everyKeyframesImportsOrIsRefusedByName() throws {
        let outcomes = try Self.outcomes()
        #expect(outcomes.count >= 12, "the corpus's stylesheets")
        var table = "| stylesheet | @keyframes | components | refused |\n|---|---:|---:|---|\n"
        for outcome in outcomes {
            if let reason = Self.refusedWhole[outcome.file] {
                #expect(outcome.imported.isEmpty && outcome.refused.first?.contains(reason) == true, "\(outcome.file): \(outcome.refused)")
            } else {
                #expect(!outcome.imported.isEmpty, "\(outcome.file): nothing imported: \(outcome.refused)")
                for line in outcome.refused {
                    #expect(line.hasPrefix("left out @keyframes "), "\(outcome.file): \(line)")
                    #expect(Self.refusalReasons.contains { line.contains($0) }, "\(outcome.file): an unexpected refusal: \(line)")
                }
            }
            let reasons = outcome.refused.map { line in
                Self.refusalReasons.first { line.contains($0) }.map { reason in
                    (line.split(separator: ":").first.map(String.init) ?? line).replacingOccurrences(of: "left out ", with: "") + " (" + reason + ")"
                } ?? line
            }
            table += "| \(outcome.file) | \(outcome.keyframes) | \(outcome.imported.count) | \(reasons.joined(separator: "; ")) |\n"
        }
        print(table)
        try? table.write(to: try OutsideCorpus.folder().appending(path: "summary-css.md"), atomically: true, encoding: .utf8)
    }

    /// Minified files give exactly what their unminified twins give.
    @Test func minifiedFilesEqualTheirTwins() throws {
        let byFile = Dictionary(uniqueKeysWithValues: try Self.outcomes().map { ($0.file, $0) })
        for (minified, plain) in [("bootstrap-5.2.3.min.css", "bootstrap-5.2.3.css"), ("fontawesome-6.2.1-all.min.css", "fontawesome-6.2.1-all.css")] {
            let a = try #require(byFile[minified]), b = try #require(byFile[plain])
            #expect(a.imported.map(\.name) == b.imported.map(\.name), "\(minified)")
            for (x, y) in zip(a.imported, b.imported) {
                let ex = AnimationEffect(try AnimationDefinition(x, context: DefinitionContext(referenceBox: try ReferenceBox(width: 200, height: 40))))
                let ey = AnimationEffect(try AnimationDefinition(y, context: DefinitionContext(referenceBox: try ReferenceBox(width: 200, height: 40))))
                for t in ExportCases.times(ending: ex.endTime.isFinite ? ex.endTime : 2) {
                    #expect(ex.sample(at: t).values == ey.sample(at: t).values, "\(x.name) at \(t)")
                }
            }
        }
    }

    @Test(arguments: [false, true])
    func importedComponentsRunAsChromiumRunsTheStylesheet(reducedMotion: Bool) throws {
        var problems: [String] = []
        var compared = 0
        for outcome in try Self.outcomes() where !outcome.imported.isEmpty {
            let url = try OutsideCorpus.folder().appending(path: "css/\(outcome.file)")
            let css = try String(contentsOf: url, encoding: .utf8)
            let elements = try StylesheetLibrary.elements(css: css, file: outcome.file, properties: Set(AnimatableProperty.webProperties.keys))
            let byName = Dictionary(uniqueKeysWithValues: outcome.imported.map { ($0.name, $0) })
            var cases: [BrowserCase] = []
            for definition in outcome.imported {
                guard let element = elements[definition.name] else { continue }  // a stand-in for reduced motion
                let box = try ReferenceBox(width: Self.size.width, height: Self.size.height)
                // What the element's classes set shows where the animation does not (its model values).
                var own: [String: AnimationValue] = [:]
                for (camel, css) in element.own {
                    guard let property = AnimatableProperty.web(camel) else { continue }
                    own[property.name] = try AnimationValue(css: css, for: property.kind, box: box)
                }
                let base = AnimationEffect(try AnimationDefinition(definition, context: DefinitionContext(referenceBox: box)), modelValues: own)
                var effect = ReducedMotionEffect(base, motion: nil)
                if reducedMotion {
                    if case .component(let standIn)? = definition.reducedMotion {
                        effect = ReducedMotionEffect(
                            AnimationEffect(
                                try AnimationDefinition(try #require(byName[standIn]), context: DefinitionContext(referenceBox: box)), modelValues: own),
                            motion: nil)
                    } else {
                        effect = ReducedMotionEffect(base, motion: definition.reducedMotion)
                    }
                }
                // A CSS animation starts when its class is put on the element; `none` stands for
                // a 1 ms run, so under reduced motion the two agree from 10 ms on.
                let times = ExportCases.times(ending: base.endTime.isFinite ? min(base.endTime, 5) : 2.5).filter { $0 >= (reducedMotion ? 0.01 : 0) }
                let properties = base.properties
                let expected = times.map { time -> [AnimatedValue] in
                    let sample = effect.sample(at: time)
                    return properties.map { property in
                        effect.properties.firstIndex(of: property).map { sample.values[$0] } ?? AnimatedValue(own[property.name] ?? property.initialValue)
                    }
                }
                cases.append(
                    BrowserCase(
                        id: "\(outcome.file)/\(definition.name)",
                        start: .css(stylesheet: cases.isEmpty ? css : "", classes: ["element": element.classes.joined(separator: " ")]),
                        roles: ["element"], properties: properties.map(\.name), baked: [], times: times, expected: ["element": expected],
                        ownStyle: "width: \(Int(Self.size.width))px; height: \(Int(Self.size.height))px", box: Self.size))
            }
            compared += cases.count
            problems += try BrowserComparison.mismatches(cases, reducedMotion: reducedMotion, check: .corpusStylesheets, counted: false)
        }
        #expect(compared >= 60, "components compared: \(compared)")
        // One line per component, with its first difference.
        var firsts: [String: (count: Int, first: String)] = [:]
        for problem in problems {
            let key = String(problem.prefix { $0 != " " })
            firsts[key, default: (0, problem)].count += 1
        }
        let summary = firsts.sorted { $0.key < $1.key }.map { "\($0.value.count)× \($0.value.first)" }
        #expect(problems.isEmpty, "\(problems.count) differences in \(firsts.count) components:\n\(summary.joined(separator: "\n"))")
    }
}
