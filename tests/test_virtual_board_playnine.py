"""End to end: Play Nine on the virtual board (the firmware's own table, its bots pressing
its buttons), synced with `teebox sync` (which replays each record before storing it)
and listed by `teebox scores` with Play Nine's columns."""

import re

from link_fakes import teebox
from test_scores_cmd import scores

from teebox.core.playnine import log as p9log
from teebox.core.wire import gamerecord
from teebox_host.scoredb import ScoreDB
from teebox_host.virtual_board import VirtualBoard

NAMES = ("Red", "Yellow", "White")


def test_a_play_nine_game_on_the_virtual_board_is_synced_verified_and_listed(tmp_path):
    with VirtualBoard() as vb:
        game = vb.play(players=3, seed=4, game="play-nine")
        # "Play continues for nine holes": the table's game, played to the end.
        assert vb.table.table.game_name == "play-nine"
        assert game.over and game.setup.holes == 9 and len(game.scores[0]) == 9
        db_path = tmp_path / "scores.db"
        result = teebox("sync", "--port", vb.port, "--db", db_path)
        assert result.exit_code == 0, result.output
        assert f"board {vb.board_id}: stored 1 game (1)." in result.output
    with ScoreDB(db_path) as db:
        stored = db.game(vb.board_id, 1)
    assert (stored.game, stored.mode, stored.course_name) == ("play-nine", "", "9 holes")
    assert p9log.decode(stored.log).inputs == game.inputs  # every choice the table took
    # The stored scores are those of a replay from scratch of the log, hole by hole.
    again, holes = gamerecord.replay("play-nine", stored.log)
    assert again.state_digest() == game.state_digest()
    assert [(n, par, tuple(sc)) for n, par, sc in stored.holes] == holes
    assert [tuple(s) for s in stored.standings] == list(game.standings())
    # teebox scores: the recent games name Play Nine and its layout; its leaderboard
    # counts points, fewest first ("the player with the lowest total score wins").
    shown = scores("--db", db_path)
    assert shown.exit_code == 0, shown.output
    row = [ln for ln in shown.output.splitlines() if "9 holes" in ln][0]
    assert "Play Nine" in row
    place, seat, total, _t = game.standings()[0]
    assert "1. %s %d" % (NAMES[seat], total) in row
    shown = scores("--db", db_path, "leaderboard", "--game", "play-nine")
    assert shown.exit_code == 0, shown.output
    assert "9 holes" in shown.output and "Play Nine, fewest points win" in shown.output
    # Its columns: points and playoff wins, no par to compare them with.
    assert re.search(r"┃ # ┃ Player ┃ Points ┃ Playoff wins ┃", shown.output), shown.output
    assert "To par" not in shown.output
    for place, seat, total, _t in game.standings():
        assert re.search(r"│ %d +│ %s +│ %d " % (place, NAMES[seat], total), shown.output)


def test_an_unknown_game_for_the_virtual_board_is_named():
    result = teebox("board", "--virtual", "--game", "golf")
    assert result.exit_code == 1
    assert "--game golf: unknown game 'golf' (Teebox plays: 18-holes, play-nine, domino-golf)" in (
        result.output)
