import CatalogModel

/// Writes a behaviour's ES module (DESIGN §9): a decorator, or an animation with `on:` handlers,
/// that runs in a page as the engine runs it. The module has no imports and exports `name`,
/// `version`, the behaviour as data (`behaviour`), the Web Animations each `run` plays
/// (`animations`) and `attach(element, properties = {})`, which returns `{set, send, child,
/// detach}`.
///
/// The handlers are interpreted from the data, action by action, by the rules of the engine's
/// handler run: conditions read the owner's values (set through the handle, given to `attach`,
/// or `data-` attributes), `set` renders on the target and moves bound children, `emit`
/// dispatches `catalog:EFFECT`, `run` plays the component's Web Animations on the document
/// timeline — its reduced form under `prefers-reduced-motion: reduce`.
///
/// ```js
/// import { attach } from "./bouncy-placeholder.js";
/// const handle = attach(document.querySelector("input"), { abbreviatedPlaceholder: "Email" });
/// handle.child("placeholderLabel").textContent;   // the placeholder, shown from the start
/// ```
package enum BehaviourModuleWriter {
    /// The module text.
    /// - Parameters:
    ///   - behaviour: `{attachesTo, attachWhenSet, properties, children, overrides, handlers}` in
    ///     the normalized form ``BehaviourData`` writes.
    ///   - animations: key → `{component, normal, reduced, defaults, literal, scaled}`.
    package static func module(name: String, version: String, behaviour: JSONValue, animations: JSONValue) -> String {
        """
        // \(name) \(version) — a behaviour exported by catalog (DESIGN §9; no dependencies).
        export const name = \(JSONValue.string(name).canonicalText);
        export const version = \(JSONValue.string(version).canonicalText);

        /** The behaviour as data: what attaches it, its properties, children and handlers. */
        export const behaviour = \(behaviour.prettyText);

        /** What each `run` plays, as element.animate() takes it; `reduced` under reduced motion. */
        export const animations = \(animations.prettyText);

        """ + runtime
    }

    /// How a model transform is drawn, by the modules and by the scenario page alike: a plain
    /// translation, rotation and scale as the individual properties, anything else as `transform`.
    package static let renderTransform = #"""
        /** A transform (16 numbers, m11…m44) on an element: a plain translation, rotation and
         *  scale as the individual properties, so that an animation of one part replaces that
         *  part, as the engine composes them; anything else as `transform`. */
        export function renderTransform(style, value) {
          for (const property of ["translate", "rotate", "scale", "transform"]) style[property] = "";
          if (!Array.isArray(value) || value.length !== 16) return;
          const [a, b, m13, m14, c, d, m23, m24, m31, m32, m33, m34, e, f, m43, m44] = value;
          const plain = m13 === 0 && m14 === 0 && m23 === 0 && m24 === 0 && m31 === 0 && m32 === 0 && m34 === 0 && m44 === 1;
          const sx = Math.hypot(a, b);
          if (plain && sx > 0 && Math.abs(a * c + b * d) <= 1e-12 * Math.max(1, sx * sx)) {
            style.translate = `${e}px ${f}px ${m43}px`;
            style.rotate = `${Math.atan2(b, a)}rad`;
            style.scale = `${sx} ${(a * d - b * c) / sx} ${m33}`;
          } else {
            style.transform = `matrix3d(${value.join(", ")})`;
          }
        }
        """#

    /// The interpreter every behaviour module carries.
    static let runtime =
        renderTransform + "\n" + #"""
            const reducedMotionPreferred = () =>
              typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

            const tagOf = (type) => (type === "label" ? "span" : type === "textField" ? "input" : "div");

            function same(a, b) {
              if (a === b) return true;
              if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
              if (Array.isArray(a) !== Array.isArray(b)) return false;
              const ka = Object.keys(a), kb = Object.keys(b);
              return ka.length === kb.length && ka.every((k) => same(a[k], b[k]));
            }

            const isEmpty = (value) => value === undefined || value === null || value === "";

            /** Whether a URL can be opened: http(s) with a host, mailto: with an address, tel: with a number. */
            export function isOpenableURL(text) {
              if (typeof text !== "string" || /\s/u.test(text)) return false;
              const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text);
              if (!match) return false;
              const scheme = match[1].toLowerCase();
              if (scheme === "http" || scheme === "https") {
                const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(text);
                if (!authority) return false;
                let host = authority[1].slice(authority[1].lastIndexOf("@") + 1).replace(/:[0-9]*$/, "");
                return host !== "" && /^[\p{L}\p{N}.-]+$/u.test(host) && !host.startsWith(".") && !host.endsWith(".");
              }
              if (scheme === "mailto") {
                const address = text.slice(7).split("?")[0];
                const parts = address.split("@");
                return parts.length === 2 && parts[0] !== "" && parts[1].includes(".") && !parts[1].endsWith(".");
              }
              if (scheme === "tel") {
                const number = text.slice(4);
                return /\p{N}/u.test(number) && /^[\p{N}+\-(). ]*$/u.test(number);
              }
              return false;
            }

            /** A data- attribute's text as the declared type reads it. */
            function fromAttribute(text, type) {
              switch (type) {
                case "bool": return text === "" || text === "true";
                case "number": return Number(text);
                default: return text;
              }
            }

            /** The individual property an animation of one part of a transform animates, if it does. */
            function partOf(properties) {
              const parts = new Set((properties ?? []).map((name) =>
                name.startsWith("transform.translation") ? "translate" :
                name.startsWith("transform.scale") ? "scale" :
                name === "transform.rotation" || name === "transform.rotation.z" ? "rotate" : null));
              return parts.size === 1 && !parts.has(null) ? [...parts][0] : null;
            }

            /** Keyframes of a whole transform rewritten as the one part they move. */
            function asPart(keyframes, part) {
              return keyframes.map((keyframe) => {
                if (!("transform" in keyframe)) return keyframe;
                const { transform, ...rest } = keyframe;
                const m = new DOMMatrix(transform);
                const value = part === "translate" ? `${m.m41}px ${m.m42}px ${m.m43}px`
                  : part === "scale" ? `${m.m11} ${m.m22} ${m.m33}`
                  : `${Math.atan2(m.m12, m.m11)}rad`;
                return { ...rest, [part]: value };
              });
            }

            /** Plays one exported animation on `target`: a part of a transform as that part; a whole
             *  transform over the parts, which it replaces while it is in effect. */
            function playOn(target, { keyframes, options, properties }) {
              const part = partOf(properties);
              if (part) return target.animate(asPart(keyframes, part), options);
              if (keyframes.some((keyframe) => "transform" in keyframe)) {
                const neutral = { translate: "none", rotate: "none", scale: "none" };
                target.animate([neutral, neutral], options);
              }
              return target.animate(keyframes, options);
            }

            /** Shows a model value on an element: the properties a page draws. */
            function render(element, key, value) {
              const style = element.style;
              switch (key) {
                case "opacity": style.opacity = value === null || value === undefined ? "" : String(value); break;
                case "transform": renderTransform(style, value); break;
                case "hidden": style.visibility = value === true ? "hidden" : ""; break;
                case "text":
                  if (element instanceof HTMLInputElement) element.value = value ?? "";
                  else element.textContent = value ?? "";
                  break;
                case "frame":
                  if (Array.isArray(value)) {
                    style.position = "absolute";
                    [style.left, style.top, style.width, style.height] = value.map((n) => `${n}px`);
                  }
                  break;
              }
            }

            /** Attaches the behaviour to `element`; it takes effect once one of its attachWhenSet
             *  properties is set (at once when it has none). Returns {set, send, child, detach}. */
            export function attach(element, properties = {}) {
              const values = new Map();
              const children = new Map();
              const childValues = new Map();
              const saved = new Map();
              let attached = false;

              for (const [key, text] of Object.entries(element.dataset ?? {})) {
                values.set(key, fromAttribute(text, behaviour.properties[key]?.type));
              }
              for (const key of behaviour.overrides) {
                if (!values.has(key) && element.hasAttribute(key)) values.set(key, element.getAttribute(key));
              }
              for (const [key, value] of Object.entries(properties)) values.set(key, value);

              const read = (key) => (values.has(key) ? values.get(key) : behaviour.properties[key]?.default ?? null);

              function evaluate(expression, event) {
                if ("literal" in expression) return expression.literal;
                if ("property" in expression) return read(expression.property);
                return event ?? null;
              }

              function holds(condition, event) {
                const [kind, body] = Object.entries(condition)[0];
                switch (kind) {
                  case "empty": return isEmpty(evaluate(body, event));
                  case "nonEmpty": return !isEmpty(evaluate(body, event));
                  case "isTrue": return evaluate(body, event) === true;
                  case "equals": return same(evaluate(body[0], event) ?? null, evaluate(body[1], event) ?? null);
                  case "openableURL": return isOpenableURL(evaluate(body, event));
                  case "not": return !holds(body, event);
                }
                return false;
              }

              function place(child, name) {
                if (childValues.get(name).has("frame")) return;
                Object.assign(child.style, {
                  position: "absolute", boxSizing: "border-box", margin: "0", pointerEvents: "none",
                  left: `${element.offsetLeft}px`, top: `${element.offsetTop}px`,
                  width: `${element.offsetWidth}px`, height: `${element.offsetHeight}px`,
                });
              }

              function setChild(name, key, value) {
                const own = childValues.get(name);
                if (value === null || value === undefined) own.delete(key); else own.set(key, value);
                render(children.get(name), key, value);
              }

              /** The owner's value, with the children bound to it following. */
              function setOwner(key, value, draw) {
                if (value === null || value === undefined) values.delete(key); else values.set(key, value);
                if (draw) render(element, key, value);
                for (const [name, spec] of Object.entries(behaviour.children)) {
                  if (!children.has(name)) continue;
                  for (const [property, expression] of Object.entries(spec.properties)) {
                    if (expression.property === key) setChild(name, property, read(key));
                  }
                }
              }

              function makeChildren() {
                let last = element;
                for (const name of Object.keys(behaviour.children).sort()) {
                  const spec = behaviour.children[name];
                  const child = document.createElement(tagOf(spec.type));
                  child.dataset.catalogChild = name;
                  if (child instanceof HTMLInputElement) child.readOnly = true;
                  children.set(name, child);
                  childValues.set(name, new Map());
                  last.after(child);
                  last = child;
                  for (const key of Object.keys(spec.properties).sort()) setChild(name, key, evaluate(spec.properties[key]));
                  place(child, name);
                }
              }

              function attachNow() {
                if (attached) return;
                attached = true;
                for (const key of behaviour.overrides) {
                  if (element.hasAttribute(key)) { saved.set(key, element.getAttribute(key)); element.removeAttribute(key); }
                }
                makeChildren();
              }

              function run(action, event) {
                const target = action.on === null ? element : children.get(action.on);
                const own = action.on === null ? values : childValues.get(action.on);
                const entry = animations[action.animation];
                const given = {};
                for (const [parameter, key] of Object.entries(action.boundParameters)) {
                  const value = read(key);
                  if (value !== null) given[parameter] = value;
                }
                for (const parameter of Object.keys(entry.defaults)) {
                  const key = `${entry.component}.${parameter}`;
                  if (!(parameter in given) && !entry.literal.includes(parameter) && own.has(key)) given[parameter] = own.get(key);
                }
                const form = reducedMotionPreferred() ? "reduced" : "normal";
                entry[form].forEach(({ keyframes, options, properties }, index) => {
                  const timing = { ...options };
                  for (const [parameter, value] of Object.entries(given)) {
                    if (same(value, entry.defaults[parameter])) continue;
                    const scaled = entry.scaled[parameter];
                    if (!scaled) {
                      throw new RangeError(`${name}: ${entry.component}.${parameter} is ${JSON.stringify(value)}: this module plays ${entry.component} only with ${JSON.stringify(entry.defaults[parameter])}`);
                    }
                    for (const [field, perUnit] of Object.entries(scaled[form][index])) timing[field] = perUnit * value;
                  }
                  playOn(target, { keyframes, options: timing, properties });
                });
              }

              function perform(actions, event) {
                for (const action of actions) {
                  if ("if" in action) { perform(holds(action.if, event) ? action.then : action.else, event); continue; }
                  if ("emit" in action) {
                    const detail = action.value === null ? null : evaluate(action.value, event);
                    element.dispatchEvent(new CustomEvent(`catalog:${action.emit}`, { detail, bubbles: true }));
                  } else if ("set" in action) {
                    const value = evaluate(action.value, event);
                    if (action.on === null) setOwner(action.set, value, true); else setChild(action.on, action.set, value);
                  } else if ("run" in action) {
                    run(action, event);
                  }
                }
              }

              function send(event, value) {
                if (!attached) return;
                for (const [name, child] of children) place(child, name);
                perform(behaviour.handlers[event] ?? [], value);
              }

              const onInput = () => send("textChanged", element.value);
              const onClick = () => send("tap");
              element.addEventListener("input", onInput);
              element.addEventListener("click", onClick);
              if (behaviour.attachWhenSet.length === 0 || behaviour.attachWhenSet.some((key) => values.has(key))) attachNow();

              return {
                set(key, value) {
                  setOwner(key, value, false);
                  if (!attached && behaviour.attachWhenSet.includes(key)) attachNow();
                  // The owner may have moved or been resized (a frame set): the children follow.
                  for (const [name, child] of children) place(child, name);
                },
                send,
                child: (name) => children.get(name) ?? null,
                detach() {
                  element.removeEventListener("input", onInput);
                  element.removeEventListener("click", onClick);
                  for (const child of children.values()) child.remove();
                  children.clear();
                  for (const [key, text] of saved) element.setAttribute(key, text);
                  saved.clear();
                  attached = false;
                },
              };
            }

            """#
}
