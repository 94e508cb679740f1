import CatalogEngine
import CatalogModel

/// A chain as the web runs it: per role, the animations of the steps that animate it, delayed
/// to the chain's schedule, in the order the engine stacks them — `set` steps and `prepare`
/// sets first (as zero-length animations that fill forwards from their time: they change the
/// model value, under every animation), then the animate steps in schedule order.
///
/// ```swift
/// let chain = try ChainDefinition(fadeSequence)
/// let export = try ChainExport(chain, target: .css) { step in (try resolve(step), nil) }
/// export.roles.map(\.role)   // ["image", "headline", "content"]
/// ```
package struct ChainExport: Sendable {
    /// Each role's web animations, their delays placing them on the chain's schedule.
    package var roles: [(role: String, animations: [WebAnimation])]
    /// Every role's web animations for a chain run with all its roles on one element (a
    /// handler's `run`), stacked as the engine stacks them there: the sets first (the engine
    /// makes them model changes, under every animation), then the animations in schedule order.
    package var onOneElement: [WebAnimation]
    /// When the chain's `done` fires, in seconds.
    package var doneTime: Double
    /// Each role's animations as the engine runs them, in the same order (its sets first, as
    /// zero-length animations): what the role shows at a time is ``Presentation`` of them.
    package var running: [String: [RunningAnimation]]

    /// - Parameters:
    ///   - reducedMotion: export the chain as it runs under reduced motion: each step as its
    ///     `reducedMotion:` makes it (the resolver returns the policy, with a `component` one
    ///     already replaced by that component), the schedule from those steps' durations.
    ///   - resolve: a step's animation and its reduced-motion policy.
    package init(
        _ chain: ChainDefinition, target: ExportTarget, engines: BrowserEngines = .all, reducedMotion: Bool = false,
        resolve: (AnimateStep) throws -> (AnimationDefinition, ReducedMotion?)
    ) throws {
        var definitions: [AnimateStep: (definition: AnimationDefinition, motion: ReducedMotion?)] = [:]
        let schedule = try ChainSchedule(chain.root) { step in
            let resolved = try definitions[step] ?? resolve(step)
            definitions[step] = (resolved.0, reducedMotion ? resolved.1 : nil)
            return ReducedMotionEffect(AnimationEffect(resolved.0), motion: definitions[step]!.motion).endTime
        }
        var perRole: [String: [WebAnimation]] = [:]
        var running: [String: [RunningAnimation]] = [:]
        var flat: [WebAnimation] = []
        for placed in schedule.sets {
            let set = try Self.set(placed.step, at: placed.time)
            perRole[placed.step.role, default: []].append(set)
            flat.append(set)
            // The same zero-length animation, for the engine: a set changes the value from then on.
            let model = try KeyframeEffectModel(webKeyframes: set.json["keyframes"]!, options: set.json["options"], file: "set")
            running[placed.step.role, default: []].append(RunningAnimation(.web(model), start: 0))
        }
        for placed in schedule.animations {
            let (definition, motion) = definitions[placed.step]!
            let normal = try AnimationExport(definition, target: target, engines: engines).animations
            for var animation in try ReducedMotionExport.animations(definition, motion: motion, normal: normal) {
                animation.timing.delay += placed.start * 1000
                perRole[placed.step.role, default: []].append(animation)
                flat.append(animation)
            }
            running[placed.step.role, default: []].append(RunningAnimation(definition, start: placed.start, reducedMotion: motion, playsReduced: reducedMotion))
        }
        roles = chain.roles.map { ($0, perRole[$0] ?? []) }
        onOneElement = flat
        doneTime = schedule.doneTime
        self.running = running
    }

    /// A property set at a time: a zero-length animation that shows the value from then on.
    private static func set(_ step: PropertySetStep, at time: Double) throws(ExportError) -> WebAnimation {
        let property = try WebProperty(step.property)
        let type: ValueType =
            switch property.unit {
            case .number, .px: .number
            case .color: .color
            case .transform: .transform
            case .keyword: .string
            case .origin: .point
            }
        guard let typed = try? PropertyValue(json: step.value, as: type), let value = AnimationValue(model: typed) else {
            throw ExportError("set \(step.property): the value has no CSS form")
        }
        let text = property.text(value)
        return WebAnimation(
            keyframes: [
                WebKeyframe(offset: 0, values: [property.camelCase: text]),
                WebKeyframe(offset: 1, values: [property.camelCase: text])
            ],
            timing: WebTiming(delay: time * 1000, duration: 0, fill: "forwards"),
            properties: [step.property], fidelity: .exact)
    }
}
