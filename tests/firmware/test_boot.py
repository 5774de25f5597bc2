# Power-on: the table resumes a game a power cut interrupted, journals every choice,
# and serves the USB link. Runs under CPython and inside MicroPython.
import table_kit as K

from teebox.core.wire import commands, framing, gamerecord
from teebox.app import board, boot, link_server, script
from teebox.app.bindings import Bindings
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.core.holes18.protocol import SELECT_CLUB


def _power_on(store=None, readers=1):
    # The board after a (re)boot: fresh hardware, the flash as the power cut left it.
    hw = board.build(K.table_profile(readers), sim=True)
    if store is not None:
        hw.store = store
    else:
        Bindings(hw.store, K.CLUBS, club_tags).bind_demo_tags()
    board_end, host_end = link_server.pipe()
    return boot.start(hw, board_end), host_end


def _play_until(loop, inputs_wanted):
    # Play bot decisions through the table's UI until the journal has that many inputs.
    auto = K.autoplayer()
    play = K.runner_player(loop)
    t = loop.table
    for _ in range(3000):
        if t.game is not None and len(t.game.inputs) >= inputs_wanted:
            return
        for text in auto.next_lines(t):
            play(text)
    raise AssertionError("the game never reached %d inputs" % inputs_wanted)


def test_a_game_cut_off_mid_round_carries_on_where_it_stood_after_power_on():
    loop, _ = _power_on()
    _play_until(loop, 12)
    t = loop.table
    loop.journal.flush()  # the end of a turn: the journal reaches flash
    digest = t.game.state_digest()
    played = len(t.game.inputs)
    # Power cut: only the flash survives.
    again, _ = _power_on(loop.hw.store)
    g = again.table.game
    assert g is not None, "the interrupted game was not resumed"
    assert len(g.inputs) == played
    assert g.state_digest() == digest
    # The table shows it: golfers on their cells, and play goes on from there.
    for p in g.players:
        assert again.table.view.golfer[p.seat] >= 0
    _play_until(again, played + 4)
    assert len(again.table.game.inputs) >= played + 4


def test_a_fresh_board_starts_in_setup_with_the_link_answering():
    loop, host = _power_on()
    assert loop.table.game is None
    assert loop.link is not None and loop.link.running
    host.write(framing.encode(bytes((1, 7, 0, commands.PROTOCOL_VERSION))))  # HELLO, tag 7
    loop.step()
    replies = framing.FrameDecoder().feed(host.read_available(4096))
    assert replies and replies[0][0] == framing.FRAME
    reply = replies[0][1]
    assert reply[0] == 0x81 and reply[1:3] == bytes((7, 0)) and reply[3] == 0  # HELLO ok


def test_holding_back_at_power_on_keeps_the_repl_free_of_the_link():
    hw = board.build(K.table_profile(), sim=True)
    hw.buttons.set(7, True)  # BACK held
    loop = boot.start(hw, link_server.pipe()[0])
    assert loop.link is None


def _game_in_progress(loop, host):
    # HELLO's reply body (docs/protocol.md): u8 protocol, u16 max data, firmware and board
    # id texts, u16 waiting, u32 last game, u32 clock, then u8 1 if a game is in progress.
    host.write(framing.encode(bytes((1, 9, 0, commands.PROTOCOL_VERSION))))
    loop.step()
    reply = framing.FrameDecoder().feed(host.read_available(4096))[0][1]
    assert reply[0] == 0x81 and reply[3] == 0
    at = 4 + 3
    at += 1 + reply[at]  # firmware
    at += 1 + reply[at]  # board id
    return reply[at + 10] == 1


def test_a_game_the_players_quit_does_not_come_back_at_the_next_power_on():
    loop, host = _power_on()
    _play_until(loop, 6)
    loop.journal.flush()
    assert _game_in_progress(loop, host)
    play = K.runner_player(loop)
    play("hold BACK")   # "Quit this game?"
    play("press OK")    # quit
    assert loop.table.game is None
    again, host = _power_on(loop.hw.store)
    assert again.table.game is None, "the quit game was resumed after a reboot"
    assert again.journal.game is None
    assert not _game_in_progress(again, host)


def test_a_finished_game_is_still_kept_when_the_players_start_again():
    loop, _ = _power_on()
    auto = K.autoplayer()
    K.autoplay(loop.table, auto, K.runner_player(loop))
    assert loop.table.game.over
    K.runner_player(loop)("press OK")  # game over: OK goes back to the start menu
    assert loop.journal.shelf.numbers() == [1]
    again, _ = _power_on(loop.hw.store)
    assert again.table.game is None and again.journal.shelf.numbers() == [1]


# Two players on a table with four readers (OK through new game, game, mode and course):
# P2 is a bot; they sit at seats 1 and 3
# (profile seats 0 and 2): hold OK marks the bot, NE leaves seat 2, NW takes seat 3.
_BOT_SETUP = ("seed 7", "press OK 4", "hold OK", "press NE", "press OK", "press NE",
              "press NW", "press OK 6")


class _Again:
    """Makes a person's choices of an earlier game again, in the same order."""

    def __init__(self, inputs, seat):
        self.choices = [c for s, c in inputs if s == seat]
        self.seat = seat

    def choose(self, game, seat):
        return self.choices[len([1 for s, _c in game.inputs if s == self.seat])]


def _bot_game(cut=None):
    """Set the bot game up and play it: to the end, or (``cut``: a number of inputs) to
    the first decision of the bot after that, its journal flushed. Returns the loop."""
    loop, _ = _power_on(readers=4)
    play = K.runner_player(loop)
    for text in _BOT_SETUP:
        play(text)
    t = loop.table
    auto = script.Autoplayer(K.CLUBS, seat_readers=True, bot_seats=(1,))
    for _ in range(3000):
        d = t.game.pending()
        if t.game.over or (cut is not None and len(t.game.inputs) >= cut
                           and d.kind != SELECT_CLUB and d.players[0] == 1):
            break
        for text in auto.next_lines(t):
            play(text)
    loop.journal.flush()
    return loop


def test_a_game_with_a_bot_and_chosen_seats_goes_on_identically_after_a_power_cut():
    whole = _bot_game()
    done = whole.table.game
    assert done.over and [s for s, _c in done.inputs].count(1) > 20  # the bot played
    expected = gamerecord.decode(whole.journal.shelf.read(1))
    assert expected.bots == [False, True]
    loop = _bot_game(cut=20)
    played = len(loop.table.game.inputs)
    again, _ = _power_on(loop.hw.store, readers=4)
    t = again.table
    g = t.game
    assert g is not None and len(g.inputs) == played
    assert g.state_digest() == loop.table.game.state_digest()
    # The players are back at the seats they chose, the bot is still a bot, and it is
    # its turn: it plays on by itself.
    assert [t.setup.player_at(seat) for seat in range(4)] == [0, -1, 1, -1]
    assert t.is_bot(1) and not t.is_bot(0)
    play = K.runner_player(again)
    play("wait 3000")
    assert len(g.inputs) > played and g.inputs[played][0] == 1
    # The person plays what they played before: the game ends exactly as the uncut one.
    auto = script.Autoplayer(K.CLUBS, seat_readers=True, bot_seats=(1,))
    auto.bots[0] = _Again(done.inputs, 0)
    auto.inputs = len(g.inputs)
    K.autoplay(t, auto, play)
    assert g.over and g.inputs == done.inputs
    rec = gamerecord.decode(again.journal.shelf.read(1))
    assert (rec.log, rec.holes, rec.standings, rec.bots) == (
        expected.log, expected.holes, expected.standings, expected.bots)


def _cut_after(mode, inputs):
    """Three people start ``mode`` at the table and make ``inputs`` choices with the
    buttons; then the power goes (nobody flushes the journal: it must have written what
    it needs by itself). Returns the board before the cut and the one after power on."""
    loop, _ = _power_on()
    auto = K.autoplayer(mode=mode, players=3)
    play = K.runner_player(loop)
    t = loop.table
    for _ in range(3000):
        if t.game is not None and len(t.game.inputs) >= inputs:
            break
        for text in auto.next_lines(t):
            play(text)
    assert len(t.game.inputs) == inputs
    again, _ = _power_on(loop.hw.store)
    return loop, again


def test_a_power_cut_while_the_skins_fives_are_placed_keeps_every_five_already_placed():
    """Rulebook (Skins, SETUP): "Give each player a 5 point token and have them select a
    green to place it on." P1 and P2 have placed theirs when the power goes: after power
    on their 5s lie on the greens they chose, and it is P3's turn to place."""
    from teebox.core.holes18.modes.skins import PLACE
    before, again = _cut_after("skins", 2)
    g = again.table.game
    assert g is not None and g.inputs == before.table.game.inputs
    assert g.mode.greens == before.table.game.mode.greens
    assert g.pending().kind == PLACE and g.pending().players == (2,)
    assert "P3 white Your 5 goes on" in K.words(again.table)


def test_a_power_cut_while_the_kelly_targets_are_drawn_keeps_them_kept_and_secret():
    """Rulebook (Kelly Golf, SETUP): "Each player draws two 1-point tokens keeping one and
    returning the other. Players keep their target secret." P1 and P2 have kept theirs
    when the power goes: after power on they hold the same targets, P3 draws from the
    same bag, and the display names no green until P3 peeks."""
    from teebox.core.holes18.modes.kelly import KEEP_TARGET
    before, again = _cut_after("kelly", 2)
    g, was = again.table.game, before.table.game
    assert g is not None and g.inputs == was.inputs
    assert bytes(g.mode.target) == bytes(was.mode.target) and all(g.mode.target[:2])
    assert g.mode.offer[2] == was.mode.offer[2] and g.mode.bag == was.mode.bag
    assert g.pending().kind == KEEP_TARGET and g.pending().players == (2,)
    s = K.words(again.table)
    assert "P3 white: secret" in s and "green" not in s and again.table.view.cursor == -1
