"""Memory the rules engine needs on the board: the 5-player, 18-hole benchmark game
(``tools/bench/engine_turns.py``) stepped through inside MicroPython."""

from tools.bench import engine_turns


def test_a_five_player_eighteen_hole_game_stays_under_its_heap_ceiling(compiled_firmware):
    # Measured under MicroPython 1.27 (WebAssembly) on the firmware compiled by mpy-cross
    # (as the board imports it), heap after gc.collect() between top-level calls: engine
    # modules + card data + course 113,552 bytes; whole game 137,792 sampled every 8
    # inputs as here (then a sample still counted a step's garbage), so the game adds
    # 24,240. game.inputs keeps the log bytes (~2 bytes an input; a list of tuples took
    # ~33 kB more). Split into six modules along its seams
    # (setup, hands, rounds, shots, movement, legality) the engine's code keeps ~7.6 kB
    # more (their module and class objects): whole game 145,408 (2026-11-25). Since the
    # samples leave out a step's garbage (tests/test_micropython_runner.py): modules, cards
    # and course 121,376, whole game 135,376, the game adds 14,000 (2026-11-26). With the
    # expansion hooks in the engine (Reading the Greens, Taming the Wind, golfer cards at
    # the table), the whole game 152,320 (2026-11-26, evening); with the Greens played in
    # every mode that allows them and the bots' walking distances, 157,008 (2026-11-27);
    # with the club and shot cards keeping only the fields off their defaults and sharing
    # their tuples, 150,192 (main of the same hour 157,152; 2026-11-27, 05:20 UTC).
    game, _turns, _seconds = engine_turns.record_game()
    assert game.over and len(game.inputs) > 900
    report = engine_turns.game_heap(game, per_sample=8, mounts=compiled_firmware)
    assert report.steps >= len(game.inputs) // 8
    assert report.cost <= 154000
    # What the game itself adds to the loaded modules, cards and course.
    assert report.cost - engine_turns.data_heap(game, mounts=compiled_firmware) <= 28 * 1024
