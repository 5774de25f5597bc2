"""What the simulator (``teebox sim``) shows of the game on the table beside the board and
the OLED: the status line, the scorecard, the standings, the card box.

The simulator's shell (``sim_tui.py``, ``sim_cmd.py``) is the same for every game: it
finds the game's face here by the game's registry name (``teebox.core.games``) and
imports no game itself. :class:`GameFace` shows any game from the facts every game
gives (its rules object's standings and pending decision, its ``records`` face's score
sheet, progress and mode facts); a game may have a face of its own (``FACES``) that
shows more (18 Holes: the tokens won, where the ball flew; Play Nine: the card drawn,
the hole's running score; Domino Golf: the domino aimed at, the lie).

A face is made for one game: ``Face(sim, game, name)`` (``sim``: the simulated table,
``sim_cmd.SimTable``; ``game``: the table's rules object; ``name``: its registry name).
"""

from rich.color import Color
from rich.console import Group
from rich.style import Style
from rich.table import Table as RichTable
from rich.text import Text

from teebox import palette
from teebox.core import games
from teebox_host import render

FACES = (
    ("18-holes", "teebox_host.simfaces.holes18"),
    ("play-nine", "teebox_host.simfaces.playnine"),
    ("domino-golf", "teebox_host.simfaces.dominogolf"),
)


def face_class(name):
    """The face class of game ``name``: its own, else :class:`GameFace`."""
    for game_name, module in FACES:
        if game_name == name:
            return __import__(module, fromlist=["Face"]).Face
    return GameFace


def face_for(sim, game, name):
    """The face of game ``name`` for its rules object ``game`` on ``sim``."""
    return face_class(name)(sim, game, name)


def player_style(seat):
    """A seat's colour on the table (``palette.PLAYERS``) as a bold rich style."""
    return Style(color=Color.from_rgb(*palette.rgb(palette.PLAYERS, seat)), bold=True)


def player_label(table, seat):
    """A seat of the game on ``table`` named as the table names it, in its colour:
    ``P1 red`` (``P2 yellow*``: a bot); ``table`` None: ``P1 red``, bot or not."""
    name = table.label(seat) if table is not None else "P%d %s" % (
        seat + 1, palette.PLAYER_NAMES[seat])
    return Text(name, style=player_style(seat))


class GameFace:
    """Any game, from the facts every game gives (see the module docstring).
    ``WORDS``: ``((word, meaning), ...)``, the words of the game for the help screen;
    ``LEGEND``: what the board's cells mean, under it ("": a course's legend)."""

    WORDS: tuple = ()
    LEGEND = ""
    CARDS = True  # the game is played with club cards on the reader (the simulator's c key)

    def __init__(self, sim, game, name):
        self.sim = sim
        self.game = game
        self.name = name
        self.records = games.load(name).records
        self.facts = self.records.mode_facts(self.records.mode_of(game.setup))
        self._sheet = None   # (inputs, score sheet) of the last replay

    # ------------------------------------------------------------ following the game

    def follow(self):
        """Take in the choices the table made since the last call (a face that animates
        or tallies reads them here)."""

    def key(self):
        """What the scorecard and standings depend on: they are drawn again when it
        changes."""
        return (self.game, len(self.game.inputs))

    def sheet(self):
        """The score sheet so far, ``[(hole, par, (score of each seat, ...)), ...]``: the
        game's log replayed by its own ``records`` face (as ``teebox replay`` reads it)."""
        n = len(self.game.inputs)
        if self._sheet is None or self._sheet[0] != n:
            r = self.records
            self._sheet = (n, r.replay(r.log(self.game), r.data_of(self.game))[1])
        return self._sheet[1]

    # ------------------------------------------------------------ the panels

    def title(self):
        """What the board's title adds to the course name while the game is played."""
        return " \u00b7 hole %d" % self.records.progress(self.game)[0]

    def running(self):
        """Each seat's score on the hole in play so far, or None (the game scores a hole
        only once it is over)."""
        return None

    def status(self, out, d):
        """What the table waits for while playing (``d``: the decision pending), appended
        to the rich Text ``out``: whose turn it is and what just happened."""
        t = self.sim.table
        seats = [d.player] if d.player >= 0 else list(d.waiting)
        for i, s in enumerate(seats):
            if i:
                out.append(", ")
            out.append_text(player_label(t, s))
        out.append(" to play. ", style="bold")
        if t.note:
            out.append("Last: " + t.note.replace("\n", " ") + ".")

    def standings_rows(self):
        """``(heading, rows)`` of the standings now (the game's own)."""
        return ("Final: " if self.game.over else "Standings: "), self.game.standings()

    def extra(self, count):
        """A standings row's last number (``standings()``'s fourth), as words to add
        after the score; none by default."""
        return ""

    def standings_text(self):
        """The standings in a few short lines (the compact layout's side panel)."""
        head, rows = self.standings_rows()
        out = Text(head, style="bold")
        for place, seat, score, _extra in rows:
            out.append("\n%d. " % place)
            out.append_text(player_label(self.sim.table, seat))
            out.append(" " + render.amount(score, self.facts.unit))
        return out

    def scorecard(self):
        """A row per player, a column per hole scored (and the hole in play, when the game
        scores it as it goes), the totals, the standings and the legend."""
        g = self.game
        sheet = self.sheet()
        running = None if g.over else self.running()
        card = RichTable(box=None, padding=(0, 1), show_edge=False, header_style="bold")
        card.add_column("Hole")
        pars = any(par for _h, par, _s in sheet)
        for hole, _par, _s in sheet:
            card.add_column(str(hole), justify="center")
        if running is not None:
            card.add_column("%d now" % self.records.progress(g)[0], justify="center",
                            header_style="bold reverse")
        card.add_column("Total", justify="right")
        if pars:
            card.add_row("Par", *[str(par) for _h, par, _s in sheet],
                         *([""] if running is not None else []),
                         str(sum(par for _h, par, _s in sheet)), style="dim")
        totals = dict((row[1], row[2]) for row in g.standings())
        for seat in range(g.setup.players):
            cells = [str(s[seat]) for _h, _p, s in sheet]
            if running is not None:
                cells.append(Text(str(running[seat]), style="italic"))
            card.add_row(player_label(self.sim.table, seat), *cells,
                         Text(str(totals[seat]), style="bold"))
        legend = self.facts.legend + (
            "; now: the hole in play so far" if running is not None else "")
        parts = [card, Text(legend, style="dim"), self.places()]
        if g.over:
            parts.insert(0, Text("Final scorecard: %s" % self.describe(), style="bold"))
        return Group(*parts)

    def places(self):
        """``Standings: 1. P2 yellow 12 points   2. ...`` (``Final standings`` at the end)."""
        head, rows = self.standings_rows()
        out = Text("Final standings: " if self.game.over else head, style="bold")
        for i, (place, seat, score, count) in enumerate(rows):
            if i:
                out.append("   ")
            out.append("%d. " % place)
            out.append_text(player_label(self.sim.table, seat))
            out.append(" " + render.amount(score, self.facts.unit) + self.extra(count))
        return out

    def card_groups(self):
        """The club cards as the players hold them (the card box): none in hand."""
        return []

    # ------------------------------------------------------------ before the game

    @staticmethod
    def flow_status(out, flow):
        """What the flow the game asks for before it starts (the table's ``flow`` in its
        register phase) waits for, appended to the rich Text ``out``."""
        out.append("Before the game: the display says what to do; OK goes on.", style="bold")

    @staticmethod
    def flow_groups(flow):
        """The club cards as that flow holds them, for the card box (``[(seat, clubs,
        played), ...]``): none."""
        return []


    # ------------------------------------------------------------ printed (sim_cmd)

    def describe(self):
        """The game in a few words: ``Play Nine, 9 holes``."""
        return "%s, %s" % (self.facts.title, self.records.course(self.game)[1])

    def waiting(self):
        """What the game waits for, in words (the game is not over)."""
        d = self.game.pending()
        seats = [d.player] if d.player >= 0 else list(d.waiting)
        return "hole %d, waiting for %s" % (self.records.progress(self.game)[0], ", ".join(
            [self.sim.table.label(s) for s in seats]))

    def final(self):
        """The final scorecard (also of a game not over: so far), as printed."""
        return self.scorecard()
