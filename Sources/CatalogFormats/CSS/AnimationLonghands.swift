import CatalogModel
import Foundation

/// What declarations say of an element's animation: each `animation-*` longhand (nil: not set)
/// and the animations named — the one reader of `animation` and `animation-*` (vendor-prefixed
/// or not) for every stylesheet form. The shorthand sets every longhand, to its initial value
/// where it says nothing; of a list, the first entry is kept (one element, one animation).
///
/// ```swift
/// var timing = AnimationLonghands()
/// try timing.read("animation", "fadeOut 1s ease-in both", file: "a.css", field: ".fadeOut.animation")
/// try timing.read("animation-duration", "2s", file: "a.css", field: ".slow.animation-duration")
/// timing.duration   // 2000
/// ```
struct AnimationLonghands: Equatable {
    var duration: Double?, delay: Double?
    var easing: String?
    /// `.infinity` for `infinite`.
    var iterations: Double?
    var direction: String?, fill: String?
    var names: [String]?
    /// `animation: none` or `animation-name: none`: no animation runs.
    var namesNone = false
    var setsAnimation = false

    static let defaults = AnimationLonghands(duration: 0, delay: 0, easing: "ease", iterations: 1, direction: "normal", fill: "none")

    init(
        duration: Double? = nil, delay: Double? = nil, easing: String? = nil, iterations: Double? = nil,
        direction: String? = nil, fill: String? = nil
    ) {
        self.duration = duration
        self.delay = delay
        self.easing = easing
        self.iterations = iterations
        self.direction = direction
        self.fill = fill
    }

    /// Reads one rule's `animation` and `animation-*` declarations in order.
    init(_ rule: CSSKeyframesImport.Block, file: String, resolve: (String) -> String) throws(DefinitionError) {
        for (written, raw) in try CSSKeyframesImport.declarations(rule.body, file: file, line: rule.line, context: rule.prelude) {
            try read(written, resolve(raw), file: file, field: "line \(rule.line): \(rule.prelude).\(written)")
        }
    }

    /// Whether a property (as written, perhaps `-webkit-`) is one this reads.
    static func reads(_ written: String) -> Bool {
        let property = CSSKeyframesImport.unprefixed(written)
        return property == "animation" || property.hasPrefix("animation-")
    }

    /// Reads one declaration whose value's `var()`s are already worked out; other properties are
    /// passed over.
    mutating func read(_ written: String, _ value: String, file: String, field: String) throws(DefinitionError) {
        let property = CSSKeyframesImport.unprefixed(written)
        guard Self.reads(written) else { return }
        let first = CSSKeyframesImport.splitTopLevel(value, on: ",").first ?? value
        setsAnimation = true
        switch property {
        case "animation":
            var shorthands: [CSSKeyframesImport.ShorthandAnimation] = []
            for entry in CSSKeyframesImport.splitTopLevel(value, on: ",") {
                shorthands.append(try CSSKeyframesImport.ShorthandAnimation(entry, file: file, path: field, requireName: false))
            }
            guard let shorthand = shorthands.first else { return }
            duration = shorthand.timing.duration
            delay = shorthand.timing.delay
            easing = shorthand.easing
            iterations = shorthand.timing.iterations
            direction = shorthand.timing.direction
            fill = shorthand.timing.fill
            let named = shorthands.map(\.name).filter { !$0.isEmpty && $0 != "none" }
            names = named.isEmpty ? nil : named
            namesNone = shorthands.allSatisfy { $0.name.isEmpty || $0.name == "none" }
        case "animation-name":
            let listed = CSSKeyframesImport.splitTopLevel(value, on: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }.filter {
                $0 != "none"
            }
            names = listed.isEmpty ? nil : listed
            namesNone = listed.isEmpty
        case "animation-duration":
            // `auto` is 0 s for a CSS animation (CSS Animations 2).
            duration = first == "auto" ? 0 : try CSSKeyframesImport.milliseconds(first, file: file, path: field)
        case "animation-delay": delay = try CSSKeyframesImport.milliseconds(first, file: file, path: field, allowNegative: true)
        case "animation-timing-function":
            try CSSKeyframesImport.checkEasing(first, file: file, path: field)
            easing = first
        case "animation-iteration-count": iterations = try CSSKeyframesImport.iterations(first, file: file, path: field)
        case "animation-direction":
            guard CSSKeyframesImport.directions.contains(first) else {
                throw DefinitionError(file: file, path: field, rule: "must be normal, reverse, alternate or alternate-reverse")
            }
            direction = first
        case "animation-fill-mode":
            guard CSSKeyframesImport.fillModes.contains(first) else {
                throw DefinitionError(file: file, path: field, rule: "must be none, forwards, backwards or both")
            }
            fill = first
        default:
            break  // play-state, composition, timeline: not part of the timing a component keeps
        }
    }

    /// `other`'s longhands over these, where it sets them.
    mutating func cascade(_ other: AnimationLonghands) {
        duration = other.duration ?? duration
        delay = other.delay ?? delay
        easing = other.easing ?? easing
        iterations = other.iterations ?? iterations
        direction = other.direction ?? direction
        fill = other.fill ?? fill
        if other.names != nil || other.namesNone {
            names = other.names
            namesNone = other.namesNone
        }
    }

    /// The same timing: what decides whether a reduced-motion rule changes the animation.
    func sameTiming(as other: AnimationLonghands) -> Bool {
        webTiming == other.webTiming && (easing ?? "ease") == (other.easing ?? "ease")
    }

    /// The Web Animations options this timing plays with.
    var webTiming: ImportedDefinition.Timing {
        ImportedDefinition.Timing(
            duration: duration ?? 0, delay: delay ?? 0, iterations: iterations ?? 1, direction: direction ?? "normal", fill: fill ?? "none")
    }
}
