# Finished-game records: layout, round trip, clear errors, the shelf of waiting games.
# Runs under CPython and inside MicroPython.
import struct
from binascii import crc32

from fwtest import raises
from link_kit import CLUBS, SHOTS, bot_list, builtin, each_input, new_game

from teebox.core.wire import gamerecord
from teebox.core.wire.gamerecord import RecordError
from teebox.app.shelf import Shelf, WallTime, board_id
from teebox.core import games, varint
from teebox.core.holes18 import gamelog
from teebox.hal.clock import SimClock
from teebox.hal.store import SimStore

PLAYERS = [("Ann", (255, 0, 0)), ("Bo", (0, 0, 255)), ("Cy", (9, 9, 9))]


def _finished(mode="stroke", players=3, seed=4):
    game = new_game(mode, players, seed)
    for _ in each_input(game, bot_list(players, seed)):
        pass
    return game


_GAMES = {}


def _game(mode="stroke"):
    if mode not in _GAMES:
        _GAMES[mode] = _finished(mode)
    return _GAMES[mode]


def _reseal(data):
    """Record bytes with a fresh CRC (to reach the field checks behind it)."""
    body = bytes(data[:-4])
    return body + struct.pack("<I", crc32(body) & 0xFFFFFFFF)


def test_a_finished_game_round_trips_with_every_field():
    game = _game()
    data = gamerecord.encode(game, "e6614c311b2c9a2f", 42, 1700000000, PLAYERS)
    rec = gamerecord.decode(data)
    assert rec.mode == "stroke" and rec.number == 42 and rec.finished_at == 1700000000
    assert rec.board_id == "e6614c311b2c9a2f"
    assert rec.course_hash == bytes(game.course.hash)
    assert rec.course_name == "Starter Course"
    assert rec.seed == 4
    assert rec.players == PLAYERS
    assert rec.game == "18-holes" and rec.version == gamerecord.VERSION
    assert rec.standings == game.standings()
    assert rec.log == gamelog.encode(gamelog.of(game))
    assert [h[0] for h in rec.holes] == [1, 2, 3, 4, 5]
    assert [h[1] for h in rec.holes] == [game.course.hole(n)[0] for n in range(1, 6)]


def test_per_hole_scores_add_up_to_the_final_scores_in_every_mode():
    for mode in ("stroke", "stableford", "match", "chaos"):
        game = _game(mode)
        rec = gamerecord.decode(gamerecord.encode(game, "ab", 1, 0))
        for seat in range(3):
            assert sum([h[2][seat] for h in rec.holes]) == game.players[seat].score, mode


def test_stroke_play_hole_scores_are_the_strokes_each_player_took():
    game = _game("stroke")
    holes = gamerecord.replay("18-holes", gamelog.encode(gamelog.of(game)),
                              {"courses": lambda h: game.course, "clubs": CLUBS,
                               "shots": SHOTS})[1]
    # Every player finishes every hole in Stroke Play, in at least one stroke.
    for hole, par, scores in holes:
        assert min(scores) >= 1


def test_layout_starts_with_magic_version_game_mode_hash_number_time():
    game = _game()
    data = gamerecord.encode(game, "ab", 7, 99)
    assert data[:4] == b"TBGR"
    assert data[4] == 4
    assert data[5:21] == b"\x0818-holes\x06stroke"  # the game and the mode by name
    assert data[21:29] == bytes(game.course.hash)
    assert struct.unpack_from("<IIB", data, 29) == (7, 99, gamerecord.TIME_EXACT)
    assert struct.unpack_from("<I", data, len(data) - 4)[0] == crc32(data[:-4]) & 0xFFFFFFFF


def test_default_players_are_named_by_their_seat_colour():
    rec = gamerecord.decode(gamerecord.encode(_game(), "ab", 1, 0))
    assert rec.players == [("Red", (255, 0, 0)), ("Yellow", (255, 210, 0)),
                           ("White", (255, 255, 255))]


def test_an_unfinished_game_is_not_a_record():
    err = raises(RecordError, gamerecord.encode, new_game(), "ab", 3, 0)
    assert "game 3 is not over" in str(err)


def test_bad_players_are_refused_by_name():
    game = _game()
    err = raises(RecordError, gamerecord.encode, game, "ab", 1, 0, PLAYERS[:2])
    assert "2 player names and colours for 3 players" in str(err)
    bad = [PLAYERS[0], ("Bo", (0, 300, 0)), PLAYERS[2]]
    assert "player 2 colour" in str(raises(RecordError, gamerecord.encode, game, "ab", 1, 0, bad))
    long = [PLAYERS[0], PLAYERS[1], ("X" * 40, (1, 2, 3))]
    assert "player 3 name" in str(raises(RecordError, gamerecord.encode, game, "ab", 1, 0, long))


def test_decode_names_what_is_wrong():
    data = gamerecord.encode(_game(), "ab", 1, 0, PLAYERS)
    err = raises(RecordError, gamerecord.decode, b"TBGL" + data[4:])
    assert "byte 0 (magic)" in str(err) and "not a Teebox game record" in str(err)
    err = raises(RecordError, gamerecord.decode, data[:4] + b"\x09" + data[5:])
    assert "(version)" in str(err) and "version 9" in str(err)
    err = raises(RecordError, gamerecord.decode, data[:-10])
    assert "(CRC)" in str(err) and "damaged or truncated" in str(err)
    flipped = bytearray(data)
    flipped[30] ^= 0x10
    assert "(CRC)" in str(raises(RecordError, gamerecord.decode, bytes(flipped)))
    assert "truncated" in str(raises(RecordError, gamerecord.decode, b"TBGR\x01"))


def test_decode_names_the_field_behind_a_good_crc():
    data = gamerecord.encode(_game(), "ab", 1, 0, PLAYERS)
    # Cut inside the game log, CRC made good again: the log length field is wrong.
    err = raises(RecordError, gamerecord.decode, _reseal(data[:-40] + data[-4:]))
    assert "(game log)" in str(err) and "byte" in str(err)
    # An unknown game at byte 5.
    err = raises(RecordError, gamerecord.decode, _reseal(data[:5] + b"\x08go-fish!" + data[14:]))
    assert "byte 14 (game name)" in str(err) and "unknown game 'go-fish!'" in str(err)
    # An unknown mode code at byte 5 of an old record.
    err = raises(RecordError, gamerecord.decode, _reseal(_legacy("stroke-3p")[:5] + b"\x7f"
                                                          + _legacy("stroke-3p")[6:]))
    assert "byte 5 (mode)" in str(err) and "unknown 18 Holes mode code 127" in str(err)
    # Bytes left over after the log.
    err = raises(RecordError, gamerecord.decode, _reseal(data[:-4] + b"\x00\x00" + data[-4:]))
    assert "2 bytes left over" in str(err)


def test_shelf_numbers_only_grow_across_reboots_and_acks():
    store = SimStore()
    shelf = Shelf(store)
    assert shelf.numbers() == [] and shelf.last_number() == 0
    a = shelf.reserve()
    shelf.put(a, b"first")
    b = shelf.reserve()
    shelf.put(b, b"second")
    assert (a, b) == (1, 2)
    assert shelf.numbers() == [1, 2] and shelf.read(2) == b"second" and shelf.size(1) == 5
    assert shelf.remove(1) and shelf.remove(2)
    assert not shelf.remove(2)  # a second ack finds nothing: harmless
    assert shelf.read(2) is None and shelf.size(2) is None
    later = Shelf(store.reboot())
    assert later.reserve() == 3


def test_a_waiting_record_counts_even_if_the_sequence_file_is_gone():
    store = SimStore()
    shelf = Shelf(store)
    shelf.put(17, b"x")
    assert shelf.reserve() == 18


def test_board_id_is_stable_across_reboots():
    store = SimStore()
    first = board_id(store)
    assert len(first) == 16 and int(first, 16) >= 0
    assert board_id(store.reboot()) == first
    assert board_id(SimStore()) != first


def test_wall_time_is_zero_until_set_then_counts_seconds_through_a_tick_wrap():
    clock = SimClock(start=0x3FFFF000, wrap=True)
    wall = WallTime(clock)
    assert wall.now() == 0
    clock.advance(5000)
    assert wall.now() == 0
    wall.set(1700000000)
    clock.advance(2500)  # the tick counter wraps here
    assert wall.now() == 1700000002
    clock.advance(600)
    assert wall.now() == 1700000003


def test_a_finish_time_says_whether_it_is_exact_or_a_lower_bound():
    game = _game()
    for t, kind in ((1700000000, gamerecord.TIME_EXACT), (1700000000, gamerecord.TIME_NOT_BEFORE),
                    (0, gamerecord.TIME_UNKNOWN)):
        rec = gamerecord.decode(gamerecord.encode(game, "ab", 1, t, time_kind=kind))
        assert (rec.finished_at, rec.time_kind) == (t, kind)


_HERE = __file__.rsplit("/", 1)[0]


def _legacy(name):
    """Bytes of ``legacy/<name>.tbgr``: a record as the firmware wrote it before games
    were data (version 3, see legacy/README.md)."""
    with open(_HERE + "/legacy/" + name + ".tbgr", "rb") as f:
        return f.read()


def _facts():
    import json
    with open(_HERE + "/legacy/facts.json") as f:
        return json.load(f)


def _older(v3, version):
    """A version 3 record of a game without bots written as ``version`` 2 (no flags
    bytes) or 1 (nor a time kind byte)."""
    rec = gamerecord.decode(v3)
    n = len(rec.players)
    # The flags come after the fixed head, the seed, two texts, the players and golfers.
    seed = bytearray()
    varint.put(seed, rec.seed)
    at = 23 + len(seed) + 2 + len(rec.board_id) + len(rec.course_name)
    at += 1 + sum([1 + len(name.encode()) + 3 for name, _ in rec.players]) + 2 * n
    old = v3[:4] + bytes((version,)) + v3[5:at] + v3[at + n:-4]
    if version == 1:
        old = old[:22] + old[23:]
    return _reseal(old + bytes(4))  # (a CRC's place)


def test_records_written_before_games_were_data_read_as_the_same_18_holes_games():
    facts = _facts()["records"]
    data = {"courses": lambda h: builtin(), "clubs": CLUBS, "shots": SHOTS}
    for name in ("stroke-3p", "chaos-4p", "stableford-2p"):
        want = facts[name]
        rec = gamerecord.decode(_legacy(name))
        assert (rec.version, rec.game, rec.mode, rec.seed) == (3, "18-holes", want["mode"],
                                                               want["seed"]), name
        game, holes = rec.replay(data)
        assert game.state_digest() == want["digest"], name
        assert [[h, p, list(s)] for h, p, s in holes] == want["holes"], name
        assert [list(r) for r in rec.standings] == want["standings"], name
    assert gamerecord.decode(_legacy("stroke-3p")).bots == [False, True, False]


def test_version_1_and_2_records_still_read():
    v3 = _legacy("chaos-4p")  # no bots in it
    for version in (1, 2):
        rec = gamerecord.decode(_older(v3, version))
        assert rec.version == version and rec.mode == "chaos" and rec.bots == [False] * 4
        assert rec.standings == gamerecord.decode(v3).standings
        # Version 1 (before the time kind): its time is exact.
        assert (rec.finished_at, rec.time_kind) == (1790000012, gamerecord.TIME_EXACT)


def test_a_play_nine_game_is_a_record_its_replay_checks():
    play_nine = games.load("play-nine")
    game = play_nine.new(play_nine.Setup(4, 31, 9, True))
    play_nine.play_game(game, [play_nine.bot(31 + s) for s in range(4)])
    rec = gamerecord.decode(gamerecord.encode(game, "ab", 5, 0, name="play-nine"))
    assert (rec.game, rec.mode, rec.course_name) == ("play-nine", "", "9 holes")
    again, holes = rec.replay()
    assert again.state_digest() == game.state_digest()
    assert rec.holes == holes and len(holes) == 9 and rec.standings == game.standings()
    # "The player with the lowest total score wins": the sheet adds up to the totals.
    for place, seat, total, _tiebreak in rec.standings:
        assert sum([h[2][seat] for h in holes]) == total


def test_the_record_says_which_players_were_bots():
    game = _game()
    rec = gamerecord.decode(gamerecord.encode(game, "ab", 1, 0, PLAYERS, bots=(0, 1, 0)))
    assert rec.bots == [False, True, False] and rec.players == PLAYERS
    assert gamerecord.decode(gamerecord.encode(game, "ab", 1, 0)).bots == [False] * 3
    err = raises(RecordError, gamerecord.encode, game, "ab", 1, 0, PLAYERS, bots=(0, 1))
    assert "2 bot flags for 3 players" in str(err)


def test_after_a_power_cut_finish_times_are_at_least_the_last_time_the_board_knew():
    store = SimStore()
    clock = SimClock()
    wall = WallTime(clock, store)
    assert wall.stamp() == (0, gamerecord.TIME_UNKNOWN)  # a new board that was never told
    wall.set(1700000000)  # a sync sets the clock: it goes to flash too
    clock.advance(60000)
    assert wall.stamp() == (1700000060, gamerecord.TIME_EXACT)  # a game finishes
    # Power cut; back on, the board cannot know for how long it was off.
    clock = SimClock(start=123)
    wall = WallTime(clock, store.reboot())
    assert wall.now() == 0  # no exact time to report (HELLO, SET_CLOCK)
    clock.advance(30000)
    assert wall.stamp() == (1700000090, gamerecord.TIME_NOT_BEFORE)
    wall.set(1700500000)  # the next sync: exact again
    assert wall.stamp() == (1700500000, gamerecord.TIME_EXACT)
