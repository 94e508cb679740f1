/// Seeded random stylesheet libraries in the shapes published ones take: a base class with the
/// shared timing (sometimes through `:root` custom properties and `calc()`), one class per
/// animation with longhands or the `animation` shorthand, `@keyframes` with selector lists over
/// several lines, implicit `from`/`to`, per-keyframe timing functions, `-webkit-` twins (rules and
/// declarations), `translate()` percentages, colours, `visibility`, a class's `transform-origin`,
/// and `@media (prefers-reduced-motion: reduce)` rules of every kind (over at once, removed,
/// shortened, retimed, another `@keyframes`). The same seed always gives the same stylesheet.
///
/// ```swift
/// let library = GeneratedStylesheets.library(seed: 3)
/// library.classes["g3-fade0"]   // "anim3 g3Fade0": what an element running it carries
/// ```
public enum GeneratedStylesheets {
    public struct Library: Sendable {
        /// The stylesheet.
        public var css: String
        /// Component name (the `@keyframes` name in kebab case) → the classes of an element that runs it.
        public var classes: [String: String]
        /// Component name → the `transform-origin` its class gives the element, where it sets one.
        public var origins: [String: String]
    }

    private static let words = ["Fade", "Slide", "Spin", "Pop", "Drift"]
    private static let easings = [
        "ease", "linear", "ease-in", "ease-out", "ease-in-out", "cubic-bezier(0.34, 1.56, 0.64, 1)",
        "cubic-bezier(.2,.8,.2,1)", "steps(4, end)", "steps(3, jump-both)", "step-start"
    ]
    private static let offsets = ["10%", "12.5%", "20%", "25%", "33.3%", "40%", "50%", "60%", "66.7%", "75%", "90%"]

    public static func library(seed: UInt64) -> Library {
        var random = SeededRandom(seed: seed &* 7919 &+ 17)
        var css = ""
        var classes: [String: String] = [:], origins: [String: String] = [:]
        let useRoot = random.below(2) == 0
        // Names of their own (the base class, the custom properties), so that libraries share a page.
        let base = "anim\(seed)", dur = "--g\(seed)-dur", ease = "--g\(seed)-ease"
        if useRoot { css += ":root {\n  \(dur): \(random.pick(["0.8s", "600ms", "1.2s"]));\n  \(ease): \(random.pick(["ease-out", "ease-in-out"]));\n}\n\n" }
        css +=
            ".\(base) {\n  animation-duration: \(useRoot ? "var(\(dur))" : random.pick(["1s", "500ms", "750ms"]));\n"
            + "  animation-fill-mode: \(random.pick(["both", "forwards", "none", "backwards"]));\n}\n\n"
        let count = 2 + random.below(3)
        var keyframesNames: [String] = []
        for index in 0..<count {
            let word = random.pick(words)
            let name = "g\(seed)\(word)\(index)"
            keyframesNames.append(name)
            let component = "g\(seed)-\(word.lowercased())\(index)"
            classes[component] = "\(base) \(name)"
            css += keyframes(name, random: &random)
            let (rule, origin) = animationRule(name, base: base, custom: useRoot ? (dur, ease) : nil, random: &random)
            css += rule
            origins[component] = origin
        }
        if random.below(3) > 0 {
            css += reducedMotion(keyframesNames, base: base, seed: seed, random: &random)
        }
        return Library(css: css, classes: classes, origins: origins)
    }

    private static func keyframes(_ name: String, random: inout SeededRandom) -> String {
        var properties = ["opacity", "transform", "background-color", "visibility"].filter { _ in random.below(5) < 3 }
        if properties.isEmpty { properties = ["opacity"] }
        if properties == ["visibility"] { properties.append("opacity") }
        var selectors = Array(offsets.shuffled(using: &random).prefix(random.below(3))).sorted { Double($0.dropLast())! < Double($1.dropLast())! }
        if random.below(4) > 0 { selectors.insert("from", at: 0) }
        if random.below(4) > 0 { selectors.append("to") }
        if selectors.isEmpty { selectors = ["to"] }
        let shape = random.below(4)
        var body = ""
        var index = 0
        while index < selectors.count {
            // Sometimes two or three selectors share one block, one per line (prettier's shape).
            let group = min(selectors.count - index, random.below(4) == 0 ? 2 : 1)
            let list = selectors[index..<(index + group)].joined(separator: ",\n  ")
            index += group
            var declarations: [String] = []
            for property in properties {
                let value = self.value(property, shape: shape, random: &random)
                if property == "transform", random.below(3) == 0 { declarations.append("-webkit-transform: \(value);") }
                declarations.append("\(property): \(value);")
            }
            if random.below(3) == 0 { declarations.append("animation-timing-function: \(random.pick(easings));") }
            body += "  \(list) {\n" + declarations.map { "    \($0)\n" }.joined() + "  }\n"
        }
        let rule = "@keyframes \(name) {\n\(body)}\n"
        return (random.below(3) == 0 ? "@-webkit-keyframes \(name) {\n\(body)}\n" : "") + rule
    }

    private static func value(_ property: String, shape: Int, random: inout SeededRandom) -> String {
        switch property {
        case "opacity": return random.pick(["0", "0.35", ".5", "0.8", "1"])
        case "background-color": return random.pick(["#36c", "rgb(255, 0, 0)", "rgba(0, 128, 0, 0.5)", "transparent", "navy", "hsl(120, 60%, 40%)"])
        case "visibility": return random.pick(["visible", "hidden"])
        default:
            if random.below(6) == 0 { return "none" }
            func n(_ values: [String]) -> String { random.pick(values) }
            switch shape {
            case 0: return "translate3d(\(n(["-100%", "0", "25%", "12px"])), \(n(["0", "-20px", "50%"])), 0)"
            case 1: return "rotate(\(n(["-15deg", "0deg", "0.25turn", "10deg", "-0.5rad"])))"
            case 2: return "translateX(\(n(["-30px", "0", "-50%", "8px"]))) scale(\(n(["1", "1.1", "0.9", "0.5"])))"
            default: return "scale3d(\(n(["0.8", "1", "1.2"])), \(n(["0.8", "1", "1.3"])), 1) skewX(\(n(["0deg", "10deg", "-5deg"])))"
            }
        }
    }

    private static func animationRule(_ name: String, base: String, custom: (duration: String, easing: String)?, random: inout SeededRandom)
        -> (rule: String, origin: String?)
    {
        var declarations: [String] = []
        if random.below(2) == 0 {
            // The shorthand: it sets every longhand, the base rule's too.
            let duration = custom != nil && random.below(2) == 0 ? "calc(var(\(custom!.duration)) * 1.5)" : random.pick(["400ms", "1s", "0.9s"])
            let iterations = random.pick(["", " 2", " infinite", " 1.5"])
            let direction = random.pick(["", " alternate", " reverse"])
            let fill = random.pick(["", " both", " forwards"])
            let delay = random.pick(["", " 100ms", " -200ms"])
            declarations.append("animation: \(name) \(duration) \(random.pick(easings))\(delay)\(iterations)\(direction)\(fill);")
        } else {
            declarations.append("animation-name: \(name);")
            if random.below(2) == 0 { declarations.append("animation-timing-function: \(custom.map { "var(\($0.easing))" } ?? random.pick(easings));") }
            if random.below(3) == 0 { declarations.append("animation-iteration-count: \(random.pick(["2", "3", "infinite"]));") }
            if random.below(3) == 0 { declarations.append("animation-delay: \(random.pick(["150ms", "0.25s"]));") }
            if random.below(4) == 0 { declarations.append("animation-direction: alternate;") }
        }
        let origin = random.below(4) == 0 ? random.pick(["top left", "50% 100%", "center", "20px 10px"]) : nil
        if let origin { declarations.append("transform-origin: \(origin);") }
        return (".\(base).\(name) {\n" + declarations.map { "  \($0)\n" }.joined() + "}\n\n", origin)
    }

    private static func reducedMotion(_ names: [String], base: String, seed: UInt64, random: inout SeededRandom) -> String {
        var rules = ""
        var standIn = ""
        for name in names where random.below(2) == 0 {
            switch random.below(5) {
            case 0: rules += "  .\(base).\(name) {\n    animation-duration: 1ms !important;\n    animation-delay: 0s !important;\n  }\n"
            case 1: rules += "  .\(name) {\n    animation: none;\n  }\n"
            case 2: rules += "  .\(base).\(name) {\n    animation-duration: 200ms;\n    animation-delay: 0s;\n  }\n"
            case 3: rules += "  .\(base).\(name) {\n    animation-iteration-count: 1;\n    animation-direction: normal;\n  }\n"
            default:
                let calm = "g\(seed)Calm"
                if standIn.isEmpty { standIn = "@keyframes \(calm) {\n  from {\n    opacity: 0.5;\n  }\n  to {\n    opacity: 1;\n  }\n}\n\n" }
                rules += "  .\(base).\(name) {\n    animation-name: \(calm);\n  }\n"
            }
        }
        return rules.isEmpty ? "" : standIn + "@media (prefers-reduced-motion: reduce) {\n\(rules)}\n"
    }
}
