"""Teebox courses: the text form a designer writes, the binary form the board keeps.

``check`` parses and validates a ``*.course`` text and reports every problem it
finds; ``compile_source`` turns a valid text into the binary form; ``load``
reads that binary into a :class:`Course`, which answers terrain and hole
questions straight from the bytes (no object per cell). The format is
described in ``docs/course-format.md``; this module is its implementation.
Runs under CPython and MicroPython alike.
"""

import binascii
import hashlib
import struct
from array import array

from teebox.core import hexgrid, terrain

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

FORMAT_VERSION = const(1)
MAGIC = b"TBXC"
MAX_TEXT = const(40)      # bytes of UTF-8 in a name or author
MAX_HOLES = const(99)     # hole numbers are drawn in two characters
BOARD_WIDTH = const(24)   # default board profile
BOARD_HEIGHT = const(16)

WIND_CARDS = ("TL", "TM", "TR", "BR", "BM", "BL", "S", "C")
HEADER_KEYS = ("name", "author", "size", "solo-par", "greens", "wind")

# Binary layout: fixed header, then name, author, cells, holes, CRC.
_VERSION = const(4)
_WIDTH = const(5)
_HEIGHT = const(6)
_HOLES = const(7)
_FLAGS = const(8)
_SOLO = const(9)
_GREENS = const(10)
_WIND = const(13)
_HASH = const(21)
_NAME = const(29)
_HOLE_SIZE = const(6)     # number, par, tee col, tee row, green col, green row
_FLAG_COAST = const(1)

# Teebox's hole-length rule, by par (index par - 3): lowest and highest hex distance.
_PAR_LENGTHS = ((3, 9), (5, 13), (9, 16))


class Problem:
    """One thing wrong with a course text: where it is and what is wrong.

    ``line`` is the 1-based source line (0 if the problem has no one line),
    ``cell`` the ``(column, row)`` it concerns or None, ``error`` False for a
    warning (the course is still accepted).
    """

    def __init__(self, line, cell, message, error=True):
        self.line = line
        self.cell = cell
        self.message = message
        self.error = error

    def format(self, filename=""):
        """The problem as one line: ``FILE:LINE: [warning: ][cell (C,R): ]MESSAGE``."""
        if filename and self.line:
            out = "%s:%d: " % (filename, self.line)
        elif filename:
            out = filename + ": "
        elif self.line:
            out = "line %d: " % self.line
        else:
            out = ""
        if not self.error:
            out += "warning: "
        if self.cell is not None:
            out += "cell (%d,%d): " % self.cell
        return out + self.message

    def __str__(self):
        return self.format()

    def __repr__(self):
        return "<Problem %s>" % self.format()


class CourseError(Exception):
    """A course that cannot be used; ``problems`` lists every reason."""

    def __init__(self, problems, filename=""):
        super().__init__("\n".join([p.format(filename) for p in problems]))
        self.problems = problems
        self.filename = filename


def _fail(message):
    raise CourseError([Problem(0, None, message)])


class Source:
    """A parsed course text, as returned by :func:`check`.

    ``holes`` holds ``(number, par, tee_col, tee_row, green_col, green_row, line)``
    in source order; ``cells`` the terrain kind of every cell, row-major;
    ``row_lines`` the source line of each map row; ``unread`` what could be made
    out of each hole line that does not parse, ``(number or None, [(col, row)])``,
    so that its one error is not followed by errors it caused.
    """

    def __init__(self):
        self.name = ""
        self.author = ""
        self.width = 0
        self.height = 0
        self.solo_par = 0
        self.greens = (0, 0, 0)
        self.wind = (0, 0, 0, 0, 0, 0, 0, 0)
        self.holes = []
        self.unread = []
        self.cells = None
        self.row_lines = []


def par_length_range(par):
    """``(shortest, longest)`` tee-to-green hex distance that suits a par of 3, 4 or 5."""
    if par < 3 or par > 5:
        raise ValueError("par must be 3, 4 or 5, not %r" % (par,))
    return _PAR_LENGTHS[par - 3]


def reachable(cells, width, height, start, goal, avoid=-1):
    """Whether a golfer can walk from ``start`` to ``goal`` (axial pairs) by one-hex moves.

    ``cells`` holds the terrain kind of each cell of a ``width`` x ``height``
    offset grid, row-major. Moves stay on the grid and only on cells a golfer
    may stand on (so they avoid off-board cells, trees and the clubhouse), and
    off cells of kind ``avoid`` (the ocean, which no golfer stands in).
    """
    if start == goal:
        return True
    target = hexgrid.cell_index(goal[0], goal[1], width)
    seen = bytearray(width * height)
    i = hexgrid.cell_index(start[0], start[1], width)
    seen[i] = 1
    todo = [i]
    steps = array("h", bytes(12))
    # Cells travel as plain int indices, not (q, r) tuples: no allocation per step.
    while todo:
        i = todo.pop()
        for k in range(terrain.walk_steps(cells, width, height, i, avoid, steps)):
            j = steps[k]
            if seen[j]:
                continue
            if j == target:
                return True
            seen[j] = 1
            todo.append(j)
    return False


def content_hash(width, height, cells, holes):
    """The 8-byte content hash: SHA-256 over width, height, cell bytes and hole records."""
    h = hashlib.sha256(bytes((width, height)))
    h.update(cells)
    h.update(holes)
    return h.digest()[:8]


# ---------------------------------------------------------------- parsing


def _number(text, lo, hi):
    # A decimal integer within lo..hi, or None.
    if not text.isdigit():
        return None
    n = int(text)
    return n if lo <= n <= hi else None


def _cell(text):
    # "C,R" -> (col, row), or None.
    parts = text.split(",")
    if len(parts) != 2 or not parts[0].isdigit() or not parts[1].isdigit():
        return None
    return int(parts[0]), int(parts[1])


def _plural(n, one, many):
    # "1 hex", "4 hexes".
    return "%d %s" % (n, one if n == 1 else many)


def _bad_value(problems, line, key, value, expected):
    problems.append(Problem(line, None, "%s: %r is not %s" % (key, value, expected)))


def _unsafe(code):
    # C0 and C1 controls (ESC drives a terminal), DEL, and the bidirectional marks,
    # embeddings, overrides and isolates (they make text read other than it is stored).
    return (code < 0x20 or 0x7F <= code < 0xA0 or code == 0x61C or code == 0x200E
            or code == 0x200F or 0x2028 <= code <= 0x202E or 0x2066 <= code <= 0x2069)


def unsafe_char(text):
    """``(position from 1, "U+XXXX")`` of the first character of ``text`` that a name may
    not hold (a control character or a bidirectional override), or None."""
    at = 0
    for ch in text:
        at += 1
        if _unsafe(ord(ch)):
            return at, "U+%04X" % ord(ch)
    return None


def clean_text(text):
    """``text`` with every character :func:`unsafe_char` refuses shown as U+FFFD, the
    replacement character: a name from a board or an old file, made safe to print."""
    if unsafe_char(text) is None:
        return text
    return "".join(["\ufffd" if _unsafe(ord(ch)) else ch for ch in text])


def _header(src, problems, line, key, value, width, height):
    # One "key: value" line; a malformed value leaves the default in place.
    if key == "name" or key == "author":
        size = len(value.encode())
        bad = unsafe_char(value)
        if key == "name" and not value:
            problems.append(Problem(line, None, "name: the course needs a name"))
        elif bad:
            problems.append(Problem(line, None, "%s: character %d is %s, a control or "
                                    "bidirectional character: write the %s in plain text"
                                    % (key, bad[0], bad[1], key)))
        elif size > MAX_TEXT:
            problems.append(Problem(line, None, "%s: %d bytes long, at most %d allowed"
                                    % (key, size, MAX_TEXT)))
        else:
            setattr(src, key, value)
    elif key == "size":
        dims = value.lower().split("x")
        w = _number(dims[0], 1, 255) if len(dims) == 2 else None
        h = _number(dims[1], 1, 255) if len(dims) == 2 else None
        if w is None or h is None:
            _bad_value(problems, line, key, value, "WxH (columns x rows), e.g. 'size: 24x16'")
            return
        src.width = w
        src.height = h
        _check_size(src, problems, line, width, height)
    elif key == "solo-par":
        n = _number(value, 0, 255)
        if n is None:
            _bad_value(problems, line, key, value, "a number from 0 to 255")
        else:
            src.solo_par = n
    elif key == "greens":
        mix = [_number(p, 0, 255) for p in value.split("/")]
        if len(mix) != 3 or None in mix:
            _bad_value(problems, line, key, value,
                       "E/M/H (easy/medium/hard green cards), e.g. 'greens: 4/10/4'")
        else:
            src.greens = tuple(mix)
    else:  # wind
        words = value.split()
        deck = []
        if len(words) == len(WIND_CARDS):
            for card, word in zip(WIND_CARDS, words):
                if word.startswith(card):
                    deck.append(_number(word[len(card):], 0, 255))
        if len(deck) != len(WIND_CARDS) or None in deck:
            _bad_value(problems, line, key, value,
                       "TLn TMn TRn BRn BMn BLn Sn Cn (how many of each wind card), "
                       "e.g. 'wind: TL3 TM3 TR3 BR0 BM0 BL0 S1 C3'")
        else:
            src.wind = tuple(deck)


def _check_size(src, problems, line, width, height):
    if src.width > width or src.height > height:
        problems.append(Problem(line, None, "size: %dx%d does not fit the board (%dx%d)"
                                % (src.width, src.height, width, height)))


def _hole_line(src, problems, line, words):
    num = par = tee = green = None
    if len(words) == 8 and words[2] == "par" and words[4] == "tee" and words[6] == "green":
        num = _number(words[1], 1, MAX_HOLES)
        par = _number(words[3], 0, 255)
        tee = _cell(words[5])
        green = _cell(words[7])
    if num is None or par is None or tee is None or green is None:
        src.unread.append((_number(words[1], 1, MAX_HOLES) if len(words) > 1 else None,
                           [c for c in [_cell(w) for w in words[2:]] if c]))
        problems.append(Problem(line, None,
                                "cannot read hole line: expected 'hole N par P tee C,R green C,R' "
                                "with N from 1 to %d, e.g. 'hole 1 par 4 tee 3,12 green 9,3'"
                                % MAX_HOLES))
        return
    src.holes.append((num, par, tee[0], tee[1], green[0], green[1], line))


def _map_rows(src, problems, rows, map_line):
    # Fill src.cells from the map lines; without a size only the codes are checked.
    w, h = src.width, src.height
    if w:
        src.cells = bytearray(w * h)
    for row in range(len(rows)):
        line, text = rows[row]
        if w and row >= h:
            problems.append(_map_size(line, rows, w, h))
            return
        codes = text.split()
        if w and len(codes) != w:
            problems.append(Problem(line, None, "map row %d has %s but the size is %dx%d "
                                    "(%s a row)" % (row, _plural(len(codes), "cell", "cells"),
                                                    w, h, _plural(w, "cell", "cells"))))
        src.row_lines.append(line)
        for col in range(min(len(codes), w) if w else len(codes)):
            try:
                kind = terrain.from_code(codes[col])
            except ValueError as exc:
                problems.append(Problem(line, (col, row), str(exc)))
                continue
            if w:
                src.cells[row * w + col] = kind
    if w and len(rows) < h:
        problems.append(_map_size(map_line, rows, w, h))


def _map_size(line, rows, w, h):
    # "map has 7 rows but the size is 6x5 (5 rows)"; "1 row" when there is one.
    return Problem(line, None, "map has %s but the size is %dx%d (%s)"
                   % (_plural(len(rows), "row", "rows"), w, h, _plural(h, "row", "rows")))


def _check_hole_numbers(src, problems):
    # Returns {number: hole} of the first definition of each hole number.
    by_number = {}
    for hole in src.holes:
        num, par, line = hole[0], hole[1], hole[6]
        if num in by_number:
            first = by_number[num][6]  # (0 in a binary: it has no lines)
            problems.append(Problem(line, None, "hole %d is given twice%s" % (
                num, " (first on line %d)" % first if first else "")))
            continue
        by_number[num] = hole
        if par < 3 or par > 5:
            problems.append(Problem(line, None, "hole %d: par %d is not 3, 4 or 5" % (num, par)))
    if not src.holes and not src.unread:
        problems.append(Problem(0, None, "no holes: add a line 'hole N par P tee C,R green C,R' "
                                "for each hole"))
    # N distinct numbers must be exactly 1..N: name every gap below N (it has no
    # line) and every number above N (on its own line), so none goes unmentioned.
    # A hole line that does not parse counts as a hole (its own error says what is
    # wrong): with its number, that number is no gap; without, no gap is certain.
    named = set()
    unnumbered = 0
    for num, _cells in src.unread:
        if num is None:
            unnumbered += 1
        elif num not in by_number:
            named.add(num)
    count = len(by_number) + len(named) + unnumbered
    rule = "%s must be numbered 1 to %d without gaps" % (_plural(count, "hole", "holes"), count)
    for num in range(1, count + 1):
        if not unnumbered and num not in by_number and num not in named:
            problems.append(Problem(0, None, "hole %d is missing: %s" % (num, rule)))
    for num in sorted(by_number):
        if num > count:
            problems.append(Problem(by_number[num][6], None, "hole %d is numbered above %d: %s"
                                    % (num, count, rule)))
    return by_number


def _claim(src, problems, owners, missed, hole, what, kind, col, row):
    # Check one end of a hole (tee or green); record the cell as the hole's. A cell
    # of the wrong kind goes to ``missed`` too: the cell meant is likely unclaimed.
    num, line = hole[0], hole[6]
    w, h = src.width, src.height
    if col >= w or row >= h:
        problem = Problem(line, (col, row), "hole %d: %s is outside the %dx%d map"
                          % (num, what, w, h))
    elif src.cells[row * w + col] != kind:
        problem = Problem(line, (col, row), "hole %d: %s is %s, not a %s"
                          % (num, what, terrain.NAMES[src.cells[row * w + col]],
                             terrain.NAMES[kind]))
    else:
        problem = None
    if problem:
        problems.append(problem)
        missed.append((problem, kind))
        return False
    i = row * w + col
    if i in owners:
        problems.append(Problem(line, (col, row), "hole %d: %s is also hole %d's %s"
                                % (num, what, owners[i], what)))
        return False
    owners[i] = num
    return True


def _check_holes(src, problems, by_number):
    # Tees and greens against the map, reachability, length for par, orphans.
    owners = {}  # cell index -> hole number, for every claimed tee box and green
    missed = []  # (problem, kind) of each tee or green on a cell of another kind
    for num in sorted(by_number):
        hole = by_number[num]
        par, tc, tr, gc, gr, line = hole[1:]
        tee_ok = _claim(src, problems, owners, missed, hole, "tee", terrain.TEE, tc, tr)
        green_ok = _claim(src, problems, owners, missed, hole, "green", terrain.GREEN, gc, gr)
        if not (tee_ok and green_ok):
            continue
        tee = hexgrid.from_offset(tc, tr)
        green = hexgrid.from_offset(gc, gr)
        if not reachable(src.cells, src.width, src.height, tee, green):
            problems.append(Problem(line, (gc, gr), "hole %d: green cannot be reached from the tee "
                                    "(%d,%d) by one-hex moves that avoid trees, the clubhouse "
                                    "and off-board cells" % (num, tc, tr)))
        elif not reachable(src.cells, src.width, src.height, tee, green, terrain.OCEAN):
            problems.append(Problem(line, (gc, gr), "hole %d: green can be reached from the tee "
                                    "(%d,%d) only through the ocean, where no golfer stands "
                                    "(a ball in it steps back ashore)" % (num, tc, tr)))
        if 3 <= par <= 5:
            lo, hi = par_length_range(par)
            length = hexgrid.distance(tee[0], tee[1], green[0], green[1])
            if length < lo or length > hi:
                problems.append(Problem(line, (tc, tr), "hole %d: tee is %s from the green, too "
                                        "%s for par %d (%d to %d hexes)"
                                        % (num, _plural(length, "hex", "hexes"),
                                           "short" if length < lo else "long", par, lo, hi),
                                        False))
    _orphans(src, problems, owners, missed)


def _orphans(src, problems, owners, missed):
    # Every tee box and green no hole claims is an error, unless a hole line that
    # does not parse names it, or a hole's tee or green missed a cell of its kind:
    # then the nearest such cell is named in that one error as the likely one meant.
    w = src.width
    for _num, cells in src.unread:
        for col, row in cells:
            if col < w and row < src.height:
                owners[row * w + col] = 0
    left = []  # ((col, row), kind) of each tee box and green no hole claims
    for i in range(len(src.cells)):
        kind = src.cells[i]
        if (kind == terrain.TEE or kind == terrain.GREEN) and i not in owners:
            left.append(((i % w, i // w), kind))
    for problem, kind in missed:
        best = -1
        for k in range(len(left)):
            if left[k][1] == kind and (best < 0 or _distance(problem.cell, left[k][0])
                                       < _distance(problem.cell, left[best][0])):
                best = k
        if best >= 0:
            cell = left.pop(best)[0]
            problem.message += " (did you mean (%d,%d), the %s that belongs to no hole?)" % (
                cell[0], cell[1], terrain.NAMES[kind])
    for cell, kind in left:
        problems.append(Problem(src.row_lines[cell[1]], cell,
                                "%s belongs to no hole (add a hole line for it or change "
                                "the cell)" % terrain.NAMES[kind]))


def _distance(a, b):
    # Hex distance between two offset (col, row) cells.
    qa, ra = hexgrid.from_offset(a[0], a[1])
    qb, rb = hexgrid.from_offset(b[0], b[1])
    return hexgrid.distance(qa, ra, qb, rb)


def _in_line_order(problems):
    # Problems in source order, those without a line last; problems on one line
    # keep the order they were found in (MicroPython's sort is not stable, so
    # the finding order is part of the key).
    keyed = [(p.line == 0, p.line, i) for i, p in enumerate(problems)]
    keyed.sort()
    return [problems[k[2]] for k in keyed]


def check(text, width=BOARD_WIDTH, height=BOARD_HEIGHT):
    """Parse and validate a course text for a ``width`` x ``height`` board.

    Returns ``(source, problems)``: every error and warning found, in line
    order, and a :class:`Source` (None when there is no usable size or map).
    """
    problems = []
    src = Source()
    seen = {}            # header key -> line it was given on
    format_seen = False
    map_line = 0
    rows = []            # (line, text) of each map row
    if text.startswith("\ufeff"):
        text = text[1:]
    line = 0
    for raw in text.split("\n"):
        line += 1
        stripped = raw.strip()
        if not stripped or stripped[0] == "#":
            continue
        if map_line:
            rows.append((line, stripped))
            continue
        words = stripped.split()
        if not format_seen:
            format_seen = True
            if words[0] == "teebox-course":
                if len(words) != 2 or words[1] != "1":
                    problems.append(Problem(line, None, "unknown format %r: this Teebox reads "
                                            "'teebox-course 1'" % stripped))
                continue
            problems.append(Problem(line, None, "missing format line: the first line must be "
                                    "'teebox-course 1'"))
        key, colon, value = stripped.partition(":")
        key = key.strip()
        value = value.strip()
        if words[0] == "hole" or key == "hole":
            _hole_line(src, problems, line, words)
            continue
        if key == "map" and colon:
            map_line = line
            if value:
                problems.append(Problem(line, None, "map: nothing may follow 'map:' on its line "
                                        "(the map rows start on the next line)"))
            continue
        if not colon or key not in HEADER_KEYS:
            problems.append(Problem(line, None, "unknown header %r (use one of: %s, hole, map)"
                                    % (key if colon else words[0], ", ".join(HEADER_KEYS))))
            continue
        if key in seen:
            problems.append(Problem(line, None, "%s is given twice (first on line %d)"
                                    % (key, seen[key])))
            continue
        seen[key] = line
        _header(src, problems, line, key, value, width, height)
    if not format_seen:
        problems.append(Problem(0, None, "missing format line: the first line must be "
                                "'teebox-course 1'"))
    for key in ("name", "size"):
        if key not in seen:
            problems.append(Problem(0, None, "missing '%s:' line" % key))
    if not map_line:
        problems.append(Problem(0, None, "missing 'map:' line (the map rows follow it, last "
                                "in the file)"))
    else:
        _map_rows(src, problems, rows, map_line)
    if src.cells is None:
        _check_hole_numbers(src, problems)
        src = None
    else:
        _check_meaning(src, problems)
    problems = _in_line_order(problems)
    return src, problems


def _check_cells(src, problems):
    # Every cell byte must be a terrain kind (a text map only ever makes known kinds;
    # a binary can hold any byte). False if one is not: the hole checks look kinds up.
    ok = True
    w = src.width
    for i in range(len(src.cells)):
        kind = src.cells[i]
        if kind >= terrain.COUNT:
            row = i // w
            problems.append(Problem(src.row_lines[row], (i % w, row),
                                    "terrain byte %d is not a terrain kind (0 to %d)"
                                    % (kind, terrain.COUNT - 1)))
            ok = False
    return ok


def _check_meaning(src, problems):
    # What a course means, the same for a text (check) and a binary (verify): known
    # terrain, holes numbered 1 to N, each tee and green on the map, reachable, owned.
    by_number = _check_hole_numbers(src, problems)
    if _check_cells(src, problems):
        _check_holes(src, problems, by_number)


# ---------------------------------------------------------------- binary


def encode(src):
    """The binary form of a :class:`Source` that :func:`check` found no errors in."""
    holes = bytearray()
    for hole in sorted(src.holes):
        holes += bytes(hole[:6])
    cells = bytes(src.cells)
    flags = 0
    for kind in terrain.EXPANSION:
        if bytes((kind,)) in cells:
            flags |= _FLAG_COAST
    name = src.name.encode()
    author = src.author.encode()
    body = (MAGIC
            + bytes((FORMAT_VERSION, src.width, src.height, len(src.holes), flags, src.solo_par))
            + bytes(src.greens) + bytes(src.wind)
            + content_hash(src.width, src.height, cells, holes)
            + bytes((len(name),)) + name + bytes((len(author),)) + author
            + cells + holes)
    return body + struct.pack("<I", binascii.crc32(body) & 0xFFFFFFFF)


def compile_source(text, width=BOARD_WIDTH, height=BOARD_HEIGHT):
    """The binary form of a course text; CourseError listing every error if it has any."""
    src, problems = check(text, width, height)
    errors = [p for p in problems if p.error]
    if errors:
        raise CourseError(errors)
    return encode(src)


def announced_hash(data):
    """The 8-byte content hash a compiled course announces (not checked: ``load`` does)."""
    return bytes(data[_HASH:_HASH + 8])


def load(data):
    """A :class:`Course` read from its binary form (bytes or bytearray).

    CourseError if the data is not a Teebox course, has an unknown format
    version, is truncated or fails its CRC or content hash.
    """
    if not isinstance(data, bytes):
        data = bytes(data)
    size = len(data)
    if data[:4] != MAGIC:
        _fail("not a Teebox course: the data does not start with %r" % MAGIC.decode())
    if size > _VERSION and data[_VERSION] != FORMAT_VERSION:
        _fail("unknown course format version %d: this Teebox reads version %d"
              % (data[_VERSION], FORMAT_VERSION))
    if size <= _NAME:
        _fail("course data is truncated: %d bytes, shorter than the %d-byte header"
              % (size, _NAME + 1))
    author_at = _NAME + 1 + data[_NAME]
    if size <= author_at:
        _fail("course data is truncated: %d bytes, it ends inside the name" % size)
    cells_at = author_at + 1 + data[author_at]
    holes_at = cells_at + data[_WIDTH] * data[_HEIGHT]
    end = holes_at + _HOLE_SIZE * data[_HOLES]
    if size < end + 4:
        _fail("course data is truncated: %d bytes, the course needs %d" % (size, end + 4))
    if size > end + 4:
        _fail("course data is too long: %d bytes, the course needs %d" % (size, end + 4))
    view = memoryview(data)
    stored = struct.unpack_from("<I", data, end)[0]
    actual = binascii.crc32(view[:end]) & 0xFFFFFFFF
    if stored != actual:
        _fail("course data is corrupt: CRC-32 is %08x but %08x was stored" % (actual, stored))
    if content_hash(data[_WIDTH], data[_HEIGHT], view[cells_at:holes_at],
                    view[holes_at:end]) != data[_HASH:_NAME]:
        _fail("course data is corrupt: the content hash does not match the cells and holes")
    return Course(data, cells_at, holes_at)


def verify(data, width=BOARD_WIDTH, height=BOARD_HEIGHT):
    """A :class:`Course` from its binary form if it may be played on a ``width`` x
    ``height`` board: :func:`load`'s checks of the form, then the same checks of what
    it means that :func:`check` runs on a text (``teebox course check``). CourseError
    listing every error otherwise (warnings, such as a hole's length, pass)."""
    c = load(data)
    src = Source()
    src.width = c.width
    src.height = c.height
    src.cells = c.cells()
    src.row_lines = [0] * c.height
    d = c.data
    for at in range(c._holes, c._holes + _HOLE_SIZE * c.hole_count, _HOLE_SIZE):
        src.holes.append(tuple(d[at:at + _HOLE_SIZE]) + (0,))
    problems = []
    _check_size(src, problems, 0, width, height)
    _check_meaning(src, problems)
    errors = [p for p in problems if p.error]
    if errors:
        raise CourseError(errors)
    return c


def from_source(text, width=BOARD_WIDTH, height=BOARD_HEIGHT):
    """A :class:`Course` straight from its text (compile, then load)."""
    return load(compile_source(text, width, height))


class Course:
    """A loaded course. Reads every cell and hole from ``data`` (the binary form).

    Built by :func:`load`; ``terrain``/``hole``/... take axial ``(q, r)``.
    """

    def __init__(self, data, cells_at, holes_at):
        self.data = data
        self.width = data[_WIDTH]
        self.height = data[_HEIGHT]
        self.hole_count = data[_HOLES]
        self.uses_coastline = bool(data[_FLAGS] & _FLAG_COAST)
        self.solo_par = data[_SOLO]
        self.greens = tuple(data[_GREENS:_WIND])
        self.wind = tuple(data[_WIND:_HASH])
        self.hash = data[_HASH:_NAME]
        author_at = _NAME + 1 + data[_NAME]
        self.name = data[_NAME + 1:author_at].decode()
        self.author = data[author_at + 1:cells_at].decode()
        self._cells = cells_at
        self._holes = holes_at

    def hash_hex(self):
        """The content hash as 16 hex digits (what scores are compared on)."""
        return self.hash.hex()

    def terrain(self, q, r):
        """The terrain kind at axial ``(q, r)``; ``terrain.OFF`` outside the grid."""
        # hexgrid.in_grid and cell_index inline (for a row from 0, r >> 1 is their
        # offset): every hex of every flight the rules try comes here.
        if 0 <= r < self.height:
            col = q + (r >> 1)
            if 0 <= col < self.width:
                return self.data[self._cells + r * self.width + col]
        return terrain.OFF

    def terrain_at(self, col, row):
        """The terrain kind at offset ``(col, row)``; ``terrain.OFF`` outside the grid."""
        if col < 0 or row < 0 or col >= self.width or row >= self.height:
            return terrain.OFF
        return self.data[self._cells + row * self.width + col]

    def cells(self):
        """The terrain byte of every cell, row-major over the offset grid (no copy)."""
        return memoryview(self.data)[self._cells:self._holes]

    def hole(self, n):
        """``(par, tee_q, tee_r, green_q, green_r)`` of hole ``n`` (from 1), axial."""
        if n < 1 or n > self.hole_count:
            raise ValueError("no hole %r: %s has holes 1 to %d" % (n, self.name, self.hole_count))
        d = self.data
        at = self._holes + _HOLE_SIZE * (n - 1)
        tq, tr = hexgrid.from_offset(d[at + 2], d[at + 3])
        gq, gr = hexgrid.from_offset(d[at + 4], d[at + 5])
        return d[at + 1], tq, tr, gq, gr

    def _hole_with(self, field, q, r):
        # The hole whose record has offset (col, row) of (q, r) at field, else 0.
        col, row = hexgrid.to_offset(q, r)
        d = self.data
        for at in range(self._holes, self._holes + _HOLE_SIZE * self.hole_count, _HOLE_SIZE):
            if d[at + field] == col and d[at + field + 1] == row:
                return d[at]
        return 0

    def tee_hole(self, q, r):
        """The number of the hole teeing off at ``(q, r)``, or 0."""
        return self._hole_with(2, q, r)

    def green_hole(self, q, r):
        """The number of the hole whose green is ``(q, r)``, or 0."""
        return self._hole_with(4, q, r)
