import Foundation

/// One CSS transform function, kept as its CSS Transforms Level 2 *primitive* so that
/// interpolation can match `translateX()` with `translate()` or `rotateZ()` with `rotate3d()`.
/// Lengths are in px (a `translate()` percentage resolved against the ``ReferenceBox`` given),
/// angles in radians.
///
/// ```swift
/// let list = try TransformFunction.list(css: "translate(10px, 0) rotate(90deg) scale(2)")
/// list[1].name        // "rotate"
/// list[1].primitive   // .rotate(x: 0, y: 0, z: 1, angle: π/2)
/// ```
package struct TransformFunction: Sendable, Hashable {
    /// The primitive a function is a derivative of (CSS Transforms 2 §"Transform functions
    /// primitives and derivatives").
    package enum Primitive: Sendable, Hashable {
        /// A translation in px.
        case translate(x: Double, y: Double, z: Double)
        /// A scale per axis.
        case scale(x: Double, y: Double, z: Double)
        /// A rotation by `angle` about the axis (x, y, z); 2D rotations use (0, 0, 1).
        case rotate(x: Double, y: Double, z: Double, angle: Double)
        /// A skew by two angles, in radians.
        case skew(x: Double, y: Double)
        /// `perspective(d)`; nil is `perspective(none)`, no perspective.
        case perspective(Double?)
        /// `matrix()` / `matrix3d()`: 16 entries in `CATransform3D` order (m11 m12 … m44).
        case matrix([Double])
    }

    /// The function as written, lower-cased (`translatex`, `rotate3d`, `matrix`).
    package var name: String
    /// What the function is in primitive terms.
    package var primitive: Primitive

    /// A function named `name` (as written in CSS) that is `primitive`.
    package init(name: String, primitive: Primitive) {
        self.name = name
        self.primitive = primitive
    }

    /// Two functions interpolate one-to-one when they have the same name or share a primitive.
    package func sharesPrimitive(with other: TransformFunction) -> Bool {
        switch (primitive, other.primitive) {
        case (.translate, .translate), (.scale, .scale), (.rotate, .rotate), (.skew, .skew),
            (.perspective, .perspective), (.matrix, .matrix):
            true
        default: false
        }
    }

    /// The identity function of the same primitive: what a missing or `none` side becomes.
    package var identity: TransformFunction {
        let neutral: Primitive =
            switch primitive {
            case .translate: .translate(x: 0, y: 0, z: 0)
            case .scale: .scale(x: 1, y: 1, z: 1)
            case .rotate(let x, let y, let z, _): .rotate(x: x, y: y, z: z, angle: 0)
            case .skew: .skew(x: 0, y: 0)
            case .perspective: .perspective(nil)
            case .matrix: .matrix([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
            }
        return TransformFunction(name: name, primitive: neutral)
    }

    /// Parses a CSS `transform` value; `none` is the empty list. Percentages in `translate()`
    /// resolve against `box` (without one they are an error that says so).
    package static func list(css text: String, box: ReferenceBox? = nil) throws(CSSValueError) -> [TransformFunction] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.lowercased() == "none" { return [] }
        guard let calls = CSSSyntax.functionCalls(in: trimmed), !calls.isEmpty else {
            throw CSSValueError("\"\(text)\" is not a transform list (none, or functions such as translate(10px, 0) rotate(45deg))")
        }
        var functions: [TransformFunction] = []
        for call in calls { functions.append(try function(call, in: text, box: box)) }
        return functions
    }

    private static func function(_ call: CSSSyntax.FunctionCall, in text: String, box: ReferenceBox?) throws(CSSValueError) -> TransformFunction {
        let arguments = call.arguments.split(separator: ",", omittingEmptySubsequences: false)
        let name = call.name
        func fail(_ rule: String) -> CSSValueError { CSSValueError("\(name)() in \"\(text)\": \(rule)") }
        func count(_ allowed: ClosedRange<Int>) throws(CSSValueError) {
            guard allowed.contains(arguments.count) else {
                throw fail(allowed.count == 1 ? "takes \(allowed.lowerBound) argument(s)" : "takes \(allowed.lowerBound) to \(allowed.upperBound) arguments")
            }
        }
        /// A length in px; along x or y a percentage of the reference box (``ReferenceBox``) too.
        func length(_ index: Int, along side: KeyPath<ReferenceBox, Double>? = nil) throws(CSSValueError) -> Double {
            guard let (value, unit) = CSSSyntax.dimension(arguments[index]) else { throw fail("\"\(arguments[index])\" is not a length") }
            if unit == "px" || (unit.isEmpty && value == 0) { return value }
            if unit == "%", let side {
                guard let box else {
                    let written = arguments[index].trimmingCharacters(in: .whitespaces)
                    throw fail(
                        "\(written) is a percentage of the reference box, and none is given (the object's bounds or frame where the component is applied; --box W,H for sample and export)"
                    )
                }
                return value / 100 * box[keyPath: side]
            }
            if unit == "%" { throw fail("\"\(arguments[index])\": only translations along x and y take a percentage") }
            throw fail("\"\(arguments[index])\" must be a length in px")
        }
        func angle(_ index: Int) throws(CSSValueError) -> Double {
            guard let (value, unit) = CSSSyntax.dimension(arguments[index]),
                let degrees = CSSAngle.degrees(value, unit: unit, unitlessAllowed: false)
            else {
                throw fail("\"\(arguments[index])\" must be an angle (deg, rad, grad or turn)")
            }
            return degrees * .pi / 180
        }
        func number(_ index: Int, percentAllowed: Bool = false) throws(CSSValueError) -> Double {
            guard let (value, unit) = CSSSyntax.dimension(arguments[index]), unit.isEmpty || (percentAllowed && unit == "%") else {
                throw fail("\"\(arguments[index])\" must be a number")
            }
            return unit == "%" ? value / 100 : value
        }

        let primitive: Primitive
        switch name {
        case "translate":
            try count(1...2)
            primitive = .translate(x: try length(0, along: \.width), y: arguments.count == 2 ? try length(1, along: \.height) : 0, z: 0)
        case "translatex": try count(1...1); primitive = .translate(x: try length(0, along: \.width), y: 0, z: 0)
        case "translatey": try count(1...1); primitive = .translate(x: 0, y: try length(0, along: \.height), z: 0)
        case "translatez": try count(1...1); primitive = .translate(x: 0, y: 0, z: try length(0))
        case "translate3d":
            try count(3...3)
            primitive = .translate(x: try length(0, along: \.width), y: try length(1, along: \.height), z: try length(2))
        case "scale":
            try count(1...2)
            let x = try number(0, percentAllowed: true)
            primitive = .scale(x: x, y: arguments.count == 2 ? try number(1, percentAllowed: true) : x, z: 1)
        case "scalex": try count(1...1); primitive = .scale(x: try number(0, percentAllowed: true), y: 1, z: 1)
        case "scaley": try count(1...1); primitive = .scale(x: 1, y: try number(0, percentAllowed: true), z: 1)
        case "scalez": try count(1...1); primitive = .scale(x: 1, y: 1, z: try number(0, percentAllowed: true))
        case "scale3d":
            try count(3...3)
            primitive = .scale(x: try number(0, percentAllowed: true), y: try number(1, percentAllowed: true), z: try number(2, percentAllowed: true))
        case "rotate", "rotatez": try count(1...1); primitive = .rotate(x: 0, y: 0, z: 1, angle: try angle(0))
        case "rotatex": try count(1...1); primitive = .rotate(x: 1, y: 0, z: 0, angle: try angle(0))
        case "rotatey": try count(1...1); primitive = .rotate(x: 0, y: 1, z: 0, angle: try angle(0))
        case "rotate3d":
            try count(4...4)
            let (x, y, z) = (try number(0), try number(1), try number(2))
            let length = (x * x + y * y + z * z).squareRoot()
            // A zero axis is valid CSS and means no rotation.
            primitive =
                length == 0
                ? .rotate(x: 0, y: 0, z: 1, angle: 0)
                : .rotate(x: x / length, y: y / length, z: z / length, angle: try angle(3))
        case "skew":
            try count(1...2)
            primitive = .skew(x: try angle(0), y: arguments.count == 2 ? try angle(1) : 0)
        case "skewx": try count(1...1); primitive = .skew(x: try angle(0), y: 0)
        case "skewy": try count(1...1); primitive = .skew(x: 0, y: try angle(0))
        case "perspective":
            try count(1...1)
            if arguments[0].trimmingCharacters(in: .whitespaces).lowercased() == "none" {
                primitive = .perspective(nil)
            } else {
                let d = try length(0)
                guard d >= 0 else { throw fail("the distance must not be negative") }
                primitive = .perspective(d)
            }
        case "matrix":
            try count(6...6)
            var v: [Double] = []
            for index in 0..<6 { v.append(try number(index)) }
            primitive = .matrix([v[0], v[1], 0, 0, v[2], v[3], 0, 0, 0, 0, 1, 0, v[4], v[5], 0, 1])
        case "matrix3d":
            try count(16...16)
            var v: [Double] = []
            for index in 0..<16 { v.append(try number(index)) }
            primitive = .matrix(v)
        default:
            throw CSSValueError("unknown transform function \(name)() in \"\(text)\"")
        }
        return TransformFunction(name: name, primitive: primitive)
    }
}
