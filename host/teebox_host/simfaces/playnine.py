"""Play Nine in the simulator: whose turn it is and what they do now (the card drawn, the
discard pile's top), the hole's running score beside the scorecard of the holes
played (see ``simfaces/__init__.py``)."""

from teebox.core.playnine import cards
from teebox.core.playnine.protocol import DRAW_CARD, FROM_DECK, PLACE_CARD, TEE_OFF
from teebox_host.simfaces import GameFace, player_label

# What the buttons do at each decision (``app/presenters/playnine.py``).
_KEYS = {
    TEE_OFF: "Turn two cards face up: the directions pick one (NE/NW top row, SE/SW bottom "
             "row, E/W along it), OK turns it.",
    DRAW_CARD: "Draw from the deck, or take the discard (E/W choose), then OK.",
    PLACE_CARD: "The directions pick a card of the grid; l (hold OK): replace it, or discard "
                "the drawn card and turn it over (or skip, with one face down); OK does it.",
}


class Face(GameFace):
    """Play Nine's face: the game's own facts (its rules object)."""

    LEGEND = "1 2 players, left of their grids \u00b7 dim white: face down \u00b7 ? help"
    CARDS = False  # played with the buttons alone

    def title(self):
        """The hole in play, of how many."""
        g = self.game
        return " \u00b7 hole %d of %d" % (g.hole, g.setup.holes)

    def running(self):
        """Each seat's score on the hole in play as its face-up cards count now."""
        g = self.game
        return [g.shown_score(s) if g.grids[s] else 0 for s in range(g.setup.players)]

    def status(self, out, d):
        """Whose turn, what they drew or may take, the hole's score and the buttons."""
        t = self.sim.table
        g = self.game
        if d.kind == TEE_OFF:
            for i, s in enumerate(d.waiting):
                if i:
                    out.append(", ")
                out.append_text(player_label(t, s))
            out.append(" to tee off. ", style="bold")
        else:
            out.append_text(player_label(t, d.player))
            out.append("'s turn%s: " % (" (one last shot)" if d.last else ""), style="bold")
            if d.kind == DRAW_CARD:
                out.append("the discard pile shows %s; " % (
                    cards.name(g.discard[-1]) if g.discard else "nothing"))
            elif d.kind == PLACE_CARD:
                out.append("drew %s from the %s; " % (
                    cards.name(d.drawn), "deck" if d.source == FROM_DECK else "discard pile"),
                    style="bold")
            out.append("hole %d score so far %d, total %d. " % (
                g.hole, g.shown_score(d.player), g.totals[d.player]))
        out.append(_KEYS.get(d.kind, ""))
        if t.note:
            out.append("\nLast: " + t.note.replace("\n", " ") + ".", style="italic")

    def help_words(self):
        """The words of Play Nine, for the help screen."""
        return (("Grid", "your eight cards, two rows of four; face down until turned."),
                ("Matching column", "two equal face-up cards in a column count 0 (two "
                                    "Hole-in-Ones still count -5 each)."),
                ("Putting out", "turning your last card over: everyone else has one last "
                                "shot."),
                ("Score", "the lowest total after the holes wins."))
