import CatalogEngine
import CatalogFuzzing
import CatalogModel
import TestSupport
import Testing

/// Sampling many times at once (``KeyframeEffect/sample(at:into:timings:)``, the cubic-bezier
/// solve in AVX2 lanes) must give what one sample at a time gives, to the last bit: printed
/// values, exports and stored hashes are made from these numbers.
struct BatchSamplingTests {
    /// Inputs where the solver changes course: the ends and beyond, the table's points, next to
    /// them, the smallest numbers, and plain ones.
    private func inputs(_ random: inout SeededRandom) -> [Double] {
        var xs: [Double] = [0, 1, -0.0, -0.25, 1.5, .leastNonzeroMagnitude, 1e-300, 1.0.nextDown, 0.5, -1e9, 1e9]
        for i in 0...16 {
            let point = Double(i) / 16
            xs += [point, point.nextUp, point.nextDown]
        }
        for _ in 0..<400 { xs.append(Double(random.next() % 1_000_001) / 1_000_000) }
        for _ in 0..<40 { xs.append(Double(random.next() % 3_000_001) / 1_000_000 - 1) }
        return xs
    }

    @Test func aBatchSolveIsTheScalarSolveBitForBitOnRandomCurves() {
        var random = SeededRandom(seed: 26)
        func unit() -> Double { Double(random.next() % 10_001) / 10_000 }
        // Random curves, and ones whose table has flat slopes (NaN entries) or steep ones.
        var curves: [(Double, Double, Double, Double)] = [
            (0, 0.5, 1, 0.5), (0, 0, 1, 1), (1, 0, 0, 1), (0.25, 0.1, 0.25, 1),
            (0.42, 0, 0.58, 1), (0, 1, 0, 1), (1, -1, 1, 2), (0.5, -1, 0.5, 2)
        ]
        for _ in 0..<300 { curves.append((unit(), unit() * 3 - 1, unit(), unit() * 3 - 1)) }
        var inLanes = 0, total = 0
        for (x1, y1, x2, y2) in curves {
            let curve = CubicBezierCurve(x1, y1, x2, y2)
            let xs = inputs(&random)
            var ys = [Double](repeating: 0, count: xs.count)
            // Every length from the start (a run of fours and a tail of one to three).
            let count = xs.count - Int(random.next() % 4)
            inLanes += withUnsafePointer(to: curve) { curve in
                xs.withUnsafeBufferPointer { xs in
                    ys.withUnsafeMutableBufferPointer { CubicBezierCurve.y(curve, atX: xs.baseAddress!, into: $0.baseAddress!, count: count) }
                }
            }
            total += count
            for index in 0..<count {
                #expect(
                    ys[index].bitPattern == curve.y(atX: xs[index]).bitPattern,
                    "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) at \(xs[index]): \(ys[index]) one at a time \(curve.y(atX: xs[index]))")
            }
        }
        // Where the CPU has the lanes, they must be doing the work, not handing it all back.
        if CubicBezierCurve.solvesInLanes { #expect(inLanes * 10 > total * 8, "\(inLanes) of \(total) in lanes") }
    }

    /// A random keyframe effect: every kind of effect easing, every direction and fill, delays,
    /// partial and endless iterations.
    private func randomEffect(_ random: inout SeededRandom) throws -> KeyframeEffect {
        func unit() -> Double { Double(random.next() % 10_001) / 10_000 }
        let easings = [
            "linear", "ease", "ease-in-out", "steps(3, jump-start)", "steps(2, end)", "linear(0, 0.25 40%, 1)",
            "cubic-bezier(0, 0.5, 1, 0.5)", "cubic-bezier(\(unit()), \(unit() * 3 - 1), \(unit()), \(unit() * 3 - 1))"
        ]
        let transforms = [
            "scale(1)", "scale(\(unit() * 2))", "translate(\(Int(unit() * 200))px, 4px)", "rotate(\(Int(unit() * 360))deg)",
            "scale(\(unit() + 0.5)) rotate(30deg)", "none"
        ]
        var keyframes: [JSONValue] = []
        let count = 2 + random.below(3)
        for index in 0..<count {
            var keyframe: [String: JSONValue] = ["opacity": .number(unit() * 2 - 0.5), "transform": .string(random.pick(transforms))]
            if random.below(3) == 0 { keyframe["easing"] = .string(random.pick(easings)) }
            if index == 1, count > 2, random.below(2) == 0 { keyframe["offset"] = .number(unit()) }
            keyframes.append(.object(keyframe))
        }
        let options: [String: JSONValue] = [
            "duration": .number(random.pick([0, 250, 500, 1000])), "delay": .number(random.pick([-300, 0, 200])),
            "endDelay": .number(random.pick([-100, 0, 300])),
            "iterations": random.pick([.number(0), .number(1), .number(2.5), .number(3), .string("Infinity")]),
            "iterationStart": .number(random.pick([0, 0.5, 1.25])),
            "direction": .string(random.pick(["normal", "reverse", "alternate", "alternate-reverse"])),
            "fill": .string(random.pick(["none", "forwards", "backwards", "both", "auto"])),
            "easing": .string(random.pick(easings))
        ]
        return KeyframeEffect(try KeyframeEffectModel(webKeyframes: .array(keyframes), options: .object(options), file: "batch.json"))
    }

    @Test func aBatchOfSamplesIsEachSampleBitForBit() throws {
        var random = SeededRandom(seed: 260)
        for _ in 0..<150 {
            let effect = try randomEffect(&random)
            let timing = effect.computedTiming(at: 0)
            // Random times, the phase boundaries and just beside them, more than one run's worth.
            var times = (0..<(1 + random.below(300))).map { _ in Double(random.next() % 8_000_001) / 1_000_000 - 1 }
            for boundary in [0, effect.timing.delay, effect.timing.delay + timing.activeDuration, timing.endTime] where boundary.isFinite {
                times += [boundary, boundary.nextUp, boundary.nextDown]
            }
            let differences = FiniteSampling.batchDifferences(effect, at: times)
            #expect(differences.isEmpty, "\(effect.timing): \(differences.prefix(3))")
        }
    }

    @Test func noTimesWriteNothing() throws {
        var random = SeededRandom(seed: 1)
        let effect = try randomEffect(&random)
        var numbers = [Double.nan]
        numbers.withUnsafeMutableBufferPointer { effect.sample(at: UnsafeBufferPointer(start: nil, count: 0), into: $0.baseAddress!) }
        #expect(numbers[0].isNaN)
    }
}
