"""Solo Chaos Golf from a board's game record to the score history: the record (whose
first inputs choose the deck) verifies by replaying its log, `teebox replay` of the record
prints the player's points, and the history keeps the mode's own column, the deck rank
beaten (0: the opponents were not out-scored), from the mode's facts alone: no
score-store code knows the mode."""

from typer.testing import CliRunner

from teebox import shipped
from teebox.core import games
from teebox.core.holes18.protocol import EXTRA, TOKEN_2, TOKEN_5
from teebox.core.wire import gamerecord
from teebox_host import replay_cmd, sync_cmd
from teebox_host.scoredb import ScoreDB
from teebox_host.scores_cmd import app

from history_kit import bot_record, replay_text

CHAOS = shipped.load_builtin("chaos")


def _record(seed, number):
    return bot_record(CHAOS, "solo-chaos", 1, seed, number, (seed,))


def test_a_solo_chaos_golf_record_verifies_by_replay_and_keeps_the_rank_beaten(tmp_path):
    """Rulebook (Solo Chaos Golf): "If you can win with a higher rank, congratulations!"
    The synced record replays to the same game (deck, opponents and all); the history's
    column for the mode is the deck rank beaten, the rank itself for a win, 0 for a loss."""
    found = replay_cmd.replay_data()
    results = []
    for seed in range(1, 9):
        game, data = _record(seed, seed)
        rec = gamerecord.decode(data)
        assert sync_cmd.verify(rec, found) == []
        assert rec.mode == "solo-chaos"
        again, _holes = games.load("18-holes").records.replay(rec.log, found)
        assert again.state_digest() == game.state_digest()
        assert again.inputs[0][1][0] == EXTRA  # the deck's rank, chosen first
        results.append((game, rec))
    ranks = [game.standings()[0][3] for game, _rec in results]
    assert CHAOS.solo_par in ranks and 0 in ranks  # won some, lost some
    path = tmp_path / "scores.sqlite3"
    with ScoreDB(path) as db:
        for _game, rec in results:
            assert db.add_game(sync_cmd.to_result(rec)) is True
    out = CliRunner().invoke(app, ["leaderboard", "--mode", "solo-chaos", "--db", str(path)],
                             env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    assert "Solo Chaos Golf" in out.output and "Rank beaten" in out.output
    assert "Points" in out.output
    csv = CliRunner().invoke(app, ["export", "--db", str(path)], env={"COLUMNS": "200"})
    assert csv.exit_code == 0, csv.output
    assert "rank_beaten" in csv.output.splitlines()[0]


def test_teebox_replay_of_a_solo_chaos_golf_record_prints_the_players_points(tmp_path):
    game, data = _record(2, 1)
    path = tmp_path / "solo.tbgr"
    text = replay_text(path, data)
    assert "Solo Chaos Golf, 1 player, Chaos Meadow" in text
    place, _seat, total, _rank = game.standings()[0]
    assert f"{place}. Ann: {total} points" in text
    assert "State digest " + game.state_digest() in text


def test_teebox_replay_of_a_solo_chaos_golf_record_shows_the_opponents_as_the_table_did(
        tmp_path):
    """Rulebook (Solo Chaos Golf): "Three opposing golfers score if you let them. You need
    to out-score them before they acquire six greens each." The replay of a synced record
    has a column for each opponent (the token it took on each green, its points) and
    places them among the player by their points, as the table's final card does."""
    game, data = _record(2, 1)
    text = replay_text(tmp_path / "solo.tbgr", data)
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]] or [
            c.strip() for c in line.split("┃")[1:-1]]
        if cells:
            rows[cells[0]] = cells[2:]
    assert rows["Hole"] == ["Ann", "AI 1", "AI 2", "AI 3"]
    others = game.mode.opponents(game)
    assert rows["Total"][1:] == [str(points) for _n, points, _t in others]
    took = {(k, hole): {TOKEN_5: "5", TOKEN_2: "2"}[kind]
            for k in range(3) for hole, kind in others[k][2]}
    assert took  # the opponents scored
    for hole in range(1, game.course.hole_count + 1):
        assert rows[str(hole)][1:] == [took.get((k, hole), "") for k in range(3)]
    everyone = [game.players[0].score] + [points for _n, points, _t in others]
    for name, points, _tokens in others:
        place = 1 + len([s for s in everyone if s > points])
        assert "%d. %s: %d points" % (place, name, points) in text
