"""Speed and memory of the rules engine: a 5-player, 18-hole game.

    python -m tools.bench.engine_turns

Plays one game of Stroke Play (every golfer holes out on every hole: the longest
kind of game) for five SensibleBots on the championship course under CPython,
recording its inputs. Then it times:

* CPython: the whole bot game (the bots' ``choose`` plus the engine's ``apply``)
  and a replay of the recorded inputs (``apply`` alone), so the bots' share is
  the difference;
* MicroPython (WebAssembly, Node.js): a replay of the same inputs. The port's
  clock ticks in milliseconds, so the whole replay is timed and divided;
* an RP2040 estimate: 20 to 50 times the WebAssembly time (an estimate from the
  usual gap between this port on a laptop and a 125 MHz Cortex-M0+, not a
  measurement);
* the MicroPython heap high-water of the game, applying one input per top-level
  call (the samples between calls are live-heap figures; see
  ``teebox_host.micropython.heap_high_water``). This part takes about a minute.

``tests/test_engine_heap.py`` holds the heap ceiling for this game.
"""

import time

from teebox.core import bots, engine, gamelog
from teebox.core.protocol import OUT_TURN
from teebox import shipped
from teebox_host.micropython import DEFAULT_MOUNTS, heap_high_water, run

COURSE = "championship"
MODE = "stroke"
PLAYERS = 5
SEED = 5
REPEATS = 3  # timings keep the best of this many runs
# Inputs applied between two heap samples. One input a sample is the true figure;
# each sample costs a full collection of the runner's 64 MB heap (about 65 ms), so
# the test samples every 8 inputs (8 s instead of a minute). That reads a few kB
# high: garbage of a longer call is not all freed by the next sample.
INPUTS_PER_SAMPLE = 1

# MicroPython side: the game, built from the setup, and step(n) applying the next n
# inputs straight from the log's bytes (as the board's journal replays), so a list
# of decoded inputs is not counted in the heap.
_SETUP = """
from teebox.core import cards, course, engine, varint
from teebox.core.protocol import VERB_ARITY
from teebox import shipped
STREAM = bytes.fromhex(%(stream)r)
clubs = shipped.load_default_clubs()
shots = shipped.load_default_shots()
crs = shipped.load_builtin(%(course)r)
at = [0]


def new_game():
    at[0] = 0
    return engine.Game(crs, clubs, shots, engine.Setup(%(players)d, %(mode)r, seed=%(seed)d))


def step(n=1):
    for _ in range(n):
        i = at[0]
        if i >= len(STREAM):
            return False
        head = STREAM[i]
        i += 1
        choice = [head >> 3]
        for _ in range(VERB_ARITY[head >> 3]):
            value, i = varint.get(STREAM, i)
            choice.append(value)
        at[0] = i
        game.apply(tuple(choice), head & 7)
    return True
"""

_TIMED = """
import time
best = None
for _ in range(%(repeats)d):
    game = new_game()
    t = time.ticks_ms()
    while step():
        pass
    ms = time.ticks_diff(time.ticks_ms(), t)
    best = ms if best is None or ms < best else best
print(best, game.over, game.state_digest())
"""


def record_game():
    """Play the bot game once; returns ``(game, turns, seconds)``."""
    clubs = shipped.load_default_clubs()
    shots = shipped.load_default_shots()
    game = engine.Game(shipped.load_builtin(COURSE), clubs, shots,
                       engine.Setup(PLAYERS, MODE, seed=SEED))
    seats = [bots.SensibleBot(seat + 1) for seat in range(PLAYERS)]
    turns = 0
    t = time.perf_counter()
    while not game.over:
        d = game.pending()
        seat = d.waiting[0] if d.waiting else d.players[0]
        outs = game.apply(seats[seat].choose(game, seat), seat)
        turns += len([o for o in outs if o[0] == OUT_TURN])
    return game, turns, time.perf_counter() - t


def cpython_replay_seconds(game):
    """Best time to apply the recorded inputs to a fresh game under CPython."""
    best = None
    for _ in range(REPEATS):
        fresh = engine.Game(game.course, game.clubs, game.shots, game.setup)
        t = time.perf_counter()
        for seat, choice in game.inputs:
            fresh.apply(choice, seat)
        took = time.perf_counter() - t
        best = took if best is None else min(best, took)
    assert fresh.state_digest() == game.state_digest()
    return best


def input_stream(game):
    """The log's input bytes (no header): one to two bytes an input."""
    return b"".join(gamelog.encode_input(seat, choice) for seat, choice in game.inputs)


def micropython_setup(game):
    """The MicroPython code that defines ``new_game()`` and ``step()`` for this game."""
    return _SETUP % {"stream": input_stream(game).hex(), "course": COURSE, "players": PLAYERS,
                     "mode": MODE, "seed": SEED}


def micropython_replay_ms(game):
    """Best whole-replay time in ms inside MicroPython; checks it ends in the same state."""
    res = run(code=micropython_setup(game) + _TIMED % {"repeats": REPEATS})
    if res.returncode != 0:
        raise RuntimeError("MicroPython replay failed:\n" + res.stderr)
    ms, over, digest = res.output.split()
    if over != "True" or digest != game.state_digest():
        raise RuntimeError("MicroPython replay ended in another state: %s %s" % (over, digest))
    return int(ms)


def data_heap(game, mounts=DEFAULT_MOUNTS):
    """Heap bytes the engine modules, the card data and the course take before a game.
    ``mounts``: the runtime's file systems (the firmware compiled, for steady figures)."""
    return heap_high_water(micropython_setup(game), mounts=mounts).cost


def game_heap(game, per_sample=INPUTS_PER_SAMPLE, mounts=DEFAULT_MOUNTS):
    """The heap report (``teebox_host.micropython.HeapReport``) of the whole game, sampled every
    ``per_sample`` inputs; its ``cost`` includes the modules, cards and course."""
    return heap_high_water(micropython_setup(game) + "game = new_game()\n",
                           step="step(%d)" % per_sample, mounts=mounts)


def main():
    game, turns, bot_seconds = record_game()
    inputs = len(game.inputs)
    print("game: %d players, %s, %s course, seed %d: %d turns, %d inputs, %d-byte log"
          % (PLAYERS, game.mode.title, COURSE, SEED, turns, inputs,
             len(gamelog.encode(gamelog.of(game)))))
    apply_s = cpython_replay_seconds(game)
    print("CPython      bots + engine: %7.1f ms the game, %6.3f ms a turn"
          % (bot_seconds * 1e3, bot_seconds * 1e3 / turns))
    print("CPython      engine apply:  %7.1f ms the game, %6.3f ms a turn, %6.3f ms an input"
          % (apply_s * 1e3, apply_s * 1e3 / turns, apply_s * 1e3 / inputs))
    print("CPython      bots choose:   %7.1f ms the game (the difference)"
          % ((bot_seconds - apply_s) * 1e3))
    ms = micropython_replay_ms(game)
    print("MicroPython  engine apply:  %7d ms the game, %6.3f ms a turn, %6.3f ms an input "
          "(WebAssembly)" % (ms, ms / turns, ms / inputs))
    print("RP2040       estimate only: %d-%d ms a turn (20-50x the WebAssembly time), "
          "%.1f-%.1f s for the whole game's replay"
          % (round(20 * ms / turns), round(50 * ms / turns), 20 * ms / 1e3, 50 * ms / 1e3))
    data_cost = data_heap(game)
    played = game_heap(game)
    print("MicroPython  heap: %d bytes for the engine modules, card data and course; "
          "high-water %d bytes during the game (%d above that), sampled after every input"
          % (data_cost, played.cost, played.cost - data_cost))


if __name__ == "__main__":
    main()
