"""`teebox board watch` and `teebox board repl` against the virtual board (the table's
firmware behind a pseudo-terminal)."""

import threading
import time

from link_fakes import board, teebox  # noqa: F401 (board is a fixture)

from teebox_host.link import Link


def _play_once_watched(board, **game):
    """Bots play a game on the board as soon as a scoreboard has switched events on."""
    done = {}

    def play():
        deadline = time.monotonic() + 10
        while not board.server.events_on and time.monotonic() < deadline:
            time.sleep(0.01)
        done["game"] = board.play(**game)
    t = threading.Thread(target=play, daemon=True)
    t.start()
    return t, done


def test_board_watch_follows_a_game_live_until_it_is_over(board):
    t, done = _play_once_watched(board, mode="stableford", players=2, seed=6)
    result = teebox("board", "watch", "--port", board.port)
    t.join(10)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"watching board {board.board_id} on {board.port} (Ctrl-C stops)"
    assert lines[1] == "no game in progress: waiting for one to start on the table"
    assert lines[2] == "game 1 started: Stableford, 2 players"
    game = done["game"]
    # The starter course has five holes: each golfer tees off on holes 2 to 5 ...
    for who in ("Red", "Yellow"):
        for hole in range(2, 6):
            assert f"{who} tees off on hole {hole}" in lines
    # ... scores on every hole, and the last line is the engine's final standings.
    assert sum(1 for ln in lines if " scores (stableford points), total " in ln) == 2 * 5
    assert lines[-1].startswith("game 1 over: 1. ")
    at = 0
    for place, seat, score, _hio in game.standings():
        at = lines[-1].index(f"{place}. {('Red', 'Yellow')[seat]} {score}", at)
    assert not board.server.events_on  # the scoreboard switched the stream off as it left


def test_board_watch_joining_a_game_in_progress_says_so(board):
    board.play("match", 3, seed=4, inputs=6)  # a game left in progress
    t, _done = _play_once_watched(board, mode="match", players=3, seed=4)
    result = teebox("board", "watch", "--port", board.port)
    t.join(10)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1] == "game 1 in progress: match, 3 players, hole 1; following it from here"
    assert lines[-1].startswith("game 1 over: 1. ")


def test_board_repl_hands_the_line_to_the_repl_and_says_how_to_connect(board):
    result = teebox("board", "repl", "--port", board.port)
    assert result.exit_code == 0, result.output
    assert f"board {board.board_id} on {board.port} gave the line back to the MicroPython REPL" \
        in result.output
    assert f"mpremote connect {board.port}" in result.output
    with board.lock:  # the board has finished the frame that answered
        assert not board.server.running


def test_board_test_runs_the_self_test_step_by_step_and_reports_what_it_found(board):
    result = teebox("board", "test", "--port", board.port, "--wait", "1", "--speed", "10")
    out = result.output
    lines = out.splitlines()
    assert lines[0] == f"self-test of board {board.board_id} on {board.port}: watch the table"
    # The steps in order, each with what to look at on the table, then the board's results.
    heads = [ln.split(":")[0] for ln in lines if not ln.startswith("  ")][1:]
    assert heads[:8] == ["corners", "colours", "walk", "display", "power", "reader", "buttons",
                         "done"]
    # (10 times faster: only the row ends lit as a frame went out are reported.)
    assert any(ln.startswith("  row ") and " end: LED " in ln for ln in lines)
    assert "  every LED red" in lines
    assert "  reader of seat 0: simulated" in lines or "  reader: simulated" in lines
    # Nobody laid a card or pressed a button on the virtual table: both are problems.
    assert "  PROBLEM: no card laid within 1 s: check the reader's wiring (SPI pins, CS, " \
           "RST, 3.3 V)" in lines
    assert any(ln.startswith("  PROBLEM: never pressed: E NE NW W SW SE OK BACK") for ln in lines)
    assert result.exit_code == 1
    assert "2 problems found: see above" in out
    with board.lock:
        assert not board.table.loop.selftest.running  # the table has its LEDs back


def test_board_test_without_waiting_finds_no_problem(board):
    result = teebox("board", "test", "--port", board.port, "--wait", "0", "--speed", "50")
    assert result.exit_code == 0, result.output
    assert "  skipped (no time to wait)" in result.output
    assert result.output.splitlines()[-1] == "no problems found"


def test_board_test_refuses_while_a_game_is_in_progress(board):
    board.play("match", 2, seed=4, inputs=6)  # a game left in progress
    result = teebox("board", "test", "--port", board.port)
    assert result.exit_code == 1
    assert "game 1 is in progress: finish or quit it on the table, then test" in result.output


def test_board_watch_says_what_each_game_s_scores_and_standings_count():
    # The game's records face words the lines: 18 Holes' standings count hole-in-ones,
    # Play Nine's how many tied players each beat in its sudden-death playoff ("Ties may
    # be decided by a sudden death playoff").
    from teebox_host.board_cmd import describe_event
    from teebox_host.link import Event
    from teebox.core.wire.events import EV_GAME_OVER, EV_SCORED, EV_STARTED
    started = Event(0, EV_STARTED, number=3, game="play-nine", mode="", players=3)
    assert describe_event(started) == "game 3 started: Play Nine, 3 players"
    scored = Event(0, EV_SCORED, seat=1, hole=2, score_kind=0, total=7)
    assert describe_event(scored, "play-nine") == "hole 2: Yellow scores (points), total 7"
    over = Event(0, EV_GAME_OVER, number=3, standings=((1, 2, 20, 1), (2, 0, 20, 0)))
    assert describe_event(over, "play-nine") == (
        "game 3 over: 1. White 20 (playoff wins: 1), 2. Red 20")
    assert describe_event(over, "18-holes", "stroke") == (
        "game 3 over: 1. White 20 (holes in one: 1), 2. Red 20")
    assert describe_event(over) == describe_event(over, "18-holes", "stroke")  # no mode known


def test_board_status_prints_what_the_board_says_as_plain_text(board):
    # Text from a board is data (issue 15, item 8): markup, terminal codes and a name
    # cut inside a character are printed as text, never run or a traceback.
    board.server.firmware = "teebox 1.0 [/bold] \x1b[2J\x1b]0;owned\x07"
    result = teebox("board", "status", "--port", board.port)
    assert result.exit_code == 0, result.output
    assert "teebox 1.0 [/bold] \ufffd[2J\ufffd]0;owned\ufffd" in result.output
    assert "\x1b" not in result.output
    board.server.firmware = "é" * 128   # 256 bytes: the board sends the first 255
    result = teebox("board", "status", "--port", board.port)
    assert result.exit_code == 0, result.output
    assert "éééé" in result.output  # (cut to the terminal: the end is below)
    with Link(board.port) as link:
        assert link.hello().firmware == "é" * 127 + "\ufffd"


def test_course_list_board_prints_course_names_as_written(board, tmp_path):
    # A course name may hold brackets: they are its text, not rich markup.
    from link_fakes import POCKET
    src = tmp_path / "pocket.course"
    src.write_text(POCKET.replace("Pocket Links", "Pocket [/] Links [bold]"))
    assert teebox("course", "push", src, "--port", board.port).exit_code == 0
    result = teebox("course", "list", "--board", "--port", board.port)
    assert result.exit_code == 0, result.output
    assert "Pocket [/] Links [bold]" in result.output
