import CatalogModel

/// An animation running on one object: what it is and when it started, in scene time.
public struct RunningAnimation: Sendable, Hashable {
    public var animation: AnimationDefinition
    public var start: Double

    public init(_ animation: AnimationDefinition, start: Double) {
        self.animation = animation
        self.start = start
    }
}

/// Presentation values: an object's model values with its running animations applied at a
/// scene time, as Core Animation's presentation layer shows them. Animations stack in the order
/// they were applied: each sees the values the ones before it produced as its model (so a later
/// one replaces an earlier one's property, and an `additive` one adds to it).
///
/// ```swift
/// let shown = Presentation.values(model: ["transform": .transform(.identity)],
///                                 running: [RunningAnimation(bounceSelect, start: 0)], at: 0.1)
/// shown["transform"]   // scale 0.8
/// ```
public enum Presentation {
    public static func values(model: [String: PropertyValue], running: [RunningAnimation], at time: Double) -> [String: PropertyValue] {
        var values = model
        for animation in running {
            let underlying = values.compactMapValues(AnimationValue.init(model:))
            let effect = AnimationEffect(animation.animation, modelValues: underlying)
            let sample = effect.sample(at: time - animation.start)
            for (property, value) in zip(effect.properties, sample.values) {
                values[property.name] = value.propertyValue
            }
        }
        return values
    }
}

extension AnimationValue {
    /// A stored model value as an animation value; nil for values animations do not take
    /// (object references, JSON).
    public init?(model value: PropertyValue) {
        switch value {
        case .number(let n): self = .number(n)
        case .color(let c): self = .color(c)
        case .transform(let t): self = .matrix(t)
        case .point(let p): self = .point(p)
        case .size(let s): self = .size(s)
        case .rect(let r): self = .rect(r)
        case .bool, .string, .url: self = .discrete(value)
        case .object, .json: return nil
        }
    }
}
