import CatalogEngine
import CatalogModel

/// The promise every accepted animation keeps: its end time is a number (possibly infinite when
/// it repeats forever) and every value, progress and iteration it samples to is finite.
///
/// ```swift
/// FiniteSampling.violations(of: AnimationEffect(try AnimationDefinition(definition)))   // []
/// ```
public enum FiniteSampling {
    /// Samples before, across and after the active interval (21 times).
    public static func violations(of effect: AnimationEffect) -> [String] {
        let end = effect.endTime
        guard !end.isNaN else { return ["the end time is NaN"] }
        let span = end.isFinite ? max(end, 1) : 10
        var problems: [String] = []
        for k in 0...20 {
            let t = -0.1 + Double(k) / 20 * span * 1.1
            let sample = effect.sample(at: t)
            let numbers = sample.values.flatMap(numbers(in:)) + [sample.progress ?? 0, sample.iteration ?? 0]
            if !numbers.allSatisfy({ $0.isFinite }) { problems.append("a non-finite sample at t = \(t): \(sample)") }
        }
        return problems
    }

    /// The numbers a value is made of (none for a discrete value).
    public static func numbers(in value: AnimatedValue) -> [Double] {
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
