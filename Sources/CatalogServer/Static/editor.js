// An animation's editor: the draft is a definition object, kept in the URL (#draft=) so a link
// reproduces it; every change is sampled by the engine (POST /api/sample), which also refuses
// what `validate` refuses, at the field it names. Store text is written only with textContent.
"use strict";

const curveSize = 200; // SVG units per 1.0 of the easing's axes
const namedCurves = {
  linear: [0, 0, 1, 1], easeIn: [0.42, 0, 1, 1], easeOut: [0, 0, 0.58, 1], easeInEaseOut: [0.42, 0, 0.58, 1], default: [0.25, 0.1, 0.25, 1],
  ease: [0.25, 0.1, 0.25, 1], "ease-in": [0.42, 0, 1, 1], "ease-out": [0, 0, 0.58, 1], "ease-in-out": [0.42, 0, 0.58, 1],
};

// "a.b[2].c" ⇄ ["a", "b", 2, "c"]
function pathParts(path) {
  return path.split(/\.|\[(\d+)\]/).filter((part) => part !== undefined && part !== "").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
function getPath(object, path) { return pathParts(path).reduce((node, key) => (node == null ? undefined : node[key]), object); }
function setPath(object, path, value) {
  const parts = pathParts(path);
  let node = object;
  for (const key of parts.slice(0, -1)) node = node[key];
  node[parts[parts.length - 1]] = value;
}

// A field's text read back: a number, a list of numbers, true/false, else the text itself.
function readValue(text, was) {
  const trimmed = text.trim();
  if (typeof was === "boolean") return trimmed === "true";
  if (trimmed !== "" && !Number.isNaN(Number(trimmed))) return Number(trimmed);
  if (Array.isArray(was)) {
    const items = trimmed.split(",").map((item) => item.trim());
    if (items.every((item) => item !== "" && !Number.isNaN(Number(item)))) return items.map(Number);
  }
  return text;
}
function showValue(value) { return Array.isArray(value) ? value.join(", ") : String(value); }

// Every field worth a control: the body's scalars and number lists, keyframes' values, parameters' defaults.
function editableFields(draft) {
  const fields = [];
  function visit(node, path) {
    for (const [key, value] of Object.entries(node)) {
      const here = path ? `${path}.${key}` : key;
      if (key === "type" || key === "keyPath") continue;
      if (value !== null && typeof value === "object" && !Array.isArray(value)) continue;
      if (Array.isArray(value) && !value.every((item) => typeof item === "number")) continue;
      fields.push(here);
    }
  }
  if (draft.animation) visit(draft.animation, "animation");
  if (draft.options) visit(draft.options, "options");
  (draft.keyframes || []).forEach((frame, index) => visit(frame, `keyframes[${index}]`));
  for (const name of Object.keys(draft.parameters || {})) fields.push(`parameters.${name}.default`);
  return fields;
}

// The token references a field may take, by DTCG type: every token of the catalog's sets.
async function tokenChoices() {
  const choices = { duration: [], cubicBezier: [], number: [], color: [] };
  let sets = [];
  try { sets = await getJSON("/api/components?kind=tokens"); } catch (error) { return choices; }
  for (const set of sets) {
    let tree;
    try { tree = (await getJSON("/api/components/" + encodeURIComponent(set.name))).definition.tokens; } catch (error) { continue; }
    (function walk(node, path, type) {
      const here = node.$type ?? type;
      if ("$value" in node) { if (choices[here]) choices[here].push(`{${path.join(".")}}`); return; }
      for (const [key, child] of Object.entries(node)) if (!key.startsWith("$") && child && typeof child === "object") walk(child, [...path, key], here);
    })(tree, [], undefined);
  }
  return choices;
}
// Which tokens a field takes, by its name.
const tokenTypes = { duration: "duration", beginTime: "duration", delay: "duration", endDelay: "duration", timingFunction: "cubicBezier", easing: "cubicBezier" };

// A spring's two forms (DESIGN §3.1): perceptual m = 1, k = (2π/d)², ζ = 1 − bounce (bounce ≥ 0) or
// 1/(1 + bounce); both move by ω0 = √(k/m) and ζ alone, so a conversion keeps the motion exactly.
function springForm(body) {
  if (!body || body.type !== "spring") return null;
  return "perceptualDuration" in body || "bounce" in body ? "perceptual" : "physical";
}
// The body in the other form, or the name of a field that is not a plain number (a parameter or token).
function convertSpring(body, to) {
  const fields = to === "physical" ? ["perceptualDuration", "bounce"] : ["mass", "stiffness", "damping"];
  const blocked = fields.find((key) => key in body && typeof body[key] !== "number");
  if (blocked) return { blocked };
  const next = { ...body };
  if (to === "physical") {
    const d = body.perceptualDuration ?? 1, bounce = body.bounce ?? 0;
    const k = (2 * Math.PI / d) ** 2, zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce);
    delete next.perceptualDuration; delete next.bounce;
    Object.assign(next, { mass: 1, stiffness: k, damping: 2 * zeta * Math.sqrt(k) });
    if (bounce < 0) next.allowsOverdamping = true;
  } else {
    const m = body.mass ?? 1, k = body.stiffness ?? 100, c = body.damping ?? 10;
    const zeta = c / (2 * Math.sqrt(k * m)), effective = zeta > 1 && !body.allowsOverdamping ? 1 : zeta;
    delete next.mass; delete next.stiffness; delete next.damping; delete next.allowsOverdamping;
    Object.assign(next, { perceptualDuration: 2 * Math.PI * Math.sqrt(m / k), bounce: effective <= 1 ? 1 - effective : 1 / effective - 1 });
  }
  return { body: next };
}

// Keyframes as the timeline shows them: each one's place in the iteration (0…1) and the paths
// of its place, value and easing (the easing of the interval it starts; the last has none).
// Places not written are computed as the engines compute them: evenly spaced between known ones.
function keyframeModel(draft) {
  const body = draft.animation;
  if (body && body.type === "keyframe" && Array.isArray(body.values)) {
    const count = body.values.length + (body.calculationMode === "discrete" ? 1 : 0);
    const given = Array.isArray(body.keyTimes) && body.keyTimes.length === count && body.keyTimes.every((t) => typeof t === "number");
    return {
      count, offsets: given ? body.keyTimes.slice() : evenly(new Array(count).fill(undefined)),
      // Paced modes place keyframes by distance: their key times are ignored.
      movable: !/paced/i.test(body.calculationMode || ""),
      place: (i) => `animation.keyTimes[${i}]`,
      easing: (i) => (i < count - 1 ? `animation.timingFunctions[${i}]` : null),
      values: (i) => (i < body.values.length && typeof body.values[i] !== "object" ? [`animation.values[${i}]`] : []),
      materialize(offsets) {
        body.keyTimes = offsets.slice();
        if (!Array.isArray(body.timingFunctions)) body.timingFunctions = new Array(count - 1).fill("linear");
      },
    };
  }
  if (Array.isArray(draft.keyframes) && draft.keyframes.length > 0) {
    const frames = draft.keyframes, count = frames.length;
    return {
      count, offsets: evenly(frames.map((frame) => (typeof frame.offset === "number" ? frame.offset : undefined))), movable: true,
      place: (i) => `keyframes[${i}].offset`,
      easing: (i) => (i < count - 1 ? `keyframes[${i}].easing` : null),
      values: (i) => Object.keys(frames[i]).filter((key) => !["offset", "easing", "composite"].includes(key) && typeof frames[i][key] !== "object").map((key) => `keyframes[${i}].${key}`),
      materialize(offsets) { frames.forEach((frame, i) => { frame.offset = offsets[i]; }); },
    };
  }
  return null;
}
// Missing places: the first 0, the last 1 (one keyframe alone: 1), runs between known ones even.
function evenly(given) {
  const offsets = given.slice(), n = offsets.length;
  if (n === 1 && offsets[0] === undefined) return [1];
  if (offsets[0] === undefined) offsets[0] = 0;
  if (offsets[n - 1] === undefined) offsets[n - 1] = 1;
  for (let i = 1; i < n; i++) {
    if (offsets[i] !== undefined) continue;
    let j = i;
    while (offsets[j] === undefined) j++;
    const from = offsets[i - 1], to = offsets[j];
    for (let k = i; k < j; k++) offsets[k] = from + ((to - from) * (k - i + 1)) / (j - i + 1);
    i = j;
  }
  return offsets;
}

function editorPage() {
  const data = document.body.dataset;
  const stored = JSON.parse(data.definition);
  let draft = structuredClone(stored);
  const hash = new URLSearchParams(location.hash.slice(1)).get("draft");
  if (hash) { try { draft = JSON.parse(hash); } catch (error) { /* a broken link: the stored version */ } }
  const wholeEasing = draft.animation ? "animation.timingFunction" : "options.easing";
  let easingPath = wholeEasing, selected = null;
  const fieldsBox = $("#fields"), problem = $("#draft-error"), box = $("#preview-box");
  let frames = [], ticket = 0, timer;

  // A field, labelled by name, with a place for the error that names it.
  function fieldRow(path) {
    const value = getPath(draft, path);
    const id = "field-" + path.replace(/[^a-zA-Z0-9]+/g, "-");
    const label = element("label", undefined, { class: "field", for: id });
    label.append(element("span", pathParts(path).filter((part) => typeof part === "string").pop(), { class: "field-name" }),
      element("small", path, { class: "field-path" }));
    const input = element("input", undefined, { id, "data-path": path, autocomplete: "off", "aria-describedby": id + "-error" });
    const type = tokenTypes[pathParts(path).filter((part) => typeof part === "string").pop()];
    if (type) input.setAttribute("list", "tokens-" + type);
    input.value = value === undefined ? "" : showValue(value);
    input.addEventListener("input", () => { setPath(draft, path, readValue(input.value, getPath(stored, path) ?? getPath(draft, path) ?? value)); changed(); });
    const error = element("span", "", { id: id + "-error", class: "field-error", "data-error-for": path });
    const row = element("div", undefined, { class: "field-row" });
    row.append(label, input, error);
    return row;
  }
  // The body's fields; a keyframe's own are under the timeline, for the keyframe selected.
  function buildFields() {
    const paths = editableFields(draft).filter((path) => !path.startsWith("keyframes["));
    if (!paths.includes(wholeEasing) && getPath(draft, wholeEasing.split(".")[0])) paths.push(wholeEasing);
    fieldsBox.replaceChildren(...paths.map(fieldRow));
  }
  // Every field shows the draft, except the one being typed in.
  function refreshFields() {
    for (const input of $$("input[data-path]")) {
      if (input === document.activeElement) continue;
      const value = getPath(draft, input.dataset.path);
      input.value = value === undefined ? "" : showValue(value);
    }
  }
  // The spring's form switch: the body converted in place, its fields rebuilt.
  function showSpringForm() {
    const form = springForm(draft.animation);
    $("#spring-form").hidden = form === null;
    for (const radio of $$("input[name=spring-form]")) radio.checked = radio.value === form;
  }
  for (const radio of $$("input[name=spring-form]")) {
    radio.addEventListener("change", () => {
      const converted = convertSpring(draft.animation, radio.value);
      if (converted.blocked) {
        $("#spring-note").textContent = `${converted.blocked} takes ${JSON.stringify(draft.animation[converted.blocked])}: give it a number to switch forms.`;
        showSpringForm();
        return;
      }
      $("#spring-note").textContent = "";
      draft.animation = converted.body;
      buildFields();
      showSpringForm();
      changed();
    });
  }
  function fieldInput(path) { return $$("input[data-path]").find((input) => input.dataset.path === path); }

  // The easing's control points: its own, or a named curve's.
  function controlPoints() {
    const value = getPath(draft, easingPath);
    if (Array.isArray(value) && value.length === 4) return value.slice();
    if (typeof value === "string") {
      const match = /^cubic-bezier\(([^)]*)\)$/.exec(value.trim());
      if (match) return match[1].split(",").map(Number);
      if (namedCurves[value]) return namedCurves[value].slice();
    }
    return namedCurves.linear.slice();  // Core Animation's and Web Animations' default alike
  }
  function setControlPoints(points) {
    const rounded = points.map((p) => Math.round(p * 1000) / 1000);
    const model = keyframeModel(draft);
    if (easingPath !== wholeEasing && model) model.materialize(model.offsets);
    setPath(draft, easingPath, draft.animation ? rounded : `cubic-bezier(${rounded.join(", ")})`);
    changed();
  }
  // Handles for a cubic bézier (or a named one); a spring, steps() or linear() is the engine's curve alone.
  function bezierEased() {
    if (draft.animation?.type === "spring") return false;
    const value = getPath(draft, easingPath);
    return value === undefined || Array.isArray(value) || (typeof value === "string" && (/^cubic-bezier\(/.test(value.trim()) || value in namedCurves));
  }
  function drawCurve() {
    for (const id of ["#handle-1", "#handle-2", "#arm-1", "#arm-2", "#curve-bezier"]) $(id).style.display = bezierEased() ? "" : "none";
    const [x1, y1, x2, y2] = controlPoints();
    const X = (x) => x * curveSize, Y = (y) => (1 - y) * curveSize;
    $("#curve-bezier").setAttribute("d", `M0,${curveSize} C${X(x1)},${Y(y1)} ${X(x2)},${Y(y2)} ${curveSize},0`);
    for (const [n, hx, hy, ax, ay] of [[1, x1, y1, 0, 0], [2, x2, y2, 1, 1]]) {
      const handle = $("#handle-" + n);
      handle.setAttribute("cx", X(hx)); handle.setAttribute("cy", Y(hy));
      handle.dataset.x = String(hx); handle.dataset.y = String(hy);
      const arm = $("#arm-" + n);
      arm.setAttribute("x1", X(ax)); arm.setAttribute("y1", Y(ay)); arm.setAttribute("x2", X(hx)); arm.setAttribute("y2", Y(hy));
    }
    $("#curve-path").textContent = `${easingPath}: ${showValue(getPath(draft, easingPath) ?? "(none)")}`;
  }
  // Drag: the value moves by the pointer's offset over the curve's scale, x kept within 0…1.
  function handleDrag(n) {
    const handle = $("#handle-" + n);
    let start = null;
    const scale = () => $("#curve").getScreenCTM().a;
    handle.addEventListener("pointerdown", (event) => {
      start = { x: event.clientX, y: event.clientY, points: controlPoints() };
      handle.setPointerCapture(event.pointerId);
    });
    handle.addEventListener("pointermove", (event) => {
      if (!start) return;
      const points = start.points.slice(), k = (n - 1) * 2;
      points[k] = Math.min(1, Math.max(0, start.points[k] + (event.clientX - start.x) / scale() / curveSize));
      points[k + 1] = start.points[k + 1] - (event.clientY - start.y) / scale() / curveSize;
      setControlPoints(points);
    });
    handle.addEventListener("pointerup", () => { start = null; });
    handle.addEventListener("keydown", (event) => {
      const step = event.shiftKey ? 0.1 : 0.01, k = (n - 1) * 2, points = controlPoints();
      const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[event.key];
      if (!moves) return;
      event.preventDefault();
      points[k] = Math.min(1, Math.max(0, points[k] + moves[0]));
      points[k + 1] += moves[1];
      setControlPoints(points);
    });
  }

  // The timeline: a handle per keyframe at its place, dragged or moved with the arrow keys
  // between its neighbours; selecting one shows its fields and points the curve editor at the
  // easing of the interval it starts.
  const timelineWidth = 400;
  function drawTimeline() {
    const model = keyframeModel(draft);
    $("#editor-keyframes").hidden = model === null;
    if (!model) return;
    const svg = $("#timeline");
    const existing = $$(".keyframe-handle", svg);
    if (existing.length !== model.count) {
      existing.forEach((handle) => handle.remove());
      for (let i = 0; i < model.count; i++) svg.append(keyframeHandle(i));
    }
    $$(".keyframe-handle", svg).forEach((handle, i) => {
      const place = model.offsets[i];
      handle.setAttribute("cx", String(place * timelineWidth));
      handle.dataset.offset = String(place);
      handle.setAttribute("aria-valuenow", String(place));
      handle.setAttribute("aria-valuetext", `${Math.round(place * 1000) / 10} %`);
      handle.setAttribute("aria-disabled", String(!model.movable));
      handle.classList.toggle("selected", i === selected);
    });
  }
  function keyframeHandle(i) {
    const handle = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    for (const [name, value] of Object.entries({
      class: "keyframe-handle", cy: "0", r: "8", tabindex: "0", role: "slider", "aria-label": `Keyframe ${i + 1}`,
      "aria-valuemin": "0", "aria-valuemax": "1", "data-index": String(i),
    })) handle.setAttribute(name, value);
    let start = null;
    const scale = () => $("#timeline").getScreenCTM().a;
    handle.addEventListener("pointerdown", (event) => {
      selectKeyframe(i);
      start = { x: event.clientX, place: keyframeModel(draft).offsets[i] };
      handle.setPointerCapture(event.pointerId);
    });
    handle.addEventListener("pointermove", (event) => {
      if (start) moveKeyframe(i, start.place + (event.clientX - start.x) / scale() / timelineWidth);
    });
    handle.addEventListener("pointerup", () => { start = null; });
    handle.addEventListener("focus", () => { if (selected !== i) selectKeyframe(i); });
    handle.addEventListener("keydown", (event) => {
      const step = event.shiftKey ? 0.1 : 0.01;
      const move = { ArrowLeft: -step, ArrowRight: step, ArrowDown: -step, ArrowUp: step }[event.key];
      if (move === undefined) return;
      event.preventDefault();
      moveKeyframe(i, keyframeModel(draft).offsets[i] + move);
    });
    return handle;
  }
  // A keyframe's new place, kept between its neighbours (and within 0…1), to a thousandth.
  function moveKeyframe(i, place) {
    const model = keyframeModel(draft);
    if (!model.movable) return;
    const low = i > 0 ? model.offsets[i - 1] : 0, high = i < model.count - 1 ? model.offsets[i + 1] : 1;
    const offsets = model.offsets.slice();
    offsets[i] = Math.min(high, Math.max(low, Math.round(place * 1000) / 1000));
    model.materialize(offsets);
    changed();
  }
  function selectKeyframe(i) {
    const model = keyframeModel(draft);
    selected = i;
    const paths = [model.place(i), ...model.values(i)];
    const easing = model.easing(i);
    if (easing) paths.push(easing);
    $("#keyframe-fields").replaceChildren(...paths.map(fieldRow));
    $("#keyframe-title").textContent = `Keyframe ${i + 1} of ${model.count}`;
    easingPath = easing ?? wholeEasing;
    $("#whole-easing").hidden = easingPath === wholeEasing;
    changed();
  }
  $("#whole-easing").addEventListener("click", () => {
    easingPath = wholeEasing;
    $("#whole-easing").hidden = true;
    drawCurve();
  });

  // The engine's answer for the draft: frames for the preview and plot, or the field refused.
  async function sample() {
    const mine = ++ticket;
    for (const error of $$(".field-error")) { error.textContent = ""; }
    for (const input of $$("input[aria-invalid]")) input.removeAttribute("aria-invalid");
    try {
      const response = await fetch("/api/sample?fps=60", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(draft) });
      const answer = await response.json();
      if (mine !== ticket) return;
      if (!response.ok) throw answer.error || { message: response.statusText };
      problem.hidden = true;
      frames = answer.samples;
      box.dataset.state = "ready";
      drawPlot();
      drawEngineCurve();
      show(frames.length - 1);
    } catch (error) {
      if (mine !== ticket) return;
      const named = /^keyframes\[(\d+)\]/.exec(error.path || "");
      if (named && Number(named[1]) !== selected) selectKeyframe(Number(named[1]));
      const input = error.path ? fieldInput(error.path) : null;
      if (input) {
        input.setAttribute("aria-invalid", "true");
        $(`[data-error-for="${CSS.escape(error.path)}"]`).textContent = error.rule || error.message;
      }
      problem.textContent = error.message;
      problem.hidden = false;
      box.dataset.state = "refused";
    }
  }
  function show(index) {
    const sample = frames[Math.max(0, Math.min(index, frames.length - 1))];
    if (!sample) return;
    const v = sample.values;
    box.style.opacity = v.opacity === undefined ? "" : String(v.opacity);
    box.style.transform = Array.isArray(v.transform) ? `matrix3d(${v.transform.join(", ")})` : "";
    box.style.backgroundColor = Array.isArray(v.backgroundColor) ? `rgba(${v.backgroundColor.slice(0, 3).map((c) => c * 255).join(", ")}, ${v.backgroundColor[3]})` : "";
    $("#editor-time").textContent = sample.t.toFixed(3) + " s";
    box.dataset.t = String(sample.t);
  }
  function polyline(points, className) {
    const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
    line.setAttribute("points", points.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" "));
    line.setAttribute("class", className);
    return line;
  }
  // Progress and each number the draft animates, against time, each scaled to the plot's height.
  function drawPlot() {
    const plot = $("#editor-plot");
    plot.replaceChildren();
    if (frames.length < 2) return;
    const t1 = frames[frames.length - 1].t || 1;
    const series = { progress: frames.map((f) => f.progress) };
    for (const key of Object.keys(frames[0].values)) {
      if (typeof frames[0].values[key] === "number") series[key] = frames.map((f) => f.values[key]);
    }
    Object.entries(series).forEach(([name, values], index) => {
      const numbers = values.filter((v) => typeof v === "number");
      const low = Math.min(...numbers, 0), high = Math.max(...numbers, 1);
      const points = frames.map((f, i) => [(f.t / t1) * 390 + 5, 150 - ((values[i] ?? low) - low) / (high - low || 1) * 140]);
      const line = polyline(points, "plot-line plot-line-" + index);
      line.dataset.series = name;
      plot.append(line);
    });
  }
  // The engine's progress through the first iteration, over the handles' curve.
  function drawEngineCurve() {
    const first = frames.filter((f) => f.iteration === 0 && f.progress !== null);
    if (first.length < 2) { $("#curve-engine").setAttribute("points", ""); return; }
    const t0 = first[0].t, t1 = first[first.length - 1].t || 1;
    $("#curve-engine").setAttribute("points", first.map((f) => `${(((f.t - t0) / (t1 - t0 || 1)) * curveSize).toFixed(2)},${((1 - f.progress) * curveSize).toFixed(2)}`).join(" "));
  }
  function changed() {
    history.replaceState(null, "", "#" + new URLSearchParams({ draft: JSON.stringify(draft) }));
    refreshFields();
    drawTimeline();
    drawCurve();
    clearTimeout(timer);
    timer = setTimeout(sample, 60);
  }

  // Save: the server's `diff` of the draft against the version it started from first (fields,
  // and each property's largest sampled difference), then the version added through `catalog add`'s door.
  function cell(value) { return element("td", value === undefined ? "—" : JSON.stringify(value)); }
  const tokenInput = $("#write-token");
  $("#save-form").addEventListener("submit", (event) => event.preventDefault());
  tokenInput.value = sessionStorage.getItem("catalog-write-token") || "";
  $("#review").addEventListener("click", async () => {
    draft.version = $("#new-version").value.trim();
    draft.name = $("#new-name").value.trim() || draft.name;
    changed();
    const status = $("#review-status");
    // Another name must be free: saved, the draft would otherwise become a version of that component.
    if (draft.name !== data.name && (await fetch("/api/components/" + encodeURIComponent(draft.name))).ok) {
      status.textContent = `A component named ${draft.name} exists: choose another name.`;
      $("#review-result").hidden = true;
      return;
    }
    // A new component (from a template) has no version to compare with: it is checked as `validate` checks it.
    const from = data.version ? `${data.name}@${data.version}` : null;
    const response = await fetch(from ? "/api/diff?from=" + encodeURIComponent(from) : "/api/sample?at=0", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(draft),
    });
    const answer = await response.json();
    if (response.ok && !from) {
      status.textContent = `A new component: ${draft.name} ${draft.version}.`;
      $("#review-fields").hidden = true;
      $("#review-motion").hidden = true;
      $("#review-result").hidden = false;
      return;
    }
    if (!response.ok) {
      status.textContent = "Cannot be saved: " + (answer.error ? answer.error.message : response.statusText);
      $("#review-result").hidden = true;
      return;
    }
    status.textContent = `${answer.fields.length} field${answer.fields.length === 1 ? "" : "s"} differ from ${from}.`;
    $("#review-fields tbody").replaceChildren(...answer.fields.map((field) => {
      const row = element("tr");
      row.append(element("td", field.path), cell(field.old), cell(field.new));
      return row;
    }));
    $("#review-motion tbody").replaceChildren(...answer.motion.properties.map((change) => {
      const row = element("tr", undefined, { "data-property": change.property, "data-largest": String(change.largest), "data-at": String(change.at) });
      row.append(element("td", change.property), element("td", String(Number(change.largest.toPrecision(6)))),
        element("td", change.at.toFixed(3) + " s"), cell(change.old), cell(change.new));
      return row;
    }));
    $("#review-motion").hidden = answer.motion.properties.length === 0;
    $("#review-result").hidden = false;
  });
  $("#save-version").addEventListener("click", async () => {
    const status = $("#save-status");
    const token = tokenInput.value;
    sessionStorage.setItem("catalog-write-token", token);
    const response = await fetch("/api/components", {
      method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + token }, body: JSON.stringify(draft),
    });
    const answer = await response.json();
    if (!response.ok) { status.textContent = "Not saved: " + (answer.error ? answer.error.message : response.statusText); status.dataset.state = "refused"; return; }
    status.replaceChildren(element("span", `Saved ${answer[0].name} ${answer[0].version} (${answer[0].outcome}). `),
      element("a", "Open it", { id: "saved-link", href: `/components/${encodeURIComponent(answer[0].name)}?version=${encodeURIComponent(answer[0].version)}` }));
    status.dataset.state = "saved";
  });
  $("#curve-preset").addEventListener("change", (event) => {
    if (event.target.value) setControlPoints(event.target.value.split(",").map(Number));
  });
  let playing = null;
  $("#editor-play").addEventListener("click", () => {
    if (playing !== null) { cancelAnimationFrame(playing); playing = null; return; }
    const started = performance.now();
    const tick = (now) => {
      const index = Math.round(((now - started) / 1000) * 60);
      show(index);
      playing = index < frames.length - 1 ? requestAnimationFrame(tick) : null;
    };
    playing = requestAnimationFrame(tick);
  });
  tokenChoices().then((choices) => {
    for (const [type, references] of Object.entries(choices)) {
      const list = element("datalist", undefined, { id: "tokens-" + type });
      list.append(...references.map((reference) => element("option", undefined, { value: reference })));
      document.body.append(list);
    }
    document.body.dataset.tokens = String(Object.values(choices).flat().length);
  });
  buildFields();
  drawTimeline();
  showSpringForm();
  handleDrag(1);
  handleDrag(2);
  drawCurve();
  sample();
}
