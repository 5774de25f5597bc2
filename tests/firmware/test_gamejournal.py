# The running game's journal: resume after a power cut exactly where the game stood,
# written at safe points only, shelved once when over. Runs under CPython and MicroPython.
import struct

from fwtest import raises
from link_kit import CLUBS, SHOTS, bot_list, builtin, courses, each_input, new_game, play

from teebox.core.wire.events import EV_GAME_OVER, EV_HOLE, EV_SCORED, EV_STARTED
from teebox.core.wire import gamerecord
from teebox.app.journal import encode_record
from teebox.app.shelf import CLOCK_FILE, Shelf, WallTime
from teebox.app.gamejournal import GameJournal, ResumeError, resume
from teebox.core.holes18 import gamelog
from teebox.core.holes18.protocol import SELECT_CLUB
from teebox.hal.clock import SimClock
from teebox.hal.store import PowerCut, SimStore

WHO = [("Ann", (255, 0, 0)), ("Bo", (0, 0, 255))]


def _resume(store):
    return resume(store, courses(store).find, CLUBS, SHOTS, board="b0a7d")


def _digest_after(game, k):
    """The state digest of ``game``'s first ``k`` inputs replayed."""
    log = gamelog.of(game)
    log.inputs = log.inputs[:k]
    return gamelog.replay(log, game.course, CLUBS, SHOTS).state_digest()


def test_resume_at_every_safe_point_gives_the_same_game():
    store = SimStore()
    gj = GameJournal(store, board="b0a7d")
    game = new_game(seed=8)
    gj.start(game, WHO)
    checked = 0
    for seat, choice in each_input(game, bot_list(2, 8)):
        gj.record(seat, choice)
        if game.over:
            break
        if gj.journal.pending() == 0 and checked < 40:
            back = _resume(store.reboot())
            assert back.game.state_digest() == game.state_digest()
            assert back.number == gj.number and back.players == WHO
            assert back.game.inputs == game.inputs
            checked += 1
    assert checked == 40


def test_choices_since_the_last_safe_point_are_the_only_thing_a_cut_loses():
    store = SimStore()
    gj = GameJournal(store, board="b0a7d")
    game = new_game(seed=3)
    gj.start(game)
    flushed = 0
    seen_pending = False
    for seat, choice in each_input(game, bot_list(2, 3)):
        gj.record(seat, choice)
        if gj.journal.pending() == 0:
            flushed = len(game.inputs)
        elif len(game.inputs) > 30:
            seen_pending = True
            break
    assert seen_pending and flushed < len(game.inputs)
    back = _resume(store.reboot())
    assert len(back.game.inputs) == flushed
    assert back.game.state_digest() == _digest_after(game, flushed)


def test_a_club_selection_is_not_written_until_the_selection_is_complete():
    store = SimStore()
    gj = GameJournal(store, board="b0a7d")
    game = new_game(players=3, seed=2)
    gj.start(game)
    bots_ = bot_list(3, 2)
    d = game.pending()
    assert d.kind == SELECT_CLUB and len(d.waiting) == 3
    spent = store.spent
    for seat in d.waiting[:2]:
        choice = bots_[seat].choose(game, seat)
        game.apply(choice, seat)
        gj.record(seat, choice)
    assert store.spent == spent  # two button presses, no flash write
    seat = game.pending().waiting[0]
    choice = bots_[seat].choose(game, seat)
    game.apply(choice, seat)
    gj.record(seat, choice)
    assert store.spent > spent and gj.journal.pending() == 0  # the round's turns begin


def test_a_torn_last_write_is_dropped_and_the_game_resumes_before_it():
    store = SimStore()
    gj = GameJournal(store, board="b0a7d")
    game = new_game(seed=6)
    gj.start(game)
    bots_ = bot_list(2, 6)
    for seat, choice in each_input(game, bots_):
        gj.record(seat, choice)
        if gj.journal.pending() == 0 and len(game.inputs) > 20:
            break
    # The next boot's power fails 3 bytes into its first flash write.
    board = store.reboot(cut_after=3)
    later = _resume(board)
    good = len(later.game.inputs)
    assert good == len(game.inputs)
    cut = False
    try:
        for seat, choice in each_input(later.game, bots_):
            later.record(seat, choice)
    except PowerCut:
        cut = True
    assert cut and len(later.game.inputs) > good
    back = _resume(board.reboot())
    assert len(back.game.inputs) == good
    assert back.game.state_digest() == game.state_digest()


def test_a_finished_game_is_shelved_once_and_the_journal_removed():
    store = SimStore()
    gj = GameJournal(store, board="b0a7d")
    game = play(gj, seed=5, who=WHO)
    assert gj.game is None and gj.last_finished == 1
    assert "game.jnl" not in store.names()
    rec = gamerecord.decode(Shelf(store).read(1))
    assert rec.standings == game.standings() and rec.players == WHO
    assert rec.board_id == "b0a7d"
    board = store.reboot()
    back = _resume(board)
    assert back.game is None and Shelf(board).numbers() == [1]
    play(back, seed=6)
    assert Shelf(board).numbers() == [1, 2]


class _CutBeforeJournalRemoval(SimStore):
    """The power fails just as the journal of a finished game is to be removed."""

    def remove(self, name):
        if name == "game.jnl":
            raise PowerCut("cut before removing the journal")
        return SimStore.remove(self, name)


def test_a_cut_after_the_record_but_before_the_journal_goes_shelves_the_same_record():
    store = _CutBeforeJournalRemoval()
    # The board knew the time before this power-on: the finish is stamped "not before".
    store.write_atomic(CLOCK_FILE, struct.pack("<I", 1700000000))
    raised = False
    try:
        play(GameJournal(store, wall=WallTime(SimClock(), store), board="b0a7d"),
             seed=5)
    except PowerCut:
        raised = True
    assert raised
    first = Shelf(store).read(1)
    assert first is not None and "game.jnl" in store.names()
    assert gamerecord.decode(first).time_kind == gamerecord.TIME_NOT_BEFORE
    board = store.reboot()
    wall = WallTime(SimClock(), board)
    wall.set(1800000000)  # another time now: the record keeps the time it was given
    back = resume(board, courses(board).find, CLUBS, SHOTS, wall=wall, board="b0a7d")
    assert back.game is None and back.last_finished == 1
    assert Shelf(board).numbers() == [1] and Shelf(board).read(1) == first
    assert "game.jnl" not in board.names()


def test_a_game_on_a_course_the_board_lost_cannot_resume():
    store = SimStore()
    gj = GameJournal(store, board="b0a7d")
    game = new_game(seed=5)
    gj.start(game)
    err = raises(ResumeError, resume, store.reboot(), lambda h: None, CLUBS, SHOTS)
    assert "game 1 was played on course %s" % builtin().hash_hex() in str(err)
    assert "not on this board" in str(err)


def test_a_journal_another_firmware_wrote_is_refused_and_can_be_abandoned():
    store = SimStore()
    store.rewrite_log("game.jnl", encode_record(b"TBJH\x09rest of a future header"))
    err = raises(ResumeError, _resume, store)
    assert str(err) == ("the journal was written by another firmware (header version 9, "
                        "this one reads versions 1 to 3)")
    GameJournal(store).abandon()
    assert _resume(store).game is None


def test_recording_without_a_game_is_refused():
    gj = GameJournal(SimStore(), board="b0a7d")
    err = raises(ValueError, gj.record, 0, (2, 5))
    assert "call start(game) first" in str(err)


def test_an_empty_store_resumes_nothing():
    gj = _resume(SimStore())
    assert gj.game is None and gj.number == 0


def test_scoreboard_events_follow_the_game():
    store = SimStore()
    events = []
    gj = GameJournal(store, board="b0a7d", listener=events.append)
    game = play(gj, mode="stroke", seed=5)
    kinds = [e[0] for e in events]
    assert kinds[0] == EV_STARTED and events[0][1:] == (1, 1, 2, "18-holes", "stroke")
    assert kinds[-1] == EV_GAME_OVER and events[-1][2] == game.standings()
    scored = [e for e in events if e[0] == EV_SCORED]
    assert len(scored) == 2 * game.course.hole_count  # each player scores every hole
    for seat in (0, 1):
        last = [e for e in scored if e[1] == seat][-1]
        assert last[4] == game.players[seat].score
    holes = [e[2] for e in events if e[0] == EV_HOLE and e[1] == 0]
    assert holes == list(range(2, game.course.hole_count + 1))


def test_a_failing_listener_never_stops_the_game():
    def broken(event):
        raise OSError("scoreboard unplugged")

    store = SimStore()
    play(GameJournal(store, board="b0a7d", listener=broken), seed=5)
    assert Shelf(store).numbers() == [1]


def test_the_header_keeps_where_each_player_sat_and_which_are_bots():
    # One reader per seat: the players chose seats 2 and 5; player 2 is a bot. A resumed
    # game must put them back there, and the record says who was a bot.
    store = SimStore()
    gj = GameJournal(store, board="b0a7d")
    game = new_game(seed=8)
    gj.start(game, WHO, seats=(1, 4), bots=(0, 1))
    inputs = each_input(game, bot_list(2, 8))
    for _ in range(12):
        gj.record(*next(inputs))
    gj.flush()
    back = _resume(store.reboot())
    assert back.seats == bytes((1, 4)) and back.bots == bytes((0, 1))
    assert back.game.state_digest() == game.state_digest()
    for seat, choice in inputs:
        back.game.apply(choice, seat)
        back.record(seat, choice)
    rec = gamerecord.decode(back.shelf.read(back.number))
    assert rec.bots == [False, True] and rec.players == WHO


def test_seats_and_bots_must_be_given_one_per_player():
    err = raises(ValueError, GameJournal(SimStore()).start, new_game(), WHO, seats=(0,))
    assert str(err) == "1 seats and 2 bot flags for 2 players: give one each"


def test_a_version_1_header_resumes_with_the_players_in_seat_order_and_no_bots():
    # A journal the firmware before the seat and bot flags wrote (an update during a game).
    store = SimStore()
    game = new_game(seed=2)
    out = bytearray(b"TBJH\x01")
    out += struct.pack("<I", 1)
    gamerecord.put_players(out, WHO)
    log = gamelog.of(game)
    out += gamelog.encode(log)
    store.rewrite_log("game.jnl", encode_record(bytes(out)))
    back = _resume(store)
    assert back.game is not None and back.players == WHO
    assert back.seats == bytes((0, 1)) and back.bots == bytes(2)


_HERE = __file__.rsplit("/", 1)[0]


def _legacy_journal(name):
    """A board's flash holding ``legacy/<name>.jnl``: a journal the firmware wrote
    before games were data (header version 2, an 18 Holes game; legacy/README.md)."""
    import json
    with open(_HERE + "/legacy/" + name + ".jnl", "rb") as f:
        store = SimStore(flash={"game.jnl": bytearray(f.read())})
    with open(_HERE + "/legacy/facts.json") as f:
        return store, json.load(f)["journals"][name]


def test_a_journal_written_before_games_were_data_resumes_the_same_game():
    store, want = _legacy_journal("midgame")
    back = _resume(store)
    assert back.game_name == "18-holes" and back.game.setup.mode == want["mode"]
    assert back.number == want["number"] and len(back.game.inputs) == want["inputs"]
    assert back.game.state_digest() == want["digest"]
    assert back.seats == b"\x02\x00" and back.bots == b"\x00\x01"
    # It plays on and is journalled in today's format from the next input.
    bots_ = bot_list(2, 21)
    for seat, choice in each_input(back.game, bots_):
        back.record(seat, choice)
    rec = gamerecord.decode(Shelf(store).read(want["number"]))
    assert (rec.game, rec.mode, rec.bots) == ("18-holes", "match", [False, True])


def test_an_old_finished_journal_is_shelved_at_boot_as_the_same_game():
    store, want = _legacy_journal("finished")
    back = _resume(store)
    assert back.game is None and back.last_finished == want["number"]
    rec = gamerecord.decode(Shelf(store).read(want["number"]))
    assert (rec.game, rec.mode, rec.finished_at) == ("18-holes", want["mode"], 1790000500)
    assert [list(r) for r in rec.standings] == want["standings"]
    assert "game.jnl" not in store.flash


def _play_nine(players=3, seed=41):
    from teebox.core import games
    entry = games.load("play-nine")
    return entry.new(entry.Setup(players, seed, 2, True)), [entry.bot(seed + s)
                                                             for s in range(players)]


def test_a_play_nine_game_resumes_at_every_safe_point_and_is_shelved_as_play_nine():
    store = SimStore()
    events = []
    gj = GameJournal(store, board="b0a7d", listener=events.append)
    game, bots_ = _play_nine()
    number = gj.start(game, game_name="play-nine")
    assert events[0] == (EV_STARTED, number, 0, 3, "play-nine", "")
    resumed = 0
    for seat, choice in each_input(game, bots_):
        gj.record(seat, choice)
        if not game.over and gj.journal.pending() == 0 and resumed < 25:
            back = _resume(store.reboot())
            assert back.game_name == "play-nine" and back.number == number
            assert back.game.state_digest() == game.state_digest()
            resumed += 1
    assert resumed == 25
    rec = gamerecord.decode(Shelf(store).read(number))
    assert (rec.game, rec.mode, rec.course_name) == ("play-nine", "", "2 holes")
    assert rec.replay()[0].state_digest() == game.state_digest()
    # Each seat's running total after each hole reached the scoreboard.
    scored = [(e[1], e[2], e[4]) for e in events if e[0] == EV_SCORED]
    assert scored == [(s, h + 1, sum(game.scores[s][:h + 1])) for h in range(2) for s in range(3)]
