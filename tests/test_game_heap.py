"""Memory each game needs on the board (``tools/bench/game_heap.py``): its code, and a
5-player game played by its bots inside MicroPython from the mpy-cross build, ending in
the state CPython reaches. The tests play each game short (``game_heap.SHORT_GAMES``:
18 Holes on the five-hole starter course, Play Nine over three holes, Domino Golf over
nine), to the end all the same, so a MicroPython run takes seconds; ``python -m tools.bench.game_heap`` plays
the whole games (docs/memory.md, "Per game")."""

import pytest

from teebox.core import games
from teebox_host import deploy
from tools.bench import game_heap

# Generous ceilings over what was measured under MicroPython 1.27 (WebAssembly) on
# 2026-11-26: bytes of code heap, and bytes of the short game (code and data included)
# live between steps and at its peak inside steps (the collector off for 8 inputs).
# 18 Holes: code 100,528, short game (246 inputs) live 147,328, peak 157,120; with the
# eight golfer cards (core/holes18/golfers, every module counted) code 120,416, and
# after the merge of Kelly Golf and Skins' hooks from main code 128,976; with Chaos Teams
# and Solo Chaos Golf code 143,264, short game live 191,120, peak 199,344 (every mode's
# module was imported with the registry's MODES: modes/solo.py added 16.8 KB live to any
# game from .mpy files, the solo cards 2.3 KB); with Taming the
# Wind (expansions/wind.py, winddata.py, golfers/wendy.py: imported only by a wind game,
# counted all the same) code 165,136; with Reading the Greens too (merged
# from main: its modules counted the same way) code 189,952; since the modes' facts are a
# table in modes/__init__.py and a game imports its own mode's module alone (2026-11-26):
# short game live 163,056, peak 171,280 (main before it: live 192,448, peak 200,672;
# the code figure still counts every mode's module: the code any game may import); with
# main's expansions merged: code 191,728 in 60 modules, short game live 169,136, peak
# 177,424; with Coastlines merged (coast.py and the terrain hooks) short game live
# 180,448 (2026-11-26, evening); with the greens' log path and the golfer cards' facts
# table (golfers/__init__.py: titles and draft rules without importing a golfer) code
# 198,224 in 61 modules (2026-11-26, 19:20); with the expansion at the table (Peter and
# Wendy dealt, the putting presenter's facts, the club cards as a tag set) and the bots'
# walking distances: code 200,128 in 61 modules, the built game 182,784, short game live
# 184,400, peak 190,944 (2026-11-27, 00:30); with the club and shot cards keeping only the
# fields off their defaults and sharing their tuples, short game live 179,728, peak 186,272
# (main of the same hour 186,704 and 193,248; 2026-11-27, 05:20 UTC); with the face-up
# card Bunjil's B-side shows (decks.show, game.face_up), the bots' ring walk beside the
# course check's cell walk and the cards' shared defaults: code 204,848 in 61 modules
# (2026-11-27, 07:08 UTC; the ceiling 200 KB -> 204 KB);
# Play Nine: code 35,296, short game (246 inputs) live 39,936, peak 57,936.
# Domino Golf: code 39,312, short game (nine holes, 95 inputs) live 44,352, peak 50,448.
# A Domino Golf game is a few shots a player a hole (the whole game 187 inputs): its
# short game gives 11 samples, so its floor ("samples") is 10 instead of 25.
CEILINGS = {
    "18-holes": {"code": 204 * 1024, "live": 180 * 1024, "in_step": 188 * 1024},
    "play-nine": {"code": 36 * 1024, "live": 52 * 1024, "in_step": 68 * 1024},
    "domino-golf": {"code": 44 * 1024, "live": 56 * 1024, "in_step": 64 * 1024,
                    "samples": 10},
}


def test_every_game_of_the_registry_has_a_benchmark_game_and_a_ceiling():
    assert (sorted(game_heap.GAMES) == sorted(game_heap.SHORT_GAMES) == sorted(games.names())
            == sorted(CEILINGS))


@pytest.mark.parametrize("name", sorted(CEILINGS))
def test_a_five_player_game_fits_under_its_ceiling_and_ends_as_in_cpython(name,
                                                                          compiled_firmware):
    build_dir = compiled_firmware[0][0]
    code, modules = game_heap.code_heap(build_dir, deploy.firmware_dir(), name)
    heap = game_heap.game_heap(name, compiled_firmware, short=True)
    ceiling = CEILINGS[name]
    assert modules > 3 and 0 < code <= ceiling["code"]
    assert heap.samples >= heap.inputs // game_heap.CHOICES_PER_SAMPLE > ceiling.get("samples", 25)
    # playing the game takes heap above the built game (the code figure counts every way
    # to play and every expansion; a game imports its own alone, so the built 18 Holes
    # game holds less than that figure: tests/test_table_resident.py)
    assert 0 < heap.start < heap.live and heap.start < heap.in_step
    assert heap.live <= ceiling["live"] and heap.in_step <= ceiling["in_step"]
    assert heap.digest == heap.cpython
