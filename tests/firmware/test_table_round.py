# Choosing clubs: each player lays a club card face down on the reader; the table
# acknowledges in that player's colour and reveals nothing until everyone has chosen.
# Runs under CPython and inside MicroPython.
import engine_kit as E
import table_kit as K
from teebox.app import table as T
from teebox.app.presenters.holes18 import motion, screen
from teebox.app.view import FLASH_ACK
from teebox.core import hexgrid
from teebox.core.holes18.protocol import CHOOSE_ACTION, DECLINE, RESET, SELECT, SELECT_CLUB

# First-game hands: P1 holds hand A, P2 hand B.
P1_CLUBS = ("8-hybrid-5", "sand-wedge-7", "6-iron-12", "4-iron-24", "driver-34")
P2_CLUBS = ("9-iron-3", "8-iron-10", "6-iron-18", "3-iron-27", "3-wood-29")


def _index(cid):
    for i in range(len(K.CLUBS)):
        if K.CLUBS[i].id == cid:
            return i
    raise AssertionError(cid)


def _move_everyone(t, d, direction="E"):
    # Every turn of this round: move one hex.
    while t.game.pending().kind == CHOOSE_ACTION:
        K.lines(d, "press " + direction, "press OK")


def test_a_card_is_acknowledged_in_its_owners_colour_and_reveals_nothing():
    t, d = K.game_table()
    got = K.record_inputs(t)
    K.scan(t, "3-iron-27")  # P2's club: the card says whose it is
    assert t.view.flash == FLASH_ACK and t.view.flash_seat == 1 and t.view.flash_cell == -1
    assert got == [(1, (SELECT, _index("3-iron-27")))]
    s = K.words(t)
    assert "P2 yellow chose" in s and "Waiting: P1" in s
    assert "3 Iron" not in s and "Iron" not in s


def test_the_led_only_form_shows_who_is_still_to_choose():
    t, d = K.game_table()
    assert t.prompt.seats == bytes((0, 1)) and t.prompt.code == SELECT_CLUB
    K.scan(t, "driver-34")
    assert t.prompt.seats == bytes((1,))


def test_a_player_may_scan_again_to_change_their_mind_until_everyone_has_chosen():
    t, d = K.game_table()
    got = K.record_inputs(t)
    K.scan(t, "driver-34")
    K.scan(t, "6-iron-12")
    assert t.game.players[0].chosen == _index("6-iron-12")
    K.scan(t, "6-iron-12")  # the same card again: still chosen, nothing new
    assert t.view.flash == FLASH_ACK
    assert got == [(0, (SELECT, _index("driver-34"))), (0, (SELECT, _index("6-iron-12")))]
    K.scan(t, "9-iron-3")  # the last one: clubs are revealed
    assert t.game.pending().kind == CHOOSE_ACTION
    K.refused(t, lambda: K.scan(t, "driver-34"))  # too late to change
    assert "NO: not now: clubs are chosen at the start of a round" in K.words(t)


def test_unknown_cards_and_clubs_in_no_hand_are_refused():
    t, d = K.game_table()
    K.refused(t, lambda: K.lines(d, "scan 04ffffffffffff"))
    assert K.words(t).startswith("NO: unknown card")
    K.refused(t, lambda: K.scan(t, "lob-wedge-1"))  # hand D: nobody holds it in a 2-player game
    assert "NO: the Lob Wedge is in no hand" in K.words(t)


def test_a_club_on_the_discard_pile_is_refused():
    t, d = K.game_table()
    K.scan(t, "6-iron-12")
    K.scan(t, "9-iron-3")
    _move_everyone(t, d)
    assert t.game.pending().kind == SELECT_CLUB
    K.refused(t, lambda: K.scan(t, "6-iron-12"))
    assert "discard pile" in K.words(t)


def test_with_a_reader_per_seat_a_card_on_another_players_reader_is_refused():
    t, d = K.game_table(seat_readers=True)
    K.refused(t, lambda: K.scan(t, "9-iron-3", seat=0))
    assert "NO: the 9 Iron is P2's club" in K.words(t)
    K.scan(t, "9-iron-3", seat=1)
    assert t.game.players[1].chosen == _index("9-iron-3")


def test_a_player_sitting_out_cannot_choose():
    t, d = K.game_table()
    K.scan(t, "8-hybrid-5")   # initiative 5: P1 plays first ...
    K.scan(t, "3-wood-29")
    K.lines(d, "press NE", "press OK")  # ... into the water: P1 misses the next round
    assert "P1 in the water" in K.words(t)
    _move_everyone(t, d)
    assert t.game.pending().waiting == (1,)
    K.refused(t, lambda: K.scan(t, "6-iron-12"))
    assert "NO: P1 sits this round out" in K.words(t)


def test_when_the_last_has_chosen_the_golfers_blink_in_play_order():
    t, d = K.game_table()
    K.scan(t, "driver-34")  # initiative 34
    K.scan(t, "9-iron-3")   # initiative 3: P2 goes first
    assert "Order: P2 P1" in K.words(t)
    v = t.view
    seen = []
    K.land(t, 0)
    for _ in range(2):
        seen.append((v.flash, v.flash_seat, v.flash_cell))
        K.land(t, motion.ORDER_STEP_MS)
    tee = v.golfer[0]
    assert tee >= 0 and v.golfer[1] == tee  # both on the tee
    assert seen[0] == (FLASH_ACK, 1, tee) and seen[1] == (FLASH_ACK, 0, tee)
    assert v.active == 1  # P2's golfer pulses: their turn
    assert t.prompt.seat == 1


def test_a_hand_reset_is_offered_with_a_button_when_a_club_cannot_be_used():
    t, d = K.game_table()
    got = K.record_inputs(t)
    K.scan(t, "6-iron-12")
    K.scan(t, "9-iron-3")
    _move_everyone(t, d)  # off the tee: P1's Driver cannot be used now
    s = K.words(t)
    assert "OK: reset offer" in s
    K.lines(d, "press OK")
    assert "Reset P1 red hand?" in K.words(t) and t.prompt.seat == 0
    K.lines(d, "press BACK")  # no
    assert "OK: reset offer" in K.words(t)
    K.lines(d, "press OK", "press OK")
    assert got[-1] == (0, (RESET,))
    assert len(t.game.players[0].hand) == 5
    assert t.game.pending().waiting == (0, 1)  # P1 still lays a club
    assert t.phase == T.PH_PLAY


def test_ok_on_a_driver_off_the_tee_says_why_and_what_to_do():
    # Rulebook: "If you have a club in your hand that you cannot use, you may also reset
    # your hand. e.g. you have the driver and are not on a tee box." OK alone plays the
    # club; here it cannot, so OK says why and what can be done instead.
    t, d = K.game_table()
    K.scan(t, "6-iron-12")
    K.scan(t, "9-iron-3")
    _move_everyone(t, d)
    K.scan(t, "driver-34")
    K.scan(t, "8-iron-10")
    K.lines(d, "press E", "press OK")  # P2 (initiative 10) moves first, then P1 decides
    assert t.d.kind == CHOOSE_ACTION and t.d.club == _index("driver-34")
    K.refused(t, lambda: K.lines(d, "press OK"))
    s = K.words(t)
    assert "NO: the Driver plays from a tee box only." in s
    assert "Hold OK: reset hand; Dir: move 1" in s
    assert t.game.pending().kind == CHOOSE_ACTION


def _chaos_extra_turn(led_prompts=None):
    # Chaos Golf on POND: P1 steps off the tee, then back onto it, earning an extra turn.
    t, d = K.game_table(mode="chaos", players=3, led_prompts=led_prompts)
    # Round 2 plays P2 (initiative 3), P3 (4), then P1 (7), who moves back W.
    for clubs, moves in ((("8-hybrid-5", "8-iron-10", "5-wood-20"), "EEE"),
                         (("sand-wedge-7", "9-iron-3", "5-hybrid-4"), "EEW")):
        for cid in clubs:
            K.scan(t, cid)
        for direction in moves:
            K.lines(d, "press " + direction, "press OK")
    assert t.game.pending().extra and t.game.pending().players == (0,)
    return t, d


def test_an_extra_turn_may_be_declined_with_the_buttons():
    """Rulebook (Chaos Golf, FAST TRAVEL): "if you end your turn on a tee box, you may
    take an extra turn at the end of the round." BACK offers to skip it, OK skips it,
    and the player keeps the club they did not lay down."""
    t, d = _chaos_extra_turn()
    got = K.record_inputs(t)
    s = K.words(t)
    assert "Extra turn: P1" in s and "BACK: skip it" in s
    assert t.prompt.code == screen.CODE_EXTRA_TURN
    K.lines(d, "press BACK")
    assert "Skip P1 red extra turn?" in K.words(t) and "OK: skip" in K.words(t)
    K.lines(d, "press BACK")  # no: the extra turn is still there
    assert "BACK: skip it" in K.words(t) and got == []
    hand = list(t.game.players[0].hand)
    K.lines(d, "press BACK", "press OK")
    assert got == [(0, (DECLINE,))]
    assert t.game.pending().kind == SELECT_CLUB and t.game.pending().waiting == (0, 1, 2)
    assert t.game.players[0].hand == hand and "Extra turn" not in K.words(t)


def test_the_led_only_form_of_an_extra_turn_shows_its_own_code_and_the_skip_option():
    t, d = _chaos_extra_turn(led_prompts=True)
    assert t.prompt.code == screen.CODE_EXTRA_TURN and t.prompt.seats == bytes((0,))
    K.lines(d, "press BACK")
    assert (t.prompt.code, t.prompt.seat, t.prompt.count, t.prompt.index) == (
        screen.CODE_EXTRA_TURN, 0, 1, 0)


def test_chaos_golf_tokens_show_on_the_greens_until_taken():
    t, d = K.game_table(mode="chaos", players=3, tops={"2": [E.face("2", "SSS")]})
    q, r = E.ax(5, 3)
    green = hexgrid.cell_index(q, r, 10)
    assert t.view.tokens[green] == 7  # a 5 and a 2 on the green
    assert "Round 1" in K.words(t) and "Hole" not in K.words(t)  # holes in any order
    K.scan(t, "8-hybrid-5")   # P1, initiative 5: plays first
    K.scan(t, "8-iron-10")    # P2
    K.scan(t, "5-wood-20")    # P3
    K.lines(d, "press OK", "press E", "press OK")  # the SSS card, east: onto the green
    assert t.view.tokens[green] == 7  # the ball is still in the air
    K.land(t)
    assert t.view.tokens[green] == 2  # P1 took the 5
    assert t.game.players[0].score == 5
