import CatalogModel

/// Writes a dependency-free ES module that plays web animations with `element.animate()`.
///
/// For an animation component it exports `play(element)`; for a chain, `play({role: element})`.
/// Both return `{animations, finished}`: the running `Animation`s and a promise that settles
/// when all of them have finished. `keyframeEffects` holds the data itself (the `--to waapi`
/// JSON); when `matchMedia("(prefers-reduced-motion: reduce)")` matches, `play` runs
/// `reducedMotionKeyframeEffects` instead.
///
/// ```js
/// import { play } from "./bounce-select.js";
/// await play(document.querySelector(".cell")).finished;
/// ```
package enum ModuleWriter {
    /// The module's shared head: the data, the reduced-motion variant and the media query check.
    private static func head(_ header: String, normal: JSONValue, reduced: JSONValue) -> String {
        """
        // \(header) — exported by catalog (Web Animations; no dependencies).
        export const keyframeEffects = \(normal.prettyText);

        /** What plays instead when the user prefers reduced motion. */
        export const reducedMotionKeyframeEffects = \(reduced.prettyText);

        const prefersReducedMotion = () =>
          typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;


        """
    }

    package static func module(header: String, animations: [WebAnimation], reduced: [WebAnimation]? = nil) -> String {
        head(header, normal: .array(animations.map(\.json)), reduced: .array((reduced ?? animations).map(\.json))) + """
            /** Starts every animation on `element`; returns them and a promise for their end. */
            export function play(element) {
              const effects = prefersReducedMotion() ? reducedMotionKeyframeEffects : keyframeEffects;
              const animations = effects.map(({ keyframes, options }) => element.animate(keyframes, options));
              return { animations, finished: Promise.all(animations.map((a) => a.finished)) };
            }

            """
    }

    package static func chainModule(
        header: String, roles: [(role: String, animations: [WebAnimation])],
        reduced: [(role: String, animations: [WebAnimation])]? = nil
    ) -> String {
        func data(_ roles: [(role: String, animations: [WebAnimation])]) -> JSONValue {
            .object(Dictionary(uniqueKeysWithValues: roles.map { ($0.role, JSONValue.array($0.animations.map(\.json))) }))
        }
        return head(header, normal: data(roles), reduced: data(reduced ?? roles)) + """
            /** Starts the chain: `elements` maps each role (\(roles.map(\.role).joined(separator: ", "))) to an element. */
            export function play(elements) {
              const animations = [];
              const chosen = prefersReducedMotion() ? reducedMotionKeyframeEffects : keyframeEffects;
              for (const [role, effects] of Object.entries(chosen)) {
                const element = elements[role];
                if (!element) throw new TypeError(`play: no element for the role "${role}"`);
                for (const { keyframes, options } of effects) animations.push(element.animate(keyframes, options));
              }
              return { animations, finished: Promise.all(animations.map((a) => a.finished)) };
            }

            """
    }
}
