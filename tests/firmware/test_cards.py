# Club and shot card data: the shipped files honour the rulebook, and every broken
# file is refused with a message naming the file, the card and the field.
# Runs under CPython and inside MicroPython.
import json

from fwtest import raises

from teebox.core.holes18 import cards
from teebox.core.holes18.cards import CardDataError
from teebox import shipped

CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()
BASE = [c for c in CLUBS if not c.expansion]


def _raw(filename):
    with open(shipped.data_path(filename)) as f:
        return json.loads(f.read())


def _club_problems(data):
    return raises(CardDataError, cards.load_clubs, json.dumps(data)).problems


def _shot_problems(data):
    return raises(CardDataError, cards.load_shots, json.dumps(data)).problems


def _club_card(data, cid):
    for c in data["clubs"]:
        if c["id"] == cid:
            return c
    raise AssertionError("no club " + cid)


def _shot_card(data, sid):
    for deck in data["decks"].values():
        for c in deck:
            if c["id"] == sid:
                return c
    raise AssertionError("no shot " + sid)


def _named(name):
    return [c for c in BASE if c.name == name]


def _has(problems, text):
    for line in problems:
        if text in line:
            return True
    raise AssertionError("%r not in:\n%s" % (text, "\n".join(problems)))


# ------------------------------------------------------------ the shipped clubs

def test_deck_names_and_the_deck_above():
    assert cards.DECKS == ("C", "2", "3", "4", "5")
    assert [cards.deck_above(d) for d in cards.DECKS] == ["2", "3", "4", "5", None]
    assert "unknown shot deck" in str(raises(ValueError, cards.deck_above, "6"))


def test_34_base_clubs_with_unique_initiatives_and_some_duplicates():
    assert len(BASE) == 34
    assert len(set(c.initiative for c in BASE)) == 34
    assert len(set(c.id for c in CLUBS)) == len(CLUBS)
    # Iron Jane "may not take two of the same club": the deck holds duplicates.
    assert len(set(c.name for c in BASE)) < 34


def test_rulebook_initiatives_8_hybrid_5_6_iron_12_5_wood_20():
    assert 5 in [c.initiative for c in _named("8 Hybrid")]
    assert 12 in [c.initiative for c in _named("6 Iron")]
    assert 20 in [c.initiative for c in _named("5 Wood")]


def test_5_wood_moves_3_hexes_and_2_from_the_rough():
    for wood in _named("5 Wood"):
        assert wood.kind == "fixed" and wood.distance == 3 and wood.rough_distance == 2
        assert wood.big_hit_deck() is None


def test_2_iron_draws_from_deck_4_and_9_iron_chips():
    for club in _named("2 Iron"):
        assert club.decks == ("4",) and club.count == 1
    for club in _named("9 Iron"):
        assert club.chips and "C" in club.decks
    # The rulebook's big-hit picture: the 9 Iron can big hit.
    assert _named("9 Iron")[0].big_hit_deck() == "2"


def test_driver_plays_only_from_a_tee_box_and_never_big_hits():
    drivers = _named("Driver")
    assert len(drivers) == 1  # Slugger takes "the driver"
    assert drivers[0].tee_only and not drivers[0].big_hit
    assert drivers[0].big_hit_deck() is None


def test_hybrids_ignore_the_rough_and_wedges_keep_their_powers():
    hybrids = [c for c in BASE if "Hybrid" in c.name]
    assert set(c.name for c in hybrids) == {"3 Hybrid", "5 Hybrid", "8 Hybrid"}
    assert all(c.no_rough_penalty for c in hybrids)
    assert [c for c in BASE if c.no_rough_penalty] == hybrids
    assert all(c.sand_as_rough for c in _named("Sand Wedge"))
    assert all(c.no_declare and c.chips for c in _named("Lob Wedge"))
    wedges = set(c.name for c in BASE if c.wedge)
    assert wedges == {"Pitching Wedge", "Sand Wedge", "Lob Wedge"}


def test_no_club_that_draws_from_deck_5_can_big_hit():
    for club in BASE:
        if "5" in club.decks:
            assert club.big_hit_deck() is None, club


def test_big_hit_from_decks_3_and_4_draws_two_from_deck_5():
    # "If your club allows you to draw from shot decks #3 and #4, then you draw two
    # cards from shot deck #5."
    both = [c for c in BASE if c.decks == ("3", "4")]
    assert both
    for club in both:
        assert club.count == 1
        assert club.big_hit_deck() == "5" and club.big_hit_count() == 2


def test_big_hit_with_a_two_card_club_draws_three():
    # "If your club card allows you to draw 2 cards then you must draw 3 cards."
    doubles = [c for c in BASE if c.count == 2 and c.big_hit]
    assert doubles
    for club in doubles:
        assert len(club.decks) == 1 and club.big_hit_count() == 3
        assert club.big_hit_deck() == cards.deck_above(club.decks[0])


def test_player_marks_deal_evenly():
    # 1-2 players: 20 cards (10 each; solo: yours + three opponents' 5 each),
    # 3-4 players: 24 (8 or 6 each), 5 players: all 34 (6 each, 4 back to the box).
    counts = [len(cards.clubs_for(CLUBS, n)) for n in range(1, 6)]
    assert counts == [20, 20, 24, 24, 34]
    for players in (2, 3, 4):
        assert counts[players - 1] % players == 0
    for players in range(1, 6):
        assert counts[players - 1] // players >= 5
    # Every kind of club is still on offer in a two-player draft.
    two = set(c.name for c in cards.clubs_for(CLUBS, 2))
    assert two == set(c.name for c in BASE)


def test_first_game_hands_are_five_varied_bags_of_five():
    for letter in "ABCDE":
        hand = [c for c in BASE if c.hand == letter]
        assert len(hand) == 5, letter
        assert any(c.chips for c in hand), letter  # a chip or wedge
        reach = [c.distance if c.kind == "fixed" else int(max(c.decks)) for c in hand
                 if not c.chips]
        assert max(reach) >= 4, letter  # something long
        assert 2 in reach and any(r == 3 for r in reach), letter  # something short and mid
        assert len(set(c.name for c in hand)) == 5, letter


def test_expansions_add_the_greens_clubs_and_swap_the_wind_hybrids():
    base2 = cards.clubs_for(CLUBS, 2)
    greens = cards.clubs_for(CLUBS, 2, ("greens",))
    added = [c for c in greens if c not in base2]
    assert set(c.name for c in added) == {"Mallet Putter", "Gap Wedge"}
    assert [c for c in added if c.putter][0].name == "Mallet Putter"
    wind = cards.clubs_for(CLUBS, 5, ("wind",))
    assert len(wind) == 34
    by_init = dict((c.initiative, c) for c in wind)
    for init in (2, 4, 6):  # "the 3 hybrid cards that have the same initiative (#2, #4 and #6)"
        assert by_init[init].wind_hybrid and not by_init[init].no_rough_penalty
    assert by_init[5].name == "8 Hybrid" and by_init[5].no_rough_penalty  # the base game's example
    first_game = [c for c in cards.clubs_for(CLUBS, 5, ("wind",)) if c.hand == "E"]
    assert len(first_game) == 5


def test_clubs_for_refuses_bad_player_counts_and_expansions():
    assert "1 to 5 players" in str(raises(ValueError, cards.clubs_for, CLUBS, 6))
    assert "unknown expansion" in str(raises(ValueError, cards.clubs_for, CLUBS, 2, ("moon",)))


# ------------------------------------------------------------ the shipped shots

def test_74_shot_cards_in_five_decks():
    assert sum(len(SHOTS[d]) for d in cards.DECKS) == 74
    for deck in cards.DECKS:
        assert all(s.deck == deck for s in SHOTS[deck])


def test_chip_cards_fly_two_hexes_and_have_no_rough_symbol():
    for shot in SHOTS["C"]:
        for path, rough in shot.outcomes:
            assert len(path) == 2 and rough is None


def test_rough_landing_is_the_same_shape_one_hex_shorter():
    for deck in cards.DECKS[1:]:
        for shot in SHOTS[deck]:
            for path, rough in shot.outcomes:
                assert len(rough) == len(path) - 1, shot
    # The 2 Iron example: a deck 4 card curving left goes 2 straight then 1 left from the rough.
    assert ("SSSL", "SSL") in [o for s in SHOTS["4"] for o in s.outcomes]


def test_every_numbered_deck_hits_straight_left_and_right_with_rising_distance():
    previous = 0
    for deck in cards.DECKS[1:]:
        paths = [p for s in SHOTS[deck] if s.special == cards.NONE for p, _ in s.outcomes]
        assert any("L" in p for p in paths) and any("R" in p for p in paths), deck
        assert any(p == "S" * len(p) for p in paths), deck
        mean10 = 10 * sum(len(p) for p in paths) // len(paths)
        assert mean10 > previous, deck
        previous = mean10


def test_specials_supers_go_up_shorts_go_down_one_shuffle_per_numbered_deck():
    for deck in cards.DECKS:
        shots = SHOTS[deck]
        shuffles = [s for s in shots if s.special == cards.SHUFFLE]
        assert len(shuffles) == (0 if deck == "C" else 1), deck
        for s in shots:
            if s.special == cards.SUPER:
                assert s.special_deck == cards.deck_above(deck) and not s.outcomes
            if s.special == cards.SHORT:
                assert cards.deck_above(s.special_deck) == deck and not s.outcomes
    longest = [s for d in cards.DECKS for s in SHOTS[d] if s.special == cards.LONGEST_DRIVE]
    assert len(longest) == 1 and longest[0].deck == "5"
    assert longest[0].outcomes == (("SSSSSS", "SSSSS"),)


def test_wild_cards_offer_a_choice():
    wilds = [s for d in cards.DECKS for s in SHOTS[d] if s.wild]
    assert wilds
    for s in wilds:
        assert 2 <= len(s.outcomes) <= 3


def test_every_card_has_a_bunker_outcome_and_sand_is_harder_from_higher_decks():
    stay_share = []
    for deck in cards.DECKS:
        outcomes = [s.bunker for s in SHOTS[deck]]
        assert all(b in (cards.STAY, cards.LEFT, cards.TARGET, cards.RIGHT) for b in outcomes)
        assert outcomes.count(cards.LEFT) == outcomes.count(cards.RIGHT)
        stay_share.append(100 * outcomes.count(cards.STAY) // len(outcomes))
    assert stay_share == sorted(stay_share) and stay_share[0] < stay_share[-1]


# ------------------------------------------------------------ validation messages

def _nested(levels):
    # A card file whose "about" is ``levels`` lists inside one another.
    return '{"about": %s, "clubs": []}' % ("[" * levels + "]" * levels)


def test_deeply_nested_json_is_refused_with_a_clear_error():
    """Issue 15: deep nesting ended in a RecursionError traceback (CPython); MicroPython
    parses it and fails later. Both runtimes now refuse it the same way."""
    for levels in (17, 5000):
        for load in (cards.load_clubs, cards.load_shots):
            err = raises(CardDataError, load, _nested(levels), "deep.json")
            assert err.problems == ["deep.json: lists [...] and objects {...} are nested "
                                    "more than 16 deep inside one another; no Teebox file "
                                    "nests that deep (look for stray brackets)"]
    # 16 levels are read as JSON: the card checks then say what is wrong with them.
    err = raises(CardDataError, cards.load_clubs, _nested(15), "deep.json")
    assert "'about' must be a list of text lines" in str(err)


def test_bad_json_says_where():
    text = '{\n  "about": [],\n  "clubs": [\n    {"id": "x", "name": Driver}\n  ]\n}\n'
    err = raises(CardDataError, cards.load_clubs, text)
    assert err.problems == [
        "clubs.json: line 4, column 25: not valid JSON: unexpected 'D' (a value is a string in "
        "double quotes, a number, true, false, null, [...] or {...})"]
    err = raises(CardDataError, cards.load_shots, '{"decks": [1, 2', "mine.json")
    assert err.problems == ["mine.json: line 1, column 16: not valid JSON: expected ',' or ']'"]
    err = raises(CardDataError, cards.load_shots, '{"decks": "open}')
    assert "string is never closed" in err.problems[0] and "column 11" in err.problems[0]


def test_missing_and_unknown_fields_are_named():
    data = _raw("clubs.json")
    del _club_card(data, "5-wood-20")["players"]
    _club_card(data, "driver-34")["colour"] = "red"
    problems = _club_problems(data)
    _has(problems, "clubs.json: card 5-wood-20: missing field 'players'")
    _has(problems, "clubs.json: card driver-34: unknown field 'colour'")
    shots = _raw("shots.json")
    del _shot_card(shots, "3-07")["bunker"]
    _has(_shot_problems(shots), "shots.json: card 3-07: missing field 'bunker'")


def test_wrong_types_are_named():
    data = _raw("clubs.json")
    _club_card(data, "5-wood-20")["initiative"] = "20"
    _club_card(data, "6-iron-12")["big_hit"] = 1
    problems = _club_problems(data)
    _has(problems, "card 5-wood-20: field 'initiative' must be a whole number, not '20'")
    _has(problems, "card 6-iron-12: field 'big_hit' must be true or false, not 1")


def test_a_card_without_an_id_is_named_by_position():
    data = _raw("clubs.json")
    del data["clubs"][2]["id"]
    _has(_club_problems(data), "clubs.json: card #3: missing field 'id'")


def test_duplicate_ids_are_refused():
    data = _raw("clubs.json")
    _club_card(data, "5-wood-25")["id"] = "5-wood-20"
    _has(_club_problems(data), "card 5-wood-20: id is used by two cards")
    shots = _raw("shots.json")
    _shot_card(shots, "4-02")["id"] = "3-01"
    _has(_shot_problems(shots), "card 3-01: id is used by two cards (decks 3 and 4)")


def test_duplicate_base_initiatives_are_refused():
    data = _raw("clubs.json")
    _club_card(data, "7-iron-14")["initiative"] = 12
    _has(_club_problems(data), "card 7-iron-14: initiative 12 is also on card 6-iron-12")


def test_unknown_deck_names_are_refused():
    data = _raw("clubs.json")
    _club_card(data, "2-iron-31")["action"]["decks"] = ["6"]
    _has(_club_problems(data), "card 2-iron-31: unknown deck '6' (use one of: C 2 3 4 5)")
    shots = _raw("shots.json")
    shots["decks"]["6"] = []
    _has(_shot_problems(shots), "shots.json: unknown deck '6'")
    shots = _raw("shots.json")
    _shot_card(shots, "3-16")["special"]["deck"] = "9"
    _has(_shot_problems(shots), "card 3-16: super sends to unknown deck '9'")


def test_draw_counts_must_be_one_or_two_and_two_only_from_one_deck():
    data = _raw("clubs.json")
    _club_card(data, "7-iron-14")["action"]["count"] = 3
    _club_card(data, "3-iron-27")["action"]["count"] = 2
    problems = _club_problems(data)
    _has(problems, "card 7-iron-14: action count must be 1 or 2 cards, not 3")
    _has(problems, "card 3-iron-27: a club with a choice of two decks draws 1 card, not 2")


def test_big_hits_need_a_deck_above():
    data = _raw("clubs.json")
    _club_card(data, "driver-34")["big_hit"] = True
    _club_card(data, "5-wood-20")["big_hit"] = True
    _club_card(data, "3-wood-29")["action"]["rough"] = 4
    problems = _club_problems(data)
    _has(problems, "card driver-34: a club that draws from deck 5 cannot big hit")
    _has(problems, "card 5-wood-20: a fixed-distance club shows no shot deck, so it cannot big hit")
    _has(problems, "card 3-wood-29: rough distance 4 must be one hex less than the distance 4")


def test_bad_path_letters_are_refused():
    shots = _raw("shots.json")
    _shot_card(shots, "3-07")["outcomes"][0]["rough"] = "SSX"
    _shot_card(shots, "2-03")["outcomes"][0]["path"] = "SQS"
    problems = _shot_problems(shots)
    assert "shots.json: card 3-07: rough path 'SSX' has a step that is not S, L or R" in problems
    assert "shots.json: card 2-03: flight path 'SQS' has a step that is not S, L or R" in problems


def test_rough_path_must_be_one_hex_shorter_along_the_same_shape():
    shots = _raw("shots.json")
    _shot_card(shots, "3-01")["outcomes"][0]["rough"] = "SSS"
    _shot_card(shots, "4-04")["outcomes"][0]["rough"] = "SSR"
    problems = _shot_problems(shots)
    _has(problems, "card 3-01: rough path 'SSS' must be exactly one hex shorter than the flight "
                   "path 'SSS'")
    _has(problems, "card 4-04: rough path 'SSR' is not the flight path 'SSSL' with one step left out")


def test_chips_have_no_rough_and_exactly_two_steps():
    shots = _raw("shots.json")
    _shot_card(shots, "C-01")["outcomes"][0]["rough"] = "S"
    _shot_card(shots, "C-02")["outcomes"][0]["path"] = "SSS"
    problems = _shot_problems(shots)
    _has(problems, "card C-01: chip cards have no rough landing (rough must be null)")
    _has(problems, "card C-02: chip path 'SSS' must be exactly 2 hexes")


def test_longest_drive_is_six_straight_and_only_it_flies_six():
    shots = _raw("shots.json")
    _shot_card(shots, "5-10")["outcomes"] = [{"path": "SSSSSL", "rough": "SSSSL"}]
    _shot_card(shots, "5-01")["outcomes"] = [{"path": "SSSSSL", "rough": "SSSSL"}]
    problems = _shot_problems(shots)
    _has(problems, "card 5-10: the longest drive flies SSSSSS (rough SSSSS), not SSSSSL")
    _has(problems, "card 5-01: flight path 'SSSSSL' is 6 hexes: only the longest drive card flies "
                   "more than 5")


def test_super_and_short_need_a_deck_in_the_right_direction():
    shots = _raw("shots.json")
    del _shot_card(shots, "2-15")["special"]["deck"]
    _shot_card(shots, "3-17")["special"]["deck"] = "4"
    _shot_card(shots, "4-14")["outcomes"] = [{"path": "SSSS", "rough": "SSS"}]
    problems = _shot_problems(shots)
    _has(problems, "card 2-15: a super card must name the deck to draw from next")
    _has(problems, "card 3-17: a short card sends to a lower deck than 3, not 4")
    _has(problems, "card 4-14: a super card has no flight path (outcomes must be [])")


def test_wild_cards_need_two_or_three_outcomes():
    shots = _raw("shots.json")
    _shot_card(shots, "2-13")["outcomes"] = [{"path": "SSL", "rough": "SL"}]
    _shot_card(shots, "2-01")["outcomes"].append({"path": "SSS", "rough": "SS"})
    problems = _shot_problems(shots)
    _has(problems, "card 2-13: a wild card offers 2 or 3 outcomes, not 1")
    _has(problems, "card 2-01: 2 outcomes but not marked \"wild\": true")


def test_deck_sizes_must_total_74():
    shots = _raw("shots.json")
    shots["decks"]["3"].pop()
    shots["decks"]["3"].pop()
    _has(_shot_problems(shots), "the decks hold 72 shot cards; 18 Holes has 74 "
                                "(C: 12, 2: 16, 3: 16, 4: 16, 5: 12)")


def test_a_deck_must_hold_the_largest_draw_a_turn_can_start_with():
    # A two-card club's big hit draws 3 cards at once from the deck above; deck 5 also
    # loses the longest drive card to the player who keeps it. (The total stays 74.)
    shots = _raw("shots.json")
    decks = shots["decks"]
    while len(decks["3"]) > 2:
        decks["2"].append(decks["3"].pop())
    longest = [c for c in decks["5"] if c.get("special", {}).get("type") == "longest_drive"]
    keep = longest + [c for c in decks["5"] if c not in longest][:2]
    decks["4"] += [c for c in decks["5"] if c not in keep]
    decks["5"] = keep
    problems = _shot_problems(shots)
    _has(problems, "shots.json: deck 3: holds 2 cards but a draw can need 3 (a two-card "
                   "club's big hit draws 3): add cards to it")
    _has(problems, "shots.json: deck 5: holds 3 cards but a draw can need 4 (a two-card "
                   "club's big hit draws 3, and the longest drive card in it may be kept "
                   "out): add cards to it")
    assert not [line for line in problems if "deck 2:" in line or "deck 4:" in line]


def test_base_club_count_must_be_34():
    data = _raw("clubs.json")
    data["clubs"] = [c for c in data["clubs"] if c["id"] != "9-iron-15"]
    _has(_club_problems(data), "clubs.json: the base game has 33 club cards; 18 Holes has 34")


def test_first_game_hands_must_hold_five_cards_each():
    data = _raw("clubs.json")
    _club_card(data, "driver-34")["hand"] = "B"
    _club_card(data, "7-iron-21")["hand"] = "F"
    problems = _club_problems(data)
    _has(problems, "card 7-iron-21: hand must be one of A, B, C, D, E or \"\", not 'F'")
    data["clubs"] = [c for c in data["clubs"] if c["id"] != "7-iron-21"] + [
        dict(_club_card(data, "7-iron-21"), hand="")]
    problems = _club_problems(data)
    _has(problems, "first-game hand A has 4 cards; each hand A to E needs 5")
    _has(problems, "first-game hand B has 6 cards; each hand A to E needs 5")


def test_player_marks_that_do_not_deal_evenly_are_refused():
    data = _raw("clubs.json")
    _club_card(data, "8-iron-10")["players"] = 3
    problems = _club_problems(data)
    _has(problems, "only 19 club cards without a 3+ / 5+ mark; Solo Chaos Golf needs 20")
    _has(problems, "with 2 players 19 club cards are in play: that does not deal evenly "
                   "(9 each, 1 left over)")
    data = _raw("clubs.json")
    _club_card(data, "8-iron-13")["players"] = 3
    problems = _club_problems(data)
    _has(problems, "with 3 players 25 club cards are in play: that does not deal evenly")
    _has(problems, "with 4 players 25 club cards are in play")
    data = _raw("clubs.json")
    _club_card(data, "8-iron-13")["players"] = 4
    _has(_club_problems(data), "card 8-iron-13: players must be 1 (always used), 3 (3+ mark) or 5")


def test_wind_hybrids_must_replace_a_base_hybrid_like_for_like():
    data = _raw("clubs.json")
    _club_card(data, "8-hybrid-wind")["initiative"] = 7
    _club_card(data, "5-hybrid-wind")["players"] = 5
    _club_card(data, "lob-wedge-1")["powers"] = ["no_declare", "wind_hybrid"]
    problems = _club_problems(data)
    _has(problems, "card 8-hybrid-wind: a wind hybrid replaces the base hybrid with the same "
                   "initiative, but no base hybrid has initiative 7")
    _has(problems, "card 5-hybrid-wind: players and hand must match the replaced card 5-hybrid-4")
    _has(problems, "card lob-wedge-1: power 'wind_hybrid' belongs on the wind expansion's "
                   "hybrids only")


def test_unknown_powers_and_expansions_are_refused():
    data = _raw("clubs.json")
    _club_card(data, "driver-34")["powers"] = ["tee_only", "rocket"]
    _club_card(data, "gap-wedge")["expansion"] = "moon"
    problems = _club_problems(data)
    _has(problems, "card driver-34: unknown power 'rocket'")
    _has(problems, "card gap-wedge: expansion must be one of: greens, wind, not 'moon'")


def test_every_problem_is_listed_at_once():
    shots = _raw("shots.json")
    _shot_card(shots, "C-03")["bunker"] = "sideways"
    _shot_card(shots, "5-02")["outcomes"][0]["path"] = ""
    shots["decks"]["2"][0]["extra"] = 1
    problems = _shot_problems(shots)
    assert len(problems) == 3, problems
    _has(problems, "card C-03: bunker outcome must be one of: stay, left, target, right, "
                   "not 'sideways'")
    _has(problems, "card 5-02: flight path must be text of S, L and R steps, not ''")
    _has(problems, "card 2-01: unknown field 'extra'")


def test_the_error_text_lists_every_problem_line():
    data = _raw("clubs.json")
    _club_card(data, "5-wood-20")["wedge"] = "no"
    _club_card(data, "5-wood-25")["wedge"] = "no"
    err = raises(CardDataError, cards.load_clubs, json.dumps(data), "my-clubs.json")
    assert str(err).split("\n") == err.problems
    assert len(err.problems) == 2
    assert err.problems[0].startswith("my-clubs.json: card 5-wood-20: field 'wedge'")


def test_top_level_shape_is_checked():
    err = raises(CardDataError, cards.load_clubs, "[]")
    assert err.problems == ["clubs.json: must be an object {...}, not []"]
    err = raises(CardDataError, cards.load_shots, '{"about": ["x"], "decks": {"C": []}}')
    _has(err.problems, "shots.json: deck 2 is missing")


def test_a_shot_without_an_id_is_named_by_deck_and_position():
    shots = _raw("shots.json")
    del shots["decks"]["4"][2]["id"]
    _has(_shot_problems(shots), "shots.json: deck 4, card #3: missing field 'id'")
