import CatalogModel
import Testing

/// Scenario files as DESIGN §9 writes them, and what is refused, naming the field and the rule.
struct ScenarioTests {
    /// DESIGN §9's own example, as written there.
    static let example = """
        scenario: placeholder-typing          # a name
        reducedMotion: false                  # optional: play as under prefers-reduced-motion: reduce
        components: [bouncy-placeholder]      # optional: definition files (relative to this file) or catalog names
        objects:                              # created at t = 0, in order; frames in the parent's coordinates
          - {id: email, type: textField, properties: {placeholder: Email address, abbreviatedPlaceholder: Email, alwaysBouncePlaceholder: true}}
          - {id: card, type: view, properties: {frame: [0, 0, 320, 80]}}
          - {id: badge, type: view}
          - {id: link, type: label, properties: {url: "https://swift.org"}}
        steps:                                # in time order; `at` in seconds of scene time
          - {at: 0,   apply: decorating-layout, to: card, roles: {content: email, decoration: badge}, params: {spacing: 4}}
          - {at: 0.1, send: textChanged, to: email, value: "a"}
          - {at: 0.3, set: {object: email, key: alwaysBouncePlaceholder, value: false}}
          - {at: 0.5, send: tap, to: link}
        observe:
          at: [0, 0.05, 0.1, 0.15, 0.6]       # or {from: 0, to: 1, step: 0.01}
          paths: [email, email/placeholderLabel, email/rightPlaceholderLabel, card]   # OBJECT or OBJECT/CHILD
          properties: [opacity, transform, frame, hidden]
        """

    @Test func theDesignsExampleReads() throws {
        let scenario = try Scenario(text: Self.example, file: "placeholder-typing.scenario.yaml")
        #expect(scenario.name == "placeholder-typing" && !scenario.reducedMotion && scenario.components == ["bouncy-placeholder"])
        #expect(scenario.objects.map(\.id) == ["email", "card", "badge", "link"])
        #expect(scenario.objects[1].properties == ["frame": [0, 0, 320, 80]])
        #expect(
            scenario.steps[0]
                == .init(
                    at: 0,
                    action: .apply(
                        component: "decorating-layout", to: ["card"], roles: ["content": "email", "decoration": "badge"], parameters: ["spacing": "4"])))
        #expect(scenario.steps[1] == .init(at: 0.1, action: .send(event: "textChanged", to: "email", value: "a")))
        #expect(scenario.steps[2] == .init(at: 0.3, action: .set(object: "email", key: "alwaysBouncePlaceholder", value: false)))
        #expect(scenario.steps[3] == .init(at: 0.5, action: .send(event: "tap", to: "link", value: nil)))
        #expect(scenario.observe.times == [0, 0.05, 0.1, 0.15, 0.6])
        #expect(scenario.observe.paths.count == 4 && scenario.observe.properties == ["opacity", "transform", "frame", "hidden"])
        // A span of times: each from its index, the end included.
        let span = try Scenario(
            text: "scenario: s\nobserve: {at: {from: 0, to: 1, step: 0.1}, paths: [a], properties: [opacity]}\n", file: "s.yaml")
        #expect(span.observe.times.count == 11 && span.observe.times[3] == 0.30000000000000004 && span.observe.times.last == 1)
    }

    @Test(arguments: [
        ("scenario: s\nobserve: {at: [0], paths: [a], properties: [opacity], colour: red}\n", "observe.colour", "unknown field"),
        ("scenario: s\nsteps: [{at: 0, send: tap, apply: pop, to: a}]\nobserve: {at: [0]}\n", "steps[0]", "needs one of apply, send or set"),
        ("scenario: s\nsteps: [{at: 1, send: tap, to: a}, {at: 0.5, send: tap, to: a}]\nobserve: {at: [0]}\n", "steps[1].at", "time order"),
        ("scenario: s\nsteps: [{at: -1, send: tap, to: a}]\nobserve: {at: [0]}\n", "steps[0].at", "time"),
        ("scenario: s\nobserve: {at: {from: 0, to: 1, step: 0}}\n", "observe.at.step", "above 0"),
        ("scenario: s\nobserve: {at: {from: 0, to: 1000000, step: 0.0001}}\n", "observe.at", "at most"),
        ("scenario: s\nobjects: [{id: a, type: view}, {id: a, type: label}]\nobserve: {at: [0]}\n", "objects[1].id", "unique"),
        ("scenario: s\nsteps: [{at: 0, apply: pop}]\nobserve: {at: [0]}\n", "steps[0]", "needs to or roles"),
        ("scenario: s\nsteps: [{at: 0, set: {object: a, key: k}}]\nobserve: {at: [0]}\n", "steps[0].set.value", "null removes"),
        ("objects: []\nobserve: {at: [0]}\n", "scenario", "required")
    ])
    func whatIsRefusedIsNamed(text: String, path: String, rule: String) {
        #expect {
            try Scenario(text: text, file: "bad.scenario.yaml")
        } throws: { error in
            guard let error = error as? DefinitionError else { return false }
            return error.file == "bad.scenario.yaml" && error.path == path && error.rule.contains(rule)
        }
    }
}
