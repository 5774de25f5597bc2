# Saved game log files: the log in a container with its length and CRC, so a file cut
# short is refused, while a game saved on purpose before its end says so.
# Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import CLUBS, SHOTS, bare_v1_log
from teebox.core.holes18 import bots, gamelog
from teebox.core.holes18.engine import Game, Setup
from teebox import shipped

STARTER = shipped.load_builtin("starter")


def _log(inputs=None):
    g = Game(STARTER, CLUBS, SHOTS, Setup(2, "match", 5))
    bots.play_game(g, [bots.SensibleBot(5), bots.SensibleBot(6)])
    log = gamelog.of(g)
    if inputs is not None:
        log.inputs = log.inputs[:inputs]
    return log


def test_a_saved_file_loads_as_the_game_and_says_whether_it_is_whole():
    log = _log()
    back, kind, start = gamelog.load(gamelog.save(log, True))
    assert kind == gamelog.SAVED_WHOLE and start == gamelog.FILE_HEADER
    assert back.inputs == log.inputs and back.setup.seed == 5
    part = _log(30)
    back, kind, _start = gamelog.load(gamelog.save(part, False))
    assert kind == gamelog.SAVED_MIDGAME and len(back.inputs) == 30


def test_a_file_cut_anywhere_is_refused_as_cut_short():
    data = gamelog.save(_log(), True)
    for end in (3, 10, gamelog.FILE_HEADER, len(data) // 2, len(data) - 1):
        err = str(raises(ValueError, gamelog.load, data[:end]))
        assert "cut short" in err or "not a Teebox game log" in err, (end, err)
    err = str(raises(ValueError, gamelog.load, data[:len(data) - 1]))
    assert err == ("the file is cut short: it holds %d of the log's %d bytes (a copy that "
                   "stopped early?)" % (len(data) - 1 - gamelog.FILE_HEADER,
                                        len(data) - gamelog.FILE_HEADER))


def test_a_damaged_or_padded_file_is_refused():
    data = bytearray(gamelog.save(_log(), True))
    data[-3] ^= 0x10
    assert "fails its CRC-32 check" in str(raises(ValueError, gamelog.load, bytes(data)))
    padded = gamelog.save(_log(), True) + b"\x00\x00"
    assert "2 stray bytes follow the end of the log" in str(
        raises(ValueError, gamelog.load, padded))


def test_a_bare_version_1_log_from_an_older_teebox_still_loads():
    log = _log()
    old = bare_v1_log(log)
    assert len(old) > len(gamelog.encode(log))  # its inputs in their long forms
    back, kind, start = gamelog.load(old)
    assert kind == gamelog.SAVED_BARE and start == 0 and back.inputs == log.inputs


def test_the_commonest_choices_take_one_byte_in_the_log():
    # A shot's aim and the big hit's discard and keep: one byte with the seat, so that
    # a 5-player 18-hole game's record fits 2 KB (tools/bench/record_size.py).
    for seat, choice in ((4, (9, 5)), (0, (12, 1)), (2, (13, 0))):
        assert len(gamelog.encode_input(seat, choice)) == 1
    assert len(gamelog.encode_input(1, (9, 6))) == 2  # no such aim: the long form
    assert len(gamelog.encode_input(1, (2, 3))) == 2   # a club: the long form
    log = _log()
    assert gamelog.decode(gamelog.encode(log)).inputs == log.inputs
