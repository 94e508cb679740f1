import CatalogEngine
import CatalogModel

/// The promise every accepted animation keeps: its end time is a number (possibly infinite when
/// it repeats forever), every value and progress it samples to is finite, its iteration is
/// finite or — after an effect that repeats forever, as Web Animations §4.8.4 reports it —
/// +infinity, and a
/// keyframe effect sampled many times at once gives what it gives one time a call, bit for bit.
///
/// ```swift
/// FiniteSampling.violations(of: AnimationEffect(try AnimationDefinition(definition)))   // []
/// ```
package enum FiniteSampling {
    /// Samples before, across and after the active interval (21 times).
    package static func violations(of effect: AnimationEffect) -> [String] {
        let end = effect.endTime
        guard !end.isNaN else { return ["the end time is NaN"] }
        let span = end.isFinite ? max(end, 1) : 10
        var problems: [String] = []
        let times = (0...20).map { -0.1 + Double($0) / 20 * span * 1.1 }
        for t in times {
            let sample = effect.sample(at: t)
            let numbers = sample.values.flatMap(numbers(in:)) + [sample.progress ?? 0]
            if !numbers.allSatisfy({ $0.isFinite }) { problems.append("a non-finite sample at t = \(t): \(sample)") }
            if let iteration = sample.iteration, !iteration.isFinite, iteration != .infinity {
                problems.append("iteration \(iteration) at t = \(t)")
            }
        }
        if case .web(let keyframes) = effect { problems += batchDifferences(keyframes, at: times) }
        return problems
    }

    /// Where ``KeyframeEffect/sample(at:into:timings:)`` differs from one sample a call, in its
    /// numbers or its timing, to the last bit.
    package static func batchDifferences(_ effect: KeyframeEffect, at times: [Double]) -> [String] {
        var numbers = [Double](repeating: .nan, count: times.count * effect.width)
        var timings = [ComputedTiming](repeating: effect.computedTiming(at: -1), count: times.count)
        times.withUnsafeBufferPointer { times in
            numbers.withUnsafeMutableBufferPointer { numbers in
                timings.withUnsafeMutableBufferPointer { effect.sample(at: times, into: numbers.baseAddress!, timings: $0.baseAddress!) }
            }
        }
        var one = [Double](repeating: 0, count: effect.width)
        return times.indices.compactMap { index in
            let alone = effect.sample(at: times[index], into: &one)
            let batch = numbers[index * effect.width..<(index + 1) * effect.width]
            if batch.map(\.bitPattern) != one.map(\.bitPattern) {
                return "sampled with others at t = \(times[index]): \(Array(batch)), alone: \(one)"
            }
            if timings[index] != alone || timings[index].progress?.bitPattern != alone.progress?.bitPattern {
                return "timing with others at t = \(times[index]): \(timings[index]), alone: \(alone)"
            }
            return nil
        }
    }

    /// The numbers a value is made of (none for a discrete value).
    package static func numbers(in value: AnimatedValue) -> [Double] {
        switch value {
        case .number(let n): [n]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        case .transform(let m): m.entries
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .rect(let r): [r.x, r.y, r.width, r.height]
        case .discrete: []
        }
    }
}
