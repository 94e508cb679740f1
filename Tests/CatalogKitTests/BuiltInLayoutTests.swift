import CatalogKit
import Testing

/// The built-in layouts, through their definitions as shipped in `catalog/layouts/`.
struct BuiltInLayoutTests {
    private func definition(_ name: String) throws -> ComponentDefinition {
        try #require(try BuiltInCatalog.definitions().first { $0.name == name })
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
