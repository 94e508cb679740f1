import CatalogKit
import Foundation
import Testing

/// The hyperlink and bouncy-placeholder decorators in the scene (issue 4's acceptance cases).
struct DecoratorSceneTests {
    let folder = NSTemporaryDirectory() + "decorator-tests-" + UUID().uuidString

    private func catalog(_ backend: TestBackend) throws -> Catalog {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try backend.catalog(path: folder + "/c.sqlite")
    }

    @Test(arguments: TestBackend.allCases) func hyperlinkAttachesOnceAndOpensOnlyOpenableURLs(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        try catalog.database.objects.add(id: "label-1", type: "label")
        try catalog.database.objects.add(id: "bystander", type: "label")
        let first = try catalog.setDecoratedProperty(.string("https://swift.org"), for: "url", on: "label-1")
        #expect(first?.attached == "hyperlink" && first?.value == .url("https://swift.org"))
        let second = try catalog.setDecoratedProperty(.string("mailto:team@example.com"), for: "url", on: "label-1")
        #expect(second?.attached == nil)
        #expect(try catalog.decorators(of: "label-1") == ["hyperlink"])
        #expect(try catalog.send("tap", to: "label-1").effects == [Effect(effect: "openURL", value: "mailto:team@example.com")])
        // javascript: is a URL but cannot be opened; text that is no URL is refused outright.
        _ = try catalog.setDecoratedProperty(.string("javascript:alert(1)"), for: "url", on: "label-1")
        #expect(try catalog.send("tap", to: "label-1").effects.isEmpty)
        #expect(throws: (any Error).self) { try catalog.setDecoratedProperty(.string("not a url"), for: "url", on: "label-1") }
        // Deleting the label removes the decorator and its properties, and nothing else.
        let removed = try catalog.database.objects.remove("label-1")
        #expect(removed == ["label-1", Catalog.decoratorID("hyperlink", on: "label-1")])
        #expect(try catalog.database.objects.get("bystander") != nil)
        #expect(try catalog.database.objects.get("label-1") == nil)
        #expect(try catalog.database.properties.list(on: "bystander").isEmpty)
    }

    /// A decorator attached by setting one of its keys makes its children with the values being
    /// set: the right-hand label holds the abbreviated placeholder that attached it.
    @Test(arguments: TestBackend.allCases) func childrenAreMadeWithTheValuesThatAttach(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        try catalog.database.objects.add(id: "email", type: "textField", at: 0)
        try catalog.setProperty(.string("Email address"), for: "placeholder", on: "email", at: 0)
        try catalog.setProperty(.string("Email"), for: "abbreviatedPlaceholder", on: "email", at: 0)
        #expect(try catalog.decorators(of: "email") == ["bouncy-placeholder"])
        #expect(try catalog.database.properties.value(for: "text", on: "email/placeholderLabel") == .string("Email address"))
        #expect(try catalog.database.properties.value(for: "text", on: "email/rightPlaceholderLabel") == .string("Email"))
        // Attached once: setting another of its keys makes no second pair.
        let objects = try catalog.database.objects.ids()
        try catalog.setProperty(.bool(true), for: "alwaysBouncePlaceholder", on: "email", at: 0)
        #expect(try catalog.database.objects.ids() == objects)
    }

    @Test(arguments: TestBackend.allCases) func bouncyPlaceholderBouncesOrHidesAndItsLabelsLiveWithTheField(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        for id in ["bouncy", "plain"] {
            try catalog.database.objects.add(id: id, type: "textField", at: 0)
            _ = try catalog.database.properties.set(.string("Email"), for: "placeholder", on: id, at: 0)
            try catalog.apply("bouncy-placeholder", to: [id], at: 0)
        }
        _ = try catalog.setDecoratedProperty(.bool(true), for: "alwaysBouncePlaceholder", on: "bouncy", at: 0)
        // The child labels exist from the moment the decorator attaches (DESIGN §9): the
        // placeholder label shows the placeholder before anything is typed.
        #expect(
            try catalog.state(of: "bouncy", at: 0).children == [
                "placeholderLabel": "bouncy/placeholderLabel",
                "rightPlaceholderLabel": "bouncy/rightPlaceholderLabel"
            ])
        #expect(try catalog.database.properties.value(for: "text", on: "bouncy/placeholderLabel") == .string("Email"))
        #expect(try catalog.database.properties.value(for: "opacity", on: "bouncy/rightPlaceholderLabel") == .number(0))
        _ = try catalog.send("textChanged", to: "bouncy", value: .string("a"), at: 1)
        _ = try catalog.send("textChanged", to: "plain", value: .string("a"), at: 1)
        #expect(
            try catalog.state(of: "bouncy", at: 1).children == [
                "placeholderLabel": "bouncy/placeholderLabel",
                "rightPlaceholderLabel": "bouncy/rightPlaceholderLabel"
            ])
        // Bouncing: the placeholder slides right (100 points over 0.3 s, easeOut) and fades out
        // (linearly) while the right label fades in (fade-in: 0.25 s, easeOut). Half-way through
        // the slide, at 1.15 s: opacity 1 − 0.5 = 0.5, x beyond 50 (easeOut runs ahead), and the
        // right label's opacity is easeOut(0.6) — between 0.6 and 1.
        let midway = try catalog.state(of: "bouncy/placeholderLabel", at: 1.15)
        guard case .number(let fade)? = midway.presentation["opacity"] else { Issue.record("no opacity"); return }
        #expect(abs(fade - 0.5) < 1e-12)
        if case .transform(let t)? = midway.presentation["transform"] { #expect(t.m[12] > 50 && t.m[12] < 100) } else { Issue.record("no transform") }
        guard case .number(let rightMid)? = try catalog.state(of: "bouncy/rightPlaceholderLabel", at: 1.15).presentation["opacity"] else {
            Issue.record("no opacity"); return
        }
        #expect(rightMid > 0.6 && rightMid < 1)
        // At the end it is 100 to the right and transparent, the other opaque.
        let moved = try catalog.state(of: "bouncy/placeholderLabel", at: 1.3)
        #expect(moved.presentation["opacity"] == .number(0))
        if case .transform(let t)? = moved.presentation["transform"] { #expect(abs(t.m[12] - 100) < 1e-9) } else { Issue.record("no transform") }
        #expect(try catalog.state(of: "bouncy/rightPlaceholderLabel", at: 1.3).presentation["opacity"] == .number(1))
        // Without bouncing the placeholder label hides.
        #expect(try catalog.state(of: "plain/placeholderLabel", at: 1).model["hidden"] == .bool(true))
        // Empty text: the reverse.
        _ = try catalog.send("textChanged", to: "bouncy", value: .string(""), at: 2)
        _ = try catalog.send("textChanged", to: "plain", value: .string(""), at: 2)
        #expect(try catalog.state(of: "bouncy/placeholderLabel", at: 2.3).presentation["opacity"] == .number(1))
        #expect(try catalog.state(of: "bouncy/rightPlaceholderLabel", at: 2.3).presentation["opacity"] == .number(0))
        #expect(try catalog.state(of: "plain/placeholderLabel", at: 2).model["hidden"] == .bool(false))
        // The log rebuilds all of it, and the labels vanish with their field.
        #expect(try SceneVerification.verify(catalog, scratch: folder + "/rebuilt.sqlite").matches)
        let removed = try catalog.database.objects.remove("bouncy", at: 3)
        #expect(Set(removed) == ["bouncy", "bouncy/decorator:bouncy-placeholder", "bouncy/placeholderLabel", "bouncy/rightPlaceholderLabel"])
    }

    @Test(arguments: TestBackend.allCases) func aHandlerCanRunAChainOnItsOwner(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        let blinker = try DefinitionDecoder.decode(
            text: """
                name: blinker
                kind: decorator
                version: 1.0.0
                decorator:
                  handlers:
                    tap: [{run: {component: fade-sequence}}]
                """, file: "blinker.yaml")
        try catalog.database.components.add([blinker])
        try catalog.database.objects.add(id: "lamp", type: "view")
        try catalog.apply("blinker", to: ["lamp"], at: 0)
        _ = try catalog.send("tap", to: "lamp", at: 1)
        // Every role is the lamp: out 1–1.75 (three fade-outs), in 1.75–2.25: 0 at 1.75, 1 at 2.25.
        #expect(try catalog.state(of: "lamp", at: 1.75).presentation["opacity"] == .number(0))
        #expect(try catalog.state(of: "lamp", at: 2.25).presentation["opacity"] == .number(1))
        #expect(try SceneVerification.verify(catalog, scratch: folder + "/blinker.sqlite").matches)
    }

    /// A literal a handler sets takes the type its property is declared with: the decorator's
    /// declaration for its own properties, the object type's for a child's. One of another type
    /// is refused when the definition is added, but a version stored before that rule still
    /// reads and sets its literal as written.
    @Test(arguments: TestBackend.allCases) func aHandlersLiteralTakesItsPropertysType(backend: TestBackend) throws {
        let catalog = try catalog(backend)
        let text = """
            name: tinted
            kind: decorator
            version: 1.0.0
            decorator:
              attachesTo: [view]
              properties: {tint: {type: color}, caption: {type: string}}
              children: {badge: {type: label}}
              handlers:
                tap: [{set: {property: tint, value: red}}, {set: {property: opacity, on: badge, value: 0.5}}]
                poke: [{set: {property: caption, value: true}}]
            """
        #expect(throws: DefinitionError.self) { try DefinitionDecoder.decode(text: text, file: "tinted.yaml") }
        do {
            _ = try DefinitionDecoder.decode(text: text, file: "tinted.yaml")
        } catch {
            #expect(error.path == "decorator.handlers.poke[0].set.value" && error.rule == "must be a string, the type of caption")
        }
        // As a version stored before the rule, it reads.
        let stored = try DefinitionDecoder.decode(text: text, file: "tinted.yaml", stored: true)
        try catalog.database.components.add([stored])
        try catalog.database.objects.add(id: "card", type: "view")
        try catalog.apply("tinted", to: ["card"], at: 0)
        _ = try catalog.send("tap", to: "card", at: 1)
        #expect(try catalog.database.properties.value(for: "tint", on: "card") == .color(RGBAColor(red: 1, green: 0, blue: 0)))
        #expect(try catalog.database.properties.value(for: "opacity", on: "card/badge") == .number(0.5))
        _ = try catalog.send("poke", to: "card", at: 2)
        #expect(try catalog.database.properties.value(for: "caption", on: "card") == .bool(true))
        #expect(try SceneVerification.verify(catalog, scratch: folder + "/tinted.sqlite").matches)
    }
}
