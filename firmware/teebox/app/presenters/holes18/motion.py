"""18 Holes on the LEDs as things happen: balls flying, flashes where they land, the
play order blinking, golfers and the tokens and flags a mode leaves on the greens (Chaos
Golf, Skins, Kelly Golf) where the rules put them."""

from teebox.app.renderer import FLIGHT_STEP_MS
from teebox.app.view import (FLASH_ACK, FLASH_BUNKER, FLASH_GREEN, FLASH_HOLE_IN_ONE,
                             FLASH_NONE, FLASH_OUT, FLASH_WATER, MAX_PATH)
from teebox.core import hexgrid
from teebox.core.holes18.protocol import (
    BUNKER, GREEN, OUT_FLIGHT, OUT_HAND_RESET, OUT_HOLE_IN_ONE, OUT_LONGEST_DRIVE,
    OUT_MISS_TURN, OUT_MOVE, OUT_NEXT_HOLE, OUT_NO_SHOT, OUT_OF_BOUNDS, OUT_ORDER,
    OUT_PENALTY, OUT_SCORED, POLICY_OUTPUTS, STABLEFORD, STROKES, WATER)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

FLASH_MS = const(700)        # how long a landing flash lasts
ORDER_STEP_MS = const(500)   # the play order: one golfer blinks after another

# The flash of each landing outcome (protocol NORMAL ... GREEN). When several things
# happen at once the higher flash number wins: hole-in-one, green, out, bunker, water.
_OUTCOME_FLASH = (FLASH_NONE, FLASH_WATER, FLASH_BUNKER, FLASH_OUT, FLASH_GREEN)


def golfer_label(game, seat, label):
    """``label``, how the table names ``seat`` ("P1", "P1 red"), and which of a team's
    golfers its turns move now, in the mode's words ("P1 golfer 2": Chaos Teams, the
    golfer that landed or aims; a mode's ``mover``)."""
    golfer = game.mode.mover(game, seat)
    return label + " " + golfer if golfer else label


class Motion:
    """The animations of one table's 18 Holes game (``table``: the shell)."""

    def __init__(self, table):
        self.t = table
        self.landing = False     # a flight is in the air: golfers move and flash when it lands
        self.land_at = 0
        self._flash = FLASH_NONE
        self._flash_seat = -1
        self._flash_cell = -1
        self._order = b""        # play order being shown, one golfer after another
        self._order_start = 0
        self._order_step = -1
        self.path = [0] * MAX_PATH  # a flight's cells till the view copies them (preview's too)
        self.greens = None  # the putting of a game reading the greens (putting.py)
        self._greens_of = None  # the course whose greens' cells _green_cells holds
        self._green_cells = []

    def stop(self):
        """No animation, no team's second golfer and no green in play on the LEDs (the
        game is left: the shell clears the rest of the view)."""
        self.landing = False
        self._order = b""
        v = self.t.view
        v.green_len = 0
        for s in range(len(v.partner)):
            v.partner[s] = -1

    def clear_order(self):
        """A choice was made: the play order shown so far stops blinking."""
        self._order = b""

    def tick(self, now):
        """Land the ball whose flight is over; blink the next golfer of the play order."""
        t = self.t
        clock = t.clock
        if self.landing and clock.ticks_diff(now, self.land_at) >= 0:
            self.land()
        if self._order:
            step = clock.ticks_diff(now, self._order_start) // ORDER_STEP_MS
            if step != self._order_step:
                self._order_step = step
                if step < len(self._order):
                    seat = self._order[step]
                    t.view.start_flash(FLASH_ACK, seat, t.view.golfer[seat],
                                       clock.ticks_add(now, ORDER_STEP_MS - 100))
                else:
                    self._order = b""

    def outputs(self, outs):
        """Show the engine's outputs: flights, flashes, golfers, tokens, a note."""
        t = self.t
        if self.landing:
            self.land()  # the ball before this one lands now
        best = FLASH_NONE
        seat = -1
        cell = -1
        delay = 0
        scorer = -1
        scored = 0
        ace = ""  # the hole-in-ones: what the display says first, whatever follows
        for o in outs:
            k = o[0]
            kind = FLASH_NONE
            at = -1
            if k == OUT_FLIGHT:
                path = o[2]
                n = min(len(path), MAX_PATH)
                for i in range(n):
                    self.path[i] = t.cell(path[i][0], path[i][1])
                t.view.start_flight(o[1], self.path, n, t.now)
                delay = n * FLIGHT_STEP_MS
                kind = _OUTCOME_FLASH[o[4]]
                # Out of bounds leaves the golfer where it was: flash where the ball left.
                at = self.path[n - 1] if o[4] == OUT_OF_BOUNDS and n else t.cell(*o[3])
                self._note_outcome(o[1], o[4])
            elif k == OUT_MOVE:
                kind = _OUTCOME_FLASH[o[3]]
                at = t.cell(*o[2])
                self._note_outcome(o[1], o[3])
            elif k == OUT_HOLE_IN_ONE:
                kind = FLASH_HOLE_IN_ONE
                ace = (ace + "\n" if ace else "") + "%s HOLE IN ONE" % self._who(o[1])
                t.note = ace
            elif k == OUT_MISS_TURN:
                t.note = "P%d misses turn" % (o[1] + 1)
            elif k == OUT_PENALTY:
                t.note = "P%d penalty" % (o[1] + 1)
            elif k == OUT_HAND_RESET:
                t.note = "P%d hand reset" % (o[1] + 1)
            elif k == OUT_LONGEST_DRIVE:
                t.note = "P%d longest drive" % (o[1] + 1)
            elif k == OUT_NO_SHOT:
                t.note = "P%d: no card left" % (o[1] + 1)
            elif k == OUT_SCORED and o[3] != STROKES and o[3] != STABLEFORD:
                # Several tokens at once (Kelly Golf's target: 2 + 1) make one sum.
                scored = scored + o[4] if o[1] == scorer else o[4]
                scorer = o[1]
                t.note = "%s scores %d" % (self._who(o[1]), scored)
            elif k == OUT_NEXT_HOLE and len(o[1]) < len(t.game.players):
                # These golfers alone go on: a racer (Golf Racing), the players in an
                # elimination (Skins): "P1 P3 to hole 4".
                t.note = "%s to hole %d" % (" ".join(["P%d" % (s + 1) for s in o[1]]), o[2])
            elif k == OUT_NEXT_HOLE and not t.game.mode.roams:
                # (Chaos Golf holes have no order.) The points on its green, if any: a
                # tied hole's jackpot shows here ("Hole 4: 7 pts").
                worth = t.game.mode.green_tokens(o[2])
                t.note = "Hole %d: %d pts" % (o[2], worth) if worth else "Hole %d" % o[2]
            elif k >= POLICY_OUTPUTS:
                # The mode's own (Solo Chaos Golf: an opponent scores, a club turned up).
                note = t.game.mode.output_text(t.game, o)
                if note is not None:
                    t.note = note
            elif k == OUT_ORDER:
                self._order = bytes(o[1])
                self._order_start = t.now
                self._order_step = -1
                t.note = "Order: " + " ".join(["P%d" % (s + 1) for s in o[1]])
            if kind > best:
                best = kind
                seat = o[1]
                cell = at
        if ace and t.note != ace:
            t.note = ace + "\n" + t.note  # (not behind the next hole's note: "Hole 5")
        self._flash = best
        self._flash_seat = seat
        self._flash_cell = cell
        # Golfers move, and the flash shows, when the ball lands (see tick).
        self.landing = True
        self.land_at = t.clock.ticks_add(t.now, delay)
        if not delay:
            self.land()

    def land(self):
        """The ball is down: its flash, and the golfers where they are now."""
        t = self.t
        self.landing = False
        if self._flash != FLASH_NONE:
            t.view.start_flash(self._flash, self._flash_seat, self._flash_cell,
                               t.clock.ticks_add(t.now, FLASH_MS))
            self._flash = FLASH_NONE
        if t.game is not None:
            self.sync_view()

    def _arrow(self, g, v):
        # The wind's arrow across the middle of the course (a module's: Taming the Wind).
        v.wind_len = 0
        for x in g.added:
            arrow = x.arrow(g)
            if arrow is None:
                continue
            d, n = arrow
            n = min(n, len(v.wind))
            crs = self.t.course
            q, r = hexgrid.from_offset(crs.width // 2, crs.height // 2)
            back = hexgrid.opposite(d)
            for _ in range(n // 2):
                q, r = hexgrid.neighbour(q, r, back)
            for i in range(n):
                v.wind[i] = self.t.cell(q, r)
                q, r = hexgrid.neighbour(q, r, d)
            v.wind_len = n

    def _who(self, seat):
        # "P1", or "P1 golfer 2": which of a team's golfers landed (Chaos Teams).
        return golfer_label(self.t.game, seat, "P%d" % (seat + 1))

    def _note_outcome(self, seat, outcome):
        t = self.t
        if outcome == OUT_OF_BOUNDS:
            t.note = "%s out of bounds" % self._who(seat)
        elif outcome == WATER:
            t.note = "%s in the water" % self._who(seat)
        elif outcome == BUNKER:
            t.note = "%s in a bunker" % self._who(seat)
        elif outcome == GREEN:
            t.note = "%s on the green" % self._who(seat)

    def sync_view(self):
        """Golfers, the tokens the mode leaves on greens and the wind's arrow, as the game
        stands; golfers that are no seats (Solo Chaos Golf's opponents, on the greens they
        score next) in the seat colours after the players'."""
        t = self.t
        g = t.game
        v = t.view
        mode = g.mode
        self._arrow(g, v)
        for p in g.players:
            v.golfer[p.seat] = t.cell(p.q, p.r)
            other = mode.partner(g, p)  # a team's second golfer (Chaos Teams)
            v.partner[p.seat] = -1 if other is None else t.cell(other[0], other[1])
        seat = len(g.players)
        for at in mode.markers(g):
            if seat < len(v.golfer):
                v.golfer[seat] = t.cell(at[0], at[1]) if at is not None else -1
                seat += 1
        v.seats = seat
        crs = t.course
        if self._greens_of is not crs:
            # The greens' cells, worked out once per course: a course's ``hole`` makes
            # three tuples, and this runs at every landing and every club laid (18 holes
            # of them were over 1 KB of garbage a turn).
            # (a loop: a comprehension would close over ``t`` and ``crs``, two cells
            # made at every call)
            cells = []
            for h in range(1, crs.hole_count + 1):
                hole = crs.hole(h)
                cells.append(t.cell(hole[3], hole[4]))
            self._green_cells = cells
            self._greens_of = crs
        cells = self._green_cells
        for h in range(len(cells)):
            c = cells[h]
            if c >= 0:
                v.tokens[c] = mode.green_tokens(h + 1)
        if self.greens is not None:
            self.greens.sync(v)
