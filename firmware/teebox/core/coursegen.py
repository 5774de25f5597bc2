"""A new course every game: lay the tile set on the board, then adjust its difficulty.

The board is cut into large-tile *slots*: seven-hex flowers (a centre and its six
neighbours) that tile the hex grid, their centres 3 hexes apart. Each hole takes a
tee tile (its face sets the par and how many course tiles follow), that many course
tiles and a green tile, each in its own slot and each slot touching the next, the
path going straight on or bending 60 degrees at each tile, like a hole of the box
game. Tiles point at the next tile; the green tile points away from the fairway.
Slots no hole uses stay off-board. Then the adjustment mini hexes go on: relaxed
covers hazards with their rough side, challenging adds their hazard side on
fairways and around greens, normal leaves the course as laid.

Holes never overlap and have room between them: where the tiles of two holes touch,
no hex of one's playing line (tee box, fairway, green) is next to one of the other's,
so at least a hex of rough or a hazard lies between. A tile's faces are drawn before
its slot is chosen, and a slot whose touching hexes would break that is not taken.

Every hole is checked as it is laid (its length fits its par, its green can be
reached from its tee); a hole that does not fit is tried elsewhere and a course
that does not fit is laid again from the next random numbers, asking for a course
tile less each time, so what comes out always passes ``course.check`` without a
problem. The same seed, hole count and difficulty always give the same course, byte
for byte, on CPython and MicroPython:
all randomness comes from :class:`~teebox.core.rng.Rng` and all arithmetic is on
small integers. The layout does not depend on the difficulty, so one seed gives
the same holes relaxed, normal or challenging.
"""

from teebox.core import course as course_mod
from teebox.core import coursegen_tiles as tiles_mod
from teebox.core import hexgrid, terrain
from teebox.core.rng import Rng

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

HOLE_CHOICES = (5, 9, 18)
DIFFICULTIES = ("relaxed", "normal", "challenging")
RELAXED = const(0)
NORMAL = const(1)
CHALLENGING = const(2)
AUTHOR = "Teebox generator"
MAX_SEED = const(999999999)  # fits a small int on the board and reads out in 9 digits

# The six neighbouring slots of a slot (axial steps), in hex direction order: slot
# direction i is hex direction i turned a third of the way to the next clockwise one.
_SQ = (2, 3, 1, -2, -3, -1)
_SR = (1, -2, -3, -1, 2, 3)
_NONE = const(0xFF)
_TRIES = const(40)         # whole-course attempts before giving up
_TEE_TRIES = const(12)     # tee slots tried per hole
_MIN_CELLS = const(5)      # a slot needs this many of its seven cells on the board
# A hole's playing line: no hex of it may touch one of another hole's (room between holes).
_LINE = (terrain.FAIRWAY, terrain.GREEN, terrain.TEE)
# Suggested wind decks (TL TM TR BR BM BL strong calm) per difficulty: fewer calm
# cards and the strong wind for a harder game; every count fits the 22-card deck.
_WIND = ((2, 2, 2, 2, 2, 2, 0, 3), (2, 2, 2, 2, 2, 2, 1, 2), (3, 3, 3, 3, 3, 3, 1, 1))
# Solo par per hole count (as HOLE_CHOICES) and difficulty: the median of what
# `teebox course rate --solo` measured on ten generated courses of each (seeds 1 to 10,
# 2026-11-27, with room between holes; docs/course-format.md "Generated courses"),
# halves rounded down.
_SOLO_PAR = ((12, 12, 11), (14, 13, 11), (18, 17, 17))


class GenerateError(ValueError):
    """A course cannot be generated with these options; the message says why."""


def difficulty_index(name):
    """The index of a difficulty name in :data:`DIFFICULTIES`; GenerateError if unknown."""
    for i in range(len(DIFFICULTIES)):
        if DIFFICULTIES[i] == name:
            return i
    raise GenerateError("unknown difficulty %r (use one of: %s)"
                        % (name, ", ".join(DIFFICULTIES)))


def _check_options(holes, difficulty, seed, width, height):
    if holes not in HOLE_CHOICES:
        raise GenerateError("a generated course has %s holes, not %r"
                            % (" or ".join([str(h) for h in HOLE_CHOICES]), holes))
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise GenerateError("the seed is a whole number from 0 to %d, not %r" % (MAX_SEED, seed))
    if not (1 <= width <= 255 and 1 <= height <= 255):
        raise GenerateError("the board must be 1 to 255 cells each way, not %dx%d"
                            % (width, height))
    return difficulty_index(difficulty)


class _Layout:
    """The board being laid: cells, slots, holes. One per attempt, dropped after."""

    def __init__(self, width, height, coset):
        self.width = width
        self.height = height
        self.cells = bytearray(width * height)          # terrain kind per cell; OFF = free
        self.walk = bytearray(width * height)           # one hole's cells, to walk it
        self.slot_of = bytearray(b"\xff" * (width * height))  # slot number at a centre cell
        self.centres = []                              # (q, r) of each usable slot
        for row in range(height):
            for col in range(width):
                q = col - (row - (row & 1)) // 2
                if (3 * q + row - coset) % 7 == 0 and self._on_board(q, row) >= _MIN_CELLS:
                    if len(self.centres) == _NONE:  # slot numbers are kept in bytes
                        raise GenerateError("a %dx%d board is too big to lay a course on: "
                                            "at most %d large tiles fit the generator"
                                            % (width, height, _NONE))
                    self.slot_of[row * width + col] = len(self.centres)
                    self.centres.append((q, row))
        self.used = bytearray(len(self.centres))
        self.laid = bytearray(len(self.centres))       # 1: a tile is painted on it
        # The slot next to each slot in each slot direction (_NONE: none), worked out
        # once, and how many of those are free (kept up to date as tiles are laid).
        self.nbr = bytearray(b"\xff" * (6 * len(self.centres)))
        self.free = bytearray(len(self.centres))
        for s in range(len(self.centres)):
            q, r = self.centres[s]
            for d in range(6):
                if hexgrid.in_grid(q + _SQ[d], r + _SR[d], width, height):
                    t = self.slot_of[hexgrid.cell_index(q + _SQ[d], r + _SR[d], width)]
                    self.nbr[6 * s + d] = t
                    if t != _NONE:
                        self.free[s] += 1
        self.holes = []      # (number, par, tee col, tee row, green col, green row, 0)
        self.greens = []     # green face stars, per hole

    def _on_board(self, q, r):
        n = 1 if hexgrid.in_grid(q, r, self.width, self.height) else 0
        for d in range(6):
            if hexgrid.in_grid(q + hexgrid.DQ[d], r + hexgrid.DR[d], self.width, self.height):
                n += 1
        return n

    def slot(self, s, d):
        """The free slot next to slot ``s`` in slot direction ``d``, or -1."""
        t = self.nbr[6 * s + d]
        return -1 if t == _NONE or self.used[t] else t

    def paint(self, s, cells, d, mine):
        """Lay a tile face (``cells``: seven kinds) on slot ``s`` pointing in slot direction
        ``d``; the cells a golfer can stand on go on the list ``mine``."""
        q, r = self.centres[s]
        self.used[s] = 1
        self.laid[s] = 1
        for k in range(6 * s, 6 * s + 6):
            if self.nbr[k] != _NONE:
                self.free[self.nbr[k]] -= 1
        w = self.width
        for i in range(7):
            # Tile cell i + 1 lies in hex direction i of the tile turned to point along d.
            h = (i - 1 + d) % 6
            nq = q + (hexgrid.DQ[h] if i else 0)
            nr = r + (hexgrid.DR[h] if i else 0)
            if hexgrid.in_grid(nq, nr, w, self.height):
                at = hexgrid.cell_index(nq, nr, w)
                self.cells[at] = cells[i]
                if terrain.standable(cells[i]):
                    mine.append(at)

    def distance(self, a, b):
        """Hex distance between the centres of slots ``a`` and ``b``."""
        qa, ra = self.centres[a]
        qb, rb = self.centres[b]
        return hexgrid.distance(qa, ra, qb, rb)


def _path(lay, rng, start, faces, lo, hi):
    """Slots and slot directions for the tile faces ``faces`` (tee, course tiles, green)
    from slot ``start`` over free slots, straight on or 60 degrees off at each tile, each
    tile leaving room from the holes laid before (:func:`_apart`), the green ``lo`` to
    ``hi`` hexes from ``start``; None if there is none. Searches depth first in a seeded
    order."""
    steps = len(faces) - 1
    dirs = bytearray(steps)
    slots = [start] + [0] * steps
    first = [0, 1, 2, 3, 4, 5]
    rng.shuffle(first)
    turns = [0, 1, 5]
    rng.shuffle(turns)
    lay.used[start] = 1
    try:
        return _extend(lay, slots, dirs, faces, 0, first, turns, lo, hi)
    finally:
        lay.used[start] = 0


def _extend(lay, slots, dirs, faces, i, first, turns, lo, hi):
    steps = len(dirs)
    for j in range(6 if i == 0 else 3):  # (no list of options: the search runs long)
        d = first[j] if i == 0 else (dirs[i - 1] + turns[j]) % 6
        nxt = lay.slot(slots[i], d)
        if nxt < 0 or not _apart(lay, slots[i], d, faces[i]):
            continue
        dirs[i] = d
        slots[i + 1] = nxt
        if i + 1 == steps:
            if lo <= lay.distance(slots[0], nxt) <= hi and _apart(lay, nxt, d, faces[steps]):
                return slots, dirs
            continue
        lay.used[nxt] = 1
        found = _extend(lay, slots, dirs, faces, i + 1, first, turns, lo, hi)
        lay.used[nxt] = 0
        if found is not None:
            return found
    return None


def _apart(lay, s, d, cells):
    """Whether tile face ``cells`` laid on slot ``s`` pointing in slot direction ``d``
    leaves room between its hole and the holes laid before: no hex of its playing line
    (tee box, fairway, green) may touch a hex of theirs."""
    for k in range(6):
        t = lay.nbr[6 * s + k]
        if t == _NONE or not lay.laid[t]:
            continue
        # The tiles meet along this tile's hexes in hex directions k and k - 1 and that
        # tile's in directions k + 2 and k + 3: k touches both of those, k - 1 only k + 3.
        tq, tr = lay.centres[t]
        near = _on_line(lay, tq, tr, (k + 3) % 6)
        far = near or _on_line(lay, tq, tr, (k + 2) % 6)
        if (far and _face_on_line(lay, s, d, cells, k)
                or near and _face_on_line(lay, s, d, cells, (k + 5) % 6)):
            return False
    return True


def _on_line(lay, q, r, e):
    # Whether the laid hex next to (q, r) in hex direction e is on a playing line.
    return _kind_at(lay.cells, lay.width, lay.height,
                    q + hexgrid.DQ[e], r + hexgrid.DR[e]) in _LINE


def _face_on_line(lay, s, d, cells, e):
    # Whether face ``cells`` on slot s pointing d puts a playing-line hex on the board in
    # hex direction e of the slot's centre (tile cell i + 1 lies in hex direction i + d).
    q, r = lay.centres[s]
    return cells[(e - d) % 6 + 1] in _LINE and hexgrid.in_grid(
        q + hexgrid.DQ[e], r + hexgrid.DR[e], lay.width, lay.height)


def _tee_faces(tileset, holes, budget, rng):
    """One tee face per hole from different tee tiles, in hole order, asking for no more
    tiles in all than ``budget`` slots."""
    order = list(range(len(tileset.tees)))
    rng.shuffle(order)
    faces = []
    left = budget
    for n in range(holes):
        tile = tileset.tees[order[n]]
        rest = 2 * (holes - n - 1)  # each later hole needs at least its tee and green
        fit = [f for f in tile if tiles_mod.tee_tiles(f) + 2 + rest <= left]
        if not fit:
            fit = [min(tile, key=tiles_mod.tee_tiles)]
        face = rng.choice(fit)
        left -= tiles_mod.tee_tiles(face) + 2
        faces.append(face)
    return faces


def _tee_slots(lay, rng, last):
    """Free slots to try a tee on: near the last green first (a short walk), and among
    those the ones with fewest free neighbours first (so no slot is left stranded)."""
    keyed = []
    for s in range(len(lay.centres)):
        free = 0 if lay.used[s] else lay.free[s]
        if free:
            near = lay.distance(s, last) if last >= 0 else 0
            # One small int per slot (a tuple each would be the most a course
            # allocates): nearness and free neighbours, a random tie-break, the slot.
            keyed.append((near * 8 + free) << 18 | rng.below(1024) << 8 | s)
    keyed.sort()
    del keyed[_TEE_TRIES:]
    for i in range(len(keyed)):
        keyed[i] &= 0xFF
    return keyed


def _lay_hole(lay, rng, tileset, face, bag, greens, last):
    """Lay one hole from tee ``face``, its course tiles from ``bag`` and its green tile
    from ``greens`` (tile numbers, taken from the end); the green slot, or -1 if the
    hole fits nowhere or an edge tile cut it off (then the attempt is spoilt)."""
    par = tiles_mod.tee_par(face)
    steps = tiles_mod.tee_tiles(face) + 1
    lo, hi = course_mod.par_length_range(par)
    if steps - 1 > len(bag):
        return -1
    # The faces go down before the slots are chosen: where the hole may touch another
    # depends on what is on the touching cells.
    faces = [face[0]]
    for i in range(1, steps):
        tile = tileset.courses[bag.pop()]
        faces.append(tile[rng.below(len(tile))][0])
    green = tileset.greens[greens.pop()]
    gface = green[rng.below(len(green))]
    faces.append(gface[0])
    for tee in _tee_slots(lay, rng, last):
        found = _path(lay, rng, tee, faces, lo, hi)
        if found is None:
            continue
        slots, dirs = found
        mine = []
        for i in range(steps):
            lay.paint(slots[i], faces[i], dirs[i], mine)
        lay.paint(slots[steps], faces[steps], dirs[steps - 1], mine)
        tq, tr = lay.centres[slots[0]]
        gq, gr = lay.centres[slots[steps]]
        if not _walkable(lay, mine, (tq, tr), (gq, gr)):
            return -1
        tc, trow = hexgrid.to_offset(tq, tr)
        gc, grow = hexgrid.to_offset(gq, gr)
        lay.holes.append((len(lay.holes) + 1, par, tc, trow, gc, grow, 0))
        lay.greens.append(gface[1])
        return slots[steps]
    return -1


def _walkable(lay, mine, tee, green):
    """Whether ``green`` can be walked to from ``tee`` (axial pairs) over the hole's own
    cells ``mine`` (cell indices): then ``course.check`` finds it reachable too. Only
    the hole's few cells are open, so the walk stays short."""
    own = lay.walk  # OFF everywhere but the hole, and OFF again after
    for i in mine:
        own[i] = terrain.ROUGH
    found = course_mod.reachable(own, lay.width, lay.height, tee, green)
    for i in mine:
        own[i] = terrain.OFF
    return found


def _attempt(tileset, holes, rng, width, height, spare):
    """One try at laying every hole, the tee faces asking for ``spare`` fewer tiles than
    usual; the layout, or None if a hole did not fit."""
    lay = _Layout(width, height, rng.below(7))
    if len(lay.centres) < 2 * holes:
        raise GenerateError("a %dx%d board has room for %d large tiles: too few for %d holes "
                            "(each needs a tee and a green tile)"
                            % (width, height, len(lay.centres), holes))
    faces = _tee_faces(tileset, holes, len(lay.centres) * 4 // 5 - spare, rng)
    greens = list(range(len(tileset.greens)))
    rng.shuffle(greens)
    bag = list(range(len(tileset.courses)))
    rng.shuffle(bag)
    last = -1
    for face in faces:
        last = _lay_hole(lay, rng, tileset, face, bag, greens, last)
        if last < 0:
            return None
    _fill_gaps(lay)
    return lay


def _fill_gaps(lay):
    """Rough over every free slot between two or more holes' tiles: a notch of
    off-board between holes would only send balls out of bounds, while the board's
    edges and open corners stay off-board as the table around a box course."""
    rough = bytes((terrain.ROUGH,)) * 7
    gaps = []
    for s in range(len(lay.centres)):
        if not lay.used[s] and 6 - lay.free[s] - _edges(lay, s) >= 2:
            gaps.append(s)
    for s in gaps:
        lay.paint(s, rough, 0, [])


def _edges(lay, s):
    # Slot directions in which slot s has no slot at all (the board's edge).
    n = 0
    for d in range(6):
        if lay.nbr[6 * s + d] == _NONE:
            n += 1
    return n


def _ring_ok(cells, width, height, q, r):
    # A tree may stand at (q, r) only if the cells a golfer can stand on around it form
    # one unbroken arc (then any walk through (q, r) can go round it instead) and no
    # tree is among them (a row of trees walls a ball in: the sensible bot, aiming
    # straight at the green, would hit it for ever).
    arcs = 0
    prev = _standable_at(cells, width, height, q + hexgrid.DQ[5], r + hexgrid.DR[5])
    for d in range(6):
        nq = q + hexgrid.DQ[d]
        nr = r + hexgrid.DR[d]
        if _kind_at(cells, width, height, nq, nr) == terrain.TREE:
            return False
        now = _standable_at(cells, width, height, nq, nr)
        if now and not prev:
            arcs += 1
        prev = now
    return arcs <= 1


def _standable_at(cells, width, height, q, r):
    return terrain.standable(_kind_at(cells, width, height, q, r))  # off the grid: OFF


def _axial(i, width):
    # Axial (q, r) of cell index i on a grid ``width`` cells wide.
    r = i // width
    return i % width - (r - (r & 1)) // 2, r


def _near_green(cells, width, height, q, r):
    for d in range(6):
        if _kind_at(cells, width, height, q + hexgrid.DQ[d], r + hexgrid.DR[d]) == terrain.GREEN:
            return True
    return False


def _kind_at(cells, width, height, q, r):
    if not hexgrid.in_grid(q, r, width, height):
        return terrain.OFF
    return cells[hexgrid.cell_index(q, r, width)]


def _adjust(lay, tileset, difficulty, rng):
    """Lay the adjustment mini hexes: rough side over hazards (relaxed), hazard side on
    fairways and beside greens (challenging). The box's mini hexes are all there is."""
    if difficulty == NORMAL:
        return
    cells = lay.cells
    w = lay.width
    spots = []
    for i in range(len(cells)):
        kind = cells[i]
        q, row = _axial(i, w)
        if difficulty == RELAXED:
            if kind == terrain.BUNKER or kind == terrain.WATER or kind == terrain.LAKE \
                    or kind == terrain.TREE:
                spots.append(i)
        elif kind == terrain.FAIRWAY or (kind == terrain.ROUGH
                                         and _near_green(cells, w, lay.height, q, row)):
            spots.append(i)
    rng.shuffle(spots)
    minis = bytearray(tileset.adjustments)
    rng.shuffle(minis)
    # A hard course gets about two mini hexes a hole; covering takes every one needed.
    count = len(minis) if difficulty == RELAXED else min(len(minis), 2 * len(lay.holes))
    k = 0
    for i in spots:
        if k >= count:
            break
        if difficulty == RELAXED:
            cells[i] = terrain.ROUGH
            k += 1
            continue
        kind = minis[k]
        q, row = _axial(i, w)
        if not terrain.standable(kind) and not _ring_ok(cells, w, lay.height, q, row):
            continue  # this tree could cut a hole in two: try the next spot
        cells[i] = kind
        k += 1


def _suggestions(src, lay, difficulty):
    """Solo par, green-card mix and wind deck for the course (the format's suggestions)."""
    src.solo_par = _SOLO_PAR[HOLE_CHOICES.index(len(lay.holes))][difficulty]
    mix = [0, 0, 0]
    for stars in lay.greens:
        # One green card per hole: the green tile's stars, shifted by the difficulty.
        level = min(2, max(0, stars - 1 + difficulty - NORMAL))
        mix[level] += 1
    src.greens = tuple(mix)
    src.wind = _WIND[difficulty]


def generate_source(tileset, holes, difficulty="normal", seed=0,
                    width=course_mod.BOARD_WIDTH, height=course_mod.BOARD_HEIGHT):
    """A new course as a :class:`~teebox.core.course.Source` (``course.encode`` makes
    the binary, :func:`source_text` the text). GenerateError for options it cannot meet."""
    level = _check_options(holes, difficulty, seed, width, height)
    rng = Rng(seed)
    for spare in range(_TRIES):
        # Each try after a hole did not fit asks for a tile less: with room between
        # holes the last of 18 sometimes finds none, and a try costs time and heap.
        lay = _attempt(tileset, holes, rng, width, height, spare)
        if lay is not None:
            break
    else:
        raise GenerateError("no %d-hole course fits a %dx%d board with seed %d: try another "
                            "seed or fewer holes" % (holes, width, height, seed))
    _adjust(lay, tileset, level, rng)
    src = course_mod.Source()
    src.name = "New %d-hole %s #%d" % (holes, difficulty, seed)
    src.author = AUTHOR
    src.width = width
    src.height = height
    src.cells = lay.cells
    src.holes = lay.holes
    _suggestions(src, lay, level)
    return src


def generate(tileset, holes, difficulty="normal", seed=0,
             width=course_mod.BOARD_WIDTH, height=course_mod.BOARD_HEIGHT):
    """A new course in its binary form (what the board stores); see :func:`generate_source`."""
    return course_mod.encode(generate_source(tileset, holes, difficulty, seed, width, height))


def source_text(src):
    """The ``*.course`` text of a :class:`~teebox.core.course.Source` (docs/course-format.md)."""
    out = ["teebox-course 1", "name: " + src.name, "author: " + src.author,
           "size: %dx%d" % (src.width, src.height), "solo-par: %d" % src.solo_par,
           "greens: %d/%d/%d" % src.greens,
           "wind: " + " ".join(["%s%d" % (course_mod.WIND_CARDS[i], src.wind[i])
                                for i in range(len(src.wind))])]
    for hole in src.holes:
        out.append("hole %d par %d tee %d,%d green %d,%d" % hole[:6])
    out.append("map:")
    w = src.width
    for row in range(src.height):
        codes = [terrain.CODES[src.cells[row * w + col]] for col in range(w)]
        out.append((" " if row & 1 else "") + " ".join(codes))
    return "\n".join(out) + "\n"
