import CatalogEngine
import CatalogFormats
@testable import CatalogKit
import CatalogModel
import Foundation
import Testing
import TestSupport

/// dotLottie themes made from design tokens: a token set added from a DTCG resolver keeps every
/// context of its modifier, each context is a theme, and every property that takes a token's
/// value is a slot. The judges are outside programs: Python's zipfile and the Lottie
/// specification's schema read the archive, rlottie plays it as it is, and ThorVG plays it with
/// each theme's rules given to its slot API — its pixels the engine's samples in that context.
@Suite(.serialized) struct DotLottieThemeTests {
    let folder = TemporaryFolder()

    /// A resolver in the shape the DTCG resolver module shows: a base set in one file, a `theme`
    /// modifier whose `dark` context overrides a colour (a DTCG colour object), a number and a
    /// duration from another file, and whose `light` context is the base as it is.
    static let files: [(String, String)] = [
        (
            "base.tokens.json",
            #"""
            {"color": {"$type": "color",
               "surface": {"$value": {"colorSpace": "srgb", "components": [0.98, 0.96, 0.9], "alpha": 1, "hex": "#faf5e6"}},
               "accent": {"$value": "#0b57d0"}},
             "opacity": {"$type": "number", "scrim": {"$value": 0.9}},
             "motion": {"$type": "duration", "emphasis": {"$value": {"value": 400, "unit": "ms"}}}}
            """#
        ),
        (
            "dark.tokens.json",
            #"""
            {"color": {"$type": "color",
               "surface": {"$value": {"colorSpace": "srgb", "components": [0.12, 0.13, 0.2], "alpha": 1}}},
             "opacity": {"$type": "number", "scrim": {"$value": 0.6}},
             "motion": {"$type": "duration", "emphasis": {"$value": {"value": 600, "unit": "ms"}}}}
            """#
        ),
        (
            "brand.resolver.json",
            #"""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
             "modifiers": {"theme": {"default": "light", "contexts": {"light": [], "dark": [{"$ref": "dark.tokens.json"}]}}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}
            """#
        )
    ]

    /// A card that comes in: its fill, its opacity and its length from tokens; its corners not.
    static let card = #"""
        {"name": "card-in", "kind": "animation", "version": "1.0.0", "summary": "A card comes in.",
         "keyframes": [{"offset": 0, "opacity": 0, "transform": "scale(0.5)", "backgroundColor": "{color.accent}", "borderRadius": "8px"},
                       {"offset": 1, "opacity": "{opacity.scrim}", "transform": "scale(1)", "backgroundColor": "{color.surface}", "borderRadius": "8px"}],
         "options": {"duration": "{motion.emphasis}", "easing": "ease-out", "fill": "forwards"}}
        """#

    /// The box the players' probes are laid out on.
    static func box() throws -> ReferenceBox { try ReferenceBox(width: LottieExportTests.box.width, height: LottieExportTests.box.height) }

    func catalog() throws -> Catalog {
        for (name, text) in Self.files { try text.write(toFile: folder.file(name), atomically: true, encoding: .utf8) }
        let catalog = try Catalog(path: folder.file("c.sqlite"))
        let text = try String(contentsOfFile: folder.file("brand.resolver.json"), encoding: .utf8)
        try catalog.tokens.add(try catalog.tokens.definitions(files: [(folder.file("brand.resolver.json"), text)]))
        try catalog.components.add([try DefinitionDecoder.decode(text: Self.card, file: "card-in.json")])
        return catalog
    }

    /// The engine's values of the card at `time`, its tokens resolved in `contexts`.
    static func engine(_ catalog: Catalog, contexts: [String: String]) throws -> (Double) -> [String: AnimatedValue] {
        let definition = try #require(try catalog.components.get("card-in")).decode()
        let context = DefinitionContext(referenceBox: try Self.box(), tokens: try catalog.tokens.binding(contexts: contexts))
        let effect = AnimationEffect(try AnimationDefinition(definition, context: context))
        let names = effect.properties.map(\.name)
        return { time in Dictionary(zip(names, effect.sample(at: time).values)) { _, last in last } }
    }

    @Test func aResolverSetResolvesInEveryContextOfItsModifier() throws {
        let catalog = try catalog()
        #expect(try catalog.tokens.modifiers() == [TokenModifier(name: "theme", contexts: ["dark", "light"], defaultContext: "light")])
        let light = try Self.engine(catalog, contexts: [:]), dark = try Self.engine(catalog, contexts: ["theme": "dark"])
        // The dark surface, opacity and length: at the end (0.6 s) and not yet at 0.4 s.
        guard case .color(let surface)? = dark(0.6)["backgroundColor"], case .number(let opacity)? = dark(0.6)["opacity"],
            case .number(let early)? = dark(0.4)["opacity"], case .color(let lightSurface)? = light(0.4)["backgroundColor"]
        else {
            Issue.record("no colour or opacity sampled")
            return
        }
        #expect(abs(surface.red - 0.12) < 0.5 / 255 && abs(surface.blue - 0.2) < 0.5 / 255 && abs(opacity - 0.6) < 1e-12 && early < 0.6 - 1e-3)
        #expect(abs(lightSurface.red - 0.98) < 0.5 / 255)
        // The same as a set added in that context from the start.
        let other = try Catalog(path: folder.file("dark.sqlite"))
        let text = try String(contentsOfFile: folder.file("brand.resolver.json"), encoding: .utf8)
        try other.tokens.add(try other.tokens.definitions(files: [(folder.file("brand.resolver.json"), text)], contexts: ["theme": "dark"]))
        try other.components.add([try DefinitionDecoder.decode(text: Self.card, file: "card-in.json")])
        let added = try Self.engine(other, contexts: [:])
        for time in stride(from: 0.0, through: 0.7, by: 0.05) { #expect(added(time) == dark(time), "t=\(time)") }
        // A modifier or a context the sets do not have is refused by name.
        #expect(throws: TokenContextError.unknownModifier("mode", known: ["theme"])) { try catalog.tokens.binding(contexts: ["mode": "dark"]) }
        #expect(throws: TokenContextError.unknownContext("sepia", modifier: "theme", known: ["dark", "light"])) {
            try catalog.tokens.binding(contexts: ["theme": "sepia"])
        }
    }

    /// A modifier written inline in `resolutionOrder` (with its `name`) is chosen the same way.
    @Test func anInlineModifierResolvesInItsContextsToo() throws {
        for (name, text) in Self.files { try text.write(toFile: folder.file(name), atomically: true, encoding: .utf8) }
        let inline = #"""
            {"version": "2025.10",
             "resolutionOrder": [{"type": "set", "name": "base", "sources": [{"$ref": "base.tokens.json"}]},
                                 {"type": "modifier", "name": "theme", "default": "light", "contexts": {"light": [], "dark": [{"$ref": "dark.tokens.json"}]}}]}
            """#
        try inline.write(toFile: folder.file("inline.resolver.json"), atomically: true, encoding: .utf8)
        let catalog = try Catalog(path: folder.file("inline.sqlite"))
        try catalog.tokens.add(try catalog.tokens.definitions(files: [(folder.file("inline.resolver.json"), inline)]))
        #expect(try catalog.tokens.modifiers() == [TokenModifier(name: "theme", contexts: ["dark", "light"], defaultContext: "light")])
        #expect(try catalog.tokens.binding(contexts: ["theme": "dark"]).text(of: "opacity.scrim", for: .number) == "0.6")
        #expect(try catalog.tokens.binding().text(of: "opacity.scrim", for: .number) == "0.9")
    }

    @Test func eachContextIsAThemeThatThorVGPlaysAsTheEngineComputesIt() throws {
        let catalog = try catalog()
        let definition = try #require(try catalog.components.get("card-in")).decode()
        let frameRate = 30.0
        let archive = try ComponentExport(definition: definition, target: .css, catalog: catalog, context: DefinitionContext(referenceBox: try Self.box()))
            .dotLottie(frameRate: frameRate)
        let path = folder.file("card-in.lottie")
        try archive.write(to: URL(fileURLWithPath: path))
        // The dark card lasts 0.6 s, the document 18 frames.
        let frames = Array(0...17)
        let judged = try DotLottieJudge.judge(
            path: path, frames: frames, probes: LottieExportTests.probes, pictures: folder.path, pictureFrames: Self.pictureFrames)
        #expect(judged["members"] == ["manifest.json", "a/card-in.json", "t/dark.json", "t/light.json"])
        #expect(judged["manifest"]?["themes"] == [["id": "dark"], ["id": "light"]])
        #expect(judged["schema"] == [], "\(judged["schema"] ?? .null)")
        let document = try JSONReader.read(try #require(judged["animations"]?["card-in"]?.stringValue))
        // The fill, its opacity, the layer's opacity and its scale take tokens; the corners do not.
        let slots = Set(document["slots"]?.objectValue?.keys.map { $0 } ?? [])
        #expect(slots.isSuperset(of: ["card-in.fill-color", "card-in.opacity", "card-in.scale"]) && !slots.contains("card-in.corner-radius"), "\(slots)")
        // rlottie plays the archive as it is: the document's own values, the sets' (light).
        #expect(judged["archive"] == judged["plain"])
        for theme in ["", "dark", "light"] {
            let engine = try Self.engine(catalog, contexts: theme.isEmpty ? [:] : ["theme": theme])
            let rendered = try #require(judged["thorvg"]?[theme]?.arrayValue, "ThorVG could not play the theme \(theme)")
            var compared = 0
            for (index, frame) in frames.enumerated() {
                let values = engine(Double(frame) / frameRate)
                for (probeIndex, probe) in LottieExportTests.probes.enumerated() {
                    guard let expected = LottieExportTests.pixel(probe[0], probe[1], roles: [values]) else { continue }
                    let actual = rendered[index].arrayValue?[probeIndex].arrayValue?.compactMap(\.numberValue) ?? []
                    compared += 1
                    #expect(zip(expected, actual).allSatisfy { abs($0 - $1) <= 4 }, "\(theme) frame \(frame) \(probe): engine \(expected), ThorVG \(actual)")
                }
            }
            #expect(compared > 300, "\(theme): \(compared)")
        }
        // The themes differ where the contexts do.
        #expect(judged["thorvg"]?["dark"] != judged["thorvg"]?["light"] && judged["thorvg"]?["light"] == judged["thorvg"]?[""])
        // The README's pictures: each theme as ThorVG draws it (CATALOG_WRITE_SCREENSHOTS=1 writes them there).
        let light = try Data(contentsOf: URL(fileURLWithPath: folder.file("light.png")))
        let dark = try Data(contentsOf: URL(fileURLWithPath: folder.file("dark.png")))
        #expect(light.starts(with: [0x89, 0x50, 0x4E, 0x47]) && dark.starts(with: [0x89, 0x50, 0x4E, 0x47]) && light != dark)
        let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "docs/images")
        if ProcessInfo.processInfo.environment["CATALOG_WRITE_SCREENSHOTS"] == "1" {
            try light.write(to: images.appending(path: "card-in-light.png"))
            try dark.write(to: images.appending(path: "card-in-dark.png"))
        }
        // The README shows these pictures of this card, from these files.
        let readme = try String(contentsOf: images.deletingLastPathComponent().deletingLastPathComponent().appending(path: "README.md"), encoding: .utf8)
        #expect(readme.contains("docs/images/card-in-light.png") && readme.contains("docs/images/card-in-dark.png"))
    }

    /// The frames the README pictures: the start, two moments on the way, and the dark card's end.
    static let pictureFrames = [0, 5, 10, 17]

    /// A colour from a set without contexts: still a slot (a player may set it), but no theme.
    @Test func aTokenWithoutContextsIsASlotWithoutThemes() throws {
        let catalog = try Catalog(path: folder.file("plain.sqlite"))
        try catalog.tokens.add(try catalog.tokens.definitions(files: [("base.tokens.json", Self.files[0].1)]))
        try catalog.components.add([try DefinitionDecoder.decode(text: Self.card, file: "card-in.json")])
        let definition = try #require(try catalog.components.get("card-in")).decode()
        let archive = try ComponentExport(definition: definition, target: .css, catalog: catalog, context: DefinitionContext(referenceBox: try Self.box()))
            .dotLottie(frameRate: 30)
        let path = folder.file("plain.lottie")
        try archive.write(to: URL(fileURLWithPath: path))
        let judged = try DotLottieJudge.judge(path: path, frames: [0, 6, 12], probes: LottieExportTests.probes)
        #expect(judged["members"] == ["manifest.json", "a/card-in.json"])
        let document = try JSONReader.read(try #require(judged["animations"]?["card-in"]?.stringValue))
        #expect(document["slots"]?["card-in.fill-color"] != nil && document["slots"]?["card-in.corner-radius"] == nil)
        #expect(judged["archive"] == judged["plain"] && judged["schema"] == [])
    }
}
