@testable import CatalogKit
import CatalogModel
import Foundation
import TestSupport
import Testing

/// `scenario run`'s engine side (DESIGN §9): a scenario plays on a scratch copy of the catalog
/// and reports what is observed, by rules the browser judge follows too.
struct ScenarioRunTests {
    let folder = TemporaryFolder()

    private func run(_ text: String, on source: Catalog, reducedMotion: Bool = false) throws -> ScenarioRun {
        let path = folder.file("s-\(UUID().uuidString).scenario.yaml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try ScenarioFile(path: path).run(components: source, reducedMotion: reducedMotion)
    }

    private func value(_ run: ScenarioRun, _ t: Double, _ path: String, _ property: String) -> JSONValue? {
        run.samples.first { abs($0.t - t) < 1e-9 }?.values[path]?[property]
    }

    private func number(_ run: ScenarioRun, _ t: Double, _ path: String, _ property: String) -> Double? {
        value(run, t, path, property)?.numberValue
    }

    /// The x translation of a transform written as 16 numbers (m41).
    private func translationX(_ run: ScenarioRun, _ t: Double, _ path: String) -> Double? {
        guard case .array(let m)? = value(run, t, path, "transform"), m.count == 16 else { return nil }
        return m[12].numberValue
    }

    static let designExample = """
        scenario: placeholder-typing
        objects:
          - {id: email, type: textField, properties: {placeholder: Email address, abbreviatedPlaceholder: Email, alwaysBouncePlaceholder: true}}
          - {id: card, type: view, properties: {frame: [0, 0, 320, 80]}}
          - {id: badge, type: view}
          - {id: link, type: label, properties: {url: "https://swift.org"}}
        steps:
          - {at: 0,   apply: decorating-layout, to: card, roles: {content: email, decoration: badge}, params: {spacing: 4}}
          - {at: 0.1, send: textChanged, to: email, value: "a"}
          - {at: 0.3, set: {object: email, key: alwaysBouncePlaceholder, value: false}}
          - {at: 0.5, send: tap, to: link}
        observe:
          at: [0, 0.25, 0.6]
          paths: [email, email/placeholderLabel, email/rightPlaceholderLabel, card, badge]
          properties: [opacity, transform, frame, hidden]
        """

    @Test(arguments: TestBackend.allCases) func designsExamplePlaysAsTheRulesSay(backend: TestBackend) throws {
        let source = try backend.catalog(in: folder)
        let before = try source.events.lastSeq()
        let run = try run(Self.designExample, on: source)
        // Nothing is written to the catalog the components came from.
        #expect(try source.events.lastSeq() == before)
        #expect(run.samples.map(\.t) == [0, 0.25, 0.6])
        // The card's bounds are its frame's size; insets 5 above and below, 15 on the right,
        // spacing 4, the content a third of what is left.
        let content = (320 - 15 - 4) / 3.0
        #expect(value(run, 0, "card", "frame") == .array([0, 0, 320, 80].map(JSONValue.number)))
        #expect(value(run, 0, "email", "frame") == .array([0, 5, content, 70].map(JSONValue.number)))
        #expect(value(run, 0, "badge", "frame") == .array([content + 4, 5, 301 - content, 70].map(JSONValue.number)))
        // The decorator's children exist from t = 0 with their defaults; the right label starts hidden by opacity.
        #expect(number(run, 0, "email/placeholderLabel", "opacity") == 1)
        #expect(number(run, 0, "email/rightPlaceholderLabel", "opacity") == 0)
        #expect(value(run, 0, "email/placeholderLabel", "hidden") == .bool(false))
        #expect(value(run, 0, "email/placeholderLabel", "frame") == .null)
        // Typed at 0.1: slide-aside runs 0.3 s, its opacity linear, so half way at 0.25.
        #expect(abs(number(run, 0.25, "email/placeholderLabel", "opacity")! - 0.5) < 1e-9)
        #expect(number(run, 0.6, "email/placeholderLabel", "opacity") == 0)
        #expect(translationX(run, 0.6, "email/placeholderLabel") == 100)
        #expect(number(run, 0.6, "email/rightPlaceholderLabel", "opacity") == 1)
        #expect(run.effects.map(\.t) == [0.5])
        #expect(run.effects.first?.object == "link")
        #expect(run.effects.first?.effect == Effect(effect: "openURL", value: "https://swift.org"))
        let json = run.jsonValue
        #expect(json["scenario"] == "placeholder-typing")
        #expect(json["effects"]?.arrayValue?.first?["effect"] == "openURL")
    }

    /// A path appears when its object is made (a step at a time runs before the observation at
    /// that time), and a child's property bound to the owner's follows the owner's later sets.
    @Test func pathsAppearWhenMadeAndBoundChildrenFollow() throws {
        let source = try TestBackend.sqlite.catalog(in: folder)
        let run = try run(
            """
            scenario: late
            objects: [{id: email, type: textField, properties: {placeholder: Email address}}]
            steps:
              - {at: 0.3, set: {object: email, key: alwaysBouncePlaceholder, value: true}}
              - {at: 0.4, set: {object: email, key: placeholder, value: Work email}}
            observe: {at: {from: 0.2, to: 0.5, step: 0.1}, paths: [email, email/placeholderLabel], properties: [text, opacity]}
            """, on: source)
        #expect(run.samples.map(\.t).count == 4)
        #expect(run.samples[0].values.keys.sorted() == ["email"])
        #expect(run.samples[1].values.keys.sorted() == ["email", "email/placeholderLabel"])
        #expect(value(run, 0.3, "email/placeholderLabel", "text") == "Email address")
        #expect(value(run, 0.5, "email/placeholderLabel", "text") == "Work email")
        #expect(value(run, 0.2, "email", "text") == .null)
    }

    /// A layout's string parameters choose its axis and side; a new apply replaces every
    /// choice, so what it does not give returns to the default. Frames worked out by hand:
    /// a vertical stack of 300 × 120 with gap 10 gives rows of (120 − 10) / 2 = 55.
    @Test func aLayoutsChoicesAreReplacedByTheNextApply() throws {
        let source = try TestBackend.sqlite.catalog(in: folder)
        let fixture = ScenarioJudge.fixtures.first { $0.hasSuffix("/layout-choices.scenario.yaml") }!
        let run = try ScenarioFile(path: fixture).run(components: source, reducedMotion: false)
        func frame(_ t: Double, _ path: String) -> [Double]? { value(run, t, path, "frame")?.arrayValue?.compactMap(\.numberValue) }
        // direction: vertical — the buttons one over the other in the second row (0, 65, 300, 55).
        #expect(frame(0, "ok") == [0, 65, 300, 22.5] && frame(0, "cancel") == [0, 97.5, 300, 22.5])
        #expect(frame(0, "title") == [0, 0, 210, 55] && frame(0, "badge") == [210, 0, 90, 55])
        // badgeSide: leading, gap back to 6: rows of 57, the badge first; the buttons side by side, (300 − 6) / 2 = 147.
        #expect(frame(0.5, "badge") == [0, 0, 90, 57] && frame(0.5, "title") == [90, 0, 210, 57])
        #expect(frame(0.5, "ok") == [0, 63, 147, 57] && frame(0.5, "cancel") == [153, 63, 147, 57])
        // Resized to 200 × 90 and applied with nothing given: all defaults, the badge trailing again.
        #expect(frame(1, "title") == [0, 0, 140, 42] && frame(1, "badge") == [140, 0, 60, 42])
    }

    /// Under reduced motion slide-aside is a fade: its end state from the start, only opacity
    /// changing over time.
    @Test func reducedMotionPlaysTheReducedForms() throws {
        let source = try TestBackend.sqlite.catalog(in: folder)
        let text = """
            scenario: reduced
            objects: [{id: email, type: textField, properties: {placeholder: Email, alwaysBouncePlaceholder: true}}]
            steps: [{at: 0, send: textChanged, to: email, value: a}]
            observe: {at: [0.15, 1], paths: [email/placeholderLabel], properties: [opacity, transform]}
            """
        let full = try run(text, on: source)
        #expect(translationX(full, 0.15, "email/placeholderLabel")! < 100)
        #expect(translationX(full, 1, "email/placeholderLabel") == 100)
        for reduced in [try run(text, on: source, reducedMotion: true), try run("reducedMotion: true\n" + text, on: source)] {
            #expect(translationX(reduced, 0.15, "email/placeholderLabel") == 100)
            #expect(translationX(reduced, 1, "email/placeholderLabel") == 100)
            #expect(number(reduced, 1, "email/placeholderLabel", "opacity") == 0)
        }
    }

    /// A scenario's own definition files join the scratch copy; a name that is neither is refused.
    @Test func componentsAreFilesBesideItOrCatalogNames() throws {
        let source = try TestBackend.sqlite.catalog(in: folder)
        try """
        name: nudge
        kind: animation
        version: 1.0.0
        summary: Move right
        requires: [transform]
        animation: {type: basic, keyPath: transform.translation.x, fromValue: 0, toValue: 10, duration: 1, fillMode: forwards, removedOnCompletion: false}
        """.write(toFile: folder.file("nudge.yaml"), atomically: true, encoding: .utf8)
        let scenario = """
            scenario: own
            components: [nudge.yaml, fade-in]
            objects: [{id: box, type: view}]
            steps: [{at: 0, apply: nudge, to: box}]
            observe: {at: [0.5], paths: [box], properties: [transform]}
            """
        #expect(translationX(try run(scenario, on: source), 0.5, "box") == 5)
        #expect(try source.components.get("nudge") == nil)
        #expect(throws: DefinitionError.self) { try run(scenario.replacingOccurrences(of: "fade-in", with: "no-such-thing"), on: source) }
        do {
            _ = try run(scenario.replacingOccurrences(of: "fade-in", with: "no-such-thing"), on: source)
        } catch let error as DefinitionError {
            #expect(error.path == "components[1]")
            #expect(error.file.hasSuffix(".scenario.yaml"))
        }
    }

    /// A step the engine refuses is named by its field path, with the engine's reason.
    @Test func aRefusedStepIsNamedByItsPath() throws {
        let source = try TestBackend.sqlite.catalog(in: folder)
        do {
            _ = try run(
                """
                scenario: wrong
                objects: [{id: box, type: view}]
                steps: [{at: 0, apply: fade-in, to: box}, {at: 0.1, send: tap, to: nobody}]
                observe: {at: [0], paths: [box], properties: [opacity]}
                """, on: source)
            Issue.record("an event to an unknown object was accepted")
        } catch let error as DefinitionError {
            #expect(error.path == "steps[1]")
            #expect(error.rule.contains("nobody"))
        }
    }
}

/// Rules the generated judge found the engine breaking, each now held.
struct ScenarioRuleTests {
    let folder = TemporaryFolder()

    /// A handler that removes a property and then tests it reads the default, not the value
    /// stored before the event (the web module does so; the engine read the stale value).
    @Test(arguments: TestBackend.allCases) func aPropertyRemovedByAHandlerReadsAsItsDefaultLaterInTheRun(backend: TestBackend) throws {
        let catalog = try backend.catalog(in: folder)
        let definition = try DefinitionDecoder.decode(
            text: """
                name: forgetful
                kind: decorator
                version: 1.0.0
                summary: Forgets its caption on tap
                decorator:
                  attachesTo: [view]
                  attachWhenSet: [caption]
                  properties: {caption: {type: string, default: ""}}
                  handlers:
                    tap:
                      - {set: {property: caption, value: {event: value}}}
                      - {if: {empty: {property: caption}}, then: [{emit: {effect: forgot, value: 1}}], else: [{emit: {effect: remembers, value: 1}}]}
                """, file: "forgetful.yaml")
        try catalog.components.add([definition])
        try catalog.objects.add(id: "v", type: "view", at: 0)
        try catalog.setProperty(.string("Hello"), for: "caption", on: "v", at: 0)
        #expect(try catalog.send("tap", to: "v", at: 0.1).effects.map(\.effect) == ["forgot"])
    }

    /// Under reduced motion a fade the animation does not have (pop scales) ends at the
    /// element's own opacity — half for a half-transparent element — not at 1.
    @Test(arguments: TestBackend.allCases) func aReducedFadeEndsAtTheElementsOwnOpacity(backend: TestBackend) throws {
        let catalog = try backend.catalog(in: folder)
        try catalog.objects.add(id: "badge", type: "view", at: 0)
        try catalog.setProperty(.number(0.5), for: "opacity", on: "badge", at: 0)
        try catalog.apply("pop", to: ["badge"], at: 0, reducedMotion: true)
        let start = try catalog.state(of: "badge", at: 0).presentation["opacity"]
        let middle = try catalog.state(of: "badge", at: 0.1).presentation["opacity"]
        let after = try catalog.state(of: "badge", at: 1).presentation["opacity"]
        #expect(start == .number(0))
        if case .number(let value)? = middle { #expect(value > 0 && value < 0.5) } else { Issue.record("no opacity mid-fade") }
        #expect(after == .number(0.5))
    }
}
