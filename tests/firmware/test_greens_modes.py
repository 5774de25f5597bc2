# Reading the Greens in every way to play (expansion booklet, "MULTIPLE WAYS TO PLAY"): which
# modes play it, the putts counted as strokes in Stroke Play and Stableford, the jackpot of
# Skins on putts sunk in one round, Golf Racing's greens in play at once and the racer's die
# left on the green, and bots playing every mode that plays it to the end (with the wind too).
# Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import CLUBS, SHOTS, kinds, make_course, one, place, select
from greens_kit import (
    GREENS, HOLES, O1, R1, R2, ROWS, Y1, Y2, F, act, card, game, hands, roll, to_green)
from teebox import shipped
from teebox.core.hexgrid import E
from teebox.core.holes18 import bots, engine, modes
from teebox.core.holes18 import game as holes18
from teebox.core.holes18.engine import IllegalMove
from teebox.core.holes18.expansions import greens_play as gp
from teebox.core.holes18.expansions import putting, wind
from teebox.core.holes18.expansions.putting import CHANGE, PUTT
from teebox.core.holes18.protocol import (
    EXTRA, GREEN_REACHED, MOVE, OUT_NEXT_HOLE, OUT_SCORED, POLICY_OUTPUTS, SELECT_CLUB, STABLEFORD,
    STROKES)

CHAOS_MODES = ("chaos", "kelly", "teams", "solo-chaos")
PLAYED = ("match", "stroke", "stableford", "racing", "skins")


# ------------------------------------------------------------------ which modes

def test_the_chaos_golf_modes_refuse_reading_the_greens_and_the_others_play_it():
    """"Unless a mode is listed here, it is considered compatible with both reading the greens
    and taming the wind." "CHAOS GOLF MODES: The reading the greens expansion isn't compatible
    with the nature of chaos golf and the first player to reach the green scoring the
    points." Kelly Golf, Chaos Teams and Solo Chaos Golf "Use the rules for Chaos Golf"."""
    assert sorted(CHAOS_MODES + PLAYED) == sorted(modes.NAMES)
    for mode in CHAOS_MODES:
        lo = modes.players(mode)[0]
        why = raises(ValueError, engine.Setup, lo, mode, expansions=("greens", "wind")).args[0]
        assert modes.title(mode) in why and "isn't compatible with the nature of chaos" in why
        assert holes18.refused(mode, "expansions", ("greens",)) == why
        assert holes18.refused(mode, "expansions", ("wind",)) is None
        assert engine.Setup(lo, mode, expansions=("wind",)).expansions == ("wind",)
    for mode in PLAYED:
        setup = engine.Setup(modes.players(mode)[0] + 1, mode, expansions=("greens", "wind"))
        assert setup.expansions == ("greens", "wind")
        assert holes18.refused(mode, "expansions", ("greens", "wind")) is None
    assert holes18.refused("chaos", "hands", engine.DRAFT) is None


def test_reading_the_greens_and_the_wind_ask_decisions_of_different_kinds():
    # Both modules may be played in one game: a decision kind names one module's decision.
    assert wind.WIND not in gp.KINDS


def _outputs(module):
    return set([getattr(module, n) for n in dir(module) if n.startswith("OUT_")])


def test_no_ways_to_plays_output_reads_as_a_putt():
    # A mode's own outputs (Solo Chaos Golf's opponents') and the greens' share no kind:
    # whoever reads a batch of outputs (the table, the simulator) tells them apart.
    greens = set([k for k in _outputs(gp) if k >= POLICY_OUTPUTS])
    assert len(greens) == 10
    for row in modes.MODES:
        mod = __import__(row[5])
        for part in row[5].split(".")[1:]:
            mod = getattr(mod, part)
        own = set([k for k in _outputs(mod) if k >= POLICY_OUTPUTS])
        assert not own & greens, row[0]


# ------------------------------------------------------------------ Stroke Play, Stableford

def test_stroke_play_counts_every_putt_and_tap_in_and_a_golfer_holed_out_waits():
    """Stroke Play: "You score 1 point for each turn you take" "When a player reaches the
    green, they wait for everyone else to complete the hole before moving on." With the
    greens a hole is complete once the putt is sunk; a putt is a turn, and so is the tap-in
    ("Next turn you can tap it in without rolling") and a change of position."""
    g, dice = game(hands(), mode="stroke")
    to_green(g, (0, 1))                                    # turn 1 each
    act(g, 0, PUTT)
    act(g, 1, CHANGE)
    outs = roll(g, dice, 0, [(Y1, 5), (O1, 7), (R1, 9)])  # 21 for 20: in, turn 2
    assert one(outs, OUT_SCORED) == (OUT_SCORED, 0, 1, STROKES, 2)
    # A sunk putt ends nobody else's hole: the change of position is played.
    assert g.pending().kind == gp.NEW_SIDE
    g.apply((EXTRA, gp.SIDE + 1), 1)                       # turn 2: now 30 to sink
    assert g.pending().kind == SELECT_CLUB and g.pending().players == (1,)
    act(g, 1, PUTT)
    outs = roll(g, dice, 1, [(Y1, 5), (Y2, 4), (O1, F), (O1, 7), (R1, 9), (R2, 8)])
    assert one(outs, gp.OUT_PUTT)[4:] == (33, 1, putting.BESIDE)   # turn 3: one flag, out
    act(g, 1, PUTT)
    outs = g.apply((EXTRA, gp.ROLL), 1)                    # turn 4: the tap-in
    assert one(outs, OUT_SCORED) == (OUT_SCORED, 1, 1, STROKES, 4)
    assert one(outs, OUT_NEXT_HOLE)[1:3] == ((0, 1), 2)


def test_stableford_counts_the_turns_on_the_green_against_par():
    """Stableford: "Count your turns (including missed turns and out of bounds) and compare
    to the course par rating." 2 points for par, +1 a turn under, -1 a turn over: on a par 3,
    in with the second turn scores 3; a change of position before the putt makes it par."""
    g, dice = game(hands(), mode="stableford")
    to_green(g, (0, 1))
    act(g, 0, PUTT)
    act(g, 1, CHANGE)
    outs = roll(g, dice, 0, [(Y1, 5), (O1, 7), (R1, 9)])
    assert one(outs, OUT_SCORED) == (OUT_SCORED, 0, 1, STABLEFORD, 3)
    g.apply((EXTRA, gp.SIDE + 5), 1)                       # side 5: 28 to sink
    act(g, 1, PUTT)
    outs = roll(g, dice, 1, [(Y1, 5), (O1, 7), (R1, 9), (R2, 8)])   # 29
    assert one(outs, OUT_SCORED) == (OUT_SCORED, 1, 1, STABLEFORD, 2)


# ------------------------------------------------------------------ Skins

def test_skins_putts_sunk_in_the_same_round_send_the_tokens_to_the_next_green():
    """Skins: "Players who reach the green claim the token that is on the green. If multiple
    players reach the green on the same turn, move all scoring tokens to the next green."
    With the greens, the hole is won by sinking the putt ("If multiple players sink the putt
    on the same round they all win the hole")."""
    g, dice = game(hands(), mode="skins")
    g.apply((EXTRA, 1), 0)          # each player's 5 on green 1
    g.apply((EXTRA, 1), 1)
    g.added[0].green.card = card((20, 30, 25, None, 35, 28))   # test set-up
    to_green(g, (0, 1))
    act(g, 0, PUTT)
    act(g, 1, PUTT)
    roll(g, dice, 0, [(Y1, 5), (O1, 7), (R1, 9)])
    outs = roll(g, dice, 1, [(Y1, 5), (O1, 7), (R1, 9)])
    assert not kinds(outs, OUT_SCORED)
    assert g.mode.green_tokens(1) == 0 and g.mode.green_tokens(2) == 15   # 5 + 5 + its 5
    assert one(outs, gp.OUT_GREEN_CARD)[1] == 2 and g.added[0].green.pool_dice() == []
    g.added[0].green.card = card((20, 30, 25, None, 35, 28))
    to_green(g, (0,), row=3)
    act(g, 0, PUTT)
    outs = select(g, {1: g.players[1].hand[0]})
    outs = roll(g, dice, 0, [(Y1, 5), (O1, 7), (R1, 9)])
    outs += g.apply((MOVE, E), 1)
    assert [o[4] for o in kinds(outs, OUT_SCORED)] == [5, 5, 5] and g.over


# ------------------------------------------------------------------ Golf Racing

def test_racers_putt_on_their_own_greens_and_leave_their_die_until_the_next_green():
    """Golf Racing: "A player may progress to the next tee box only after reaching the prior
    green." "When a player completes a green and moves to the next green they leave their die
    on the green card until they reach the next green. At this point they retrieve their die
    and it's no longer available to be used by other players on that green." """
    g, dice = game(hands(), mode="racing")
    module = g.added[0]
    to_green(g, (0,))                           # racer 1 steps to column 3
    act(g, 0, PUTT)
    select(g, {1: g.players[1].hand[0]})
    outs = roll(g, dice, 0, [(Y1, 5), (O1, 7), (R1, 9)])        # in: its 9 into the pool
    assert one(outs, OUT_SCORED)[1:4] == (0, 1, GREEN_REACHED)
    outs = g.apply((MOVE, E), 1)
    assert one(outs, OUT_NEXT_HOLE)[1:3] == ((0,), 2)           # racer 0 alone moves on
    assert one(outs, gp.OUT_GREEN_CARD)[1] == 2
    green1 = module.green_of(g, 1)
    assert module.green_of(g, 0) is not green1 and green1.card.id == "T1"
    assert green1.pool_dice() == [(0, R1, 9)]                  # left on green 1
    select(g, {0: g.players[0].hand[0], 1: g.players[1].hand[0]})
    g.apply((MOVE, E), 0) if g.pending().player == 0 else None
    g.apply((MOVE, E), 1)                                        # racer 1 onto green 1
    g.apply((MOVE, E), 0) if g.pending().player == 0 else None
    # Racer 1 may putt with racer 0's 9 while racer 0 is on its way to green 2.
    act(g, 1, PUTT)
    place(g, 0, 4, 3)                                            # test set-up: beside green 2
    select(g, {0: g.players[0].hand[0]})
    outs = roll(g, dice, 1, [(Y1, 2)], borrow=0)                 # 2 + 9 = 11: short of 20
    assert one(outs, gp.OUT_PUTT)[4:] == (11, 0, putting.SHORT)
    outs = g.apply((MOVE, E), 0)                                 # racer 0 reaches green 2
    assert one(outs, gp.OUT_RETRIEVED) == (gp.OUT_RETRIEVED, 0, 1)
    assert green1.pool_dice() == [(1, Y1, 2)]
    act(g, 1, PUTT)
    act(g, 0, CHANGE) if module.green_of(g, 0).action_reason(0, PUTT) else act(g, 0, PUTT)
    while g.pending().player != 1:
        g.apply(bots.SensibleBot(0).choose(g, 0), 0)
    why = str(raises(IllegalMove, roll, g, dice, 1, [(Y2, 4)], 0))
    assert "another player's from the dice pool" in why


# ------------------------------------------------------------------ bots

def _bot_game(mode, players, expansions, seed):
    crs = make_course(ROWS, HOLES, wind="TL1 TM1 TR1 BR1 BM1 BL1 S1 C1")
    setup = engine.Setup(players, mode, seed, engine.FIRST_GAME, expansions=expansions)
    g = engine.Game(crs, CLUBS, SHOTS, setup, greens=GREENS, wind=shipped.load_default_wind())
    seats = [bots.SensibleBot(seed + i) for i in range(players)]
    outs = list(g.initial_outputs)
    for _ in range(3000):
        if g.over:
            break
        d = g.pending()
        s = d.waiting[0] if d.waiting else d.players[0]
        outs += g.apply(seats[s].choose(g, s), s)
    assert g.over, (mode, expansions)
    again = engine.Game(crs, CLUBS, SHOTS, setup, greens=GREENS, wind=shipped.load_default_wind())
    for seat, choice in g.inputs:
        again.apply(choice, seat)
    assert again.state_digest() == g.state_digest()
    return outs


def test_bots_play_every_mode_of_the_greens_to_the_end_with_and_without_the_wind():
    """Every hole is completed by sinking the putt: nothing scores on reaching the green
    ("Players no longer score flags when they reach the green")."""
    for i in range(len(PLAYED)):
        mode = PLAYED[i]
        for expansions in (("greens",), ("greens", "wind")):
            outs = _bot_game(mode, max(2, modes.players(mode)[0]), expansions, i + 1)
            sunk = [o for o in outs if o[0] == gp.OUT_PUTT and o[6] == putting.SUNK]
            assert sunk and kinds(outs, OUT_SCORED), (mode, expansions)
