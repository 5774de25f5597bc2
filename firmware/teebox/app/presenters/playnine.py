"""Play Nine on the table (see ``app/presenters/__init__.py`` for what a presenter does,
``docs/table-guide.md`` "Play Nine" for the players).

The LEDs are a green felt with every player's 2x4 grid (face-down cards dim white,
face-up cards in the colour of their value band, cancelled columns dark), the
deck, the discard pile and the card drawn; a marker in the seat's colour beside
each grid pulses for the player whose turn it is, and the card or pile the
buttons point at blinks. One LED cannot show fourteen values, so the OLED shows
the grid of the player whose turn it is with every face-up value, the discard's
value, the card drawn and the hole's running score.

Buttons: E and W move along a row, NE/NW to the top row, SE/SW to the bottom row
(at the draw: deck or discard pile); holding OK changes what the drawn card does
(replace, discard and turn over, skip); OK does it.
"""

from teebox.app.presenters.felt import Felt
from teebox.app.setup_flow import step_index
from teebox.app.view import FLASH_GREEN
from teebox.core import terrain
from teebox.core.hexgrid import NE, NW, SE, SW, W
from teebox.core.playnine import bot as bots
from teebox.core.playnine import cards, rules, scoring
from teebox.core.playnine.protocol import (
    DISCARD, DRAW, DRAW_CARD, FLIP, FROM_DECK, FROM_DISCARD, OUT_DEAL, OUT_DRAWN,
    OUT_PLAYOFF, OUT_PUT_OUT, OUT_REPLACED, OUT_RESHUFFLE, OUT_SCORED, OUT_SKIPPED,
    PLACE_CARD, REPLACE, SKIP, TEE_OFF)

# What a cell of the felt shows, in the terrain colours the renderer draws.
FELT = terrain.ROUGH          # the table: dim green
FACE_DOWN = terrain.TEE       # a card back: dim white
CANCELLED = terrain.OFF       # a matched column counts nothing: dark
# Face-up cards by value band: Hole-in-One, 0-3, 4-6, 7-9, 10-12.
BANDS = ((cards.HOLE_IN_ONE, terrain.GREEN), (3, terrain.FAIRWAY), (6, terrain.GORSE),
         (9, terrain.BUNKER), (cards.HIGHEST, terrain.CLUBHOUSE))
MIN_BOARD = (18, 10)          # the five grids, the piles and the prompt strips fit this
_VERBS = (REPLACE, DISCARD, SKIP)
# What the drawn card does, by verb (REPLACE, DISCARD, SKIP), after "Drew 7: ".
_VERB_TEXT = ("", "", "", "replace", "discard,\nturn over", "skip\n(1 stays down)")


def band(card):
    """The terrain kind (colour) of a face-up card."""
    for top, kind in BANDS:
        if card <= top:
            return kind
    return BANDS[-1][1]


def slot_name(slot):
    """How the OLED names a grid slot: ``"top 1"`` ... ``"bottom 4"``."""
    return "%s %d" % ("top" if slot < 4 else "bottom", slot % 4 + 1)


def bot_seed(game, seat):
    """The seed of a bot's choice: the game, the hole, the turn, the decision and how
    many cards the seat still has face down; never the clock, so a game resumed after
    a power cut goes on as it would have."""
    s = (game.setup.seed * 32 + game.hole) * 1024 + game.turns
    return ((s * 4 + game.pending().kind) * 16 + len(game.face_down(seat))) * 8 + seat


class Presenter:
    """Play Nine for one table (``table``: the shell, :class:`~teebox.app.table.Table`)."""

    def __init__(self, table):
        self.t = table
        w = table.width
        h = table.height
        self.board = None
        self.slot = 0
        self.verb = REPLACE
        mid = h // 2
        # Top-left cell of each seat's grid, around the table; the piles in the middle.
        self.grid_at = ((1, h - 5), (1, 2), ((w - 4) // 2, 2), (w - 5, 2), (w - 5, h - 5))
        self.deck_at = (w // 2 - 2, mid)
        self.discard_at = (w // 2, mid)
        self.drawn_at = (w // 2 + 2, mid)

    # ------------------------------------------------------------ starting

    def flow(self, setup):
        """Nothing comes between the setup and the game."""
        return False

    def setup_note(self):
        """Nothing to add to the setup's last check: the table deals every card."""
        return ""

    def new_game(self, setup, seed, rng, flow=None):
        """The rules object of the setup's answers; the table deals from ``seed``."""
        if self.t.width < MIN_BOARD[0] or self.t.height < MIN_BOARD[1]:
            raise ValueError("Play Nine needs a board of at least %d x %d cells, not %d x %d"
                             % (MIN_BOARD[0], MIN_BOARD[1], self.t.width, self.t.height))
        return rules.Game(rules.Setup(setup.players, seed, setup.option("holes"),
                                      setup.option("playoff")), rng)

    def begin(self, game):
        """The felt with the dealt grids."""
        self.draw()

    def resumed(self):
        """Rebuilt after a power cut: the cards as they lay."""
        self.draw()

    def leave(self):
        """The game is left (nothing animates)."""

    def all_at_once(self):
        """Everyone tees off at once."""
        return self.t.d.kind == TEE_OFF

    # ------------------------------------------------------------ the LEDs

    def _cell(self, at, dc=0, dr=0):
        # The View cell ``dc`` columns and ``dr`` rows from offset cell ``at``.
        return (at[1] + dr) * self.t.width + at[0] + dc

    def slot_cell(self, seat, slot):
        """The cell of a seat's grid slot."""
        return self._cell(self.grid_at[seat], slot % 4, slot // 4)

    def draw(self):
        """Lay the felt as the game stands now (the renderer draws a new board)."""
        t = self.t
        g = t.game
        kinds = bytearray([FELT] * (t.width * t.height))
        for seat in range(g.setup.players):
            t.view.golfer[seat] = self._cell(self.grid_at[seat], -1)
            shown = g.shown(seat)
            matched = scoring.matched_columns(shown)
            for slot in range(len(shown)):
                card = shown[slot]
                if card is None:
                    kind = FACE_DOWN
                elif slot % 4 in matched and card != cards.HOLE_IN_ONE:
                    kind = CANCELLED
                else:
                    kind = band(card)
                kinds[self.slot_cell(seat, slot)] = kind
        if g.deck:
            kinds[self._cell(self.deck_at)] = FACE_DOWN
        if g.discard:
            kinds[self._cell(self.discard_at)] = band(g.discard[-1])
        if g.drawn is not None:
            kinds[self._cell(self.drawn_at)] = band(g.drawn)
        self.board = Felt(t.width, t.height, kinds, "Play Nine")
        t.course = self.board

    def outputs(self, outs):
        """What happened, as a note under the prompt and a flash; the felt redrawn."""
        t = self.t
        for o in outs:
            k = o[0]
            if k == OUT_DRAWN:
                t.note = "P%d drew %s" % (o[1] + 1, cards.name(o[3]))
            elif k == OUT_REPLACED:
                t.note = "P%d: %d for %d" % (o[1] + 1, o[3], o[4])
            elif k == OUT_SKIPPED:
                t.note = "P%d skipped" % (o[1] + 1)
            elif k == OUT_PUT_OUT:
                t.note = "P%d putted out!\nOne last shot" % (o[1] + 1)
                t.view.start_flash(FLASH_GREEN, o[1], -1, t.clock.ticks_add(t.now, 700))
            elif k == OUT_RESHUFFLE:
                t.note = "Deck reshuffled"
            elif k == OUT_SCORED:
                t.note = "Hole %d: P%d %d" % (o[2], o[1] + 1, o[3])
            elif k == OUT_DEAL:
                t.note = "Hole %d: P%d deals" % (o[1], o[2] + 1)
            elif k == OUT_PLAYOFF:
                t.note = "Playoff: " + " ".join(["P%d" % (s + 1) for s in o[1]])
        if t.game is not None:
            self.draw()

    def tick(self, now):
        """Nothing moves by itself."""

    def busy_until(self):
        """No animation keeps a bot waiting."""
        return None

    # ------------------------------------------------------------ decisions

    def enter(self):
        """The buttons for the decision now: a pile, or a slot (and what to do there)."""
        t = self.t
        d = t.d
        g = t.game
        seat = t.acting()
        t.view.active = seat
        if d.kind == DRAW_CARD:
            t.opts = [(DRAW, FROM_DECK), (DRAW, FROM_DISCARD)]
            t.sel = 0
        else:
            downs = g.face_down(seat)
            self.verb = FLIP if d.kind == TEE_OFF else REPLACE
            self.slot = downs[0] if downs and d.kind == TEE_OFF else 0
            t.opts = g.choices(seat)
            self._choose()
        self._cursor()

    def _choose(self):
        t = self.t
        t.sel = -1
        t.choice = (SKIP,) if self.verb == SKIP else (self.verb, self.slot)

    def _cursor(self):
        t = self.t
        d = t.d
        if d.kind == DRAW_CARD:
            t.view.cursor = self._cell(self.deck_at if t.sel == 0 else self.discard_at)
        elif self.verb == SKIP:
            t.view.cursor = self._cell(self.drawn_at)
        else:
            t.view.cursor = self.slot_cell(t.acting(), self.slot)

    def bot(self, seat):
        """The choice of the bot at ``seat`` (``core/playnine/bot.SensibleBot``)."""
        g = self.t.game
        return bots.SensibleBot(bot_seed(g, seat)).choose(g, seat)

    def bot_at_once(self, choice):
        """A bot tees off at once (nobody sees which cards until they are turned)."""
        return self.t.d.kind == TEE_OFF

    def act(self, seat, choice):
        """A bot's choice, taken like a person's."""
        self.t.apply(choice, seat)

    # ------------------------------------------------------------ buttons

    def on_dir(self, d):
        """At the draw: deck or discard. Else: E/W along the row, NE/NW up, SE/SW down."""
        t = self.t
        if t.d.kind == DRAW_CARD:
            t.sel = step_index(t.sel, len(t.opts), d)
        else:
            if d == NE or d == NW:
                self.slot = self.slot % 4
            elif d == SE or d == SW:
                self.slot = self.slot % 4 + 4
            else:
                self.slot = self.slot // 4 * 4 + (self.slot + (-1 if d == W else 1)) % 4
            if self.verb == SKIP:
                self.verb = REPLACE
            self._choose()
        self._cursor()
        t.show_decision()

    def on_more(self):
        """Holding OK: what the drawn card does next (replace, discard and turn, skip);
        at the draw, the other pile."""
        t = self.t
        if t.d.kind == PLACE_CARD:
            verbs = [v for v in _VERBS if [c for c in t.opts if c[0] == v]]
            i = verbs.index(self.verb) if self.verb in verbs else -1
            self.verb = verbs[(i + 1) % len(verbs)]
            self._choose()
            self._cursor()
            t.show_decision()
        elif t.d.kind == DRAW_CARD:
            self.on_dir(NE)

    def on_ok(self):
        """Do the choice shown (the rules say why not, if they refuse it)."""
        t = self.t
        t.apply(t.selected(), t.acting())

    def on_back(self):
        """Back to replacing (or to the deck at the draw)."""
        t = self.t
        if t.d.kind == PLACE_CARD:
            self.verb = REPLACE
            self._choose()
        elif t.d.kind == DRAW_CARD:
            t.sel = 0
        self._cursor()

    def on_scan(self, seat, uid):
        """Play Nine is played with the buttons: a card laid is refused."""
        self.t.refuse("Play Nine uses no cards on the reader: the table deals")

    # ------------------------------------------------------------ the OLED

    def grid_lines(self, seat):
        """A seat's grid as two OLED lines: face-up values, ``?`` face down, ``=``
        after a card of a matching column."""
        g = self.t.game
        shown = g.shown(seat)
        matched = scoring.matched_columns(shown)
        rows = []
        for top in (0, 4):
            row = ""
            for slot in range(top, top + 4):
                card = shown[slot]
                row += ("%3s" % "?" if card is None else "%3d" % card) + (
                    "=" if slot % 4 in matched else " ")
            rows.append(row)
        return rows

    def show(self):
        """The decision on the OLED (16 x 8): whose turn, their grid, the piles, the
        hole's running score, what the buttons do now."""
        t = self.t
        g = t.game
        d = t.d
        seat = t.acting()
        score = "Score %d tot %d" % (g.shown_score(seat), g.totals[seat])
        count, index = 8, self.slot
        if d.kind == TEE_OFF:
            what = "Tee off: turn\n> %s" % slot_name(self.slot)
        elif d.kind == DRAW_CARD:
            what = "> Draw from deck" if t.sel == 0 else "> Take discard"
            if d.last:
                what += "\nLAST SHOT"
            count, index = 2, t.sel
        else:
            what = "Drew %d: %s" % (d.drawn, _VERB_TEXT[self.verb])
            if self.verb != SKIP:
                what += "\n> " + slot_name(self.slot)
            after = g.preview(t.selected(), seat)
            if after is not None:
                score = "Score %d -> %d" % (g.shown_score(seat), after)
        rows = self.grid_lines(seat)
        piles = "Disc %s deck %d" % (g.discard[-1] if g.discard else "-", len(g.deck))
        t.play_prompt.set("\n".join(("H%d %s" % (g.hole, t.label(seat)), rows[0], rows[1],
                                      piles, score, what)), d.kind, seat, count, index)
        return t.play_prompt.text

    def standings_line(self, row):
        """A line of the final standings: place, player, total strokes."""
        return "%d. P%d %d" % (row[0], row[1] + 1, row[2])
