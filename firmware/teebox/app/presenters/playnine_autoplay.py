"""Play Nine played through the table's buttons by a script (``app/script.Autoplayer``;
the face is listed in ``app/presenters/__init__.py``): which presses make the table
take a bot's choice (the buttons are those of ``app/presenters/playnine.py``), and
the demo games a virtual board's bots play. Host-side only: the board never imports
this module.
"""

from teebox.app.script import steps_to
from teebox.core.playnine.protocol import DISCARD, DRAW_CARD, REPLACE, SKIP

# The demo games bots play in turn (the virtual board's --games): Play Nine has one
# way to play (its mode is "").
DEMOS = (("", 2), ("", 3), ("", 4), ("", 5))
_VERBS = (REPLACE, DISCARD, SKIP)  # the order holding OK steps through them


def register(auto, flow):
    """Play Nine has no flow before the game: OK goes on."""
    return ["press OK"]


def _to_slot(cur, target):
    # NE goes to the top row, SE to the bottom one; E steps right along the row.
    out = []
    if cur // 4 != target // 4:
        out.append("press " + ("NE" if target < 4 else "SE"))
    return out + steps_to(cur % 4, target % 4, 4)


def lines(auto, table, seat, choice):
    """The presses that make ``table`` take ``choice`` for ``seat``: at the draw, E to the
    discard pile; with a card drawn (or teeing off), the directions to the slot, then
    holding OK to what the drawn card does; OK."""
    pr = table.presenter
    if table.d.kind == DRAW_CARD:
        return steps_to(table.sel, table.opts.index(choice), len(table.opts)) + ["press OK"]
    out = [] if choice[0] == SKIP else _to_slot(pr.slot, choice[1])
    if choice[0] in _VERBS:
        verbs = [v for v in _VERBS if [c for c in table.opts if c[0] == v]]
        cur = verbs.index(pr.verb) if pr.verb in verbs else -1
        out += ["hold OK"] * ((verbs.index(choice[0]) - cur) % len(verbs))
    return out + ["press OK"]
