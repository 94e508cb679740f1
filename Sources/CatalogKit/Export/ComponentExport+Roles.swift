import CatalogEngine
import CatalogFormats
import CatalogModel

extension ComponentExport {
    /// One role as a player of a whole document sees it: its web animations and the engine's
    /// values of its properties at a time — the animation's own effect, or for a chain the
    /// presentation of the step animations the role runs.
    package struct PlayedRole: Sendable {
        package var name: String
        package var animations: [WebAnimation]
        package var sample: @Sendable (Double) -> [String: AnimatedValue]
    }

    /// The roles (the component's own name for an animation) and when the engine is done with
    /// them (the effect's end, a chain's done time; 0 for an animation that never ends).
    package func playedRoles() throws -> (roles: [PlayedRole], done: Double) {
        switch (body, engine) {
        case (.animation(let web), .animation(let animation, let motion)):
            let effect = ReducedMotionEffect(AnimationEffect(animation), motion: motion)
            let names = effect.properties.map(\.name)
            let role = PlayedRole(name: name, animations: web) { time in
                Dictionary(zip(names, effect.sample(at: time).values)) { _, last in last }
            }
            return ([role], effect.endTime.isFinite ? effect.endTime : 0)
        case (.chain(let chain), .chain(let running)):
            let roles = chain.roles.map { role, web in
                let shown = running[role] ?? []
                return PlayedRole(name: role, animations: web) { time in
                    Presentation.values(model: [:], running: shown, at: time).compactMapValues { value in
                        AnimationValue(model: value).map(AnimatedValue.init)
                    }
                }
            }
            return (roles, chain.doneTime)
        default:
            throw ExportError("\(name): nothing to export")
        }
    }
}
