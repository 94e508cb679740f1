import CatalogModel
import CatalogFormats
import Foundation
import TestSupport
import Testing

/// A stylesheet as animation libraries publish it — a base class, one class per animation,
/// prefixed twins, custom properties, `calc()`, prettier's one selector per line — comes in as one
/// component per `@keyframes`, timed as a browser times an element carrying both classes.
struct StylesheetLibraryTests {
    /// `Fixtures/stylesheets/motion-library.css`: written for these tests in the shape of published
    /// libraries (no third party's file).
    static let library: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../TestSupport/Fixtures/stylesheets/motion-library.css")
        return try! String(contentsOf: url, encoding: .utf8)
    }()

    private func documents(_ css: String, prefix: String? = nil, base: String? = nil) throws -> [String: JSONValue] {
        let list = try StylesheetLibrary.documents(css: css, file: "library.css", options: .init(prefix: prefix, stylesheet: .init(base: base)))
        return Dictionary(uniqueKeysWithValues: list.map { ($0["name"]!.stringValue!, $0) })
    }

    @Test func eachKeyframesBecomesAComponentTimedByItsClassOverTheBase() throws {
        #expect(try StylesheetLibrary.isLibrary(css: Self.library, file: "library.css"))
        let components = try documents(Self.library, prefix: "motion")
        #expect(components.keys.sorted() == ["motion-bounce-in", "motion-fade-out", "motion-pulse"])
        // .motion sets 1s (var(--motion-duration)) and fill both; .motion.bounceIn sets calc(1s * 0.75).
        let bounce = try #require(components["motion-bounce-in"])
        #expect(bounce["options"]?["duration"] == 750 && bounce["options"]?["fill"] == "both")
        // The @-webkit-keyframes twin is the same animation: one component, six keyframes.
        #expect(bounce["keyframes"]?.arrayValue?.count == 6)
        // The block that only sets a timing function at from, 20%, … does not merge into the
        // blocks that set properties at those offsets (their easings differ): the properties keep
        // the animation's `ease`, as Chromium runs this stylesheet (StylesheetLibraryBrowserTests).
        #expect(bounce["keyframes"]?.arrayValue?.allSatisfy { $0["easing"] == "ease" } == true)
        // -webkit-transform and transform are one property.
        #expect(bounce["keyframes"]?.arrayValue?.first?["transform"] == "scale3d(0.3, 0.3, 0.3)")
        let fade = try #require(components["motion-fade-out"])
        #expect(fade["options"]?["duration"] == 1000 && fade["options"]?["fill"] == "both")
        #expect(fade["keyframes"]?.arrayValue?.first?["easing"] == "ease")
        // The shorthand resets every longhand: the base's fill does not survive it.
        let pulse = try #require(components["motion-pulse"])
        #expect(pulse["options"]?["duration"] == 2000 && pulse["options"]?["fill"] == "none")
        #expect(pulse["options"]?["iterations"] == "Infinity" && pulse["options"]?["direction"] == "alternate")
        #expect(pulse["keyframes"]?.arrayValue?.first?["easing"] == "ease-in-out")
        for document in components.values { _ = try ComponentDefinition(json: document, file: "library.css") }
    }

    @Test(arguments: [
        ("bounceIn", nil, "bounce-in"), ("fadeInUpBig", "anim", "anim-fade-in-up-big"), ("headShake", "ui.", "ui.head-shake"),
        ("zoom_in", "x-", "x-zoom-in"), ("flip3d", nil, "flip3d"), ("rotateInDownLeft", nil, "rotate-in-down-left")
    ])
    func namesAreKebabCaseAfterThePrefix(keyframes: String, prefix: String?, name: String) throws {
        let css = "@keyframes \(keyframes) { from { opacity: 0 } to { opacity: 1 } }\n@keyframes other { to { opacity: 0 } }\n"
        #expect(try documents(css, prefix: prefix)[name] != nil)
    }

    @Test func aNameThatCannotBeAComponentNameIsRefusedNamingItsRule() throws {
        let css = "@keyframes ok { to { opacity: 0 } }\n\n@keyframes Bad$Name { to { opacity: 1 } }\n"
        #expect { try documents(css) } throws: { error in
            let message = (error as? DefinitionError)?.description ?? ""
            return message.contains("line 3: @keyframes Bad$Name") && message.contains("[a-z0-9][a-z0-9.-]*")
        }
    }

    @Test func theBaseRuleIsTheOneSingleClassThatSetsTimingWithoutAName() throws {
        let animations =
            "@keyframes a { to { opacity: 0 } }\n@keyframes b { to { opacity: 1 } }\n.a { animation-name: a }\n.b { animation-name: b; animation-delay: -100ms }\n"
        // None: CSS's defaults.
        let plain = try documents(animations)
        #expect(plain["a"]?["options"]?["duration"] == 0 && plain["a"]?["keyframes"]?.arrayValue?.first?["easing"] == "ease")
        #expect(plain["b"]?["options"]?["delay"] == -100)
        // Several: refused, listing them, until --base names one.
        let two = animations + ".slow { animation-duration: 2s }\n.fast { animation-duration: 200ms }\n"
        #expect { try documents(two) } throws: { error in
            let message = (error as? DefinitionError)?.description ?? ""
            return message.contains(".slow on line 5") && message.contains(".fast on line 6") && message.contains("name the base by its selector")
        }
        #expect(try documents(two, base: ".fast")["a"]?["options"]?["duration"] == 200)
        #expect { try documents(two, base: ".missing") } throws: { error in
            (error as? DefinitionError)?.description.contains("no rule has the selector .missing") == true
        }
    }

    @Test func customPropertiesFallBackAndCalcWorksOutTimesAndCounts() throws {
        let css = """
            :root { --base: 400ms; --count: 2 }
            @keyframes a { to { opacity: 0 } }
            @keyframes b { to { opacity: 1 } }
            .a { animation-name: a; animation-duration: calc(var(--base) + 0.1s); animation-iteration-count: calc(var(--count) * 1.5) }
            .b { animation-name: b; animation-duration: var(--missing, calc(2 * var(--base))); animation-delay: var(--none, 50ms) }
            """
        let components = try documents(css)
        #expect(components["a"]?["options"]?["duration"] == 500 && components["a"]?["options"]?["iterations"] == 3)
        #expect(components["b"]?["options"]?["duration"] == 800 && components["b"]?["options"]?["delay"] == 50)
    }

    /// A stylesheet `catalog export --to css` writes runs its @keyframes from one rule as one
    /// effect: it stays one component, read as before.
    /// A class's own `transform-origin` is the turning point of what its animation does: held as
    /// the keyframes' `transformOrigin` from start to end, unless the keyframes animate it.
    @Test func aClassTransformOriginIsHeldThroughTheAnimation() throws {
        let definitions = try DefinitionDecoder.decodeAll(
            text: """
                .anim { animation-duration: 1s; animation-fill-mode: both; }
                @keyframes swing { 20% { transform: rotate(15deg); } to { transform: rotate(0deg); } }
                .anim.swing { transform-origin: top center; animation-name: swing; }
                @keyframes tilt { from { transform-origin: left; } to { transform: rotate(5deg); } }
                .anim.tilt { transform-origin: bottom; animation-name: tilt; }
                """, file: "origin.css")
        let swing = try #require(definitions.first { $0.name == "swing" })
        let frames = swing.document["keyframes"]?.arrayValue ?? []
        #expect(frames.filter { $0["transformOrigin"] == "top center" }.compactMap { $0["offset"]?.numberValue } == [0, 1])
        // Animated by the keyframes: theirs, not the class's.
        let tilt = try #require(definitions.first { $0.name == "tilt" })
        #expect(!(tilt.document["keyframes"]?.arrayValue ?? []).contains { $0["transformOrigin"] == "bottom" })
    }

    @Test func anExportedStylesheetIsNotALibrary() throws {
        let exported = """
            @keyframes fade--opacity { 0% { opacity: 0; } 100% { opacity: 1; } }
            @keyframes fade--transform { 0% { transform: scale(1); } 100% { transform: scale(2); } }
            .fade { animation: fade--opacity 200ms linear 0ms 1 normal forwards, fade--transform 200ms linear 0ms 1 normal forwards; }
            """
        #expect(try !StylesheetLibrary.isLibrary(css: exported, file: "fade.css"))
        // Its reduced-motion form runs only under @media (prefers-reduced-motion: reduce): not an animation of its own.
        let withReduced = """
            @keyframes pop { 0% { opacity: 0; } 100% { opacity: 1; } }
            @keyframes pop--reduced { 0% { opacity: 1; } 100% { opacity: 1; } }
            .pop { animation: pop 200ms linear 0ms 1 normal forwards; }
            @media (prefers-reduced-motion: reduce) {
              .pop { animation: pop--reduced 0ms linear 0ms 1 normal forwards; }
            }
            """
        #expect(try !StylesheetLibrary.isLibrary(css: withReduced, file: "pop.css"))
        // …but the stand-in that one component's reducedMotion: names, as a library's is.
        let pop = try DefinitionDecoder.decodeAll(text: withReduced, file: "pop.css")
        #expect(pop.map(\.name) == ["pop", "pop--reduced"])
        #expect(pop.first?.reducedMotion == .component("pop--reduced"))
        #expect(try DefinitionDecoder.decodeAll(text: exported, file: "fade.css").map(\.name) == ["fade"])
        // A prefix applies to the one component as to a library's; a base rule is a library's alone.
        #expect(try DefinitionDecoder.decodeAll(text: exported, file: "fade.css", options: .init(prefix: "p")).map(\.name) == ["p-fade"])
        #expect(throws: DefinitionError.self) {
            try DefinitionDecoder.decodeAll(text: exported, file: "fade.css", options: .init(stylesheet: .init(base: ".x")))
        }
    }
}

/// `calc()` over times and numbers, as libraries write their timing.
struct CSSCalcTests {
    @Test(arguments: [
        ("calc(1s * 0.75)", CSSCalc.Value.time(milliseconds: 750)),
        ("calc(200ms + 0.3s)", .time(milliseconds: 500)),
        ("calc((1s - 200ms) / 2)", .time(milliseconds: 400)),
        ("calc(2 * (3 + 1))", .number(8)),
        ("calc(0.5*2s)", .time(milliseconds: 1000))
    ])
    func evaluates(expression: String, value: CSSCalc.Value) {
        #expect(CSSCalc.evaluate(expression) == value)
    }

    @Test(arguments: ["calc(1s * 2s)", "calc(1s + 2)", "calc(1s / 0)", "calc(10px * 2)", "calc(1s+2s)", "1s", "calc(1s"])
    func refusesWhatItCannotWorkOut(expression: String) {
        #expect(CSSCalc.evaluate(expression) == nil)
    }

    @Test func substituteWritesWhatItWorksOutAndLeavesTheRest() {
        #expect(CSSCalc.substitute("pulse calc(1s * 2) ease calc(10px * 2)") == "pulse 2000ms ease calc(10px * 2)")
    }
}
