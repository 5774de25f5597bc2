"""18 Holes on the web pages: its course as the LEDs draw it, golfers and landings."""

from teebox import palette
from teebox.core import hexgrid
from teebox.core.holes18.protocol import OUT_FLIGHT, OUT_OF_BOUNDS
from teebox_host.web.boards import colour


def board(game):
    """The course's cells in their terrain colours (see ``boards``)."""
    crs = game.course
    return {"width": crs.width, "height": crs.height,
            "cells": [colour(palette.TERRAIN, 3 * kind) for kind in crs.cells()]}


def _cell(crs, q, r):
    col, row = hexgrid.to_offset(q, r)
    if 0 <= col < crs.width and 0 <= row < crs.height:
        return row * crs.width + col
    return -1


def positions(game):
    """Each golfer's cell (see ``boards``), then each automated opponent's (Solo Chaos
    Golf's, on the green it scores next, as the table's LEDs show it; -1 once its tokens
    are used)."""
    crs = game.course
    return [_cell(crs, p.q, p.r) for p in game.players] + [
        _cell(crs, at[0], at[1]) if at is not None else -1 for at in game.mode.markers(game)]


def landings(game, outs):
    """Where the balls of ``outs`` came down: each flight's landing hex (the last hex
    flown when it went out of bounds, and the golfer stayed put)."""
    cells = []
    for out in outs:
        if out[0] != OUT_FLIGHT:
            continue
        _k, _player, path, (q, r), outcome, _tree = out
        if outcome == OUT_OF_BOUNDS:
            if not path:
                continue
            q, r = path[-1]
        cell = _cell(game.course, q, r)
        if cell >= 0:
            cells.append(cell)
    return cells
