import CatalogModel

/// A timing function made ready to evaluate: a cubic-bezier's polynomial coefficients are worked
/// out once here, not on every sample. Effects compile their easings when they are built.
///
/// ```swift
/// let ease = CompiledEasing(.cubicBezier(0.25, 0.1, 0.25, 1))
/// ease.output(at: 0.5)   // 0.8024033876
/// ```
public enum CompiledEasing: Sendable, Hashable {
    case linear
    case bezier(CubicBezierCurve)
    case steps(StepEasing)
    case piecewiseLinear([TimingFunction.LinearStop])

    public init(_ function: TimingFunction) {
        switch function {
        case .linear: self = .linear
        case .cubicBezier(let x1, let y1, let x2, let y2):
            // cubic-bezier(0, 0, 1, 1) is the identity; skip the solver.
            self = (x1 == y1 && x2 == y2) ? .linear : .bezier(CubicBezierCurve(x1, y1, x2, y2))
        case .steps(let count, let position): self = .steps(StepEasing(count: count, position: position))
        case .piecewiseLinear(let stops): self = .piecewiseLinear(stops)
        }
    }

    /// The eased output; `beforeFlag` is the Web Animations before flag, read by steps only.
    @inline(__always)
    public func output(at input: Double, beforeFlag: Bool = false) -> Double {
        switch self {
        case .linear: input
        case .bezier(let curve): curve.y(atX: input)
        case .steps(let steps): steps.output(at: input, beforeFlag: beforeFlag)
        case .piecewiseLinear(let stops): TimingFunction.piecewiseLinearOutput(stops, at: input)
        }
    }
}
