# Reading the Greens (18 Holes expansion booklet, "PUTTING"): putting on a green card with
# the putting dice, each rule as a player notices it, quoting the booklet, and its worked
# examples. Runs under CPython and inside MicroPython.
from fwtest import raises

from greens_kit import ALL, F, Dice, GREENS, O1, O2, R1, R2, WHITE, Y1, Y2, card, green, putt
from teebox.core.holes18.expansions import putting
from teebox.core.holes18.expansions.putting import (
    BESIDE, CENTRE, CHANGE, LONG, PUTT, SHORT, SUNK, LongestPutt, putt_args, putt_code)

JANELLE, NICK, GROVER = 0, 1, 2
# One card for the worked examples: Janelle putts for 39 (side 0), Nick for 42 (side 2),
# Grover for 21 (side 4); side 3 has no target.
EXAMPLE = (39, 30, 42, None, 21, 25)


def _examples():
    g, dice = green(EXAMPLE)
    g.arrive(JANELLE, 0)
    g.arrive(NICK, 2)
    g.arrive(GROVER, 4)
    return g, dice


# ------------------------------------------------------------------ the worked examples

def test_janelle_rolls_39_with_all_her_dice_and_starts_the_dice_pool_with_her_9():
    """"Janelle has reached the green and needs 39 to sink the putt. She takes all her dice
    and rolls 2 4 5 6 7 6 9. A total of 39. She sinks the putt and moves her highest die 9
    onto the green card to start the dice pool." """
    g, dice = _examples()
    p = putt(g, dice, JANELLE, [(WHITE, 2), (Y1, 4), (Y2, 5), (O1, 6), (O2, 7), (R1, 6),
                                (R2, 9)])
    assert (p.target, p.total, p.flags, p.outcome) == (39, 39, 0, SUNK)
    assert g.sunk == [JANELLE]
    assert g.pool_dice() == [(JANELLE, R2, 9)]


def test_grovers_flag_is_rerolled_and_his_odd_tally_leaves_the_ball_beside_the_cup():
    """"His target is 21. A roll of 21 to 31 will sink the putt. Grover takes one white, two
    yellow and two orange dice and rolls 1 4 5 6 and flag. He re-rolls the flag as 7. A total
    of 23 and 1 flag. The ball has ended up next to the cup. He moves his golfer onto the
    green and adds his 7 to the dice pool." Then: "Next turn you can tap it in without
    rolling." """
    g, dice = _examples()
    p = putt(g, dice, GROVER, [(WHITE, 1), (Y1, 4), (Y2, 5), (O1, 6), (O2, F), (O2, 7)])
    assert (p.target, p.total, p.flags, p.outcome) == (21, 23, 1, BESIDE)
    assert g.side[GROVER] == CENTRE and GROVER not in g.sunk
    assert g.pool_dice() == [(GROVER, O2, 7)]
    assert g.action_reason(GROVER, CHANGE) is not None   # tap it in
    tap = g.roll(GROVER, ())
    assert tap.outcome == SUNK and tap.throws == []        # no dice rolled
    g.settle(GROVER)
    assert g.sunk == [GROVER]


def test_nick_borrows_janelles_9_rolls_41_then_rerolls_two_dice_for_45():
    """"Nick needs 42 to tie the hole. He takes the 9 from Janelle and then rolls all of his
    dice except the white (he can't total more than 7 dice). He rolls: 4 4 4 7 5 8. With the 9
    from Janelle, Nick has rolled 41. ... He would have added his 8 to the dice pool. Nick
    chooses to re-roll two of his dice: 4 5. The two dice he re-rolled become a 6 and a 7
    making his total 45 and he sinks the putt." """
    g, dice = _examples()
    putt(g, dice, JANELLE, [(WHITE, 2), (Y1, 4), (Y2, 5), (O1, 6), (O2, 7), (R1, 6), (R2, 9)])
    # Rolling the white too would count eight dice.
    assert "7 dice" in g.putt_reason(NICK, ALL, JANELLE)
    first = putt(g, dice, NICK, [(Y1, 4), (Y2, 4), (O1, 4), (O2, 7), (R1, 5), (R2, 8)],
                 borrow=JANELLE)
    assert (first.target, first.total, first.outcome) == (42, 41, SHORT)
    assert (NICK, R2, 8) in g.pool_dice()
    second = putt(g, dice, NICK, [(O1, 7), (R1, 6)], borrow=JANELLE)
    assert second.total == 45 and second.outcome == SUNK
    assert len(second.counted) == 7        # Janelle's 9, his pooled 8 and five of his own
    assert g.sunk == [JANELLE, NICK]


# ------------------------------------------------------------------ the window and the flags

def test_the_putt_sinks_from_the_target_to_ten_above_it():
    """"If you roll equal to the target or no more than 10 above, you have SUNK THE PUTT." """
    for throws, outcome in (([(WHITE, 3), (Y1, 2)], SHORT),          # 5
                            ([(WHITE, 2), (Y1, 4)], SUNK),           # 6: the target
                            ([(WHITE, 2), (Y1, 5), (R1, 9)], SUNK),  # 16: ten above
                            ([(WHITE, 3), (Y1, 5), (R1, 9)], LONG)):  # 17
        g, dice = green((6, 6, 6, 6, 6, 6), players=1)
        g.arrive(0, 0)
        p = putt(g, dice, 0, throws)
        assert p.outcome == outcome, (throws, p.outcome)


def test_flags_are_tallied_odds_out_evens_in():
    """"If you roll another flag, you add that to your tally and re roll." "If you reach your
    putting target and your flag tally is EVEN the ball goes in. Zero flags is considered
    even. Remember: odds out, evens in." """
    g, dice = green((20, 6, 6, 6, 6, 6), players=1)
    g.arrive(0, 0)
    p = putt(g, dice, 0, [(R1, F), (R1, F), (R1, 9), (R2, 8), (O1, 5)])
    assert (p.flags, p.total, p.outcome) == (2, 22, SUNK)
    g, dice = green((20, 6, 6, 6, 6, 6), players=1)
    g.arrive(0, 0)
    p = putt(g, dice, 0, [(R1, F), (R1, F), (R1, 9), (R2, F), (R2, 8), (O1, 5)])
    assert (p.flags, p.outcome) == (3, BESIDE)


def test_a_flag_short_of_the_target_changes_nothing():
    """"If you reach your putting target and your flag tally is ODD the ball ends up next to
    the cup": short of the target it simply misses."""
    g, dice = green((30, 6, 6, 6, 6, 6), players=1)
    g.arrive(0, 0)
    p = putt(g, dice, 0, [(R1, F), (R1, 9)])
    assert (p.flags, p.outcome) == (1, SHORT) and g.side[0] == 0


# ------------------------------------------------------------------ which dice, the pool

def test_every_putt_rolls_at_least_one_own_die_even_when_the_pool_die_would_do():
    """"Every putt requires you to roll at least one of your dice. If you use any dice from
    the dice pool and you reach your target, you still need to roll one of your dice." """
    g, dice = green((9, 6, 6, 6, 6, 6), players=2)
    g.arrive(0, 0)
    g.arrive(1, 1)
    putt(g, dice, 1, [(R1, 9), (WHITE, 1)])
    assert "roll at least one" in g.putt_reason(0, (), 1)
    assert raises(ValueError, g.roll, 0, (), 1)
    assert g.putt_reason(0, (WHITE,), 1) is None


def test_the_dice_pool_takes_the_highest_die_one_per_player_never_rerolled():
    """"set aside the HIGHEST DICE you rolled. ... The DICE POOL expands to a maximum of one
    die per player." "Once a die is in the dice pool it is never re-rolled for this green." """
    g, dice = green((45, 45, 6, 6, 6, 6), players=2)
    g.arrive(0, 0)
    g.arrive(1, 1)
    putt(g, dice, 0, [(Y1, 5), (R1, 8), (O1, 6)])
    assert g.pool_dice() == [(0, R1, 8)]
    putt(g, dice, 0, [(R2, 9)])              # a higher die later stays in the hand
    assert g.pool_dice() == [(0, R1, 8)]
    assert "never re-rolled" in g.putt_reason(0, (R1,))
    assert g.values[0][R1] == 8


def test_others_may_use_one_pool_die_in_place_of_their_own_but_not_their_own_twice():
    """"The other players putting from ANY side may choose to use ONE of these dice INSTEAD
    of one of their own dice." """
    g, dice = green((20, 20, 20, 6, 6, 6), players=3)
    for s in range(3):
        g.arrive(s, s)
    putt(g, dice, 0, [(R1, 9)])
    putt(g, dice, 1, [(R1, 8)])
    assert g.putt_reason(2, (WHITE,), 0) is None
    assert "another player's" in g.putt_reason(1, (WHITE,), 1)   # its own is counted anyway
    assert "another player's" in g.putt_reason(2, (WHITE,), 2)   # it has none in the pool
    p = putt(g, dice, 2, [(WHITE, 3)], borrow=0)
    assert p.total == 12 and (0, R1) in p.counted
    assert g.values[0][R1] == 9               # the lender's die is not touched


def test_kept_dice_count_and_any_of_them_may_be_rerolled_or_added():
    """"If you have not reached the target yet, you may chose to re-roll any of your dice
    (excluding your die in the dice pool). Any dice you didn't roll last turn, you may add to
    this roll." """
    g, dice = green((30, 6, 6, 6, 6, 6), players=1)
    g.arrive(0, 0)
    putt(g, dice, 0, [(Y1, 2), (Y2, 3), (R1, 9)])     # 14; the 9 goes to the pool
    p = putt(g, dice, 0, [(Y1, 5), (WHITE, 3), (O1, 7), (R2, 8)])   # Y2's 3 is kept
    assert p.total == 9 + 3 + 5 + 3 + 7 + 8 and p.outcome == SUNK
    assert not p.single


def test_a_putt_never_counts_more_than_seven_dice():
    """"You may never count more than 7 dice in your total. If you use another's die from the
    dice pool and you're own die from the dice pool you may only roll at most 5 dice. You
    count all 7." """
    g, dice = green((45, 45, 6, 6, 6, 6), players=2)
    g.arrive(0, 0)
    g.arrive(1, 1)
    putt(g, dice, 0, [(R1, 9)])
    putt(g, dice, 1, [(R1, 8)])
    assert "7 dice" in g.putt_reason(1, (WHITE, Y1, Y2, O1, O2, R2), 0)
    assert g.putt_reason(1, (WHITE, Y1, Y2, O1, O2), 0) is None


# ------------------------------------------------------------------ position

def test_a_side_without_a_target_only_allows_a_change_of_position():
    """"If the side you arrived from has no target, the only action you can take next turn is
    CHANGE POSITION." """
    g, dice = _examples()
    g.arrive(NICK, 3)
    assert "CHANGE POSITION" in g.action_reason(NICK, PUTT)
    assert g.action_reason(NICK, CHANGE) is None


def test_changing_position_moves_to_an_adjacent_edge_and_resets_the_dice_but_the_pool():
    """"When you play this card you may move to one of the ADJACENT edges from where you are
    now." "If you play CHANGE POSITION you RESET YOUR DICE (excluding your die in the dice
    pool.)" """
    g, dice = _examples()
    putt(g, dice, NICK, [(Y1, 2), (R1, 9)])
    assert "adjacent" in g.change_reason(NICK, 4) and "adjacent" in g.change_reason(NICK, 2)
    g.change(NICK, 3)
    assert g.side[NICK] == 3 and g.target(NICK) == putting.NO_TARGET
    assert g.values[NICK] == [0, 0, 0, 0, 0, 9, 0] and g.pool[NICK] == R1
    g.change(NICK, 4)
    assert g.target(NICK) == 21


def test_putters_play_first_highest_target_first_then_changes_of_position():
    """"1. Putt action (highest to lowest target) 2. Change position actions 3. Club
    initiative order" """
    g, dice = _examples()
    keys = sorted([(g.order_key(GROVER, PUTT), GROVER), (g.order_key(JANELLE, CHANGE), JANELLE),
                   (g.order_key(NICK, PUTT), NICK)])
    assert [s for k, s in keys] == [NICK, GROVER, JANELLE]


# ------------------------------------------------------------------ Mallet, hole-in-one, longest

def test_the_mallet_putter_rerolls_one_die_of_the_putt():
    """"If you have this club in your hand you may discard it to re-roll ONE die from your
    putt." """
    g, dice = green((14, 6, 6, 6, 6, 6), players=1)
    g.arrive(0, 0)
    dice.load([(Y1, 2), (R1, 9)])
    assert g.roll(0, (Y1, R1)).outcome == SHORT           # 11
    assert g.mallet_reason(0, WHITE) is not None          # not in this putt
    dice.load([(Y1, 5)])
    p = g.mallet(0, Y1)
    assert (p.total, p.outcome) == (14, SUNK) and not p.single
    assert "in" in g.mallet_reason(0, R1)                  # once it is in, nothing to re-roll
    g.settle(0)
    assert g.sunk == [0]
    assert g.mallet_reason(0, R1) is not None             # only right after the roll


def test_hole_in_one_needs_the_highest_target_plus_one_in_one_roll():
    """"Look at the green card and find the highest PUTT TARGET and add 1 to it. If the player
    can roll this target in one roll of the dice, the ball goes in." """
    g, dice = green((20, 25, 30, None, 18, 19), players=1)
    g.arrive(0, 1)
    dice.load([(Y1, 4), (O1, 6), (O2, 7), (R1, 6), (R2, 8)])
    p = g.hole_in_one(0, (Y1, O1, O2, R1, R2))
    assert (p.target, p.total, p.outcome) == (31, 31, SUNK)
    dice.load([(Y1, 4), (O1, 6), (O2, 7), (R1, 6), (R2, 6)])
    assert g.hole_in_one(0, (Y1, O1, O2, R1, R2)).outcome == SHORT
    assert g.values[0] == [0] * 7 and g.pool_dice() == []   # the dice are not left lying


def test_the_longest_putt_card_goes_to_a_single_roll_from_a_greater_target():
    """"If you SUNK THE PUTT in a single roll of the dice claim the longest putt card if your
    target was greater than the current holder's." """
    award = LongestPutt()
    g, dice = _examples()
    assert award.claim(putt(g, dice, GROVER, [(WHITE, 1), (Y1, 4), (Y2, 5), (O1, 6),
                                              (O2, 7)]))
    assert (award.holder, award.target) == (GROVER, 21)
    janelle = putt(g, dice, JANELLE, [(WHITE, 2), (Y1, 4), (Y2, 5), (O1, 6), (O2, 7),
                                      (R1, 6), (R2, 9)])
    assert award.claim(janelle) and award.holder == JANELLE
    # Nick's 45 took two rolls: no claim, although 42 is greater than 39.
    putt(g, dice, NICK, [(Y1, 4), (Y2, 4), (O1, 4), (O2, 7), (R1, 5), (R2, 8)], borrow=JANELLE)
    nick = putt(g, dice, NICK, [(O1, 7), (R1, 6)], borrow=JANELLE)
    assert nick.outcome == SUNK and not award.claim(nick) and award.holder == JANELLE


# ------------------------------------------------------------------ the log

def test_a_putt_is_one_logged_number_and_replays_the_same_dice():
    """The dice are the game's seeded dice: the same seed and the same logged putts throw the
    same faces, so a replay or a resumed journal never re-rolls."""
    assert putt_args(putt_code((0, 3, 6), 2)) == ((0, 3, 6), 2)
    assert putt_args(putt_code((1,), -1)) == ((1,), -1)
    codes = [(0, putt_code(ALL, -1)), (1, putt_code((0, 1, 2, 3, 4, 5), 0)),
             (1, putt_code((1, 2), 0))]
    states = []
    for _ in range(2):
        g = putting.Putting(GREENS, card((44, 44, 44, 44, 44, 44)),
                            [putting.Putter(), putting.Putter()], Dice(7))
        g.arrive(0, 0)
        g.arrive(1, 1)
        for seat, code in codes:
            roll, borrow = putt_args(code)
            g.roll(seat, roll, borrow)
            g.settle(seat)
        out = []
        g.state_ints(out)
        states.append(out)
    assert states[0] == states[1]
