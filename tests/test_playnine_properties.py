"""Property tests of Play Nine: random bot games that must always hold together.

Hypothesis draws games (2 to 5 players, a seed, 1 to 3 holes, the playoff on or off,
a sensible, random or stalling bot per seat) and plays each to the end. After every input:

* the 108 cards are all there: deck + discard pile + every grid + the card held;
* every player in the hole has eight cards, everyone else none;
* a choice ``choices()`` did not list is refused with IllegalMove and changes nothing;
* a REPLACE's ``preview()`` is the score the player shows after it (unless it ends the
  hole, when every card is turned).

Every hole score equals a recount written here independently of the game's scoring,
totals are the sums of the hole scores, the standings are in order of the totals,
and replaying the game's log (encoded, decoded) gives the same state digest.
``TEEBOX_PLAYNINE_GAMES`` sets the number of games (default ``DEFAULT_GAMES``).
A failure prints the drawn ``(players, seed, holes, playoff, bots)``;
``check_game(*those)`` plays that game again.
"""

import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from teebox.core.contract import IllegalMove
from teebox.core.playnine import bot, cards, log, rules
from teebox.core.playnine.protocol import (DISCARD, DRAW, FLIP, FROM_DECK, OUT_DEAL, OUT_PLAYOFF,
                                           OUT_REPLACED, OUT_RESHUFFLE, OUT_SCORED, OUT_TURNED,
                                           REPLACE, SKIP)
from teebox.core.rng import Rng

DEFAULT_GAMES = 100
ALL_CHOICES = ([(v, s) for v in (FLIP, REPLACE, DISCARD) for s in range(8)]
               + [(DRAW, 0), (DRAW, 1), (SKIP,)])
BONUS_FOR_COLUMNS = {1: 0, 2: -10, 3: -15, 4: -20}


def recount(grid):
    """A hole's score counted from the rulebook's wording, not from the game's code:
    every card at face value, then each matching column (top equals bottom) takes its
    two cards back off unless they are Hole-in-Ones, then each value's matching
    columns earn their bonus."""
    total = sum(grid)
    columns_by_value = {}
    for top, bottom in zip(grid[:4], grid[4:]):
        if top == bottom:
            columns_by_value[top] = columns_by_value.get(top, 0) + 1
            if top != cards.HOLE_IN_ONE:
                total -= top + bottom
    return total + sum(BONUS_FOR_COLUMNS[n] for n in columns_by_value.values())


def _check_cards(game):
    held = [game.drawn] if game.drawn is not None else []
    every = game.deck + game.discard + held + [c for g in game.grids for c in g]
    assert sorted(every) == sorted(cards.deck())
    for seat in range(game.setup.players):
        assert len(game.grids[seat]) == (8 if seat in game.playing else 0)


class Staller(bot.RandomBot):
    """Draws from the deck and replaces a face-up card for the first ``STALL`` turns of
    a hole, then plays at random: holes long enough to empty the deck."""

    STALL = 150

    def choose(self, game, seat):
        legal = game.choices(seat)
        if game.turns < self.STALL and (DRAW, FROM_DECK) in legal:
            return (DRAW, FROM_DECK)
        up = [c for c in legal if c[0] == REPLACE and game.up[seat][c[1]]]
        if game.turns < self.STALL and up:
            return up[0]
        return self.rng.choice(legal)


BOTS = {"sensible": bot.SensibleBot, "random": bot.RandomBot, "staller": Staller}


def check_game(players, seed, holes, playoff, kinds):
    """Play one game with the bots ``kinds`` (names in ``BOTS``, one a seat), checking
    every invariant; returns the outputs."""
    game = rules.Game(rules.Setup(players, seed, holes, playoff))
    bots = [BOTS[kinds[i]](seed + i) for i in range(players)]
    probe = Rng(seed)
    outs = list(game.initial_outputs)
    _check_cards(game)
    while not game.over:
        seat = game.pending().waiting[0]
        legal = game.choices(seat)
        wrong = [c for c in ALL_CHOICES if c not in legal]
        if wrong:
            before = game.state_digest()
            try:
                game.apply(probe.choice(wrong), seat)
                raise AssertionError("an unlisted choice was accepted")
            except IllegalMove:
                pass
            assert game.state_digest() == before
        choice = bots[seat].choose(game, seat)
        assert choice in legal
        shown = game.preview(choice, seat)
        now = game.apply(choice, seat)
        if choice[0] == REPLACE and OUT_SCORED not in [o[0] for o in now]:
            assert game.shown_score(seat) == shown
        outs += now
        _check_cards(game)
    finals = {}
    for o, grid in _grids_when_scored(outs, players):
        assert None not in grid and o[3] == recount(grid)
        finals.setdefault(o[1], []).append(o[3])
    for seat in range(players):
        regular = game.scores[seat]
        assert finals[seat][:holes] == regular and game.totals[seat] == sum(regular)
        assert finals[seat][holes:] == game.playoff_scores[seat]
    table = game.standings()
    assert [row[2] for row in table] == sorted(game.totals)
    again = log.replay(log.decode(log.encode(log.of(game))))
    assert again.state_digest() == game.state_digest()
    return outs


def _grids_when_scored(outs, players):
    """Each OUT_SCORED with the grid it scores, rebuilt from the outputs alone: every
    card reaches the table face up through OUT_TURNED or OUT_REPLACED."""
    grids = [[None] * 8 for _ in range(players)]
    found = []
    for o in outs:
        if o[0] == OUT_DEAL:
            grids = [[None] * 8 for _ in range(players)]
        elif o[0] in (OUT_TURNED, OUT_REPLACED):
            grids[o[1]][o[2]] = o[3]
        elif o[0] == OUT_SCORED:
            found.append((o, list(grids[o[1]])))
    return found


def games_from_env():
    """``TEEBOX_PLAYNINE_GAMES`` or ``DEFAULT_GAMES``."""
    text = os.environ.get("TEEBOX_PLAYNINE_GAMES", str(DEFAULT_GAMES))
    if not text.strip().isdigit() or int(text) < 1:
        raise ValueError("TEEBOX_PLAYNINE_GAMES must be a whole number of games, not %r" % text)
    return int(text)


PLAYERS = (2, 3, 4, 5)
SALT = 0x9E3779B9  # times the player count: derandomized draws repeat, the games must not


# One test a player count, a share of the games each, so parallel workers split them.
# No shrinking: a seed shrinks to nothing simpler, and each try is a whole game.
@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=-(-games_from_env() // len(PLAYERS)), deadline=None, derandomize=True,
          database=None, phases=(Phase.explicit, Phase.generate),
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), holes=st.integers(1, 3), playoff=st.booleans(),
       data=st.data())
def test_random_bot_games_hold_together(players, seed, holes, playoff, data):
    kinds = data.draw(st.lists(st.sampled_from(("sensible", "random", "random", "staller")),
                               min_size=players, max_size=players))
    with pytest.MonkeyPatch.context() as patch:
        # The states compared as their lists of numbers, not the SHA-256 of them: the
        # same comparison (exact, even), without the packing and hashing that were over
        # half of this test's time.
        patch.setattr(rules, "digest", tuple)
        check_game(players, (seed + players * SALT) % 2 ** 32, holes, playoff, kinds)


def test_the_checks_cover_a_reshuffled_deck_and_a_playoff():
    # Hypothesis may not draw these by chance: find seeds that reach them and check them.
    outs = check_game(2, 1, 1, True, ("staller", "staller"))
    assert OUT_RESHUFFLE in [o[0] for o in outs]
    for seed in range(100):
        outs = check_game(2, seed, 1, True, ("random", "random"))
        if OUT_PLAYOFF in [o[0] for o in outs]:
            return
    raise AssertionError("no game of 100 went to a playoff")


def test_the_recount_follows_the_rulebook_examples():
    # The recount itself, on the rulebook's "Shaving Off Strokes" cases.
    h = cards.HOLE_IN_ONE
    assert recount([9, 1, 2, 3, 9, 4, 5, 6]) == 21
    assert recount([h, 1, 2, 3, h, 1, 2, 3]) == -10
    assert recount([4, 4, 1, 2, 4, 4, 3, 5]) == 1
    assert recount([12] * 8) == -20
    assert recount([h, h, 0, 1, h, h, 2, 3]) == -24
