"""Memory the rules engine needs on the board: the 5-player, 18-hole benchmark game
(``tools/bench/engine_turns.py``) stepped through inside MicroPython."""

from tools.bench import engine_turns


def test_a_five_player_eighteen_hole_game_stays_under_its_heap_ceiling(micropython):
    # Measured under MicroPython 1.27 (WebAssembly), heap after gc.collect() between
    # top-level calls: engine modules compiled from source + card data + course
    # 120,720 bytes; whole game 146,336 sampled every 8 inputs as here (a longer call
    # leaves a little garbage that the sample still counts). game.inputs keeps the log
    # bytes (~2 bytes an input; a list of tuples took ~33 kB more).
    game, _turns, _seconds = engine_turns.record_game()
    assert game.over and len(game.inputs) > 900
    report = engine_turns.game_heap(game, per_sample=8)
    assert report.steps >= len(game.inputs) // 8
    assert report.cost <= 160000
    # What the game itself adds to the loaded modules, cards and course.
    assert report.cost - engine_turns.data_heap(game) <= 32000
