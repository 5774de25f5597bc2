"""End to end, for each game beside 18 Holes: the virtual board's bots play it (CPython
and MicroPython firmware), `teebox sync` replays each record before storing it, and the
stored games are the demo's in turn (two players, then three)."""

import re

import pytest
from link_fakes import TEEBOX, read_line, started, teebox

from teebox.core.wire import gamerecord
from teebox_host.scoredb import ScoreDB
from teebox_host.virtual_board import VirtualBoard

GAMES = [("play-nine", "Play Nine"), ("domino-golf", "Domino Golf")]


@pytest.mark.parametrize("game, title", GAMES)
def test_teebox_board_virtual_game_has_its_bots_play_that_game(tmp_path, game, title):
    with started(TEEBOX + ["board", "--virtual", "--game", game, "--games", "2"]) as proc:
        line = read_line(proc)
        port = re.search(r" on (\S+) with 2 finished games", line).group(1)
        assert read_line(proc, stream=proc.stderr) == (
            "starting a CPython virtual board; its bots play 2 games of %s first ...\n"
            % title)
        result = teebox("sync", "--port", port, "--db", tmp_path / "s.db")
        assert result.exit_code == 0, result.output
        assert "stored 2 games (1, 2)." in result.output
    with ScoreDB(tmp_path / "s.db") as db:
        stored = db.games()
    assert sorted((g.game, len(g.seats)) for g in stored) == [(game, 2), (game, 3)]


@pytest.mark.parametrize("game, _title", GAMES)
def test_the_micropython_board_plays_the_game_as_cpython_replays_it(tmp_path, game, _title):
    # The firmware inside MicroPython deals and plays; sync replays each record here
    # (CPython) before storing it: the two must agree on every hole.
    with VirtualBoard(micropython=True, games=2, game=game) as vb:
        result = teebox("sync", "--port", vb.port, "--db", tmp_path / "s.db")
        assert result.exit_code == 0, result.output
        assert "stored 2 games (1, 2)." in result.output
    with ScoreDB(tmp_path / "s.db") as db:
        stored = [db.game(vb.board_id, n) for n in (1, 2)]
    assert [(g.game, len(g.players)) for g in stored] == [(game, 2), (game, 3)]
    for g in stored:
        again, holes = gamerecord.replay(game, g.log)
        assert again.over and [(n, p, tuple(s)) for n, p, s in g.holes] == holes
