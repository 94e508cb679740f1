// Component Catalog's web app: the pages are served whole (every text from the store escaped);
// this script adds what needs a browser — search as you type, the live preview, copying
// exports, the live log. It writes store text only with textContent, never as markup.
"use strict";

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

function element(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

async function getJSON(url) {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ? body.error.message : response.statusText);
  return body;
}

// A sampled value as CSS writes it, by the unit the exports give the property.
function cssValue(unit, value) {
  switch (unit) {
    case "px": return value + "px";
    case "color": return `rgba(${value[0] * 255}, ${value[1] * 255}, ${value[2] * 255}, ${value[3]})`;
    case "transform": return `matrix3d(${value.join(", ")})`;
    case "origin": return `${value[0] * 100}% ${value[1] * 100}%`;
    case "keyword": return value === true ? "hidden" : value === false ? "visible" : String(value);
    default: return String(value);
  }
}

// The clock under both previews: Play and Pause, the scrubber, speed and loop. `frame(t)` shows
// time t while playing (fast); `exact(t)` shows it exactly, when scrubbed or paused.
function player({ frame, exact }) {
  const scrubber = $("#scrubber"), timeOutput = $("#time"), play = $("#play"), speed = $("#speed"), loop = $("#loop");
  const state = { end: Number(scrubber.max), time: 0, playing: false, last: 0 };
  function stop() {
    state.playing = false;
    play.textContent = "Play";
  }
  function tick(now) {
    if (!state.playing) return;
    state.time += ((now - state.last) / 1000) * Number(speed.value);
    state.last = now;
    if (state.time > state.end) {
      if (loop.checked && state.end > 0) state.time %= state.end;
      else { state.time = state.end; stop(); exact(state.time); return; }
    }
    scrubber.value = String(state.time);
    timeOutput.textContent = state.time.toFixed(3) + " s";
    frame(state.time);
    requestAnimationFrame(tick);
  }
  play.addEventListener("click", () => {
    if (state.playing) { stop(); exact(state.time); return; }
    if (state.time >= state.end) state.time = 0;
    state.playing = true;
    play.textContent = "Pause";
    state.last = performance.now();
    requestAnimationFrame(tick);
  });
  scrubber.addEventListener("input", () => {
    stop();
    state.time = Number(scrubber.value);
    timeOutput.textContent = state.time.toFixed(3) + " s";
    exact(state.time);
  });
  return {
    get time() { return state.time; },
    get playing() { return state.playing; },
    // Shows exactly `t` (the range input keeps only its step's precision).
    seek(t) {
      stop();
      state.time = t;
      scrubber.value = String(t);
      timeOutput.textContent = t.toFixed(3) + " s";
      exact(t);
    },
    setEnd(end) {
      state.end = end;
      scrubber.max = String(end);
      if (state.time > end) state.time = end;
    },
  };
}

// An animation's preview: the engine's samples, fetched for the knobs' values, played on a box.
// Playing shows the 60 fps samples; scrubbing (or pausing) shows the exact sample at that time.
function animationPreview() {
  const box = $("#preview-box");
  if (!box) return;
  const data = document.body.dataset;
  const name = data.name, version = data.version;
  const properties = JSON.parse(data.properties);
  const reduced = $("#reduced-motion"), plot = $("#plot"), problem = $("#preview-error");
  const base = "/api/components/" + encodeURIComponent(name);
  let frames = [], ticket = 0;

  function query(extra) {
    const query = new URLSearchParams({ version });
    for (const knob of $$("[data-param]")) query.append("param", knob.dataset.param + "=" + knob.value);
    if (reduced.checked) query.set("reducedMotion", "true");
    for (const [key, value] of Object.entries(extra)) query.set(key, value);
    return query;
  }

  function show(sample, t) {
    for (const [property, [cssName, unit]] of Object.entries(properties)) {
      const value = sample.values[property];
      if (value === undefined) box.style.removeProperty(cssName.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()));
      else box.style[cssName] = cssValue(unit, value);
    }
    box.dataset.t = String(t);
  }

  function fail(error) {
    problem.textContent = error.message;
    problem.hidden = false;
    box.dataset.state = "error";
  }

  // The exact sample at `t`, for the current knobs; the box says which time it shows.
  async function exact(t) {
    const mine = ++ticket;
    box.dataset.state = "loading";
    try {
      const answer = await getJSON(base + "/sample?" + query({ at: String(t) }));
      if (mine !== ticket) return;
      problem.hidden = true;
      show(answer.samples[0], t);
      box.dataset.params = query({}).toString();
      box.dataset.state = "ready";
    } catch (error) {
      if (mine === ticket) fail(error);
    }
  }

  function frame(t) {
    ticket++; // a sample still on its way must not overwrite the frames
    box.dataset.state = "playing";
    const index = Math.min(Math.round(t * 60), frames.length - 1);
    if (index >= 0) show(frames[index], t);
  }

  const clock = player({ frame, exact });

  async function reload() {
    const extra = { fps: "60" };
    if (data.endless === "true") extra.to = data.window;
    try {
      const answer = await getJSON(base + "/sample?" + query(extra));
      frames = answer.samples;
      clock.setEnd(frames.length ? frames[frames.length - 1].t : 0);
      plot.src = base + "/plot?" + query({});
      if (!clock.playing) await exact(clock.time);
    } catch (error) {
      fail(error);
    }
  }
  reduced.addEventListener("change", reload);
  for (const knob of $$("[data-param]")) knob.addEventListener("change", reload);
  reload();
}

// A chain's preview: a box per role, each running the chain's Web Animations export, paused and
// moved by the clock (every animation set to the same time).
function chainPreview() {
  const stage = $("#chain-stage");
  if (!stage) return;
  const data = document.body.dataset;
  const effects = JSON.parse(data.effects), reducedEffects = JSON.parse(data.reducedEffects);
  const reduced = $("#reduced-motion");
  let animations = [];

  function seek(t) {
    for (const animation of animations) animation.currentTime = t * 1000;
    stage.dataset.t = String(t);
  }
  const clock = player({
    frame(t) { stage.dataset.state = "playing"; seek(t); },
    exact(t) { seek(t); stage.dataset.state = "ready"; },
  });

  function build() {
    for (const animation of animations) animation.cancel();
    animations = [];
    const source = reduced.checked ? reducedEffects : effects;
    let end = 0;
    for (const box of $$("[data-role]", stage)) {
      for (const effect of source[box.dataset.role] || []) {
        const animation = box.animate(effect.keyframes, effect.options);
        animation.pause();
        animations.push(animation);
        const ends = animation.effect.getComputedTiming().endTime;
        end = Math.max(end, Number.isFinite(ends) ? ends / 1000 : Number(data.window));
      }
    }
    clock.setEnd(end);
    seek(clock.time);
    stage.dataset.state = "ready";
  }
  reduced.addEventListener("change", build);
  build();
}

// Two sides compared: each stage's boxes run its Web Animations export, paused, and one clock
// moves both; a difference's button scrubs to its time.
function comparePage() {
  const stages = $$("[data-compare-stage]");
  if (stages.length === 0) return;
  const reduced = $("#reduced-motion"), scrubber = $("#scrubber");
  let animations = [];
  function seek(t) {
    for (const animation of animations) animation.currentTime = t * 1000;
    for (const stage of stages) stage.dataset.t = String(t);
  }
  const clock = player({
    frame(t) { seek(t); },
    exact(t) { seek(t); for (const stage of stages) stage.dataset.state = "ready"; },
  });
  function build() {
    for (const animation of animations) animation.cancel();
    animations = [];
    for (const stage of stages) {
      const effects = JSON.parse(reduced.checked ? stage.dataset.reducedEffects : stage.dataset.effects);
      for (const box of $$("[data-role]", stage)) {
        for (const effect of effects[box.dataset.role] || []) {
          const animation = box.animate(effect.keyframes, effect.options);
          animation.pause();
          animations.push(animation);
        }
      }
    }
    seek(clock.time);
    for (const stage of stages) stage.dataset.state = "ready";
  }
  for (const button of $$("[data-seek]")) button.addEventListener("click", () => clock.seek(Number(button.dataset.seek)));
  reduced.addEventListener("change", build);
  build();
}

// A behaviour live: its exported module attached to a real element; properties, events and
// the effects it emits.
async function behaviourTry() {
  const stage = $("#behaviour-stage");
  if (!stage) return;
  const owner = $("#behaviour-owner");
  const effects = $("#behaviour-effects");
  try {
    const module = await import(stage.dataset.module);
    const handle = module.attach(owner, JSON.parse(stage.dataset.properties));
    for (const name of JSON.parse(stage.dataset.effects)) {
      owner.addEventListener("catalog:" + name, (event) => effects.append(element("li", `${name}: ${JSON.stringify(event.detail)}`)));
    }
    for (const input of $$("#behaviour-properties input")) {
      input.addEventListener("change", () => {
        const value = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
        handle.set(input.name, value);
      });
    }
    for (const button of $$("[data-event]")) button.addEventListener("click", () => handle.send(button.dataset.event));
    stage.dataset.state = "attached";
  } catch (error) {
    stage.dataset.state = "failed";
    effects.append(element("li", String(error)));
  }
}

// A layout live: its stylesheet on a resizable container; parameters are its custom properties.
function layoutTry() {
  const stage = $("#layout-stage");
  if (!stage) return;
  for (const input of $$("#layout-parameters input")) {
    input.addEventListener("input", () => stage.style.setProperty(input.name, input.value + (input.dataset.unit || "")));
  }
  // A choice (an axis, a side) is the container's attribute, as the stylesheet selects it.
  for (const select of $$("#layout-parameters select")) {
    select.addEventListener("input", () => stage.setAttribute(select.dataset.attribute, select.value));
  }
}

// Copy buttons: the export's text to the clipboard, and a word saying so.
function copyButtons() {
  for (const button of $$("[data-copy]")) {
    button.addEventListener("click", async () => {
      const form = button.dataset.copy.replace("export-", "");
      const status = $("#copied-" + form);
      try {
        await navigator.clipboard.writeText($("#" + button.dataset.copy).textContent);
        status.textContent = "Copied";
      } catch (error) {
        status.textContent = "Copy failed: " + error.message;
      }
    });
  }
}

// The log, live: each event as it commits (server-sent events from the log's stream; the
// browser reconnects by itself, naming the last event it had, and misses none) — of the
// operation and about the object the page's filters name. Picking an operation filters at once.
function logPage() {
  const list = $("#events"), data = document.body.dataset;
  $("#operation").addEventListener("change", () => $("#log-filters").requestSubmit());
  const query = new URLSearchParams({ after: data.after });
  if (data.object) query.set("object", data.object);
  const stream = new EventSource("/api/log/stream?" + query);
  stream.addEventListener("message", (message) => {
    const event = JSON.parse(message.data);
    if (data.operation && event.operation !== data.operation) return;
    // Like `tail -f`: a reader at the end stays at the end; one reading back is left there.
    const atEnd = window.innerHeight + window.scrollY >= document.body.scrollHeight - 40;
    list.append(logRow(event));
    if (atEnd) window.scrollTo(0, document.body.scrollHeight);
  });
  stream.addEventListener("open", () => { document.body.dataset.stream = "open"; });
}

// What an event is about, as the server words it (EventSubject in LogPage.swift).
function subject(event) {
  const p = event.payload || {};
  switch (event.operation) {
    case "component.add": return `${p.name}@${p.version}`;
    case "component.remove": case "type.declare": return p.name;
    case "object.add": return `${p.id} (${p.type})`;
    case "object.remove": return p.id;
    case "prop.set": case "prop.unset": return `${p.id}.${p.key}`;
    case "prop.clear": return `${p.id}: every property`;
    case "apply": return `${p.component}@${p.version}`;
    case "send": return p.event;
    default: return "";
  }
}

function logRow(event) {
  const row = element("tr", undefined, { "data-seq": String(event.seq) });
  const payload = element("td", undefined, { class: "payload" });
  payload.append(element("code", JSON.stringify(event.payload)));
  const object = element("td");
  if (event.object !== null) object.append(element("a", event.object, { href: "/log?object=" + encodeURIComponent(event.object) }));
  row.append(element("td", String(event.seq)), element("td", String(event.t)), element("td", event.operation),
    element("td", subject(event), { class: "about" }), object, payload);
  return row;
}

document.addEventListener("DOMContentLoaded", () => {
  const page = document.body.dataset.page;
  if (page === "catalog") catalogPage();
  if (page === "component") { animationPreview(); chainPreview(); copyButtons(); behaviourTry(); layoutTry(); }
  if (page === "log") logPage();
  if (page === "compare") comparePage();
  if (page === "scene") scenePage();
  if (page === "editor") editorPage();
});
