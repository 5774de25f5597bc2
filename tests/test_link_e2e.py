"""End to end: games played on a virtual board, synced over a pseudo-terminal with the
`teebox` commands, checked in the score history. Both virtual boards: the firmware in a
thread of this process, and the firmware inside MicroPython (WebAssembly).
"""

import os
import re
import signal
import sys
import time

import pytest

from link_fakes import (  # noqa: F401 (board is a fixture)
    CLUBS, SHOTS, TEEBOX, board, read_line, started, teebox)

from teebox.core import games
from teebox.core.wire import commands
from teebox import shipped
from teebox.core.holes18 import gamelog
from teebox_host import link as link_mod
from teebox_host.link import Link, LineError
from teebox_host.scoredb import ScoreDB
from teebox_host.virtual_board import VirtualBoard



def _engine_scores(stored):
    """What the rules engine makes of a stored game's log, replayed here from scratch:
    ``(per-hole scores per seat, standings)``."""
    from teebox.core.wire import gamerecord
    course = shipped.load_builtin("starter")
    game, holes = gamerecord.replay(stored.game, stored.log,
                                    {"courses": lambda h: course, "clubs": CLUBS,
                                     "shots": SHOTS})
    return [(n, par, list(scores)) for n, par, scores in holes], list(game.standings())


def test_a_game_played_on_the_board_lands_in_the_score_history(board, tmp_path):
    # Bots play through the table's buttons and card reader; the firmware's own journal
    # shelves the game; sync fetches it over the pty.
    game = board.play("stroke", 3, seed=7)
    assert game.over
    db_path = tmp_path / "scores.db"
    result = teebox("sync", "--port", board.port, "--db", db_path)
    assert result.exit_code == 0, result.output
    assert f"board {board.board_id}: stored 1 game (1)." in result.output
    with ScoreDB(db_path) as db:
        stored = db.game(board.board_id, 1)
    assert stored.mode == "stroke" and stored.course_name == "Starter Course"
    assert stored.course_hash == game.course.hash_hex()
    # The table names each seat by its colour.
    assert stored.players == [(0, "Red", "red"), (1, "Yellow", "yellow"), (2, "White", "white")]
    assert gamelog.decode(stored.log).inputs == game.inputs  # every choice the table took
    # The scores are the engine's: the table's own game, and a replay from scratch.
    assert [tuple(s) for s in stored.standings] == list(game.standings())
    for seat in range(3):
        assert sum(h[2][seat] for h in stored.holes) == game.players[seat].score
    holes, standings = _engine_scores(stored)
    assert [list(h) for h in stored.holes] == [list(h) for h in holes]
    assert [tuple(s) for s in stored.standings] == standings
    assert stored.finished_at == 0  # played before any sync set the board's clock
    # The board let the game go; the next game carries the time the sync set.
    board.play("match", 2, seed=8)
    result = teebox("sync", "--port", board.port, "--db", db_path)
    assert "stored 1 game (2)." in result.output
    with ScoreDB(db_path) as db:
        assert abs(db.game(board.board_id, 2).finished_at - time.time()) < 60


def test_syncing_again_stores_nothing_new_and_acks_are_idempotent(board, tmp_path):
    board.play("stableford", 2, seed=3)
    db_path = tmp_path / "scores.db"
    assert teebox("sync", "--port", board.port, "--db", db_path).exit_code == 0
    result = teebox("sync", "--port", board.port, "--db", db_path)
    assert result.exit_code == 0
    assert f"board {board.board_id}: no finished games waiting." in result.output
    with ScoreDB(db_path) as db:
        assert db.count_games() == 1
    with Link(board.port) as link:
        assert link.ack_game(1) is False  # acknowledged already: nothing happens


def test_a_game_played_on_the_micropython_board_lands_in_the_score_history(tmp_path):
    # The same firmware inside MicroPython: bots play three games through its table.
    db_path = tmp_path / "scores.db"
    heard = []
    with VirtualBoard(micropython=True, games=3, progress=heard.append) as vb:
        # It said how its (long) start went, as it went.
        assert heard == ["loading the MicroPython runtime (WebAssembly) and the firmware ...",
                         "bots finished game 1 of 3", "bots finished game 2 of 3",
                         "bots finished game 3 of 3"]
        result = teebox("board", "status", "--port", vb.port)
        assert result.exit_code == 0, result.output
        assert vb.board_id in result.output
        assert re.search(r"Games waiting to sync\s*│\s*3", result.output)
        result = teebox("sync", "--port", vb.port, "--db", db_path)
        assert result.exit_code == 0, result.output
        assert "stored 3 games (1, 2, 3)." in result.output
        result = teebox("sync", "--port", vb.port, "--db", db_path)
        assert "no finished games waiting" in result.output
    with ScoreDB(db_path) as db:
        assert db.count_games() == 3
        stored = [db.game(vb.board_id, n) for n in (1, 2, 3)]
    assert [g.mode for g in stored] == ["stroke", "match", "stableford"]
    for g in stored:
        # MicroPython's engine on the board and CPython's engine here agree on every score.
        holes, standings = _engine_scores(g)
        assert [list(h) for h in g.holes] == [list(h) for h in holes]
        assert [tuple(s) for s in g.standings] == standings


def test_board_status_shows_the_game_in_progress(board):
    board.play("chaos", 3, seed=2)
    board.play("match", 4, seed=9, course_name="nine", inputs=0)  # set up, nothing played
    result = teebox("board", "status", "--port", board.port)
    assert result.exit_code == 0, result.output
    out = result.output
    assert re.search(r"Games waiting to sync\s*│\s*1", out)
    assert "game 2: match, 4 players, hole 1, round 1, 0 choices" in out


def test_teebox_board_virtual_prints_a_port_that_sync_reaches(tmp_path):
    with started(TEEBOX + ["board", "--virtual", "--games", "2"]) as proc:
        line = read_line(proc)
        port = re.search(r" on (\S+) with 2 finished games", line).group(1)
        result = teebox("sync", "--port", port, "--db", tmp_path / "s.db")
        assert result.exit_code == 0, result.output
        assert "stored 2 games (1, 2)." in result.output
        # While it started, stderr said how far it was.
        assert [read_line(proc, stream=proc.stderr) for _ in range(3)] == [
            "starting a CPython virtual board; its bots play 2 games first ...\n",
            "  bots finished game 1 of 2\n", "  bots finished game 2 of 2\n"]
    assert proc.returncode == 0  # Ctrl-C stopped it cleanly


def test_a_process_a_test_starts_is_ended_even_when_ctrl_c_does_not_reach_it():
    deaf = "import signal, time; signal.signal(signal.SIGINT, signal.SIG_IGN); " \
           "print('up', flush=True); time.sleep(600)"
    with started([sys.executable, "-c", deaf], grace=0.5) as proc:
        assert read_line(proc) == "up\n"
    assert proc.returncode == -signal.SIGKILL  # killed after the grace time, not left running


def test_every_process_a_test_runs_is_killed_after_a_timeout():
    # A process left waiting (a board that never answers, a deaf Ctrl-C) must not outlive
    # its test: subprocess.run gets a timeout (it kills the process then), and a Popen is
    # made only by link_fakes.started, which kills after a grace time.
    import ast
    from pathlib import Path
    here = Path(__file__).parent
    missing = []
    for path in sorted(here.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            name = node.func.attr
            where = "%s:%d" % (path.relative_to(here), node.lineno)
            if name in ("run", "check_output", "check_call", "call") and \
                    getattr(node.func.value, "id", "") == "subprocess" and \
                    "timeout" not in [k.arg for k in node.keywords]:
                missing.append(where)
            elif name == "Popen" and path.name != "link_fakes.py":
                missing.append(where)
    assert missing == []


def test_another_protocol_version_is_refused_with_what_to_do(board, tmp_path, monkeypatch):
    board.play("stroke", 2, seed=1)
    monkeypatch.setattr(link_mod, "PROTOCOL_VERSION", 2)
    result = teebox("sync", "--port", board.port, "--db", tmp_path / "s.db")
    assert result.exit_code == 1
    assert (f"the board on {board.port} speaks link protocol version 1, this teebox speaks "
            "version 2: update the board's firmware with `teebox deploy`") in result.output
    with Link(board.port) as link:
        info = link.hello(check=False)
    assert info.games_waiting == 1 and info.clock == 0  # nothing was touched


def test_sync_asks_for_the_list_behind_hello_and_sets_the_clock_once_versions_agree(
        board, tmp_path):
    # HELLO and LIST_GAMES leave together (no round trip between them); SET_CLOCK, which
    # changes the board, only once HELLO's reply has said the board speaks our version.
    import serial
    from teebox.core.wire import framing
    from teebox_host.sync_cmd import sync_games
    board.play("stroke", 2, seed=1)
    seen = []

    class Watched(serial.Serial):
        decoder = framing.FrameDecoder()

        def write(self, data):
            seen.extend(commands.COMMAND_NAMES[p[0]] for _, p in self.decoder.feed(data))
            return super().write(data)

        def read(self, size=1):
            data = super().read(size)
            if data and "reply" not in seen:
                seen.append("reply")
            return data

    with ScoreDB(tmp_path / "s.db") as db, Link(board.port, serial_factory=Watched) as link:
        report = sync_games(link, db)
    assert report.stored == [1]
    assert seen[:4] == ["HELLO", "LIST_GAMES", "reply", "SET_CLOCK"], seen
    with Link(board.port) as link:
        assert link.hello().clock > 0


def test_no_board_on_the_port_lists_the_ports_there(tmp_path):
    result = teebox("sync", "--port", tmp_path / "ttyNothing", "--db", tmp_path / "s.db")
    assert result.exit_code == 1
    assert f"no board on {tmp_path / 'ttyNothing'}" in result.output
    assert "Serial ports here" in result.output or "No serial ports found" in result.output
    assert "--port" in result.output


def test_the_cable_pulled_mid_sync_keeps_the_game_on_the_board(board, tmp_path):
    board.play("stroke", 2, seed=1)
    board.play("stroke", 2, seed=2)
    from teebox_host.sync_cmd import sync_games
    with ScoreDB(tmp_path / "s.db") as db, Link(board.port, timeout=0.3, retries=2) as link:
        with pytest.raises(LineError) as err:
            sync_games(link, db, progress=lambda n, done, total: board.drop_line())
        assert f"lost the board on {board.port}" in str(err.value)
        # The first game was fetched, checked and stored; its ACK never arrived.
        assert db.count_games() == 1
    from teebox.app.shelf import Shelf
    assert Shelf(board.store).numbers() == [1, 2]  # so the board still has both


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_a_virtual_board_keeps_its_flash_in_a_folder(tmp_path):
    with VirtualBoard(store_dir=tmp_path / "flash") as vb:
        vb.play("stroke", 2, seed=4)
        first_id = vb.board_id
    with VirtualBoard(store_dir=tmp_path / "flash") as vb:
        assert vb.board_id == first_id
        with Link(vb.port) as link:
            assert link.hello().games_waiting == 1


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("killed, then", [("18-holes", None), ("play-nine", None),
                                          ("domino-golf", None), ("18-holes", "play-nine")])
def test_a_board_killed_mid_game_finishes_it_by_its_own_rules(tmp_path, killed, then):
    # The board was stopped while bots played a three-player game and started again with
    # bots for --games (`teebox board --virtual [--game ...] --store DIR`): the firmware
    # resumes it and its own game's bots finish it first, whatever its player count (the
    # first demo game seats two), then the bots play theirs.
    with VirtualBoard(store_dir=tmp_path / "flash") as vb:
        vb.play(None, 3, seed=2, inputs=12, game=killed)
    with VirtualBoard(store_dir=tmp_path / "flash", games=2, game=then) as vb:
        with Link(vb.port) as link:
            info = link.hello()
        assert info.games_waiting == 2 and info.game is None
    from teebox_host.sync_cmd import sync_games
    with VirtualBoard(store_dir=tmp_path / "flash") as vb, Link(vb.port) as link, \
            ScoreDB(tmp_path / "s.db") as db:
        assert sync_games(link, db).stored == [1, 2]
        first, second = db.game(vb.board_id, 1), db.game(vb.board_id, 2)
    assert (first.game, len(first.players)) == (killed, 3)  # the resumed game, finished
    assert first.mode == games.default_mode(killed)
    assert second.game == (then or "18-holes")


def test_a_scoreboard_follows_the_game_live(board):
    from teebox.core.wire.events import EV_GAME_OVER, EV_SCORED, EV_STARTED
    with Link(board.port) as link:
        link.hello()
        link.events_on()
        board.play("stableford", 2, seed=6)
        events = []
        while True:
            ev = link.next_event(timeout=1.0)
            if ev is None:
                break
            assert ev[0] == commands.EVENT
            events.append(ev[3])
        link.events_on(False)
        board.play("stableford", 2, seed=7)
        assert link.next_event(timeout=0.3) is None
    assert events[0] == EV_STARTED and events[-1] == EV_GAME_OVER
    assert events.count(EV_SCORED) == 2 * 5  # two players, five holes


def test_the_repl_command_gives_the_line_back(board):
    with Link(board.port, timeout=0.2, retries=2) as link:
        link.hello()
        link.to_repl()
        with pytest.raises(LineError) as err:
            link.hello()
    assert "no answer from the board" in str(err.value)
    assert not board.server.running
    # Status deletes nothing, so it has nothing to say about deleting.
    result = teebox("board", "status", "--port", board.port)
    assert result.exit_code == 1 and "no answer from the board" in result.output
    assert "deleted" not in result.output


class _Port:
    def __init__(self, device, vid, description, pid=0x0005):
        self.device = device
        self.vid = vid
        self.pid = pid
        self.description = description


def test_without_a_port_the_one_board_on_usb_is_used_or_the_choice_explained(monkeypatch):
    import serial.tools.list_ports as list_ports
    from teebox_host.link import NoBoard, find_port
    monkeypatch.setattr(list_ports, "comports", lambda: [])
    with pytest.raises(NoBoard) as err:
        find_port()
    assert str(err.value) == ("no MicroPython board found on USB. No serial ports found here: "
                              "plug the board in by USB. Give the port with --port.")
    pico = _Port("/dev/ttyACM0", 0x2E8A, "Board in FS mode")
    other = _Port("/dev/ttyUSB0", 0x0403, "FT232R")
    monkeypatch.setattr(list_ports, "comports", lambda: [other, pico])
    assert find_port() == "/dev/ttyACM0"
    monkeypatch.setattr(list_ports, "comports",
                        lambda: [pico, _Port("/dev/ttyACM1", 0x2E8A, "Board in FS mode")])
    with pytest.raises(NoBoard) as err:
        find_port()
    assert "2 boards found (/dev/ttyACM0, /dev/ttyACM1): say which with --port." in str(err.value)
    # As mpremote's "connect auto": any USB serial port may be a MicroPython board (an
    # ESP32 behind an FTDI adapter), so the one there is used; a port without USB ids is not.
    monkeypatch.setattr(list_ports, "comports", lambda: [other])
    assert find_port() == "/dev/ttyUSB0"
    monkeypatch.setattr(list_ports, "comports", lambda: [_Port("/dev/ttyS0", None, "n/a", None)])
    result = teebox("board", "status")
    assert result.exit_code == 1
    assert "no MicroPython board found on USB. Serial ports here: /dev/ttyS0." in result.output


def test_a_game_finished_after_a_power_cut_is_stamped_not_before_the_last_known_time(
        board, tmp_path):
    db_path = tmp_path / "scores.db"
    teebox("sync", "--port", board.port, "--db", db_path)  # sets the board's clock
    synced = time.time()
    board.power_cycle()  # the board has no battery clock: it forgets the time ...
    board.play("stroke", 2, seed=4)
    result = teebox("sync", "--port", board.port, "--db", db_path)
    assert result.exit_code == 0, result.output
    # ... but remembered the last time it was told, so the game finished after that.
    m = re.search(r"game 1: finished after (\S+ \S+) \(the board was switched off since its "
                  r"clock was last set\)", result.output)
    assert m, result.output
    from datetime import datetime
    shown = datetime.strptime(m.group(1), "%Y-%m-%d %H:%M").timestamp()
    assert synced - 60 <= shown <= synced + 3600
    with ScoreDB(db_path) as db:
        assert db.game(board.board_id, 1).finished_at == 0  # not passed off as exact
