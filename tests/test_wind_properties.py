"""Property tests of Taming the Wind: bot games with the wind on every built-in course and
in every mode, Wendy on either side in half of them, checked after every input:

* the wind never moves a ball through a tree-protected hex: every gust blows from a hex
  whose downwind neighbour is no tree ("you cannot apply the wind when adjacent to a
  tree hazard that blocks the direction of the wind"), one hex in the direction of the
  hole's wind as the golfer plays it, and a blown flight holds no tree hex;
* a WINDY shot is blown at most once, a STRONG one at most twice, a chip never
  ("The wind does not apply when you are chipping");
* a wind card is revealed each time golfers stand on a new tee, and only then;
* no golfer stands on a tree, and the log replays to the same state digest.

Seeds are fixed: every run plays the same games (``TEEBOX_WIND_GAMES`` per course and
mode, default 3).
"""

import os

import pytest

from teebox import shipped
from teebox.core import hexgrid, terrain
from teebox.core.holes18 import bots, engine, gamelog, modes
from teebox.core.holes18.expansions import winddata
from teebox.core.holes18.expansions.wind import WIND as WIND_KIND
from teebox.core.holes18.protocol import OUT_FLIGHT, OUT_GUST, OUT_NEXT_HOLE, OUT_WIND

CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()
WIND = shipped.load_default_wind()
COURSES = {name: shipped.load_builtin(name) for name in shipped.builtin_names()}
GAMES = int(os.environ.get("TEEBOX_WIND_GAMES", "3"))
PAIRS = [(name, mode) for name in sorted(COURSES) for mode in modes.NAMES]


class MixedBot:
    """A sensible bot that blows the ball from a random legal hex one time in two (so the
    wind goes anywhere the rules allow, not only where it helps)."""

    def __init__(self, seed):
        self.sensible = bots.SensibleBot(seed)
        self.random = bots.RandomBot(seed)

    def choose(self, game, seat):
        if game.pending().kind == WIND_KIND and self.random.rng.below(2):
            return self.random.choose(game, seat)
        return self.sensible.choose(game, seat)


def _play(name, mode, seed):
    crs = COURSES[name]
    lo, hi = modes.make(mode).players
    players = lo + seed % (hi - lo + 1)
    golfers = None
    if seed % 2 and mode != "solo-chaos":  # (Solo Chaos Golf: "Skip golfer cards")
        golfers = [None] * players
        golfers[seed % players] = ("wendy", "AB"[seed // 2 % 2])
    setup = engine.Setup(players, mode, seed, engine.FIRST_GAME, golfers,
                         expansions=("wind",))
    game = engine.Game(crs, CLUBS, SHOTS, setup, wind=WIND)
    wind = game.added[0]
    seats = [MixedBot(seed * 7 + i) for i in range(players)]
    outs = game.initial_outputs
    for _ in range(20000):
        _check(game, wind, outs)
        if game.over:
            break
        d = game.pending()
        seat = d.waiting[0] if d.waiting else d.players[0]
        before = (d.player, wind.played(game, d.player) if d.player >= 0 and game.t_club >= 0
                  else None, game.t_card)
        outs = game.apply(seats[seat].choose(game, seat), seat)
        _check_gusts(game, outs, before)
    assert game.over, "the game did not finish"
    again = gamelog.replay(gamelog.decode(gamelog.encode(gamelog.of(game))), crs, CLUBS, SHOTS,
                           WIND)
    assert again.state_digest() == game.state_digest()


def _check(game, wind, outs):
    tees = [o for o in outs if o[0] == OUT_NEXT_HOLE]
    cards = [o for o in outs if o[0] == OUT_WIND]
    assert len(tees) == len(cards), outs
    if cards:  # (racers tee off one by one: the last card drawn is the hole's now)
        assert cards[-1][1] == wind.card.strength and cards[-1][2] == wind.tile
    for p in game.players:
        assert game.course.terrain(p.q, p.r) != terrain.TREE


def _check_gusts(game, outs, before):
    gusts = [o for o in outs if o[0] == OUT_GUST]
    if not gusts:
        return
    player, played, card = before
    strength, toward, _ = played
    assert strength in (winddata.WINDY, winddata.STRONG)
    assert len(gusts) <= strength
    assert card < 0 or game.shot_list[card].deck != "C"
    for o in gusts:
        _, seat, src, dst = o
        assert seat == player
        assert dst == hexgrid.neighbour(src[0], src[1], toward)
        assert not game.effects.stops_flight(game.course.terrain(dst[0], dst[1])), o
    for o in outs:
        if o[0] == OUT_FLIGHT and o[1] == player:
            for h in o[2]:
                assert game.course.terrain(h[0], h[1]) != terrain.TREE, o


@pytest.mark.parametrize("name,mode", PAIRS)
def test_the_wind_never_blows_a_ball_through_a_protected_hex(name, mode):
    for seed in range(1, GAMES + 1):
        _play(name, mode, seed)
