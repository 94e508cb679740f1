import CatalogModel

/// A timing function made ready to evaluate: a cubic-bezier's polynomial coefficients and its
/// lookup table are worked out once here, not on every sample. Effects compile their easings
/// when they are built.
///
/// A struct rather than an enum on purpose: evaluating an enum case binds (copies) its payload,
/// and a curve with its table is 184 bytes — that copy measured as a fifth of the sampling time.
/// Here the evaluation reads the stored curve in place.
///
/// ```swift
/// let ease = CompiledEasing(.cubicBezier(0.25, 0.1, 0.25, 1))
/// ease.output(at: 0.5)   // 0.8024033876
/// ```
package struct CompiledEasing: Sendable, Hashable {
    enum Kind: UInt8, Sendable, Hashable { case linear, bezier, steps, piecewiseLinear, spring }

    // The curve is the first stored property, so the sampling path finds it at the easing's own
    // address (`curveOffset`, held to the layout by a test): a computed offset is a lazy global,
    // and its `swift_once` check ran on every sample.
    let curve: CubicBezierCurve
    let kind: Kind
    let steps: StepEasing
    let stops: [TimingFunction.LinearStop]
    let spring: SpringMotion
    /// The spring's settling duration: the time progress 1 stands for.
    let springDuration: Double

    package static let linear = CompiledEasing(.linear)

    package init(_ function: TimingFunction) {
        var kind = Kind.linear
        var curve = CubicBezierCurve(0, 0, 1, 1)
        var steps = StepEasing(count: 1, position: .jumpEnd)
        var stops: [TimingFunction.LinearStop] = []
        var spring = SpringMotion(SpringParameters())
        var springDuration = 1.0
        switch function {
        case .linear: break
        case .cubicBezier(let x1, let y1, let x2, let y2):
            // cubic-bezier(a, a, b, b) is the identity line; skip the solver.
            if !(x1 == y1 && x2 == y2) {
                kind = .bezier
                curve = CubicBezierCurve(x1, y1, x2, y2)
            }
        case .steps(let count, let position):
            kind = .steps
            steps = StepEasing(count: count, position: position)
        case .piecewiseLinear(let list):
            kind = .piecewiseLinear
            stops = list
        case .spring(let parameters):
            kind = .spring
            spring = SpringMotion(parameters)
            springDuration = spring.settlingDuration
        }
        self.kind = kind
        self.curve = curve
        self.steps = steps
        self.stops = stops
        self.spring = spring
        self.springDuration = springDuration
    }

    /// Where ``curve`` sits in the struct: first (see its declaration).
    package static let curveOffset = 0
    /// Whether ``curveOffset`` is where the compiler put ``curve`` (a test holds it).
    package static var curveOffsetMatchesLayout: Bool {
        MemoryLayout<CompiledEasing>.offset(of: \CompiledEasing.curve) == curveOffset
    }

    /// The eased output; `beforeFlag` is the Web Animations before flag, read by steps only.
    package func output(at input: Double, beforeFlag: Bool = false) -> Double {
        withUnsafePointer(to: self) { Self.output($0, at: input, beforeFlag: beforeFlag) }
    }

    /// The sampling path, reading the easing where it is stored.
    @inline(__always)
    package static func output(_ easing: UnsafePointer<CompiledEasing>, at input: Double, beforeFlag: Bool) -> Double {
        switch easing.pointee.kind {
        case .linear: input
        case .bezier: CubicBezierCurve.y((UnsafeRawPointer(easing) + curveOffset).assumingMemoryBound(to: CubicBezierCurve.self), atX: input)
        case .steps: easing.pointee.steps.output(at: input, beforeFlag: beforeFlag)
        case .piecewiseLinear: TimingFunction.piecewiseLinearOutput(easing.pointee.stops, at: input)
        case .spring:
            // At rest before the start; settled (exactly at the end) from progress 1 on.
            input <= 0 ? 0 : input >= 1 ? 1 : easing.pointee.spring.progress(at: input * easing.pointee.springDuration)
        }
    }

    /// ``output(_:at:beforeFlag:)`` for `count` inputs, bit for bit: a cubic-bezier solves them
    /// together (``CubicBezierCurve/y(_:atX:into:count:)``), any other kind one at a time.
    /// `beforeFlags[i]` is input i's before flag.
    package static func output(
        _ easing: UnsafePointer<CompiledEasing>, at inputs: UnsafePointer<Double>, beforeFlags: UnsafePointer<Bool>,
        into outputs: UnsafeMutablePointer<Double>, count: Int
    ) {
        if easing.pointee.kind == .bezier {
            let curve = (UnsafeRawPointer(easing) + curveOffset).assumingMemoryBound(to: CubicBezierCurve.self)
            CubicBezierCurve.y(curve, atX: inputs, into: outputs, count: count)
        } else {
            for index in 0..<count { outputs[index] = output(easing, at: inputs[index], beforeFlag: beforeFlags[index]) }
        }
    }
}
