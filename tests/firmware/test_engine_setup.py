# Setting up a game, drafting, selecting and revealing clubs, play order, hand
# resets, and refusals with reasons. Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import (CLUBS, SHOTS, club, make_course, new_game, one, place, play, select)
from teebox.core.holes18 import cards, engine
from teebox.core.holes18.engine import Game, IllegalMove, Setup
from teebox.core.hexgrid import E, NE
from teebox.core.holes18.protocol import (
    DRAFT_PICK, GAME_OVER, MOVE, OUT_CHOSEN, OUT_CLUB_DISCARDED, OUT_HAND_RESET,
    OUT_NEXT_HOLE, OUT_ORDER, OUT_PASS, OUT_REVEAL, OUT_TURN, PICK, PLAY, RESET,
    RESET_ACTION, RESET_EMPTY, RESET_UNUSABLE, SELECT, SELECT_CLUB)

ROWS = ["rrrrrrrrr", "rrrrrrrrr", "rTfffffGr", "rrrrrrrrr", "rrrrrrrrr"]
COURSE = make_course(ROWS, [(4, (1, 2), (7, 2))])


def _game(players=2, mode="match", hands="first-game", seed=3):
    return Game(COURSE, CLUBS, SHOTS, Setup(players, mode, seed, hands))


def test_first_game_hands_give_the_letters_a_to_e_to_players_one_to_five():
    """Rulebook: "On the face of some club cards is an A, B, C, D or E. Instead of
    drafting, give all A's to player 1, the B's to player 2, etc." """
    g = _game(5)
    for seat in range(5):
        hand = g.players[seat].hand
        assert len(hand) == 5
        assert [CLUBS[c].hand for c in hand] == ["ABCDE"[seat]] * 5
    assert g.pending().kind == SELECT_CLUB and g.pending().waiting == (0, 1, 2, 3, 4)
    assert one(g.initial_outputs, OUT_NEXT_HOLE)[1:3] == ((0, 1, 2, 3, 4), 1)


def test_explicit_hands_take_club_ids_or_indices():
    """Rulebook: "Continue until all players have five clubs. This is their *hand*." The
    table registers the physical draft's hands: by club id or index."""
    g = _game(2, hands=[["driver-34", "2-iron-31"], [club("Lob Wedge"), club("5 Wood")]])
    assert g.players[0].hand == sorted([club("Driver"), club("2 Iron")])
    assert g.setup.hands == ((club("Driver"), club("2 Iron")),
                             (club("Lob Wedge"), club("5 Wood")))


def test_explicit_hands_refuse_unknown_and_shared_clubs():
    """Rulebook: "You can take only five clubs with you on the course." A hand lists 1 to
    5 known club cards, and a card can be in one hand only."""
    err = raises(ValueError, _game, 2, "match", [["putter-99"], ["driver-34"]])
    assert "player 1" in str(err) and "unknown club" in str(err)
    err = raises(ValueError, _game, 2, "match", [["driver-34"], ["driver-34"]])
    assert "already in the hand of player 1" in str(err)
    err = raises(ValueError, Setup, 2, "match", 0, [["driver-34"]])
    assert "1 hands for 2 players" in str(err)
    err = raises(ValueError, Setup, 1, "stroke", 0, [[0, 1, 2, 3, 4, 5]])
    assert "1 to 5 clubs" in str(err)


def test_setup_refuses_what_it_cannot_play_and_says_why():
    """Rulebook, each mode's PLAYS line: Match Play "2 - 5 players", Chaos Golf "3 - 5
    players"; the most any mode seats is 5."""
    assert "1 to 5" in str(raises(ValueError, Setup, 6))
    assert "1 to 5" in str(raises(ValueError, Setup, 0))
    assert "unknown game mode 'golf'" in str(raises(ValueError, Setup, 2, "golf"))
    assert "seed" in str(raises(ValueError, Setup, 2, "match", -1))
    assert "hands" in str(raises(ValueError, Setup, 2, "match", 0, "deal"))
    assert "golfer of player 1" in str(raises(ValueError, Setup, 1, "stroke", 0, "draft",
                                              [("tiger", "A")]))
    assert "unknown expansion module 'tides'" in str(raises(ValueError, Setup, 2, "match", 0,
                                                            "draft", None, None, ("tides",)))
    err = raises(ValueError, _game, 2, "chaos")
    assert str(err) == "Chaos Golf is played by 3 to 5 players, not 2"
    assert "2 to 5" in str(raises(ValueError, _game, 1, "match"))


def test_golfers_and_teams_are_stored_for_later_rules():
    """Rulebook: "Players select golfer cards that provide a unique special ability." "You
    pick either A-SIDE or B-SIDE when playing." Chosen at setup; abilities not played yet."""
    setup = Setup(2, "match", 1, "first-game", [("swift", "A"), None], [0, 1])
    g = Game(COURSE, CLUBS, SHOTS, setup)
    assert g.players[0].golfer_choice == ("swift", "A") and g.players[1].golfer_choice is None
    assert g.players[1].team == 1 and g.setup.golfers == (("swift", "A"), None)


def test_the_draft_deals_evenly_picks_and_passes_left_until_hands_hold_five():
    """Rulebook: "If playing a solo or two-player game, remove clubs that show 3+ or 5+
    ... Deal the same number of cards to each player. ... They pass the remaining cards
    to the person on their left. ... Continue until all players have five clubs." """
    g = _game(2, hands="draft")
    in_play = cards.clubs_for(CLUBS, 2)
    each = len(in_play) // 2
    d = g.pending()
    assert d.kind == DRAFT_PICK and d.waiting == (0, 1)
    packet0 = [c[1] for c in g.choices(0)]
    packet1 = [c[1] for c in g.choices(1)]
    assert len(packet0) == len(packet1) == each and not set(packet0) & set(packet1)
    assert all([CLUBS[c].players <= 2 for c in packet0 + packet1])
    assert "not among the cards" in str(raises(IllegalMove, g.apply, (PICK, packet1[0]), 0))
    g.apply((PICK, packet0[0]), 0)
    g.apply((PICK, packet0[1]), 0)  # a change of mind before everyone has picked
    assert g.pending().waiting == (1,)
    outs = g.apply((PICK, packet1[0]), 1)
    assert one(outs, OUT_PASS)[1] == 1
    assert g.players[0].hand == [packet0[1]]
    # The two-player table passes seat 1's cards to seat 0 and back.
    assert sorted([c[1] for c in g.choices(0)]) == sorted(packet1[1:])
    for _ in range(4):
        for seat in (0, 1):
            outs = g.apply(g.choices(seat)[0], seat)
    assert len(g.players[0].hand) == 5 and len(g.players[1].hand) == 5
    assert one(outs, OUT_NEXT_HOLE) and g.pending().kind == SELECT_CLUB


def test_three_players_pass_their_cards_to_the_next_seat():
    """Rulebook: "pass the remaining cards to the person on their left" (seat + 1)."""
    g = _game(3, hands="draft")
    packet0 = [c[1] for c in g.choices(0)]
    for seat in (0, 1, 2):
        g.apply(g.choices(seat)[0], seat)
    assert [c[1] for c in g.choices(1)] == packet0[1:]


def test_club_selection_is_simultaneous_and_open_until_the_last_player_chooses():
    """Rulebook: "Each player selects one club from their hand and places it face down...
    When all players have done this, simultaneously reveal all clubs. Once done, players
    may not change their mind." """
    g = _game(2)
    a = list(g.players[0].hand)
    b = list(g.players[1].hand)
    outs = g.apply((SELECT, b[0]), 1)
    assert outs == [(OUT_CHOSEN, 1)]  # face down: which club is not told
    g.apply((SELECT, b[1]), 1)  # changed their mind
    assert g.pending().waiting == (0,)
    outs = g.apply((SELECT, a[0]), 0)
    assert one(outs, OUT_REVEAL)[1] == ((0, a[0]), (1, b[1]))
    assert g.pending().kind != SELECT_CLUB
    err = raises(IllegalMove, g.apply, (SELECT, b[2]), g.pending().player)
    assert "not a choice now" in str(err)


def test_play_order_is_lowest_initiative_first():
    """Rulebook: "the 8 Hybrid has an initiative of 5, and that player takes their turn
    first. The next player is the person with the 6 Iron (initiative 12). The last player
    to take their turn is the person who played the 5 Wood (initiative 20)." """
    hands = [[club("5 Wood")], [club("8 Hybrid")], [club("6 Iron")]]
    g = new_game(COURSE, hands, "match")
    outs = select(g, {0: club("5 Wood"), 1: club("8 Hybrid"), 2: club("6 Iron")})
    assert [CLUBS[c].initiative for c in (club("8 Hybrid"), club("6 Iron"), club("5 Wood"))] \
        == [5, 12, 20]
    assert one(outs, OUT_ORDER)[1] == (1, 2, 0)
    assert one(outs, OUT_TURN)[1:3] == (1, club("8 Hybrid"))


def test_refusals_say_why():
    """Rulebook: "Each player selects one club from their hand and places it face down in
    front of them." A club from another hand, a choice out of turn or a malformed choice
    is refused with the reason."""
    g = _game(2)
    err = raises(IllegalMove, g.apply, (SELECT, g.players[1].hand[0]), 0)
    assert "is not in your hand" in str(err)
    assert "say which player" in str(raises(IllegalMove, g.choices))
    assert "not a choice now" in str(raises(IllegalMove, g.apply, (PLAY,), 0))
    assert "tuple of whole numbers" in str(raises(IllegalMove, g.apply, ("select", 1), 0))
    assert "takes 1 number" in str(raises(IllegalMove, g.apply, (MOVE,), 0))
    assert "unknown choice verb" in str(raises(IllegalMove, g.apply, (99,), 0))
    assert "no player 7" in str(raises(IllegalMove, g.apply, (SELECT, 1), 7))
    select(g, {0: g.players[0].hand[0], 1: g.players[1].hand[0]})
    other = 1 - g.pending().player
    err = raises(IllegalMove, g.apply, (MOVE, E), other)
    assert str(err) == "it is player %d's turn" % (g.pending().player + 1)
    assert g.choices(other) == []


def test_a_club_on_the_discard_pile_cannot_be_chosen():
    """Rulebook: "After playing a club, players cannot use that club again until playing
    all other clubs." """
    g = new_game(COURSE, [[club("8 Iron"), club("5 Wood")]], "stroke")
    select(g, {0: club("8 Iron")})
    outs = play(g, (MOVE, NE))
    assert one(outs, OUT_CLUB_DISCARDED)[2] == club("8 Iron")
    assert g.choices() == [(SELECT, club("5 Wood"))]
    err = raises(IllegalMove, g.apply, (SELECT, club("8 Iron")))
    assert str(err) == "the 8 Iron is on your discard pile: play your other clubs first"


def test_an_empty_hand_is_reset_at_the_start_of_the_round():
    """Rulebook: "1. Reset empty hands: If you have no clubs in your hand, draw all your
    discarded clubs into your hand." """
    g = new_game(COURSE, [[club("8 Iron"), club("5 Wood")]], "stroke")
    select(g, {0: club("8 Iron")})
    play(g, (MOVE, NE))
    select(g, {0: club("5 Wood")})
    outs = play(g, (MOVE, E))
    assert (OUT_HAND_RESET, 0, RESET_EMPTY) in outs
    assert g.players[0].hand == sorted([club("8 Iron"), club("5 Wood")])
    assert g.players[0].discards == []


def test_the_driver_can_only_be_played_from_a_tee_box():
    """Rulebook: the Driver is a tee club: "you have the driver and are not on a tee
    box"."""
    g = new_game(COURSE, [[club("Driver"), club("8 Iron")]], "stroke")
    place(g, 0, 2, 2)
    select(g, {0: club("Driver")})
    assert (PLAY,) not in g.choices()
    err = raises(IllegalMove, g.apply, (PLAY,))
    assert str(err) == "the Driver can only be played from a tee box"


def test_a_hand_holding_a_club_that_cannot_be_used_may_be_reset():
    """Rulebook: "If you have a club in your hand that you cannot use, you may also reset
    your hand. e.g. you have the driver and are not on a tee box." """
    g = new_game(COURSE, [[club("Driver"), club("8 Iron"), club("5 Wood")]], "stroke")
    assert (RESET,) not in g.choices()  # on the tee the Driver can be used
    assert "cannot be used" in str(raises(IllegalMove, g.apply, (RESET,)))
    select(g, {0: club("8 Iron")})
    play(g, (MOVE, E))
    assert (RESET,) in g.choices()
    outs = g.apply((RESET,))
    assert outs == [(OUT_HAND_RESET, 0, RESET_UNUSABLE)]
    assert club("8 Iron") in g.players[0].hand and g.pending().kind == SELECT_CLUB


def test_resetting_the_hand_as_the_turns_action():
    """Rulebook: "4.E) Reset your hand: You may choose not to hit the ball and reset your
    hand. Return all your discarded clubs to your hand." The club used is then discarded."""
    g = new_game(COURSE, [[club("8 Iron"), club("5 Wood"), club("6 Iron")]], "stroke")
    select(g, {0: club("8 Iron")})
    play(g, (MOVE, E))
    select(g, {0: club("5 Wood")})
    outs = play(g, (RESET,))
    assert (OUT_HAND_RESET, 0, RESET_ACTION) in outs
    assert g.players[0].hand == sorted([club("8 Iron"), club("6 Iron")])
    assert g.players[0].discards == [club("5 Wood")]


def test_nothing_can_be_chosen_once_the_game_is_over():
    """Rulebook (WINNING THE GAME): "At the end of the course, each player counts the
    number of flags and 1-point tokens they have." After the last hole nothing is played."""
    g = new_game(COURSE, [[club("8 Iron")]], "stroke")
    place(g, 0, 6, 2)
    select(g, {0: club("8 Iron")})
    play(g, (MOVE, E))
    assert g.pending().kind == GAME_OVER and g.over
    assert str(raises(IllegalMove, g.apply, (SELECT, 0))) == "the game is over"
    assert g.choices(0) == []


def test_player_names_in_messages_count_from_one():
    """Rulebook: "give all A's to player 1, the B's to player 2, etc.": players count
    from 1 (seat 0 is player 1)."""
    assert engine.player_name(0) == "player 1"


def test_the_driver_may_be_played_from_any_tee_box():
    """Rulebook: "If you have a club in your hand that you cannot use, you may also reset
    your hand. e.g. you have the driver and are not on a tee box." Any tee box will do,
    not only the tee of the hole being played."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfffffGr", "rrrrrrrrr", "rGrrrrrTr"]
    crs = make_course(rows, [(4, (1, 2), (7, 2)), (4, (7, 4), (1, 4))])
    g = new_game(crs, [[club("Driver")]], "stroke")
    place(g, 0, 7, 4)
    select(g, {0: club("Driver")})
    assert (PLAY,) in g.choices()


def test_setup_takes_any_of_the_expansion_modules_once_each():
    """Booklet, A NOTE ON RULES: "This expansion includes two modules. You may play either
    of them or both in the same game." The Coastlines tile pack is a third switch."""
    assert Setup(2).expansions == ()
    assert Setup(2, expansions=["coast", "greens"]).expansions == ("greens", "coast")
    assert Setup(2, expansions=("greens", "wind", "coast")).expansions == ("greens", "wind",
                                                                          "coast")
    assert "named twice" in str(raises(ValueError, Setup, 2, "match", 0, "first-game", None,
                                        None, ("wind", "wind")))
    assert "must list module names" in str(raises(ValueError, Setup, 2, "match", 0,
                                                  "first-game", None, None, "wind"))
