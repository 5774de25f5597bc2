// A stored game's replay: puts the golfers of each step (frames from the server) on the
// drawn board; buttons and the arrow keys step through it, play runs it on its own. A
// step whose board changed (a game laying each hole anew) carries its cells' colours.

const SVG = "http://www.w3.org/2000/svg";
const STEP_MS = 700;                  // a step this long while playing

const data = JSON.parse(document.getElementById("frames").textContent);
const board = document.querySelector("#replay svg");
const caption = document.getElementById("caption");
const counter = document.getElementById("step");
const play = document.getElementById("play");
const hexes = Array.from(board.querySelectorAll(".cell"));
const start = hexes.map((hex) => hex.getAttribute("fill"));  // the board as the game began
let at = 0;
let timer = null;

function paint() {
  // The cells of the last step at or before this one that carried them.
  let cells = start;
  for (let i = at; i >= 0; i--) {
    if (data.frames[i].cells) {
      cells = data.frames[i].cells;
      break;
    }
  }
  hexes.forEach((hex, i) => {
    if (hex.getAttribute("fill") !== cells[i]) hex.setAttribute("fill", cells[i]);
  });
}

function draw() {
  board.querySelectorAll(".golfer").forEach((e) => e.remove());
  paint();
  const frame = data.frames[at];
  for (const [cell, seats] of Object.entries(frame.golfers)) {
    const hex = board.querySelector(`.cell[data-cell="${cell}"]`);
    seats.forEach((seat, i) => {
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("class", "golfer");
      dot.setAttribute("cx", +hex.dataset.x + (i - (seats.length - 1) / 2) * 5);
      dot.setAttribute("cy", hex.dataset.y);
      dot.setAttribute("r", 4);
      dot.setAttribute("fill", data.colours[seat - 1] || "#888");
      dot.dataset.seat = seat;
      board.appendChild(dot);
    });
  }
  caption.textContent = frame.caption;
  counter.textContent = `step ${at + 1} of ${data.frames.length}`;
}

function go(to) {
  at = Math.max(0, Math.min(data.frames.length - 1, to));
  draw();
  if (at === data.frames.length - 1) stop();
}

function stop() {
  clearInterval(timer);
  timer = null;
  play.textContent = "Play";
}

function toggle() {
  if (timer !== null) return stop();
  if (at === data.frames.length - 1) at = -1;
  timer = setInterval(() => go(at + 1), STEP_MS);
  play.textContent = "Pause";
  go(at + 1);
}

document.getElementById("first").onclick = () => go(0);
document.getElementById("prev").onclick = () => go(at - 1);
document.getElementById("next").onclick = () => go(at + 1);
document.getElementById("last").onclick = () => go(data.frames.length - 1);
play.onclick = toggle;
document.addEventListener("keydown", (e) => {
  const keys = {ArrowLeft: () => go(at - 1), ArrowRight: () => go(at + 1), Home: () => go(0),
                End: () => go(data.frames.length - 1), " ": toggle};
  if (keys[e.key]) {
    e.preventDefault();
    keys[e.key]();
  }
});
draw();
