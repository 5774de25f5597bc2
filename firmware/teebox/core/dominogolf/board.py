"""Where a hole of Domino Golf lies on a board of hexes: what the table's LEDs draw
(``app/presenters/dominogolf``) and the host's web pages show (``web/boards``), from
the rules' state alone (pure, like the rest of ``core``).

The hole runs up the middle column: the tee (two cells) just above the bottom edge,
then each domino of the layout spread evenly up to the green just below the top edge
(the edges stay free for the LED-only prompt strips). A lay-up or approach domino is
its higher number (fairway) above its lower one (rough) -- "higher number at the top,
farther from the tee" -- with its sand just below and a tree beside its higher number;
a double is water (both cells), its drop zone beside it. The green is its higher
number (the hole) above its lower one, its sand beside it.
"""

from teebox.core import terrain
from teebox.core.dominogolf.dominoes import is_double
from teebox.core.dominogolf.protocol import (GREENSIDE_SAND, HOLED_OUT, IN_ROUGH, IN_SAND,
                                             SAND, TREE, WATER)

MIN_SIZE = (5, 13)   # the tee and three dominoes with their sand between the strips
STATION_NAMES = ("lay-up", "approach", "green")  # a par 5's dominoes from the tee


def station_name(layout, k):
    """What domino ``k`` of a hole's ``layout`` is called (a par 3 has the green alone)."""
    return STATION_NAMES[k + len(STATION_NAMES) - len(layout)]


class HoleMap:
    """The cells of one hole (``layout``: the rules' ``layout``, the green last) on a
    board of ``width`` x ``height``: cells are row-major indexes."""

    def __init__(self, width, height, layout):
        self.width = width
        self.height = height
        self.layout = layout
        tee = height - 2
        n = len(layout)
        # The row of each domino's lower number, the tee's first.
        self.rows = [tee] + [tee - k * (tee - 2) // n for k in range(1, n + 1)]

    def cell(self, col, row):
        """The cell of offset ``(col, row)``."""
        return row * self.width + col

    def spots(self, station):
        """``(fairway, rough, sand, tree)`` cells of the domino a shot from ``station - 1``
        reaches (station 0: the tee, all four its cell); the green's are the hole, its
        lower number, the cell below it and the hole."""
        cx = self.width // 2
        r = self.rows[station]
        if station == 0:
            c = self.cell(cx, r)
            return c, c, c, c
        return (self.cell(cx, r - 1), self.cell(cx, r), self.cell(cx, r + 1),
                self.cell(cx - 1, r - 1))

    def kinds(self):
        """Every cell's terrain kind (the colour it shows): the hole without players."""
        kinds = bytearray([terrain.OFF] * (self.width * self.height))
        tee = self.spots(0)[0]
        kinds[tee] = kinds[tee + 1] = terrain.TEE
        last = len(self.layout)
        for k in range(1, last + 1):
            fairway, rough, sand, tree = self.spots(k)
            if k == last:
                kinds[fairway] = kinds[rough] = terrain.GREEN
                kinds[rough + 1] = terrain.BUNKER  # (greenside: beside the green)
            elif is_double(self.layout[k - 1]):
                kinds[fairway] = kinds[rough] = terrain.WATER
                kinds[tree] = terrain.ROUGH
            else:
                kinds[fairway] = terrain.FAIRWAY
                kinds[rough] = terrain.ROUGH
                kinds[sand] = terrain.BUNKER
                kinds[tree] = terrain.TREE
        return kinds

    def ball(self, station, lie):
        """Where a ball lies after ``station`` shots: the tee, the fairway (the reached
        domino's higher number), the rough (its lower one; after water, beside the
        double), the sand below it, or the hole."""
        if lie == HOLED_OUT:  # the hole: the top cell of every green, so also once the
            return self.cell(self.width // 2, 1)  # game is over and the layout cleared
        fairway, rough, sand, tree = self.spots(station)
        if lie == IN_SAND:
            return sand
        if lie == IN_ROUGH:
            return tree if is_double(self.layout[station - 1]) else rough
        return fairway

    def landing(self, station, res):
        """Where a shot from ``station`` with result ``res`` came down: the tree, the water
        (the double), the sand, the green's sand beside it, the fairway or the hole."""
        fairway, rough, sand, tree = self.spots(station + 1)
        if res == TREE:
            return tree
        if res == WATER:
            return rough
        if res == SAND:
            return sand
        return rough + 1 if res == GREENSIDE_SAND else fairway
