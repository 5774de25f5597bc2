"""Hex geometry: axial coordinates on a pointy-top grid.

A hex is an axial pair ``(q, r)``; ``r`` grows southward (down the map) and
``q`` eastward along a row. Directions are numbered counter-clockwise from
east, so turning left is ``+1`` and turning right is ``-1``::

        NW(2)  NE(1)
    W(3)    hex     E(0)
        SW(4)  SE(5)

Flight paths on shot cards are written relative to the heading of the shot:
``S`` one hex straight on, ``L`` bend left 60 degrees then one hex, ``R`` bend
right 60 degrees then one hex. "Left of the target hex" (bunker exits) is the
neighbour one direction to the left of the target, the same turn a card that
"bends left" makes.

LED boards and course maps are wired as an "odd-r" offset grid: rows of
``width`` cells, every odd row pushed half a hex to the east.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

E = const(0)
NE = const(1)
NW = const(2)
W = const(3)
SW = const(4)
SE = const(5)

DIRECTIONS = (E, NE, NW, W, SW, SE)
DIR_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
DQ = (1, 1, 0, -1, -1, 0)
DR = (0, -1, -1, 0, 1, 1)

STRAIGHT = "S"
LEFT = "L"
RIGHT = "R"


def direction_named(name):
    """The direction number for a name such as ``"NE"``; ValueError if unknown."""
    name = name.upper()
    for d in DIRECTIONS:
        if DIR_NAMES[d] == name:
            return d
    raise ValueError("unknown direction %r (use one of %s)" % (name, " ".join(DIR_NAMES)))


def turn_left(d, times=1):
    """The direction 60 degrees (times ``times``) counter-clockwise of ``d``."""
    return (d + times) % 6


def turn_right(d, times=1):
    """The direction 60 degrees (times ``times``) clockwise of ``d``."""
    return (d - times) % 6


def opposite(d):
    """The direction pointing back the way ``d`` came."""
    return (d + 3) % 6


def neighbour(q, r, d):
    """The hex next to ``(q, r)`` in direction ``d``."""
    return q + DQ[d], r + DR[d]


def neighbours(q, r):
    """The six neighbours of ``(q, r)`` in direction order."""
    return [(q + DQ[d], r + DR[d]) for d in DIRECTIONS]


def direction_between(q1, r1, q2, r2):
    """The direction from a hex to an adjacent one, or -1 if they are not adjacent."""
    dq = q2 - q1
    dr = r2 - r1
    for d in DIRECTIONS:
        if DQ[d] == dq and DR[d] == dr:
            return d
    return -1


def distance(q1, r1, q2, r2):
    """Number of one-hex steps between two hexes."""
    dq = q1 - q2
    dr = r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def straight(q, r, d, n):
    """The ``n`` hexes met walking straight from ``(q, r)`` in direction ``d``."""
    out = []
    for _ in range(n):
        q += DQ[d]
        r += DR[d]
        out.append((q, r))
    return out


def _round_div(num, den):
    # Nearest integer to num/den for den > 0 (ties can't occur: see line()).
    return (2 * num + den) // (2 * den)


def line(q1, r1, q2, r2):
    """The hexes on the straight line between two hexes, both ends included.

    Integer-only cube interpolation; a tiny fixed nudge breaks ties the same
    way on every interpreter.
    """
    n = distance(q1, r1, q2, r2)
    if n == 0:
        return [(q1, r1)]
    x1, z1 = q1, r1
    y1 = -x1 - z1
    x2, z2 = q2, r2
    y2 = -x2 - z2
    k = 1000000  # scale for the nudge (1, 2, -3) / k
    den = n * k
    out = []
    for i in range(n + 1):
        fx = (x1 * n + (x2 - x1) * i) * k + 1
        fy = (y1 * n + (y2 - y1) * i) * k + 2
        fz = (z1 * n + (z2 - z1) * i) * k - 3
        rx = _round_div(fx, den)
        ry = _round_div(fy, den)
        rz = _round_div(fz, den)
        ex = abs(rx * den - fx)
        ey = abs(ry * den - fy)
        ez = abs(rz * den - fz)
        if ex > ey and ex > ez:
            rx = -ry - rz
        elif ey > ez:
            ry = -rx - rz
        else:
            rz = -rx - ry
        out.append((rx, rz))
    return out


def rotate(q, r, turns, cq=0, cr=0):
    """Rotate ``(q, r)`` about ``(cq, cr)`` by ``turns`` x 60 degrees counter-clockwise."""
    q -= cq
    r -= cr
    for _ in range(turns % 6):
        q, r = q + r, -q
    return q + cq, r + cr


def walk(q, r, heading, steps):
    """Follow a flight path from ``(q, r)`` hit toward ``heading``.

    ``steps`` is a string of ``S``/``L``/``R`` (straight on, or turn one hex side left
    or right first). Returns the list of hexes the ball passes through, in order,
    ending with the landing hex. (The turns are worked out inline: the rules try
    every outcome of a card, so this runs some ten times a choice.)
    """
    out = []
    for step in steps:
        if step != STRAIGHT:
            if step == LEFT:
                heading = (heading + 1) % 6
            elif step == RIGHT:
                heading = (heading + 5) % 6
            else:
                raise ValueError("flight-path step must be S, L or R, not %r" % (step,))
        q += DQ[heading]
        r += DR[heading]
        out.append((q, r))
    return out


def to_offset(q, r):
    """Axial to odd-r offset ``(col, row)``."""
    return q + (r - (r & 1)) // 2, r


def from_offset(col, row):
    """Odd-r offset ``(col, row)`` to axial ``(q, r)``."""
    return col - (row - (row & 1)) // 2, row


def in_grid(q, r, width, height):
    """Whether an axial hex lies inside a ``width`` x ``height`` offset grid."""
    if r < 0 or r >= height:
        return False
    col = q + (r - (r & 1)) // 2
    return 0 <= col < width


def cell_index(q, r, width):
    """Row-major index of an axial hex in an offset grid (caller checks bounds)."""
    return r * width + q + (r - (r & 1)) // 2


def cell_at(index, width):
    """The axial hex at a row-major offset-grid index."""
    row = index // width
    return index % width - (row - (row & 1)) // 2, row
