import CatalogEngine
import CatalogModel
import Testing

/// A library caller can build any spring, bypassing definition checks: the settling duration
/// still comes back (it used to loop forever), and definition springs stay within their bound.
/// (`Double("1e-320")`: a subnormal mass; the literal itself would warn that it loses precision.)
struct SpringLimitTests {
    @Test(arguments: [
        SpringParameters(mass: Double("1e-320")!), SpringParameters(perceptualDuration: 1e300, bounce: 0),
        SpringParameters(damping: 1e15, allowsOverdamping: true), SpringParameters(stiffness: 1e-300, damping: 1e-300, allowsOverdamping: true)
    ])
    func settlingDurationAlwaysReturns(parameters: SpringParameters) {
        let duration = SpringMotion(parameters).settlingDuration
        #expect(!duration.isNaN)
    }

    @Test func theBoundHoldsTheComputedSettlingDuration() {
        for parameters in [
            SpringParameters(damping: 5), SpringParameters(damping: 15), SpringParameters(damping: 40, allowsOverdamping: true),
            SpringParameters(damping: 10, initialVelocity: 30), SpringParameters(perceptualDuration: 0.4, bounce: 0.3)
        ] {
            #expect(SpringMotion(parameters).settlingDuration <= parameters.settlingBound, "\(parameters)")
        }
    }
}
