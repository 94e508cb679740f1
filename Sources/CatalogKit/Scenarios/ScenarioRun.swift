import CatalogEngine
import CatalogModel
internal import CatalogStore

/// What a scenario did, as `scenario run --format json` prints it (DESIGN §9): the observed
/// properties of every observed path that exists at each observed time, and the effects the
/// steps emitted.
///
/// ```swift
/// let run = try scratch.play(scenario)
/// run.samples[0].values["email/placeholderLabel"]?["opacity"]   // 1
/// ```
package struct ScenarioRun: Sendable, Hashable {
    /// The observed values at one scene time.
    package struct Sample: Sendable, Hashable {
        package var t: Double
        /// Path → property → value, as `sample --format json` writes values (`null` when unset).
        package var values: [String: [String: JSONValue]]
    }

    /// An effect a step's event emitted.
    package struct EmittedEffect: Sendable, Hashable {
        package var t: Double
        package var object: String
        package var effect: Effect
    }

    package var scenario: String
    package var samples: [Sample]
    package var effects: [EmittedEffect]

    /// `{"scenario", "samples": [{"t", "values"}], "effects": [{"t", "object", "effect", "value"}]}`.
    package var jsonValue: JSONValue {
        [
            "scenario": .string(scenario),
            "samples": .array(
                samples.map { sample in
                    ["t": .number(sample.t), "values": .object(sample.values.mapValues { .object($0) })]
                }),
            "effects": .array(
                effects.map { emitted in
                    [
                        "t": .number(emitted.t), "object": .string(emitted.object), "effect": .string(emitted.effect.effect),
                        "value": emitted.effect.value
                    ]
                })
        ]
    }

    /// A property's value where nothing set it: what a browser shows for an element no rule
    /// styles (opacity 1, no transform, visible) and `null` for anything else (a frame not set).
    static func defaultValue(of property: String) -> JSONValue {
        switch property {
        case "opacity": .number(1)
        case "transform": PropertyValue.transform(.identity).jsonValue
        case "hidden": .bool(false)
        default: .null
        }
    }
}

extension Catalog {
    /// Plays a scenario through the engine on this catalog — which should be a scratch one
    /// (``scratchCopy(of:at:)``): its objects are made at t = 0 and every step is logged — and
    /// reads the observed values from the log, folded once from start to end.
    ///
    /// Each object's properties are set together, so a decorator they attach reads all of them
    /// (keys in name order, those that attach a decorator last). Under reduced motion (the
    /// scenario's or `reducedMotion`) every animation is applied and sampled reduced.
    package func play(_ scenario: Scenario, reducedMotion: Bool = false) throws -> ScenarioRun {
        let reduced = reducedMotion || scenario.reducedMotion
        var effects: [ScenarioRun.EmittedEffect] = []
        func at<T>(_ path: String, _ body: () throws -> T) throws -> T {
            do { return try body() } catch { throw ScenarioStepFailure(path: path, underlying: error) }
        }
        try transaction { catalog in
            for (index, object) in scenario.objects.enumerated() {
                try at("objects[\(index)]") { try catalog.objects.add(id: object.id, type: object.type, at: 0) }
            }
            let attaching = Set(try catalog.currentDecorators().flatMap(\.1.attachWhenSet))
            for (index, object) in scenario.objects.enumerated() {
                let keys = object.properties.keys.sorted { (attaching.contains($0) ? 1 : 0, $0) < (attaching.contains($1) ? 1 : 0, $1) }
                for key in keys {
                    try at("objects[\(index)].properties.\(key)") {
                        try catalog.setProperty(PropertyValue(untyped: object.properties[key]!), for: key, on: object.id, at: 0)
                    }
                }
            }
        }
        for (index, step) in scenario.steps.enumerated() {
            try at("steps[\(index)]") { try perform(step, reducedMotion: reduced, effects: &effects) }
        }
        return ScenarioRun(
            scenario: scenario.name, samples: try observe(scenario.observe, reducedMotion: reduced), effects: effects)
    }

    /// One step, through the same doors as `apply`, `send` and `prop set`.
    private func perform(_ step: Scenario.Step, reducedMotion reduced: Bool, effects: inout [ScenarioRun.EmittedEffect]) throws {
        switch step.action {
        case .apply(let component, let targets, let roles, let parameters):
            try apply(component, to: targets, roles: roles, parameters: parameters, at: step.at, reducedMotion: reduced)
        case .send(let event, let target, let value):
            let outcome = try send(event, to: target, value: value.flatMap(PropertyValue.init(untyped:)), at: step.at, reducedMotion: reduced)
            effects += outcome.effects.map { ScenarioRun.EmittedEffect(t: step.at, object: target, effect: $0) }
        case .set(let object, let key, let value):
            try setProperty(PropertyValue(untyped: value), for: key, on: object, at: step.at)
        }
    }

    /// The observed values at each observed time (in increasing order, as a scenario's are),
    /// the log folded in one pass: the events at a time before the observation at that time.
    func observe(_ observation: Scenario.Observation, reducedMotion: Bool) throws -> [ScenarioRun.Sample] {
        let times = observation.times.sorted()
        var samples: [ScenarioRun.Sample] = []
        var scene = SceneSnapshot()
        let resolve = resolver()
        let tolerance = ComputedTiming.timeTolerance
        func emit(upTo limit: Double) {
            while samples.count < times.count, times[samples.count] + tolerance < limit {
                let t = times[samples.count]
                var values: [String: [String: JSONValue]] = [:]
                for path in observation.paths {
                    guard let object = scene.objects[path] else { continue }
                    let presentation = object.presentation(at: t, reducedMotion: reducedMotion)
                    values[path] = Dictionary(
                        uniqueKeysWithValues: observation.properties.map { ($0, presentation[$0]?.jsonValue ?? ScenarioRun.defaultValue(of: $0)) })
                }
                samples.append(ScenarioRun.Sample(t: t, values: values))
            }
        }
        try database.events.scan(after: 0) { event in
            emit(upTo: event.sceneTime)
            try scene.fold(event, resolve: resolve)
        }
        emit(upTo: .infinity)
        return samples
    }
}
