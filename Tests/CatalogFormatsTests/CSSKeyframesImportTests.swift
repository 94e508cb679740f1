import CatalogModel
import CatalogFormats
import TestSupport
import Testing

/// CSS `@keyframes` text as a definition: selectors, merged offsets, per-keyframe easing, the
/// optional timing rule, and errors that name the line.
struct CSSKeyframesImportTests {
    static let pulse = """
        /* A pulse: full, dim, full. */
        @keyframes pulse {
          from, to { opacity: 1; transform: scale(1) }
          50% {
            opacity: 0.4;
            transform: scale(0.9);
            animation-timing-function: cubic-bezier(0.4, 0, 1, 1);
          }
          to { background-color: rgb(255 0 0 / 50%) }
        }
        .pulse { animation-duration: 0.6s; animation-iteration-count: infinite; animation-timing-function: linear }
        """

    @Test func keyframesBecomeTheWebBody() throws {
        let definition = try CSSKeyframesImport.definition(css: Self.pulse, file: "pulse.css")
        #expect(definition.name == "pulse" && definition.kind == .animation)
        guard case .web(let model) = try AnimationDefinition(definition) else { Issue.record("not a web animation"); return }
        // from and to share a block; the second `to` block merges into the same keyframe.
        #expect(model.keyframes.map(\.offset) == [0, 0.5, 1])
        #expect(model.keyframes[1].easing == .cubicBezier(0.4, 0, 1, 1))
        #expect(model.keyframes[2].values["backgroundColor"] != nil && model.keyframes[2].values["opacity"] == .number(1))
        #expect(model.properties.map(\.name) == ["backgroundColor", "opacity", "transform"])
        #expect(model.timing.duration == 0.6 && model.timing.iterations == .infinity)
        // animation-timing-function eases each interval (keyframes without their own), not the whole.
        #expect(model.timing.easing == .linear)
        #expect(model.keyframes[0].easing == .linear)
    }

    /// The one component's timing rule takes custom properties and calc() as a library's do.
    @Test func theTimingRuleTakesCustomPropertiesAndCalc() throws {
        let definition = try CSSKeyframesImport.definition(
            css: """
                :root { --speed: 400ms; }
                @keyframes fade { from { opacity: 0 } }
                .fade { animation-duration: calc(var(--speed) * 1.5); animation-delay: var(--wait, 50ms); animation-timing-function: var(--curve, ease-out); }
                """, file: "fade.css")
        guard case .web(let model) = try AnimationDefinition(definition) else { Issue.record("not a web animation"); return }
        #expect(model.timing.duration == 0.6 && model.timing.delay == 0.05)
        #expect(model.keyframes[0].easing == .cubicBezier(0, 0, 0.58, 1))
    }

    @Test func withoutATimingRuleCSSDefaultsApply() throws {
        let definition = try CSSKeyframesImport.definition(css: "@keyframes fade { from { opacity: 0 } }", file: "fade.css")
        guard case .web(let model) = try AnimationDefinition(definition) else { Issue.record("not a web animation"); return }
        // animation-duration 0s and animation-timing-function ease, as CSS has them; the ease
        // applies per interval.
        #expect(model.timing.duration == 0)
        #expect(model.timing.easing == .linear)
        #expect(model.keyframes[0].easing == .cubicBezier(0.25, 0.1, 0.25, 1))
    }

    @Test(arguments: [
        ("@keyframes a { 120% { opacity: 1 } }", "line 1: 120%", "percentage from 0% to 100%"),
        ("@keyframes a {\n  50% { box-shadow: 0 0 2px red }\n}", "line 2: 50%.box-shadow", "the catalog does not animate box-shadow, which a browser would"),
        ("@keyframes a {\n  from { opacity: 0 }\n  to { transform: spin(1turn) }\n}", "line 3: to.transform", "unknown transform function"),
        ("@keyframes a { from { opacity: 0 } } @keyframes b { to { opacity: 1 } }", "", "one @keyframes rule per file"),
        ("@keyframes a { from { opacity: 0 }", "line 1", "never closed"),
        ("@keyframes fade$ { from { opacity: 0 } }", "line 1: @keyframes fade$", "must match"),
        ("@keyframes a { from { opacity: 0 } }\n.a { animation-duration: fast }", "line 2: .a.animation-duration", "a time such as"),
        ("p { color: red }", "", "needs an @keyframes rule")
    ])
    func badCSSIsRefusedWithItsLine(css: String, path: String, rule: String) {
        expectDefinitionError(file: "bad.css", path: path, rule: rule) {
            _ = try CSSKeyframesImport.definition(css: css, file: "bad.css")
        }
    }

    /// What a browser drops from a keyframe — a property no browser knows, one CSS Animations
    /// leaves out of keyframes, one marked `!important` in any spelling, a custom property — is
    /// left out of the component and listed with its place; the rest of the keyframe stays.
    @Test func declarationsABrowserIgnoresAreLeftOutAndListed() throws {
        let css = """
            @keyframes a {
              from { opacity: 0; colour: red; display: block; }
              50% { opacity: 0.2 ! IMPORTANT; transition-duration: 1s; --depth: 2; transform: scale(2) }
              to { opacity: 1; -webkit-animation-duration: 2s; will-change: opacity }
            }
            """
        let definition = try CSSKeyframesImport.definition(css: css, file: "a.css")
        #expect(
            definition.ignoredDeclarations.map { $0.split(separator: ":").prefix(2).joined(separator: ":") } == [
                "line 2: from.colour", "line 2: from.display", "line 3: 50%.opacity", "line 3: 50%.transition-duration",
                "line 3: 50%.--depth", "line 4: to.-webkit-animation-duration", "line 4: to.will-change"
            ])
        #expect(definition.ignoredDeclarations.allSatisfy { $0.contains("a browser ignores it") })
        let same = try CSSKeyframesImport.definition(
            css: """
                @keyframes a {
                  from { opacity: 0 }
                  50% { transform: scale(2) }
                  to { opacity: 1 }
                }
                """, file: "a.css")
        #expect(definition.document == same.document)
        #expect(same.ignoredDeclarations.isEmpty)
    }
}

/// Whitespace as CSS allows it — tabs, CR LF and lone CR line ends, form feeds, selector lists one
/// per line as prettier writes them, line breaks around colons and inside values and shorthands —
/// imports exactly as the same stylesheet written on single-spaced lines, and an error is one line
/// that names its place and its rule.
struct CSSWhitespaceTests {
    static let compact = """
        @keyframes fade-pop { from, 50%, to { opacity: 1 } 25% { opacity: 0.5; transform: translate(0, 10px) scale(0.9) } }
        .fade-pop { animation: fade-pop 300ms cubic-bezier(0.4, 0, 0.2, 1) 2 alternate both }
        """

    static let spread =
        "@keyframes\tfade-pop\r\n{\r\n  from,\r\n  50%,\n\tto\u{0C}{\n    opacity:\n      1;\n  }\r"
        + "  25% {\n    opacity : 0.5 ;\n    transform:\n      translate(0,\n        10px)\n      scale(0.9);\n  }\n}\n"
        + ".fade-pop\n{\n  animation:\n    fade-pop\n    300ms\n    cubic-bezier(0.4,\n      0, 0.2, 1)\n\t2\talternate\r\n    both;\n}\n"

    @Test func spreadOutAsCSSAllowsItImportsAsTheCompactForm() throws {
        let compact = try CSSKeyframesImport.definition(css: Self.compact, file: "compact.css")
        let spread = try CSSKeyframesImport.definition(css: Self.spread, file: "spread.css")
        #expect(spread.document == compact.document)
        #expect(spread.contentHash == compact.contentHash)
        guard case .web(let model) = try AnimationDefinition(spread) else { Issue.record("not a web animation"); return }
        // transform starts from the underlying value, eased by the animation's timing function:
        // written out as a keyframe at 0 that adds the neutral `none` (CSS Animations' initial keyframe).
        #expect(model.keyframes.map(\.offset) == [0, 0, 0.25, 0.5, 1])
        let standard = try TimingFunction(parsing: "cubic-bezier(0.4, 0, 0.2, 1)")
        #expect(model.keyframes[1].underlying == ["transform"] && model.keyframes[1].easing == standard)
        #expect(model.timing.iterations == 2 && model.timing.direction == .alternate && model.timing.fill == .both)
    }

    /// Each mistake sits in a construct spread over lines; the message stays on one line, is never
    /// empty after the place it names, and quotes the construct with single spaces.
    @Test(arguments: [
        ("@keyframes a {\n  from,\n  150%,\n  to { opacity: 1 }\n}\n", "line 3: 150%", "a keyframe selector"),
        ("@keyframes a {\n  from {\n    filter:\n      blur(2px);\n  }\n  to { opacity: 1 }\n}\n", "filter", "does not animate filter"),
        ("@keyframes a {\n  from { opacity: 1 }\n  to {\n    transform:\n      rotate(\n        ninety);\n  }\n}\n", "transform", "rotate"),
        ("@keyframes a {\r\n  from { opacity\r\n 1 }\r\n}\r\n", "opacity 1", "is not a declaration"),
        ("@keyframes a { from { opacity: 1 } }\n.a {\n  animation-duration:\n    fast;\n}\n", "animation-duration", "must be a time")
    ])
    func anErrorIsOneLineNamingItsPlaceAndRule(css: String, place: String, rule: String) throws {
        do {
            _ = try CSSKeyframesImport.definition(css: css, file: "broken.css")
            Issue.record("accepted: \(css)")
        } catch {
            let message = error.description
            #expect(!message.contains("\n") && !message.contains("\r"), "\(message)")
            #expect(message.contains(place) && message.contains(rule), "\(message)")
            #expect(!error.rule.trimmingCharacters(in: .whitespaces).isEmpty && !error.path.hasSuffix(" "), "\(message)")
        }
    }
}

/// Blocks at one offset merge only when their timing functions are the same (CSS Animations 2,
/// as Chromium runs them): a timing function set in one block does not ease what another sets.
struct CSSKeyframeMergingTests {
    @Test func blocksAtOneOffsetMergeOnlyWithTheSameEasing() throws {
        let css = """
            @keyframes a {
              from, 50% { animation-timing-function: ease-in; }
              from { opacity: 0; }
              50% { opacity: 0.5; animation-timing-function: ease-in; }
              50% { transform: scale(2); }
              to { opacity: 1; transform: scale(1); }
            }
            .a { animation-duration: 1s; animation-timing-function: linear; }
            """
        let keyframes = try #require(CSSKeyframesImport.document(css: css, file: "a.css")["keyframes"]?.arrayValue)
        // from: the easing-only block eases nothing and is dropped; opacity keeps linear.
        // 50%: opacity (ease-in) and transform (linear) are two keyframes at one offset.
        #expect(keyframes.map { $0["offset"]?.numberValue } == [0, 0.5, 0.5, 1])
        #expect(keyframes.map { $0["easing"]?.stringValue } == ["linear", "ease-in", "linear", "linear"])
        #expect(keyframes[1]["opacity"] == "0.5" && keyframes[1]["transform"] == nil && keyframes[2]["transform"] == "scale(2)")
        _ = try CSSKeyframesImport.definition(css: css, file: "a.css")
    }
}

/// A delay may be negative wherever CSS takes one (the animation starts part-way through); a
/// duration may not.
struct CSSTimeTests {
    @Test func aTimingRulesDelayMayBeNegativeAndItsDurationMayNot() throws {
        let css = "@keyframes a { from { opacity: 0 } to { opacity: 1 } }\n.a { animation-duration: 1s; animation-delay: -250ms }\n"
        #expect(try CSSKeyframesImport.document(css: css, file: "a.css")["options"]?["delay"] == -250)
        #expect(throws: DefinitionError.self) {
            try CSSKeyframesImport.document(css: css.replacingOccurrences(of: "1s;", with: "-1s;"), file: "a.css")
        }
    }
}

/// The one component's timing rule is read by the same `animation-*` reader as a library's
/// rules: `-webkit-` longhands count, and a direction or fill mode CSS does not have is refused
/// at its field rather than stored.
struct OneComponentTimingRuleTests {
    @Test func prefixedLonghandsAreReadAndUnknownKeywordsRefused() throws {
        let css =
            "@keyframes a { from { opacity: 0 } to { opacity: 1 } }\n.a { -webkit-animation-duration: 2s; -webkit-animation-direction: alternate; animation-fill-mode: both }\n"
        let options = try #require(try CSSKeyframesImport.document(css: css, file: "a.css")["options"])
        #expect(options["duration"] == 2000 && options["direction"] == "alternate" && options["fill"] == "both")
        for (written, field) in [("animation-direction: sideways", ".a.animation-direction"), ("animation-fill-mode: always", ".a.animation-fill-mode")] {
            let bad = "@keyframes a { from { opacity: 0 } to { opacity: 1 } }\n.a { animation-duration: 1s; \(written) }\n"
            let error = try #require(throws: DefinitionError.self) { try CSSKeyframesImport.document(css: bad, file: "a.css") }
            #expect(error.path == "line 2: \(field)", "\(error)")
        }
        let other = "@keyframes a { from { opacity: 0 } to { opacity: 1 } }\n.a { animation-duration: 1s; color: red }\n"
        #expect(throws: DefinitionError.self) { try CSSKeyframesImport.document(css: other, file: "a.css") }
    }
}
