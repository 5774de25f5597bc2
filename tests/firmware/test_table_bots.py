# Bots at the table: players marked as bots in setup play by themselves (issue 3: "Bots
# for empty seats"), so one person can play Match Play. Runs under CPython and inside
# MicroPython.
import engine_kit as E
import table_kit as K
from teebox.app import board, script
from teebox.app import setup_flow as sf
from teebox.app import table as T
from teebox.app.bindings import Bindings
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.app.loop import Loop
from teebox.app.presenters.holes18 import BAG
from teebox.app.view import FLASH_REFUSED
from teebox.core.holes18 import cards, gamelog
from teebox.core.holes18.protocol import (
    BIG_HIT, CHOOSE_ACTION, DISCARD, DISCARD_FOR_HITTER, GAME_OVER, SELECT, SELECT_CLUB)
from teebox.hal.display import NullDisplay

# First-game hands: P1 holds hand A, P2 hand B.
P1_CLUBS = ("8-hybrid-5", "sand-wedge-7", "6-iron-12", "4-iron-24", "driver-34")
P2_CLUBS = ("9-iron-3", "8-iron-10", "6-iron-18", "3-iron-27", "3-wood-29")


def _auto(mode="match", course="test", players=2, bot_seats=(1,), hands="first-game", seed=1,
          seat_readers=False):
    return script.Autoplayer(K.CLUBS, mode, course, players, hands, seed, 0, seat_readers,
                             bot_seats)


def _bot_table(crs=None, tops=None, **kw):
    """A table whose setup marked the players ``bot_seats`` (default P2) as bots, the
    game on ``crs`` (default POND) waiting for its first club selection."""
    t = K.new_table(courses=K.Courses("test", crs if crs is not None else K.pond()))
    t.rng = E.StackRng(kw.get("seed", 1), tops or {})
    auto = _auto(**kw)
    d = K.Direct(t)
    while t.game is None:
        for text in auto.next_lines(t):
            d.line(text)
    return t, d, auto


# ---------------------------------------------------------------- setup


def test_holding_ok_at_the_players_step_marks_bots_and_one_player_stays_a_person():
    t = K.new_table()
    s = K.Direct(t)
    K.lines(s, "press OK 4", "hold OK")
    setup = t.setup
    assert setup.step == sf.S_BOTS
    assert K.screen(t).startswith("3 Bots: * is one\nE  P1 red\nNE P2 yellow\n")
    K.lines(s, "press NE")
    assert "NE P2 yellow*" in K.screen(t) and setup.bots() == 1
    K.lines(s, "press E")  # P1 a bot too: nobody left to play
    assert t.view.flash == FLASH_REFUSED and setup.bot[0] == 0
    K.lines(s, "press NW")  # no third player
    assert t.view.flash == FLASH_REFUSED and setup.bots() == 1
    K.lines(s, "press OK")
    assert setup.step == sf.S_SEATS and "P1 red\nP2 yellow*\nOK" in K.screen(t)
    K.lines(s, "press OK 5")
    assert setup.step == sf.S_CONFIRM and "2 players 1 bot" in K.screen(t)
    K.lines(s, "press OK")
    assert t.phase == T.PH_PLAY and t.is_bot(1) and not t.is_bot(0)


def test_a_refused_bot_toggle_says_why():
    t = K.new_table()
    s = K.Direct(t)
    K.lines(s, "press OK 4", "hold OK", "press NE")
    K.lines(s, "press E")
    assert t.view.flash == FLASH_REFUSED
    assert K.words(t).startswith("NO: one player must stay a person 3 Bots")
    K.lines(s, "press NW")
    assert K.words(t).startswith("NO: no P3: 2 players 3 Bots")
    K.lines(s, "press NE")  # allowed again: the reason goes
    assert K.words(t).startswith("3 Bots")


def test_the_players_step_says_which_way_is_more():
    # W (<) steps back, E (>) forward: fewer players, more players.
    t = K.new_table()
    s = K.Direct(t)
    K.lines(s, "press OK 4")
    assert "</>: fewer/more" in K.screen(t) and t.setup.players == 2
    K.lines(s, "press E")
    assert t.setup.players == 3


def test_fewer_players_never_leave_only_bots():
    t = K.new_table()
    s = K.Direct(t)
    K.lines(s, "press OK 4", "press E", "hold OK", "press E", "press NE", "press BACK")
    setup = t.setup
    assert setup.players == 3 and list(setup.bot[:3]) == [1, 1, 0]
    K.lines(s, "press W")  # 2 players: P1 and P2 would both be bots
    assert setup.players == 2 and list(setup.bot[:2]) == [0, 1]


def test_pressing_ok_through_the_setup_seats_no_bot():
    t = K.new_table()
    K.lines(K.Direct(t), "seed 3", "press OK 11")
    assert t.phase == T.PH_PLAY and not t.is_bot(0) and not t.is_bot(1)


def test_the_bot_step_has_an_led_only_form():
    t = K.new_table(display=NullDisplay())
    K.lines(K.Direct(t), "press OK 4", "press E", "hold OK", "press NE")
    p = t.prompt
    # Its own question code; the players in their colours, the bot dim.
    assert p.code == sf.S_BOTS and p.seats == bytes((0, sf.FREE, 2))


# ---------------------------------------------------------------- play


def test_one_person_plays_match_play_against_a_bot_to_the_end_with_buttons_and_scans():
    t = K.new_table()
    got = K.record_inputs(t)
    d = K.Direct(t)
    lines = K.autoplay(t, _auto(course="starter", seed=4), d.line)
    g = t.game
    assert g.pending().kind == GAME_OVER and "Game over" in K.screen(t)
    # The person laid only their own cards; the bot chose every club of its own.
    scanned = [ln.split(":")[1] for ln in lines if ln.startswith("scan")]
    assert scanned and all([c in P1_CLUBS for c in scanned])
    bot = [c for s, c in got if s == 1]
    assert len([c for c in bot if c[0] == SELECT]) >= 9 and len(bot) > 20
    # Every choice went through the table's input path, and the log replays to the scores.
    assert got == [g.inputs[i] for i in range(len(g.inputs))]
    again = gamelog.replay(gamelog.of(g), g.course, K.CLUBS, K.SHOTS)
    assert again.standings() == g.standings() and again.state_digest() == g.state_digest()


def test_a_bots_choice_is_shown_then_taken_after_a_pause_and_buttons_cannot_take_it():
    t, d, auto = _bot_table(crs=None, seed=2)
    g = t.game

    def bot_turn():
        dec = g.pending()
        return dec.kind == CHOOSE_ACTION and dec.players[0] == 1
    K.play_until(t, d, auto, bot_turn)
    shown = t.selected()
    assert shown is not None and "P2 yellow* turn" in K.words(t)
    K.refused(t, lambda: K.lines(d, "press OK"))
    K.refused(t, lambda: K.lines(d, "press E"))
    assert "P2 yellow* is a bot: it plays by itself" in K.words(t)
    before = len(g.inputs)
    waited = 0
    while len(g.inputs) == before:
        K.lines(d, "wait 100")
        waited += 100
        assert waited <= 5000, "the bot never played"
    assert waited >= T.BOT_MS  # people had time to see it
    assert g.inputs[before] == (1, shown)


def test_a_bot_to_the_left_of_a_big_hit_discards_by_itself():
    """Rulebook, 4.C Attempt a big hit: "After you have drawn your cards, hand them to
    the player to your left. They discard one of the shot cards." The bot at P2 does."""
    t, d, auto = _bot_table(tops={"3": [E.face("3", "SSS"), E.face("3", "SSSS")]})
    got = K.record_inputs(t)
    K.scan(t, "8-hybrid-5")  # the bot laid its club as soon as selection opened
    assert t.game.pending().kind == CHOOSE_ACTION and t.game.pending().players == (0,)
    K.lines(d, "hold OK", "press OK")
    assert got[-1] == (0, (BIG_HIT,))
    dec = t.game.pending()
    assert dec.kind == DISCARD_FOR_HITTER and dec.players == (1,)
    assert "Throw away one of P1's cards" in K.words(t)
    K.lines(d, "wait %d" % T.BOT_MS)
    assert got[-1][0] == 1 and got[-1][1][0] == DISCARD
    assert t.game.pending().players == (0,)  # the hitter plays what is left


def test_a_card_of_a_bot_is_refused_and_changes_nothing():
    t, d, auto = _bot_table()
    dec = t.game.pending()
    assert dec.kind == SELECT_CLUB and dec.waiting == (0,)  # the bot chose at once
    K.refused(t, lambda: K.scan(t, "3-wood-29"))  # in P2's hand: the bot's clubs
    assert "the 3 Wood is a bot's (P2 yellow*): it stays in the box" in K.words(t)


def test_a_card_laid_at_a_bots_reader_is_refused_and_changes_nothing():
    hw = board.build(K.table_profile(4), sim=True)
    Bindings(hw.store, K.CLUBS, club_tags).bind_demo_tags()
    t = Loop(hw).table
    d = K.Direct(t)
    # Two players, P2 a bot; they sit at seats 1 and 3 (profile seats 0 and 2).
    K.lines(d, "seed 5", "press OK 4", "hold OK", "press NE", "press OK", "press NE",
            "press NW", "press OK 6")
    assert t.game is not None and t.setup.player_at(2) == 1 and t.is_bot(1)
    K.refused(t, lambda: K.scan(t, "driver-34", seat=2))  # P1's card, on the bot's reader
    assert "P2 yellow* is a bot: its clubs stay in the box" in K.words(t)


def test_a_bots_bag_stays_in_the_box_and_is_dealt_from_the_clubs_left():
    t, d, auto = _bot_table(players=3, bot_seats=(1,), hands=BAG)
    g = t.game
    people = set(g.players[0].hand) | set(g.players[2].hand)
    bot = g.players[1].hand
    assert len(bot) == cards.HAND_SIZE and not (set(bot) & people)
    dealt = [K.CLUBS.index(c) for c in cards.clubs_for(K.CLUBS, 3)]
    assert all([c in dealt for c in bot])


def test_bag_registration_asks_only_the_people():
    t = K.new_table(courses=K.Courses("test", K.pond()))
    d = K.Direct(t)
    # Stableford, 3 players, P1 a bot, bags: P2 is asked first.
    K.lines(d, "press OK 2", "press E 2", "press OK 2", "press E", "hold OK", "press E",
            "press OK 2", "press E", "press OK 5")
    assert t.phase == T.PH_REGISTER and "P2 yellow:" in K.screen(t)
    K.scan(t, "driver-34", seat=0)
    assert t.flow.hands[1] and not t.flow.hands[0]


def test_a_chaos_golf_game_with_two_bots_plays_to_the_end():
    t = K.new_table()
    got = K.record_inputs(t)
    K.autoplay(t, _auto(mode="chaos", course="chaos", players=3, bot_seats=(1, 2),
                        seed=6), K.Direct(t).line)
    g = t.game
    assert g.pending().kind == GAME_OVER
    assert got == [g.inputs[i] for i in range(len(g.inputs))]
    again = gamelog.replay(gamelog.of(g), g.course, K.CLUBS, K.SHOTS)
    assert again.standings() == g.standings()
