import CatalogModel
import CatalogFormats
import Foundation
import TestSupport
import Testing

/// Stylesheets read as a browser reads them for a plain element: statement at-rules passed over,
/// conditional blocks evaluated, the whole cascade (not only a base and a naming rule) deciding
/// an animation's timing, `var()`s resolved against the element or refused by name. Each case is
/// a shape a published stylesheet has that an earlier reader got wrong; the corpus tests hold the
/// same rules to Chromium on the published files themselves (CorpusStylesheetTests).
struct StylesheetCascadeTests {
    private func documents(_ css: String, options: ImportOptions = .init()) throws -> [String: JSONValue] {
        let list = try DefinitionDecoder.decodeAll(text: css, file: "library.css", options: options)
        return Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0.document) })
    }

    /// The issue's reproduction: `@charset` first, a `:root` custom property, the base class, a
    /// `@media print, (prefers-reduced-motion: reduce)` block, one `@keyframes`.
    @Test func aCharsetLineIsAStatementNotPartOfTheNextSelector() throws {
        let css = """
            @charset "UTF-8";
            :root { --motion-duration: 1s; }
            .motion { -webkit-animation-duration: var(--motion-duration); animation-duration: var(--motion-duration); animation-fill-mode: both; }
            @media print, (prefers-reduced-motion: reduce) { .motion { animation-duration: 1ms !important; } }
            @keyframes fadeOut { from { opacity: 1; } to { opacity: 0; } }
            .motion.fadeOut { animation-name: fadeOut; }
            """
        let fade = try #require(try documents(css)["fade-out"])
        #expect(fade["options"]?["duration"] == 1000 && fade["options"]?["fill"] == "both")
        // Over within 10 ms and holding its end: under reduced motion it shows the end at once.
        #expect(fade["reducedMotion"] == "none")
        // The same with --base, as for a library of many.
        #expect(try documents(css, options: .init(stylesheet: .init(base: ".motion")))["fade-out"]?["options"]?["duration"] == 1000)
    }

    @Test(arguments: [#"@charset "UTF-8";"#, "@import url(other.css);", "@namespace svg url(http://www.w3.org/2000/svg);", "@layer base, components;"])
    func aKeyframesRightAfterAStatementIsKept(statement: String) throws {
        let css = "\(statement)@keyframes spin { to { transform: rotate(360deg) } } .spin { animation: spin 2s linear infinite }"
        let spin = try #require(try documents(css)["spin"])
        #expect(spin["options"]?["duration"] == 2000 && spin["options"]?["iterations"] == "Infinity")
    }

    /// `.x` names `a` and sets linear; `.x.rev` names `b`: an element `.base.x.rev` runs `b`, linear.
    @Test func everyMatchingRuleTakesPartNotOnlyTheBaseAndTheNamingRule() throws {
        let css = """
            .base { animation-duration: 500ms; }
            .x { animation-name: a; animation-timing-function: linear; }
            .x.rev { animation-name: b; }
            @keyframes a { from { opacity: 0 } to { opacity: 1 } }
            @keyframes b { from { opacity: 1 } to { opacity: 0 } }
            """
        let components = try documents(css)
        let b = try #require(components["b"])
        #expect(b["options"]?["duration"] == 500)
        #expect(b["keyframes"]?.arrayValue?.allSatisfy { $0["easing"] == "linear" } == true)
        #expect(components["a"]?["keyframes"]?.arrayValue?.allSatisfy { $0["easing"] == "linear" } == true)
    }

    /// Specificity beats order, `!important` beats both, and a later rule of equal weight wins.
    @Test func theCascadeOrdersBySpecificityThenOrder() throws {
        let css = """
            .anim.slow { animation-duration: 3s; }
            .anim { animation-duration: 1s; animation-name: go; }
            .go { animation-delay: 100ms !important; }
            .anim { animation-delay: 200ms; }
            @keyframes go { to { opacity: 0 } }
            """
        // The element runs `go` with the classes of its naming rule (.anim), so .anim.slow does not apply.
        let go = try #require(try documents(css)["go"])
        #expect(go["options"]?["duration"] == 1000 && go["options"]?["delay"] == 200)
    }

    @Test func conditionalBlocksApplyAsInADesktopWindow() throws {
        let css = """
            .a { animation: go 1s; }
            @media (max-width: 600px) { .a { animation-duration: 9s; } }
            @media screen and (min-width: 1024px) { .a { animation-delay: 50ms; } }
            @media print { .a { animation-duration: 8s; } }
            @supports (display: grid) { .a { animation-fill-mode: forwards; } }
            @supports not (display: grid) { .a { animation-fill-mode: backwards; } }
            @container (min-width: 10px) { .a { animation-iteration-count: 7; } }
            @font-face { font-family: X; src: url(x.woff2); }
            @page { margin: 1cm; }
            @something-unknown { .a { animation-duration: 5s; } }
            @keyframes go { to { opacity: 0 } }
            @keyframes other { to { opacity: 1 } }
            """
        let go = try #require(try documents(css)["go"])
        #expect(go["options"]?["duration"] == 1000 && go["options"]?["delay"] == 50)
        #expect(go["options"]?["fill"] == "forwards" && go["options"]?["iterations"] == 1)
    }

    /// Unlayered rules win over layered ones, and later layers over earlier ones, whatever the
    /// specificity (CSS Cascade 5); the order comes from a `@layer a, b;` statement.
    @Test func layersOrderTheCascade() throws {
        let css = """
            @layer reset, theme;
            @layer theme { .a.b { animation-duration: 3s; } }
            @layer reset { .a.b.c { animation-duration: 9s; } }
            .a { animation-name: go; }
            .b { animation-delay: 1s; }
            @layer theme { .b { animation-delay: 2s; } }
            @keyframes go { to { opacity: 0 } }
            @keyframes two { to { opacity: 1 } }
            """
        let go = try #require(try documents(css, options: .init(stylesheet: .init(base: ".b")))["go"])
        #expect(go["options"]?["duration"] == 3000 && go["options"]?["delay"] == 1000)
    }

    @Test func customPropertiesComeFromTheElementAndRootAndRegistrations() throws {
        let css = """
            @property --spin-turns { syntax: "<number>"; inherits: false; initial-value: 2; }
            :root { --speed: 2s; --x: 10px; }
            .spin { --speed: 4s; animation: spin var(--speed) linear var(--spin-turns); }
            .fade { animation: fade var(--speed, 9s); }
            .move { animation: move 1s; }
            @keyframes spin { to { transform: rotate(360deg) } }
            @keyframes fade { to { opacity: 0 } }
            @keyframes move { to { transform: translateX(var(--x, 99px)) } }
            """
        let components = try documents(css)
        // The class's own value over :root's; a registered property's initial value.
        #expect(components["spin"]?["options"]?["duration"] == 4000 && components["spin"]?["options"]?["iterations"] == 2)
        // :root's value, not the fallback.
        #expect(components["fade"]?["options"]?["duration"] == 2000)
        #expect(components["move"]?["keyframes"]?.arrayValue?.last?["transform"] == "translateX(10px)")
    }

    @Test func aVarThatDoesNotResolveIsNamedWhereItIsUsed() throws {
        let css = """
            .a { animation: go var(--missing) linear; }
            .b { animation: two 1s; }
            @keyframes go { to { opacity: 0 } }
            @keyframes two { to { opacity: var(--nowhere) } }
            """
        let error = try #require(throws: DefinitionError.self) { try documents(css) }
        #expect(error.path.contains("@keyframes go") && error.rule.contains("var(--missing) does not resolve"), "\(error)")
        #expect(error.rule.contains("two"), "the other refusal is listed: \(error)")
    }

    /// A custom property that refers to itself is invalid (CSS Variables §3): its fallback is
    /// used, else the `var()` is named. References that double at every level (the fuzzer's
    /// hang: substitution was exponential) are bounded, and a later `var()` still resolves
    /// after one that does not.
    @Test func cyclesAndDoublingReferencesAreBounded() throws {
        let cycle = """
            :root { --d: var(--d) 1s; --e: var(--f); --f: var(--e); }
            .a { animation: go var(--d, 2s) linear; }
            .b { animation: two var(--e) linear; }
            @keyframes go { to { opacity: 0 } }
            @keyframes two { to { opacity: 0 } }
            """
        let error = try #require(throws: DefinitionError.self) { try documents(cycle) }
        #expect(error.rule.contains("var(--e) does not resolve") && !error.description.contains("@keyframes go"), "\(error)")
        let skipped = try documents(cycle, options: .init(skipUnsupported: true))
        #expect(skipped["go"]?["options"]?["duration"] == 2000, "the fallback of a property in a cycle")
        let levels = (1...40).map { "--v\($0): var(--v\($0 - 1)) var(--v\($0 - 1));" }.joined(separator: " ")
        let doubling = ":root { --v0: 1px; \(levels) }\n.a { animation: go 1s linear; }\n@keyframes go { to { transform: translateX(var(--v40)) } }"
        #expect(throws: DefinitionError.self) { try documents(doubling) }
        let later = ":root { --x: 3px; }\n.a { animation: go 1s linear; }\n@keyframes go { to { transform: translate(var(--none, var(--x)), var(--x)) } }"
        #expect(try documents(later)["a"]?["keyframes"]?.arrayValue?.last?["transform"] == "translate(3px, 3px)")
    }

    /// A whole file never fails for one unplayable `@keyframes`: `--skip-unsupported` takes the
    /// rest and lists what it left out; without it the refusal names the `@keyframes` and the rule.
    @Test func skipUnsupportedTakesTheRestOfAStylesheet() throws {
        let css = """
            .a { animation: go 1s; } .b { animation: stripes 1s; }
            @keyframes go { to { opacity: 0 } }
            @keyframes stripes { to { background-position: 10px 0 } }
            """
        let error = try #require(throws: DefinitionError.self) { try documents(css) }
        #expect(
            error.path.hasPrefix("@keyframes stripes") && error.rule.contains("background-position") && error.rule.contains("--skip-unsupported"), "\(error)")
        let skipped = try DefinitionDecoder.decodeAll(text: css, file: "library.css", options: .init(skipUnsupported: true))
        #expect(skipped.map(\.name) == ["go"])
        #expect(skipped[0].ignoredDeclarations.contains { $0.hasPrefix("left out @keyframes stripes") })
    }

    /// Chromium's rule for vendor twins: an unprefixed `@keyframes` replaces any rule of its
    /// name, a `-webkit-` one only another prefixed one — so a lone prefixed rule is read, and
    /// the unprefixed one wins whichever comes first.
    @Test func webkitKeyframesAreAliasesAndTheUnprefixedOneWins() throws {
        let lone = "@-webkit-keyframes fade { to { opacity: 0.25 } } .fade { animation: fade 1s; } .b { animation: b 1s } @keyframes b { to { opacity: 1 } }"
        #expect(try documents(lone)["fade"]?["keyframes"]?.arrayValue?.last?["opacity"] == "0.25")
        for css in [
            "@keyframes fade { to { opacity: 0.5 } } @-webkit-keyframes fade { to { opacity: 0.25 } }",
            "@-webkit-keyframes fade { to { opacity: 0.25 } } @keyframes fade { to { opacity: 0.5 } }"
        ] {
            let read = try documents(css + " .fade { animation: fade 1s } .b { animation: b 1s } @keyframes b { to { opacity: 1 } }")
            #expect(read["fade"]?["keyframes"]?.arrayValue?.last?["opacity"] == "0.5", "\(css)")
        }
        let twoPrefixed =
            "@-webkit-keyframes fade { to { opacity: 0.25 } } @-webkit-keyframes fade { to { opacity: 0.75 } } .fade { animation: fade 1s; } .b { animation: b 1s } @keyframes b { to { opacity: 1 } }"
        #expect(try documents(twoPrefixed)["fade"]?["keyframes"]?.arrayValue?.last?["opacity"] == "0.75")
    }

    /// Strings and nested rules do not end a rule or a declaration early.
    @Test func stringsAndNestedRulesKeepTheirBraces() throws {
        let css = #"""
            .icon::before { content: "}"; }
            .q { quotes: "{" "}"; animation: go 1s; &:hover { animation-duration: 9s; } }
            @keyframes go { to { opacity: 0 } }
            @keyframes other { to { opacity: 1 } }
            """#
        #expect(try documents(css)["go"]?["options"]?["duration"] == 1000)
    }

    /// The element's own value of a property the keyframes leave implicit is where the browser
    /// starts (Bootstrap's spinner-grow: `opacity: 0` on the class, `50% { opacity: 1 }`).
    @Test func theElementsOwnValueFillsAnImplicitKeyframe() throws {
        let css = """
            .grow { opacity: 0; animation: grow 750ms linear infinite; }
            @keyframes grow { 0% { transform: scale(0) } 50% { opacity: 1; transform: none } }
            @keyframes other { to { opacity: 1 } }
            """
        let frames = try #require(try documents(css)["grow"]?["keyframes"]?.arrayValue)
        #expect(frames.first { $0["offset"] == 0 && $0["opacity"] != nil }?["opacity"] == "0")
        #expect(frames.first { $0["offset"] == 1 && $0["opacity"] != nil }?["opacity"] == "0")
    }

    @Test func tailwindSourceIsRefusedForWhatItIs() throws {
        let css = "@theme inline { --animate-in: enter 1s; @keyframes enter { from { opacity: 0 } } } @utility fade-in { --tw-enter-opacity: 0; }"
        let error = try #require(throws: DefinitionError.self) { try documents(css) }
        #expect(error.rule.contains("no @keyframes a browser would run") && error.rule.contains("Tailwind source"), "\(error)")
    }
}
