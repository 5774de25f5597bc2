# Kelly Golf: a flag on every green, a secret target green for each player drawn from
# two tokens, 3 points for one's own target, 2 for another's, 1 for any other green,
# the end right after the last green. Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import CLUBS, SHOTS, club, kinds, make_course, new_game, one, place, play, select
from teebox.core.hexgrid import E, NE, NW, SE, W
from teebox.core.holes18 import bots, engine, gamelog, modes
from teebox.core.holes18.engine import Game, IllegalMove, Setup
from teebox.core.holes18.modes.kelly import KEEP, KEEP_TARGET
from teebox.core.holes18.protocol import (
    EXTRA, FLAG, GREEN, MOVE, NORMAL, OUT_EXTRA_TURN, OUT_GAME_OVER, OUT_MOVE, OUT_SCORED,
    OUT_TURN, SELECT_CLUB, TOKEN_1, TOKEN_2)
from teebox import shipped

# Green 1 at (7,2) (tee (1,2)), green 2 at (1,4) (tee (6,4)), green 3 at (4,0) (tee (5,4)).
ROWS = ["rrrrGrrrr", "rrrrrrrrr", "rTfffffGr", "rrrrrrrrr", "rGrrrTTrr"]
HOLES = [(4, (1, 2), (7, 2)), (4, (6, 4), (1, 4)), (4, (5, 4), (4, 0))]
# The same with a fourth green at (8,4) (tee (7,0)), for a bag that still holds two tokens.
ROWS4 = ["rrrrGrrTr", "rrrrrrrrr", "rTfffffGr", "rrrrrrrrr", "rGrrrTTrG"]
HOLES4 = HOLES + [(4, (7, 0), (8, 4))]
EARLY = [club("8 Hybrid"), club("6 Iron"), club("Sand Wedge")]  # initiatives 5, 12, 7
MIDDLE = [club("8 Iron"), club("7 Iron"), club("5 Iron")]       # 10, 14, 19
LATE = [club("5 Wood"), club("3 Wood"), club("Driver")]         # 20, 29, 34


def _kelly(hands, seed=1):
    return new_game(make_course(ROWS, HOLES), hands, "kelly", seed=seed)


def _deal(g, targets):
    """Test set-up only: everyone keeps what it drew, then each seat's target is the one
    given here and the bag holds the other flagged greens' tokens."""
    while g.pending().kind == KEEP_TARGET:
        g.apply(g.choices()[0])
    m = g.mode
    for seat in targets:
        m.target[seat] = targets[seat]
    m.bag = [h for h in range(1, len(m.flag)) if m.flag[h] and h not in list(m.target)]


def _round(g, chosen, *moves):
    select(g, chosen)
    return play(g, *moves)


def _scored(outs):
    return [o[1:] for o in kinds(outs, OUT_SCORED)]


def test_a_flag_on_each_green_and_each_player_keeps_one_of_two_drawn_tokens_in_secret():
    """Rulebook (Kelly Golf, SETUP): "1. Place a flag on each green." "4. Each player draws
    two 1-point tokens keeping one and returning the other. Players keep their target
    secret." Each player in turn decides alone: only its two tokens are offered to it,
    nobody else may choose, and no output names a token."""
    g = _kelly([EARLY, MIDDLE])
    assert list(g.mode.flag) == [0, 1, 1, 1]  # (the LEDs draw each flag as 2: silver)
    assert [g.mode.green_tokens(h) for h in (1, 2, 3)] == [2, 2, 2]
    d = g.pending()
    assert d.kind == KEEP_TARGET and d.players == (0,) and g.mode.secret_kinds == (KEEP_TARGET,)
    offer = g.mode.offer[0]
    assert len(offer) == 2 and offer[0] < offer[1]
    assert g.choices(0) == [(EXTRA, KEEP), (EXTRA, KEEP + 1)]  # the lower token, the other
    assert g.choices(1) == []
    raises(IllegalMove, g.apply, (EXTRA, KEEP), 1)
    assert [o[0] for o in g.initial_outputs if o[0] == OUT_SCORED] == []
    outs = g.apply((EXTRA, KEEP + 1), 0)
    assert outs == [] and g.mode.target[0] == offer[1]
    # The other one went back into the bag, from which P2 drew its two at once.
    assert sorted(list(g.mode.offer[1]) + g.mode.bag) == [h for h in (1, 2, 3) if h != offer[1]]
    assert g.pending().kind == KEEP_TARGET and g.pending().players == (1,)
    g.apply(g.choices(1)[0], 1)
    assert g.pending().kind == SELECT_CLUB and g.round == 1
    assert len(set([g.mode.target[0], g.mode.target[1]] + g.mode.bag)) == 3
    assert g.mode.revealed(g) is None  # the host shows the targets of a finished game only


def test_reaching_ones_own_target_scores_three_and_draws_a_new_target():
    """Rulebook (SCORING A TARGET GREEN): "When a player reaches their target green, they
    reveal their target green token face up and take the flag off the board and put it
    back into the box. Take a 2 point token and put it with your score. Add the 1-point
    token you were using as a secret target to your score. Draw two replacement 1-point
    tokens, keep one as your next target and return the other." HOW TO WIN: "3 points for
    each secret green claimed." The new target is drawn before the next turn."""
    g = _kelly([EARLY, MIDDLE, LATE])
    _deal(g, {0: 1, 1: 2, 2: 3})
    place(g, 0, 6, 2)
    outs = _round(g, {0: club("8 Hybrid"), 1: club("8 Iron"), 2: club("5 Wood")}, (MOVE, E))
    assert _scored(outs) == [(0, 1, TOKEN_2, 2), (0, 1, TOKEN_1, 1)]
    assert g.players[0].score == 3 and g.mode.flag[1] == 0 and g.mode.target[0] == 0


def test_a_target_redraw_is_a_secret_decision_before_the_next_turn():
    """Rulebook: "Draw two replacement 1-point tokens, keep one as your next target and
    return the other." With two tokens in the bag the player chooses before anyone plays
    on."""
    crs = make_course(ROWS4, HOLES4)
    g = new_game(crs, [EARLY, MIDDLE], "kelly")
    _deal(g, {0: 1, 1: 2})
    assert g.mode.bag == [3, 4]
    place(g, 0, 6, 2)
    outs = _round(g, {0: club("8 Hybrid"), 1: club("8 Iron")}, (MOVE, E))
    assert _scored(outs) == [(0, 1, TOKEN_2, 2), (0, 1, TOKEN_1, 1)]
    d = g.pending()
    assert d.kind == KEEP_TARGET and d.players == (0,) and not kinds(outs, OUT_TURN)
    assert g.mode.offer[0] == (3, 4) and g.choices(0) == [(EXTRA, KEEP), (EXTRA, KEEP + 1)]
    outs = g.apply((EXTRA, KEEP + 1), 0)
    assert g.mode.target[0] == 4 and g.mode.bag == [3]
    assert one(outs, OUT_TURN)[1] == 1  # P2's turn comes now


def test_claiming_another_players_target_scores_their_token_and_the_flag_and_they_redraw():
    """Rulebook (SCORING ANOTHER'S TARGET GREEN): "If someone claims your target, hand them
    your 1-point token. Draw two replacement 1-point tokens, keep one and return the
    other." "If you claim another player's target green you score their 1-point token and
    the flag from the green." HOW TO WIN: "2 points for claiming the secret green of
    another player." With one token in the bag the loser draws it as it is."""
    g = _kelly([EARLY, MIDDLE])
    _deal(g, {0: 1, 1: 2})
    assert g.mode.bag == [3]
    place(g, 0, 2, 4)
    outs = _round(g, {0: club("8 Hybrid"), 1: club("8 Iron")}, (MOVE, W))
    assert _scored(outs) == [(0, 2, TOKEN_1, 1), (0, 2, FLAG, 1)]
    assert g.players[0].score == 2 and g.mode.target[0] == 1
    # "When there is only one token left in the bag, the player draws that one token."
    assert g.mode.target[1] == 3 and g.mode.bag == [] and g.pending().kind != KEEP_TARGET


def test_any_other_green_scores_its_flag_and_its_token_leaves_the_bag():
    """Rulebook (SCORING ANY OTHER GREEN): "Remove the flag from the green and add it to
    your score." FINAL SCORING: "The flags are worth 1 point." A green without its flag
    can no longer be claimed, so its token no longer names a target (RULES-NOTES)."""
    g = _kelly([EARLY, MIDDLE])
    _deal(g, {0: 1, 1: 2})
    place(g, 0, 3, 0)
    outs = _round(g, {0: club("8 Hybrid"), 1: club("8 Iron")}, (MOVE, E), (MOVE, NE))
    assert _scored(outs) == [(0, 3, FLAG, 1)]
    assert g.mode.bag == [] and g.mode.flag[3] == 0 and 3 not in g.mode.targets(g, g.players[1])
    place(g, 1, 3, 0)  # P2 onto green 3 now: it plays as fairway
    outs = _round(g, {0: club("6 Iron"), 1: club("7 Iron")}, (MOVE, W), (MOVE, E))
    assert [o[1:] for o in kinds(outs, OUT_MOVE)][1] == (1, (4, 0), NORMAL)
    assert not kinds(outs, OUT_SCORED)


def test_with_an_empty_bag_a_player_goes_on_without_a_target():
    """Rulebook: "Draw two replacement 1-point tokens" when the bag is empty there is
    nothing to draw: the player plays on for flags (RULES-NOTES)."""
    g = _kelly([EARLY, MIDDLE])
    _deal(g, {0: 1, 1: 2})
    g.mode.bag = []
    place(g, 0, 6, 2)
    _round(g, {0: club("8 Hybrid"), 1: club("8 Iron")}, (MOVE, E))
    assert g.mode.target[0] == 0 and g.pending().kind != KEEP_TARGET
    assert g.mode.aims(g, g.players[0]) == (2, 3)  # a bot heads for any flag


def test_the_game_ends_immediately_after_the_last_green():
    """Rulebook (FINAL SCORING): "The game ends immediately after a player scores the last
    green. Sum the value of your scored tokens. The flags are worth 1 point. Highest
    score wins." The players after it in the round do not play."""
    g = _kelly([EARLY, MIDDLE, LATE])
    _deal(g, {0: 1, 1: 2, 2: 3})
    for h in (2, 3):
        g.mode.flag[h] = 0  # test set-up only: two greens already claimed
        g.mode.target[h - 1] = 0
    g.players[2].score = 3
    place(g, 1, 6, 2)
    outs = _round(g, {0: club("8 Hybrid"), 1: club("8 Iron"), 2: club("5 Wood")},
                  (MOVE, NE), (MOVE, E))
    assert _scored(outs) == [(1, 1, TOKEN_1, 1), (1, 1, FLAG, 1)]
    over = one(outs, OUT_GAME_OVER)
    assert over[1] == ((1, 2, 3, 0), (2, 1, 2, 0), (3, 0, 0, 0))  # (no own target claimed)
    assert [o[1] for o in kinds(outs, OUT_TURN)] == [1] and g.over  # P3 never plays
    assert g.mode.revealed(g) == bytes([0, 0, 0])


def test_chaos_golf_rules_apply_fast_travel_from_a_tee_box():
    """Rulebook: "Use the rules for Chaos Golf except when in conflict with the rules
    below." Chaos Golf: "When landing on a tee box, the player may take another turn." """
    g = _kelly([EARLY, MIDDLE, LATE])
    _deal(g, {0: 1, 1: 2, 2: 3})
    place(g, 0, 4, 4)
    outs = _round(g, {0: club("8 Hybrid"), 1: club("8 Iron"), 2: club("5 Wood")},
                  (MOVE, E), (MOVE, NE), (MOVE, NE))
    assert one(outs, OUT_EXTRA_TURN)[1] == 0 and g.pending().extra


def test_there_is_no_tie_break_as_in_chaos_golf_and_standings_count_own_targets():
    """Rulebook: Kelly Golf uses "the rules for Chaos Golf", where "There is no
    tie-break": equal points share the place, hole-in-ones or targets claimed or not.
    The standings' fourth number is the own targets claimed (the score history's
    "Targets" column)."""
    g = _kelly([EARLY, MIDDLE, LATE])
    for seat, score, hole_in_ones in ((0, 4, 0), (1, 4, 1), (2, 1, 0)):
        g.players[seat].score = score  # test set-up only
        g.players[seat].hole_in_ones = hole_in_ones
    g.players[1].tokens = [(2, TOKEN_2), (2, TOKEN_1), (3, FLAG)]
    assert g.standings() == ((1, 0, 4, 0), (1, 1, 4, 1), (3, 2, 1, 0))
    assert (g.mode.count_key, g.mode.count_title) == ("targets", "Targets")


def test_kelly_golf_is_played_by_two_to_five():
    """Rulebook (Kelly Golf): "PLAYS 2 - 5 players" (Chaos Golf needs three)."""
    crs = shipped.load_builtin("starter")
    err = raises(ValueError, Game, crs, CLUBS, SHOTS, Setup(1, "kelly"))
    assert "Kelly Golf is played by 2 to 5 players, not 1" in str(err)
    for n in (2, 5):
        g = Game(crs, CLUBS, SHOTS, Setup(n, "kelly"))
        assert g.pending().kind == KEEP_TARGET
    mode = modes.make("kelly")
    assert (mode.unit, mode.lower_wins, mode.roams, mode.spread) == ("points", False, True,
                                                                      False)


def test_the_secret_targets_are_in_the_game_log_and_a_replay_keeps_them():
    """The kept tokens are inputs like any other: a game replayed from its log (the
    journal, the synced record) draws and keeps the same targets, to the same digest."""
    g = _kelly([EARLY, MIDDLE])
    g.apply(g.choices(0)[1], 0)
    g.apply(g.choices(1)[0], 1)
    select(g, {0: club("8 Hybrid"), 1: club("8 Iron")})
    log = gamelog.decode(gamelog.encode(gamelog.of(g)))
    again = engine.Game(g.course, CLUBS, SHOTS, log.setup)
    for seat, choice in log.inputs:
        again.apply(choice, seat)
    assert bytes(again.mode.target) == bytes(g.mode.target)
    assert again.state_digest() == g.state_digest()


def test_the_sensible_bot_keeps_the_nearer_target_and_heads_for_it():
    """Bots play toward their target (issue 10): of two tokens the bot keeps the green
    nearer its golfer, then heads for it rather than for another flag."""
    crs = make_course(ROWS4, HOLES4)
    g = new_game(crs, [EARLY, MIDDLE], "kelly")
    g.mode.offer[0] = (1, 2)  # test set-up only: what P1 drew
    assert bots.SensibleBot(1).choose(g, 0) == (EXTRA, KEEP + 1)  # green 2 (1,4): 1 hex away
    _deal(g, {0: 4, 1: 2})
    place(g, 0, 7, 3)  # between green 1 (7,2) and its target, green 4 (8,4)
    select(g, {0: club("8 Hybrid"), 1: club("8 Iron")})
    assert g.mode.aims(g, g.players[0]) == (4,)
    assert [g.simulate_move(d)[2] for d in (NW, SE)] == [GREEN, GREEN]  # green 1, green 4
    assert bots.SensibleBot(1).choose(g, 0) == (MOVE, SE)
