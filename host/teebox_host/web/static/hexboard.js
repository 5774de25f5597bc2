// The board drawn hex by hex in an <svg>: one pointy-top hex per cell, odd rows half a
// hex east (the course grid's offset layout), filled with the colour its LED shows.
// Used by the live table (live.js) and the table in the browser (table.js).

const SVG = "http://www.w3.org/2000/svg";
const R = 10;                       // hex radius (centre to corner)
const W = Math.sqrt(3) * R;         // hex width

function corners(cx, cy) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (60 * k - 30);
    pts.push((cx + R * Math.cos(a)).toFixed(1) + "," + (cy + R * Math.sin(a)).toFixed(1));
  }
  return pts.join(" ");
}

function centre(col, row) {
  return [W / 2 + col * W + (row & 1) * W / 2, R + row * 1.5 * R];
}

export class HexBoard {
  constructor(svg) {
    this.svg = svg;
    this.shape = "";      // "width x height" the cells were built for
    this.hexes = [];
    this.frames = 0;
  }

  build(width, height) {
    this.svg.replaceChildren();
    this.svg.setAttribute("viewBox", `-1 -1 ${W * (width + 0.5) + 2} ${R * (1.5 * height + 0.5) + 2}`);
    for (let row = 0; row < height; row++) {
      for (let col = 0; col < width; col++) {
        const [cx, cy] = centre(col, row);
        const hex = document.createElementNS(SVG, "polygon");
        hex.setAttribute("points", corners(cx, cy));
        hex.setAttribute("class", "cell");
        hex.dataset.cell = row * width + col;
        this.svg.appendChild(hex);
      }
    }
    this.hexes = Array.from(this.svg.querySelectorAll("polygon.cell"));
    this.shape = width + "x" + height;
  }

  // Paint a frame: ``colours`` one "#rrggbb" per cell (rows top to bottom), ``labels``
  // {cell: text} written over their cells (the golfers' seat numbers).
  paint(width, height, colours, labels) {
    if (this.shape !== width + "x" + height) this.build(width, height);
    colours.forEach((colour, i) => {
      if (this.hexes[i].getAttribute("fill") !== colour) this.hexes[i].setAttribute("fill", colour);
    });
    this.svg.querySelectorAll("text.golfer").forEach((t) => t.remove());
    for (const [cell, text] of Object.entries(labels)) {
      const [cx, cy] = centre(Number(cell) % width, Math.floor(Number(cell) / width));
      const t = document.createElementNS(SVG, "text");
      t.setAttribute("x", cx);
      t.setAttribute("y", cy + 4);
      t.setAttribute("class", "golfer");
      t.textContent = text;
      this.svg.appendChild(t);
    }
    this.frames += 1;
    this.svg.dataset.frames = this.frames;
  }
}
