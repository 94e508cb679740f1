import CatalogModel
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
        let definition = try DefinitionDecoder.decode(text: Self.pulse, file: "pulse.css")
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

    @Test func withoutATimingRuleCSSDefaultsApply() throws {
        let definition = try DefinitionDecoder.decode(text: "@keyframes fade { from { opacity: 0 } }", file: "fade.css")
        guard case .web(let model) = try AnimationDefinition(definition) else { Issue.record("not a web animation"); return }
        // animation-duration 0s and animation-timing-function ease, as CSS has them; the ease
        // applies per interval.
        #expect(model.timing.duration == 0)
        #expect(model.timing.easing == .linear)
        #expect(model.keyframes[0].easing == .cubicBezier(0.25, 0.1, 0.25, 1))
    }

    @Test(arguments: [
        ("@keyframes a { 120% { opacity: 1 } }", "line 1: 120%", "percentage from 0% to 100%"),
        ("@keyframes a {\n  50% { colour: red }\n}", "line 2: 50%.colour", "unknown property"),
        ("@keyframes a {\n  from { opacity: 0 }\n  to { transform: spin(1turn) }\n}", "line 3: to.transform", "unknown transform function"),
        ("@keyframes a { from { opacity: 0 } } @keyframes b { to { opacity: 1 } }", "", "one @keyframes rule per file"),
        ("@keyframes a { from { opacity: 0 }", "line 1", "never closed"),
        ("@keyframes Bad_Name { from { opacity: 0 } }", "line 1: @keyframes", "must match"),
        ("@keyframes a { from { opacity: 0 } }\n.a { animation-duration: fast }", "line 2: .a.animation-duration", "a time such as"),
        ("p { color: red }", "", "needs an @keyframes rule"),
    ])
    func badCSSIsRefusedWithItsLine(css: String, path: String, rule: String) {
        expectDefinitionError(file: "bad.css", path: path, rule: rule) {
            _ = try DefinitionDecoder.decode(text: css, file: "bad.css")
        }
    }
}
