import CatalogModel

/// Writes a dependency-free ES module that plays web animations with `element.animate()`.
///
/// For an animation component it exports `play(element)`; for a chain, `play({role: element})`.
/// Both return `{animations, finished}`: the running `Animation`s and a promise that settles
/// when all of them have finished. `keyframeEffects` holds the data itself (the `--to waapi`
/// JSON).
///
/// ```js
/// import { play } from "./bounce-select.js";
/// await play(document.querySelector(".cell")).finished;
/// ```
public enum ModuleWriter {
    public static func module(header: String, animations: [WebAnimation]) -> String {
        """
        // \(header) — exported by catalog (Web Animations; no dependencies).
        export const keyframeEffects = \(JSONValue.array(animations.map(\.json)).prettyText);

        /** Starts every animation on `element`; returns them and a promise for their end. */
        export function play(element) {
          const animations = keyframeEffects.map(({ keyframes, options }) => element.animate(keyframes, options));
          return { animations, finished: Promise.all(animations.map((a) => a.finished)) };
        }

        """
    }

    public static func chainModule(header: String, roles: [(role: String, animations: [WebAnimation])]) -> String {
        let data = JSONValue.object(Dictionary(uniqueKeysWithValues: roles.map { ($0.role, JSONValue.array($0.animations.map(\.json))) }))
        return """
        // \(header) — exported by catalog (Web Animations; no dependencies).
        export const keyframeEffects = \(data.prettyText);

        /** Starts the chain: `elements` maps each role (\(roles.map(\.role).joined(separator: ", "))) to an element. */
        export function play(elements) {
          const animations = [];
          for (const [role, effects] of Object.entries(keyframeEffects)) {
            const element = elements[role];
            if (!element) throw new TypeError(`play: no element for the role "${role}"`);
            for (const { keyframes, options } of effects) animations.push(element.animate(keyframes, options));
          }
          return { animations, finished: Promise.all(animations.map((a) => a.finished)) };
        }

        """
    }
}
