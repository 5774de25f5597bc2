"""Draw a Teebox course in the terminal with rich.

Each hex cell is a coloured block two characters wide; odd rows are pushed one
character east so the text lines up like the board's offset hex grid. Tee
boxes and greens carry their hole number. Callers can lay labels over any
cell (golfers, a ball's flight path, a highlight) through ``overlays``.
"""

from rich.columns import Columns
from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from teebox.core import hexgrid, terrain
from teebox.core.course import WIND_CARDS, clean_text

# Style and the two characters drawn on a cell of each kind. Every kind has its
# own glyph, drawn in a colour that stands out from its background: without
# colour (NO_COLOR, output piped to a file) the glyphs alone tell the terrain
# apart, and on a 16-colour terminal, where fairway and green both become bright
# green, they still do.
PALETTE = {
    terrain.OFF: ("", "  "),
    terrain.ROUGH: ("#8fd46a on #2f6b2f", ",,"),
    terrain.FAIRWAY: ("#2f6b2f on #8fd46a", ".."),
    terrain.GREEN: ("bold #000000 on #1aff5a", "GG"),
    terrain.TEE: ("bold #000000 on #e0e0e0", "TT"),
    terrain.BUNKER: ("#8a6d2a on #ead9a0", "::"),
    terrain.WATER: ("#bfe3ff on #1e6fd9", "~~"),
    terrain.LAKE: ("#1e6fd9 on #8fd46a", ".~"),
    terrain.TREE: ("bold #9be37a on #0f3d14", "/\\"),
    terrain.CLUBHOUSE: ("bold #ffffff on #8b3a1a", "##"),
    terrain.FESCUE: ("#6b6420 on #cfc98a", ";;"),
    terrain.GORSE: ("bold #ffd400 on #4d5e1c", "**"),
    terrain.OCEAN: ("#7fb2ff on #0b2a66", "^^"),
}


def _label(text):
    # Every cell is exactly two characters wide.
    return str(text)[:2].rjust(2)


def hole_labels(course):
    """``{(q, r): (label, style)}`` numbering every tee box and green with its hole."""
    labels = {}
    for n in range(1, course.hole_count + 1):
        _par, tq, tr, gq, gr = course.hole(n)
        labels[(tq, tr)] = (str(n), PALETTE[terrain.TEE][0])
        labels[(gq, gr)] = (str(n), PALETTE[terrain.GREEN][0])
    return labels


def course_map(course, overlays=None, numbers=True):
    """The course as a rich Text: one line per map row, two characters per cell.

    ``overlays`` maps axial ``(q, r)`` to ``(label, style)``: the label (up to
    two characters) replaces what the cell shows, and the style is laid over
    the cell's own (a style without a background keeps the terrain colour).
    ``numbers`` labels tee boxes and greens with their hole number, after the
    cell's glyph letter while there is room ("T1", "G1"; "12" from hole 10).
    """
    holes = hole_labels(course) if numbers else {}
    overlays = overlays or {}
    text = Text(no_wrap=True, overflow="ignore")
    cells = course.cells()
    for row in range(course.height):
        if row:
            text.append("\n")
        if row & 1:
            text.append(" ")
        for col in range(course.width):
            style, glyph = PALETTE[cells[row * course.width + col]]
            at = hexgrid.from_offset(col, row)
            mark = overlays.get(at)
            if mark is not None:
                text.append(_label(mark[0]), style=Style.parse(style) + Style.parse(mark[1]))
            elif at in holes:
                text.append(str(holes[at][0])[:2].rjust(2, glyph[0]), style=style)
            else:
                text.append(glyph, style=style or None)
    return text


def legend(course):
    """A swatch (glyph in its colours) and name for every kind of terrain the course uses."""
    cells = bytes(course.cells())
    items = []
    for kind in range(1, terrain.COUNT):
        if bytes((kind,)) in cells:
            style, glyph = PALETTE[kind]
            item = Text()
            item.append(glyph, style=style)
            item.append(" " + terrain.NAMES[kind])
            items.append(item)
    note = Text("T1 G1: the tee box and green of hole 1 (from hole 10 on, the number alone)",
                style="dim")
    if not course.uses_coastline:
        return Group(Columns(items, padding=(0, 3)), note)
    coast = Text("Fescue, gorse and ocean play by the Coastlines rules of the 18 Holes "
                 "expansion: fescue is rough even for hybrids, gorse is left only by chipping "
                 "or moving one hex, a ball in the ocean steps back ashore and misses a turn.",
                 style="dim")
    return Group(Columns(items, padding=(0, 3)), note, coast)


def hole_table(course):
    """A table of the holes: number, par, length in hexes, tee and green cells."""
    table = Table(title="Holes", show_footer=True, title_justify="left")
    total = 0
    rows = []
    for n in range(1, course.hole_count + 1):
        par, tq, tr, gq, gr = course.hole(n)
        total += par
        rows.append((str(n), str(par), str(hexgrid.distance(tq, tr, gq, gr)),
                     "%d,%d" % hexgrid.to_offset(tq, tr), "%d,%d" % hexgrid.to_offset(gq, gr)))
    table.add_column("Hole", footer="Total", justify="right")
    table.add_column("Par", footer=str(total), justify="right")
    table.add_column("Length", justify="right")
    table.add_column("Tee", justify="right")
    table.add_column("Green", justify="right")
    for row in rows:
        table.add_row(*row)
    return table


def count(n, noun, plural=None):
    """``n`` with its noun in the right number: "1 hole", "2 holes" (``plural`` when it is
    not the noun plus "s")."""
    return "%d %s" % (n, noun if n == 1 else (plural or noun + "s"))


def amount(n, unit):
    """``n`` of a game's score ``unit`` (a plural noun: "points", "strokes", "greens") in
    the right number: "1 point", "3 points"."""
    return count(n, unit[:-1], unit)


def total_par(course):
    """The sum of the pars of every hole."""
    return sum(course.hole(n)[0] for n in range(1, course.hole_count + 1))


def course_title(course):
    """One line naming the course, its size, par and content hash."""
    # A compiled course skipped the text check: its names may hold terminal codes.
    title = Text(clean_text(course.name), style="bold")
    if course.author:
        title.append(" by " + clean_text(course.author))
    title.append("  %s, par %d, %dx%d, hash %s"
                 % (count(course.hole_count, "hole"), total_par(course), course.width,
                    course.height, course.hash_hex()))
    return title


def suggestions(course):
    """The designer's suggestions (solo par, green mix, wind deck) as text, or None."""
    parts = []
    if course.solo_par:
        parts.append("solo par %d" % course.solo_par)
    if any(course.greens):
        parts.append("greens %d/%d/%d" % course.greens)
    if any(course.wind):
        parts.append("wind " + " ".join("%s%d" % pair for pair in zip(WIND_CARDS, course.wind)))
    return Text("suggested: " + ", ".join(parts), style="dim") if parts else None


def course_view(course, overlays=None):
    """Title, map, legend and hole table of a course, ready for ``Console.print``."""
    parts = [course_title(course)]
    extra = suggestions(course)
    if extra is not None:
        parts.append(extra)
    parts += [Text(), course_map(course, overlays), Text(), legend(course), Text(),
              hole_table(course)]
    return Group(*parts)
