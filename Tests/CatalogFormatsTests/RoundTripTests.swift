import CatalogKit
import TestSupport
import Foundation
import Testing

/// An exported stylesheet read back by the `@keyframes` importer (what `catalog add` does with a
/// `.css` file) is a component whose samples equal the original's within the export bound.
struct RoundTripTests {
    /// Differences beyond the bound between two samplings (values only; times ≥ 0, when a
    /// stylesheet can run).
    static func differences(_ original: AnimationEffect, _ copy: AnimationEffect, times: [Double]) -> [String] {
        var problems: [String] = []
        for t in times {
            let a = original.sample(at: t), b = copy.sample(at: t)
            for (index, property) in original.properties.enumerated() {
                // The copy names properties as CSS does (cornerRadius comes back as borderRadius).
                let webName = (try? WebProperty(property.name).camelCase) ?? property.name
                guard let other = copy.properties.firstIndex(where: { $0.name == webName }) else {
                    problems.append("\(property.name) missing from the copy")
                    continue
                }
                if let problem = BrowserComparison.compare(a.values[index], css(b.values[other]), baked: true, spread: spread(original, index, times)) {
                    problems.append("\(property.name) at t=\(t): \(problem)")
                }
            }
        }
        return problems
    }

    /// The copy's value written as a browser would print it, so one comparison serves both.
    private static func css(_ value: AnimatedValue) -> String {
        switch value {
        case .number(let n): "\(n)"
        case .transform(let m): "matrix3d(\(m.entries.map { "\($0)" }.joined(separator: ", ")))"
        case .color(let c): "rgba(\(c.red * 255), \(c.green * 255), \(c.blue * 255), \(c.alpha))"
        default: "?"
        }
    }

    private static func spread(_ effect: AnimationEffect, _ slot: Int, _ times: [Double]) -> Double {
        if effect.properties[slot].name == "opacity" { return 1 }
        let numbers = times.compactMap { if case .number(let n) = effect.sample(at: $0).values[slot] { n } else { nil } }
        return max((numbers.max() ?? 0) - (numbers.min() ?? 0), 1e-3)
    }

    static func roundTrip(_ definition: ComponentDefinition) throws -> ComponentDefinition {
        let stylesheet = try ComponentExport(definition: definition, target: .css).stylesheet(selector: ".rt-\(definition.name)")
        return try CSSKeyframesImport.definition(css: stylesheet, file: "rt-\(definition.name).css")
    }

    @Test func generatedDefinitionsComeBackWithinTheBound() throws {
        var copied = 0, refused: [String] = []
        for definition in GeneratedExportTests.definitions().prefix(100) {
            let copy: ComponentDefinition
            do { copy = try Self.roundTrip(definition) } catch let error as DefinitionError {
                // A stylesheet the Web body cannot hold — additive, or several timings — is refused by name.
                #expect(error.rule.contains("animation-composition") || error.rule.contains("different timings"), "\(error)")
                refused.append(definition.name)
                continue
            }
            #expect(copy.name == "rt-\(definition.name)")
            let original = AnimationEffect(try AnimationDefinition(definition)), back = AnimationEffect(try AnimationDefinition(copy))
            let end = original.endTime.isFinite ? original.endTime : 2.5
            let problems = Self.differences(original, back, times: ExportCases.times(ending: end).filter { $0 >= 0 })
            #expect(problems.isEmpty, "\(definition.name): \(problems.prefix(5).joined(separator: "; "))")
            copied += 1
        }
        // Most come back; the rest are the forms named above.
        #expect(copied > 3 * refused.count, "\(copied) copied, \(refused.count) refused: \(refused)")
    }
}
