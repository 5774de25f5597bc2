// The table in the browser: the real firmware in the MicroPython WebAssembly runtime the
// tests use, on simulated hardware (webtable.py, served in /table/firmware.json with the
// firmware's files). The page's clock drives the table's main loop; the board is drawn
// from its LED frame, the buttons and keys press the table's buttons, the card box lays
// club cards face down on its reader, and finished games go to the score history.

import { HexBoard } from "./hexboard.js";

const HEAP = 48 * 1024 * 1024;
const SAVE_MS = 1000;                 // the flash store is kept this often (if it changed)
const STORE_KEY = "teebox.table.flash";
const KEYS = {                        // key -> button (E NE NW W SW SE OK BACK = 0..7)
  d: 0, ArrowRight: 0, "6": 0, e: 1, "9": 1, w: 2, "7": 2, a: 3, ArrowLeft: 3, "4": 3,
  z: 4, "1": 4, x: 5, "3": 5, Enter: 6, " ": 6, s: 6, "5": 6, Backspace: 7, Escape: 7,
};

const $ = (id) => document.getElementById(id);
const board = new HexBoard($("board"));
const status = $("status");
let wt = null;                        // the Python WebTable
let snap = null;                      // the last snapshot drawn
let cardsShown = "";
let savedAt = 0;

function say(text) { status.textContent = text; }

function mkdirs(FS, path) {
  let cur = "";
  for (const part of path.split("/").slice(0, -1)) {
    cur += "/" + part;
    try { FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}

async function boot() {
  const [{ loadMicroPython }, bundle] = await Promise.all([
    import("/table/runtime/micropython.mjs"),
    fetch("/table/firmware.json").then((r) => {
      if (!r.ok) throw new Error(`the firmware did not load (${r.status})`);
      return r.json();
    }),
  ]);
  const log = (line) => console.log("[table] " + line);
  const mp = await loadMicroPython({ heapsize: HEAP, stdout: log, stderr: log });
  for (const [path, text] of Object.entries(bundle.files)) {
    mkdirs(mp.FS, "fw/" + path);
    mp.FS.writeFile("/fw/" + path, text);
  }
  mp.runPython("import sys\nsys.path.insert(0, '/fw')");
  const mod = mp.pyimport("webtable");
  wt = mod.WebTable(bundle.profile, Math.floor(performance.now()),
                    Math.floor(Date.now() / 1000), localStorage.getItem(STORE_KEY) || "");
  say(`The firmware runs in your browser (MicroPython ${bundle.runtime}): ` +
      "buttons below, or the keys; lay club cards from the card box.");
  requestAnimationFrame(tick);
}

function tick() {
  try {
    const now = Math.floor(performance.now());
    const text = wt.frame(now);
    if (text) draw(JSON.parse(text));
    if (now - savedAt > SAVE_MS) {
      savedAt = now;
      const flash = wt.flash_json();
      if (flash) localStorage.setItem(STORE_KEY, flash);
    }
  } catch (e) {
    say("The table stopped: " + e.message);
    console.error(e);
    return;
  }
  requestAnimationFrame(tick);
}

function draw(s) {
  snap = s;
  const colours = [];
  for (let i = 0; i < s.cells.length; i += 6) colours.push("#" + s.cells.slice(i, i + 6));
  board.paint(s.width, s.height, colours, s.golfers);
  $("title").textContent = s.title || "\u00a0";
  $("oled").textContent = s.oled.join("\n");
  const turn = $("turn");
  turn.textContent = s.turnName ? `${s.turnName}'s turn` : s.over ? "Game over" : "";
  turn.style.borderColor = s.turnColour || "transparent";
  const cards = JSON.stringify([s.cards, s.readers]);
  if (cards !== cardsShown) {
    cardsShown = cards;
    drawCards(s);
  }
  const n = s.waiting.length;
  $("waiting").textContent = n ? `${n} finished game${n > 1 ? "s" : ""} waiting to be sent.`
    : "Finish a game and it waits here to be sent.";
  $("send").disabled = n === 0;
}

function drawCards(s) {
  const pick = $("reader");
  $("reader-pick").hidden = s.readers.length === 0;
  if (pick.options.length !== s.readers.length) {
    pick.replaceChildren(...s.readers.map((seat) => new Option(`${seat + 1}`, seat)));
  }
  // Each player's hand; the rest of the box folded away while a game is on.
  const open = $("cards").querySelector("details")?.open || false;
  $("cards").replaceChildren(...s.cards.map(([label, clubs], i) => {
    const rest = i > 0 && i === s.cards.length - 1;
    const box = document.createElement(rest ? "details" : "div");
    box.className = "hand";
    if (rest) box.open = open;
    const h = document.createElement(rest ? "summary" : "h3");
    h.textContent = rest ? `${label} (${clubs.length})` : label;
    box.appendChild(h);
    for (const [index, name, id, played] of clubs) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = played ? "card played" : "card";
      b.dataset.club = index;
      b.dataset.id = id;
      b.textContent = name;
      if (played) b.title = "played already";
      box.appendChild(b);
    }
    return box;
  }));
}

// ---- the buttons: pointer and keys press the table's own (debounced by the firmware)

const held = new Set();
function press(button, down) {
  if (wt === null || held.has(button) === down) return;
  if (down) held.add(button); else held.delete(button);
  wt.button(button, down);
  document.querySelector(`[data-button="${button}"]`)?.classList.toggle("down", down);
}

for (const el of document.querySelectorAll("[data-button]")) {
  const b = Number(el.dataset.button);
  el.addEventListener("pointerdown", (e) => { e.preventDefault(); el.setPointerCapture(e.pointerId); press(b, true); });
  for (const kind of ["pointerup", "pointercancel", "lostpointercapture"]) {
    el.addEventListener(kind, () => press(b, false));
  }
  el.addEventListener("contextmenu", (e) => e.preventDefault());  // a long touch is a hold
  // keyboard activation of a focused button: a press and let go
  el.addEventListener("click", (e) => { if (e.detail === 0) { press(b, true); press(b, false); } });
}

function typing(e) {
  return e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement;
}

document.addEventListener("keydown", (e) => {
  if (typing(e) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "c") { $("cards").querySelector("button")?.focus(); e.preventDefault(); return; }
  const b = KEYS[e.key];
  if (b === undefined) return;
  // Enter and Space on a focused card or page button act on that button, not the table's
  if ((e.key === "Enter" || e.key === " ") && e.target instanceof HTMLButtonElement
      && !e.target.dataset.button) return;
  e.preventDefault();
  if (!e.repeat) press(b, true);
});
document.addEventListener("keyup", (e) => {
  const b = KEYS[e.key];
  if (b !== undefined) press(b, false);
});

$("cards").addEventListener("click", (e) => {
  const card = e.target.closest("button.card");
  if (card === null || wt === null) return;
  const seat = snap && snap.readers.length ? Number($("reader").value) : -1;
  wt.lay(Number(card.dataset.club), seat);
});

// ---- finished games to the score history, as `teebox sync` sends a board's

async function send() {
  $("send").disabled = true;
  const said = [];
  for (const number of snap.waiting) {
    const hex = wt.record_hex(number);
    const body = new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));
    const headers = { "Content-Type": "application/octet-stream" };
    const token = document.getElementById("token");   // a club server's page asks for it
    if (token && token.value) headers.Authorization = `Bearer ${token.value.trim()}`;
    const r = await fetch("/table/records", { method: "POST", headers, body });
    const answer = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
    if (r.ok) {
      wt.forget(number);   // stored: the table lets it go, as a board does after a sync
      said.push(answer.message);
    } else {
      said.push(`game ${number} stays on the table: ${answer.error}`);
    }
  }
  $("sent").replaceChildren(said.join(". ") + ". ", Object.assign(document.createElement("a"),
    { href: "/", textContent: "Open the score history" }));
}
$("send").addEventListener("click", () => send().catch((e) => { $("sent").textContent = e.message; }));

$("script-run").addEventListener("click", () => {
  if (wt === null) return;
  const problem = wt.run_script($("script-text").value);
  $("script-said").textContent = problem || "Played.";
});

// Leaving the page is switching the table off: its flash is kept, the game carries on.
window.addEventListener("pagehide", () => {
  const flash = wt === null ? "" : wt.flash_json();
  if (flash) localStorage.setItem(STORE_KEY, flash);
});

$("reset").addEventListener("click", () => {
  if (!confirm("Forget this table: its game in progress and the games not sent?")) return;
  localStorage.removeItem(STORE_KEY);
  wt = null;
  location.reload();
});

// The tests' hook (and a console's): the bots' next script lines, and whether the table
// has taken every press and card given so far.
window.teeboxTable = {
  get ready() { return wt !== null && snap !== null; },
  get snapshot() { return snap; },
  botLines: (mode, course, players, seed) => JSON.parse(wt.bot_lines(mode, course, players, seed)),
  runScript: (text) => wt.run_script(text),
  busy: () => wt.busy(),
};

boot().catch((e) => { say("The table could not start: " + e.message); console.error(e); });
