import CatalogEngine
import CatalogModel
internal import CatalogStore

/// Applications are checked the way replay will read them, before they are logged: a log only
/// ever holds what folds, so `state`, `replay` and `replay --verify` never meet an application
/// they cannot evaluate.
///
/// Every value that reaches an animation's compiled body — a `--param`, a `COMPONENT.PARAM`
/// override, a handler's parameter read from a property, a chain step's inline body — passes here
/// once it is substituted, with the components resolved as the fold resolves them (the version
/// named, its parameters applied) and each animation's end checked against
/// ``NumericLimits/maximumTime``.
///
/// ```swift
/// try catalog.checkReplayable([(object: "cell-1", payload: applyPayload)])   // throws SceneError.notReplayable
/// ```
extension Catalog {
    /// Throws ``SceneError/notReplayable(component:object:rule:)`` for the first animation of
    /// `records` (``EventOperation/apply`` payloads) that replay could not compile or that would
    /// end beyond the time limit.
    func checkReplayable(_ records: [(object: String, payload: JSONValue)], resolve: SceneSnapshot.Resolver? = nil) throws {
        let resolve = resolve ?? resolver()
        for record in records {
            // Read back as the log will be read: the same decoding the fold uses.
            let event = Event(seq: 0, sceneTime: 0, operation: .apply, objectID: record.object, payload: record.payload)
            guard case .apply(_, let application) = try event.change() else { continue }
            try Self.checkReplayable(application, on: record.object, resolve: resolve)
        }
    }

    /// ``checkReplayable(_:resolve:)`` for one decoded application (a `store import` checks an
    /// archive's with the versions the archive added).
    static func checkReplayable(_ application: EventChange.Application, on object: String, resolve: SceneSnapshot.Resolver) throws {
        let component = application.component ?? "inline"
        for animation in application.animations {
            let source: SceneSnapshot.AnimationSource
            let offset: Double
            switch animation {
            case .inline(let body, let at):
                source = .init(animation: .inline(body, offset: 0), start: 0, playsReduced: application.playsReduced)
                offset = at
            case .component(let name, let version, let parameters, let at):
                source = .init(
                    animation: .component(name: name, version: version, parameters: parameters, offset: 0),
                    start: 0, playsReduced: application.playsReduced)
                offset = at
            }
            let ends: (asWritten: Double, reduced: Double)
            do { ends = try source.endTimes(resolve: resolve) } catch let error as DefinitionError {
                // The component and object are named by the refusal: the field and its rule say the rest.
                throw SceneError.notReplayable(component: component, object: object, rule: error.path.isEmpty ? error.rule : "\(error.path): \(error.rule)")
            }
            if let problem = endProblem(ends: ends, offset: offset) {
                throw SceneError.notReplayable(component: component, object: object, rule: problem)
            }
        }
        for set in application.sets {
            if NumericLimits.problem(time: set.offset) != nil {
                throw SceneError.notReplayable(
                    component: component, object: object,
                    rule:
                        "it sets \(set.property) \(JSONValue.numberText(set.offset)) s after it starts, beyond the limit of \(JSONValue.numberText(NumericLimits.maximumTime)) s"
                )
            }
            if let problem = NumericLimits.problem(model: set.value, for: set.property) {
                throw SceneError.modelValue(object: object, key: set.property, problem: problem)
            }
        }
    }

    /// Why an animation that starts `offset` seconds after its application would end beyond the
    /// time limit — played as written or reduced — or nil. An animation that never ends
    /// (endless repeats) is fine: replay stops at the last event or the last finite end.
    static func endProblem(of running: RunningAnimation, offset: Double = 0) -> String? {
        endProblem(ends: (running.endTime(reducedMotion: false), running.endTime(reducedMotion: true)), offset: offset)
    }

    /// ``endProblem(of:offset:)`` from the end times played as written and reduced.
    static func endProblem(ends: (asWritten: Double, reduced: Double), offset: Double = 0) -> String? {
        for reduced in [false, true] {
            let end = reduced ? ends.reduced : ends.asWritten
            if end == .infinity { continue }
            let total = offset + end
            guard total.isFinite, abs(total) <= NumericLimits.maximumTime else {
                return "it would end \(JSONValue.numberText(total)) s after it starts\(reduced ? " (under reduced motion)" : ""), beyond the limit of "
                    + "\(JSONValue.numberText(NumericLimits.maximumTime)) s: shorten its duration, repeats or delays, or raise its speed"
            }
        }
        return nil
    }
}
