// The live table: draws the board hex by hex from each snapshot the server sends
// (/live/events, server-sent events; EventSource reconnects by itself when cut).

const SVG = "http://www.w3.org/2000/svg";
const R = 10;                       // hex radius (centre to corner)
const W = Math.sqrt(3) * R;         // hex width; odd rows sit half a hex east

const board = document.getElementById("board");
const status = document.getElementById("status");
let shape = "";                     // "width x height" the cells were built for
let frames = 0;

function corners(cx, cy) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (60 * k - 30);   // pointy-top hexes
    pts.push((cx + R * Math.cos(a)).toFixed(1) + "," + (cy + R * Math.sin(a)).toFixed(1));
  }
  return pts.join(" ");
}

function centre(col, row) {
  return [W / 2 + col * W + (row & 1) * W / 2, R + row * 1.5 * R];
}

function build(width, height) {
  board.replaceChildren();
  board.setAttribute("viewBox", `-1 -1 ${W * (width + 0.5) + 2} ${R * (1.5 * height + 0.5) + 2}`);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const [cx, cy] = centre(col, row);
      const hex = document.createElementNS(SVG, "polygon");
      hex.setAttribute("points", corners(cx, cy));
      hex.setAttribute("class", "cell");
      hex.dataset.cell = row * width + col;
      board.appendChild(hex);
    }
  }
  shape = width + "x" + height;
}

function label(cell, width, text) {
  const [cx, cy] = centre(cell % width, Math.floor(cell / width));
  const t = document.createElementNS(SVG, "text");
  t.setAttribute("x", cx);
  t.setAttribute("y", cy + 4);
  t.setAttribute("class", "golfer");
  t.textContent = text;
  board.appendChild(t);
}

function draw(s) {
  if (shape !== s.width + "x" + s.height) build(s.width, s.height);
  const hexes = board.querySelectorAll("polygon.cell");
  s.cells.forEach((colour, i) => hexes[i].setAttribute("fill", colour));
  board.querySelectorAll("text.golfer").forEach((t) => t.remove());
  for (const [cell, seats] of Object.entries(s.golfers)) label(Number(cell), s.width, seats.join(""));
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
  frames += 1;
  board.dataset.frames = frames;
}

const source = new EventSource("/live/events");
source.onopen = () => { status.textContent = "Live: following the board."; };
source.onmessage = (e) => draw(JSON.parse(e.data));
source.onerror = () => { status.textContent = "Connection lost: reconnecting…"; };
