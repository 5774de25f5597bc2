"""End to end: Domino Golf on the virtual board (the firmware's own table, its bots pressing
its buttons), synced with `teebox sync` (which replays each record before storing it),
listed by `teebox scores` with its par, replayed on the web pages hole by hole."""

import json
import re

from link_fakes import teebox
from starlette.testclient import TestClient
from test_scores_cmd import scores

from teebox import palette
from teebox.core import terrain
from teebox.core.dominogolf import log as dglog
from teebox.core.wire import gamerecord
from teebox_host.scoredb import ScoreDB
from teebox_host.virtual_board import VirtualBoard
from teebox_host.web.app import create_app

NAMES = ("Red", "Yellow", "White")


def test_a_domino_golf_game_on_the_virtual_board_is_synced_verified_and_listed(tmp_path):
    with VirtualBoard() as vb:
        game = vb.play(players=3, seed=4, game="domino-golf")
        # "After all 18 holes have been played, the lowest score wins."
        assert vb.table.table.game_name == "domino-golf"
        assert game.over and game.setup.holes == 18 and len(game.scores[0]) == 18
        db_path = tmp_path / "scores.db"
        result = teebox("sync", "--port", vb.port, "--db", db_path)
        assert result.exit_code == 0, result.output
        assert f"board {vb.board_id}: stored 1 game (1)." in result.output
    with ScoreDB(db_path) as db:
        stored = db.game(vb.board_id, 1)
    assert (stored.game, stored.mode, stored.course_name) == ("domino-golf", "", "18 holes")
    assert dglog.decode(stored.log).inputs == game.inputs  # every choice the table took
    # The stored scores are those of a replay from scratch of the log, hole by hole, each
    # with its par ("Par 3 ... Par 4 ... Par 5" by the green's lower number).
    again, holes = gamerecord.replay("domino-golf", stored.log)
    assert again.state_digest() == game.state_digest()
    assert [(n, par, tuple(sc)) for n, par, sc in stored.holes] == holes
    assert [par for _n, par, _sc in holes] == game.pars[:18]
    assert set(game.pars) <= {3, 4, 5}
    assert [tuple(s) for s in stored.standings] == list(game.standings())
    par = sum(game.pars[:18])
    # teebox scores: the recent games name Domino Golf; its leaderboard counts strokes,
    # fewest first, and says each against the par of the holes played.
    shown = scores("--db", db_path)
    assert shown.exit_code == 0, shown.output
    row = [ln for ln in shown.output.splitlines() if "18 holes" in ln][0]
    assert "Domino Golf" in row
    place, seat, total, _t = game.standings()[0]
    diff = total - par
    assert "1. %s %d (%s)" % (NAMES[seat], total, "E" if diff == 0 else "%+d" % diff) in row
    shown = scores("--db", db_path, "leaderboard", "--game", "domino-golf")
    assert shown.exit_code == 0, shown.output
    assert "Domino Golf, fewest strokes win" in shown.output
    assert re.search(r"┃ # ┃ Player ┃ Strokes ┃ To par ┃ Playoff wins ┃", shown.output), \
        shown.output
    for place, seat, total, _t in game.standings():
        diff = total - par
        assert re.search(r"│ %d +│ %s +│ %d +│ %s " % (
            place, NAMES[seat], total, re.escape("E" if diff == 0 else "%+d" % diff)),
            shown.output), shown.output
    # The web page of the game: its score sheet with the par of each hole, and a replay
    # whose board is laid anew for every hole.
    page = TestClient(create_app(db_path)).get("/game/%s/1" % vb.board_id)
    assert page.status_code == 200
    for hole, hpar, sc in holes:
        assert f"<td>{hole}</td><td>{hpar}</td>" + "".join(f"<td>{s}</td>" for s in sc) \
            in page.text
    frames = json.loads(re.search(r'<script type="application/json" id="frames">(.*?)'
                                  r'</script>', page.text, re.S).group(1))["frames"]
    laid = [f["cells"] for f in frames if "cells" in f]
    # (a hole as long as the one before, without water, looks the same on the LEDs)
    changes = len([1 for a, b in zip(game.pars, game.pars[1:]) if a != b])
    assert changes > 0 and len(laid) >= changes
    green = "#%02x%02x%02x" % tuple(palette.TERRAIN[3 * terrain.GREEN:3 * terrain.GREEN + 3])
    assert [cells.count(green) for cells in laid] == [2] * len(laid)  # one green a hole
    # At the end every ball still in play (a playoff's last players) is down in the hole.
    assert len(frames[-1]["golfers"]) == 1 and frames[-1]["caption"].endswith("game over")
    # The web page of its layout ("18 holes"): a leaderboard against par, and a heatmap of
    # where the balls came down on the holes' dominoes.
    course = TestClient(create_app(db_path)).get("/course/%s" % stored.course_hash)
    assert course.status_code == 200, course.text
    assert "Leaderboards" in course.text and "Domino Golf" in course.text
    assert "<th>To par</th>" in course.text
    for place, seat, total, _t in game.standings():
        diff = total - par
        assert re.search(r">%s</a></td><td>%d</td><td>%s</td>" % (
            NAMES[seat], total, re.escape("E" if diff == 0 else "%+d" % diff)), course.text)
    assert 'class="heat"' in course.text


