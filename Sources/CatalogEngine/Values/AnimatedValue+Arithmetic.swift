import CatalogModel

extension AnimatedValue {
    /// Core Animation's "add" for additive, cumulative and `byValue` animations: numbers and
    /// geometry add component-wise, colours add per channel, transforms concatenate (`other`
    /// applies first, in the layer's own space, then `self`), discrete values take `other`.
    ///
    /// ```swift
    /// AnimatedValue.number(2).adding(.number(3))   // .number(5)
    /// ```
    package func adding(_ other: AnimatedValue) -> AnimatedValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.point(let a), .point(let b)): return .point(Point(x: a.x + b.x, y: a.y + b.y))
        case (.size(let a), .size(let b)): return .size(Size(width: a.width + b.width, height: a.height + b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(x: a.x + b.x, y: a.y + b.y, width: a.width + b.width, height: a.height + b.height))
        case (.color(let a), .color(let b)):
            return .color(RGBAColor(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha))
        case (.transform(let a), .transform(let b)): return .transform(b.concatenating(a))
        default: return other
        }
    }

    /// The inverse of ``adding(_:)``: `self − other` (for `toValue − byValue`). A singular
    /// transform has no inverse; then `self` is kept.
    package func subtracting(_ other: AnimatedValue) -> AnimatedValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a - b)
        case (.point(let a), .point(let b)): return .point(Point(x: a.x - b.x, y: a.y - b.y))
        case (.size(let a), .size(let b)): return .size(Size(width: a.width - b.width, height: a.height - b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(x: a.x - b.x, y: a.y - b.y, width: a.width - b.width, height: a.height - b.height))
        case (.color(let a), .color(let b)):
            return .color(RGBAColor(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha))
        case (.transform(let a), .transform(let b)):
            guard let inverse = b.inverse else { return self }
            return .transform(inverse.concatenating(a))
        default: return self
        }
    }

    /// `self` added to itself `count` times (0: the neutral value of its kind).
    package func repeated(_ count: Int) -> AnimatedValue {
        var result: AnimatedValue =
            switch self {
            case .number: .number(0)
            case .point: .point(Point(x: 0, y: 0))
            case .size: .size(Size(width: 0, height: 0))
            case .rect: .rect(Rect(x: 0, y: 0, width: 0, height: 0))
            case .color: .color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
            case .transform: .transform(.identity)
            case .discrete: self
            }
        // By doubling, so that a billion repeat cycles cost thirty additions, not a billion.
        var power = self, remaining = max(count, 0)
        while remaining > 0 {
            if remaining & 1 == 1 { result = result.adding(power) }
            remaining >>= 1
            if remaining > 0 { power = power.adding(power) }
        }
        return result
    }

    /// A model value's engine form of the given kind's zero, used when a property has none.
    var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
}
