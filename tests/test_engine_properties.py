"""Property tests of the rules engine: random bot games that must always hold together.

Hypothesis draws a game (built-in course, mode, a legal number of players, seed,
first-game or drafted hands, a bot per seat) and plays it to the end. After every
input it checks what a player would notice going wrong:

* each player's clubs are conserved: hand + discards + the face-down club are the
  five clubs dealt, none twice, none lost;
* no golfer stands on a tree, the clubhouse or off the board;
* scores never go down (Match Play flags and tokens, and every other mode's total);
* a choice ``choices()`` did not list is refused with IllegalMove and changes
  nothing; a listed choice is accepted (checked on a copy of the game at a sample of
  decisions: copying costs more than the rest of the checks together);
* where ``preview()`` shows a landing (moves, aims, wild-card outcomes), the golfer
  lands there.

At the end the game is over and replaying its encoded log reproduces the state digest.

The number of games is ``TEEBOX_PROPERTY_GAMES`` (default ``DEFAULT_GAMES``, about a
minute on two cores); the ``teebox-properties`` settings profile is derandomized and
keeps no example database, so every run plays the same games. For the "thousands of
games" soak: ``TEEBOX_PROPERTY_GAMES=3000 python -m pytest tests/test_engine_properties.py``.
"""

import copy
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from teebox.core import bots, engine, gamelog, modes, terrain
from teebox.core.protocol import (AIM, DRAFT_PICK, GAME_OVER, OUT_FLIGHT, OUT_MOVE,
                                  OUT_OF_BOUNDS, SELECT_CLUB, VERB_ARITY)
from teebox.core.rng import Rng
from teebox import shipped

DEFAULT_GAMES = 250
GAMES = int(os.environ.get("TEEBOX_PROPERTY_GAMES", DEFAULT_GAMES))
settings.register_profile("teebox-properties", max_examples=GAMES, derandomize=True,
                          database=None, deadline=None, print_blob=False,
                          suppress_health_check=[HealthCheck.too_slow])
PROFILE = settings.get_profile("teebox-properties")

CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()
COURSES = {name: shipped.load_builtin(name) for name in shipped.builtin_names()}
# One decision in FORK_EVERY gets a listed choice tried on a copy of the game.
FORK_EVERY = 8
CHOICE_LIMIT = 20000


class MixedBot:
    """Plays like SensibleBot, but one choice in four is a random legal one."""

    def __init__(self, seed):
        self.rng = Rng(seed)
        self.sensible = bots.SensibleBot(seed)
        self.random = bots.RandomBot(seed + 1)

    def choose(self, game, seat):
        bot = self.random if self.rng.below(4) == 0 else self.sensible
        return bot.choose(game, seat)


BOTS = {"sensible": bots.SensibleBot, "random": bots.RandomBot, "mixed": MixedBot}


@st.composite
def game_specs(draw):
    """``(course name, mode, players, seed, hands, bot kinds)`` of a game that can finish.

    RandomBot seats sit only where a sensible player ends the holes for them (Match
    Play, Chaos Golf): in Stroke Play and Stableford every golfer must hole out, so
    there they play as MixedBot.
    """
    name = draw(st.sampled_from(sorted(COURSES)))
    mode = draw(st.sampled_from(modes.NAMES))
    lo, hi = modes.make(mode).players
    players = draw(st.integers(lo, hi))
    seed = draw(st.integers(0, 2 ** 32 - 1))
    hands = draw(st.sampled_from([engine.FIRST_GAME, engine.DRAFT]))
    kinds = ["sensible", "random", "mixed"] if mode in ("match", "chaos") else ["sensible",
                                                                               "mixed"]
    seats = draw(st.lists(st.sampled_from(kinds), min_size=players, max_size=players))
    if "sensible" not in seats:
        seats[draw(st.integers(0, players - 1))] = "sensible"
    return name, mode, players, seed, hands, tuple(seats)


class Checker:
    """Plays one game with the checks of the module docstring after every input."""

    def __init__(self, name, mode, players, seed, hands, seats):
        self.course = COURSES[name]
        self.game = engine.Game(self.course, CLUBS, SHOTS,
                                engine.Setup(players, mode, seed=seed, hands=hands))
        self.bots = [BOTS[kind](seed + 7 * seat + 1) for seat, kind in enumerate(seats)]
        self.rng = Rng(seed ^ 0x5EED)  # the checker's own random choices
        self.dealt = None
        self.scores = [0] * players
        self.decisions = 0

    def play(self):
        game = self.game
        self.check_state()
        for _ in range(CHOICE_LIMIT):
            d = game.pending()
            if d.kind == GAME_OVER:
                break
            seat = d.waiting[0] if d.waiting else d.players[0]
            legal = game.choices(seat)
            assert legal, "seat %d may act on %r but has no choices" % (seat, d)
            self.check_refused(legal)
            self.decisions += 1
            if self.decisions % FORK_EVERY == 0:
                self.check_accepted(seat, legal)
            choice = self.bots[seat].choose(game, seat)
            assert choice in legal
            preview = game.preview(choice, seat)
            if choice[0] == AIM and d.shot >= 0 and game.shot_list[d.shot].wild:
                # A wild card's preview is its first outcome in bounds (engine-api.md);
                # with several in bounds the player then picks, maybe another one.
                stay = [i for i in range(len(game.shot_list[d.shot].outcomes))
                        if game.simulate_shot(d.shot, i, choice[1])[2] != OUT_OF_BOUNDS]
                if len(stay) > 1:
                    preview = None
            outs = game.apply(choice, seat)
            self.check_preview(preview, choice, seat, outs)
            self.check_state()
        assert game.over, "the game did not finish within %d choices" % CHOICE_LIMIT
        data = gamelog.encode(gamelog.of(game))
        again = gamelog.replay(gamelog.decode(data), self.course, CLUBS, SHOTS)
        assert again.state_digest() == game.state_digest()
        assert again.standings() == game.standings()

    def check_state(self):
        game = self.game
        stage = game.pending().kind
        if stage == DRAFT_PICK:
            return
        if self.dealt is None:
            self.dealt = [sorted(p.hand + p.discards) for p in game.players]
        for p in game.players:
            held = p.hand + p.discards
            assert len(set(held)) == len(held), "player %d holds a club twice: %r" % (p.seat, held)
            if stage == SELECT_CLUB:
                # A face-down club stays in the hand until everyone has chosen.
                assert p.chosen == -1 or p.chosen in p.hand
            elif p.chosen >= 0:
                assert p.chosen not in held
                held = held + [p.chosen]
            assert sorted(held) == self.dealt[p.seat], (
                "player %d: clubs %r, dealt %r" % (p.seat, sorted(held), self.dealt[p.seat]))
            kind = self.course.terrain(p.q, p.r)
            assert terrain.standable(kind), "player %d stands on %s at %r" % (
                p.seat, terrain.NAMES[kind], p.position())
            assert p.score >= self.scores[p.seat], "player %d's score went down" % p.seat
            self.scores[p.seat] = p.score

    def check_preview(self, preview, choice, seat, outs):
        """What ``preview`` showed (the table lights it) is where the ball or golfer went."""
        landed = [o for o in outs if o[0] in (OUT_FLIGHT, OUT_MOVE) and o[1] == seat]
        if preview is None or not landed:
            return
        out = landed[0]
        if out[0] == OUT_MOVE:
            assert (out[2], out[3]) == (preview[1], preview[2]), (choice, preview, out)
        else:
            assert out[2:] == (tuple(preview[0]), preview[1], preview[2], int(preview[3])), (
                choice, preview, out)

    def check_refused(self, legal):
        """A random choice that is not listed, by a random seat, is refused and changes nothing."""
        game = self.game
        rng = self.rng
        seat = rng.below(len(game.players))
        verb = rng.below(len(VERB_ARITY) + 1)
        arity = VERB_ARITY[verb] if verb < len(VERB_ARITY) and rng.below(8) else rng.below(3)
        choice = tuple([verb] + [rng.below(40) - 2 for _ in range(arity)])
        if choice in game.choices(seat):
            return
        before = game.state_digest()
        inputs = len(game.inputs)
        with pytest.raises(engine.IllegalMove):
            game.apply(choice, seat)
        assert len(game.inputs) == inputs and game.state_digest() == before, (
            "refused %r for seat %d but the game changed" % (choice, seat))

    def check_accepted(self, seat, legal):
        """A listed choice, applied to a copy of the game, is accepted."""
        fork = copy.deepcopy(self.game, self._shared())
        choice = legal[self.rng.below(len(legal))]
        fork.apply(choice, seat)
        assert fork.inputs[-1] == (seat, choice)

    def _shared(self):
        # Deep-copy memo that shares the read-only course and card data with the copy.
        game = self.game
        memo = {}
        for obj in (game.course, game.clubs, game.shots, game.shot_list, game.effects) + \
                game.clubs + game.shot_list:
            memo[id(obj)] = obj
        return memo


@PROFILE
@given(spec=game_specs())
def test_random_bot_games_hold_together(spec):
    Checker(*spec).play()


@pytest.mark.parametrize("name", sorted(COURSES))
def test_every_mode_plays_to_the_end_on_every_built_in_course(name):
    # Hypothesis draws courses and modes at random; this makes sure every pair is played.
    for mode in modes.NAMES:
        lo, hi = modes.make(mode).players
        players = min(max(lo, 3), hi)
        Checker(name, mode, players, len(name) * 31 + lo, engine.FIRST_GAME,
                ("sensible", "mixed", "random")[:players] if mode in ("match", "chaos")
                else ("sensible", "mixed", "mixed")[:players]).play()
