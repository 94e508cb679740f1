/// An animation chain as data, after SCRAnimationChain's composite pattern: `sequence` nodes run
/// their children one after another, `concurrent` nodes all at once, and leaves animate a role,
/// set a property instantly or wait. Roles are bound to objects when the chain is applied, so one
/// chain drives many objects.
///
/// ```swift
/// let fadeOut = ChainNode.animate(AnimateStep(role: "image", component: "fade-out"))
/// let chain = ChainNode.sequence([fadeOut, .wait(0.1)])
/// ```
package indirect enum ChainNode: Sendable, Hashable {
    /// Children one after another: each starts when the previous one ends.
    case sequence([ChainNode])
    /// Children all at once; the node ends with the latest.
    case concurrent([ChainNode])
    /// Run an animation on a role's object.
    case animate(AnimateStep)
    /// Set a property of a role's object at once (zero duration).
    case set(PropertySetStep)
    /// Do nothing for a while.
    case wait(Double)

    /// Every role the tree names, in order of first use.
    package var roles: [String] {
        var seen: [String] = []
        func visit(_ node: ChainNode) {
            switch node {
            case .sequence(let children), .concurrent(let children): children.forEach(visit)
            case .animate(let step):
                if !seen.contains(step.role) { seen.append(step.role) }
                for set in step.prepare where !seen.contains(set.role) { seen.append(set.role) }
            case .set(let step): if !seen.contains(step.role) { seen.append(step.role) }
            case .wait: break
            }
        }
        visit(self)
        return seen
    }
}

/// A leaf that runs an animation on a role's object: a catalog component (with parameter values)
/// or an inline animation body, after an optional delay, with `prepare` sets applied just before
/// it starts — SCRAnimationChain's Action (delay, duration, options, prepare).
///
/// ```swift
/// let step = AnimateStep(role: "image", component: "fade-out", parameters: ["duration": 0.25], delay: 0.1)
/// ```
package struct AnimateStep: Sendable, Hashable {
    /// The role whose object it acts on.
    package var role: String
    /// A catalog animation, `NAME` or `NAME@VERSION`; nil when `inline` is set.
    package var component: String?
    /// Parameter values for the component (`duration: 0.25`).
    package var parameters: [String: JSONValue]
    /// An inline animation body (`animation:` or `keyframes`/`options`), instead of a component.
    package var inline: JSONValue?
    /// Seconds before the animation starts; the step's work time is delay + the animation's.
    package var delay: Double
    /// Property sets applied when the animation starts (after the delay).
    package var prepare: [PropertySetStep]

    /// A step; give either `component` or `inline`.
    package init(
        role: String, component: String? = nil, parameters: [String: JSONValue] = [:], inline: JSONValue? = nil,
        delay: Double = 0, prepare: [PropertySetStep] = []
    ) {
        self.role = role
        self.component = component
        self.parameters = parameters
        self.inline = inline
        self.delay = delay
        self.prepare = prepare
    }
}

/// Set `property` of the role's object to `value` (JSON, in the property value encodings).
///
/// ```swift
/// let hide = PropertySetStep(role: "badge", property: "opacity", value: 0)
/// ```
package struct PropertySetStep: Sendable, Hashable {
    /// The role whose object it acts on.
    package var role: String
    /// The property's key.
    package var property: String
    /// The value, in the property value encodings.
    package var value: JSONValue

    /// A set of `property` on the role's object.
    package init(role: String, property: String, value: JSONValue) {
        self.role = role
        self.property = property
        self.value = value
    }
}
