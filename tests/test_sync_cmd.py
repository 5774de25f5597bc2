"""`teebox sync` checks before it stores, and `teebox course push/pull/list --board`.

A record whose scores the replay does not confirm stays on the board and is
reported; a course the laptop lacks is fetched from the board to check a game;
a malformed course is refused and the board keeps the one it had.
"""

import re

import pytest
from link_fakes import POCKET, board, teebox  # noqa: F401 (board is a fixture)

from teebox.core.wire import gamerecord
from teebox.app.courses_store import CourseStore
from teebox.core.course import announced_hash
from teebox.core import course
from teebox.core.holes18 import gamelog
from teebox_host.link import BoardRefused, Link
from teebox_host.scoredb import GameResult, ScoreDB
from teebox_host.sync_cmd import colour_name, verify
from teebox import shipped





def shelve(board, number, game, **kw):
    """Put a hand-made record for ``game`` on the board's shelf."""
    with board.lock:
        board.recorder.shelf.put(number, gamerecord.encode(game, board.board_id, number, 0, **kw))


def true_holes(game):
    return gamerecord.replay("18-holes", gamelog.encode(gamelog.of(game)),
                             gamerecord.face("18-holes").data_of(game))[1]


def test_a_record_the_replay_does_not_confirm_stays_on_the_board(board, tmp_path):
    board.play("stroke", 2, seed=5)
    bad = board.play("stroke", 2, seed=6)
    holes = true_holes(bad)
    hole, par, scores = holes[1]
    holes[1] = (hole, par, (scores[0] + 4, scores[1]))
    shelve(board, 2, bad, holes=holes)
    db_path = tmp_path / "s.db"
    result = teebox("sync", "--port", board.port, "--db", db_path)
    assert result.exit_code == 1
    assert "stored 1 game (1)." in result.output
    assert f"board {board.board_id}, game 2: kept on the board, not stored:" in result.output
    assert (f"hole 2, player 1 (Red): the board says {scores[0] + 4}, the replay {scores[0]}"
            in result.output)
    with ScoreDB(db_path) as db:
        assert db.game(board.board_id, 1) is not None and db.game(board.board_id, 2) is None
    assert board.recorder.shelf.numbers() == [2]


def test_wrong_standings_and_a_short_log_are_caught(board, tmp_path):
    game = board.play("match", 2, seed=3)
    rec = gamerecord.decode(board.recorder.shelf.read(1))
    c = shipped.load_builtin("starter")
    fake = gamerecord.GameRecord()
    fake.__dict__.update(rec.__dict__)
    fake.standings = tuple((p, s, score + 1, h) for p, s, score, h in rec.standings)
    diffs = verify(fake, {"courses": lambda h: c, "clubs": game.clubs, "shots": game.shots})
    assert len(diffs) == 1 and diffs[0].startswith("standings: the board says")
    holes = true_holes(game)
    game.inputs = game.inputs[:-4]
    shelve(board, 1, game, holes=holes)
    result = teebox("sync", "--port", board.port, "--db", tmp_path / "s.db")
    assert result.exit_code == 1
    assert "the game log stops before the end of the game" in result.output
    assert board.recorder.shelf.numbers() == [1]


def test_a_game_on_a_course_only_the_board_has_is_checked_with_the_boards_copy(board, tmp_path):
    data = course.compile_source(POCKET)
    with Link(board.port) as link:
        link.hello()
        link.push_course("pocket", data)
    board.power_cycle()  # the table's start menu lists the courses it found at power-on
    board.play("stroke", 2, seed=9, course_name="pocket")
    result = teebox("sync", "--port", board.port, "--db", tmp_path / "s.db")
    assert result.exit_code == 0, result.output
    with ScoreDB(tmp_path / "s.db") as db:
        assert db.game(board.board_id, 1).course_name == "Pocket Links"


def test_a_game_whose_course_is_gone_everywhere_is_kept_with_advice(board, tmp_path):
    data = course.compile_source(POCKET)
    with Link(board.port) as link:
        link.hello()
        link.push_course("pocket", data)
        board.power_cycle()  # the table's start menu lists the courses it found at power-on
        board.play("stroke", 2, seed=9, course_name="pocket")
        assert link.delete_course("pocket") is True
    result = teebox("sync", "--port", board.port, "--db", tmp_path / "s.db")
    assert result.exit_code == 1
    assert (f"its course 'Pocket Links' ({announced_hash(data).hex()}) is neither built in here nor "
            "on the board: push that course to the board and sync again") in result.output
    assert board.recorder.shelf.numbers() == [1]


def test_a_game_number_stored_with_another_log_is_a_conflict_not_an_overwrite(board, tmp_path):
    board.play("stroke", 2, seed=1)
    db_path = tmp_path / "s.db"
    with ScoreDB(db_path) as db:
        db.add_game(GameResult(board.board_id, 1, 0, "stroke", "00" * 8, "Elsewhere", 1,
                               b"another log", [(0, "Red", "red")], [(1, 3, [4])],
                               [(1, 0, 4, 0)]))
    result = teebox("sync", "--port", board.port, "--db", db_path)
    assert result.exit_code == 1
    assert "is stored already with a different game log" in result.output
    assert board.recorder.shelf.numbers() == [1]


def test_course_push_list_and_pull_over_the_link(board, tmp_path):
    src = tmp_path / "pocket.course"
    src.write_text(POCKET)
    result = teebox("course", "push", src, "--port", board.port)
    assert result.exit_code == 0, result.output
    data = course.compile_source(POCKET)
    assert f"installed course 'pocket' on board {board.board_id}" in result.output
    assert announced_hash(data).hex() in result.output
    result = teebox("course", "push", "starter", "--name", "my-starter", "--port", board.port)
    assert result.exit_code == 0, result.output
    result = teebox("course", "list", "--board", "--port", board.port)
    assert result.exit_code == 0, result.output
    assert "pocket" in result.output and "Pocket Links" in result.output
    assert "my-starter" in result.output and "built-in" in result.output
    out = tmp_path / "back.tbc"
    result = teebox("course", "pull", "pocket", "-o", out, "--port", board.port)
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == data
    # A compiled file pushes as it is.
    result = teebox("course", "push", out, "--name", "again", "--port", board.port)
    assert result.exit_code == 0, result.output
    assert CourseStore(board.store).data("again") == data
    assert teebox("course", "list").output.strip() == "the built-in courses"


def test_a_malformed_course_is_refused_and_the_board_keeps_its_old_one(board, tmp_path):
    good = course.compile_source(POCKET)
    with Link(board.port) as link:
        link.hello()
        link.push_course("pocket", good)
        broken = bytearray(course.compile_source(POCKET.replace("Pocket", "Broken")))
        broken[50] ^= 0x01
        with pytest.raises(BoardRefused) as err:
            link.push_course("pocket", bytes(broken))
        assert "the board refused PUSH_COMMIT (course 'pocket'): course refused: course data " \
               "is corrupt" in str(err.value)
    assert CourseStore(board.store).data("pocket") == good
    bad_file = tmp_path / "bad.tbc"
    bad_file.write_bytes(bytes(broken))
    result = teebox("course", "push", bad_file, "--port", board.port)
    assert result.exit_code == 1 and "course data is corrupt" in result.output
    result = teebox("course", "pull", "nowhere", "--port", board.port)
    assert result.exit_code == 1 and "no course 'nowhere' on this board" in result.output


def test_deleting_a_built_in_course_says_why_it_cannot_be_done(board):
    result = teebox("course", "delete", "starter", "--port", board.port)
    assert result.exit_code == 1
    assert ("'starter' is a built-in course: it cannot be deleted, as it is part of the "
            f"firmware of board {board.board_id}; only courses pushed to the board can be") \
        in result.output
    assert "refused" not in result.output and "bad value" not in result.output
    # A course pushed over a built-in one goes, and the built-in one is back.
    assert teebox("course", "push", "nine", "--name", "starter", "--port",
                  board.port).exit_code == 0
    result = teebox("course", "delete", "starter", "--port", board.port)
    assert result.exit_code == 0, result.output
    assert (f"deleted course 'starter' from board {board.board_id}; the built-in course "
            "'starter' it stood in for is back") in result.output
    assert CourseStore(board.store).data("starter") == course.compile_source(
        shipped.builtin_source("starter"))


def test_course_pull_writes_where_o_says_or_says_why_it_cannot(board, tmp_path):
    folder = tmp_path / "courses"
    folder.mkdir()
    result = teebox("course", "pull", "starter", "-o", folder, "--port", board.port)
    assert result.exit_code == 0, result.output
    assert f"wrote {folder / 'starter.tbc'}: 'Starter Course'" in result.output
    assert (folder / "starter.tbc").read_bytes() == course.compile_source(
        shipped.builtin_source("starter"))
    missing = tmp_path / "nowhere" / "s.tbc"
    result = teebox("course", "pull", "starter", "-o", missing, "--port", board.port)
    assert result.exit_code == 1
    assert f"-o {missing}: there is no folder {missing.parent}: make it first" in result.output


def test_course_push_and_pull_count_in_words(board, tmp_path):
    # Counts in words (issue 15): "1 error", "1 hole".
    bad = tmp_path / "bad.course"
    bad.write_text(POCKET.replace("hole 2 par 3", "hole 2 par 9"))
    result = teebox("course", "push", bad, "--port", board.port)
    assert result.exit_code == 1
    assert f"{bad}: course refused (1 error): fix it and push again" in result.output
    one = tmp_path / "one.course"
    one.write_text(POCKET.replace("hole 2 par 3 tee 6,2 green 1,3\n", "").replace(
        "r r f f r r T f f r", "r r f f r r r f f r").replace("r G f f", "r r f f"))
    assert teebox("course", "push", one, "--port", board.port).exit_code == 0
    result = teebox("course", "pull", "one", "-o", tmp_path / "one.tbc", "--port", board.port)
    assert result.exit_code == 0, result.output
    assert f"wrote {tmp_path / 'one.tbc'}: 'Pocket Links', 1 hole, hash " in result.output


def test_seat_colours_are_named_as_the_table_names_them():
    assert colour_name((255, 0, 0)) == "red" and colour_name((120, 0, 255)) == "violet"
    assert colour_name((10, 11, 12)) == "#0a0b0c"


def test_a_bot_seat_is_stored_as_a_bot(board, tmp_path):
    game = board.play("match", 2, seed=4)
    shelve(board, 1, game, bots=(0, 1))  # the record the table writes when P2 is a bot
    db_path = tmp_path / "s.db"
    result = teebox("sync", "--port", board.port, "--db", db_path)
    assert result.exit_code == 0, result.output
    with ScoreDB(db_path) as db:
        assert db.game(board.board_id, 1).bots == [1]
        assert [s.bot for s in sorted(db.games()[0].seats, key=lambda s: s.seat)] == [False, True]
        assert db.players() == ["Red"]  # the bot, Yellow, is not a person


def _play_nine(seed=17, players=3):
    """A finished Play Nine game played by the core's bots."""
    from teebox.core import games
    play_nine = games.load("play-nine")
    game = play_nine.new(play_nine.Setup(players, seed, 9, True))
    play_nine.play_game(game, [play_nine.bot(seed + s) for s in range(players)])
    return game


def test_a_play_nine_game_is_verified_by_replay_stored_and_shown(board, tmp_path):
    from test_scores_cmd import scores
    good = _play_nine(17)
    shelve(board, 1, good, name="play-nine")
    bad = _play_nine(18)
    holes = gamerecord.replay("play-nine", gamerecord.face("play-nine").log(bad))[1]
    hole, par, sc = holes[3]
    holes[3] = (hole, par, (sc[0] - 5,) + sc[1:])
    shelve(board, 2, bad, name="play-nine", holes=holes)
    db_path = tmp_path / "s.db"
    result = teebox("sync", "--port", board.port, "--db", db_path)
    assert result.exit_code == 1
    assert "stored 1 game (1)." in result.output
    assert (f"hole 4, player 1 (Red): the board says {sc[0] - 5}, the replay {sc[0]}"
            in result.output)
    assert board.recorder.shelf.numbers() == [2]  # the one the replay refused stays
    with ScoreDB(db_path) as db:
        stored = db.game(board.board_id, 1)
        assert (stored.game, stored.mode, stored.course_name) == ("play-nine", "", "9 holes")
        assert stored.standings == [tuple(r) for r in good.standings()]
    shown = scores("--db", db_path, "leaderboard", "--game", "play-nine")
    assert shown.exit_code == 0, shown.output
    assert "9 holes" in shown.output and "Play Nine, fewest points win" in shown.output
    # The lowest total is first: "the player with the lowest total score wins".
    first = good.standings()[0]
    assert re.search(r"│ 1 +│ %s +│ %d " % (("Red", "Yellow", "White")[first[1]], first[2]),
                     shown.output), shown.output


def test_replay_of_a_play_nine_record_checks_it_and_prints_its_card(tmp_path):
    from test_demo_cli import invoke
    game = _play_nine(21)
    path = tmp_path / "g.tbgr"
    path.write_bytes(gamerecord.encode(game, "b0a7d", 4, 0, name="play-nine"))
    result = invoke("replay", path)
    assert result.exit_code == 0, result.output
    assert "Play Nine, 3 players, 9 holes, seed 21" in result.output
    assert "State digest " + game.state_digest() in result.output
    place, seat, total, _t = game.standings()[0]
    assert "1. %s: %d points" % (("Red", "Yellow", "White")[seat], total) in result.output
    # A record whose scores the replay does not confirm is refused, saying where.
    rec = gamerecord.decode(path.read_bytes())
    holes = [(h, p, (s[0] + 1,) + s[1:]) if h == 2 else (h, p, s) for h, p, s in rec.holes]
    path.write_bytes(gamerecord.encode(game, "b0a7d", 4, 0, holes=holes, name="play-nine"))
    result = invoke("replay", path)
    assert result.exit_code == 1
    assert "the record and the replay of its game log differ: hole 2, player 1" in result.output


def test_a_synced_game_keeps_each_players_golfer_card_and_side(tmp_path):
    # The record carries the game log, whose setup holds the golfer cards: the score
    # history stores them per player, and its leaderboards filter by them.
    from teebox.core.holes18 import bots, engine
    from teebox_host import replay_cmd, sync_cmd
    setup = engine.Setup(2, "stroke", 7, golfers=[("lucky", "A"), ("swift", "B")])
    game = engine.Game(shipped.load_builtin("starter"), shipped.load_default_clubs(),
                       shipped.load_default_shots(), setup)
    bots.play_game(game, [bots.SensibleBot(1), bots.SensibleBot(2)])
    rec = gamerecord.decode(gamerecord.encode(game, "5eed0001", 1, 1767225600))
    assert verify(rec, replay_cmd.replay_data()) == []
    result = sync_cmd.to_result(rec)
    assert result.golfers == [(0, "lucky", "A"), (1, "swift", "B")]
    with ScoreDB(tmp_path / "s.sqlite3") as store:
        store.add_game(result)
        assert store.game("5eed0001", 1).golfers == [(0, "lucky", "A"), (1, "swift", "B")]
        assert store.golfers() == ["lucky", "swift"]
        chash = result.course_hash
        assert [r.player for r in store.leaderboard(chash, "stroke", golfer="Swift")] == ["Yellow"]
