import CatalogModel

/// A length (or a plain number) of a layout written in terms of its container's size and its
/// parameters: what a slot's `left`, `top`, `width` and `height` are as `calc()` says them,
/// evaluated with numbers to hold it to the engine's solver.
///
/// ```swift
/// let half = LayoutLength.product(.width, .constant(0.5, isLength: false))
/// half.css(name: "split")                        // (100% * 0.5)
/// half.value(width: 120, height: 40, parameters: [:])   // 60
/// ```
package indirect enum LayoutLength: Sendable, Hashable {
    case constant(Double, isLength: Bool)
    /// A number parameter: a length (`--NAME-PARAM: 4px`) or a plain number.
    case parameter(String, isLength: Bool)
    /// The container's width (`100%` in `left` and `width`), or the `rect` parameter's.
    case width
    /// The container's height (`100%` in `top` and `height`), or the `rect` parameter's.
    case height
    /// Where the layout's rect starts: 0 in the container's box, or the `rect` parameter's x, y.
    case originX, originY
    case sum(LayoutLength, LayoutLength)
    case difference(LayoutLength, LayoutLength)
    case product(LayoutLength, LayoutLength)
    case quotient(LayoutLength, Double)
    /// `max(0px, x)`.
    case nonNegative(LayoutLength)
    /// `max(x, -x)`.
    case magnitude(LayoutLength)

    static let zero = LayoutLength.constant(0, isLength: true)

    static func + (a: LayoutLength, b: LayoutLength) -> LayoutLength {
        if case .constant(0, _) = b { return a }
        if case .constant(0, _) = a { return b }
        if case .constant(let x, let l) = a, case .constant(let y, _) = b { return .constant(x + y, isLength: l) }
        return .sum(a, b)
    }

    static func - (a: LayoutLength, b: LayoutLength) -> LayoutLength {
        if case .constant(0, _) = b { return a }
        if case .constant(let x, let l) = a, case .constant(let y, _) = b { return .constant(x - y, isLength: l) }
        return .difference(a, b)
    }

    static func * (a: LayoutLength, b: LayoutLength) -> LayoutLength {
        if case .constant(let x, let l) = a, case .constant(let y, let m) = b { return .constant(x * y, isLength: l || m) }
        if case .constant(1, false) = b { return a }
        if case .constant(1, false) = a { return b }
        if case .constant(0, _) = a { return .zero }
        if case .constant(0, _) = b { return .zero }
        return .product(a, b)
    }

    /// `max(0, x)`, folded when `x` is a number.
    static func clamped(_ x: LayoutLength) -> LayoutLength {
        if case .constant(let value, let isLength) = x { return .constant(max(value, 0), isLength: isLength) }
        if case .nonNegative = x { return x }
        return .nonNegative(x)
    }

    /// `|x|`, folded when `x` is a number.
    static func magnitudeOf(_ x: LayoutLength) -> LayoutLength {
        if case .constant(let value, let isLength) = x { return .constant(abs(value), isLength: isLength) }
        return .magnitude(x)
    }

    /// The value for a rect at (`x`, `y`) of `width` × `height` and the parameters' values.
    package func value(x: Double = 0, y: Double = 0, width: Double, height: Double, parameters: [String: Double]) -> Double {
        func v(_ e: LayoutLength) -> Double { e.value(x: x, y: y, width: width, height: height, parameters: parameters) }
        switch self {
        case .constant(let c, _): return c
        case .parameter(let name, _): return parameters[name] ?? .nan
        case .width: return width
        case .height: return height
        case .originX: return x
        case .originY: return y
        case .sum(let a, let b): return v(a) + v(b)
        case .difference(let a, let b): return v(a) - v(b)
        case .product(let a, let b): return v(a) * v(b)
        case .quotient(let a, let n): return v(a) / n
        case .nonNegative(let a): return max(v(a), 0)
        case .magnitude(let a): return abs(v(a))
        }
    }

    /// Whether it reads the container's width, its height.
    var reads: (width: Bool, height: Bool) {
        switch self {
        case .constant, .parameter, .originX, .originY: (false, false)
        case .width: (true, false)
        case .height: (false, true)
        case .sum(let a, let b), .difference(let a, let b), .product(let a, let b):
            (a.reads.width || b.reads.width, a.reads.height || b.reads.height)
        case .quotient(let a, _), .nonNegative(let a), .magnitude(let a): a.reads
        }
    }

    /// The expression inside `calc()`; parameters as `var(--NAME-PARAM)`.
    package func css(name: String) -> String {
        switch self {
        case .constant(let x, let isLength): JSONValue.numberText(x) + (isLength ? "px" : "")
        case .parameter(let parameter, _): "var(\(Self.customProperty(name: name, parameter: parameter)))"
        case .width: "var(\(Self.customProperty(name: name, parameter: "rect-width")), 100%)"
        case .height: "var(\(Self.customProperty(name: name, parameter: "rect-height")), 100%)"
        case .originX: "var(\(Self.customProperty(name: name, parameter: "rect-x")), 0px)"
        case .originY: "var(\(Self.customProperty(name: name, parameter: "rect-y")), 0px)"
        case .sum(let a, let b): "(\(a.css(name: name)) + \(b.css(name: name)))"
        case .difference(let a, let b): "(\(a.css(name: name)) - \(b.css(name: name)))"
        case .product(let a, let b): "(\(a.css(name: name)) * \(b.css(name: name)))"
        case .quotient(let a, let n): "(\(a.css(name: name)) / \(JSONValue.numberText(n)))"
        case .nonNegative(let a): "max(0px, \(a.css(name: name)))"
        case .magnitude(let a): "max(\(a.css(name: name)), -1 * \(a.css(name: name)))"
        }
    }

    /// The expression in JavaScript, of `W`, `H` and the parameters `p`.
    package var javascript: String {
        switch self {
        case .constant(let x, _): JSONValue.numberText(x)
        case .parameter(let parameter, _): "p[\(JSONValue.string(parameter).canonicalText)]"
        case .width: "W"
        case .height: "H"
        case .originX: "X"
        case .originY: "Y"
        case .sum(let a, let b): "(\(a.javascript) + \(b.javascript))"
        case .difference(let a, let b): "(\(a.javascript) - \(b.javascript))"
        case .product(let a, let b): "(\(a.javascript) * \(b.javascript))"
        case .quotient(let a, let n): "(\(a.javascript) / \(JSONValue.numberText(n)))"
        case .nonNegative(let a): "Math.max(0, \(a.javascript))"
        case .magnitude(let a): "Math.abs(\(a.javascript))"
        }
    }

    /// `--NAME-PARAM`, the parameter in kebab case.
    package static func customProperty(name: String, parameter: String) -> String {
        var kebab = ""
        for character in parameter {
            if character.isUppercase { kebab += "-" + character.lowercased() } else { kebab.append(character) }
        }
        return "--\(name)-\(kebab)"
    }
}
