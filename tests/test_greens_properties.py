"""Reading the Greens on every built-in course, bots playing Match Play: every hole is won by
a sunk putt (or a hole-in-one), never by reaching the green; the dice pool holds at most one
die per player and a die in it never changes; no putt counts a die twice or more than seven."""

import pytest

from teebox import shipped
from teebox.core.holes18 import bots, cards, engine
from teebox.core.holes18.expansions import greens_play as gp
from teebox.core.holes18.expansions import putting
from teebox.core.holes18.protocol import OUT_HOLE_IN_ONE, OUT_SCORED

GREENS = shipped.load_default_greens()
CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()


@pytest.mark.parametrize("course", shipped.builtin_names())
@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (5, 3)])
def test_bots_play_greens_on_every_course_keeping_the_dice_rules(course, players, seed):
    crs = shipped.load_builtin(course)
    golfers = [("peter", "AB"[seed % 2])] + [None] * (players - 1)
    setup = engine.Setup(players, "match", seed, engine.DRAFT, golfers, expansions=("greens",))
    g = engine.Game(crs, cards.clubs_for(CLUBS, players, ("greens",)), SHOTS, setup,
                    greens=GREENS)
    seats = [bots.SensibleBot(seed + i) for i in range(players)]
    module = g.added[0]
    sunk_this_hole = False
    pooled = {}
    hole = module.hole
    for _ in range(20000):
        if g.over:
            break
        d = g.pending()
        s = d.waiting[0] if d.waiting else d.players[0]
        outs = g.apply(seats[s].choose(g, s), s)
        for o in outs:
            if o[0] == gp.OUT_PUTT and o[6] == putting.SUNK or o[0] == OUT_HOLE_IN_ONE:
                sunk_this_hole = True
            if o[0] == OUT_SCORED:
                assert sunk_this_hole, "a hole was scored without a putt going in"
        green = module.green
        if green is None:
            continue  # still drafting: no tee, no green card yet
        if module.hole != hole:
            hole, pooled, sunk_this_hole = module.hole, {}, False
        owners = [o for o, die, face in green.pool_dice()]
        assert len(owners) == len(set(owners)) <= players
        for owner, die, face in green.pool_dice():
            assert pooled.setdefault(owner, (die, face)) == (die, face)
        if green.last is not None:
            assert len(green.last.counted) == len(set(green.last.counted)) <= 7
    assert g.over
