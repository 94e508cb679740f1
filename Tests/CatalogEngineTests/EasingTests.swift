import CatalogEngine
import CatalogModel
import Testing

/// y for x on a cubic Bézier by plain bisection on t, run to Double's limit: an independent
/// reference for the engine's Newton solver (x(t) is monotone for x1, x2 in [0, 1]).
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, x: Double) -> Double {
    func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if bezier(x1, x2, mid) < x { low = mid } else { high = mid }
    }
    return bezier(y1, y2, (low + high) / 2)
}

/// A deterministic generator for property tests (xorshift64*; fixed seed, same cases every run).
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
}

struct CubicBezierTests {
    // Exact values quoted by the issue (computed to 12 digits outside this project).
    @Test func namedCurvesAtOneHalfMatchTheirExactValues() throws {
        #expect(abs(try TimingFunction(parsing: "ease").output(at: 0.5) - 0.802403387585) < 1e-9)
        #expect(abs(try TimingFunction(parsing: "ease-in").output(at: 0.5) - 0.315356812573) < 1e-9)
        // Core Animation's names are the same curves (Apple's documented control points).
        #expect(try TimingFunction(parsing: "easeIn") == TimingFunction(parsing: "ease-in"))
        #expect(try TimingFunction(parsing: "easeInEaseOut") == .cubicBezier(0.42, 0, 0.58, 1))
        #expect(try TimingFunction(parsing: "default") == .cubicBezier(0.25, 0.1, 0.25, 1))
        // ease-out is ease-in mirrored through (0.5, 0.5).
        #expect(abs(try TimingFunction(parsing: "ease-out").output(at: 0.5) - (1 - 0.315356812573)) < 1e-9)
    }

    // The sampling path reads the curve and its table at fixed offsets, not through computed ones.
    @Test func theSamplingPathFindsTheCurveWhereTheCompilerPutIt() {
        #expect(CompiledEasing.curveOffsetMatchesLayout)
        #expect(CubicBezierCurve.tableOffsetMatchesLayout)
    }

    @Test func solverAgreesWithBisectionToOneInAMillionOnRandomCurves() {
        var random = SeededGenerator(state: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<500 {
            let x1 = Double.random(in: 0...1, using: &random), x2 = Double.random(in: 0...1, using: &random)
            let y1 = Double.random(in: -1...2, using: &random), y2 = Double.random(in: -1...2, using: &random)
            let curve = TimingFunction.cubicBezier(x1, y1, x2, y2)
            for step in 0...20 {
                let x = Double(step) / 20
                let expected = referenceBezier(x1, y1, x2, y2, x: x)
                #expect(abs(curve.output(at: x) - expected) < 1e-9, "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) at \(x)")
            }
        }
    }

    // CSS Easing 2: outside [0, 1] the output follows the tangent at the nearer end.
    @Test func extrapolatesAlongTheEndTangents() {
        // Start tangent towards P1 = (0.3, 0.2): slope 2/3, so x = -0.5 gives -1/3.
        let curve = TimingFunction.cubicBezier(0.3, 0.2, 0.7, 0.8)
        #expect(abs(curve.output(at: -0.5) - (-1.0 / 3)) < 1e-12)
        // End tangent from P2 = (0.7, 0.8): slope (0.8 - 1)/(0.7 - 1) = 2/3, so x = 1.5 gives 4/3.
        #expect(abs(curve.output(at: 1.5) - 4.0 / 3) < 1e-12)
        // P1 on the start point: the tangent goes to P2 = (0.5, 1) instead (slope 2).
        #expect(abs(TimingFunction.cubicBezier(0, 0, 0.5, 1).output(at: -0.25) - (-0.5)) < 1e-12)
        // P2 on the end point: the tangent comes from P1 = (0.5, 0) (slope 2).
        #expect(abs(TimingFunction.cubicBezier(0.5, 0, 1, 1).output(at: 1.25) - 1.5) < 1e-12)
    }

    @Test func endsAreExactAndMonotoneCurvesStayMonotone() {
        var random = SeededGenerator(state: 42)
        for _ in 0..<300 {
            // y1, y2 within [0, 1] make y(t) monotone, hence y(x) monotone.
            let curve = TimingFunction.cubicBezier(
                Double.random(in: 0...1, using: &random), Double.random(in: 0...1, using: &random),
                Double.random(in: 0...1, using: &random), Double.random(in: 0...1, using: &random))
            #expect(curve.output(at: 0) == 0)
            #expect(curve.output(at: 1) == 1)
            var previous = 0.0
            for step in 1...200 {
                let value = curve.output(at: Double(step) / 200)
                #expect(value >= previous - 1e-12, "\(curve) decreases at \(Double(step) / 200)")
                previous = value
            }
        }
    }

    @Test(arguments: ["cubic-bezier(1.1, 0, 0.5, 1)", "cubic-bezier(0, 0, -0.1, 1)", "cubic-bezier(0, 0, 1)", "cubic-bezier(a, 0, 1, 1)"])
    func controlPointsOutsideTheRulesAreRefused(text: String) {
        #expect(throws: TimingFunctionError.self) { try TimingFunction(parsing: text) }
    }
}

struct StepEasingTests {
    // Expected values from the CSS Easing Level 2 step algorithm, worked by hand:
    // current = floor(x·n) (+1 for jump-start/both), −1 if before flag at a boundary,
    // clamped to [0, jumps] inside [0, 1], divided by jumps (n, n, n+1, n−1).
    @Test func everyJumpPosition() throws {
        let end = try TimingFunction(parsing: "steps(4)")
        #expect(end.output(at: 0) == 0)
        #expect(end.output(at: 0.2499) == 0)
        #expect(end.output(at: 0.25) == 0.25)
        #expect(end.output(at: 1) == 1)
        let start = try TimingFunction(parsing: "steps(4, start)")
        #expect(start == .steps(4, .jumpStart))
        #expect(start.output(at: 0) == 0.25)
        #expect(start.output(at: 0.99) == 1)
        let both = try TimingFunction(parsing: "steps(2, jump-both)")
        #expect(both.output(at: 0) == 1.0 / 3)
        #expect(both.output(at: 0.5) == 2.0 / 3)
        #expect(both.output(at: 1) == 1)
        let none = try TimingFunction(parsing: "steps(3, jump-none)")
        #expect(none.output(at: 0) == 0)
        #expect(none.output(at: 0.34) == 0.5)
        #expect(none.output(at: 1) == 1)
        #expect(try TimingFunction(parsing: "step-start") == .steps(1, .jumpStart))
        #expect(try TimingFunction(parsing: "step-end") == .steps(1, .jumpEnd))
    }

    @Test func theBeforeFlagHoldsTheLowerStepAtABoundary() {
        let start = TimingFunction.steps(1, .jumpStart)
        #expect(start.output(at: 0, beforeFlag: false) == 1)
        #expect(start.output(at: 0, beforeFlag: true) == 0)
        // Not at a boundary: the flag changes nothing.
        #expect(TimingFunction.steps(4, .jumpEnd).output(at: 0.3, beforeFlag: true) == 0.25)
        // Below zero the step may go negative (extrapolation), as the algorithm allows.
        #expect(TimingFunction.steps(4, .jumpEnd).output(at: -0.1, beforeFlag: true) == -0.25)
    }

    @Test(arguments: ["steps(0)", "steps(1, jump-none)", "steps(2, middle)", "steps(2.5)"])
    func invalidStepsAreRefused(text: String) {
        #expect(throws: TimingFunctionError.self) { try TimingFunction(parsing: text) }
    }
}

struct LinearEasingTests {
    // CSS Easing Level 2 examples: missing inputs filled in and spaced evenly.
    @Test func stopsAreCanonicalised() throws {
        #expect(
            try TimingFunction(parsing: "linear(0, 0.25, 1)")
                == .piecewiseLinear([
                    .init(input: 0, output: 0), .init(input: 0.5, output: 0.25), .init(input: 1, output: 1)
                ]))
        // Two percentages make two points; a smaller later input is raised to the earlier one.
        #expect(
            try TimingFunction(parsing: "linear(0, 0.5 25% 75%, 1 50%)")
                == .piecewiseLinear([
                    .init(input: 0, output: 0), .init(input: 0.25, output: 0.5), .init(input: 0.75, output: 0.5),
                    .init(input: 0.75, output: 1)
                ]))
        #expect(
            try TimingFunction(parsing: "linear(0, 1 40%, 0, 1)")
                == .piecewiseLinear([
                    .init(input: 0, output: 0), .init(input: 0.4, output: 1), .init(input: 0.7, output: 0), .init(input: 1, output: 1)
                ]))
    }

    @Test func evaluatesSegmentsAndExtrapolates() throws {
        let easing = try TimingFunction(parsing: "linear(0, 0.25 40%, 1)")
        #expect(abs(easing.output(at: 0.2) - 0.125) < 1e-12)  // halfway to 40%: half of 0.25
        #expect(abs(easing.output(at: 0.7) - 0.625) < 1e-12)  // halfway from 40% to 100%
        #expect(abs(easing.output(at: -0.4) - (-0.25)) < 1e-12)  // first segment extended
        #expect(abs(easing.output(at: 1.3) - 1.375) < 1e-12)  // last segment extended
        // A vertical jump (two stops at one input) takes the later output at that input.
        #expect(try TimingFunction(parsing: "linear(0, 0 50%, 1 50%, 1)").output(at: 0.5) == 1)
    }

    @Test(arguments: ["linear(1)", "linear(0, x, 1)", "linear(0, 1 50, 1)", "linear(0, 1 10% 20% 30%, 1)"])
    func invalidStopListsAreRefused(text: String) {
        #expect(throws: TimingFunctionError.self) { try TimingFunction(parsing: text) }
    }
}
