"""Where the time of the engine property tests goes, per game.

    python -m tools.bench.property_games [games per course and mode, default 4]

Draws the games ``tests/test_engine_properties.py`` plays first (the same Hypothesis
strategy, derandomized) and plays them again, adding one layer at a time:

1. the bots and the engine alone;
2. plus the twin game fed every input through the log encoder and decoder;
3. plus both games' states compared after every input (a fingerprint; the full state
   digest at a sampled one input in ``DIGEST_EVERY`` and at the end, as the test does);
4. the whole checker (clubs, golfers, scores, refused and forked choices, previews).

Each line prints CPU milliseconds a game (``time.process_time``, so other processes
on the machine count less) and, for the whole checker, what ``DEFAULT_GAMES`` games
would take. ``state_digest`` alone is timed on the finished games.
"""

import sys
import time

from hypothesis import given, settings

from tests import test_engine_properties as props


def draw_games(per_pair):
    """``(name, mode, players, seed, hands, seats)`` of the first games the tests play."""
    specs = []
    for name, mode in props.PAIRS:
        @settings(max_examples=per_pair, derandomize=True, database=None, deadline=None)
        @given(props.pair_specs(name, mode))
        def collect(spec):
            specs.append((name, mode) + spec)
        collect()
    return specs


def play(checker, twin, digests):
    """Play one game with its bots: the engine alone, or feeding and comparing the twin."""
    game = checker.game
    while not game.over:
        d = game.pending()
        seat = d.waiting[0] if d.waiting else d.players[0]
        choice = checker.bots[seat].choose(game, seat)
        game.apply(choice, seat)
        if twin:
            checker.feed_twin(seat, choice)
        if digests:
            checker.check_replayed(None)
    return game


def timed(specs, run):
    """CPU ms a game of ``run(checker)`` over all the games, and the games played."""
    games = []
    t = time.process_time()
    for spec in specs:
        games.append(run(props.Checker(*spec)))
    return (time.process_time() - t) * 1e3 / len(specs), games


def main():
    arg = sys.argv[1] if len(sys.argv) > 1 else "4"
    if not arg.isdigit() or int(arg) < 1:
        raise SystemExit("usage: python -m tools.bench.property_games [games per course and "
                         "mode, a whole number such as 4], not %r" % arg)
    per_pair = int(arg)
    specs = draw_games(per_pair)
    bare, games = timed(specs, lambda c: play(c, False, False))
    inputs = sum([len(g.inputs) for g in games]) / len(games)
    print("%d games (%d per course and mode), %.0f inputs a game on average"
          % (len(specs), per_pair, inputs))
    twin = timed(specs, lambda c: play(c, True, False))[0]
    digests = timed(specs, lambda c: play(c, True, True))[0]
    full = timed(specs, lambda c: c.play())[0]
    print("bots + engine:                  %6.1f ms a game" % bare)
    print("+ twin fed through the log:     %6.1f ms a game (+%.1f)" % (twin, twin - bare))
    print("+ states compared every input:  %6.1f ms a game (+%.1f)" % (digests, digests - twin))
    print("whole checker:                  %6.1f ms a game (+%.1f): %d games %.0f s"
          % (full, full - digests, props.DEFAULT_GAMES, full * props.DEFAULT_GAMES / 1e3))
    t = time.process_time()
    for g in games:
        g.state_digest()
    print("state_digest:                   %6.1f us a call"
          % ((time.process_time() - t) * 1e6 / len(games)))


if __name__ == "__main__":
    main()
