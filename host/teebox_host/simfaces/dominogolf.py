"""Domino Golf in the simulator: whose shot it is, the domino aimed at and where the ball
lies, each player's strokes on the hole in play beside the scorecard of the holes
played with their par (see ``simfaces/__init__.py``). The golf bags stay secret here
too: the status never names a domino of a bag (the OLED shows it to its player only
while they peek)."""

from teebox.core.dominogolf import dominoes
from teebox.core.dominogolf.board import station_name
from teebox.core.dominogolf.protocol import KEEP, LIE_NAMES, RESULT_NAMES, SHOT, TAKE
from teebox_host.simfaces import GameFace, player_label

# What the buttons do at each decision (``app/presenters/dominogolf/presenter.py``).
_KEYS = {
    SHOT: "OK peeks at the golf bag (the others look away); then E/W choose a domino, the "
          "gods of golf or a change of luck, OK plays it, BACK hides the bag.",
    TAKE: "E/W choose a domino of the bag turned face up, OK plays it.",
    KEEP: "E/W: keep the shot or take the mulligan, then OK.",
}


class Face(GameFace):
    """Domino Golf's face: the game's own facts (its rules object)."""

    LEGEND = ("1 2 players where their balls lie \u00b7 tee at the bottom, green at the top "
              "\u00b7 ? help")

    def title(self):
        """The hole in play, of how many, and its par."""
        g = self.game
        return " \u00b7 hole %d of %d, par %d" % (g.hole, g.setup.holes, g.par)

    def running(self):
        """Each seat's strokes on the hole in play so far."""
        g = self.game
        return [g.strokes[s] if s in g.playing else 0 for s in range(g.setup.players)]

    def status(self, out, d):
        """Whose shot, at which domino, from where; the buttons."""
        t = self.sim.table
        g = self.game
        out.append_text(player_label(t, d.player))
        aim = station_name(g.layout, d.station)
        out.append("'s shot at the %s %s (%d pips), from the %s, %d so far. " % (
            aim, dominoes.name(d.target), dominoes.pips(d.target), LIE_NAMES[d.lie],
            g.strokes[d.player]), style="bold")
        if d.kind == TAKE:
            out.append("Change of luck: player %d's bag is face up. " % (d.source + 1))
        elif d.kind == KEEP:
            out.append("The shot went %s. " % RESULT_NAMES[d.result])
        out.append(_KEYS.get(d.kind, ""))
        if t.note:
            out.append("\nLast: " + t.note.replace("\n", " ") + ".", style="italic")

    def help_words(self):
        """The words of Domino Golf, for the help screen."""
        return (("Golf bag", "your secret dominoes; a fairway shot from it draws another."),
                ("Gods of golf", "a random domino from the pool: once picked, it is played."),
                ("Fairway, rough", "a number of the domino aimed at matched: the higher, the "
                                   "lower."),
                ("Sand", "pips equal or fewer: the next shot is the gods of golf's."),
                ("Tree, water", "none of those: one stroke (water: two) to chip back out."),
                ("Score", "strokes against par; the lowest total wins."))
