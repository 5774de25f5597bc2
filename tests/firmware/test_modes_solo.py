# Solo Chaos Golf: one player against three automated opponents that are the mode's state
# (stacks of hole tokens, face-down clubs), a deck of solo cards built to a rank, player
# only and combined scoring rounds, the peek, fast travel after the opponents.
# Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import (CLUBS, SHOTS, club, face, kinds, make_course, new_game, one, place,
                        play, select)
from teebox.core.hexgrid import E
from teebox.core.holes18 import bots, cards, engine, gamelog
from teebox.core.holes18.modes import solo as S
from teebox.core.holes18.protocol import (
    AIM, BIG_HIT, CHOOSE_ACTION, DISCARD_FOR_HITTER, DRAFT_PICK, EXTRA, GREEN, HIT_DIRECTION, MOVE,
    OUT_DISCARDED, OUT_EXTRA_TURN, OUT_GAME_OVER, OUT_HOLE_IN_ONE, OUT_MOVE, OUT_SCORED, PLAY,
    SELECT_CLUB, TOKEN_2, TOKEN_5)
from teebox.core.rng import Rng
from teebox import shipped

# Green 1 at (7,2) (tee (1,2)), green 2 at (1,4) (tee (6,4)), green 3 at (4,0) (tee (5,4)).
ROWS = ["rrrrGrrrr", "rrrrrrrrr", "rTfffffGr", "rrrrrrrrr", "rGrrrTTrr"]
HOLES = [(4, (1, 2), (7, 2)), (4, (6, 4), (1, 4)), (4, (5, 4), (4, 0))]
HAND = [club("8 Iron"), club("7 Iron"), club("6 Iron"), club("5 Iron"), club("Sand Wedge")]
# initiatives 10, 14, 12, 19, 7
SOLO = SHOTS[cards.SOLO]


def _card(rounds):
    return [i for i in range(len(SOLO)) if SOLO[i][2] == rounds][0]


def _solo(rank=None, combined=None, hand=HAND, tops=None, rows=ROWS, holes=HOLES):
    """A game on the three-green course (or these ``rows`` and ``holes``) with the deck's
    rank (and combined rounds) chosen; the deal is done."""
    g = new_game(make_course(rows, holes), [hand], "solo-chaos", tops)
    rank = rank if rank is not None else g.mode.rank_choices(g)[0]
    g.apply((EXTRA, S.RANK + rank))
    if g.pending().kind == S.COMBINED_ROUNDS:
        g.apply((EXTRA, S.COMBINED + (combined or cards.SOLO_MIN_COMBINED)))
    return g


def _set(g, rounds, targets, opponent_clubs=None):
    """Test set-up only: the deck is the cards with these ``rounds`` (the marker on the
    first), the opponents' revealed tokens ``targets``, their top clubs."""
    m = g.mode
    m.deck = [_card(r) for r in rounds]
    m.card = m.spot = 0
    for k in range(3):
        m.target[k] = targets[k]
        if opponent_clubs:
            m.clubs[k] = [opponent_clubs[k]]


def _turn(g, chosen, *moves, peek=()):
    """Lay ``chosen``; peek at these opponents when offered, then play on; the moves."""
    outs = select(g, {0: chosen})
    if g.pending().kind == S.PEEK_CLUB:
        for k in peek:
            outs += g.apply((EXTRA, S.PEEK + k))
        outs += g.apply((EXTRA, S.PLAY_ON))
    return outs + play(g, *moves)


def _opp(outs):
    return [o[1:] for o in kinds(outs, S.OUT_OPP_SCORED)]


def _mine(outs):
    return [o[1:] for o in kinds(outs, OUT_SCORED)]


def test_three_stacks_of_six_tokens_the_top_one_revealed_and_the_player_on_the_first_tee():
    """Rulebook (Solo Chaos Golf, SETUP): "Shuffle the pink 1-point tokens and put them in
    three stacks of six tokens each." GAME PLAY: "Reveal the top 1-point token for each
    opponent. This hole is the one they score at the next combined scoring phase." "Place
    your golfer on the starting tee box." On an 18-hole course each hole's token is in
    one stack; the opponents are no seats: the game has one player."""
    course = shipped.load_builtin("championship")
    g = engine.Game(course, CLUBS, SHOTS, engine.Setup(1, "solo-chaos", seed=3))
    g.apply(g.choices()[0])
    if g.pending().kind == S.COMBINED_ROUNDS:
        g.apply(g.choices()[0])
    m = g.mode
    assert len(g.players) == 1 and g.pending().kind == SELECT_CLUB
    assert [len(s) for s in m.stacks] == [5, 5, 5] and all(m.target)
    tokens = sorted(m.stacks[0] + m.stacks[1] + m.stacks[2] + list(m.target))
    assert tokens == list(range(1, 19))
    p = g.players[0]
    assert (p.q, p.r) == course.hole(1)[1:3]


def test_a_course_of_fewer_than_eighteen_holes_repeats_its_tokens():
    """The stacks hold six tokens each whatever the course (RULES-NOTES S2): on three holes
    each hole's token comes six times."""
    g = _solo()
    m = g.mode
    tokens = m.stacks[0] + m.stacks[1] + m.stacks[2] + list(m.target)
    assert len(tokens) == 18 and sorted(set(tokens)) == [1, 2, 3]
    assert [tokens.count(h) for h in (1, 2, 3)] == [6, 6, 6]


def test_no_golfer_cards():
    """Rulebook: "Skip golfer cards. Your automated opponents won't use them either." """
    setup = engine.Setup(1, "solo-chaos", 0, "first-game", golfers=[("lucky", "A")])
    exc = raises(ValueError, engine.Game, make_course(ROWS, HOLES), CLUBS, SHOTS, setup)
    assert "Skip golfer cards" in str(exc)


def test_the_opponents_clubs_are_dealt_from_what_the_player_did_not_pick():
    """Rulebook: "Skip the draft. Pick the clubs you think will win. With the remaining
    clubs, shuffle and deal 5 to each AI face down." The solo game uses the 20 cards of a
    one- or two-player game (RULES-NOTES S4): the player's five, then five for each."""
    g = _solo()
    m = g.mode
    dealt = m.clubs[0] + m.clubs[1] + m.clubs[2]
    assert [len(c) for c in m.clubs] == [5, 5, 5]
    in_play = [i for i in range(len(CLUBS)) if CLUBS[i] in cards.clubs_for(CLUBS, 1)]
    assert sorted(dealt + HAND) == sorted(in_play)


def test_picking_the_clubs_is_a_free_choice_of_five_from_the_twenty():
    """Rulebook: "Skip the draft. Pick the clubs you think will win." With the "draft"
    hands a solo player picks five one after another, every card still there offered."""
    setup = engine.Setup(1, "solo-chaos", 2, "draft")
    g = engine.Game(make_course(ROWS, HOLES), CLUBS, SHOTS, setup)
    g.apply(g.choices()[0])  # the rank
    if g.pending().kind == S.COMBINED_ROUNDS:
        g.apply(g.choices()[0])
    offered = []
    while g.pending().kind == DRAFT_PICK:
        offered.append(len(g.choices()))
        g.apply(g.choices()[-1])
    assert offered == [20, 19, 18, 17, 16] and len(g.players[0].hand) == 5
    assert sum([len(c) for c in g.mode.clubs]) == 15


def test_the_deck_is_built_to_the_rank_chosen_with_six_combined_rounds_par_first():
    """Rulebook (BUILDING A SOLO DECK): "In the top right corner of each solo chaos golf
    card is the difficulty score for the card." "Their combined score is the rank of the
    deck." "Every Solo Chaos Golf deck needs at least six combined scoring rounds." "Each
    course provided in the game also comes with a solo par score." The course's solo par
    (or the nearest rank to it) is offered first; every rank offered builds."""
    g = new_game(make_course(ROWS, HOLES), [HAND], "solo-chaos")
    assert g.pending().kind == S.DECK_RANK and g.mode.rank_choices(g)[0] == S.DEFAULT_RANK
    offered = [c[1] - S.RANK for c in g.choices()]
    assert offered[0] == 17 and len(set(offered)) == len(offered)
    assert set(range(9, 29)) <= set(offered)  # every rank of a deck with six combined
    for rank in (9, 17, 28):
        g = _solo(rank)
        deck = [SOLO[i] for i in g.mode.deck]
        assert sum([c[1] for c in deck]) == rank
        assert sum([c[2].count("C") for c in deck]) == 6


def test_a_deck_of_rank_seventeen_can_be_five_cards():
    """Rulebook: "The five cards to the right represent a deck of rank 17." The shipped
    cards make such a deck with six combined rounds."""
    solo = SHOTS[cards.SOLO]
    fives = 0
    for seed in range(40):
        order = list(range(len(solo)))
        Rng(seed).shuffle(order)
        deck = S.build_deck(solo, order, 17, 6)
        fives += len(deck) == 5
    assert fives


def test_more_combined_rounds_is_a_setup_option():
    """Rulebook: "You can have more than six combined scoring rounds if you want to, all
    this does is add more uncertainty into the deck." After the rank the player chooses
    how many combined rounds the deck holds (six first); the deck holds that many."""
    g = new_game(make_course(ROWS, HOLES), [HAND], "solo-chaos")
    g.apply((EXTRA, S.RANK + 30))
    assert g.pending().kind == S.COMBINED_ROUNDS
    counts = [c[1] - S.COMBINED for c in g.choices()]
    assert 6 not in counts and counts == sorted(counts)  # rank 30 needs 7 or more
    g.apply((EXTRA, S.COMBINED + 8))
    assert sum([SOLO[i][2].count("C") for i in g.mode.deck]) == 8
    g = _solo(17)
    assert 6 in g.mode.combined_choices() and g.mode.combined_choices()[0] == 6


def test_the_marker_moves_one_space_right_and_a_new_card_is_revealed_after_the_last():
    """Rulebook: "After the scoring phase, move the solo turn marker one space to the
    right. Before moving the token, if there are no more spaces on the card, reveal a new
    card from the top of the Solo Chaos Golf Deck and place your turn marker above the
    first spot." """
    g = _solo()
    _set(g, ["PC", "PPPC"], (2, 2, 2))
    _turn(g, HAND[0], (MOVE, E))
    assert (g.mode.card, g.mode.spot) == (0, 1)
    outs = _turn(g, HAND[1], (MOVE, E))
    assert (g.mode.card, g.mode.spot) == (1, 0) and one(outs, S.OUT_SOLO_CARD)[1:] == (1,)
    assert "C2/2 [P]ppc" in g.mode.status(g)


def test_in_a_player_only_round_the_player_scores_any_green_and_the_opponents_nothing():
    """Rulebook: "During player only scoring rounds you play as usual and can score any
    green you can reach." Even an opponent's revealed green: its 5 goes to the player."""
    g = _solo()
    _set(g, ["PPC"], (1, 2, 3))
    place(g, 0, 6, 2)
    outs = _turn(g, HAND[0], (MOVE, E))
    assert _mine(outs) == [(0, 1, TOKEN_5, 5)] and _opp(outs) == []
    assert list(g.mode.target) == [1, 2, 3]


def test_the_combined_phase_gives_the_largest_token_left_on_each_opponents_green():
    """Rulebook (COMBINED SCORING PHASE): "look at green targets for each opponent. For the
    greens that you are not on, give the largest token remaining on the green to the
    opponent." Each reveals its next token; a 5 already taken leaves the 2."""
    g = _solo()
    _set(g, ["CP"], (1, 2, 3))
    g.mode.five[3] = 0  # test set-up only: the 5 of green 3 was taken
    g.mode.stacks = [[3], [1], [2]]
    outs = _turn(g, HAND[0], (MOVE, E))
    assert _opp(outs) == [(0, 1, TOKEN_5, 5), (1, 2, TOKEN_5, 5), (2, 3, TOKEN_2, 2)]
    assert list(g.mode.target) == [3, 1, 2] and g.mode.points == [5, 5, 2]
    assert list(g.mode.greens) == [1, 1, 1]


def test_contended_green_the_opponent_with_a_lower_initiative_takes_the_five():
    """Rulebook: "If you are competing for a green, flip the top club of the opponent that
    is in contention. If your opponent's card has a lower initiative value compared to
    you, they take the 5-point token, and you receive the 2-point token." The phase comes
    "After you have moved your golfer and before you score any greens"."""
    g = _solo()
    _set(g, ["CP"], (1, 2, 3), [club("8 Hybrid"), club("Driver"), club("Driver")])
    place(g, 0, 6, 2)
    outs = _turn(g, club("8 Iron"), (MOVE, E))  # initiative 10 against the 8 Hybrid's 5
    assert one(outs, OUT_MOVE)[3] == GREEN
    assert one(outs, S.OUT_OPP_CLUB)[1:] == (0, club("8 Hybrid"), 0)
    assert _opp(outs)[0] == (0, 1, TOKEN_5, 5) and _mine(outs) == [(0, 1, TOKEN_2, 2)]
    assert g.mode.spent[0] == [club("8 Hybrid")]


def test_contended_green_otherwise_the_player_takes_the_five_and_the_opponent_the_two():
    """Rulebook: "Otherwise, you score the 5-point token and your opponent scores the
    2-point token." """
    g = _solo()
    _set(g, ["CP"], (1, 2, 3), [club("Driver"), club("Driver"), club("Driver")])
    place(g, 0, 6, 2)
    outs = _turn(g, club("8 Iron"), (MOVE, E))
    assert _mine(outs) == [(0, 1, TOKEN_5, 5)] and _opp(outs)[0] == (0, 1, TOKEN_2, 2)


def test_the_player_may_peek_at_an_opponents_top_club_after_choosing_before_moving():
    """Rulebook: "If you want to know whether you're going to win a green, you may reveal
    the club card of an opponent to see their initiative. You may only do this after you
    have determined which club you are going to play and before moving your golfer." The
    peeked club is the one flipped if the green is contended."""
    g = _solo()
    _set(g, ["CP"], (1, 2, 3), [club("Driver"), club("8 Hybrid"), club("3 Wood")])
    assert g.pending().kind == SELECT_CLUB and (EXTRA, S.PEEK) not in g.choices()
    select(g, {0: HAND[0]})
    assert g.pending().kind == S.PEEK_CLUB
    assert g.choices() == [(EXTRA, S.PLAY_ON), (EXTRA, S.PEEK), (EXTRA, S.PEEK + 1),
                           (EXTRA, S.PEEK + 2)]
    outs = g.apply((EXTRA, S.PEEK + 1))
    assert one(outs, S.OUT_OPP_CLUB)[1:] == (1, club("8 Hybrid"), 1)
    assert (EXTRA, S.PEEK + 1) not in g.choices()
    assert g.mode.choice_text(g, S.PEEK) == "AI 1: green 1"
    g.apply((EXTRA, S.PLAY_ON))
    assert g.pending().kind == CHOOSE_ACTION


def test_no_peek_in_a_player_only_round():
    """The peek is there "to know whether you're going to win a green": only a combined
    round has a phase (RULES-NOTES S6)."""
    g = _solo()
    _set(g, ["PC"], (1, 2, 3))
    select(g, {0: HAND[0]})
    assert g.pending().kind == CHOOSE_ACTION


def test_fast_travel_comes_after_the_opponents_have_scored():
    """Rulebook: "Fast travel is permitted if you land on a tee box. Take your extra turn
    after your opponents have their turns and the scoring of any greens. Your opponents
    don't fast travel." """
    g = _solo()
    _set(g, ["CP"], (1, 2, 3))
    place(g, 0, 4, 4)  # west of the tee boxes at (5,4) and (6,4)
    outs = _turn(g, HAND[0], (MOVE, E))
    at = [o[0] for o in outs]
    assert S.OUT_OPP_SCORED in at and OUT_EXTRA_TURN in at
    assert max([i for i in range(len(at)) if at[i] == S.OUT_OPP_SCORED]) < at.index(
        OUT_EXTRA_TURN)
    assert g.pending().kind == SELECT_CLUB and g.pending().extra


def test_a_big_hit_discards_one_card_at_random():
    """Rulebook (Solo Chaos Golf): "If you want to do a Big Hit, shuffle the shot cards you
    have as options and discard one at random." Nobody is asked to throw a card away."""
    g = _solo(tops={"3": [face("3", "SSS"), face("3", "SSSS")]})
    _set(g, ["PC"], (1, 2, 3))
    outs = _turn(g, club("8 Iron"), (BIG_HIT,))
    assert one(outs, OUT_DISCARDED)[1] == 0
    assert g.pending().kind == HIT_DIRECTION and g.pending().kind != DISCARD_FOR_HITTER


def test_the_game_ends_after_the_round_of_the_last_five_point_token():
    """Rulebook (SCORING): "When you or an opponent scores the last 5-point token, end the
    game after that round. The player with the most points wins." """
    g = _solo()
    _set(g, ["CPPP"], (1, 1, 1))
    g.mode.five[2] = g.mode.five[3] = 0  # test set-up only: only green 1 holds a 5
    outs = _turn(g, HAND[0], (MOVE, E))
    assert g.over and one(outs, OUT_GAME_OVER)
    assert g.mode.points == [5, 2, 0]
    assert g.standings() == ((3, 0, 0, 0),)


def test_the_game_ends_once_the_opponents_have_used_their_six_tokens():
    """Rulebook: "You need to out-score them before they acquire six greens each." After
    the phase that uses each opponent's sixth token the game is over (RULES-NOTES S7)."""
    g = _solo()
    _set(g, ["CP"], (1, 2, 3))
    g.mode.stacks = [[], [], []]
    _turn(g, HAND[0], (MOVE, E))
    assert g.over and list(g.mode.target) == [0, 0, 0]


def test_the_game_ends_after_the_last_turn_of_the_deck():
    """The deck is the game's length: after the last symbol of its last card the game is
    over (RULES-NOTES S7)."""
    g = _solo()
    _set(g, ["PC"], (1, 2, 3))
    _turn(g, HAND[0], (MOVE, E))
    assert not g.over
    _turn(g, HAND[1], (MOVE, E))
    assert g.over


def test_the_standings_place_the_player_among_the_opponents_and_count_the_rank_beaten():
    """Rulebook (HOW TO WIN): "Each player's score is the sum of their collected 2 and 5
    point tokens. Highest score wins." "If you can win with a higher rank,
    congratulations!" A win (more points than each opponent) counts the deck's rank;
    equal points share the place (Chaos Golf: "There is no tie-break")."""
    g = _solo(20)
    g.players[0].score = 12
    g.mode.points = [12, 3, 4]
    assert g.standings() == ((1, 0, 12, 0),)
    g.mode.points = [11, 3, 4]
    assert g.standings() == ((1, 0, 12, 20),)
    g.mode.points = [13, 14, 4]
    assert g.standings() == ((3, 0, 12, 0),)


def test_the_sensible_bot_plays_to_the_end_and_a_replay_of_the_log_is_the_same_game():
    """Bots play the mode (par deck, six combined rounds, no peeking); the decisions are
    inputs like any other, so the log replays to the same digest."""
    setup = engine.Setup(1, "solo-chaos", seed=5)
    g = engine.Game(make_course(ROWS, HOLES), CLUBS, SHOTS, setup)
    bots.play_game(g, [bots.SensibleBot(5)])
    assert g.over and g.mode.rank == 17
    log = gamelog.decode(gamelog.encode(gamelog.of(g)))
    again = gamelog.replay(log, g.course, CLUBS, SHOTS)
    assert again.over and again.state_digest() == g.state_digest()


def test_the_sensible_bot_heads_for_a_green_that_still_holds_a_five():
    """A bot aims at the greens whose 5-point token is still there."""
    g = _solo()
    g.mode.five[1] = 0
    assert g.mode.aims(g, g.players[0]) == (2, 3)


def test_solo_chaos_golf_is_played_alone():
    """Rulebook (PLAYS): "You and three automated opponents." """
    exc = raises(ValueError, new_game, make_course(ROWS, HOLES), [HAND[:2], HAND[2:]],
                 "solo-chaos")
    assert "Solo Chaos Golf is played by 1 player, not 2" in str(exc)


def test_an_opponent_with_no_face_down_club_left_shuffles_its_turned_clubs():
    """An opponent's five clubs are turned over one contest at a time; with none left face
    down, its turned clubs are shuffled into a new stack (RULES-NOTES S5)."""
    g = _solo()
    _set(g, ["CP"], (1, 2, 3))
    m = g.mode
    m.clubs[0] = []
    m.spent[0] = [club("Driver")]
    place(g, 0, 6, 2)
    outs = _turn(g, club("8 Iron"), (MOVE, E))
    assert one(outs, S.OUT_OPP_CLUB)[1:] == (0, club("Driver"), 0)
    assert m.clubs[0] == [] and m.spent[0] == [club("Driver")]
    assert _mine(outs) == [(0, 1, TOKEN_5, 5)]


def test_no_contest_where_the_player_could_take_nothing_and_a_lone_two_goes_to_the_winner():
    """"For the greens that you are not on, give the largest token remaining on the green
    to the opponent." Standing on a green whose 5 the player took before, it cannot take
    the 2 ("The person who took the large scoring token cannot take the small token"): no
    contest, the opponent takes the 2. With only the 2 left and a contest, the winner
    takes it (RULES-NOTES S9)."""
    g = _solo()
    _set(g, ["CP"], (1, 2, 3), [club("Driver"), club("Driver"), club("Driver")])
    m = g.mode
    m.five[1] = 0
    m.five_taker[1] = 1  # test set-up only: the player took green 1's 5 before
    place(g, 0, 6, 2)
    outs = _turn(g, club("8 Iron"), (MOVE, E))
    assert kinds(outs, S.OUT_OPP_CLUB) == [] and _opp(outs)[0] == (0, 1, TOKEN_2, 2)
    g = _solo()
    _set(g, ["CP"], (1, 2, 3), [club("8 Hybrid"), club("Driver"), club("Driver")])
    g.mode.five[1] = 0
    g.mode.five_taker[1] = 3  # test set-up only: opponent 2 took it
    place(g, 0, 6, 2)
    outs = _turn(g, club("8 Iron"), (MOVE, E))
    assert _opp(outs)[0] == (0, 1, TOKEN_2, 2) and _mine(outs) == []



def test_a_hole_in_one_onto_a_contended_green_still_earns_its_token():
    """Chaos Golf's hole-in-one (a hit from a hole's own tee box onto its green) holds in a
    combined round too, when the green is contended: the opponent's lower initiative takes
    the 5, the player the 2 and the hole-in-one token."""
    g = _solo(hand=[club("5 Wood"), club("8 Iron")], rows=["rrrrrr", "rTffGr", "rrrrrr"],
              holes=[(3, (1, 1), (4, 1))])
    _set(g, ["CP"], (1, 0, 0), [club("8 Hybrid"), club("Driver"), club("Driver")])
    outs = _turn(g, club("5 Wood"), (PLAY,), (AIM, E))  # 3 hexes from the tee: the green
    assert _opp(outs)[0] == (0, 1, TOKEN_5, 5) and _mine(outs) == [(0, 1, TOKEN_2, 2)]
    assert one(outs, OUT_HOLE_IN_ONE)[1:] == (0, 1) and g.players[0].hole_in_ones == 1
