import CatalogEngine
import CatalogModel

/// A chain as the web runs it: per role, the animations of the steps that animate it, delayed
/// to the chain's schedule, in the order the engine stacks them — `set` steps and `prepare`
/// sets first (as zero-length animations that fill forwards from their time: they change the
/// model value, under every animation), then the animate steps in schedule order.
///
/// ```swift
/// let chain = try ChainDefinition(fadeSequence)
/// let export = try ChainExport(chain, target: .css) { step in try resolve(step) }
/// export.roles.map(\.role)   // ["image", "headline", "content"]
/// ```
public struct ChainExport: Sendable {
    public var roles: [(role: String, animations: [WebAnimation])]
    /// When the chain's `done` fires, in seconds.
    public var doneTime: Double

    public init(_ chain: ChainDefinition, target: ExportTarget,
                resolve: (AnimateStep) throws -> AnimationDefinition) throws {
        var definitions: [AnimateStep: AnimationDefinition] = [:]
        let schedule = try ChainSchedule(chain.root) { step in
            let definition = try definitions[step] ?? resolve(step)
            definitions[step] = definition
            return AnimationEffect(definition).endTime
        }
        var perRole: [String: [WebAnimation]] = [:]
        for placed in schedule.sets {
            perRole[placed.step.role, default: []].append(try Self.set(placed.step, at: placed.time))
        }
        for placed in schedule.animations {
            for var animation in try AnimationExport(definitions[placed.step]!, target: target).animations {
                animation.timing.delay += placed.start * 1000
                perRole[placed.step.role, default: []].append(animation)
            }
        }
        roles = chain.roles.map { ($0, perRole[$0] ?? []) }
        doneTime = schedule.doneTime
    }

    /// A property set at a time: a zero-length animation that shows the value from then on.
    private static func set(_ step: PropertySetStep, at time: Double) throws(ExportError) -> WebAnimation {
        let property = try WebProperty(step.property)
        let type: ValueType = switch property.unit {
        case .number, .px: .number
        case .color: .color
        case .transform: .transform
        }
        guard let typed = try? PropertyValue(json: step.value, as: type), let value = AnimationValue(model: typed) else {
            throw ExportError("set \(step.property): the value has no CSS form")
        }
        let text = property.text(value)
        return WebAnimation(keyframes: [WebKeyframe(offset: 0, values: [property.camelCase: text]),
                                        WebKeyframe(offset: 1, values: [property.camelCase: text])],
                            timing: WebTiming(delay: time * 1000, duration: 0, fill: "forwards"),
                            properties: [step.property], fidelity: .exact)
    }
}
