import CatalogEngine
import CatalogFormats
import CatalogModel

extension ComponentExport {
    /// The component as an SVG document animated with SMIL (``AnimatedSVG``): one rectangle per
    /// role — the component's own name for an animation — sampled from the engine. Make the
    /// export with the `.css` target; the rectangles are of the reference box it was made with.
    ///
    /// ```swift
    /// let svg = try ComponentExport(definition: pop, target: .css).svg()
    /// print(svg.text)
    /// ```
    package func svg() throws -> AnimatedSVG {
        let size = (width: box.width, height: box.height)
        var roles: [AnimatedSVG.Role] = []
        var animations: [WebAnimation] = []
        var done = 0.0
        switch (body, engine) {
        case (.animation(let web), .animation(let animation, let motion)):
            let effect = ReducedMotionEffect(AnimationEffect(animation), motion: motion)
            let names = effect.properties.map(\.name)
            roles = [AnimatedSVG.Role(name: name, animations: web) { time in Dictionary(zip(names, effect.sample(at: time).values)) { _, last in last } }]
            animations = web
            if effect.endTime.isFinite { done = effect.endTime }
        case (.chain(let chain), .chain(let running)):
            for (role, web) in chain.roles {
                let shown = running[role] ?? []
                roles.append(
                    AnimatedSVG.Role(name: role, animations: web) { time in
                        Presentation.values(model: [:], running: shown, at: time).compactMapValues { value in
                            AnimationValue(model: value).map(AnimatedValue.init)
                        }
                    })
                animations += web
            }
            done = chain.doneTime
        default:
            throw ExportError("\(name): nothing to export")
        }
        return try AnimatedSVG(name: name, version: version, roles: roles, timeline: try Self.timeline(animations, done: done), box: size)
    }

    /// When the animations move: once until every finite one is over and every endless one has
    /// begun, then one common cycle of the endless ones, repeated.
    private static func timeline(_ animations: [WebAnimation], done: Double) throws(ExportError) -> AnimatedSVG.Timeline {
        var once = done
        var period: Double?
        for animation in animations {
            let timing = animation.timing
            if timing.iterations.isFinite {
                once = max(once, (timing.delay + timing.duration * timing.iterations + max(timing.endDelay, 0)) / 1000)
                continue
            }
            let cycle = timing.duration * (timing.direction.hasPrefix("alternate") ? 2 : 1) / 1000
            if let period, abs(period - cycle) > 1e-9 * max(period, cycle) {
                throw ExportError("animations that repeat forever with different cycles (\(period) s and \(cycle) s) have no common SVG cycle")
            }
            period = cycle
            once = max(once, timing.delay / 1000)
        }
        return AnimatedSVG.Timeline(once: once, period: period)
    }
}
