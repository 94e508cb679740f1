import CatalogKit
import Foundation
import TestSupport
import Testing

/// A layout applied to a container stays applied (DESIGN §9): when the container's frame changes,
/// its slots are laid out again, as `layoutSubviews` does — nested containers too — and the log
/// records the new frames, so a replay gives the same scene.
struct LayoutStaysAppliedTests {
    let folder = TemporaryFolder()

    private func scene(_ backend: TestBackend) throws -> Catalog {
        let catalog = try backend.catalog(in: folder)
        for id in ["card", "content", "badge", "a", "b", "c"] { try catalog.objects.add(id: id, type: "view", at: 0) }
        try catalog.setProperty(.rect(Rect(x: 20, y: 40, width: 240, height: 80)), for: "frame", on: "card", at: 0)
        return catalog
    }

    @Test(arguments: TestBackend.allCases) func aNewFrameLaysTheSlotsOutAgain(backend: TestBackend) throws {
        let catalog = try scene(backend)
        try catalog.apply("decorating-layout", to: ["card"], roles: ["content": "content", "decoration": "badge"], at: 0)
        #expect(try catalog.state(of: "content").model["frame"] == .rect(Rect(x: 0, y: 5, width: 75, height: 70)))
        // Wider: (360 − 15) / 3 for the content, the rest for the decoration.
        try catalog.setProperty(.rect(Rect(x: 20, y: 40, width: 360, height: 80)), for: "frame", on: "card", at: 1)
        #expect(try catalog.state(of: "content", at: 1).model["frame"] == .rect(Rect(x: 0, y: 5, width: 115, height: 70)))
        #expect(try catalog.state(of: "badge", at: 1).model["frame"] == .rect(Rect(x: 115, y: 5, width: 230, height: 70)))
        // Before the change the scene still shows the old frames: they are events at t = 1.
        #expect(try catalog.state(of: "content", at: 0.5).model["frame"] == .rect(Rect(x: 0, y: 5, width: 75, height: 70)))
        let check = try SceneVerification.verify(catalog)
        #expect(check.matches, "\(check.firstDivergence ?? "")")
    }

    @Test(arguments: TestBackend.allCases) func aNestedContainerLaysItsOwnSlotsOutInItsNewFrame(backend: TestBackend) throws {
        let catalog = try scene(backend)
        try catalog.apply("decorating-layout", to: ["card"], roles: ["content": "content", "decoration": "badge"], at: 0)
        try catalog.apply("cascading-layout", to: ["badge"], roles: ["first": "a", "second": "b", "third": "c"], at: 0)
        try catalog.setProperty(.rect(Rect(x: 0, y: 0, width: 480, height: 200)), for: "frame", on: "card", at: 1)
        // The same as applying the cascade afresh to a badge of the new size.
        let fresh = try scene(backend)
        try fresh.setProperty(try catalog.state(of: "badge", at: 1).model["frame"], for: "frame", on: "badge", at: 0)
        try fresh.apply("cascading-layout", to: ["badge"], roles: ["first": "a", "second": "b", "third": "c"], at: 0)
        for id in ["a", "b", "c"] {
            let relaid = try catalog.state(of: id, at: 1).model["frame"]
            let afresh = try fresh.state(of: id).model["frame"]
            let badge = try catalog.state(of: "badge", at: 1).model
            #expect(relaid != nil && relaid == afresh, "\(id): \(String(describing: relaid)) vs \(String(describing: afresh)); badge \(badge)")
        }
        #expect(try SceneVerification.verify(catalog).matches)
    }

    @Test(arguments: TestBackend.allCases) func anImportedFrameLaysTheSlotsOutAgain(backend: TestBackend) throws {
        let catalog = try scene(backend)
        try catalog.apply("decorating-layout", to: ["card"], roles: ["content": "content", "decoration": "badge"], at: 0)
        try catalog.importRows(
            try BulkImport(text: #"{"object": "card", "key": "frame", "value": [0, 0, 360, 80], "type": "rect"}"#, file: "resize.jsonl"), at: 1)
        #expect(try catalog.state(of: "content", at: 1).model["frame"] == .rect(Rect(x: 0, y: 5, width: 115, height: 70)))
        #expect(try SceneVerification.verify(catalog).matches)
    }

    /// A decorator whose handler resizes its owner: the owner's layout follows.
    @Test(arguments: TestBackend.allCases) func aHandlerThatResizesTheContainerLaysItOutAgain(backend: TestBackend) throws {
        let catalog = try scene(backend)
        let grow = """
            name: grow-on-tap
            kind: decorator
            version: 1.0.0
            decorator:
              attachesTo: [view]
              attachWhenSet: [growable]
              properties:
                growable: {type: bool, default: false}
              handlers:
                tap:
                  - set: {property: frame, value: [20, 40, 360, 80]}
            """
        try catalog.components.add([try DefinitionDecoder.decode(text: grow, file: "grow-on-tap.yaml")])
        try catalog.apply("decorating-layout", to: ["card"], roles: ["content": "content", "decoration": "badge"], at: 0)
        try catalog.setProperty(.bool(true), for: "growable", on: "card", at: 0)
        let outcome = try catalog.send("tap", to: "card", at: 1)
        #expect(outcome.sets.contains { $0.object == "card" && $0.key == "frame" })
        #expect(try catalog.state(of: "content", at: 1).model["frame"] == .rect(Rect(x: 0, y: 5, width: 115, height: 70)))
        #expect(try SceneVerification.verify(catalog).matches)
    }

    @Test(arguments: TestBackend.allCases) func aLayoutGivenItsRectDoesNotFollowTheContainer(backend: TestBackend) throws {
        let catalog = try scene(backend)
        try catalog.apply(
            "decorating-layout", to: ["card"], roles: ["content": "content", "decoration": "badge"], parameters: ["rect": "0,0,120,40"], at: 0)
        try catalog.setProperty(.rect(Rect(x: 0, y: 0, width: 480, height: 200)), for: "frame", on: "card", at: 1)
        #expect(try catalog.state(of: "content", at: 1).model["frame"] == .rect(Rect(x: 0, y: 5, width: 35, height: 30)))
    }
}
