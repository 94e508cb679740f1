import CatalogModel

extension ScenarioFile {
    /// The properties a drawing of the scene needs: where each object is and how it shows.
    static let drawnProperties = ["frame", "opacity", "transform", "hidden"]

    /// The same scenario observed as a film: at `fps` frames per second from 0 to its last
    /// observed (or step) time, every object and every observed path, with the properties its
    /// own `observe` names and those a drawing needs (frame, opacity, transform, hidden) —
    /// `scenario run --fps`, and what the gallery plays a decorator's or layout's tile from.
    ///
    /// ```swift
    /// let film = try file.observingFrames(fps: 30)
    /// film.scenario.observe.times[1]   // 1/30
    /// ```
    package func observingFrames(fps: Double) throws -> ScenarioFile {
        guard fps.isFinite, fps > 0 else { throw SampleTimes.Error(.fps, .rate) }
        var film = self
        let end = max(scenario.observe.times.max() ?? 0, scenario.steps.map(\.at).max() ?? 0)
        let count = (end * fps + 1e-9).rounded(.down) + 1
        guard count <= Double(NumericLimits.maximumFrames) else { throw SampleTimes.Error(.fps, .tooManyFrames(count)) }
        // Each time from its index: no drift from adding the step again and again.
        film.scenario.observe.times = (0..<Int(count)).map { Double($0) / fps }
        let observed = scenario.observe.paths
        film.scenario.observe.paths = observed + scenario.objects.map(\.id).filter { !observed.contains($0) }
        let properties = scenario.observe.properties
        film.scenario.observe.properties = properties + Self.drawnProperties.filter { !properties.contains($0) }
        return film
    }

    /// Each slot object with the container a layout placed it in (its frame is in that
    /// container's coordinates), by the `apply` steps of a layout with `to`.
    package func containers(in catalog: Catalog) throws -> [String: String] {
        var containers: [String: String] = [:]
        for step in scenario.steps {
            guard case .apply(let component, let to, let roles, _) = step.action, let container = to.first, to.count == 1 else { continue }
            guard try catalog.components.get(ComponentReference(component))?.kind == .layout else { continue }
            for object in roles.values { containers[object] = container }
        }
        return containers
    }
}
