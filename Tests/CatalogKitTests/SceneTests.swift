import CatalogKit
import Foundation
import Testing

/// apply and state through the library: the acceptance cases of issue 4 that need no events yet.
struct SceneTests {
    let folder = NSTemporaryDirectory() + "scene-tests-" + UUID().uuidString

    private func catalog(_ backend: TestBackend) throws -> Catalog {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try backend.catalog(path: folder + "/c.sqlite")
    }

    private func scale(_ state: ObjectState) -> Double? {
        guard case .transform(let t)? = state.presentation["transform"] else { return nil }
        return t.m[0]
    }

    private func opacity(_ state: ObjectState) -> Double? {
        guard case .number(let n)? = state.presentation["opacity"] else { return nil }
        return n
    }

    @Test(arguments: TestBackend.allCases) func bounceSelectOnCellsWithAPerObjectDuration(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        try catalog.database.objects.add(id: "cell-1", type: "cell")
        try catalog.database.objects.add(id: "cell-2", type: "cell")
        // The XYZLayer idea: this cell's bounce takes 0.3 s.
        try catalog.database.properties.set(.number(0.3), for: "bounce-select.duration", on: "cell-2")
        // Applying adopts the behaviour: nothing moves until an event.
        try catalog.apply("bounce-select", to: ["cell-1", "cell-2"], at: 0)
        #expect(scale(try catalog.state(of: "cell-1", at: 0)) == nil)
        _ = try catalog.send("select", to: "cell-1", at: 0)
        _ = try catalog.send("select", to: "cell-2", at: 0)
        // Select: 1 → 0.8 → 0.9 over 0.2 s: 0.8 at 0.1 s, 0.9 from 0.2 s on; the model is 0.9.
        #expect(abs(scale(try catalog.state(of: "cell-1", at: 0.1))! - 0.8) < 1e-12)
        #expect(abs(scale(try catalog.state(of: "cell-1", at: 0.2))! - 0.9) < 1e-12)
        #expect(abs(scale(try catalog.state(of: "cell-1", at: 0.9))! - 0.9) < 1e-12)
        guard case .transform(let model)? = try catalog.state(of: "cell-1", at: 0.9).model["transform"] else { Issue.record("no model transform"); return }
        #expect(model.m[0] == 0.9)
        // cell-2's keyframe times stretch to 0.3 s: 0.8 at 0.15 s; at 0.2 s, progress 2/3 is a
        // third into the second half: 0.8 + 0.1/3; 0.9 from 0.3 s on.
        #expect(abs(scale(try catalog.state(of: "cell-2", at: 0.15))! - 0.8) < 1e-12)
        #expect(abs(scale(try catalog.state(of: "cell-2", at: 0.2))! - (0.8 + 0.1 / 3)) < 1e-12)
        #expect(abs(scale(try catalog.state(of: "cell-2", at: 0.3))! - 0.9) < 1e-12)
        // Deselect at 1 s: 0.8 → 1 over 0.2 s: 0.9 at 1.1 s, 1 from 1.2 s on; the model is 1.
        _ = try catalog.send("deselect", to: "cell-1", at: 1)
        #expect(abs(scale(try catalog.state(of: "cell-1", at: 1.1))! - 0.9) < 1e-12)
        #expect(abs(scale(try catalog.state(of: "cell-1", at: 1.2))! - 1) < 1e-12)
        #expect(abs(scale(try catalog.state(of: "cell-1", at: 3))! - 1) < 1e-12)
        guard case .transform(let back)? = try catalog.state(of: "cell-1", at: 3).model["transform"] else { Issue.record("no model transform"); return }
        #expect(back.m[0] == 1)
        // cell-2 deselects with its own duration too: 0.9 half-way, at 1.15 s.
        _ = try catalog.send("deselect", to: "cell-2", at: 1)
        #expect(abs(scale(try catalog.state(of: "cell-2", at: 1.15))! - 0.9) < 1e-12)
    }

    @Test(arguments: TestBackend.allCases) func applyNamesTheMissingProperty(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        try catalog.database.objects.add(id: "gauge", type: "gauge")  // a custom type without a transform
        let before = try catalog.database.events.list().count
        #expect {
            try catalog.apply("bounce-select", to: ["gauge"], at: 0)
        } throws: { error in
            "\(error)".contains("requires transform") && "\(error)".contains("gauge")
        }
        #expect(try catalog.database.events.list().count == before)
    }

    @Test(arguments: TestBackend.allCases) func decoratingLayoutSetsTheSessionsFrames(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        try catalog.database.objects.add(id: "a", type: "view")
        try catalog.database.objects.add(id: "b", type: "view")
        let result = try catalog.apply("decorating-layout", roles: ["content": "a", "decoration": "b"], parameters: ["rect": "0,0,120,40"])
        #expect(result.frames == ["a": Rect(x: 0, y: 5, width: 35, height: 30), "b": Rect(x: 35, y: 5, width: 70, height: 30)])
        #expect(try catalog.database.properties.value(for: "frame", on: "b") == .rect(Rect(x: 35, y: 5, width: 70, height: 30)))
        // Applied to a container, the container's bounds are the rect.
        try catalog.database.objects.add(id: "box", type: "view")
        try catalog.database.properties.set(.rect(Rect(x: 0, y: 0, width: 240, height: 80)), for: "bounds", on: "box")
        let inBox = try catalog.apply("decorating-layout", to: ["box"], roles: ["content": "a", "decoration": "b"])
        #expect(inBox.frames["a"] == Rect(x: 0, y: 5, width: 75, height: 70))
        // A container with only a frame lays out in (0, 0, width, height), wherever it stands
        // (DESIGN §9): not the layout's default rect.
        try catalog.database.objects.add(id: "card", type: "view")
        try catalog.database.properties.set(.rect(Rect(x: 40, y: 300, width: 240, height: 80)), for: "frame", on: "card")
        let inCard = try catalog.apply("decorating-layout", to: ["card"], roles: ["content": "a", "decoration": "b"])
        #expect(inCard.frames["a"] == Rect(x: 0, y: 5, width: 75, height: 70))
        #expect(inCard.frames["b"] == Rect(x: 75, y: 5, width: 150, height: 70))
    }

    @Test(arguments: TestBackend.allCases) func layoutsOverNodesAndComposedLayoutsShowInState(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        // The same layout over SpriteKit-style nodes: anything with a frame.
        try catalog.database.objects.add(id: "a", type: "node")
        try catalog.database.objects.add(id: "b", type: "node")
        try catalog.apply("decorating-layout", roles: ["content": "a", "decoration": "b"], parameters: ["rect": "0,0,120,40"], at: 0)
        #expect(try catalog.state(of: "a").model["frame"] == .rect(Rect(x: 0, y: 5, width: 35, height: 30)))
        #expect(try catalog.state(of: "b").presentation["frame"] == .rect(Rect(x: 35, y: 5, width: 70, height: 30)))
        // The composed layout (decorating with a cascade as decoration) in its default rect
        // (0, 0, 320, 80): the last accessory at (305/3 + 12, 17), 305 − 305/3 − 12 wide, 58 high.
        for id in ["c", "x1", "x2", "x3"] { try catalog.database.objects.add(id: id, type: "view") }
        let composed = try catalog.apply("decorated-cascade", roles: ["content": "c", "accessory-1": "x1", "accessory-2": "x2", "accessory-3": "x3"])
        let third = 305.0 / 3
        guard case .rect(let last)? = try catalog.state(of: "x3").model["frame"] else { Issue.record("no frame"); return }
        #expect(abs(last.x - (third + 12)) < 1e-9 && last.y == 17 && abs(last.width - (305 - third - 12)) < 1e-9 && last.height == 58)
        let content = try #require(composed.frames["c"])
        #expect(content.x == 0 && content.y == 5 && abs(content.width - third) < 1e-12 && content.height == 70)
    }

    @Test(arguments: TestBackend.allCases) func replayFramesReproduceStateAtTheirTimes(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        for (id, type) in [("img", "view"), ("head", "label"), ("body", "label"), ("cell", "cell")] { try catalog.database.objects.add(id: id, type: type) }
        try catalog.apply("bounce-select", to: ["cell"], at: 0)
        _ = try catalog.send("select", to: "cell", at: 0)
        try catalog.apply("fade-sequence", roles: ["image": "img", "headline": "head", "content": "body"], at: 0.3)
        _ = try catalog.send("deselect", to: "cell", at: 1)
        let frames = try SceneReplay(catalog: catalog).frames(fps: 20, until: 2)
        for frame in frames {
            for (id, values) in frame.objects {
                let state = try catalog.state(of: id, at: frame.time)
                for (property, value) in values { #expect(state.presentation[property] == value, "\(id).\(property) at \(frame.time)") }
            }
        }
        #expect(frames.count == 41)
    }

    @Test(arguments: TestBackend.allCases) func theFadeChainDrivesThreeObjectsAndIsDoneOnce(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        for (id, type) in [("img", "view"), ("head", "label"), ("body", "label")] { try catalog.database.objects.add(id: id, type: type) }
        let result = try catalog.apply("fade-sequence", roles: ["image": "img", "headline": "head", "content": "body"], at: 0)
        #expect(result.doneTime == 1.25)
        // Steps of 0.25 s: image out 0–0.25, headline out 0.25–0.5, content out 0.5–0.75,
        // headline in 0.75–1.0, content in 1.0–1.25 (fade-out eases in, fade-in eases out).
        #expect(opacity(try catalog.state(of: "img", at: 0.25)) == 0)
        #expect(opacity(try catalog.state(of: "head", at: 0.25)) == 1)
        #expect(opacity(try catalog.state(of: "head", at: 0.5)) == 0)
        #expect(opacity(try catalog.state(of: "body", at: 0.9)) == 0)
        #expect(opacity(try catalog.state(of: "head", at: 1.0)) == 1)
        #expect(opacity(try catalog.state(of: "body", at: 1.25)) == 1)
        #expect(opacity(try catalog.state(of: "img", at: 2)) == 0)  // the image stays out
        // Halfway through the headline's fade-in: easeOut(0.5) of Core Animation's curve.
        let half = opacity(try catalog.state(of: "head", at: 0.875))!
        #expect(half > 0.5 && half < 1)
        #expect(throws: (any Error).self) { try catalog.apply("fade-sequence", roles: ["image": "img"], at: 2) }
    }

    @Test(arguments: TestBackend.allCases) func chainStepsWithInlineAnimationsRun(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        try catalog.database.objects.add(id: "box", type: "view")
        let chain = try DefinitionDecoder.decode(
            text: """
                name: blink-then-move
                kind: chain
                version: 1.0.0
                chain:
                  roles: [target]
                  sequence:
                    - {animate: target, animation: {type: basic, keyPath: opacity, fromValue: 1, toValue: 0, duration: 0.5}}
                    - {animate: target, keyframes: [{transform: "translateX(0px)"}, {transform: "translateX(100px)"}], options: {duration: 1000, fill: forwards}}
                """, file: "blink-then-move.yaml")
        try catalog.database.components.add([chain])
        let result = try catalog.apply("blink-then-move", roles: ["target": "box"], at: 0)
        // 0.5 s of fading, then 1 s of moving: done at 1.5 s.
        #expect(result.doneTime == 1.5)
        #expect(try catalog.state(of: "box", at: 0.25).presentation["opacity"] == .number(0.5))
        guard case .transform(let moving)? = try catalog.state(of: "box", at: 1).presentation["transform"] else { Issue.record("no transform"); return }
        #expect(abs(moving.m[12] - 50) < 1e-9)
        #expect(try SceneVerification.verify(catalog, scratch: folder + "/inline.sqlite").matches)
    }
}
