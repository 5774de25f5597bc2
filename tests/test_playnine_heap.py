"""Memory Play Nine needs on the board: the 5-player, nine-hole benchmark game
(``tools/bench/playnine_heap.py``) played by bots inside MicroPython."""

from tools.bench import playnine_heap


def test_a_five_player_play_nine_game_fits_beside_the_table_and_ends_as_in_cpython(
        compiled_firmware):
    # Measured under MicroPython 1.27 (WebAssembly) from the mpy-cross build: code
    # (registry entry, rules, bots, contract, rng, varint) 25,776 bytes; whole game
    # 41,280 bytes at its peak, code included, sampled every 8 choices.
    report, digest = playnine_heap.game_heap(compiled_firmware)
    assert report.steps > 50
    assert report.cost <= 48 * 1024
    assert digest == playnine_heap.cpython_digest()[0]
