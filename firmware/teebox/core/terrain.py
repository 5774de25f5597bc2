"""Terrain kinds of a course cell, their one-character map codes and rule traits.

The numbers are stored in compiled courses (one byte per cell): never renumber.
"""

from teebox.core import hexgrid

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

OFF = const(0)        # off the course: out of bounds
ROUGH = const(1)
FAIRWAY = const(2)
GREEN = const(3)
TEE = const(4)
BUNKER = const(5)
WATER = const(6)
LAKE = const(7)       # fairway with a lake: water that plays as fairway
TREE = const(8)       # fenced tree hazard: stops the ball, cannot be entered
CLUBHOUSE = const(9)  # landing here is out of bounds
FESCUE = const(10)    # coastlines: double rough, even hybrids are penalised
GORSE = const(11)     # coastlines: leave only by chipping or moving one hex
OCEAN = const(12)     # coastlines: in bounds, but the ball steps back ashore

COUNT = const(13)

# Map code of each kind, indexed by kind number.
CODES = ".rfGTbwltCFY~"
NAMES = ("off-board", "rough", "fairway", "green", "tee box", "bunker", "water",
         "fairway with a lake", "tree hazard", "clubhouse", "fescue", "gorse", "ocean")

# Kinds a golfer may never stand on: one-hex moves avoid them, shots never land there.
_BLOCKED = (OFF, TREE, CLUBHOUSE)
# Kinds that belong to the coastlines expansion.
EXPANSION = (FESCUE, GORSE, OCEAN)


def from_code(ch):
    """The kind for a map code; ValueError naming the legal codes if unknown."""
    i = CODES.find(ch) if len(ch) == 1 else -1
    if i < 0:
        raise ValueError("unknown terrain code %r (use one of: %s)" % (ch, " ".join(CODES)))
    return i


def standable(kind):
    """Whether a golfer may stand on this kind of cell."""
    return kind not in _BLOCKED


def walk_steps(cells, width, height, i, avoid, out):
    """The cells one hex from cell ``i`` (an index of ``cells``, row-major) that a golfer
    may step to: on the grid, standable, not of kind ``avoid``; written into ``out`` (six
    slots), their number returned (a walk's step allocates nothing: the course check
    walks with it on the board when a course is pushed; a bot's walk over the whole
    course takes :func:`walk_ring`, faster and allocating a list a ring)."""
    r = i // width
    q = i % width - (r - (r & 1)) // 2
    n = 0
    for d in range(6):
        nq = q + hexgrid.DQ[d]
        nr = r + hexgrid.DR[d]
        if not hexgrid.in_grid(nq, nr, width, height):
            continue
        j = hexgrid.cell_index(nq, nr, width)
        k = cells[j]
        if k not in _BLOCKED and k != avoid:
            out[n] = j
            n += 1
    return n


# The row each index step of walk_ring moves to, relative to its own.
_STEP_ROWS = (0, 0, -1, -1, 1, 1)


def walk_ring(cells, width, height, ring, avoid, marks, mark):
    """One ring of a walk outward: each cell one hex from a cell of ``ring`` (indices of
    ``cells``, row-major over the odd-r offset grid) that a golfer may step to (on the
    grid, standable, not of kind ``avoid``) and whose ``marks`` entry is still 255 gets
    ``mark`` there; returns those cells, the next ring.

    A whole ring a call, and a cell's six neighbours as fixed index steps, checked
    against the grid's bounds only on its edge: a bot walks the course from the greens
    it aims at whenever they change, and a call per cell with a bounds check per step
    was two fifths of a game of sensible bots' time (about a sixth now)."""
    out = []
    # Index steps to the six neighbours (E, W, then north, then south) from an even and
    # from an odd row: odd rows sit half a hex east.
    even = (1, -1, -width - 1, -width, width - 1, width)
    odd = (1, -1, -width, 1 - width, width, width + 1)
    last_row = height - 1
    for i in ring:
        r = i // width
        col = i - r * width
        steps = odd if r & 1 else even
        if col == 0 or col == width - 1 or r == 0 or r == last_row:
            steps = _steps_on_grid(steps, r, col, width, last_row)
        for step in steps:
            j = i + step
            if marks[j] == 255:
                kind = cells[j]
                if kind not in _BLOCKED and kind != avoid:
                    marks[j] = mark
                    out.append(j)
    return out


def _steps_on_grid(steps, r, col, width, last_row):
    # Those of an edge cell's six index steps (row ``r``, column ``col``) that stay on
    # the grid.
    out = []
    for k in range(6):
        nr = r + _STEP_ROWS[k]
        nc = col + steps[k] - (nr - r) * width
        if 0 <= nr <= last_row and 0 <= nc < width:
            out.append(steps[k])
    return out

