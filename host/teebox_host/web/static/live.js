// The live table: draws the board hex by hex from each snapshot the server sends
// (/live/events, server-sent events; EventSource reconnects by itself when cut).

import { HexBoard } from "./hexboard.js";

const board = new HexBoard(document.getElementById("board"));
const status = document.getElementById("status");

function draw(s) {
  const labels = {};
  for (const [cell, seats] of Object.entries(s.golfers)) labels[cell] = seats.join("");
  board.paint(s.width, s.height, s.cells, labels);
  document.getElementById("title").textContent = s.title;
  const turn = document.getElementById("turn");
  turn.textContent = s.turn ? `${s.turn}'s turn`
    : { playing: "Playing", over: "Game over", menu: "Waiting for a game" }[s.state];
  turn.style.borderColor = s.turnColour || "transparent";
  document.getElementById("oled").textContent = s.oled.join("\n");
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
source.onerror = () => { status.textContent = "Connection lost: reconnecting…"; };
