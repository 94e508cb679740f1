import CatalogModel

extension TimingFunction {
    /// The eased output for `input` progress. `beforeFlag` is the Web Animations before flag;
    /// only step easings look at it.
    ///
    /// ```swift
    /// TimingFunction.cubicBezier(0.42, 0, 1, 1).output(at: 0.5)        // 0.3153568…
    /// TimingFunction.steps(4, .jumpEnd).output(at: 0.3)                // 0.25
    /// ```
    package func output(at input: Double, beforeFlag: Bool = false) -> Double {
        CompiledEasing(self).output(at: input, beforeFlag: beforeFlag)
    }

    /// CSS Easing Level 2 linear() evaluation: the segment of the last stop at or before the
    /// input (the first segment before it, the last after it), extrapolated outside [0, 1].
    static func piecewiseLinearOutput(_ stops: [LinearStop], at input: Double) -> Double {
        var a = 0
        for (index, stop) in stops.enumerated() where stop.input <= input { a = index }
        if a == stops.count - 1 { a -= 1 }
        let pointA = stops[a], pointB = stops[a + 1]
        if pointA.input == pointB.input { return pointB.output }
        let progress = (input - pointA.input) / (pointB.input - pointA.input)
        return pointA.output + (pointB.output - pointA.output) * progress
    }
}
