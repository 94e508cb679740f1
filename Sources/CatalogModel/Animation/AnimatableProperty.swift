/// A property an animation may change: its name, how its values interpolate, the range its
/// output is clamped to and its initial value (what it shows when nothing animates it).
///
/// ```swift
/// let opacity = AnimatableProperty.web("opacity")!
/// opacity.range          // 0...1
/// opacity.initialValue   // .number(1)
/// ```
package struct AnimatableProperty: Sendable, Hashable {
    /// How values of the property are written and interpolated.
    package enum ValueKind: Sendable, Hashable {
        /// A plain number (opacity, a rotation's radians), interpolated linearly.
        case number
        /// A CSS length in pixels (`cornerRadius`, `borderWidth`).
        case length
        /// A colour, interpolated in premultiplied sRGB.
        case color
        /// A transform, interpolated per function or through matrix decomposition.
        case transform
        /// A point, per coordinate.
        case point
        /// A size, per dimension.
        case size
        /// A rect, per coordinate and dimension.
        case rect
        /// Any other value: switches half-way, as CSS interpolates what it cannot blend.
        case discrete
    }

    /// The property's name (`opacity`, `transform`, `backgroundColor`).
    package var name: String
    /// How its values are written and interpolated.
    package var kind: ValueKind
    /// Output clamping (as browsers clamp opacity to [0, 1] after interpolation, not progress).
    package var range: ClosedRange<Double>?
    /// What it shows when nothing sets or animates it (CSS's initial value, Core Animation's default).
    package var initialValue: AnimationValue

    /// A property with its rules.
    package init(name: String, kind: ValueKind, range: ClosedRange<Double>? = nil, initialValue: AnimationValue) {
        self.name = name
        self.kind = kind
        self.range = range
        self.initialValue = initialValue
    }

    /// The CSS properties the Web Animations body may animate, by their camelCase names.
    package static let webProperties: [String: AnimatableProperty] = {
        let transparent = AnimationValue.color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        let black = AnimationValue.color(RGBAColor(red: 0, green: 0, blue: 0))
        let list: [AnimatableProperty] = [
            AnimatableProperty(name: "opacity", kind: .number, range: 0...1, initialValue: .number(1)),
            AnimatableProperty(name: "transform", kind: .transform, initialValue: .transform([])),
            AnimatableProperty(name: "backgroundColor", kind: .color, initialValue: transparent),
            AnimatableProperty(name: "color", kind: .color, initialValue: black),
            AnimatableProperty(name: "borderColor", kind: .color, initialValue: black),
            AnimatableProperty(name: "borderRadius", kind: .length, range: 0...Double.infinity, initialValue: .number(0)),
            AnimatableProperty(name: "borderWidth", kind: .length, range: 0...Double.infinity, initialValue: .number(0)),
            AnimatableProperty(name: "width", kind: .length, range: 0...Double.infinity, initialValue: .number(0)),
            AnimatableProperty(name: "height", kind: .length, range: 0...Double.infinity, initialValue: .number(0)),
            AnimatableProperty(name: "left", kind: .length, initialValue: .number(0)),
            AnimatableProperty(name: "top", kind: .length, initialValue: .number(0)),
            AnimatableProperty(name: "right", kind: .length, initialValue: .number(0)),
            AnimatableProperty(name: "bottom", kind: .length, initialValue: .number(0)),
            // CSS transform-origin as Core Animation's anchorPoint: unit coordinates of the box.
            AnimatableProperty(name: "transformOrigin", kind: .point, initialValue: .point(Point(x: 0.5, y: 0.5))),
            // Discrete, except that CSS keeps it visible between a visible end and another.
            AnimatableProperty(name: "visibility", kind: .discrete, initialValue: .discrete(.string("visible")))
        ]
        return Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })
    }()

    /// The value that, added, changes nothing (0, no transform, a transparent colour), which a
    /// keyframe composited by addition writes for the underlying value; nil for a discrete
    /// property, which addition replaces.
    package var neutralValue: AnimationValue? {
        switch kind {
        case .number, .length: .number(0)
        case .color: .color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        case .transform: .transform([])
        case .point: .point(Point(x: 0, y: 0))
        case .size: .size(Size(width: 0, height: 0))
        case .rect: .rect(Rect(x: 0, y: 0, width: 0, height: 0))
        case .discrete: nil
        }
    }

    /// The Web property with this camelCase name, or nil when the engine does not animate it.
    package static func web(_ name: String) -> AnimatableProperty? { webProperties[name] }
}

extension AnimationValue {
    /// Whether adding it changes nothing: 0, no transform functions at all, a colour of alpha 0,
    /// a zero point, size or rect (a discrete value never is).
    package var isNeutral: Bool {
        switch self {
        case .number(let n): n == 0
        case .color(let c): c.alpha == 0
        case .transform(let functions): functions.isEmpty
        case .matrix: false
        case .point(let p): p.x == 0 && p.y == 0
        case .size(let s): s.width == 0 && s.height == 0
        case .rect(let r): r.x == 0 && r.y == 0 && r.width == 0 && r.height == 0
        case .discrete: false
        }
    }
}
