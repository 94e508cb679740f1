/// An easing: how an animation's progress maps to output progress.
///
/// One description for both vocabularies: Core Animation's named `CAMediaTimingFunction`s and
/// control-point arrays, and every CSS Easing Level 2 form. The engine evaluates it
/// (`CatalogEngine`); this type only describes and parses.
///
/// ```swift
/// try TimingFunction(parsing: "ease-in-out")          // .cubicBezier(0.42, 0, 0.58, 1)
/// try TimingFunction(parsing: "easeInEaseOut")        // the same curve, Core Animation's name
/// try TimingFunction(parsing: "steps(4, jump-both)")  // .steps(4, .jumpBoth)
/// try TimingFunction(parsing: "linear(0, 0.25 40%, 1)")
/// ```
package enum TimingFunction: Sendable, Hashable {
    /// Output progress equals input progress.
    case linear
    /// Control points (x1, y1) and (x2, y2); x1 and x2 within [0, 1].
    case cubicBezier(Double, Double, Double, Double)
    /// That many equal steps, jumping where the position says.
    case steps(Int, StepPosition)
    /// `linear()` control points after the CSS canonicalisation (inputs filled in, non-decreasing).
    case piecewiseLinear([LinearStop])
    /// A damped spring used as an easing: progress p runs the spring over its settling duration,
    /// output 1 − x(p · settlingDuration), exactly 1 from p = 1 on. (Written in a definition as a
    /// mapping: `{mass: 1, stiffness: 200, damping: 20}` or `{perceptualDuration: 0.4, bounce: 0.2}`.)
    case spring(SpringParameters)

    /// CSS `steps()` jump positions (`start` and `end` are the legacy names of the first two).
    package enum StepPosition: String, Sendable, Hashable, CaseIterable {
        /// The first jump at the start (`start`).
        case jumpStart = "jump-start"
        /// The last jump at the end (`end`, the default).
        case jumpEnd = "jump-end"
        /// No jump at either end: the first and last steps hold 0 and 1.
        case jumpNone = "jump-none"
        /// Jumps at both ends.
        case jumpBoth = "jump-both"
    }

    /// One control point of a `linear()` easing.
    package struct LinearStop: Sendable, Hashable {
        /// Input progress, 0…1 (the percentage written, over 100).
        package var input: Double
        /// Output progress at that input.
        package var output: Double
        /// A control point.
        package init(input: Double, output: Double) {
            self.input = input
            self.output = output
        }
    }

    /// Core Animation's named curves (`CAMediaTimingFunctionName`), with the control points Apple
    /// documents for them.
    package static let coreAnimationNames: [String: TimingFunction] = [
        "linear": .linear,
        "easeIn": .cubicBezier(0.42, 0, 1, 1),
        "easeOut": .cubicBezier(0, 0, 0.58, 1),
        "easeInEaseOut": .cubicBezier(0.42, 0, 0.58, 1),
        "default": .cubicBezier(0.25, 0.1, 0.25, 1)
    ]

    /// CSS Easing keywords.
    package static let cssKeywords: [String: TimingFunction] = [
        "linear": .linear,
        "ease": .cubicBezier(0.25, 0.1, 0.25, 1),
        "ease-in": .cubicBezier(0.42, 0, 1, 1),
        "ease-out": .cubicBezier(0, 0, 0.58, 1),
        "ease-in-out": .cubicBezier(0.42, 0, 0.58, 1),
        "step-start": .steps(1, .jumpStart),
        "step-end": .steps(1, .jumpEnd)
    ]
}
