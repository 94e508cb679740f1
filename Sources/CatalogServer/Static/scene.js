// The scene page: every object drawn from its state at the scrubbed scene time (the numbers
// `catalog state --all --at T` prints), a layout's slots inside their container, decorators'
// children with their owner; the event log as a track of buttons under the scrubber. Store
// text is written only with textContent.
"use strict";

function scenePage() {
  const canvas = $("#scene-canvas"), track = $("#scene-track"), problem = $("#scene-error");
  const events = JSON.parse(document.body.dataset.events), limit = document.body.dataset.objectLimit;
  const end = Number($("#scrubber").max);
  // Playing, frames are drawn at replay's times: whole frames of this rate.
  const replayRate = 60;
  let ticket = 0, busy = false, lastFrame = null;

  // Every object's state at t, from one rebuild of the scene (`catalog state --all --at T`).
  async function states(t) {
    const query = new URLSearchParams({ at: String(t), limit });
    if ($("#reduced-motion").checked) query.set("reducedMotion", "true");
    return getJSON("/api/state?" + query);
  }

  // One object's box: its frame (inside `origin`), opacity, transform, hidden outlined.
  function box(state, values, origin, label) {
    const node = element("div", undefined, { class: "scene-object", "data-id": state.id ?? label, "data-type": state.type ?? "" });
    node.append(element("span", label, { class: "scene-label" }));
    const text = values.text ?? values.placeholder;
    if (typeof text === "string") node.append(element("span", text, { class: "scene-text" }));
    const frame = Array.isArray(values.frame) ? values.frame : null;
    node.dataset.x = String(origin[0] + (frame ? frame[0] : 0));
    node.dataset.y = String(origin[1] + (frame ? frame[1] : 0));
    Object.assign(node.style, {
      left: (frame ? frame[0] : 0) + "px", top: (frame ? frame[1] : 0) + "px",
      width: (frame ? frame[2] : 96) + "px", height: (frame ? frame[3] : 40) + "px",
      opacity: String(values.opacity ?? 1),
    });
    if (!frame) node.classList.add("unplaced");
    if (Array.isArray(values.transform)) node.style.transform = `matrix3d(${values.transform.join(", ")})`;
    if (values.hidden === true) node.classList.add("hidden-object");
    return node;
  }

  function draw(all, t) {
    const byId = new Map(all.map((state) => [state.id, state]));
    // A layout's slots are drawn inside their container, in its coordinates.
    const parent = new Map();
    for (const state of all) {
      for (const slotted of Object.values(state.presentation.appliedLayout?.roles ?? {})) parent.set(slotted, state.id);
    }
    const nodes = new Map();
    const unplaced = element("div", undefined, { class: "scene-unplaced" });
    function place(state) {
      if (nodes.has(state.id)) return nodes.get(state.id);
      const owner = parent.get(state.id);
      const ownerNode = owner && byId.has(owner) ? place(byId.get(owner)) : null;
      const origin = ownerNode ? [Number(ownerNode.dataset.x), Number(ownerNode.dataset.y)] : [0, 0];
      const node = box(state, state.presentation, origin, state.id);
      for (const [name, child] of Object.entries(state.children ?? {})) {
        node.append(box({ id: state.id + "/" + name }, child.presentation ?? child, [Number(node.dataset.x), Number(node.dataset.y)], name));
      }
      (ownerNode ?? (node.classList.contains("unplaced") ? unplaced : world)).append(node);
      nodes.set(state.id, node);
      return node;
    }
    // The scene's origin, inset so that labels above the top objects show.
    const world = element("div", undefined, { class: "scene-world" });
    canvas.replaceChildren(world);
    for (const state of all) place(state);
    if (unplaced.childElementCount) canvas.append(unplaced);
    canvas.dataset.t = String(t);
    for (const button of $$("button", track)) button.classList.toggle("past", Number(button.dataset.t) <= t);
  }

  async function show(t, playing) {
    const mine = ++ticket;
    if (!playing) canvas.dataset.state = "loading";
    busy = true;
    try {
      const all = await states(t);
      if (mine !== ticket && !playing) return;
      problem.hidden = true;
      draw(all, t);
      canvas.dataset.state = playing ? "playing" : "ready";
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
      canvas.dataset.state = "error";
    } finally {
      busy = false;
    }
  }

  const clock = player({
    // Playing: the latest whole frame of replay's rate, once, when the last one has arrived.
    frame(t) {
      const frame = Math.floor(t * replayRate + 1e-9);
      if (busy || frame === lastFrame) return;
      lastFrame = frame;
      show(frame / replayRate, true);
    },
    exact(t) { show(t, false); },
  });
  for (const event of events) {
    const button = element("button", "", {
      type: "button", class: "scene-event", "data-t": String(event.t), "data-seq": String(event.seq),
      "aria-label": `#${event.seq} at ${event.t} s: ${event.operation} ${event.about}`, title: `#${event.seq} ${event.operation} ${event.about} (t = ${event.t} s)`,
    });
    button.style.left = (end > 0 ? (event.t / end) * 100 : 0) + "%";
    button.addEventListener("click", () => clock.seek(event.t));
    track.append(button);
  }
  $("#reduced-motion").addEventListener("change", () => show(clock.time, false));
  show(0, false);
}
