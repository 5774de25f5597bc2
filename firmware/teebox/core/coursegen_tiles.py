"""The tile set of generated courses: reading and checking ``teebox/data/tiles.json``.

A large tile is seven hexes, a centre and its six neighbours, with an arrow (its main
direction) pointing to the front. Its ``cells`` are seven map codes (as in
``*.course`` files) in the order of :data:`CELL_NAMES`. The set has tee tiles (a tee
box in the centre, the par and how many course tiles to lay before the green), course
tiles (one to three stars), green tiles (a green in the centre) and adjustment mini
hexes (a rough side and a hazard side). ``load_tiles`` checks everything and raises
:class:`TileError` listing every problem, each naming the file, the tile, the face
and the field. Runs under CPython and MicroPython alike.
"""

from teebox.core import terrain
from teebox.core.holes18 import cards
from teebox.core.course import _plural, par_length_range

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

FORMAT = "teebox-tiles 1"
CELL_NAMES = ("centre", "front-left", "left", "back-left", "back-right", "right", "front-right")
SIDES = (2, 5)            # left and right: the only cells a tree may stand on
MAX_TILES = const(4)      # course tiles a tee may ask for before its green
STEP = const(3)           # hexes between the centres of two touching large tiles
MAX_STARS = const(3)
HAZARDS = "bwlt"          # what an adjustment's hazard side may show
GROUPS = ("tees", "courses", "greens")
_CENTRES = (terrain.TEE, None, terrain.GREEN)  # what each group has in the centre
_ANYWHERE = "rfbwl"       # map codes allowed on any cell of a tile but a tee or green centre
_TREE = "t"
_HOLES = const(18)        # an 18-hole course needs a tee tile and a green tile per hole


class TileError(cards.CardDataError):
    """A tile file that cannot be used; ``problems`` lists every problem, one line each."""


class TileSet:
    """A checked tile set.

    ``tees``, ``courses``, ``greens``: one tuple of faces per tile; a face is
    ``(cells, value)`` with ``cells`` the seven terrain kinds (``bytes``) and
    ``value`` the stars, or for a tee ``par * 8 + tiles`` (:func:`tee_par`,
    :func:`tee_tiles`). ``adjustments``: the hazard kind of each mini hex (``bytes``).
    """

    def __init__(self, tees, courses, greens, adjustments):
        self.tees = tees
        self.courses = courses
        self.greens = greens
        self.adjustments = adjustments


def tee_par(face):
    """The par a tee face sets."""
    return face[1] >> 3


def tee_tiles(face):
    """How many course tiles a tee face asks for before the green."""
    return face[1] & 7


def straight_length(tiles):
    """Tee-to-green hex distance of a hole of ``tiles`` course tiles laid in a straight line."""
    return STEP * (tiles + 1)


def _tiles_for(par):
    # The tile counts whose straight hole fits the par's hole-length rule.
    lo, hi = par_length_range(par)
    return [k for k in range(MAX_TILES + 1) if lo <= straight_length(k) <= hi]


def _cells(p, where, text, group):
    """The seven terrain kinds of a face's ``cells`` (bytes), or None after noting why not."""
    if not cards._typed(text, str):
        p.add(where, "field 'cells' must be text of 7 map codes, not %s" % cards._show(text))
        return None
    if len(text) != len(CELL_NAMES):
        p.add(where, "cells %r has %d codes, a tile has 7 (%s)"
              % (text, len(text), ", ".join(CELL_NAMES)))
        return None
    if _plain(text, _CENTRES[group]):  # the usual face: checked in one quick pass
        return bytes([terrain.CODES.find(ch) for ch in text])
    kinds = bytearray(len(text))
    ok = True
    for i in range(len(text)):
        why = _cell_problem(text[i], i, _CENTRES[group])
        if why:
            p.add(where, "cells %r, %s: %s" % (text, CELL_NAMES[i], why))
            ok = False
        else:
            kinds[i] = terrain.CODES.find(text[i])
    return bytes(kinds) if ok else None


def _plain(text, centre):
    # Whether every cell of ``text`` (seven codes) is one that is always allowed where
    # it is: the centre ``centre`` (None: no tee box or green), base terrain a golfer
    # stands on anywhere, a tree on the left or right. The board checks its whole tile
    # set before the first course; this spares the 686 cells a message check each
    # (_cell_problem says what is wrong when something is).
    for i in range(len(text)):
        ch = text[i]
        if i == 0 and centre is not None:
            if ch != terrain.CODES[centre]:
                return False
        elif ch not in _ANYWHERE and (ch != _TREE or i not in SIDES):
            return False
    return True


def _cell_problem(code, i, centre):
    # What is wrong with map code ``code`` as cell ``i`` of a face whose centre must be
    # ``centre`` (None: no tee box or green anywhere); "" if nothing is.
    try:
        kind = terrain.from_code(code)
    except ValueError as exc:
        return str(exc)
    if kind == terrain.OFF or kind in terrain.EXPANSION:
        return "%s cannot be on a tile (use base terrain: r f b w l t)" % terrain.NAMES[kind]
    if i == 0 and centre is not None and kind != centre:
        return "must be the %s (%s), not %s" % (terrain.NAMES[centre], terrain.CODES[centre],
                                               terrain.NAMES[kind])
    if (i > 0 or centre is None) and (kind == terrain.TEE or kind == terrain.GREEN):
        return "a %s may only be the centre of a %s tile" % (
            terrain.NAMES[kind], "tee" if kind == terrain.TEE else "green")
    if not terrain.standable(kind) and i not in SIDES:
        return ("%s only on the left or right cell, so the ball can cross the tile from "
                "back to front" % terrain.NAMES[kind])
    return ""


def _number(p, where, face, key, lo, hi):
    value = cards._field(p, where, face, key, int)
    if value is None:
        return None
    if not lo <= value <= hi:
        p.add(where, "field '%s' is %d, it must be %d to %d" % (key, value, lo, hi))
        return None
    return value


def _face(p, where, face, group):
    """One face as ``(cells, value)``, or None after noting its problems."""
    if group == 0:
        fields = ("par", "tiles", "cells")
    else:
        fields = ("stars", "cells")
    if not cards._keys(p, where, face, fields):
        return None
    cells = _cells(p, where, face.get("cells"), group)
    if group != 0:
        stars = _number(p, where, face, "stars", 1, MAX_STARS)
        return None if cells is None or stars is None else (cells, stars)
    par = _number(p, where, face, "par", 3, 5)
    tiles = _number(p, where, face, "tiles", 0, MAX_TILES)
    if par is None or tiles is None:
        return None
    fit = _tiles_for(par)
    if tiles not in fit:
        lo, hi = par_length_range(par)
        p.add(where, "par %d with %s: a straight hole is %d hexes, par %d needs %d to %d "
              "(give it %s tiles)" % (par, _plural(tiles, "tile", "tiles"), straight_length(tiles),
                                      par, lo, hi, " or ".join([str(k) for k in fit])))
        return None
    return None if cells is None else (cells, par * 8 + tiles)


def _group(p, data, group, ids):
    """The tiles of one group, each a tuple of faces (None for a tile with problems)."""
    key = GROUPS[group]
    raw = data.get(key)
    if not cards._typed(raw, list):
        if key in data:
            p.add(key, "must be a list of tiles [...], not %s" % cards._show(raw))
        return []
    out = []
    for i in range(len(raw)):
        tile = raw[i]
        where = "%s[%d]" % (key, i)
        if not cards._keys(p, where, tile, ("id", "faces")):
            continue
        tid = cards._field(p, where, tile, "id", str)
        if tid:
            where += " " + tid
            if tid in ids:
                p.add(where, "id %r is used twice: give every tile its own id" % tid)
            ids.append(tid)
        faces = cards._field(p, where, tile, "faces", list)
        if faces is None:
            continue
        if not 1 <= len(faces) <= 2:
            p.add(where, "has %d faces: a tile has 1 or 2 (front and back)" % len(faces))
            continue
        got = tuple([_face(p, "%s face %d" % (where, f + 1), faces[f], group)
                     for f in range(len(faces))])
        out.append(None if None in got else got)
    return out


def _adjustments(p, data, ids):
    raw = data.get("adjustments")
    if not cards._typed(raw, list):
        if "adjustments" in data:
            p.add("adjustments", "must be a list of mini hexes [...], not %s" % cards._show(raw))
        return b""
    out = bytearray()
    for i in range(len(raw)):
        where = "adjustments[%d]" % i
        if not cards._keys(p, where, raw[i], ("id", "hazard")):
            continue
        tid = cards._field(p, where, raw[i], "id", str)
        if tid:
            where += " " + tid
            if tid in ids:
                p.add(where, "id %r is used twice: give every tile its own id" % tid)
            ids.append(tid)
        hazard = cards._field(p, where, raw[i], "hazard", str)
        if hazard is None:
            continue
        if len(hazard) != 1 or hazard not in HAZARDS:
            p.add(where, "hazard %r: the hazard side shows one of %s (bunker, water, fairway "
                  "lake, tree)" % (hazard, " ".join(HAZARDS)))
            continue
        out.append(terrain.from_code(hazard))
    return bytes(out)


def load_tiles(text, name="tiles.json"):
    """The :class:`TileSet` in a tile file's JSON ``text``; TileError listing every problem."""
    try:
        data = cards._parse(text, name)
    except cards.CardDataError as exc:
        raise TileError(exc.problems)
    p = cards._Problems(name)
    if not cards._keys(p, "", data, ("format", "tees", "courses", "greens", "adjustments"),
                       ("about",)):
        raise TileError(p.lines)
    if "format" in data and data["format"] != FORMAT:
        p.add("format", "is %s, this Teebox reads %r" % (cards._show(data.get("format")), FORMAT))
    cards._check_about(p, data)
    ids = []
    groups = [_group(p, data, g, ids) for g in range(len(GROUPS))]
    adjustments = _adjustments(p, data, ids)
    for g in (0, 2):
        if GROUPS[g] in data and len(groups[g]) < _HOLES:
            p.add(GROUPS[g], "has %s: an 18-hole course needs %d (one per hole)"
                  % (_plural(len(groups[g]), "tile", "tiles"), _HOLES))
    if "courses" in data and not groups[1]:
        p.add("courses", "has no tiles: a hole longer than two tiles needs course tiles")
    if p.lines:
        raise TileError(p.lines)
    return TileSet(groups[0], groups[1], groups[2], adjustments)
