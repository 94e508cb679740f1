/// A Core Animation key path an animation may target: the layer property it drives and, for a
/// sub-path (`transform.scale`, `position.x`), which component of that property its values set.
///
/// ```swift
/// let path = AnimationKeyPath("transform.rotation.z")!
/// path.property.name   // "transform"
/// path.valueKind       // .number (radians)
/// ```
package struct AnimationKeyPath: Sendable, Hashable {
    /// The component of a property that a sub-path sets.
    package enum Component: Sendable, Hashable {
        /// The whole property (`opacity`, `transform`, `position`).
        case whole
        /// `position.x`.
        case pointX
        /// `position.y`.
        case pointY
        /// `bounds.size.width`.
        case sizeWidth
        /// `bounds.size.height`.
        case sizeHeight
        /// `bounds.origin`: a point.
        case rectOrigin
        /// `bounds.size`: a size.
        case rectSize
        /// `transform.scale` sets all three scale factors.
        case scale, scaleX, scaleY, scaleZ
        /// `transform.rotation.x`, in radians.
        case rotationX
        /// `transform.rotation.y`, in radians.
        case rotationY
        /// `transform.rotation.z` (and `transform.rotation`), in radians.
        case rotationZ
        /// `transform.translation` takes a size (x, y).
        case translation, translationX, translationY, translationZ
    }

    /// The key path as written (`transform.rotation.z`).
    package var path: String
    /// The layer property it drives.
    package var property: AnimatableProperty
    /// Which part of that property its values set.
    package var component: Component
    /// The kind of the animation's own values (a number for `transform.scale`).
    package var valueKind: AnimatableProperty.ValueKind

    /// The layer properties, with Core Animation's defaults as their initial values.
    package static let layerProperties: [String: AnimatableProperty] = {
        let clear = AnimationValue.color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        let black = AnimationValue.color(RGBAColor(red: 0, green: 0, blue: 0))
        let zeroRect = AnimationValue.rect(Rect(x: 0, y: 0, width: 0, height: 0))
        let list: [AnimatableProperty] = [
            AnimatableProperty(name: "opacity", kind: .number, range: 0...1, initialValue: .number(1)),
            AnimatableProperty(name: "transform", kind: .transform, initialValue: .transform([])),
            AnimatableProperty(name: "position", kind: .point, initialValue: .point(Point(x: 0, y: 0))),
            AnimatableProperty(name: "anchorPoint", kind: .point, initialValue: .point(Point(x: 0.5, y: 0.5))),
            AnimatableProperty(name: "bounds", kind: .rect, initialValue: zeroRect),
            AnimatableProperty(name: "frame", kind: .rect, initialValue: zeroRect),
            AnimatableProperty(name: "backgroundColor", kind: .color, initialValue: clear),
            AnimatableProperty(name: "borderColor", kind: .color, initialValue: black),
            AnimatableProperty(name: "shadowColor", kind: .color, initialValue: black),
            AnimatableProperty(name: "cornerRadius", kind: .number, range: 0...Double.infinity, initialValue: .number(0)),
            AnimatableProperty(name: "borderWidth", kind: .number, range: 0...Double.infinity, initialValue: .number(0)),
            AnimatableProperty(name: "shadowOpacity", kind: .number, range: 0...1, initialValue: .number(0)),
            AnimatableProperty(name: "shadowRadius", kind: .number, range: 0...Double.infinity, initialValue: .number(3)),
            AnimatableProperty(name: "zPosition", kind: .number, initialValue: .number(0)),
            AnimatableProperty(name: "hidden", kind: .discrete, initialValue: .discrete(.bool(false)))
        ]
        return Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })
    }()

    private static let subPaths: [String: (property: String, component: Component, kind: AnimatableProperty.ValueKind)] = [
        "position.x": ("position", .pointX, .number), "position.y": ("position", .pointY, .number),
        "anchorPoint.x": ("anchorPoint", .pointX, .number), "anchorPoint.y": ("anchorPoint", .pointY, .number),
        "bounds.origin": ("bounds", .rectOrigin, .point), "bounds.size": ("bounds", .rectSize, .size),
        "bounds.size.width": ("bounds", .sizeWidth, .number), "bounds.size.height": ("bounds", .sizeHeight, .number),
        "frame.origin": ("frame", .rectOrigin, .point), "frame.size": ("frame", .rectSize, .size),
        "transform.scale": ("transform", .scale, .number), "transform.scale.x": ("transform", .scaleX, .number),
        "transform.scale.y": ("transform", .scaleY, .number), "transform.scale.z": ("transform", .scaleZ, .number),
        "transform.rotation": ("transform", .rotationZ, .number), "transform.rotation.z": ("transform", .rotationZ, .number),
        "transform.rotation.x": ("transform", .rotationX, .number), "transform.rotation.y": ("transform", .rotationY, .number),
        "transform.translation": ("transform", .translation, .size),
        "transform.translation.x": ("transform", .translationX, .number),
        "transform.translation.y": ("transform", .translationY, .number),
        "transform.translation.z": ("transform", .translationZ, .number)
    ]

    /// Every key path this engine animates, for error messages and completion.
    package static var allPaths: [String] { (Array(layerProperties.keys) + Array(subPaths.keys)).sorted() }

    /// The key path `path`, or nil when the engine does not animate it (``allPaths`` lists those it does).
    package init?(_ path: String) {
        if let property = Self.layerProperties[path] {
            self.init(path: path, property: property, component: .whole, valueKind: property.kind)
        } else if let sub = Self.subPaths[path], let property = Self.layerProperties[sub.property] {
            self.init(path: path, property: property, component: sub.component, valueKind: sub.kind)
        } else {
            return nil
        }
    }

    private init(path: String, property: AnimatableProperty, component: Component, valueKind: AnimatableProperty.ValueKind) {
        self.path = path
        self.property = property
        self.component = component
        self.valueKind = valueKind
    }
}
