// The catalog page: a gallery of tiles, each animation and chain playing by its Web Animations
// export, all on one clock, looping — or the table. Search, kind and tag narrow both as the user
// types, from the same endpoints the page's own form uses on the server. Store text is written
// only with textContent.
"use strict";

// Still time between a tile's loops, and the loop of a tile that never ends.
const galleryRest = 700, galleryEndless = 3000;
// Frames per second of a scenario's film, which a decorator's or layout's tile plays.
const galleryFilmRate = 30;

function catalogPage() {
  const form = $("#filters"), search = $("#search"), kind = $("#kind"), tag = $("#tag"), view = $("#view");
  const body = $("#components tbody"), table = $("#components"), empty = $("#empty"), gallery = $("#gallery");
  const clock = galleryClock(gallery, $("#gallery-play"));
  const tiles = new Map($$(".tile", gallery).map((tile) => [tile.dataset.name + "@" + tile.dataset.version, tile]));
  let latest = 0, timer;

  function query() {
    const query = new URLSearchParams();
    if (kind.value) query.set("kind", kind.value);
    if (tag.value) query.set("tag", tag.value);
    const text = search.value.trim();
    if (text) query.set("q", text);
    return query;
  }
  function remember() {
    const shown = query();
    if (view.value === "table") shown.set("view", "table");
    history.replaceState(null, "", shown.toString() ? "/?" + shown : "/");
  }
  async function refresh() {
    const ticket = ++latest;
    const asked = query();
    let rows;
    try {
      rows = await getJSON((asked.has("q") ? "/api/search?" : "/api/components?") + asked);
    } catch (error) {
      rows = [];
    }
    if (ticket !== latest) return; // an older answer arriving late
    body.replaceChildren(...rows.map((component) => {
      const row = element("tr");
      const name = element("td");
      name.append(element("a", component.name, { href: "/components/" + encodeURIComponent(component.name) }));
      row.append(name, element("td", component.kind), element("td", component.version), element("td", component.tags.join(", ")),
        element("td", component.summary));
      return row;
    }));
    gallery.replaceChildren(...rows.map((component) => {
      const key = component.name + "@" + component.version;
      if (!tiles.has(key)) tiles.set(key, newTile(component));
      return tiles.get(key);
    }));
    clock.watch();
    empty.hidden = rows.length > 0;
    table.dataset.query = asked.toString();
    gallery.dataset.query = asked.toString();
    remember();
  }
  function show(which) {
    view.value = which;
    gallery.hidden = which !== "gallery";
    table.hidden = which !== "table";
    $("#gallery-play").hidden = which !== "gallery";
    $("#show-gallery").setAttribute("aria-pressed", String(which === "gallery"));
    $("#show-table").setAttribute("aria-pressed", String(which === "table"));
    remember();
  }
  search.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(refresh, 120); });
  kind.addEventListener("change", refresh);
  tag.addEventListener("change", refresh);
  form.addEventListener("submit", (event) => { event.preventDefault(); refresh(); });
  $("#show-gallery").addEventListener("click", () => show("gallery"));
  $("#show-table").addEventListener("click", () => show("table"));
  clock.watch();
}

// A scenario's film (`scenario run --fps`) as one Web Animation per drawn path: each frame a
// keyframe at its time, placing the path's box where the engine put it (in the scene's
// coordinates, the whole scene scaled into the stage), with its opacity, transform and hidden.
// A slot's frame is in its container's coordinates, a decorator's child is over its owner's
// box unless it has a frame of its own (in its owner's coordinates).
function filmMotion(tile, film, containers, objects) {
  const frames = film.samples;
  function box(values, path, seen = new Set()) {
    const v = values[path];
    if (!v || seen.has(path)) return null;
    seen.add(path);
    const slash = path.indexOf("/");
    const outer = slash > 0 ? box(values, path.slice(0, slash), seen) : containers[path] ? box(values, containers[path], seen) : null;
    if (!v.frame) return slash > 0 ? outer : null;
    return outer ? [outer[0] + v.frame[0], outer[1] + v.frame[1], v.frame[2], v.frame[3]] : v.frame;
  }
  const depth = (path) => (path.includes("/") ? 1 + depth(path.split("/")[0]) : containers[path] ? 1 + depth(containers[path]) : 0);
  const paths = [...new Set(frames.flatMap((frame) => Object.keys(frame.values)))].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : 1));
  const boxes = new Map(paths.map((path) => [path, frames.map((frame) => box(frame.values, path))]));
  // A layout's tile: only the objects it lays out (the others still place them).
  const drawn = paths.filter((path) => boxes.get(path).some(Boolean) && (!objects || objects.includes(path.split("/")[0])));
  if (drawn.length === 0) return null;
  const all = drawn.flatMap((path) => boxes.get(path).filter(Boolean));
  const x0 = Math.min(...all.map((b) => b[0])), y0 = Math.min(...all.map((b) => b[1]));
  const width = Math.max(...all.map((b) => b[0] + b[2])) - x0 || 1, height = Math.max(...all.map((b) => b[1] + b[3])) - y0 || 1;
  const stage = $(".tile-stage", tile);
  const scale = Math.min((stage.clientWidth * 0.9) / width, (stage.clientHeight * 0.9) / height);
  const scene = element("div", undefined, { class: "tile-scene", "data-x0": String(x0), "data-y0": String(y0), "data-scenario": film.scenario });
  scene.style.width = width + "px";
  scene.style.height = height + "px";
  scene.style.transform = `scale(${scale})`;
  const span = frames[frames.length - 1].t;
  const animations = [];
  for (const path of drawn) {
    const object = element("div", undefined, { class: path.includes("/") ? "tile-object tile-child" : "tile-object", "data-path": path });
    scene.append(object);
    let last = boxes.get(path).find(Boolean);
    const keyframes = frames.map((frame, index) => {
      const b = boxes.get(path)[index], v = frame.values[path];
      if (b) last = b;
      const shown = b && v && !v.hidden;
      return {
        offset: span > 0 ? frame.t / span : 0, left: last[0] - x0 + "px", top: last[1] - y0 + "px", width: last[2] + "px", height: last[3] + "px",
        opacity: String(v ? v.opacity ?? 1 : 1), transform: v && Array.isArray(v.transform) ? `matrix3d(${v.transform.join(", ")})` : "none",
        visibility: shown ? "visible" : "hidden",
      };
    });
    const animation = object.animate(keyframes, { duration: Math.max(span * 1000, 1), fill: "both" });
    animation.pause();
    animations.push(animation);
  }
  $(".tile-roles", tile).replaceWith(scene);
  const end = span * 1000;
  return { animations, period: end + galleryRest, still: end, loop: -1 };
}

// A tile as the server writes it (CatalogPage.tile).
function newTile(component) {
  const tile = element("li", undefined, { class: "tile", "data-name": component.name, "data-kind": component.kind, "data-version": component.version });
  const stage = element("div", undefined, { class: "tile-stage", "aria-hidden": "true" });
  const roles = element("div", undefined, { class: "tile-roles" });
  roles.append(element("div", undefined, { class: "tile-box" }));
  stage.append(roles);
  tile.append(stage, element("a", component.name, { class: "tile-name", href: "/components/" + encodeURIComponent(component.name) }),
    element("span", component.kind + " · " + component.version, { class: "tile-meta" }), element("p", component.summary, { class: "tile-summary" }));
  return tile;
}

// One clock for every tile: a tile's animations run on the document timeline from a shared
// origin, each loop starting at a multiple of the tile's period, so tiles of one length stay in
// step. Only tiles near the viewport load and run; Pause stops them all where they are. Under
// reduced motion the gallery starts paused, each tile showing where it ends.
function galleryClock(gallery, button) {
  let origin = document.timeline.currentTime;
  const running = new Set();
  let paused = matchMedia("(prefers-reduced-motion: reduce)").matches;
  // Where the shared clock stopped (ms from the origin); null before anything played.
  let pausedAt = null;

  function label() {
    button.textContent = paused ? "Play" : "Pause";
    gallery.dataset.clock = paused ? "paused" : "playing";
  }
  function local(tile, now = document.timeline.currentTime) { return (now - origin) % tile.motion.period; }
  function seek(tile, ms) { for (const animation of tile.motion.animations) animation.currentTime = ms; }
  function start(tile) {
    if (!tile.motion) return;
    running.add(tile);
    if (paused) {
      for (const animation of tile.motion.animations) animation.pause();
      seek(tile, pausedAt === null ? tile.motion.still : local(tile, pausedAt));
      tile.dataset.state = "paused";
      return;
    }
    seek(tile, local(tile));
    for (const animation of tile.motion.animations) animation.play();
    tile.dataset.state = "playing";
  }
  // Out of view: stopped, costing nothing, until it comes back (on the shared clock again).
  function stop(tile) {
    running.delete(tile);
    if (!tile.motion) return;
    for (const animation of tile.motion.animations) animation.pause();
    tile.dataset.state = "offscreen";
  }
  // A loop ends: back to its start, on the shared clock.
  function tick() {
    if (!paused) {
      const now = document.timeline.currentTime;
      for (const tile of running) {
        const loop = Math.floor((now - origin) / tile.motion.period);
        if (loop !== tile.motion.loop) { tile.motion.loop = loop; seek(tile, local(tile)); }
      }
    }
    requestAnimationFrame(tick);
  }
  const scenarios = JSON.parse(gallery.dataset.scenarios || "{}"), films = new Map();
  async function load(tile) {
    if (tile.dataset.state) return;
    const kind = tile.dataset.kind, plays = scenarios[tile.dataset.name];
    if (kind !== "animation" && kind !== "chain" && !((kind === "decorator" || kind === "layout") && plays)) { tile.dataset.state = "still"; return; }
    tile.dataset.state = "loading";
    try {
      if (plays) {
        if (!films.has(plays.scenario)) films.set(plays.scenario, getJSON(`/api/scenarios/${encodeURIComponent(plays.scenario)}/run?fps=${galleryFilmRate}`));
        tile.motion = filmMotion(tile, await films.get(plays.scenario), plays.containers, plays.objects);
        if (!tile.motion) { tile.dataset.state = "still"; return; }
      } else {
        tile.motion = await exportMotion(tile);
      }
      if (observer.visible.has(tile)) start(tile);
      else tile.dataset.state = "offscreen";
    } catch (error) {
      tile.dataset.state = "error";
      tile.title = error.message;
    }
  }
  // An animation's or chain's Web Animations export, a box per role.
  async function exportMotion(tile) {
    const query = new URLSearchParams({ to: "waapi", version: tile.dataset.version });
    const base = "/api/components/" + encodeURIComponent(tile.dataset.name);
    const effects = await getJSON(base + "/export?" + query);
    const byRole = Array.isArray(effects) ? { [tile.dataset.name]: effects } : effects;
    // A chain's roles side by side in the order it declares them.
    const order = Array.isArray(effects) ? [tile.dataset.name]
      : (await getJSON(base + "?" + new URLSearchParams({ version: tile.dataset.version }))).definition.chain.roles;
    const roles = $(".tile-roles", tile);
    roles.replaceChildren();
    const animations = [];
    let end = 0;
    for (const role of order) {
      const list = byRole[role] || [];
      const box = element("div", undefined, { class: "tile-box", "data-role": role });
      roles.append(box);
      for (const effect of list) {
        const animation = box.animate(effect.keyframes, effect.options);
        animation.pause();
        animations.push(animation);
        end = Math.max(end, animation.effect.getComputedTiming().endTime);
      }
    }
    const finite = Number.isFinite(end) && end > 0;
    return { animations, period: (finite ? end : galleryEndless) + galleryRest, still: finite ? end : 0, loop: -1 };
  }
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) { observer.visible.add(entry.target); load(entry.target); start(entry.target); }
      else { observer.visible.delete(entry.target); stop(entry.target); }
    }
  }, { rootMargin: "200px" });
  observer.visible = new Set();

  button.addEventListener("click", () => {
    paused = !paused;
    // Played again, every tile goes on from where it stopped.
    if (!paused && pausedAt !== null) origin += document.timeline.currentTime - pausedAt;
    pausedAt = paused ? document.timeline.currentTime : null;
    label();
    for (const tile of [...running]) start(tile);
  });
  label();
  requestAnimationFrame(tick);
  return {
    // The tiles now in the gallery, observed (a tile left out stops).
    watch() {
      for (const tile of [...running]) if (!tile.isConnected) { stop(tile); observer.visible.delete(tile); }
      observer.disconnect();
      for (const tile of $$(".tile", gallery)) observer.observe(tile);
    },
  };
}
