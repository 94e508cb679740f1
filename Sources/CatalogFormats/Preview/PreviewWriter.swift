import CatalogModel

/// Writes the `catalog preview` page: one self-contained HTML file (no network, no external
/// script) that shows each component on sample elements — an animation on one element, a chain
/// over one element per role, a layout's stylesheet on a container a person resizes, a
/// behaviour's module attached to a live element with its properties and events — with play, pause, loop, a
/// scrubber that sets `currentTime`, speed, a reduced-motion toggle (starting from the
/// `prefers-reduced-motion` setting), the component's curves and the values at the scrubbed
/// time. It runs the same Web Animations data `export --to waapi` writes.
///
/// The page exposes `window.catalogPreview` — `scrub(index, ms)`, `setReducedMotion(flag)`,
/// `elements(index)` — for tools and tests.
///
/// ```swift
/// let html = PreviewWriter.page(title: "bounce-select", items: [item])
/// ```
package enum PreviewWriter {
    /// One component on the page.
    package struct Item: Sendable {
        package var name: String
        package var kind: String
        package var summary: String
        /// The elements to animate (an animation's is `element`).
        package var roles: [String]
        /// Role → the Web Animations to run (`{keyframes, options}` each); reduced: under reduced motion.
        package var effects: JSONValue
        package var reducedEffects: JSONValue
        /// A layout's boxes: slot → frame `[x, y, width, height]`, and the rect laid out in.
        package var boxes: [(slot: String, frame: Rect)]
        package var container: Rect?
        /// An SVG of its curves (animations).
        package var plot: String?
        /// A layout's stylesheet (`export --to css`, written for `#layout-INDEX`) and its custom
        /// properties `{name, value, unit}`, and its choices `{name, value, attribute, options}`.
        package var stylesheet: String?
        package var parameters: JSONValue = []
        /// A behaviour's module (`export --to js`) and what the card offers: `{owner, properties,
        /// fields: [{key, type, value}], events, effects}`.
        package var module: String?
        package var live: JSONValue = .null

        package init(
            name: String, kind: String, summary: String, roles: [String], effects: JSONValue, reducedEffects: JSONValue,
            boxes: [(slot: String, frame: Rect)] = [], container: Rect? = nil, plot: String? = nil
        ) {
            self.name = name
            self.kind = kind
            self.summary = summary
            self.roles = roles
            self.effects = effects
            self.reducedEffects = reducedEffects
            self.boxes = boxes
            self.container = container
            self.plot = plot
        }

        var json: JSONValue {
            [
                "name": .string(name), "kind": .string(kind), "roles": .array(roles.map(JSONValue.string)),
                "effects": effects, "reducedEffects": reducedEffects,
                "boxes": .array(
                    boxes.map { .array([.string($0.slot), .number($0.frame.x), .number($0.frame.y), .number($0.frame.width), .number($0.frame.height)]) }),
                "container": container.map { .array([.number($0.x), .number($0.y), .number($0.width), .number($0.height)]) } ?? .null,
                "parameters": parameters, "live": live
            ]
        }
    }

    package static func page(title: String, items: [Item]) -> String {
        let data = JSONValue.array(items.map(\.json)).canonicalText.replacingOccurrences(of: "</", with: "<\\/")
        var cards = "", styles = "", modules = ""
        for (index, item) in items.enumerated() {
            cards += """
                <section class="card" id="card-\(index)">
                  <h2>\(PlotWriter.escape(item.name)) <span class="kind">\(PlotWriter.escape(item.kind))</span></h2>
                  <p class="summary">\(PlotWriter.escape(item.summary))</p>
                  <div class="stage" id="stage-\(index)"></div>
                  <div class="controls">
                    <button data-action="play">Play</button> <button data-action="pause">Pause</button>
                    <label><input type="checkbox" data-action="loop"> loop</label>
                    <input type="range" class="scrubber" min="0" max="1000" step="1" value="0">
                    <span class="time">0 ms</span>
                    <label>speed <select data-action="speed"><option>0.25</option><option>0.5</option><option selected>1</option><option>2</option></select></label>
                  </div>
                  <form class="knobs"></form>
                  <ol class="effects" aria-live="polite"></ol>
                  <table class="values"></table>
                  \(item.plot.map { "<details class=\"curves\" open><summary>curves</summary>\($0)</details>" } ?? "")
                </section>

                """
            if let stylesheet = item.stylesheet { styles += stylesheet.replacingOccurrences(of: "</", with: "<\\/") + "\n" }
            // A behaviour's module runs as a module script of its own (module scripts run after the
            // page's script) and hands its attach() to the card.
            if let module = item.module {
                modules +=
                    "<script type=\"module\">\n\(module.replacingOccurrences(of: "</script", with: "<\\/script"))\n"
                    + "window.catalogPreview.behaviourLoaded(\(index), { attach, behaviour });\n</script>\n"
            }
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(PlotWriter.escape(title))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; background: #fafafa; }
            header { display: flex; gap: 24px; align-items: baseline; }
            .card { background: white; border: 1px solid #ddd; border-radius: 8px; padding: 12px 16px; margin: 16px 0; }
            .kind { font-size: 12px; color: #777; font-weight: normal; }
            .summary { color: #555; margin: 0 0 8px; }
            .stage { position: relative; height: 140px; border: 1px dashed #ccc; border-radius: 6px; display: flex; gap: 24px; align-items: center; justify-content: center; overflow: hidden; }
            .subject { width: 64px; height: 64px; border-radius: 10px; background: #4a7bd0; color: white; display: flex; align-items: center; justify-content: center; font-size: 11px; }
            .box { position: absolute; border: 1px solid #4a7bd0; background: #dbe6f7; font-size: 11px; box-sizing: border-box; }
            .container { position: absolute; border: 1px dashed #999; box-sizing: border-box; }
            .controls { display: flex; gap: 10px; align-items: center; margin: 8px 0; flex-wrap: wrap; }
            .scrubber { width: 280px; }
            .values { font: 12px ui-monospace, monospace; border-collapse: collapse; }
            .values td, .values th { padding: 2px 8px; border-bottom: 1px solid #eee; text-align: left; }
            .container.live { resize: both; overflow: hidden; box-sizing: content-box; }
            .container.live .box { position: absolute; }
            .knobs { display: flex; gap: 10px; flex-wrap: wrap; margin: 6px 0; }
            .owner { padding: 6px 10px; font: inherit; }
            .owner.cell { width: 120px; height: 48px; background: #4a7bd0; color: white; border-radius: 6px; }
            \(styles)</style></head>
            <body>
            <header><h1>\(PlotWriter.escape(title))</h1><label><input type="checkbox" id="reduced"> reduced motion</label></header>
            \(cards)<script>
            "use strict";
            const items = \(data);
            const state = items.map(() => ({ animations: [], elements: {}, speed: 1, loop: false, total: 1000 }));
            const reducedBox = document.getElementById("reduced");
            reducedBox.checked = matchMedia("(prefers-reduced-motion: reduce)").matches;
            const shown = ["opacity", "transform", "backgroundColor"];

            function endOf(effects) {
              let end = 0;
              for (const list of Object.values(effects)) for (const { options } of list) {
                const iterations = options.iterations === "Infinity" ? Infinity : (options.iterations ?? 1);
                const active = (options.duration || 0) * iterations;
                end = Math.max(end, (options.delay || 0) + (Number.isFinite(active) ? active : 2 * (options.duration || 1000)) + (options.endDelay || 0));
              }
              return Math.max(end, 1);
            }

            function build(index) {
              const item = items[index], s = state[index], stage = document.getElementById("stage-" + index);
              for (const a of s.animations) a.cancel();
              stage.textContent = "";
              s.elements = {};
              if (item.kind === "layout") {
                // The layout's own stylesheet places the boxes in a container a person resizes.
                const [, , cw, ch] = item.container || [0, 0, 0, 0];
                const frame = document.createElement("div");
                frame.className = "container live";
                frame.id = "layout-" + index;
                Object.assign(frame.style, { left: "20px", top: "20px", width: cw + "px", height: ch + "px" });
                stage.appendChild(frame);
                for (const [slot] of item.boxes) {
                  const box = document.createElement("div");
                  box.className = "box";
                  box.textContent = slot;
                  box.dataset.slot = slot;
                  frame.appendChild(box);
                  s.elements[slot] = box;
                }
                const knobs = document.getElementById("card-" + index).querySelector(".knobs");
                knobs.textContent = "";
                for (const { name, value, unit, attribute, options } of item.parameters) {
                  const label = document.createElement("label");
                  let input;
                  if (attribute) {
                    // A choice is the container's attribute, as the stylesheet selects it.
                    input = document.createElement("select");
                    input.name = name;
                    for (const option of options) input.append(new Option(option, option, false, option === value));
                    input.addEventListener("input", () => frame.setAttribute(attribute, input.value));
                  } else {
                    input = document.createElement("input");
                    Object.assign(input, { type: "number", step: "any", value: String(value), name });
                    input.addEventListener("input", () => frame.style.setProperty(name, input.value + unit));
                  }
                  label.append(name.replace("--" + item.name + "-", "") + " ", input);
                  knobs.append(label);
                }
                return;
              }
              if (item.live !== null) return;  // a behaviour's card is built when its module has run
              for (const role of item.roles) {
                const element = document.createElement("div");
                element.className = "subject";
                element.textContent = role;
                element.dataset.role = role;
                stage.appendChild(element);
                s.elements[role] = element;
              }
              const effects = reducedBox.checked ? item.reducedEffects : item.effects;
              s.total = endOf(effects);
              s.animations = [];
              for (const role of item.roles) for (const { keyframes, options } of effects[role] || []) {
                const animation = s.elements[role].animate(keyframes, options);
                animation.pause();
                s.animations.push(animation);
              }
              const card = document.getElementById("card-" + index);
              card.querySelector(".scrubber").max = String(Math.ceil(s.total));
              // Open at the end state (an element that fades in is visible); Play starts from 0.
              scrub(index, s.total);
            }

            function scrub(index, ms) {
              const s = state[index], card = document.getElementById("card-" + index);
              for (const a of s.animations) { a.pause(); a.currentTime = ms; }
              card.querySelector(".scrubber").value = String(ms);
              show(index, ms);
            }

            function show(index, ms) {
              const s = state[index], card = document.getElementById("card-" + index);
              card.querySelector(".time").textContent = Math.round(ms) + " ms";
              const rows = ["<tr><th></th>" + shown.map((p) => "<th>" + p + "</th>").join("") + "</tr>"];
              for (const [role, element] of Object.entries(s.elements)) {
                const style = getComputedStyle(element);
                rows.push("<tr><td>" + role + "</td>" + shown.map((p) => "<td>" + style[p] + "</td>").join("") + "</tr>");
              }
              card.querySelector(".values").innerHTML = rows.join("");
            }

            function play(index) {
              const s = state[index];
              if (s.animations.length === 0) return;
              if (s.animations.every((a) => (a.currentTime ?? 0) >= s.total)) scrub(index, 0);
              for (const a of s.animations) { a.playbackRate = s.speed; a.play(); }
              const tick = () => {
                const now = Math.max(...s.animations.map((a) => a.currentTime ?? 0));
                document.getElementById("card-" + index).querySelector(".scrubber").value = String(now);
                show(index, now);
                if (s.animations.some((a) => a.playState === "running")) requestAnimationFrame(tick);
                else if (s.loop) { scrub(index, 0); play(index); }
              };
              requestAnimationFrame(tick);
            }

            items.forEach((item, index) => {
              const card = document.getElementById("card-" + index);
              card.querySelector("[data-action=play]").addEventListener("click", () => play(index));
              card.querySelector("[data-action=pause]").addEventListener("click", () => state[index].animations.forEach((a) => a.pause()));
              card.querySelector("[data-action=loop]").addEventListener("change", (e) => (state[index].loop = e.target.checked));
              card.querySelector("[data-action=speed]").addEventListener("change", (e) => {
                state[index].speed = Number(e.target.value);
                for (const a of state[index].animations) a.playbackRate = state[index].speed;
              });
              card.querySelector(".scrubber").addEventListener("input", (e) => scrub(index, Number(e.target.value)));
              build(index);
            });
            reducedBox.addEventListener("change", () => items.forEach((_, index) => build(index)));

            /** A behaviour's card: its module attached to a live element, properties and events. */
            function behaviourLoaded(index, { attach }) {
              const item = items[index], live = item.live, stage = document.getElementById("stage-" + index);
              const card = document.getElementById("card-" + index);
              const owner = document.createElement(live.owner === "textField" ? "input" : live.owner === "label" ? "span" : "div");
              owner.className = "owner" + (live.owner === "cell" || live.owner === "view" ? " cell" : "");
              if (live.owner === "textField") { owner.placeholder = "Email address"; owner.setAttribute("aria-label", "A text field to type into"); }
              else owner.textContent = live.owner === "label" ? "Swift" : live.owner;
              stage.append(owner);
              state[index].elements.owner = owner;
              const handle = attach(owner, live.properties);
              const effects = card.querySelector(".effects");
              for (const name of live.effects) owner.addEventListener("catalog:" + name, (event) => {
                const li = document.createElement("li");
                li.textContent = name + ": " + JSON.stringify(event.detail);
                effects.append(li);
              });
              const knobs = card.querySelector(".knobs");
              for (const { key, type, value } of live.fields) {
                const label = document.createElement("label");
                const input = document.createElement("input");
                input.name = key;
                if (type === "bool") { input.type = "checkbox"; input.checked = value === true; }
                else { input.type = type === "number" ? "number" : "text"; input.value = value ?? ""; }
                input.addEventListener("change", () => handle.set(key, type === "bool" ? input.checked : type === "number" ? Number(input.value) : input.value));
                label.append(key + " ", input);
                knobs.append(label);
              }
              for (const event of live.events) {
                const button = document.createElement("button");
                button.type = "button";
                button.textContent = "send " + event;
                button.addEventListener("click", () => handle.send(event));
                knobs.append(button);
              }
              state[index].handle = handle;
            }

            window.catalogPreview = {
              items,
              behaviourLoaded,
              handle: (index) => state[index].handle,
              scrub,
              setReducedMotion(flag) { reducedBox.checked = flag; items.forEach((_, index) => build(index)); },
              elements: (index) => state[index].elements,
            };
            </script>
            \(modules)</body></html>

            """
    }
}
