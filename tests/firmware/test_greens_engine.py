# Reading the Greens in the 18 Holes engine (booklet, "PLAYING A ROUND"): the green card at
# each tee, arriving on the green, the action cards laid like clubs, the putting order,
# sinking the putt as the last round on the hole, the Mallet Putter and the Gap Wedge, the
# hole-in-one, reset of empty hands, bots and replays. Runs under CPython and MicroPython.
from fwtest import raises

from engine_kit import CLUBS, SHOTS, club, kinds, make_course, one, place, select
from greens_kit import (
    GAP, GREENS, HOLES, MALLET, O1, O2, R1, R2, ROWS, WHITE, Y1, Y2, Dice, act, card, hands,
    roll, to_green)
from greens_kit import game as new_game
from teebox.core.hexgrid import E
from teebox.core.holes18 import bots, engine
from teebox.core.holes18.engine import IllegalMove
from teebox.core.holes18.expansions import greens_play as gp
from teebox.core.holes18.expansions import putting
from teebox.core.holes18.expansions.putting import CHANGE, PUTT
from teebox.core.holes18.protocol import (
    AIM, EXTRA, FLAG, MOVE, OUT_CLUB_DISCARDED, OUT_HAND_RESET, OUT_HOLE_IN_ONE,
    OUT_NEXT_HOLE, OUT_ORDER, OUT_SCORED, PLAY, SELECT, SELECT_CLUB, TOKEN_1)

# ------------------------------------------------------------------ setup

def test_the_setup_takes_the_expansion_modules_by_name():
    """"This expansion includes two modules. You may play either of them or both in the same
    game." """
    assert engine.Setup(2, expansions=("greens", "wind")).expansions == ("greens", "wind")
    assert "use: greens, wind, coast" in str(raises(ValueError, engine.Setup, 2,
                                                    expansions=("greenz",)))
    assert engine.Setup(2).expansions == ()


def test_greens_need_the_dice_and_cards():
    setup = engine.Setup(2, expansions=("greens",))
    crs = make_course(ROWS, HOLES)
    assert "greens=" in str(raises(ValueError, engine.Game, crs, CLUBS, SHOTS, setup))


def test_the_mallet_putter_and_gap_wedge_join_the_draft():
    """"Add the MALLET PUTTER and GAP WEDGE to the deck of available clubs. When not playing
    this expansion remove them as they will not help." """
    crs = make_course(ROWS, HOLES)
    for expansions, joined in (((), False), (("greens",), True)):
        setup = engine.Setup(2, "match", 3, engine.DRAFT, expansions=expansions)
        g = engine.Game(crs, CLUBS, SHOTS, setup, greens=GREENS)
        dealt = g.packets[0] + g.packets[1]
        assert (MALLET in dealt, GAP in dealt) == (joined, joined)


# ------------------------------------------------------------------ reaching the green

def test_reaching_the_green_scores_no_flag_and_places_the_golfer_on_its_side():
    """"Players no longer score flags when they reach the green." "When a player reaches the
    GREEN place your meeple on the GREEN CARD on the side that they arrived from." """
    g, dice = new_game(hands())
    outs = to_green(g, (0,))
    assert one(outs, gp.OUT_ON_GREEN) == (gp.OUT_ON_GREEN, 0, 0)   # along the fairway: side 0
    assert not kinds(outs, OUT_SCORED) and g.players[0].score == 0
    assert not kinds(outs, OUT_NEXT_HOLE)
    assert g.added[0].green.target(0) == 20


def test_on_the_green_a_player_must_lay_putt_or_change_position_not_a_club():
    """"Players that are on the GREEN must select one of the two player actions cards. These
    are placed faced-down in front of the player as per club selection." """
    g, dice = new_game(hands())
    to_green(g, (0,))
    assert g.pending().kind == SELECT_CLUB
    why = str(raises(IllegalMove, g.apply, (SELECT, g.players[0].hand[0]), 0))
    assert "PUTT or CHANGE POSITION" in why
    legal = g.choices(0)
    assert (EXTRA, gp.ACTION + PUTT) in legal and (EXTRA, gp.ACTION + CHANGE) in legal
    assert not [c for c in legal if c[0] == SELECT]
    act(g, 0, PUTT)
    assert g.pending().waiting == (1,)            # face down: the others still choose


def test_putters_play_before_clubs_and_a_sunk_putt_wins_the_hole_at_the_end_of_the_round():
    """"Players who have played the PUTT action play first" "Once a player has SUNK THE
    PUTT, this is the last round on this hole. All players yet to play may do so." "The
    player who SUNK THE PUTT takes the FLAG for their score." """
    g, dice = new_game(hands())
    to_green(g, (0,))
    hand = list(g.players[0].hand)
    act(g, 0, PUTT)
    outs = g.apply((SELECT, club("5 Iron")), 1)   # initiative 14
    assert one(outs, OUT_ORDER)[1] == (0, 1)
    assert one(outs, gp.OUT_ACTIONS) == (gp.OUT_ACTIONS, ((0, PUTT),))
    outs = roll(g, dice, 0, [(Y1, 5), (O1, 7), (R1, 9)])
    assert one(outs, gp.OUT_PUTT)[4:] == (21, 0, putting.SUNK)
    assert not kinds(outs, OUT_SCORED)             # the round goes on: seat 1 still plays
    assert g.pending().player == 1
    outs = g.apply((MOVE, E), 1)
    assert one(outs, OUT_SCORED) == (OUT_SCORED, 0, 1, FLAG, 1)
    assert one(outs, OUT_NEXT_HOLE)[2] == 2
    assert g.players[0].hand == hand               # the PUTT card is not a club


def test_putts_from_the_highest_target_and_a_tie_takes_a_flag_and_a_token():
    """"they play from HIGHEST target to LOWEST target" "If multiple players sunk putts this
    round then ONE PLAYER TAKES THE FLAG and the others take a 1-POINT TOKEN." """
    g, dice = new_game(hands(3))
    to_green(g, (0, 1))
    g.added[0].green.arrive(1, 4)               # test set-up: seat 1 putts for 35
    act(g, 0, PUTT)
    act(g, 1, PUTT)
    outs = g.apply((SELECT, club("3 Iron")), 2)
    assert one(outs, OUT_ORDER)[1] == (1, 0, 2)
    roll(g, dice, 1, [(WHITE, 3), (Y1, 5), (Y2, 5), (O1, 7), (R1, 9), (R2, 8)])   # 37
    roll(g, dice, 0, [(Y1, 5), (O1, 7), (R1, 9)])                                  # 21
    outs = g.apply((MOVE, E), 2)
    assert [o[1:4] for o in kinds(outs, OUT_SCORED)] == [(1, 1, FLAG), (0, 1, TOKEN_1)]


def test_change_of_position_moves_returns_the_card_and_spends_no_club():
    """"When you play this card you may move to one of the ADJACENT edges from where you are
    now. You MUST change position and once you have done so your turn is over. Return this
    card to your hand." """
    g, dice = new_game(hands())
    to_green(g, (0,))
    hand = list(g.players[0].hand)
    act(g, 0, CHANGE)
    g.apply((SELECT, club("5 Iron")), 1)
    assert g.pending().kind == gp.NEW_SIDE
    legal = g.choices(0)
    assert legal == [(EXTRA, gp.SIDE + 1), (EXTRA, gp.SIDE + 5)]
    outs = g.apply((EXTRA, gp.SIDE + 5), 0)
    assert one(outs, gp.OUT_CHANGED) == (gp.OUT_CHANGED, 0, 5)
    assert g.players[0].hand == hand and not kinds(outs, OUT_CLUB_DISCARDED)
    assert g.pending().player == 1


def test_a_side_without_a_target_offers_only_change_position():
    """"If the side you arrived from has no target, the only action you can take next turn
    is CHANGE POSITION." """
    g, dice = new_game(hands(), targets=(None, 30, 25, 22, 35, 28))
    to_green(g, (0,))
    assert "CHANGE POSITION" in str(raises(IllegalMove, act, g, 0, PUTT))
    assert g.choices(0) == [(EXTRA, gp.ACTION + CHANGE)]


def test_action_cards_do_not_affect_the_reset_of_empty_hands():
    """"The player action cards CHANGE POSITION and PUTT are not clubs and do not affect the
    RESET EMPTY HANDS action." """
    g, dice = new_game([[club("6 Iron")], [club("7 Iron"), club("5 Iron")]])
    outs = to_green(g, (0,))                    # seat 0 plays its one club to get there
    assert g.players[0].hand == [club("6 Iron")]
    assert one(outs, OUT_HAND_RESET)[1] == 0     # no club left: the hand resets, cards or not
    act(g, 0, CHANGE)
    g.apply((SELECT, club("5 Iron")), 1)
    g.apply((EXTRA, gp.SIDE + 1), 0)
    assert g.players[0].hand == [club("6 Iron")]


def test_the_mallet_putter_is_discarded_to_reroll_one_die_and_is_no_stroke():
    """"If you have this club in your hand you may discard it to re-roll ONE die from your
    putt." "Using this club to re-roll one die isn't considered an additional stroke." """
    g, dice = new_game([[club("6 Iron"), MALLET], hands()[1]])
    to_green(g, (0,))
    act(g, 0, PUTT)
    g.apply((SELECT, club("5 Iron")), 1)
    turns = g.players[0].turns
    roll(g, dice, 0, [(Y1, 2), (O1, 4), (R1, 9)])          # 15: short of 20
    assert g.pending().kind == gp.USE_MALLET
    assert (EXTRA, gp.KEEP) in g.choices(0)
    dice.load([(O1, 7)])
    outs = g.apply((EXTRA, gp.MALLET + O1), 0)
    assert one(outs, OUT_CLUB_DISCARDED) == (OUT_CLUB_DISCARDED, 0, MALLET)
    # The re-roll is said as its own output (the putt again, not one more putt).
    assert kinds(outs, gp.OUT_PUTT) == []
    assert one(outs, gp.OUT_MALLET_ROLL)[4:] == (18, 0, putting.SHORT)
    assert MALLET in g.players[0].discards and g.players[0].turns == turns
    assert g.pending().player == 1


def test_the_gap_wedge_picks_the_side_to_putt_from():
    """Gap Wedge: on landing on the green its player chooses the side to putt from ("If you
    used the gap wedge to land on the green ... you do not get to pick which side" only when
    it went into the ocean first)."""
    from engine_kit import face
    g, dice = new_game([[GAP, club("6 Iron")], hands()[1]], tops={"C": [face("C", "SS")]})
    place(g, 0, 3, 1)
    place(g, 1, 2, 1)
    select(g, {0: GAP, 1: club("7 Iron")})
    g.apply((MOVE, E), 1) if g.pending().player == 1 else None
    g.apply((PLAY,), 0)
    while g.pending().kind != gp.GAP_SIDE:
        legal = g.choices(0)
        aim = [c for c in legal if c == (AIM, E)]
        g.apply(aim[0] if aim else legal[0], 0)
    assert len(g.choices(0)) == 6
    outs = g.apply((EXTRA, gp.SIDE + 4), 0)
    assert one(outs, gp.OUT_ON_GREEN) == (gp.OUT_ON_GREEN, 0, 4)
    assert g.added[0].green.target(0) == 35


def test_a_tee_shot_onto_the_green_rolls_once_for_the_highest_target_plus_one():
    """"If a player, from the tee box on their first shot of the hole, lands on the green ...
    find the highest PUTT TARGET and add 1 to it. If the player can roll this target in one
    roll of the dice, the ball goes in. This happens during the turn of the player who landed
    on the green." """
    rows = ["rrrrrr", "rTffGr", "rrrrrr", "rTffGr", "rrrrrr"]
    holes = [(3, (1, 1), (4, 1)), (3, (1, 3), (4, 3))]
    woods = [[club("5 Wood")], [club("5 Wood", 1)]]          # three hexes: tee to green
    setup = engine.Setup(2, "match", 1, woods, expansions=("greens",))
    dice = Dice(1)
    g = engine.Game(make_course(rows, holes), CLUBS, SHOTS, setup, dice, greens=GREENS)
    g.added[0].green.card = card((20, 30, 25, None, 35, 28))
    select(g, {0: club("5 Wood"), 1: club("5 Wood", 1)})
    g.apply((PLAY,), 0)
    g.apply((AIM, E), 0)
    assert g.pending().kind == gp.ACE_DICE and g.pending().players == (0,)
    dice.load([(WHITE, 3), (Y1, 5), (Y2, 5), (O1, 7), (O2, 7), (R1, 8)])   # 35: short of 36
    outs = g.apply((EXTRA, gp.ROLL + putting.putt_code((0, 1, 2, 3, 4, 5), -1)), 0)
    # The engine says the roll is the hole-in-one's (its own output, no putt).
    assert one(outs, gp.OUT_ACE_ROLL)[2:5] == (36, ((0, 3, 0), (1, 5, 0), (2, 5, 0),
                                                    (3, 7, 0), (4, 7, 0), (5, 8, 0)), 35)
    assert kinds(outs, gp.OUT_PUTT) == []
    assert g.pending().player == 1                # the failed roll ends the turn
    g.apply((PLAY,), 1)
    g.apply((AIM, E), 1)
    dice.load([(WHITE, 3), (Y1, 5), (Y2, 5), (O1, 7), (O2, 7), (R1, 9)])   # 36
    outs = g.apply((EXTRA, gp.ROLL + putting.putt_code((0, 1, 2, 3, 4, 5), -1)), 1)
    assert one(outs, gp.OUT_ACE_ROLL)[4:] == (36, 0, putting.SUNK)
    assert one(outs, OUT_HOLE_IN_ONE) == (OUT_HOLE_IN_ONE, 1, 1)
    assert one(outs, OUT_SCORED)[1:4] == (1, 1, FLAG)


# ------------------------------------------------------------------ bots and replays

def test_bots_play_a_greens_game_to_the_end_and_a_replay_throws_the_same_dice():
    """"The first player to SINK THE PUTT will win the hole." Every hole is won by a putt (or
    a hole-in-one), and replaying the inputs from the same setup ends in the same state."""
    setup = engine.Setup(3, "match", 5, engine.FIRST_GAME, [("peter", "A"), None, None],
                         expansions=("greens",))
    crs = make_course(ROWS, HOLES)
    g = engine.Game(crs, CLUBS, SHOTS, setup, greens=GREENS)
    players = [bots.SensibleBot(i) for i in range(3)]
    outs = []
    while not g.over:
        d = g.pending()
        s = d.waiting[0] if d.waiting else d.players[0]
        outs += g.apply(players[s].choose(g, s), s)
    assert len(kinds(outs, OUT_SCORED)) >= 2 and len(kinds(outs, gp.OUT_PUTT)) >= 2
    again = engine.Game(crs, CLUBS, SHOTS, setup, greens=GREENS)
    for seat, choice in g.inputs:
        again.apply(choice, seat)
    assert again.state_digest() == g.state_digest()
