# Domino Golf shots: what a played domino does, in the rulebook's order, from the tee,
# the lay-up and the approach; trees, sand and water; the gods of golf; holes-in-one
# and eagles; and the rulebook's worked example. Runs under CPython and in MicroPython.
from fwtest import raises

from dominogolf_kit import D, game, gods, outs_of, play
from teebox.core.contract import IllegalMove
from teebox.core.dominogolf import bot, shots
from teebox.core.dominogolf.protocol import (
    FAIRWAY, FROM_GODS, GODS, GREENSIDE_SAND, HOLED, IN_FAIRWAY, IN_ROUGH, IN_SAND,
    ONE_PUTT, OUT_CHECK, OUT_DRAWN, OUT_PENALTY, OUT_SCORED, OUT_SHOT, OUT_TURN, PLAY, ROUGH,
    SAND, THREE_PUTTS, TREE, TWO_PUTTS, WATER)

FILL = [D(9, 11), D(10, 11), D(8, 9), D(7, 11), D(7, 9)]  # a bag no test plays from


def _par3(bag0, green=D(0, 9), draws=()):
    return game([bag0, FILL], [green], draws)


def _result(outs):
    return outs_of(outs, OUT_SHOT)[0][4]


def test_par_three_results_apply_in_order_and_give_the_strokes_for_the_hole():
    # "1. If either number on the played domino matches the higher number of the
    # "green" domino ... one-putts for a birdie. He is "down in two."
    # 2. ... matches the lower number ... two-putts for a Par ... "down in three."
    # 3. If the total pips on the domino played is equal to or less than the total
    # pips on the hole domino ... three-putts for a Bogey. It's "down in four."
    # 4. If none of the above applies, the tee shot lands in a sand trap ... "It's down
    # in five."" (Example: green 0/9; 4/5 is 9 pips, a bogey; 4/6 is 10, a double bogey.)
    for played, res, strokes in ((D(9, 12), ONE_PUTT, 2), (D(0, 12), TWO_PUTTS, 3),
                                 (D(4, 5), THREE_PUTTS, 4), (D(4, 6), GREENSIDE_SAND, 5)):
        g = _par3([played, D(1, 2), D(1, 3), D(1, 4), D(1, 5)])
        outs = play(g, played)
        assert _result(outs) == res
        assert outs_of(outs, OUT_SHOT)[0][5] == strokes
        assert g.strokes[0] == strokes and g.scores[0] == [strokes]


def test_the_first_result_that_applies_is_the_one():
    # "First see if result 1 applies; if not, see if result 2 applies, etc.": 0/9
    # matches both numbers of the green 0/9's... a 9/0 is the green itself, so a 3/9
    # (12 pips, more than 9) that matches the higher number is a birdie, and a 0/1
    # (1 pip) that matches the lower number is a par, not a bogey.
    assert shots.result(D(3, 9), D(0, 9), True) == ONE_PUTT
    assert shots.result(D(0, 1), D(0, 9), True) == TWO_PUTTS
    assert shots.result(D(5, 7), D(5, 7), False) == FAIRWAY


def test_par_is_set_by_the_lower_number_of_the_green():
    # "If the lower number on the domino is 0,1 or 2, then this hole will be a Par 3
    # hole. If the lower number is a 3,4,5 or 6, then it will be a Par 4. If the lower
    # number is a 7,8,9,10,11 or 12, then it will be a Par 5."
    pars = [shots.par_of(D(low, 12)) for low in range(13)]
    assert pars == [3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5]
    assert shots.par_of(D(2, 3)) == 3 and shots.par_of(D(3, 4)) == 4


def _par4(bag0, approach, draws=(), green=D(3, 10), bag1=FILL):
    # Hole 1 is a par 4 with ``approach``; seat 0 tees off first.
    return game([bag0, bag1], [green], [approach] + list(draws))


def test_a_par_four_tee_shot_lands_in_the_fairway_rough_sand_or_a_tree():
    # "2. If either number on the played domino matches the higher number of the
    # approach domino, then the tee shot lands in the fairway ... draw a replacement
    # domino and add it to your hand. 3. ... matches the lower number ... rough ... Do
    # not draw a replacement domino. 4. If the total pips ... equal to or less than the
    # total pips on the approach domino, then the tee shot lands in a sand trap ...
    # 5. If none of the above applies, the tee shot hits a tree. Take a domino from the
    # gods of golf and keep it face-down ... it represents an additional stroke ...
    # Then place your marker on or next to the approach domino's lower number (rough)."
    approach = D(2, 6)
    cases = ((D(6, 11), FAIRWAY, IN_FAIRWAY, 1, 0), (D(2, 11), ROUGH, IN_ROUGH, 0, 0),
             (D(1, 5), SAND, IN_SAND, 0, 0), (D(4, 5), TREE, IN_ROUGH, 0, 1))
    for played, res, lie, replaced, chips in cases:
        bag = [played, D(0, 0), D(1, 1), D(3, 3), D(4, 4)]
        g = _par4(bag, approach, [D(0, 1), D(0, 2)])
        outs = play(g, played)
        assert _result(outs) == res and g.lie[0] == lie
        assert len(outs_of(outs, OUT_DRAWN)) == replaced and len(g.bags[0]) == 4 + replaced
        assert len(g.penalty[0]) == chips and g.strokes[0] == 1 + chips
        assert [o[2] for o in outs_of(outs, OUT_PENALTY)] == [D(0, 1)][:chips]


def test_a_gods_of_golf_pick_in_the_fairway_draws_no_replacement():
    # "Do not draw a replacement if you drew from the gods of golf instead of playing
    # from your hand."
    bag = [D(0, 1), D(0, 2), D(0, 3), D(0, 4), D(1, 2)]
    g = _par4(bag, D(2, 6), [D(6, 7)])
    outs = gods(g)
    assert outs_of(outs, OUT_SHOT)[0][2:5] == (D(6, 7), FROM_GODS, FAIRWAY)
    assert outs_of(outs, OUT_DRAWN) == [] and g.bags[0] == bag


def test_from_the_sand_the_next_shot_must_come_from_the_gods_of_golf():
    # "If your second shot is made from the sand, you may not play a domino from your
    # hand. Instead, you must pick a random domino from the gods of golf, which must
    # then be played."
    bag = [D(1, 5), D(3, 12), D(0, 0), D(1, 1), D(4, 4)]
    g = _par4(bag, D(2, 6), [D(6, 7), D(5, 8), D(3, 9)])
    play(g, D(1, 5))            # sand
    play(g, FILL[0])            # seat 1: a tree (20 pips), chip D(6, 7)... then rough
    assert g.pending().player == 0 and g.lie[0] == IN_SAND
    assert g.choices(0) == [(GODS,)]
    assert "from the sand you must go with the gods of golf" in str(
        raises(IllegalMove, g.apply, (PLAY, D(3, 12)), 0))


def test_from_an_approach_players_on_sand_shoot_first_then_rough_then_fairway():
    # "When playing from an approach or lay-up domino, players on sand shoot first,
    # then players in rough, then players in the fairway."
    bags = [[D(6, 11), D(0, 4), D(0, 5), D(0, 6), D(0, 7)],
            [D(2, 11), D(1, 4), D(1, 6), D(1, 7), D(1, 8)],
            [D(1, 5), D(3, 4), D(3, 5), D(3, 6), D(3, 7)]]
    g = game(bags, [D(3, 10)], [D(2, 6), D(0, 3)])
    for seat, d in ((0, D(6, 11)), (1, D(2, 11)), (2, D(1, 5))):
        assert g.pending().player == seat
        outs = play(g, d)
    assert [o[1] for o in outs_of(outs, OUT_TURN)] == [2]
    assert g.lie[0] == IN_FAIRWAY and g.lie[1] == IN_ROUGH and g.lie[2] == IN_SAND
    order = [2]
    outs = gods(g)
    order += [o[1] for o in outs_of(outs, OUT_TURN)]
    outs = play(g, D(1, 4))
    order += [o[1] for o in outs_of(outs, OUT_TURN)]
    assert order == [2, 1, 0]


def test_water_plays_fairway_rough_or_water_and_costs_two_strokes():
    # "When a double is drawn for an approach or lay-up domino, it means there is a
    # water hazard ... there is a penalty of two strokes (instead of one) ... The only
    # results of your shot can be: fairway, rough (instead of sand) or water. ... If you
    # can match the number, your shot is on the fairway. Failing that, if you play a
    # domino whose total pips are equal to or less than the total pips on the approach
    # domino, then your shot lands in rough. Failing that, your shot lands in the water."
    water = D(5, 5)
    for played, res, lie, strokes in ((D(5, 12), FAIRWAY, IN_FAIRWAY, 1),
                                      (D(2, 8), ROUGH, IN_ROUGH, 1),
                                      (D(1, 2), ROUGH, IN_ROUGH, 1),
                                      (D(4, 7), WATER, IN_ROUGH, 3)):
        bag = [played, D(0, 0), D(1, 1), D(3, 3), D(4, 4)]
        g = _par4(bag, water, [D(0, 1), D(0, 2)])
        outs = play(g, played)
        assert _result(outs) == res and g.lie[0] == lie and g.strokes[0] == strokes
        assert len(outs_of(outs, OUT_PENALTY)) == strokes - 1 == len(g.penalty[0])


def test_a_double_matching_the_green_may_go_in_for_a_hole_in_one():
    # "If you play a double domino from the tee domino on a Par 3 hole, and it matches
    # the number on the "green" domino which is farther from the tee, it may go into the
    # hole for a hole-in-one. Choose a random domino from the gods of golf. If either
    # number also matches ... the hole-in-one is made!"
    bag = [D(9, 9), D(1, 2), D(1, 3), D(1, 4), D(1, 5)]
    g = _par3(bag, draws=[D(9, 12)])
    outs = play(g, D(9, 9))
    assert outs_of(outs, OUT_CHECK) == [(OUT_CHECK, 0, D(9, 12), 1)]
    assert _result(outs) == HOLED and g.scores[0] == [1]
    g = _par3(bag, draws=[D(8, 12)])
    outs = play(g, D(9, 9))
    assert outs_of(outs, OUT_CHECK) == [(OUT_CHECK, 0, D(8, 12), 0)]
    assert _result(outs) == ONE_PUTT and g.scores[0] == [2]


def test_an_eagle_needs_the_double_played_from_the_fairway():
    # "If you play a double domino from the approach domino on a Par 4 or Par 5 hole,
    # and it matches the number on the green domino which is farther from the tee, it
    # may go into the hole for an eagle. ... The double must be played from the fairway
    # (not rough or sand) for the eagle to be made."
    # (draws: the fairway's replacement, the other player's chip, the eagle's pick)
    for tee_shot, lie, draws, checks, score in (
            (D(6, 11), IN_FAIRWAY, [D(0, 1), D(0, 2), D(10, 12)], 1, 2),
            (D(2, 11), IN_ROUGH, [D(0, 2)], 0, 3)):
        bag = [tee_shot, D(10, 10), D(0, 0), D(1, 1), D(4, 4)]
        g = _par4(bag, D(2, 6), draws)
        play(g, tee_shot)
        play(g, FILL[0])
        assert g.lie[0] == lie
        while g.pending().player != 0:
            play(g, g.bags[g.pending().player][0])
        outs = play(g, D(10, 10))
        assert len(outs_of(outs, OUT_CHECK)) == checks
        assert _result(outs) == (HOLED if checks else ONE_PUTT)
        assert outs_of(outs, OUT_SCORED)[0][3] == score


def test_the_rulebooks_par_five_example():
    # "Tee Shot: I don't hold a domino with a 7 or 1. The only domino I have which is
    # less than or equal to 8 pips is the 4/4, but I hope to use it later for a possible
    # eagle or "change of luck." So although the odds are against me, I draw randomly
    # from the gods of golf and get a 6/9 - I hit a tree! So I take a face-down domino
    # from the gods of golf to denote a chip shot into the rough and put my marker on
    # the lay-up domino's 1."
    # "Next Shot: ... now I can't match 0 or 5, or play anything less than or equal to
    # 5. Guess I might as well draw from the gods of golf... and luckily I pick the
    # 5/10. I must play it, and my ball lands on the fairway. (If I'd played this domino
    # from my hand, instead of from the gods of golf, I'd have drawn a replacement
    # domino since I landed on the fairway.)"
    mine = [D(4, 4), D(6, 10), D(9, 12), D(3, 11), D(8, 10)]
    theirs = [D(7, 12)] + FILL[1:]
    chip = D(2, 12)
    g = game([mine, theirs], [D(8, 11)], [D(0, 5), D(1, 7), D(6, 9), chip, D(2, 3), D(5, 10)])
    assert g.par == 5 and g.layout == [D(1, 7), D(0, 5), D(8, 11)]
    assert bot.SensibleBot().choose(g, 0) == (GODS,)   # the 4/4 is kept
    outs = gods(g)
    assert outs_of(outs, OUT_SHOT)[0][2:5] == (D(6, 9), FROM_GODS, TREE)
    assert outs_of(outs, OUT_PENALTY) == [(OUT_PENALTY, 0, chip)]
    assert g.lie[0] == IN_ROUGH and g.strokes[0] == 2
    play(g, D(7, 12))                                  # the other player: fairway
    assert g.pending().player == 0                     # the rough before the fairway
    assert [c for c in g.choices(0) if c[0] == PLAY and g.preview(c, 0) < SAND] == []
    assert bot.SensibleBot().choose(g, 0) == (GODS,)
    outs = gods(g)
    assert outs_of(outs, OUT_SHOT)[0][2:6] == (D(5, 10), FROM_GODS, FAIRWAY, 3)
    assert outs_of(outs, OUT_DRAWN) == [] and g.lie[0] == IN_FAIRWAY and g.bags[0] == mine
    assert g.preview((PLAY, D(6, 10)), 0) is None      # not seat 0's shot now
