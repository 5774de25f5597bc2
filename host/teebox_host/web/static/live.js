// The live table: draws the board hex by hex from each snapshot the server sends
// (/live/events, server-sent events; EventSource reconnects by itself when cut). The
// cells are the board's LED frame as it came over the link; while the board is not
// answering (the cable out, the board off) the server keeps trying and says so.

import { HexBoard } from "./hexboard.js";

const board = new HexBoard(document.getElementById("board"));
const svg = document.getElementById("board");
const status = document.getElementById("status");

function draw(s) {
  const labels = {};
  for (const [cell, seats] of Object.entries(s.golfers)) labels[cell] = seats.join("");
  if (s.width && s.height) {
    board.paint(s.width, s.height, s.cells, labels);
    svg.dataset.ledFrame = s.frame;
  }
  svg.classList.toggle("stale", !s.connected);
  status.textContent = s.connected
    ? "Live: following the board." + (s.note ? " " + s.note : "")
    : `The board on ${s.port} is not answering: plug it in or switch it on; trying again…`;
  document.getElementById("title").textContent = s.title;
  const turn = document.getElementById("turn");
  turn.textContent = s.turn ? `${s.turn}'s turn`
    : { playing: "Playing", over: "Game over", menu: "Waiting for a game" }[s.state];
  turn.style.borderColor = s.turnColour || "transparent";
  const oled = document.getElementById("oled");
  oled.textContent = s.oled.join("\n");
  oled.hidden = !s.oled.length;
  const card = document.getElementById("scorecard");
  card.hidden = !s.scorecard.length;
  card.tBodies[0].replaceChildren(...s.scorecard.map((row) => {
    const tr = document.createElement("tr");
    const who = document.createElement("td");
    const dot = document.createElement("span");
    dot.className = "swatch";
    dot.style.background = row.colour;
    who.append(dot, row.seat);
    tr.append(who, ...[row.hole || "", row.total, row.place || ""].map((v) => {
      const td = document.createElement("td");
      td.textContent = v;
      return td;
    }));
    return tr;
  }));
  const events = document.getElementById("events");
  events.replaceChildren(...s.events.slice().reverse().map((e) => {
    const li = document.createElement("li");
    li.textContent = e;
    return li;
  }));
}

const source = new EventSource("/live/events");
source.onopen = () => { status.textContent = "Live: following the board."; };
source.onmessage = (e) => draw(JSON.parse(e.data));
source.onerror = () => { status.textContent = "Connection to the server lost: reconnecting…"; };
