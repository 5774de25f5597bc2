"""Domino Golf on the web pages: the hole in play as the table's LEDs draw it (each hole
its own board: ``core/dominogolf/board.HoleMap``), the balls where they lie and where
they came down."""

from teebox import palette
from teebox.core.course import BOARD_HEIGHT, BOARD_WIDTH
from teebox.core.dominogolf import shots
from teebox.core.dominogolf.protocol import OUT_SHOT
from teebox.core.dominogolf.board import HoleMap
from teebox_host.web.boards import colour


def _map(game):
    return HoleMap(BOARD_WIDTH, BOARD_HEIGHT, game.layout)


def board(game):
    """The hole in play's cells in their terrain colours (see ``boards``); None once the
    game is over (its last hole was cleared away)."""
    if not game.layout:
        return None
    return {"width": BOARD_WIDTH, "height": BOARD_HEIGHT,
            "cells": [colour(palette.TERRAIN, 3 * kind) for kind in _map(game).kinds()]}


def positions(game):
    """Each ball's cell (see ``boards``); -1 for a player out of the playoff."""
    hole = _map(game)
    return [hole.ball(game.station[s], game.lie[s]) if s in game.playing else -1
            for s in range(game.setup.players)]


def landings(game, outs):
    """Where the balls of ``outs`` came down: the fairway, rough, sand, tree or water of
    the domino reached, or the green (a shot at the green ends the hole, so ``game``
    may already be on the next one: every green lies in the same cells)."""
    hole = _map(game)
    cells = []
    for out in outs:
        if out[0] == OUT_SHOT:
            seat, res = out[1], out[4]
            at = len(game.layout) - 1 if shots.holed(res) else game.station[seat] - 1
            cells.append(hole.landing(at, res))
    return cells
