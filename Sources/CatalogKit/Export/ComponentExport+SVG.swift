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
        let (played, done) = try playedRoles()
        let roles = played.map { AnimatedSVG.Role(name: $0.name, animations: $0.animations, sample: $0.sample) }
        let timeline = try Self.timeline(played.flatMap(\.animations), done: done)
        return try AnimatedSVG(name: name, version: version, roles: roles, timeline: timeline, box: (width: box.width, height: box.height))
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
