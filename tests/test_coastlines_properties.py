"""Bot games on the shipped coastline course play by the Coastlines rules (18 Holes
expansion booklet, COASTLINES TILE PACK, HAZARDS), checked after every input:

* OCEAN: "When you land in the ocean, step back along your flight path": no golfer
  ever rests on an ocean hex, and a flight ending over the ocean puts its golfer ashore;
* GORSE: "If you land in gorse you may only by CHIPPING or MOVE ONE": a shot by a
  golfer standing in gorse draws from the chip deck first (a super card may draw on);
* the game says it played the "coast" module, and its log replays to the same state.
"""

import pytest

from teebox import shipped
from teebox.core import terrain
from teebox.core.holes18 import bots, engine, gamelog, modes
from teebox.core.holes18.protocol import FOLLOW, GAME_OVER, OUT_DRAW, OUT_FLIGHT, OUT_MOVE

CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()
COURSE = shipped.load_builtin("coastline")
SEEDS = range(4)


def _play(mode, seed):
    lo, hi = modes.make(mode).players
    players = min(hi, max(lo, 3))
    game = engine.Game(COURSE, CLUBS, SHOTS, engine.Setup(players, mode, seed=seed))
    seats = [bots.SensibleBot(seed * 7 + s) for s in range(players)]
    seen = {"ocean": 0, "gorse": 0}
    for _ in range(20000):
        d = game.pending()
        if d.kind == GAME_OVER:
            break
        seat = d.waiting[0] if d.waiting else d.players[0]
        before = [COURSE.terrain(p.q, p.r) for p in game.players]
        choice = seats[seat].choose(game, seat)
        outs = game.apply(choice, seat)
        draws = [o for o in outs if o[0] == OUT_DRAW]
        if draws and before[draws[0][1]] == terrain.GORSE and choice[0] != FOLLOW:
            # The shot's first card (a super chip card then draws on from deck 2: a
            # FOLLOW's draw is not checked).
            seen["gorse"] += 1
            assert game.shot_list[draws[0][3]].deck == "C", "a shot out of the gorse not chipped"
        for o in outs:
            if o[0] == OUT_FLIGHT and o[2] and COURSE.terrain(*o[2][-1]) == terrain.OCEAN:
                seen["ocean"] += 1
            if o[0] in (OUT_FLIGHT, OUT_MOVE):
                land = o[3] if o[0] == OUT_FLIGHT else o[2]
                assert COURSE.terrain(*land) != terrain.OCEAN, "a ball rests on the ocean"
        for p in [p for p in game.players if p.hole]:  # hole 0: not on a tee yet
            assert COURSE.terrain(p.q, p.r) != terrain.OCEAN, (mode, seed, p.seat)
    assert game.over, (mode, seed)
    return game, seen


@pytest.mark.parametrize("mode", modes.NAMES)
def test_bot_games_on_the_coastline_course_keep_every_ball_out_of_the_ocean(mode):
    seen = {"ocean": 0, "gorse": 0}
    for seed in SEEDS:
        game, s = _play(mode, seed)
        assert game.expansions == ("coast",) == game.setup.expansions
        for k in seen:
            seen[k] += s[k]
        again = gamelog.replay(gamelog.decode(gamelog.encode(gamelog.of(game))), COURSE,
                               CLUBS, SHOTS)
        assert again.state_digest() == game.state_digest()
    if mode == "match":
        # The golfers find the ocean and the gorse on this course: the rules above were
        # exercised, not just vacuously true.
        assert seen["ocean"] > 0 and seen["gorse"] > 0, seen
