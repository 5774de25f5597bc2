# Reading the Greens as data (teebox/data/greens.json): the shipped dice and green cards honour
# the booklet, a broken file is refused naming the die or card and the field, the green deck
# and how a card lies beside its green. Peter's putting. Runs under CPython and MicroPython.
import json

from fwtest import raises

from engine_kit import make_course
from greens_kit import F, GREENS, O1, R1, R2, WHITE, Y1, green, putt
from teebox import shipped
from teebox.core.hexgrid import E, NE, NW, SE, SW, W
from teebox.core.holes18.cards import CardDataError
from teebox.core.holes18.expansions import greens, greens_data, peter, putting
from teebox.core.holes18.expansions.putting import BESIDE, CHANGE, FLAGGED, PUTT, SHORT, SUNK
from teebox.core.rng import Rng


def _raw():
    with open(shipped.data_path("greens.json")) as f:
        return json.loads(f.read())


def _problems(data):
    return raises(CardDataError, greens_data.load_greens, json.dumps(data)).problems


# ------------------------------------------------------------------ the shipped file

def test_seven_dice_a_player_in_four_colours_thirty_five_for_five_players():
    """"Give each player a set of dice: 1x white, 2x yellow, 2x orange and 2x red." "PUTTING
    DICE (x35, 7 EACH)" """
    assert len(GREENS.set) == 7 and len(GREENS.set) * 5 == 35
    assert [GREENS.set.count(c) for c in range(4)] == [1, 2, 2, 2]


def test_the_darker_dice_go_further_and_flag_more_often():
    """"the darker the red the higher the numbers and more flags" "The red and orange dice go
    further (larger numbers) and it's more likely that you will roll a flag" """
    tops = [max(f) for f in GREENS.faces]
    flags = [list(f).count(greens_data.FLAG) for f in GREENS.faces]
    assert tops == sorted(tops) and tops[0] < tops[-1]
    assert flags == sorted(flags) and flags[0] == 0 and flags[2] >= 1
    # The PUTT card's ranges: 1-3, 2-5, 4-7, 5-9.
    ranges = [(min([x for x in f if x]), max(f)) for f in GREENS.faces]
    assert ranges == [(1, 3), (2, 5), (4, 7), (5, 9)]


def test_thirty_six_green_cards_enough_for_the_starter_deck_every_target_reachable():
    """"GREEN CARDS (x36)" "A starter deck is 4 easy (one putter icon), 4 hard (three putter
    icons) and 10 medium (two putter icons)" """
    assert len(GREENS.cards) == 36
    assert [len(GREENS.by_putters(n)) >= need for n, need in ((1, 4), (2, 10), (3, 4))] == \
        [True, True, True]
    for c in GREENS.cards:
        assert c.targets[0] != putting.NO_TARGET          # the fairway comes in at the bottom
        assert c.highest() + 1 <= GREENS.most()           # a hole-in-one can go in
    # "The more putter icons ... the more difficult the green is."
    means = [sum([c.lowest() for c in GREENS.by_putters(n)]) // len(GREENS.by_putters(n))
             for n in (1, 2, 3)]
    assert means == sorted(means) and means[0] < means[2]
    assert [t for t in GREENS.cards[33].targets] == [42, 0, 0, 0, 42, 42]   # the example card


# ------------------------------------------------------------------ broken files

def test_a_wrong_dice_set_is_refused_saying_what_the_booklet_asks():
    data = _raw()
    data["dice"][1]["count"] = 3
    data["dice"][3]["faces"] = [5, 6, 8, 9, "F", "X"]
    data["dice"][2]["faces"] = ["F"] * 6
    problems = _problems(data)
    assert "greens.json: die yellow: count must be 2: 'Give each player a set of dice: 1x " \
        "white, 2x yellow, 2x orange and 2x red'" in problems
    assert "greens.json: die red: face 'X' must be a number from 1 to 20 or \"F\" (a flag)" \
        in problems
    assert any("die orange: every face is a flag" in p for p in problems)


def test_lighter_dice_with_more_flags_are_refused():
    data = _raw()
    data["dice"][1]["faces"] = [2, 3, 4, "F", "F", "F"]
    assert any("die orange: the darker die needs higher numbers and at least as many flags"
               in p for p in _problems(data))


def test_a_broken_green_card_is_refused_naming_the_card_and_the_side():
    data = _raw()
    data["greens"][0]["targets"][0] = None
    data["greens"][1]["targets"] = [20, 20]
    data["greens"][2]["putters"] = 4
    data["greens"][3]["targets"][2] = "far"
    data["greens"][4]["id"] = "G01"
    problems = _problems(data)
    assert "greens.json: card G01: side 0 (where the fairway comes in) needs a target" in problems
    assert any(p.startswith("greens.json: card G02: targets must list 6 sides") for p in problems)
    assert "greens.json: card G03: putters must be 1 (easy), 2 (medium) or 3 (hard), not 4" \
        in problems
    assert "greens.json: card G04: target of side 2 must be a whole number from 1 or null, " \
        "not 'far'" in problems
    assert "greens.json: card G01: id is used by another green card" in problems


def test_an_unreachable_hole_in_one_and_a_short_deck_are_refused():
    data = _raw()
    data["greens"][0]["targets"][3] = 45
    data["greens"] = [c for c in data["greens"] if c["putters"] != 3 or c["id"] == "G36"]
    problems = _problems(data)
    assert "greens.json: card G01: highest target 45: a hole-in-one needs 46 ('the highest " \
        "PUTT TARGET and add 1 to it') but seven dice reach at most 45" in problems
    assert "greens.json: greens: has 1 cards with 3 putter icons: the starter deck (4/10/4) " \
        "needs 4" in problems


# ------------------------------------------------------------------ the green deck

def test_the_green_deck_follows_the_course_mix_or_the_starter_deck():
    """"If you're playing an online course then there will be an indicator telling you what
    greens to place in the deck e.g. 4/10/4." """
    deck = greens.deck(GREENS, (2, 5, 2), 9, Rng(3))
    assert [len([c for c in deck if c.putters == n]) for n in (1, 2, 3)] == [2, 5, 2]
    deck = greens.deck(GREENS, (0, 0, 0), 18, Rng(3))
    assert [len([c for c in deck if c.putters == n]) for n in (1, 2, 3)] == [4, 10, 4]
    assert greens.deck(GREENS, (0, 0, 0), 18, Rng(3)) == deck        # the seeded shuffle
    assert greens.deck(GREENS, (0, 0, 0), 18, Rng(4)) != deck


def test_a_mix_short_of_cards_is_dealt_from_all_the_green_cards():
    """"It is also OK to shuffle all the green cards together and deal out 18." """
    deck = greens.deck(GREENS, (0, 0, 18), 18, Rng(5))
    assert len(deck) == 18 and len(set([c.id for c in deck])) == 18
    assert len([c for c in deck if c.putters == 3]) == 10


# ------------------------------------------------------------------ the card beside the green

ROWS = ["rrrrrr", "rTffGr", "rrrrrr"]


def test_the_card_lies_with_its_fairway_toward_the_green_fairway_and_sides_follow():
    """"Each green card has a small piece of fairway coming in from the bottom of the hex. Use
    this fairway to orient the green card with the green on the course." "place your meeple
    on the GREEN CARD on the side that they arrived from" """
    course = make_course(ROWS, [(3, (1, 1), (4, 1))])
    gq, gr = course.hole(1)[3:]
    assert greens.card_turn(course, 1) == W             # the fairway comes in from the west
    came = {}
    for d in (E, NE, NW, W, SW, SE):
        q, r = gq + (1, 1, 0, -1, -1, 0)[d], gr + (0, -1, -1, 0, 1, 1)[d]
        came[d] = greens.arrival_side(course, 1, q, r)
    assert came[W] == 0                                  # along the fairway: the fairway side
    assert (came[SW], came[SE], came[E], came[NE], came[NW]) == (1, 2, 3, 4, 5)


# ------------------------------------------------------------------ Peter

def test_peter_a_putts_from_a_side_without_target_with_the_lowest_target():
    """Peter A: "Peter can PUTT from sides that do not have a target. When he does he uses the
    lowest target on the green card." """
    g, dice = green((30, 25, None, 35, 40, 28), players=2,
                    putters=[putting.Putter(), peter.putter(("peter", "A"))])
    g.arrive(0, 2)
    g.arrive(1, 2)
    assert g.action_reason(0, PUTT) is not None
    assert g.action_reason(1, PUTT) is None and g.target(1) == 25
    assert g.action_reason(1, CHANGE) is None


def test_peter_b_halves_the_target_with_a_red_die_and_any_flag_keeps_it_out():
    """Peter B: "When playing Peter you must halve any target when you use a red dice. If you
    roll any number of flags the putt does not sink." """
    g, dice = green((30, 6, 6, 6, 6, 6), players=1, putters=[peter.putter(("peter", "B"))])
    g.arrive(0, 0)
    assert g.target(0) == 30
    p = putt(g, dice, 0, [(WHITE, 2), (Y1, 4), (R1, 9)])
    assert (p.target, p.total, p.outcome) == (15, 15, SUNK)
    g, dice = green((30, 6, 6, 6, 6, 6), players=1, putters=[peter.putter(("peter", "B"))])
    g.arrive(0, 0)
    p = putt(g, dice, 0, [(R1, F), (R1, F), (R1, 9), (R2, 8)])
    assert (p.target, p.flags, p.outcome) == (15, 2, FLAGGED)     # even flags: still out
    g, dice = green((12, 6, 6, 6, 6, 6), players=1, putters=[peter.putter(("peter", "B"))])
    g.arrive(0, 0)
    p = putt(g, dice, 0, [(O1, F), (O1, 7), (Y1, 5)])              # no red: the full 12
    assert (p.target, p.outcome) == (12, FLAGGED)
    assert putting.Putter().verdict(12, 12, 1) == BESIDE and putting.Putter().verdict(
        12, 11, 0) == SHORT
