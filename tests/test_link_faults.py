"""The link through a hostile line: garbage, damaged, truncated, lost, repeated and
reordered frames, and a line that dies mid-transfer. Neither end crashes, no game is
lost or stored twice, and the host says clearly what went wrong.
"""

import struct

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from link_fakes import (CLATTER, DROP, DUP, FLIP, GARBAGE, HOLD, TRUNCATE, FaultyBoard,
                        Faults, board_store)

from teebox.core.wire import commands, framing
from teebox.app.shelf import Shelf
from teebox_host.link import Link, LineError, LinkError
from teebox_host.scoredb import ScoreDB
from teebox_host.sync_cmd import sync_games

GAMES = 2
_STORE = board_store(GAMES)


def fresh_board(**faults):
    return FaultyBoard(_STORE.reboot(), **faults)


def link_to(board, retries=6):
    return Link("/dev/fake", timeout=0.03, retries=retries, serial_factory=board.serial)


def stored(db):
    return sorted(g.game_number for g in db.games())


def test_a_clean_line_syncs_every_game_once(tmp_path):
    board = fresh_board()
    with ScoreDB(tmp_path / "s.db") as db:
        report = sync_games(link_to(board), db)
        assert report.stored == [1, 2] and report.kept == []
        assert stored(db) == [1, 2] and board.shelf() == []


@pytest.mark.parametrize("direction", ["up", "down"])
@pytest.mark.parametrize("action", [FLIP, TRUNCATE, DROP, DUP, GARBAGE, CLATTER, HOLD])
def test_every_kind_of_damage_is_survived(tmp_path, direction, action):
    # Damage one frame in three, from the start, in one direction.
    plan = Faults({i: action for i in range(0, 60, 3)})
    board = fresh_board(**{direction: plan})
    link = link_to(board, retries=8)
    with ScoreDB(tmp_path / "s.db") as db:
        report = sync_games(link, db)
        assert sorted(report.stored + report.duplicates) == [1, 2]
        assert stored(db) == [1, 2] and board.shelf() == []
    if action in (FLIP, TRUNCATE, DROP, HOLD):
        assert link.resent > 0  # those cost a repeat; garbage and duplicates do not


def test_a_damaged_request_gets_a_notice_and_is_sent_again():
    board = fresh_board(up=Faults({0: FLIP}))
    link = link_to(board)
    assert link.hello().board_id == "f00dfeedc0ffee00"
    assert link.resent == 1 and board.server.bad_frames == 1


def test_a_line_that_only_damages_says_so_and_gives_up():
    board = fresh_board(down=Faults({i: FLIP for i in range(100)}))
    link = link_to(board, retries=3)
    with pytest.raises(LineError) as err:
        link.hello()
    msg = str(err.value)
    assert ("HELLO on /dev/fake: 3 replies from the board failed their CRC; gave up after 3 "
            "tries") in msg
    assert "try another cable or port" in msg
    assert "deleted" not in msg  # HELLO deletes nothing: nothing to say about it


def test_silence_says_what_to_check():
    board = fresh_board(down=Faults({i: DROP for i in range(100)}))
    with pytest.raises(LineError) as err:
        link_to(board, retries=2).hello()
    msg = str(err.value)
    assert "no answer from the board on /dev/fake to HELLO after 2 tries" in msg
    assert "Teebox firmware running" in msg


# A sync of two games writes: HELLO, SET_CLOCK, LIST_GAMES, FETCH_GAME of game 1 and of
# game 2 (asked for ahead: it comes down while game 1 is checked and stored), ACK_GAME
# of game 1, ACK_GAME of game 2. The line dies in the middle of each of those in turn;
# the games stored by then:
STORED_AFTER_CUT = ([], [], [], [], [], [1], [1, 2])


@pytest.mark.parametrize("frames", range(len(STORED_AFTER_CUT)))
def test_the_line_dropped_mid_transfer_loses_nothing(tmp_path, frames):
    first = fresh_board(cut_after=frames)
    with ScoreDB(tmp_path / "s.db") as db:
        with pytest.raises(LinkError) as err:
            sync_games(link_to(first), db)
        assert "lost the board on /dev/fake" in str(err.value)
        assert "plug it in again and repeat" in str(err.value)
        # ... and it ends with what happened to each game (six frames: one game done).
        if frames == 6:
            assert str(err.value).endswith(
                "So far: game 1 is stored in the score history and the board let it go; "
                "game 2 is stored in the score history; the board may have let it go "
                "already: the next sync finishes the job.")
        # Each game is on the board or stored (or both, when its ACK was cut).
        assert set(first.shelf()) | set(stored(db)) == {1, 2}
        assert stored(db) == STORED_AFTER_CUT[frames]
        # Plugged in again: the next sync takes the rest, each game stored once.
        again = FaultyBoard(first.store)
        waiting = again.shelf()
        report = sync_games(link_to(again), db)
        assert sorted(report.stored + report.duplicates) == waiting
        assert again.shelf() == [] and stored(db) == [1, 2]


@pytest.mark.parametrize("plan", [{}, {2: HOLD}, {3: DUP, 5: DROP}, {1: FLIP, 4: TRUNCATE}])
def test_requests_sent_ahead_each_get_their_own_reply_whatever_the_line_does(plan):
    # A sync sends every chunk's FETCH_GAME of a game (and of the next game, while this
    # one is checked) before reading a reply: the board answers them back to back. Held
    # back, repeated, lost or damaged replies still each land with their own request.
    board = fresh_board(down=Faults(plan))
    link = link_to(board)
    link.hello()
    link.info.max_data = 200  # a host may ask for smaller chunks: several a game here
    listed = link.list_games()
    assert all(size > 200 for _, size in listed)
    first = link.send_fetch(*listed[0])
    second = link.send_fetch(*listed[1])
    clock = link.send(commands.SET_CLOCK, struct.pack("<I", 1234))
    assert struct.unpack("<I", link.reply(clock))[0] == 1234  # taken first, out of order
    shelf = Shelf(board.store)
    assert link.fetch_game(2, sent=second) == shelf.read(2)
    assert link.fetch_game(1, sent=first) == shelf.read(1)
    if not plan:
        assert link.resent == 0  # replies that came early were kept, not asked for again


def test_a_lost_acknowledgement_only_means_the_next_sync_lets_the_board_forget(tmp_path):
    board = fresh_board()
    with ScoreDB(tmp_path / "s.db") as db:
        link = link_to(board)
        real_ack = link.ack_game

        def ack_lost(number):
            raise LineError("the line failed during ACK_GAME")

        link.ack_game = ack_lost
        with pytest.raises(LineError):
            sync_games(link, db)
        assert stored(db) == [1] and board.shelf() == [1, 2]  # stored, not yet acknowledged
        link.ack_game = real_ack
        report = sync_games(link, db)
        assert report.duplicates == [1] and report.stored == [2]
        assert stored(db) == [1, 2] and board.shelf() == []


def test_a_reply_waiting_behind_noise_is_read_before_the_request_is_sent_again(tmp_path):
    # Noise that decodes as a damaged frame arrives just before every reply: each good
    # reply is already waiting, so nothing needs sending twice, even with one try only.
    board = fresh_board(down=Faults({i: CLATTER for i in range(60)}))
    link = link_to(board, retries=1)
    with ScoreDB(tmp_path / "s.db") as db:
        report = sync_games(link, db)
    assert report.stored == [1, 2] and board.shelf() == []
    assert link.resent == 0


def _ack_reply(board, number):
    """The index of the board's reply to ACK_GAME of game ``number`` in a clean sync."""
    replies = []
    real = board.board_end.write

    def spy(data):
        replies.append(bytes(data))
        real(data)

    board.board_end.write = spy
    with ScoreDB(":memory:") as db:
        sync_games(link_to(board), db)
    acks = [i for i, r in enumerate(replies)
            if framing.FrameDecoder().feed(r)[0][1][0] == commands.ACK_GAME | commands.REPLY]
    return acks[number - 1]


def test_a_sync_whose_acknowledgement_went_unanswered_says_what_really_happened(tmp_path):
    # The board carries out the ACK of game 1 (it deletes it), but its reply is lost
    # every time: the host must not claim that nothing was deleted.
    at = _ack_reply(fresh_board(), 1)
    board = fresh_board(down=Faults({i: DROP for i in range(at, at + 10)}))
    with ScoreDB(tmp_path / "s.db") as db:
        with pytest.raises(LinkError) as err:
            sync_games(link_to(board, retries=2), db)
        assert stored(db) == [1]
    assert board.shelf() == [2]  # the ACK was carried out
    msg = str(err.value)
    assert "nothing was deleted" not in msg.lower()
    assert ("game 1 is stored in the score history; the board may have let it go already: "
            "the next sync finishes the job") in msg
    assert "game 2 is still on the board" in msg


FAULT = st.sampled_from([FLIP, TRUNCATE, DROP, DUP, GARBAGE, CLATTER, HOLD])
PLANS = st.dictionaries(st.integers(0, 40), FAULT, max_size=8)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(up=PLANS, down=PLANS, cut=st.one_of(st.none(), st.integers(0, 12)))
def test_random_faults_never_lose_or_duplicate_a_game(tmp_path_factory, up, down, cut):
    board = fresh_board(up=Faults(up), down=Faults(down), cut_after=cut)
    path = tmp_path_factory.mktemp("db") / "s.db"
    with ScoreDB(path) as db:
        try:
            sync_games(link_to(board, retries=4), db)
        except LinkError as exc:
            assert "/dev/fake" in str(exc)  # a clear error, never a crash
        on_host = stored(db)
        on_board = board.shelf()
        assert set(on_host) | set(on_board) == {1, 2}  # nothing lost
        # Whatever happened, a sync on a good line finishes the job, storing each once.
        sync_games(link_to(FaultyBoard(board.store)), db)
        assert stored(db) == [1, 2] and board.shelf() == []


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.binary(max_size=64), st.sampled_from([
    framing.encode(struct.pack("<BHB", commands.HELLO, 1, 1)),
    framing.encode(struct.pack("<BHIIH", commands.FETCH_GAME, 2, 1, 0, 500)),
    framing.encode(struct.pack("<BHI", commands.ACK_GAME, 3, 9)),
    framing.encode(b"\x07\x04\x00" + b"\xff" * 9),
    framing.encode(bytes([0x55, 5, 0]))])), max_size=12))
def test_the_board_answers_any_byte_soup_without_crashing(chunks):
    board = fresh_board()
    for chunk in chunks:
        board.host_end.write(chunk)
        while board.server.poll():
            pass
    decoder = framing.FrameDecoder()
    for kind, payload in decoder.feed(board.host_end.read_available(1 << 20)):
        assert kind == framing.FRAME
        assert payload[0] in (commands.NOTICE,) or payload[0] & commands.REPLY
        if payload[0] == commands.NOTICE:
            assert payload[3] in (commands.BAD_CRC, commands.BAD_FRAME)
    assert board.server.running and board.shelf() == [1, 2]  # ACK of game 9 deleted nothing


def test_a_refusal_names_the_command_and_the_game():
    from teebox_host.link import BoardRefused
    link = link_to(fresh_board())
    link.hello()
    with pytest.raises(BoardRefused) as err:
        link.fetch_game(9)
    assert str(err.value) == ("the board refused FETCH_GAME (game 9): no game 9 waiting on "
                              "this board (waiting: 1 2) (unknown game)")


def test_a_request_the_board_keeps_failing_to_read_is_reported_as_such():
    board = fresh_board(up=Faults({i: FLIP for i in range(100)}))
    with pytest.raises(LineError) as err:
        link_to(board, retries=3).hello()
    msg = str(err.value)
    assert "HELLO on /dev/fake: the board could not read the request 3 times (frame refused: " \
        in msg
    assert "gave up after 3 tries" in msg and "try another cable or port" in msg


# `teebox course push` writes HELLO, PUSH_BEGIN, PUSH_CHUNK (these courses fit one chunk),
# then PUSH_COMMIT: the line dies halfway through the chunk, or through the commit.
@pytest.mark.parametrize("cut_after", [2, 3])
def test_the_line_dropped_mid_course_push_leaves_the_old_course(monkeypatch, cut_after):
    import serial
    from link_fakes import POCKET, teebox

    from teebox import shipped
    from teebox.app.courses_store import CourseStore
    from teebox.core import course
    old = course.compile_source(POCKET)
    first = fresh_board()
    first.courses.install("pocket", old)
    first.cut_after = cut_after
    monkeypatch.setattr(serial, "Serial", first.serial)
    result = teebox("course", "push", "championship", "--name", "pocket", "--port", "/dev/fake")
    assert result.exit_code == 1
    assert ("course 'pocket' not installed: lost the board on /dev/fake" in result.output
            and "plug it in again and repeat" in result.output)
    # Plugged in again (the board restarted too): the old course is whole and in use.
    again = FaultyBoard(first.store)
    assert CourseStore(again.store).data("pocket") == old
    monkeypatch.setattr(serial, "Serial", again.serial)
    result = teebox("course", "push", "championship", "--name", "pocket", "--port", "/dev/fake")
    assert result.exit_code == 0, result.output
    assert CourseStore(again.store).data("pocket") == course.compile_source(
        shipped.builtin_source("championship"))


def test_an_empty_course_chunk_is_an_error_not_an_endless_pull():
    # A board that answers PULL_COURSE with no data (a firmware bug) must not hang the host.
    link = link_to(fresh_board())
    link.request = lambda cmd, body=b"", what="": struct.pack("<II", 400, 0) + bytes(8)
    with pytest.raises(LineError) as err:
        link.pull_course("starter")
    assert "the board sent an empty chunk of course 'starter' at 0 of 400 bytes" \
        in str(err.value)
