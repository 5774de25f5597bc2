# A turn at the table: the action, the direction and every card choice with the buttons,
# each with its live preview; then the flight, the flash and the golfer's move.
# On the POND course (table_kit): P1 and P2 tee off from (2,3); water NE and NW of the
# tee, a tree W, a bunker SE, the green 3 hexes E. Runs under CPython and in MicroPython.
import engine_kit as E
import table_kit as K
from teebox.app import table as T
from teebox.app.view import (
    FLASH_BUNKER, FLASH_GREEN, FLASH_HOLE_IN_ONE, FLASH_NONE, FLASH_OUT, FLASH_REFUSED,
    FLASH_WATER, MARK_GREEN, MARK_HAZARD, MARK_OUT)
from teebox.app.renderer import FLIGHT_STEP_MS
from teebox.core import hexgrid
from teebox.core.holes18 import cards
from teebox.core.hexgrid import DIR_NAMES, E as EAST, NE
from teebox.core.holes18.protocol import (
    AIM, BIG_HIT, CHOOSE_ACTION, CHOOSE_CARD, CHOOSE_DECK, CHOOSE_OUTCOME, DECK, DECLARE_DIRECTION,
    DISCARD, DISCARD_FOR_HITTER, EXIT_BUNKER, FOLLOW_SPECIAL, GAME_OVER, HIT_DIRECTION, KEEP, MOVE, OUTCOME,
    PLAY, STOP)

TEE = (2, 3)
GREEN = (5, 3)


def _cell(col, row):
    q, r = E.ax(col, row)
    return hexgrid.cell_index(q, r, 10)


def _turn(p1="8-hybrid-5", p2="3-wood-29", tops=None, mode="match"):
    # P1 and P2 lay their clubs; P1 (the lower initiative) is to act.
    t, d = K.game_table(tops=tops, mode=mode)
    got = K.record_inputs(t)
    K.scan(t, p1)
    K.scan(t, p2)
    return t, d, got


def _path_cells(res):
    return [hexgrid.cell_index(q, r, 10) for q, r in res[0]]


def _preview(t):
    v = t.view
    return [v.preview[i] for i in range(v.preview_len)]


def test_the_active_golfer_pulses_and_ok_plays_the_club():
    t, d, got = _turn(tops={"2": [E.face("2", "SSS")]})
    assert t.game.pending().kind == CHOOSE_ACTION
    assert t.view.active == 0 and t.prompt.seat == 0
    s = K.words(t)
    assert "P1 red turn" in s and "8 Hybrid (5)" in s and "> Play club" in s
    assert t.prompt.code == CHOOSE_ACTION and t.prompt.index == 0  # slot 1: play
    K.lines(d, "press OK")
    assert got[-1] == (0, (PLAY,))
    assert t.game.pending().kind == HIT_DIRECTION and "Aim SSS" in K.words(t)


def test_a_direction_previews_a_one_hex_move_ok_confirms_and_back_undoes():
    t, d, got = _turn()
    K.lines(d, "press E")
    east = _cell(3, 3)
    assert _preview(t) == [east] and t.view.cursor == east
    s = K.words(t)
    assert "> Move E" in s and "=fairway" in s
    assert t.prompt.index == -1  # no action slot lit: a move is chosen
    K.lines(d, "press BACK")
    assert "> Play club" in K.words(t) and t.view.preview_len == 0 and t.view.cursor == -1
    K.lines(d, "press E", "press OK")
    assert got[-1] == (0, (MOVE, EAST))
    assert t.view.golfer[0] == east and t.view.golfer[1] == _cell(*TEE)


def test_a_move_the_rules_refuse_blinks_red_and_keeps_the_choice():
    t, d, got = _turn()
    digest = t.game.state_digest()
    K.lines(d, "press W")  # the tree
    assert t.view.flash == FLASH_REFUSED
    s = K.words(t)
    assert s.startswith("NO: no move W from here") and "> Play club" in s
    assert t.game.state_digest() == digest and len(got) == 2


def test_moves_into_water_and_bunkers_are_previewed_as_hazards_and_flash_there():
    t, d, got = _turn()
    K.lines(d, "press NE")
    assert t.view.preview_marks[0] == MARK_HAZARD and "=water" in K.words(t)
    K.lines(d, "press OK")
    assert (t.view.flash, t.view.flash_cell) == (FLASH_WATER, _cell(3, 2))
    assert t.view.active == 1  # P2's turn now
    K.lines(d, "press SE", "press OK")
    assert (t.view.flash, t.view.flash_seat, t.view.flash_cell) == (FLASH_BUNKER, 1, _cell(3, 4))


def test_holding_ok_steps_through_the_other_actions():
    t, d, got = _turn()
    K.lines(d, "hold OK")
    assert "> Big hit" in K.words(t) and t.prompt.index == 1
    K.lines(d, "hold OK")
    assert "> Reset hand" in K.words(t) and t.prompt.index == 3
    K.lines(d, "hold OK")
    assert "> Play club" in K.words(t)
    K.lines(d, "press E", "hold OK")  # from a move, holding OK starts at the first action
    assert "> Play club" in K.words(t)
    K.lines(d, "hold OK", "press BACK")
    assert "> Play club" in K.words(t) and len(got) == 2


def test_the_aim_preview_follows_the_direction_buttons():
    t, d, got = _turn(tops={"2": [E.face("2", "SSS")]})
    K.lines(d, "press OK")
    g = t.game
    for dname in DIR_NAMES:
        K.lines(d, "press " + dname)
        res = g.preview((AIM, hexgrid.direction_named(dname)))
        assert _preview(t) == _path_cells(res), dname
    K.lines(d, "press E")
    assert t.view.preview_marks[2] == MARK_GREEN and "=the green!" in K.words(t)
    K.lines(d, "press NW")  # over the water and on: the water cell is marked
    assert t.view.preview_marks[0] == MARK_HAZARD
    assert len(got) == 3  # nothing applied while aiming


def test_the_ball_flies_then_the_golfer_moves_and_the_flash_shows_where_it_landed():
    t, d, got = _turn(tops={"2": [E.face("2", "SSS")]})
    K.lines(d, "press OK", "press E")
    t.view.flash = FLASH_NONE
    K.lines(d, "press OK")
    assert got[-1] == (0, (AIM, EAST))
    v = t.view
    assert v.flight_len == 3 and v.flight_seat == 0 and v.flight[2] == _cell(*GREEN)
    assert v.golfer[0] == _cell(*TEE) and v.flash == FLASH_NONE  # still in the air
    K.land(t, 3 * FLIGHT_STEP_MS)
    assert v.golfer[0] == _cell(*GREEN)
    assert (v.flash, v.flash_seat, v.flash_cell) == (FLASH_GREEN, 0, _cell(*GREEN))
    assert "P1 on the green" in K.words(t)


def test_a_hole_in_one_flashes_and_the_game_over_shows_the_standings():
    t, d, got = _turn(tops={"2": [E.face("2", "SSS")]})
    K.lines(d, "press OK", "press E", "press OK", "wait 1000")
    K.lines(d, "press SE", "press OK")  # P2 ends the round: scores, hole-in-one, game over
    assert t.view.flash == FLASH_HOLE_IN_ONE and t.view.flash_cell == -1
    assert t.game.pending().kind == GAME_OVER and t.phase == T.PH_OVER
    s = K.words(t)
    assert "Game over" in s and "1. P1 1 *" in s and "2. P2 0" in s
    assert t.prompt.seats == bytes((0, 1)) and t.view.active == -1
    K.lines(d, "press OK")
    assert t.phase == T.PH_SETUP and "TEEBOX" in K.words(t) and t.game is None


def test_out_of_bounds_flashes_where_the_ball_left_and_the_golfer_stays():
    t, d, got = _turn(p1="sand-wedge-7", p2="3-wood-29")
    K.lines(d, "press E", "press OK")  # P1 steps aside; P2 hits the 3 Wood next
    K.lines(d, "press OK", "press SW")
    assert t.view.preview_marks[t.view.preview_len - 1] == MARK_OUT
    assert "=out of bounds" in K.words(t)
    K.lines(d, "press OK")
    last = t.view.flight[t.view.flight_len - 1]
    K.land(t)
    assert (t.view.flash, t.view.flash_cell) == (FLASH_OUT, last)
    assert t.view.golfer[1] == _cell(*TEE)


def test_a_big_hit_asks_the_player_to_the_left_to_discard_in_their_colour():
    t, d, got = _turn(tops={"3": [E.face("3", "SSS"), E.face("3", "SSSS")]})
    K.lines(d, "hold OK", "press OK")
    assert got[-1] == (0, (BIG_HIT,))
    dec = t.game.pending()
    assert dec.kind == DISCARD_FOR_HITTER and dec.players == (1,)
    assert t.prompt.seat == 1 and t.prompt.count == 2 and t.prompt.index == 0
    s = K.words(t)
    assert "P2 yellow" in s and "Throw away one of P1's cards" in s and "> 1: SSS" in s
    assert t.view.active == 0  # the hitter's golfer still pulses
    first = _preview(t)
    K.lines(d, "press E")
    assert "> 2: SSSS" in K.words(t) and _preview(t) != first and len(_preview(t)) == 4
    K.lines(d, "press OK")
    assert got[-1] == (1, (DISCARD, 1))
    # One card left to play: the hitter aims it.
    assert t.game.pending().kind == HIT_DIRECTION and t.prompt.seat == 0


def test_a_chip_asks_for_the_direction_before_the_draw():
    t, d, got = _turn(p1="sand-wedge-7", tops={"C": [E.face("C", "SS")]})
    K.lines(d, "press OK")
    dec = t.game.pending()
    assert dec.kind == DECLARE_DIRECTION and dec.piles == ()  # nothing drawn yet
    assert "Chip: say where" in K.words(t)
    K.lines(d, "press E")
    assert _preview(t) == [_cell(3, 3), _cell(4, 3)] and t.view.cursor == _cell(3, 3)
    K.lines(d, "press OK")
    assert got[-2:] == [(0, (PLAY,)), (0, (AIM, EAST))]
    assert t.view.flight_len == 2  # drawn and played in the declared direction


def test_a_club_with_two_decks_asks_which_one():
    t, d, got = _turn(p1="6-iron-12")
    K.lines(d, "press OK")
    assert t.game.pending().kind == CHOOSE_DECK
    assert "Which deck?" in K.words(t) and "> deck 2" in K.words(t)
    assert (t.prompt.code, t.prompt.count, t.prompt.index) == (CHOOSE_DECK, 2, 0)
    K.lines(d, "press E")
    assert "> deck 3" in K.words(t) and t.prompt.index == 1
    K.lines(d, "press W", "press SE", "press OK")  # back to deck 2, on to deck 3
    assert got[-1] == (0, (DECK, 2))


def test_two_drawn_cards_are_chosen_between_with_their_previews():
    t, d, got = _turn(p1="4-iron-24", tops={"3": [E.face("3", "SSS"), E.face("3", "SSSS")]})
    K.lines(d, "press OK")
    g = t.game
    dec = g.pending()
    assert dec.kind == CHOOSE_CARD
    s = K.words(t)
    assert "Play which card?" in s and "> 1: SSS" in s
    # Each card is previewed hit toward the green.
    assert _preview(t) == _path_cells(g.simulate_shot(dec.piles[0][-1], 0, EAST))
    K.lines(d, "press NE")
    assert _preview(t) == _path_cells(g.simulate_shot(dec.piles[1][-1], 0, EAST))
    K.lines(d, "press OK")
    assert got[-1] == (0, (KEEP, 1))


def test_a_wild_card_offers_its_outcomes_each_with_its_preview():
    t, d, got = _turn(tops={"2": [E.face("2", "SSL", wild=True)]})
    K.lines(d, "press OK", "press E", "press OK")
    g = t.game
    assert g.pending().kind == CHOOSE_OUTCOME
    assert "Which way? (wild)" in K.words(t) and "> way 1: SSL" in K.words(t)
    assert _preview(t) == _path_cells(g.preview((OUTCOME, 0)))
    K.lines(d, "press E")
    assert "> way 2: SSR" in K.words(t)
    assert _preview(t) == _path_cells(g.preview((OUTCOME, 1)))
    K.lines(d, "press OK")
    assert got[-1] == (0, (OUTCOME, 1))


def test_a_special_card_may_be_followed_or_not():
    t, d, got = _turn(p1="4-iron-24", p2="9-iron-3",
                      tops={"C": [E.face("C", special=cards.SUPER), E.face("C", "SS")]})
    # P2's 9 Iron (initiative 3) goes first: a chip, so the direction comes first.
    K.lines(d, "press OK", "press E", "press OK")
    assert t.game.pending().kind == FOLLOW_SPECIAL and t.prompt.seat == 1
    assert "Follow a card?" in K.words(t) and "> 1: super>2" in K.words(t)
    K.lines(d, "press E")
    assert "> Stop, play" in K.words(t)
    K.lines(d, "press OK")
    assert got[-1] == (1, (STOP,))


def test_holding_back_offers_to_quit_the_game():
    t, d, got = _turn()
    K.lines(d, "hold BACK")
    assert "Quit this game?" in K.words(t)
    assert (t.prompt.code, t.prompt.count, t.prompt.index) == (0, 1, 0)
    K.lines(d, "press E")  # nothing else is taken while asking
    K.lines(d, "press BACK")
    assert "> Play club" in K.words(t) and t.phase == T.PH_PLAY
    K.lines(d, "hold BACK", "press OK")
    assert t.phase == T.PH_SETUP and t.game is None and len(got) == 2


def test_holding_back_keeps_the_choice_shown_and_a_short_back_acts_when_let_go():
    # The buttons report PRESS at once and LONG later: a hold must not first act as a
    # short BACK (which would undo the move chosen before the quit question).
    from teebox.hal import buttons as B
    t, d, got = _turn()
    K.lines(d, "press E")
    assert "> Move E" in K.words(t)
    K.lines(d, "hold BACK")
    assert "Quit this game?" in K.words(t)
    K.lines(d, "press BACK")  # play on: the move is still the choice
    assert "> Move E" in K.words(t) and t.selected() == (MOVE, EAST)
    t.handle_button(B.event(B.BACK, B.PRESS))
    assert "> Move E" in K.words(t)  # a short BACK acts when it is let go
    t.handle_button(B.event(B.BACK, B.RELEASE))
    assert "> Play club" in K.words(t) and len(got) == 2


def test_in_a_bunker_ok_gets_out_toward_the_hex_you_name():
    t, d, got = _turn()
    K.lines(d, "press SE", "press OK", "press E", "press OK")  # P1 into the bunker
    K.scan(t, "4-iron-24")
    K.scan(t, "3-iron-27")
    s = K.words(t)
    assert "P1 red turn" in s and "> Exit bunker" in s and t.prompt.index == 2  # slot 3
    K.lines(d, "press E")  # no moving out of a bunker
    assert t.view.flash == FLASH_REFUSED and "no move E from here" in K.words(t)
    K.lines(d, "press OK")
    assert t.game.pending().kind == DECLARE_DIRECTION and "Exit bunker to?" in K.words(t)
    K.lines(d, "press NE")
    assert _preview(t) == [_cell(3, 3)] and t.view.cursor == _cell(3, 3)  # one hex: the target
    K.lines(d, "press OK")
    assert got[-2:] == [(0, (EXIT_BUNKER,)), (0, (AIM, NE))]
