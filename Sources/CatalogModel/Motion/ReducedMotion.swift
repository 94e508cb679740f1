/// What an animation becomes when the user asks for reduced motion (the
/// `prefers-reduced-motion` media feature, iOS's Reduce Motion): a definition's `reducedMotion:`.
///
/// ```yaml
/// reducedMotion: none              # no motion: the end state at once
/// reducedMotion: removed           # not run at all: the object shows its own values
/// reducedMotion: fade              # an opacity cross-fade (0.2 s) instead of the motion
/// reducedMotion: {fade: 0.15}      # … of a given duration
/// reducedMotion: {shorten: 0.5}    # the same motion in half the time
/// reducedMotion: fade-in           # another animation component instead
/// ```
///
/// Without it an animation plays unchanged (fades are motion-free already). In the engine,
/// `none` shows from its start what the animation shows once it is over (nothing, for one that
/// does not fill forwards); `removed` never shows the animation, as CSS `animation: none` leaves an
/// element its own style; `fade` does the same as `none` for every property but opacity, which runs from
/// the animation's start opacity (0 when it does not animate opacity) to its end opacity (1
/// when it does not) over the fade's duration, ease-in-out; `shorten: f` plays everything —
/// delays included — f times as long.
public enum ReducedMotion: Sendable, Hashable {
    /// `none` in a definition: no motion, the end state at once. (Not `.none`, which an optional
    /// would read as nil.)
    case noMotion
    /// `removed`: the animation does not run at all; the object shows its own (model) values — what
    /// a stylesheet's `animation: none` under `prefers-reduced-motion: reduce` does.
    case removed
    /// Seconds.
    case fade(Double)
    /// A factor in (0, 1].
    case shorten(Double)
    /// Another animation component, `NAME` or `NAME@VERSION`.
    case component(String)

    /// The fade's duration when none is given.
    package static let defaultFadeDuration = 0.2

    /// Reads `reducedMotion:` (the field path names it in errors).
    package init(json: JSONValue, file: String, path: FieldPath) throws(DefinitionError) {
        func fail(_ rule: String) -> DefinitionError { DefinitionError(file: file, path: path.description, rule: rule) }
        switch json {
        case .string("none"): self = .noMotion
        case .string("removed"): self = .removed
        case .string("fade"): self = .fade(Self.defaultFadeDuration)
        case .string(let name):
            let target = String(name.split(separator: "@", maxSplits: 1).first ?? "")
            guard ComponentDefinition.isValidName(target) else {
                throw fail("must be none, removed, fade, {fade: SECONDS}, {shorten: FACTOR} or an animation component's name, not \"\(name)\"")
            }
            self = .component(name)
        case .object(let members):
            guard members.count == 1, let (key, value) = members.first else { throw fail("takes one of fade, shorten or component") }
            let field = path.appending(key)
            switch key {
            case "fade":
                guard let seconds = value.numberValue, seconds.isFinite, seconds > 0, seconds <= 10 else {
                    throw DefinitionError(file: file, path: field.description, rule: "must be seconds, more than 0 and at most 10")
                }
                self = .fade(seconds)
            case "shorten":
                guard let factor = value.numberValue, factor.isFinite, factor > 0, factor <= 1 else {
                    throw DefinitionError(file: file, path: field.description, rule: "must be a factor more than 0 and at most 1")
                }
                self = .shorten(factor)
            case "component":
                guard let name = value.stringValue else { throw DefinitionError(file: file, path: field.description, rule: "must be a component name") }
                self = try ReducedMotion(json: .string(name), file: file, path: field)
                if case .component = self {} else { throw DefinitionError(file: file, path: field.description, rule: "must be a component name") }
            default:
                throw DefinitionError(file: file, path: field.description, rule: "unknown field (allowed here: component, fade, shorten)")
            }
        default:
            throw fail("must be none, removed, fade, {fade: SECONDS}, {shorten: FACTOR} or an animation component's name")
        }
    }

    /// The component it names, if any (a reference, like a chain step's).
    package var componentName: String? {
        if case .component(let name) = self { return String(name.split(separator: "@", maxSplits: 1)[0]) }
        return nil
    }
}
