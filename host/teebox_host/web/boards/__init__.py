"""How the web pages draw each game's board, found by the game's registry name
(``teebox.core.games``) and imported only when a page needs it.

A game played on a board of hexes names a module here with

* ``board(game)``: ``{"width", "height", "cells"}``, the board as its LEDs show it
  without players: one ``"#rrggbb"`` per cell, rows top to bottom;
* ``positions(game)``: the cell each seat stands on now (row-major, -1 for none);
* ``landings(game, outs)``: the cells where balls came down in the outputs of one
  choice (a course's heatmap counts them).

A game whose board changes as it goes (Domino Golf: each hole its own layout) returns
the board of the moment from ``board(game)`` (None: nothing new to draw, the last board
stays): a replay's steps carry it when it changes.

A game with no board (Play Nine's cards) has no entry: its stored games show their
score sheet without a board to step through.
"""

BOARDS = (
    ("18-holes", "teebox_host.web.boards.holes18"),
    ("domino-golf", "teebox_host.web.boards.dominogolf"),
)


def of(game):
    """The board module of game ``game`` (a registry name), or None if it has none."""
    for name, module in BOARDS:
        if name == game:
            return __import__(module, fromlist=["board"])
    return None


def colour(rgb, at=0):
    """``"#rrggbb"`` of the three bytes of ``rgb`` from ``at``."""
    return "#%02x%02x%02x" % (rgb[at], rgb[at + 1], rgb[at + 2])
