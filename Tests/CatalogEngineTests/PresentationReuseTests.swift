import CatalogEngine
import CatalogModel
import Testing

/// A running animation keeps the effect it built for one frame's model values; whatever the
/// order of frames, model values and reduced-motion views, it shows what a fresh one shows.
struct PresentationReuseTests {
    @Test func reusedEffectsShowWhatFreshOnesShow() throws {
        let definition = try DefinitionDecoder.decode(
            text: """
                name: grow
                kind: animation
                version: 1.0.0
                reducedMotion: fade
                animation: {type: basic, keyPath: transform.scale, byValue: 0.5, additive: true, duration: 1}
                """, file: "grow.yaml")
        let kept = RunningAnimation(try AnimationDefinition(definition), start: 0, reducedMotion: definition.reducedMotion)
        let models: [[String: PropertyValue]] = [
            ["transform": .transform(.identity), "opacity": .number(1)],
            ["transform": .transform(.scale(2)), "opacity": .number(0.5)]
        ]
        // Frames alternate model values and views, so a stale effect would show.
        for (step, time) in [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8].enumerated() {
            let model = models[step % 2], reduced = step % 3 == 0
            let fresh = RunningAnimation(try AnimationDefinition(definition), start: 0, reducedMotion: definition.reducedMotion)
            #expect(
                Presentation.values(model: model, running: [kept], at: time, reducedMotion: reduced)
                    == Presentation.values(model: model, running: [fresh], at: time, reducedMotion: reduced), "frame \(step)")
        }
    }
}
