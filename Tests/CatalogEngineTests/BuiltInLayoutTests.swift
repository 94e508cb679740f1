import CatalogEngine
import CatalogModel
import TestSupport
import Testing

/// The built-in layouts, through their definitions as shipped in `catalog/layouts/`.
struct BuiltInLayoutTests {
    private func definition(_ name: String) throws -> ComponentDefinition {
        try #require(try BuiltInFiles.definitions().first { $0.name == name })
    }

    @Test func decoratingLayoutDefaultsReproduceTheWWDCTest() throws {
        let layout = try LayoutDefinition(definition("decorating-layout"))
        let rect = try #require(layout.rect(containerBounds: nil))
        #expect(rect == Rect(x: 0, y: 0, width: 120, height: 40))
        let frames = LayoutSolver.frames(for: layout.root, in: rect)
        #expect(frames.map(\.slot) == ["content", "decoration"])
        #expect(frames.map(\.frame) == [Rect(x: 0, y: 5, width: 35, height: 30), Rect(x: 35, y: 5, width: 70, height: 30)])
    }

    @Test func theRectComesFromTheParameterThenTheContainerThenTheDefault() throws {
        let given = Rect(x: 0, y: 0, width: 300, height: 60), container = Rect(x: 0, y: 0, width: 200, height: 50)
        let explicit = try LayoutDefinition(definition("decorating-layout"), parameters: ["rect": .rect(given)])
        #expect(explicit.rect(containerBounds: container) == given)
        let applied = try LayoutDefinition(definition("decorating-layout"))
        #expect(applied.rect(containerBounds: container) == container)
        // A parameter changes the division: contentFraction 0.5 in the default rect gives 52.5 each.
        let half = try LayoutDefinition(definition("decorating-layout"), parameters: ["contentFraction": .number(0.5)])
        #expect(LayoutSolver.frames(for: half.root, in: half.rect(containerBounds: nil)!)[1].frame == Rect(x: 52.5, y: 5, width: 52.5, height: 30))
    }

    @Test func theComposedLayoutCascadesItsDecoration() throws {
        // decorated-cascade in (0, 0, 320, 80): insets 5/0/5/15 leave (0, 5, 305, 70); the content
        // takes a third (101.67), the decoration (101.67, 5, 203.33, 70) cascades three accessories
        // by (6, 6): each 191.33 × 58, the last at (113.67, 17).
        let layout = try LayoutDefinition(definition("decorated-cascade"))
        let frames = LayoutSolver.frames(for: layout.root, in: layout.rect(containerBounds: nil)!)
        let third = 305.0 / 3
        #expect(frames.map(\.slot) == ["content", "accessory-1", "accessory-2", "accessory-3"])
        let last = frames[3].frame
        #expect(abs(last.x - (third + 12)) < 1e-9 && last.y == 17)
        #expect(abs(last.width - (305 - third - 12)) < 1e-9 && last.height == 58)
    }
}

/// The everyday set: each starts where it says and ends in place.
struct EverydayAnimationTests {
    private let definitions = try! BuiltInFiles.definitions()

    private func sample(_ name: String, at times: [Double]) throws -> [EffectSample] {
        let effect = AnimationEffect(try AnimationDefinition(try #require(definitions.first { $0.name == name })))
        return times.map(effect.sample(at:))
    }

    private func translation(_ value: AnimatedValue) -> (Double, Double)? {
        guard case .transform(let m) = value else { return nil }
        return (m.m41, m.m42)
    }

    @Test(arguments: [("slide-in-left", -40.0, 0.0), ("slide-in-right", 40, 0), ("slide-in-top", 0, -40), ("slide-in-bottom", 0, 40)])
    func slidesComeInFromTheirEdge(name: String, dx: Double, dy: Double) throws {
        let samples = try sample(name, at: [0, 0.4, 1])
        // Properties sort as opacity, transform.
        #expect(samples[0].values[0] == .number(0))
        let start = try #require(translation(samples[0].values[1]))
        #expect(start.0 == dx && start.1 == dy)
        #expect(samples[2].values[0] == .number(1))
        let end = try #require(translation(samples[2].values[1]))
        #expect(end.0 == 0 && end.1 == 0)
    }

    @Test func popsEndAtFullSize() throws {
        for name in ["pop", "spring-pop"] {
            let effect = AnimationEffect(try AnimationDefinition(try #require(definitions.first { $0.name == name })))
            guard case .transform(let end) = effect.sample(at: effect.endTime + 1).values[0] else { Issue.record("no transform"); continue }
            #expect(abs(end.m11 - 1) < 1e-3, "\(name)")
            guard case .transform(let start) = effect.sample(at: 0).values[0] else { continue }
            #expect(start.m11 < 1, "\(name) starts small")
        }
    }

    @Test func tokenFadesUseTheirSystemsDurations() throws {
        for (name, duration) in [("m3-fade-in", 0.3), ("m3-fade-out", 0.2), ("carbon-fade-in", 0.24), ("carbon-fade-out", 0.11)] {
            let effect = AnimationEffect(try AnimationDefinition(try #require(definitions.first { $0.name == name })))
            #expect(abs(effect.endTime - duration) < 1e-12, "\(name)")
        }
    }
}
