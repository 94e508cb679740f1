import CatalogModel

/// Writes web animations as a CSS stylesheet: one `@keyframes` per animation and one rule per
/// selector that sets `animation` (a comma-separated list, in stacking order: a later one wins
/// where two animate one property) and, when some add to the element's own value,
/// `animation-composition`.
///
/// Putting the class on an element starts its animations at that moment; the element's own
/// style is the underlying value they start from, fill from and return to.
///
/// ```swift
/// let animations = try AnimationExport(try AnimationDefinition(fade), target: .css).animations
/// let css = StylesheetWriter.stylesheet(header: "fade-in 1.0.0",
///                                       rules: [.init(selector: ".fade-in", keyframesName: "fade-in", animations: animations)])
/// // @keyframes fade-in { 0% { opacity: 0; animation-timing-function: cubic-bezier(0, 0, 0.58, 1); } 100% { opacity: 1; } }
/// // .fade-in { animation: fade-in 250ms linear 0ms 1 normal forwards; }
/// ```
package enum StylesheetWriter {
    package struct Rule: Sendable {
        package var selector: String
        /// The base of the `@keyframes` names (`NAME`, `NAME-2`, … when there are several).
        package var keyframesName: String
        package var animations: [WebAnimation]
        /// What plays instead when the user prefers reduced motion; nil: the same animations.
        package var reduced: [WebAnimation]?
        /// The base of the reduced animations' `@keyframes` names where their keyframes are their
        /// own (a stand-in component's name); `KEYFRAMESNAME--reduced` when nil.
        package var reducedKeyframesName: String?

        package init(
            selector: String, keyframesName: String, animations: [WebAnimation], reduced: [WebAnimation]? = nil,
            reducedKeyframesName: String? = nil
        ) {
            self.selector = selector
            self.keyframesName = keyframesName
            self.animations = animations
            self.reduced = reduced
            self.reducedKeyframesName = reducedKeyframesName
        }

        /// Whether the reduced animations run the normal ones' keyframes on other timings
        /// (`shorten`, `none`; not a stand-in component, whose keyframes may be alike): then the reduced-motion rule names the same `@keyframes`, as a
        /// stylesheet says it, and `catalog add` reads the policy back.
        var reducedReusesKeyframes: Bool {
            guard reducedKeyframesName == nil, let reduced, !reduced.isEmpty, reduced.count == animations.count else { return false }
            return zip(reduced, animations).allSatisfy { $0.keyframes == $1.keyframes && $0.composite == $1.composite }
        }
    }

    /// - Parameter tokens: CSS texts of design tokens the component references (`150ms`) →
    ///   their custom property: a duration or delay written with that text is written
    ///   `var(--token, text)` — the same value where the page does not define the property, the
    ///   design system's where it does. (Keyframe easings are written out: Chromium does not
    ///   follow a custom property in a keyframe's `animation-timing-function`.)
    package static func stylesheet(header: String, rules: [Rule], tokens: [String: String] = [:]) -> String {
        var out = "/* \(header) — exported by catalog; each animation is exact or baked within 0.1 % (see export --explain). */\n"
        var body = "", reducedBody = ""
        let token: (String) -> String = { text in tokens[text].map { "var(\($0), \(text))" } ?? text }
        for rule in rules {
            let base = CSSIdentifier.keyframesName(rule.keyframesName)
            body += "\n" + declarations(rule.selector, names: base, rule.animations, keyframes: &out, indent: "", token: token)
            if let reduced = rule.reduced {
                if rule.reducedReusesKeyframes {
                    var unused = ""
                    reducedBody += declarations(rule.selector, names: base, reduced, keyframes: &unused, indent: "  ", token: token)
                } else {
                    let names = rule.reducedKeyframesName.map(CSSIdentifier.keyframesName) ?? base + "--reduced"
                    reducedBody += declarations(
                        rule.selector, names: names == base ? base + "--reduced" : names, reduced, keyframes: &out,
                        indent: "  ", token: token)
                }
            }
        }
        if !reducedBody.isEmpty { body += "\n@media (prefers-reduced-motion: reduce) {\n\(reducedBody)}\n" }
        return out + body
    }

    /// The rule setting `animation` (and `animation-composition`); appends its `@keyframes`.
    private static func declarations(
        _ selector: String, names base: String, _ animations: [WebAnimation], keyframes out: inout String, indent: String,
        token: (String) -> String
    ) -> String {
        var entries: [String] = [], composition: [String] = []
        for (index, animation) in animations.enumerated() {
            let name = animations.count == 1 ? base : "\(base)-\(index + 1)"
            out += "\n" + keyframes(name, animation)
            let t = animation.timing
            let iterations = t.iterations.isFinite ? CSSNumber.text(t.iterations) : "infinite"
            entries.append(
                "\(name) \(token("\(CSSNumber.text(t.duration))ms")) linear \(token("\(CSSNumber.text(t.delay))ms")) \(iterations) \(t.direction) \(t.fill)")
            composition.append(animation.composite)
        }
        var text = "\(indent)\(selector) {\n\(indent)  animation: \(entries.isEmpty ? "none" : entries.joined(separator: ",\n\(indent)    "));\n"
        if composition.contains(where: { $0 != "replace" }) { text += "\(indent)  animation-composition: \(composition.joined(separator: ", "));\n" }
        return text + "\(indent)}\n"
    }

    private static func keyframes(_ name: String, _ animation: WebAnimation) -> String {
        var text = "@keyframes \(name) {\n"
        for frame in animation.keyframes {
            var declarations = frame.values.keys.sorted().map { key in "\(WebProperty.cssName(key)): \(frame.values[key]!);" }
            // A custom property here is not followed by Chromium (a keyframe's timing function is
            // fixed when the rule is read): the curve is written out.
            if frame.easing != "linear" { declarations.append("animation-timing-function: \(frame.easing);") }
            // Neutral values added to the underlying value: the underlying value, at this keyframe's easing.
            if frame.composite != "replace" { declarations.append("animation-composition: \(frame.composite);") }
            text += "  \(CSSNumber.percent(frame.offset))% { \(declarations.joined(separator: " ")) }\n"
        }
        return text + "}\n"
    }
}

/// Component names made into CSS identifiers: `.` and other non-name characters escaped in
/// selectors; in `@keyframes` names replaced, and kept clear of the `animation` keywords.
package enum CSSIdentifier {
    private static let keywords: Set<String> = [
        "none", "initial", "inherit", "unset", "revert", "default", "linear", "ease", "ease-in", "ease-out", "ease-in-out",
        "step-start", "step-end", "infinite", "normal", "reverse", "alternate", "alternate-reverse", "forwards", "backwards",
        "both", "running", "paused", "auto"
    ]

    package static func keyframesName(_ name: String) -> String {
        var identifier = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        if identifier.first?.isNumber ?? true { identifier = "_" + identifier }
        return keywords.contains(identifier) ? identifier + "-keyframes" : identifier
    }

    /// `.NAME` with the name escaped as a CSS class.
    package static func classSelector(_ name: String) -> String {
        var escaped = ""
        for (index, character) in name.enumerated() {
            if index == 0, character.isNumber {
                escaped += "\\3\(character) "
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                escaped.append(character)
            } else {
                escaped += "\\" + String(character)
            }
        }
        return "." + escaped
    }
}

extension WebProperty {
    /// `backgroundColor` → `background-color`.
    static func cssName(_ camelCase: String) -> String {
        var name = ""
        for character in camelCase {
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
        return name
    }
}

/// The text a stylesheet writes for a time token's value, so that the token's custom property
/// can stand where that exact text would (``StylesheetWriter/stylesheet(header:rules:tokens:)``).
package enum TokenFallbackText {
    /// A time as the stylesheet writes durations and delays: `150ms`.
    package static func time(seconds: Double) -> String { "\(CSSNumber.text(seconds * 1000))ms" }
}
