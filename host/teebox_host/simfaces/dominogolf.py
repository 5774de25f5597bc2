"""Domino Golf in the simulator: whose shot it is, the domino aimed at and where the ball
lies, each player's strokes on the hole in play beside the scorecard of the holes
played with their par (see ``simfaces/__init__.py``). The golf bags stay secret here
too: the status never names a domino of a bag (the OLED shows it to its player only
while they peek). With a real set of tagged dominoes the card key (c) lays a domino on
the reader: the one a draw turned up, or one of the bag in the hand of the player to
shoot (the simulator keeps the set the players hold: the autoplay module's ``Box``)."""

from teebox.core.dominogolf import dominoes
from teebox.core.dominogolf.board import station_name
from teebox.core.dominogolf.protocol import (
    DRAW, DRAW_NAMES, FOR_GODS, KEEP, LIE_NAMES, RESULT_NAMES, SHOT, TAKE)
from teebox_host.simfaces import GameFace, player_label

# What the buttons do at each decision (``app/presenters/dominogolf/presenter.py``).
_KEYS = {
    SHOT: "OK peeks at the golf bag (the others look away); then E/W choose a domino, the "
          "gods of golf or a change of luck, OK plays it, BACK hides the bag.",
    TAKE: "E/W choose a domino of the bag turned face up, OK plays it.",
    KEEP: "E/W: keep the shot or take the mulligan, then OK.",
}
# The same with a real set: its dominoes are laid on the reader (c).
_REAL_KEYS = {
    SHOT: "c lays a domino of the bag in hand on the reader; or OK: the gods of golf (E/W: "
          "a change of luck at a player, then c lays the double shown).",
    TAKE: "c lays the domino taken from the bag face up; it is played at once.",
    DRAW: "c lays the domino drawn on the reader.",
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
        keys = _REAL_KEYS if g.real else _KEYS
        if d.kind == DRAW and d.draw < FOR_GODS:  # (a real set: the hole is laid out)
            out.append("Hole %d: turn the %s face up and lay it on the reader. " % (
                d.hole, DRAW_NAMES[d.draw]), style="bold")
            out.append(keys[DRAW])
            self._last(out)
            return
        out.append_text(player_label(t, d.player))
        aim = station_name(g.layout, d.station)
        out.append("'s shot at the %s %s (%d pips), from the %s, %d so far. " % (
            aim, dominoes.name(d.target), dominoes.pips(d.target), LIE_NAMES[d.lie],
            g.strokes[d.player]), style="bold")
        if d.kind == TAKE:
            out.append("Change of luck: player %d's bag is face up. " % (d.source + 1))
        elif d.kind == KEEP:
            out.append("The shot went %s. " % RESULT_NAMES[d.result])
        elif d.kind == DRAW:
            out.append("Draw a %s domino. " % DRAW_NAMES[d.draw])
        out.append(keys.get(d.kind, ""))
        self._last(out)

    def _last(self, out):
        t = self.sim.table
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
