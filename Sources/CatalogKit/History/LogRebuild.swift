import CatalogModel
internal import CatalogStore

/// Carries logged changes out again on another store, in log order — what `replay --verify`
/// and `store import` both do to rebuild a store from its history.
///
/// Components added together (a batch may reference its own members) are added together
/// again: consecutive `component.add` events at one scene time are held and added as one batch
/// before the next other change. Carry events out into the store a target's
/// ``CatalogBackend/batch(_:)`` hands its body, and ``flush(into:)`` once after the last event.
///
/// ```swift
/// var rebuild = LogRebuild()
/// try fresh.database.batch { store in
///     for event in events { try rebuild.carryOut(event, try event.change(), into: store) }
///     try rebuild.flush(into: store)
/// }
/// ```
struct LogRebuild {
    /// How one change other than a component addition is carried out (tests pass a broken one).
    let replay: (Event, any CatalogBackend) throws -> Void
    private var components: [ComponentDefinition] = []
    private var componentsTime = 0.0

    init(replay: @escaping (Event, any CatalogBackend) throws -> Void = SceneVerification.replay) {
        self.replay = replay
    }

    /// Carries out `event` (whose decoded change is `change`); an event that cannot be carried
    /// out is a ``SceneVerification/ReplayFailure`` naming it. Returns the definition a
    /// component addition decoded.
    @discardableResult
    mutating func carryOut(_ event: Event, _ change: EventChange, into target: any CatalogBackend) throws -> ComponentDefinition? {
        if case .componentAdd(let name, _, let definition) = change {
            if !components.isEmpty, componentsTime != event.sceneTime { try flush(into: target) }
            let decoded: ComponentDefinition
            do {
                decoded = try DefinitionDecoder.decode(text: definition.canonicalText, file: "\(name).json", stored: true)
            } catch {
                throw SceneVerification.ReplayFailure(description: "\(SceneVerification.name(event)) does not replay: \(error)")
            }
            components.append(decoded)
            componentsTime = event.sceneTime
            return decoded
        }
        try flush(into: target)
        do { try replay(event, target) } catch let failure as SceneVerification.ReplayFailure { throw failure } catch {
            throw SceneVerification.ReplayFailure(description: "\(SceneVerification.name(event)) does not replay: \(error)")
        }
        return nil
    }

    /// Adds the components still held.
    mutating func flush(into target: any CatalogBackend) throws {
        guard !components.isEmpty else { return }
        try target.components.add(components, at: componentsTime)
        components = []
    }
}
