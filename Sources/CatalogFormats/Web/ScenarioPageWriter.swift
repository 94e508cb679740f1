import CatalogModel

/// Writes the page that plays a scenario in a browser (DESIGN §9's judge): one element per
/// object, the exported behaviour modules attached, layouts' stylesheets applied, the steps
/// performed at their scene times with every animation paused and seeked by the page, and
/// what is observed read from the browser — `getComputedStyle` and the border box — in the
/// form `scenario run --format json` prints. A person scrubs it with the slider; a test reads
/// `#out` once it is filled.
///
/// ```swift
/// let html = ScenarioPageWriter.page(title: "typing", scenarios: [data], modules: modules, stylesheets: css)
/// ```
package enum ScenarioPageWriter {
    /// - Parameters:
    ///   - scenarios: a list of `{name, objects, decorators, effects, steps, observe}`: objects
    ///     `{id, type, properties}`, steps `{at, kind, …}` as the page performs them
    ///     (``ScenarioPage`` writes them); `#out` gets one result per scenario, and the slider
    ///     scrubs the first.
    ///   - modules: key → ES module text.
    ///   - stylesheets: the layouts' stylesheets, in one text.
    package static func page(title: String, scenarios: JSONValue, modules: [String: String], stylesheets: String) -> String {
        let moduleData = JSONValue.object(modules.mapValues(JSONValue.string)).canonicalText
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title)) — scenario</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 0; }
            \(style)
            \(stylesheets)
            </style>
            </head>
            <body>
            \(markup(scenarios: scenarios, modules: moduleData))
            <script type="module">
            \(player)
            </script>
            </body>
            </html>

            """
    }

    /// Where a served page loads ``player`` from.
    package static let playerURL = "/static/scenario-player.js"

    /// The page's markup as a server answers it under a policy that allows no inline script or
    /// style: the player loaded from ``playerURL``, the style and the layouts' stylesheets from
    /// `stylesheet`, each module from its URL (key → URL).
    package static func servedMarkup(scenarios: JSONValue, moduleURLs: [String: String], stylesheet: String) -> String {
        let modules = JSONValue.object(moduleURLs.mapValues { ["url": .string($0)] }).canonicalText
        return """
            <link rel="stylesheet" href="\(escape(stylesheet).replacingOccurrences(of: "\"", with: "&quot;"))">
            <section class="scenario-player">
            \(markup(scenarios: scenarios, modules: modules))
            </section>
            <script type="module" src="\(playerURL)"></script>
            """
    }

    /// The slider, the scene and the data the player reads.
    static func markup(scenarios: JSONValue, modules: String) -> String {
        """
        <div class="scrubber"><label for="time">t</label><input id="time" type="range" min="0" step="0.001" value="0"><output id="now" for="time">0</output></div>
        <div id="scene"></div>
        <pre id="out"></pre>
        <script type="application/json" id="scenario">\(scriptSafe(scenarios.canonicalText))</script>
        <script type="application/json" id="modules">\(scriptSafe(modules))</script>
        """
    }

    /// The scrubber's and the scene's own style.
    package static let style = """
        .scrubber { display: flex; gap: 12px; align-items: center; padding: 8px 12px; border-bottom: 1px solid #8884; }
        .scrubber input[type=range] { flex: 1; }
        #scene { position: relative; margin: 12px; height: 480px; overflow: hidden; outline: 1px dashed #8886; }
        #scene * { box-sizing: border-box; margin: 0; }
        #out { display: none; }
        """

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// JSON inside a `<script>` element: `</` cannot end it early.
    static func scriptSafe(_ json: String) -> String { json.replacingOccurrences(of: "</", with: "<\\/") }

    package static let player =
        BehaviourModuleWriter.renderTransform + "\n" + #"""
            const scenarios = JSON.parse(document.getElementById("scenario").textContent);
            const sources = JSON.parse(document.getElementById("modules").textContent);
            const modules = {};
            // A module's text (a page on its own) or its URL (a served page, whose policy allows no blob: script).
            for (const [key, source] of Object.entries(sources)) {
              modules[key] = await import(typeof source === "string" ? URL.createObjectURL(new Blob([source], { type: "text/javascript" })) : source.url);
            }
            const scene = document.getElementById("scene");
            const tagOf = (type) => (type === "label" ? "span" : type === "textField" ? "input" : "div");
            const tolerance = 1e-9;

            /** What the page draws of a plain property set. */
            function render(element, key, value) {
              const style = element.style;
              switch (key) {
                case "frame":
                  style.position = "absolute";
                  if (Array.isArray(value)) [style.left, style.top, style.width, style.height] = value.map((n) => `${n}px`);
                  break;
                case "opacity": style.opacity = value === null ? "" : String(value); break;
                case "transform": renderTransform(style, value); break;
                case "hidden": style.visibility = value === true ? "hidden" : ""; break;
                case "text": if (element instanceof HTMLInputElement) element.value = value ?? ""; else element.textContent = value ?? ""; break;
              }
            }

            const angle = (text) => {
              const n = parseFloat(text);
              return text.endsWith("rad") && !text.endsWith("grad") ? n * 180 / Math.PI : text.endsWith("turn") ? n * 360 : text.endsWith("grad") ? n * 0.9 : n;
            };

            /** What the element shows: translate, rotate, scale and transform composed, as CSS does. */
            function matrix(style) {
              let m = new DOMMatrix();
              if (style.translate && style.translate !== "none") {
                const [x, y = "0", z = "0"] = style.translate.split(" ");
                m = m.translate(parseFloat(x), parseFloat(y), parseFloat(z));
              }
              if (style.rotate && style.rotate !== "none") {
                const tokens = style.rotate.split(" ");
                const degrees = angle(tokens[tokens.length - 1]);
                if (tokens.length === 1 || tokens[0] === "z") m = m.rotate(0, 0, degrees);
                else if (tokens.length === 4) m = m.rotateAxisAngle(Number(tokens[0]), Number(tokens[1]), Number(tokens[2]), degrees);
                else m = m.rotateAxisAngle(tokens[0] === "x" ? 1 : 0, tokens[0] === "y" ? 1 : 0, 0, degrees);
              }
              if (style.scale && style.scale !== "none") {
                const [sx, sy = sx, sz = "1"] = style.scale.split(" ");
                m = m.scale(Number(sx), Number(sy), Number(sz));
              }
              if (style.transform && style.transform !== "none") m = m.multiply(new DOMMatrix(style.transform));
              return [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44];
            }

            /** Plays a scenario from nothing up to `until`, reading the observations on the way. */
            function play(scenario, until, times) {
              scene.replaceChildren();
              const elements = new Map();
              const handles = new Map();
              const started = new Map();
              const effects = [];
              const samples = [];
              let now = 0;
              const onEffect = (event) => {
                effects.push({ t: now, object: event.target.dataset.object, effect: event.type.slice("catalog:".length), value: event.detail ?? null });
              };
              // Listening ends with this play, so that a later one's events are not counted here.
              const listening = new AbortController();
              for (const name of scenario.effects) scene.addEventListener(`catalog:${name}`, onEffect, { signal: listening.signal });
              const layouts = [];
              const current = new Map(scenario.objects.map((object) => [object.id, { ...object.properties }]));

              function seek(t) {
                for (const animation of document.getAnimations()) {
                  if (!started.has(animation)) started.set(animation, now);
                  animation.pause();
                  animation.currentTime = (t - started.get(animation)) * 1000;
                }
              }
              function adopt(id, module, properties) {
                const list = handles.get(id) ?? [];
                list.push(module.attach(elements.get(id), properties));
                handles.set(id, list);
              }
              for (const object of scenario.objects) {
                const element = document.createElement(tagOf(object.type));
                element.dataset.object = object.id;
                element.style.position = "absolute";
                // A text field is named as the scenario names it (assistive technology needs a label).
                if (element instanceof HTMLInputElement) { element.readOnly = true; element.setAttribute("aria-label", object.id); }
                scene.append(element);
                elements.set(object.id, element);
                for (const [key, value] of Object.entries(object.properties)) render(element, key, value);
              }
              for (const object of scenario.objects) {
                for (const key of scenario.decorators) {
                  const module = modules[key];
                  const types = module.behaviour.attachesTo;
                  if (types.length === 0 || types.includes(object.type)) adopt(object.id, module, object.properties);
                }
              }
              /** Moves an element into a container with the decorator children that follow it. */
              function moveWithChildren(element, container) {
                const followers = [];
                for (let next = element.nextElementSibling; next && next.dataset.catalogChild !== undefined; next = next.nextElementSibling) followers.push(next);
                container.append(element, ...followers);
              }
              /** A layout sets frames: each bound object's handles hear its new frame. */
              function laidOut(roles) {
                for (const id of Object.values(roles)) {
                  const style = getComputedStyle(elements.get(id));
                  const frame = [style.left, style.top, style.width, style.height].map(parseFloat);
                  for (const handle of handles.get(id) ?? []) handle.set("frame", frame);
                }
              }
              function observe(t) {
                seek(t);
                const values = {};
                for (const path of scenario.observe.paths) {
                  const [id, childName] = path.split("/");
                  let element = elements.get(id);
                  if (childName !== undefined) element = (handles.get(id) ?? []).map((h) => h.child(childName)).find((c) => c) ?? null;
                  if (!element) continue;
                  const style = getComputedStyle(element);
                  const read = {};
                  for (const property of scenario.observe.properties) {
                    switch (property) {
                      case "opacity": read.opacity = Number(style.opacity); break;
                      case "transform": read.transform = matrix(style); break;
                      case "hidden": read.hidden = style.visibility === "hidden"; break;
                      case "frame": read.frame = [style.left, style.top, style.width, style.height].map(parseFloat); break;
                      case "text": read.text = element instanceof HTMLInputElement ? element.value : element.textContent; break;
                      default: read[property] = null;
                    }
                  }
                  values[path] = read;
                }
                samples.push({ t, values });
              }
              let next = 0;
              for (const step of scenario.steps) {
                if (step.at > until + tolerance) break;
                while (next < times.length && times[next] + tolerance < step.at) observe(times[next++]);
                seek(step.at);
                now = step.at;
                const target = elements.get(step.to);
                switch (step.kind) {
                  case "set":
                    render(elements.get(step.object), step.key, step.value);
                    current.get(step.object)[step.key] = step.value;
                    for (const handle of handles.get(step.object) ?? []) handle.set(step.key, step.value);
                    // A layout module lays out again on resize, when the browser next renders: now, here.
                    for (const layout of layouts) layout.update({});
                    break;
                  case "send":
                    for (const handle of handles.get(step.to) ?? []) handle.send(step.event, step.value);
                    break;
                  case "behaviour":
                    for (const id of step.targets) adopt(id, modules[step.module], current.get(id));
                    break;
                  case "animation":
                    for (const id of step.targets) modules[step.module].play(elements.get(id));
                    break;
                  case "chain":
                    modules[step.module].play(Object.fromEntries(Object.entries(step.roles).map(([role, id]) => [role, elements.get(id)])));
                    break;
                  case "layoutModule": {
                    const container = elements.get(step.targets[0]);
                    for (const [slot, id] of Object.entries(step.roles)) {
                      const child = elements.get(id);
                      child.dataset.slot = slot;
                      moveWithChildren(child, container);
                    }
                    layouts.push(modules[step.module].layout(container, step.parameters));
                    laidOut(step.roles);
                    break;
                  }
                  case "layout": {
                    const container = elements.get(step.targets[0]);
                    container.classList.add(step.className);
                    for (const [slot, id] of Object.entries(step.roles)) {
                      const child = elements.get(id);
                      child.dataset.slot = slot;
                      child.style.position = child.style.left = child.style.top = child.style.width = child.style.height = "";
                      moveWithChildren(child, container);
                    }
                    for (const [name, value] of Object.entries(step.properties)) {
                      if (value === null) container.style.removeProperty(name); else container.style.setProperty(name, value);
                    }
                    for (const [name, value] of Object.entries(step.attributes)) {
                      if (value === null) container.removeAttribute(name); else container.setAttribute(name, value);
                    }
                    laidOut(step.roles);
                    break;
                  }
                }
                for (const animation of document.getAnimations()) {
                  if (!started.has(animation)) {
                    started.set(animation, step.at);
                    animation.pause();
                    animation.currentTime = 0;
                  }
                }
              }
              while (next < times.length && times[next] <= until + tolerance) observe(times[next++]);
              seek(until);
              listening.abort();
              for (const layout of layouts) layout.disconnect();
              return { scenario: scenario.name, samples, effects };
            }

            const lastTime = (scenario) => Math.max(0, ...scenario.observe.at, ...scenario.steps.map((s) => s.at));
            const results = scenarios.map((scenario) => play(scenario, lastTime(scenario), scenario.observe.at));
            document.getElementById("out").textContent = JSON.stringify(results);
            // A person scrubs the first scenario.
            const slider = document.getElementById("time");
            slider.max = String(lastTime(scenarios[0]));
            const show = () => {
              play(scenarios[0], Number(slider.value), []);
              document.getElementById("now").value = Number(slider.value).toFixed(3);
            };
            slider.addEventListener("input", () => { history.replaceState(null, "", `#t=${slider.value}`); show(); });
            // A link to a moment: #t=SECONDS opens the page there.
            const linked = /^#t=([0-9.]+)$/.exec(location.hash);
            if (linked) slider.value = linked[1];
            show();
            """#
}
