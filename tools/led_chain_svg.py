"""Draw the LED chain of a board profile as an SVG: hex cells, LED numbers, the path.

    python -m tools.led_chain_svg            # regenerate hardware/led-chain.svg
    python -m tools.led_chain_svg --check    # exit 1 if the committed SVG is stale
    python -m tools.led_chain_svg --profile pi-blinka-24x16 --out chain.svg

Plain string building, no dependencies; the output depends only on the
profile, so the committed picture can be checked against the generator.
"""

import argparse
import math
import sys
from pathlib import Path

from teebox import profile as profiles

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "hardware" / "led-chain.svg"

R = 16.0                      # hex radius: centre to corner (pointy-top)
HEX_W = math.sqrt(3) * R      # centre-to-centre distance along a row
ROW_H = 1.5 * R               # centre-to-centre distance between rows
MARGIN = 28.0
CAPTION_H = 36.0


def _f(x):
    """Coordinates with one decimal: compact, and identical on every run."""
    return "%.1f" % x


def centre(col, row):
    """Pixel centre of an offset cell; odd rows sit half a hex to the east."""
    x = MARGIN + HEX_W / 2 + HEX_W * (col + 0.5 * (row & 1))
    y = MARGIN + R + ROW_H * row
    return x, y


# Corners of a pointy-top hex around its centre (no trigonometry: same digits everywhere).
_CORNERS = ((0.0, -R), (HEX_W / 2, -R / 2), (HEX_W / 2, R / 2),
            (0.0, R), (-HEX_W / 2, R / 2), (-HEX_W / 2, -R / 2))


def _hexagon(x, y):
    return " ".join(_f(x + dx) + "," + _f(y + dy) for dx, dy in _CORNERS)


def _arrow(x1, y1, x2, y2, size=4.0):
    """A small arrowhead halfway between two centres, pointing from the first to the second."""
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    d = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    tip = (mx + ux * size, my + uy * size)
    left = (mx - ux * size - uy * size * 0.8, my - uy * size + ux * size * 0.8)
    right = (mx - ux * size + uy * size * 0.8, my - uy * size - ux * size * 0.8)
    return " ".join(_f(a) + "," + _f(b) for a, b in (tip, left, right))


def describe_chain(p):
    """One sentence saying where the chain starts and which way it runs."""
    if p.chain != "serpentine-rows":
        return "LED order listed cell by cell in the profile."
    top = p.start.startswith("top")
    first = "west to east" if p.start.endswith("left") else "east to west"
    second = "east to west" if first == "west to east" else "west to east"
    return ("LED 0 at the %s corner; the chain snakes from the %s row: %s, "
            "then %s, and so on." % (p.start, "top" if top else "bottom", first, second))


def render(p):
    """The SVG text for profile ``p``."""
    width = MARGIN * 2 + HEX_W * (p.width + 0.5)
    height = MARGIN * 2 + R * 2 + ROW_H * (p.height - 1) + CAPTION_H
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">'
        % (_f(width), _f(height), _f(width), _f(height)),
        "<title>Teebox LED chain: %s</title>" % p.name,
        "<style>"
        ".cell{fill:#f3f1e7;stroke:#9a9a8e;stroke-width:1}"
        ".wire{fill:none;stroke:#c0392b;stroke-width:1.4;stroke-linejoin:round}"
        ".dir{fill:#c0392b}"
        ".n{font:7.5px sans-serif;text-anchor:middle;dominant-baseline:central;"
        "fill:#222;paint-order:stroke;stroke:#f3f1e7;stroke-width:2.5px}"
        ".din{font:bold 9px sans-serif;fill:#1e7b34}"
        ".cap{font:11px sans-serif;fill:#222}"
        "</style>",
        '<rect width="100%" height="100%" fill="#ffffff"/>',
    ]
    for row in range(p.height):
        for col in range(p.width):
            x, y = centre(col, row)
            out.append('<polygon class="cell" points="%s"/>' % _hexagon(x, y))
    path = [centre(*p.cell_of_led(i)) for i in range(p.led_count)]
    out.append('<polyline class="wire" points="%s"/>'
               % " ".join(_f(x) + "," + _f(y) for x, y in path))
    for (x1, y1), (x2, y2) in zip(path, path[1:]):
        out.append('<polygon class="dir" points="%s"/>' % _arrow(x1, y1, x2, y2))
    # Where the data line comes in: a short lead from outside the grid to LED 0.
    x0, y0 = path[0]
    col0, _ = p.cell_of_led(0)
    side = -1 if col0 < p.width / 2 else 1
    lead_x = x0 + side * (HEX_W * 0.5 + 14)
    out.append('<line class="wire" x1="%s" y1="%s" x2="%s" y2="%s" stroke-dasharray="3 2"/>'
               % (_f(lead_x), _f(y0), _f(x0), _f(y0)))
    out.append('<circle cx="%s" cy="%s" r="2.5" fill="#1e7b34"/>' % (_f(lead_x), _f(y0)))
    out.append('<text class="din" x="%s" y="%s" text-anchor="%s">DIN</text>'
               % (_f(lead_x), _f(y0 - R - 2 if y0 < height / 2 else y0 + R + 9),
                  "start" if side < 0 else "end"))
    for i, (x, y) in enumerate(path):
        out.append('<text class="n" x="%s" y="%s">%d</text>' % (_f(x), _f(y), i))
    cap_y = height - CAPTION_H - MARGIN + 28
    out.append('<text class="cap" x="%s" y="%s">%s: %d x %d cells, %d LEDs (%s, data on '
               'GPIO %d). Odd rows sit half a hex east.</text>'
               % (_f(MARGIN), _f(cap_y), p.name, p.width, p.height, p.led_count,
                  p.led_order, p.led_pin))
    out.append('<text class="cap" x="%s" y="%s">%s</text>'
               % (_f(MARGIN), _f(cap_y + 16), describe_chain(p)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv=None):
    """Write (or with --check, verify) the LED chain picture."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--profile", default=profiles.DEFAULT, help="profile name in hardware/profiles")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="SVG file to write")
    ap.add_argument("--check", action="store_true", help="only check that --out is up to date")
    args = ap.parse_args(argv)
    svg = render(profiles.load_named(args.profile))
    if args.check:
        if not args.out.exists() or args.out.read_text() != svg:
            print("%s is out of date: run python -m tools.led_chain_svg" % args.out)
            return 1
        print("%s is up to date" % args.out)
        return 0
    args.out.write_text(svg)
    print("wrote %s" % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
