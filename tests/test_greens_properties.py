"""Property tests of Reading the Greens played with Taming the Wind: bot games on every built-in
course in every mode that plays the greens (the Chaos Golf modes do not: booklet, "MULTIPLE WAYS
TO PLAY"), Peter on either side in some of them, the wind blown from a random legal hex one
time in two. Checked after every input:

* no putt counts a die twice, more than seven dice or more than one other player's die ("You
  may never count more than 7 dice in your total"), and each rolls one of its own unless it
  taps in ("Every putt requires you to roll at least one of your dice");
* every green's dice pool holds at most one die per player ("The DICE POOL expands to a
  maximum of one die per player"), and a die in it never changes ("Once a die is in the dice
  pool it is never re-rolled for this green"); a player's pool die lies on one green at most
  (Golf Racing: "they leave their die on the green card until they reach the next green. At
  this point they retrieve their die");
* a hole is scored only for a golfer who sank its putt there (or a hole-in-one): "Players no
  longer score flags when they reach the green";
* the wind never moves a ball through a tree-protected hex: every gust blows the ball one hex
  downwind onto a hex that is no tree ("you cannot apply the wind when adjacent to a tree
  hazard that blocks the direction of the wind"), and no golfer stands on a tree;
* the game ends, and its inputs replayed from the same setup reach the same state digest.

Hypothesis draws the seed, the players and Peter (derandomized, no example database: every
run plays the same games); ``TEEBOX_GREENS_GAMES`` sets the games per course and mode
(default 2: some 25 s in all).
"""

import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from teebox import shipped
from teebox.core import hexgrid, terrain
from teebox.core.holes18 import cards, engine, modes
from teebox.core.holes18.expansions import greens_play as gp
from teebox.core.holes18.expansions import putting
from teebox.core.holes18.protocol import OUT_GUST, OUT_HOLE_IN_ONE, OUT_SCORED
from tests.test_wind_properties import MixedBot  # the wind blown anywhere allowed

GREENS = shipped.load_default_greens()
WIND = shipped.load_default_wind()
CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()
COURSES = {name: shipped.load_builtin(name) for name in shipped.builtin_names()}
EXPANSIONS = ("greens", "wind")
PLAYED = [m for m in modes.NAMES if not modes.roams(m)]  # the modes that play the greens
PAIRS = [(name, mode) for name in sorted(COURSES) for mode in PLAYED]
GAMES = int(os.environ.get("TEEBOX_GREENS_GAMES", "2"))


class Checker:
    """One game of ``mode`` on course ``name`` with both modules, checked input by input."""

    def __init__(self, name, mode, players, seed, peter):
        self.crs = COURSES[name]
        golfers = None
        if peter:
            golfers = [None] * players
            golfers[seed % players] = ("peter", peter)
        self.setup = engine.Setup(players, mode, seed, engine.DRAFT, golfers,
                                  expansions=EXPANSIONS)
        self.clubs = cards.clubs_for(CLUBS, players, EXPANSIONS)
        self.game = engine.Game(self.crs, self.clubs, SHOTS, self.setup, greens=GREENS,
                                wind=WIND)
        self.greens, self.wind = self.game.added
        self.seats = [MixedBot(seed * 7 + i) for i in range(players)]
        self.pooled = {}   # (green, owner) -> (die, face) since it went in the pool
        self.sunk = set()  # (seat, hole) of every putt sunk and hole-in-one
        self.settled = []  # the putts settled by the input just applied
        self.putts = 0     # putts checked in all

    def play(self):
        with pytest.MonkeyPatch.context() as patch:
            # A spy: every putt as it stands (Putting.settle), checked after the input.
            settle = putting.Putting.settle

            def spy(green, seat):
                putt = settle(green, seat)
                self.settled.append(putt)
                return putt

            patch.setattr(putting.Putting, "settle", spy)
            self.play_on()

    def play_on(self):
        game = self.game
        for _ in range(30000):
            if game.over:
                break
            d = game.pending()
            seat = d.waiting[0] if d.waiting else d.players[0]
            toward = self.wind.condition()[1]
            holes = [p.hole for p in game.players]  # (a sunk putt's: the round may end)
            outs = game.apply(self.seats[seat].choose(game, seat), seat)
            self.check(outs, toward, holes)
        assert game.over, "the game did not finish"
        assert self.putts >= len(game.players), "the putts were not checked"
        again = engine.Game(self.crs, self.clubs, SHOTS, self.setup, greens=GREENS, wind=WIND)
        for seat, choice in game.inputs:
            again.apply(choice, seat)
        assert again.state_digest() == game.state_digest()

    def check(self, outs, toward, holes):
        game = self.game
        for o in outs:
            if (o[0] in (gp.OUT_PUTT, gp.OUT_MALLET_ROLL, gp.OUT_ACE_ROLL) and o[6] == putting.SUNK
                    or o[0] == OUT_HOLE_IN_ONE):
                self.sunk.add((o[1], holes[o[1]]))
            elif o[0] == OUT_SCORED:
                assert (o[1], o[2]) in self.sunk, "hole %d scored without a putt sunk" % o[2]
            elif o[0] == OUT_GUST:
                _, seat, src, dst = o
                assert dst == hexgrid.neighbour(src[0], src[1], toward)
                assert not game.effects.stops_flight(self.crs.terrain(dst[0], dst[1])), o
        for p in game.players:
            assert self.crs.terrain(p.q, p.r) != terrain.TREE
        lying = []
        for green in self.greens.greens.values():
            owners = [o for o, die, face in green.pool_dice()]
            assert len(owners) == len(set(owners)) <= len(game.players)
            lying.extend(owners)
            for owner, die, face in green.pool_dice():
                key = (green, owner)
                assert self.pooled.setdefault(key, (die, face)) == (die, face)
        assert len(lying) == len(set(lying)), "a player's pool die on two greens"
        self.putts += len(self.settled)
        for putt in self.settled:
            assert len(putt.counted) == len(set(putt.counted)) <= 7, putt.counted
            assert len([d for d in putt.counted if d[0] != putt.seat]) <= 1, putt.counted
            assert putt.rolled or (putt.outcome == putting.SUNK and not putt.throws)  # tap-in
        self.settled = []
        # A green put away takes its dice with it: forget them.
        alive = list(self.greens.greens.values())
        for key in [k for k in self.pooled if not [g for g in alive if g is k[0]]]:
            del self.pooled[key]


# One test per course and mode, a few games each; no shrinking (each try is a whole game).
@pytest.mark.parametrize("name,mode", PAIRS)
@settings(max_examples=GAMES, derandomize=True, database=None, deadline=None,
          phases=(Phase.explicit, Phase.generate), suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 16), extra=st.integers(0, 4),
       peter=st.sampled_from((None, "A", "B")))
def test_bots_play_greens_in_the_wind_keeping_the_dice_and_wind_rules(name, mode, seed, extra,
                                                                      peter):
    lo, hi = modes.players(mode)
    Checker(name, mode, min(hi, lo + extra), seed, peter).play()
