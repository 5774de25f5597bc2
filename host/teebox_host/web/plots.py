"""Plots as SVG drawn on the server: one ``<circle class="point">`` per data point.

A plot scales to its box (``viewBox``, width 100%), so it fits a phone's screen as well
as a laptop's; each point carries a ``<title>`` that a browser shows on hover or tap.
"""

from dataclasses import dataclass, field

from markupsafe import Markup, escape

WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 44
PAD = 0.08   # room left and right of the data, as a share of its span

# Series colours that stay apart on a white page (and for colour-blind eyes, mostly).
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b",
           "#e377c2")


@dataclass
class Series:
    """One player's points: ``(x, y, tip)`` each, ``tip`` the text shown on hover."""

    name: str
    colour: str
    points: list = field(default_factory=list)


def colour(i):
    """The colour of the ``i``-th series."""
    return COLOURS[i % len(COLOURS)]


def _nice_step(span, ticks=5):
    """A tick step of 1, 2 or 5 times a power of ten giving about ``ticks`` ticks."""
    raw = max(span / ticks, 1)
    power = 1
    while power * 10 <= raw:
        power *= 10
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return m * power
    return 10 * power


def _range(values):
    lo, hi = min(values), max(values)
    return (lo - 1, hi + 1) if lo == hi else (lo, hi)


def scatter(series, x_ticks, x_title, y_title, guide=(), connect=False, label=""):
    """The SVG of ``series`` (a list of :class:`Series`) as Markup.

    ``x_ticks``: ``(x, text)`` marks under the x axis; ``guide``: ``(x, y)`` points of a
    dashed reference line (par); ``connect``: join each series' points in x order.
    """
    xs = [p[0] for s in series for p in s.points] + [g[0] for g in guide] + \
        [t[0] for t in x_ticks]
    ys = [p[1] for s in series for p in s.points] + [g[1] for g in guide]
    x0, x1 = _range(xs or [0])
    pad = (x1 - x0) * PAD  # the first and last points (and dates) clear the edges
    x0, x1 = x0 - pad, x1 + pad
    y0, y1 = _range(ys or [0])
    step = _nice_step(y1 - y0)
    y0, y1 = (y0 // step) * step, -((-y1) // step) * step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def sx(x):
        return round(LEFT + (x - x0) / (x1 - x0) * plot_w, 1)

    def sy(y):
        return round(TOP + (y1 - y) / (y1 - y0) * plot_h, 1)

    out = [f'<svg class="plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">',
           f'<rect class="frame" x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}"/>']
    y = y0
    while y <= y1:
        text = f"{y:+d}" if y0 < 0 and y else str(y)  # scores against par are signed
        out.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{sy(y)}" '
                   f'y2="{sy(y)}"/><text class="tick" x="{LEFT - 4}" y="{sy(y) + 4}" '
                   f'text-anchor="end">{text}</text>')
        y += step
    for x, text in x_ticks:
        out.append(f'<text class="tick" x="{sx(x)}" y="{HEIGHT - BOTTOM + 16}" '
                   f'text-anchor="middle">{escape(text)}</text>')
    out.append(f'<text class="axis" x="{LEFT + plot_w / 2}" y="{HEIGHT - 6}" '
               f'text-anchor="middle">{escape(x_title)}</text>')
    out.append(f'<text class="axis" x="12" y="{TOP + plot_h / 2}" text-anchor="middle" '
               f'transform="rotate(-90 12 {TOP + plot_h / 2})">{escape(y_title)}</text>')
    if guide:
        pts = " ".join(f"{sx(x)},{sy(y)}" for x, y in sorted(guide))
        out.append(f'<polyline class="guide" points="{pts}"/>')
    for s in series:
        out.append(f'<g class="series" data-name="{escape(s.name)}" fill="{s.colour}" '
                   f'stroke="{s.colour}">')
        if connect and len(s.points) > 1:
            pts = " ".join(f"{sx(x)},{sy(y)}" for x, y, _t in sorted(s.points))
            out.append(f'<polyline class="line" fill="none" points="{pts}"/>')
        for x, y, tip in s.points:
            out.append(f'<circle class="point" cx="{sx(x)}" cy="{sy(y)}" r="4">'
                       f'<title>{escape(tip)}</title></circle>')
        out.append("</g>")
    out.append("</svg>")
    return Markup("".join(out))


HEX_R = 10                      # hex radius (centre to corner), pointy-top
HEX_W = round(3 ** 0.5 * HEX_R, 2)   # hex width; odd rows sit half a hex east
HEAT = "#ff3d00"                # landings: this colour, stronger where more balls fell


def _centre(col, row):
    return round(HEX_W / 2 + col * HEX_W + (row & 1) * HEX_W / 2, 1), HEX_R + row * 1.5 * HEX_R


def _corners(cx, cy):
    pts = []
    for k in range(6):
        x = cx + HEX_R * _COS[k]
        y = cy + HEX_R * _SIN[k]
        pts.append(f"{x:.1f},{y:.1f}")
    return " ".join(pts)


_COS = (0.866, 0.866, 0.0, -0.866, -0.866, 0.0)   # corners at -30, 30, 90, ... degrees
_SIN = (-0.5, 0.5, 1.0, 0.5, -0.5, -1.0)


def hexes(board, label, heat=None, marks=None):
    """A game's board (``web.boards``: width, height, a colour per cell) as SVG Markup,
    one ``<polygon class="cell">`` per cell carrying its number and centre (``data-x``,
    ``data-y``) for a script to put golfers on. ``heat``: a count per cell, drawn over
    the board as ``<polygon class="heat">`` (``data-count``, a ``<title>``), its opacity
    growing with the count. ``marks``: ``{cell: text}`` written over their cells
    (``<text class="mark">``: a new course's tees numbered)."""
    w, h = board["width"], board["height"]
    out = [f'<svg class="hexes" viewBox="-1 -1 {HEX_W * (w + 0.5) + 2:.1f} '
           f'{HEX_R * (1.5 * h + 0.5) + 2:.1f}" role="img" aria-label="{escape(label)}" '
           f'xmlns="http://www.w3.org/2000/svg">']
    top = max(heat) if heat else 0
    for cell, fill in enumerate(board["cells"]):
        cx, cy = _centre(cell % w, cell // w)
        out.append(f'<polygon class="cell" data-cell="{cell}" data-x="{cx}" data-y="{cy}" '
                   f'points="{_corners(cx, cy)}" fill="{fill}"/>')
        if top and heat[cell]:
            n = heat[cell]
            out.append(f'<polygon class="heat" data-count="{n}" points="{_corners(cx, cy)}" '
                       f'fill="{HEAT}" fill-opacity="{0.25 + 0.75 * n / top:.2f}">'
                       f'<title>{n} ball{"" if n == 1 else "s"} landed here</title></polygon>')
    for cell, text in (marks or {}).items():
        cx, cy = _centre(cell % w, cell // w)
        out.append(f'<text class="mark" data-cell="{cell}" x="{cx}" y="{cy + 3.5:.1f}">'
                   f'{escape(text)}</text>')
    out.append("</svg>")
    return Markup("".join(out))
