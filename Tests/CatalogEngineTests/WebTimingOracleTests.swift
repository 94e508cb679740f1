import CatalogEngine
import CatalogModel
import Testing

/// Every oracle case's `getComputedTiming()` progress and iteration, through the public API:
/// options imported from the Web Animations body, sampled at the browser's times.
struct WebTimingOracleTests {
    @Test(arguments: WebOracleCase.all)
    func progressAndIterationMatchTheBrowser(oracle: WebOracleCase) throws {
        let timing = try EffectTiming(webOptions: oracle.options, file: "\(oracle.id).json", path: FieldPath("options"))
        for sample in oracle.samples {
            let computed = ComputedTiming(timing, localTime: sample.t / 1000)
            if let expected = sample.progress {
                let progress = try #require(computed.progress, "\(oracle.id) at \(sample.t) ms: browser has \(expected), we have null")
                #expect(abs(progress - expected) <= 1e-6, "\(oracle.id) at \(sample.t) ms: progress \(progress), browser \(expected)")
                #expect(computed.currentIteration == sample.iteration, "\(oracle.id) at \(sample.t) ms: iteration")
            } else {
                #expect(computed.progress == nil, "\(oracle.id) at \(sample.t) ms: browser has null, we have \(computed.progress!)")
                #expect(computed.currentIteration == nil)
            }
        }
    }
}
