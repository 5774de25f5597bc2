"""Domino Golf played through the table's buttons by a script (``app/script.Autoplayer``;
the face is listed in ``app/presenters/__init__.py``): which presses make the table
take a bot's choice (the buttons are those of ``presenter.py``), and the demo games a
virtual board's bots play. Host-side only: the board never imports this module.
"""

from teebox.app.script import steps_to
from teebox.core.dominogolf.protocol import SHOT

# The demo games bots play in turn (the virtual board's --games): Domino Golf has one
# way to play (its mode is "").
DEMOS = (("", 2), ("", 3), ("", 4), ("", 5))


def register(auto, flow):
    """Domino Golf has no flow before the game: OK goes on."""
    return ["press OK"]


def lines(auto, table, seat, choice):
    """The presses that make ``table`` take ``choice`` for ``seat``: at a shot, OK to
    peek at the bag (unless it is the gods of golf alone), the option, OK."""
    out = []
    sel = table.sel
    if table.d.kind == SHOT and sel < 0:
        out.append("press OK")
        sel = 0
    return out + steps_to(sel, table.opts.index(choice), len(table.opts)) + ["press OK"]
