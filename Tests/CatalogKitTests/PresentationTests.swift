import CatalogKit
import Testing

/// Presentation values of an object from its model values and running animations, with the
/// built-in animations; and type requirements.
struct PresentationTests {
    private let definitions = try! BuiltInCatalog.definitions()

    private func animation(_ name: String, _ parameters: [String: PropertyValue] = [:]) throws -> AnimationDefinition {
        try AnimationDefinition(try #require(definitions.first { $0.name == name }), parameters: parameters)
    }

    private func scale(_ values: [String: PropertyValue]) -> Double? {
        guard case .transform(let t)? = values["transform"] else { return nil }
        return t.m[0]
    }

    @Test func bounceSelectOnACell() throws {
        // Applied at 2 s: 0.8 at 2.1, 0.9 from 2.2 on (kept: fillMode forwards, not removed);
        // before it starts, the model's identity.
        let model: [String: PropertyValue] = ["transform": .transform(.identity)]
        let running = [RunningAnimation(try animation("bounce-select"), start: 2)]
        #expect(scale(Presentation.values(model: model, running: running, at: 1)) == 1)
        #expect(abs(scale(Presentation.values(model: model, running: running, at: 2.1))! - 0.8) < 1e-12)
        #expect(abs(scale(Presentation.values(model: model, running: running, at: 2.2))! - 0.9) < 1e-12)
        #expect(abs(scale(Presentation.values(model: model, running: running, at: 9))! - 0.9) < 1e-12)
        // The duration parameter stretches it: 0.3 s puts the 0.8 at 0.15 s.
        let slow = [RunningAnimation(try animation("bounce-select", ["duration": .number(0.3)]), start: 0)]
        #expect(abs(scale(Presentation.values(model: model, running: slow, at: 0.15))! - 0.8) < 1e-12)
    }

    @Test func laterAnimationsStackOnEarlierOnes() throws {
        // fade-out from 0 s (kept at 0 after 0.25 s), fade-in from 1 s: at 0.5 s opacity is 0
        // (the fade-out holds), at 1.25 s 1; the model (0.7) never shows once fade-out has run.
        let model: [String: PropertyValue] = ["opacity": .number(0.7)]
        let running = [RunningAnimation(try animation("fade-out"), start: 0), RunningAnimation(try animation("fade-in"), start: 1)]
        #expect(Presentation.values(model: model, running: running, at: 0.5)["opacity"] == .number(0))
        #expect(Presentation.values(model: model, running: running, at: 1.25)["opacity"] == .number(1))
        #expect(Presentation.values(model: model, running: [], at: 1.25)["opacity"] == .number(0.7))
    }

    @Test func requirementsAreCheckedAgainstTheType() throws {
        let bounce = try #require(definitions.first { $0.name == "bounce-select" })
        #expect(ObjectType.builtIn["cell"]!.missing(bounce.requires).isEmpty)
        #expect(ObjectType.builtIn["node"]!.missing(["transform", "cornerRadius"]) == ["cornerRadius"])
        #expect(Set(ObjectType.builtIn.keys) == ["layer", "view", "label", "textField", "cell", "node"])
    }
}
