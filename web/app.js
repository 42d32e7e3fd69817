// The page of hopzero serve: talks to the JSON API (docs/serve.md) and draws with board.js.
// Moves are entered click by click as the engine's atomic actions: the API lists the legal
// ones with the points they touch, so this file knows no rules of any game.
//
// URL parameters (for links and scripted checks): game, options (k=v,k=v), seats (specs
// separated by ';'), autoplay=0, labels=1, record (a name in the server's records directory).
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const app = {
  catalog: null, view: null, geometry: null, selected: null, busy: false, hint: null,
  board: null,
};

// --- The API. ---

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

function esc(text) {
  const div = document.createElement("div");
  div.textContent = String(text);
  return div.innerHTML;
}

function say(text, isError) {
  $("message").textContent = text || "";
  $("message").className = isError ? "error" : "";
}

// Runs one API interaction; the page stays usable and shows the server's message on error.
// Agents go on moving only after an interaction that succeeded.
async function run(task) {
  if (app.busy) return;
  app.busy = true;
  let ok = false;
  try {
    await task();
    ok = true;
  } catch (e) {
    say(e.message, true);
  } finally {
    app.busy = false;
  }
  if (ok) scheduleAgent();
}

// --- New game form. ---

function selectedGame() {
  return app.catalog.games.find((g) => g.name === $("game").value);
}

function optionValues() {
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]"))
    out[input.dataset.option] = input.value;
  return out;
}

function buildOptions(initial) {
  const box = $("options");
  box.innerHTML = "";
  for (const o of selectedGame().options) {
    const label = document.createElement("label");
    label.title = o.doc;
    label.append(o.name + " ");
    let input;
    if (o.allowed.length) {
      input = document.createElement("select");
      for (const v of o.allowed) input.add(new Option(v, v));
    } else {
      input = document.createElement("input");
      input.type = "number";
      input.min = o.min;
      input.max = o.max;
    }
    input.value = initial[o.name] !== undefined ? initial[o.name] : o.default;
    input.dataset.option = o.name;
    input.addEventListener("change", () => run(refreshSeats));
    label.append(input);
    box.append(label);
  }
}

async function refreshSeats(initialSeats) {
  const variant = await api("/api/variant", { game: $("game").value, options: optionValues() });
  const box = $("seats");
  const old = [...box.querySelectorAll("input")].map((i) => i.value);
  box.innerHTML = "";
  for (let p = 0; p < variant.num_players; p++) {
    const label = document.createElement("label");
    label.className = "seat";
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = variant.geometry.colors[p];
    label.append(swatch, ` ${variant.geometry.player_names[p]} `);
    const input = document.createElement("input");
    input.setAttribute("list", "agent-specs");
    input.value = (initialSeats && initialSeats[p]) || old[p] ||
        (p === 0 ? "human" : "mcts:sims=400,evaluator=rollout");
    label.append(input);
    box.append(label);
  }
}

function seatValues() {
  return [...$("seats").querySelectorAll("input")].map((i) => i.value.trim());
}

async function newGame() {
  app.hint = null;
  const view = await api("/api/new", {
    game: $("game").value, options: optionValues(), seats: seatValues(),
  });
  show(view);
  say("new game");
}

// --- Showing a game. ---

function show(view) {
  if (view.geometry) {
    app.geometry = view.geometry;
    app.board.setGeometry(view.geometry);
  }
  app.view = view;
  app.selected = null;
  $("title").textContent = view.full_name;
  app.board.drawPosition(view.position, view.last);
  app.board.drawHeat(app.hint && app.hint.ply === view.ply ? app.hint.heat : null);
  if (!(app.hint && app.hint.ply === view.ply)) $("hint-out").innerHTML = "";
  $("position").value = view.serialized;
  showStatus(view);
  showTurns(view);
  showMoves();
}

function playerLabel(p) {
  const names = app.geometry.player_names;
  const seat = app.view.seats[p];
  return `${names[p]}${seat === "human" ? "" : " (" + seat + ")"}`;
}

function showStatus(view) {
  let text;
  if (view.resigned !== null) text = `${playerLabel(view.resigned)} resigned`;
  else if (view.terminal) {
    const r = view.returns;
    const best = Math.max(...r);
    const winners = r.map((v, p) => (v === best ? p : -1)).filter((p) => p >= 0);
    text = `Game over: ${winners.length === r.length ? "draw" :
        winners.map((p) => app.geometry.player_names[p]).join(", ") + " won"}` +
        ` (returns ${r.map((v) => +v.toFixed(3)).join(", ")})`;
  } else text = `${playerLabel(view.to_move)} to move`;
  if (view.ply < view.line_length) text += ` · reviewing ply ${view.ply} of ${view.line_length}`;
  $("status").textContent = text;
  const reserves = view.position.reserves;
  $("reserves").textContent = reserves.length ? "Reserves: " +
      reserves.map((n, p) => `${app.geometry.player_names[p]} ${n}`).join(", ") : "";
}

function showTurns(view) {
  const list = $("turns");
  list.innerHTML = "";
  for (const t of view.turns) {
    const li = document.createElement("li");
    li.textContent = `${app.geometry.player_names[t.player]}: ${t.text}`;
    if (t.comment) {
      const c = document.createElement("span");
      c.className = "comment";
      c.textContent = ` {${t.comment}}`;
      li.append(c);
    }
    if (t.first < view.ply && view.ply <= t.end) li.className = "current";
    if (t.first >= view.ply) li.className = "ahead";
    li.addEventListener("click", () => run(async () => show(await call("goto", { ply: t.end }))));
    list.append(li);
  }
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function humanToMove() {
  const v = app.view;
  return v && !v.over && v.seats[v.to_move] === "human";
}

// The clickable marks and the buttons for actions that touch no point (stop, pass).
function showMoves() {
  const extra = $("extra-actions");
  extra.innerHTML = "";
  const marks = [];
  if (humanToMove()) {
    const legal = app.view.legal;
    const sources = new Set(legal.filter((a) => a.from !== null).map((a) => a.from));
    if (app.selected === null && sources.size === 1) app.selected = [...sources][0];
    for (const s of sources) marks.push({ point: s, kind: s === app.selected ? "selected" : "source" });
    for (const a of legal) {
      if (a.from !== null && a.from === app.selected) marks.push({ point: a.to, kind: "target" });
      if (a.from === null && a.to !== null) marks.push({ point: a.to, kind: "single" });
      if (a.from === null && a.to === null) {
        const b = document.createElement("button");
        b.textContent = a.text;
        b.dataset.action = a.id;
        b.addEventListener("click", () => play(a.id));
        extra.append(b);
      }
    }
  }
  app.board.drawTargets(marks);
}

function clicked(point) {
  if (!humanToMove() || app.busy) return;
  const legal = app.view.legal;
  const move = legal.find((a) => a.from !== null && a.from === app.selected && a.to === point);
  if (move) return play(move.id);
  const single = legal.find((a) => a.from === null && a.to === point);
  const isSource = legal.some((a) => a.from === point);
  if (single && !isSource) return play(single.id);
  app.selected = isSource ? point : null;
  showMoves();
}

function call(verb, body) {
  return api(`/api/game/${app.view.id}/${verb}`, body || {});
}

function play(action) {
  run(async () => show(await call("play", { action })));
}

// Agents move one action per request, so the page shows each and stays responsive.
let agentTimer = null;
function scheduleAgent() {
  clearTimeout(agentTimer);
  const v = app.view;
  if (!v || v.over || v.ply < v.line_length || !$("autoplay").checked) return;
  if (v.seats[v.to_move] === "human") return;
  agentTimer = setTimeout(() => run(async () => {
    const view = await call("advance");
    say(`${app.geometry.player_names[view.played.player]} played ${view.played.text}`);
    show(view);
  }), 250);
}

// --- Analysis. ---

async function hint() {
  const out = await call("hint", { agent: $("hint-agent").value.trim() });
  out.ply = app.view.ply;
  app.hint = out;
  app.board.drawHeat(out.heat);
  const names = app.geometry.player_names;
  const rows = out.moves.slice(0, 8).map((m) => {
    const values = (m.player_values || []).map((v) => (v === null ? "?" : v.toFixed(2)));
    return `<tr><td>${esc(m.text)}</td><td>${(m.share * 100).toFixed(1)}%</td>` +
        `<td>${values.join(" / ")}</td></tr>`;
  });
  const shown = 16; // the principal variation's first actions; the rest is elided
  const pv = out.principal_variation.slice(0, shown).map((m) => m.text).join(" ") +
      (out.principal_variation.length > shown ? " …" : "");
  $("hint-out").innerHTML =
      `<p>${esc(out.agent)} suggests <b>${esc(out.best_text)}</b>; root value for ` +
      `${esc(names[out.mover])}: ${out.root_value.toFixed(3)}</p>` +
      `<table><tr><th>move</th><th>visits</th><th>value (${esc(names.join(" / "))})</th>` +
      `</tr>${rows.join("")}</table><p>PV: ${esc(pv || "-")}</p>`;
}

// --- Records. ---

async function refreshRecords() {
  const select = $("records");
  select.innerHTML = "";
  if (!app.catalog.records_dir) {
    select.add(new Option("(server started without --records)", ""));
    return;
  }
  for (const name of (await api("/api/records")).records) select.add(new Option(name, name));
}

async function loadRecord(body) {
  app.hint = null;
  const view = await api("/api/records/load", body);
  show(view);
  say(`record loaded: ${view.turns.length} turns; players ${view.record_players.join(", ")}`);
}

// --- Wiring. ---

function bind(id, task) {
  $(id).addEventListener("click", () => run(task));
}

async function start() {
  app.board = new HZBoard.Board($("board"), clicked);
  app.catalog = await api("/api/catalog");
  for (const g of app.catalog.games) $("game").add(new Option(g.name, g.name));
  if (params.get("game")) $("game").value = params.get("game");
  const initial = {};
  for (const kv of (params.get("options") || "").split(",").filter(Boolean)) {
    const [k, v] = kv.split("=");
    initial[k] = v;
  }
  buildOptions(initial);
  await refreshSeats(params.get("seats") ? params.get("seats").split(";") : null);
  if (params.get("autoplay") === "0") $("autoplay").checked = false;
  $("labels").checked = params.get("labels") === "1";
  app.board.showLabels($("labels").checked);
  $("game").addEventListener("change", () => run(async () => {
    buildOptions({});
    await refreshSeats();
  }));
  bind("new-game", newGame);
  bind("apply-seats", async () => show(await call("seats", { seats: seatValues() })));
  bind("undo", async () => show(await call("undo")));
  bind("resign", async () => show(await call("resign")));
  bind("first", async () => show(await call("goto", { ply: 0 })));
  bind("last", async () => show(await call("goto", { ply: app.view.line_length })));
  bind("back", async () => {
    const t = app.view.turns.filter((x) => x.end < app.view.ply).pop();
    show(await call("goto", { ply: t ? t.end : 0 }));
  });
  bind("forward", async () => {
    const t = app.view.turns.find((x) => x.end > app.view.ply);
    show(await call("goto", { ply: t ? t.end : app.view.line_length }));
  });
  bind("hint", hint);
  bind("clear-hint", async () => {
    app.hint = null;
    app.board.drawHeat(null);
    $("hint-out").innerHTML = "";
  });
  bind("load-position", async () => show(await call("position", { text: $("position").value.trim() })));
  bind("load-record", () => loadRecord({ name: $("records").value }));
  bind("load-pasted", () => loadRecord({ text: $("record-text").value }));
  bind("save", async () => {
    const out = await call("save", { name: $("save-name").value.trim() });
    say(`saved ${out.saved}`);
    await refreshRecords();
  });
  $("autoplay").addEventListener("change", scheduleAgent);
  $("labels").addEventListener("change", () => app.board.showLabels($("labels").checked));
  await refreshRecords();
  if (params.get("record")) await loadRecord({ name: params.get("record") });
  else await newGame();
}

run(start);
