# Game logs: seed + setup + inputs, compact bytes, replay to the same state.
# Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import CLUBS, SHOTS, club, make_course
from teebox.core import varint
from teebox.core.holes18 import bots, gamelog
from teebox.core.holes18.engine import Game, Setup
from teebox.core.hexgrid import E, NE
from teebox.core.holes18.protocol import MOVE, SELECT
from teebox import shipped

STARTER = shipped.load_builtin("starter")
ROWS = ["rrrrrrrrr", "rrrrrrrrr", "rTfffffGr", "rrrrrrrrr", "rrrrrrrrr"]
SMALL = make_course(ROWS, [(4, (1, 2), (7, 2))])


def _bot_game(mode="match", players=2, hands="draft", seed=11):
    g = Game(STARTER, CLUBS, SHOTS, Setup(players, mode, seed, hands))
    bots.play_game(g, [bots.SensibleBot(seed + i) for i in range(players)])
    return g


def test_a_whole_bot_game_replays_to_the_same_state_digest():
    """Game = seed + event log: replaying the inputs rebuilds the identical game."""
    g = _bot_game()
    data = gamelog.encode(gamelog.of(g))
    again = gamelog.replay(gamelog.decode(data), STARTER, CLUBS, SHOTS)
    assert again.over and again.state_digest() == g.state_digest()
    assert again.standings() == g.standings()


def test_the_same_seed_and_inputs_give_the_same_game_and_another_seed_does_not():
    a = Game(SMALL, CLUBS, SHOTS, Setup(2, "match", 5))
    b = Game(SMALL, CLUBS, SHOTS, Setup(2, "match", 5))
    c = Game(SMALL, CLUBS, SHOTS, Setup(2, "match", 6))
    assert a.state_digest() == b.state_digest() != c.state_digest()
    a.apply((SELECT, a.players[0].hand[0]), 0)
    assert a.state_digest() != b.state_digest()


def test_logs_are_compact():
    """A few bytes per input: one byte of verb and seat, then small arguments."""
    g = _bot_game("chaos", 3, "first-game", 4)
    data = gamelog.encode(gamelog.of(g))
    assert len(g.inputs) > 20
    assert len(data) <= 40 + 2 * len(g.inputs)


def test_every_setup_field_survives_the_round_trip():
    setup = Setup(3, "stableford", 2 ** 40 + 17, [[club("Driver")], ["2-iron-31"], [0, 1]],
                  [None, ("the-shark", "B"), ("swift", "A")], [1, None, 0])
    g = Game(SMALL, CLUBS, SHOTS, setup)
    g.apply((SELECT, club("Driver")), 0)
    log = gamelog.decode(gamelog.encode(gamelog.of(g)))
    s = log.setup
    assert (s.players, s.mode, s.seed) == (3, "stableford", 2 ** 40 + 17)
    assert s.hands == ((club("Driver"),), (club("2 Iron"),), (0, 1))
    assert s.golfers == (None, ("the-shark", "B"), ("swift", "A")) and s.teams == (1, None, 0)
    assert log.inputs == [(0, (SELECT, club("Driver")))]
    assert log.course_hash == SMALL.hash


def test_one_input_encodes_to_the_bytes_the_log_ends_with():
    """A journal appends each input as it happens; the bytes match the whole log's."""
    g = Game(SMALL, CLUBS, SHOTS, Setup(1, "stroke", 1))
    g.apply((SELECT, g.players[0].hand[0]))
    g.apply((MOVE, NE))
    data = gamelog.encode(gamelog.of(g))
    tail = gamelog.encode_input(*g.inputs[0]) + gamelog.encode_input(*g.inputs[1])
    assert data.endswith(tail) and len(gamelog.encode_input(0, (MOVE, NE))) == 2


def test_replay_refuses_another_course_or_other_cards():
    log = gamelog.of(Game(SMALL, CLUBS, SHOTS, Setup(2, "match", 1)))
    assert "played on course" in str(raises(ValueError, gamelog.replay, log, STARTER, CLUBS,
                                            SHOTS))
    other = CLUBS[:-1]
    assert "other card data" in str(raises(ValueError, gamelog.replay, log, SMALL, other,
                                           SHOTS))


def test_replay_names_an_illegal_input():
    log = gamelog.of(Game(SMALL, CLUBS, SHOTS, Setup(1, "stroke", 1)))
    log.inputs.append((0, (MOVE, E)))
    err = raises(ValueError, gamelog.replay, log, SMALL, CLUBS, SHOTS)
    assert "input 0" in str(err) and "not a choice now" in str(err)


def test_decode_says_what_is_wrong_with_bad_bytes():
    data = gamelog.encode(gamelog.of(Game(SMALL, CLUBS, SHOTS, Setup(2, "match", 1))))
    assert "not a Teebox game log" in str(raises(ValueError, gamelog.decode, b"XXXX" + data[4:]))
    assert "truncated" in str(raises(ValueError, gamelog.decode, data[:10]))
    bad = data[:4] + b"\x09" + data[5:]
    assert "version 9" in str(raises(ValueError, gamelog.decode, bad))
    assert "unknown verb 31" in str(raises(ValueError, gamelog.decode, data + bytes((31 << 3,))))
    assert "ends inside a number" in str(raises(ValueError, gamelog.decode, data + b"\x10\x80"))


def test_varints_round_trip_small_large_and_negative_numbers():
    values = [0, 1, -1, 63, -64, 64, 300, -300, 2 ** 40, -(2 ** 35)]
    data = varint.pack(values)
    assert len(varint.pack([5])) == 1
    pos = 0
    out = []
    for _ in values:
        v, pos = varint.get(data, pos)
        out.append(v)
    assert out == values and pos == len(data)


def test_the_games_inputs_are_kept_as_log_bytes_and_read_back_like_a_list():
    # About 2 bytes an input instead of a tuple each: the board's heap is small.
    from teebox.core.holes18.inputlog import InputLog
    from teebox.core.holes18.protocol import VERB_ARITY
    log = InputLog()
    args = (5, 300, -1, 2)
    items = [(v % 3, (v,) + args[:VERB_ARITY[v]]) for v in range(1, len(VERB_ARITY))]
    for item in items:
        log.append(item)
    assert len(log) == len(items) and list(log) == items
    assert log[2] == items[2] and log[-1] == items[-1] and log[1:3] == items[1:3]
    assert len(log.data) <= 3 * len(items)
    assert log == items
    assert raises(IndexError, lambda: log[len(items)])
