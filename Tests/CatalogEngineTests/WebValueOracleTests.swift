import CatalogEngine
import CatalogModel
import TestSupport
import Testing

/// Every oracle case through the public library API: the Web Animations body imported as it is,
/// sampled at the browser's times; progress, iteration, opacity, transform and background colour
/// compared within the tolerances of `Fixtures/waapi-oracle-README.md` (the browser's rounding).
/// A property a case does not animate must show its initial value.
struct WebValueOracleTests {
    @Test(arguments: WebOracleCase.all)
    func effectMatchesTheBrowser(oracle: WebOracleCase) throws {
        let model = try KeyframeEffectModel(webKeyframes: oracle.keyframes, options: oracle.options, file: "\(oracle.id).json")
        let effect = KeyframeEffect(model)
        for expected in oracle.samples {
            let sample = effect.sample(at: expected.t / 1000)
            func value(_ name: String) -> AnimatedValue? {
                effect.tracks.firstIndex { $0.property.name == name }.map { sample.values[$0] }
            }
            var observation = OracleObservation(progress: sample.progress, iteration: sample.iteration, opacity: nil, transform: nil, backgroundColor: nil)
            if case .number(let n)? = value("opacity") { observation.opacity = n }
            if case .transform(let m)? = value("transform") { observation.transform = m.entries }
            if case .color(let c)? = value("backgroundColor") { observation.backgroundColor = [c.red, c.green, c.blue, c.alpha] }
            for problem in oracle.problems(expected, observation) { Issue.record("\(oracle.id) \(problem)") }
        }
    }
}
