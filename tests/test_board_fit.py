"""The board the parts list names, and the heap figures `teebox deploy` checks a board
against: equal to what the benchmarks measure from the mpy-cross build, inside MicroPython.

The issue: "a board on which stock MicroPython firmware ... holds the table shell, the
largest game and its peak with at least 25 % headroom, as measured by the heap benchmark
from the mpy-cross build."
"""

import re
from pathlib import Path

from teebox import profile as profile_mod
from teebox_host import deploy
from tools.bench import code_heap, game_heap

ROOT = Path(__file__).resolve().parent.parent
TOLERANCE = 0.05  # the conservative collector moves a figure by a few per cent


def _close(figure, measured):
    return abs(figure - measured) <= TOLERANCE * measured


def test_the_code_figure_is_what_importing_the_resident_mpy_files_measures(tmp_path):
    # The code in RAM at the peak: the table shell and the largest game's own modules,
    # with one way to play it (the costliest).
    firmware = deploy.firmware_dir()
    built = deploy.build(deploy.choose_profile(), firmware, tmp_path / "build")
    board = deploy.board_modules(firmware)
    res = deploy.resident_modules(firmware)
    costs = code_heap.measure(built.build_dir, code_heap.import_order(firmware, board))
    in_play = res.in_play(deploy.peak_game(built), lambda mods: sum(costs[n] for n in mods))
    measured = sum(costs[n] for n in res.shell + in_play)
    assert _close(deploy.code_ram(built), measured), (deploy.code_ram(built), measured)


def test_every_module_is_the_shell_s_one_game_s_or_one_tool_s():
    # Issue #9: "on the board, only the table shell plus the game in play are in RAM"; the
    # board's table lets go of the rest (tests/test_table_resident.py).
    res = deploy.resident_modules()
    owned = [n for mods in list(res.games.values()) + list(res.tools.values()) for n in mods]
    assert sorted(set(res.shell + owned)) == deploy.board_modules()
    assert not set(res.shell) & set(owned)
    assert not set(res.games["18-holes"]) & set(res.games["play-nine"])
    assert res.tools["teebox.core.coursegen"] == ["teebox.core.coursegen",
                                                 "teebox.core.coursegen_tiles"]
    assert "teebox.core.holes18.modes.skins" in res.games["18-holes"]  # every way to play
    # ... of which one is in RAM at a time (tests/test_table_resident.py): a mode's module
    # and the modes it derives from
    modes = "teebox.core.holes18.modes."
    assert [modes + "match", modes + "stroke"] in res.ways["18-holes"]
    assert [modes + "chaos", modes + "match", modes + "solo"] in res.ways["18-holes"]
    assert len(res.ways["18-holes"]) == 9 and res.ways["play-nine"] == []
    solo = res.in_play("18-holes", lambda mods: (modes + "solo") in mods)
    assert modes + "solo" in solo and modes + "skins" not in solo and modes[:-1] in solo
    assert "teebox.app.presenters.playnine" in res.games["play-nine"]
    # Card learning walks the dominoes too: their tags' module counts for it.
    assert {"teebox.app.presenters.dominogolf.tags", "teebox.core.dominogolf.dominoes"} <= set(
        res.tools["teebox.app.card_learning"])
    game_code = [n for n in res.shell if "holes18" in n or "playnine" in n]
    assert game_code == ["teebox.core.holes18", "teebox.core.holes18.cards"]  # the card data


def test_no_tool_needs_more_heap_than_the_largest_game(tmp_path):
    # The tools run from the start menu, never beside a game, so the fit counts the game.
    built = deploy.build(deploy.choose_profile(), build_dir=tmp_path / "build")
    res = deploy.resident_modules()
    game = deploy.peak_game(built)
    largest = deploy.mpy_ram(built, res.games[game]) + deploy.GAME_HEAP[game]
    for tool, mods in res.tools.items():
        assert deploy.mpy_ram(built, mods) < largest, tool


def test_the_play_nine_figure_is_its_measured_peak_above_its_code(compiled_firmware):
    heap = game_heap.game_heap("play-nine", compiled_firmware)
    code, _mods = game_heap.code_heap(compiled_firmware[0][0], deploy.firmware_dir(),
                                      "play-nine")
    assert _close(deploy.GAME_HEAP["play-nine"] + code, heap.live), (code, heap.live)


def test_the_parts_list_s_board_holds_shell_and_largest_game_with_a_quarter_to_spare(
        tmp_path):
    built = deploy.build(deploy.choose_profile(), build_dir=tmp_path / "build")
    need = deploy.code_ram(built) + deploy.GAME_HEAP[deploy.peak_game(built)]
    # the free heap after boot of stock MicroPython, cited in hardware/README.md
    assert need * deploy.HEADROOM <= code_heap.PICO2_FREE_HEAP
    assert need > code_heap.PICO_FREE_HEAP  # why the Pico needs the frozen build
    # ... and that board is the default profile and the parts list's default.
    assert profile_mod.DEFAULT == "pico2-24x16"
    hardware = (ROOT / "hardware" / "README.md").read_text(encoding="utf-8")
    default, = re.findall(r"`profiles/([\w-]+)\.json` \(default\)", hardware)
    assert default == profile_mod.DEFAULT
    assert "Pico 2" in profile_mod.load_named().name


def test_the_parts_list_s_board_takes_the_code_in_rom_or_as_files_with_room_to_spare(
        tmp_path):
    # On a stock Pico 2, `teebox deploy` writes the code and data as a ROMFS image when
    # it fits the stock partition, and otherwise copies them as .mpy files
    # (`deploy.files_instead`, docs/memory.md "Three ways to deploy"); those must then
    # fit the heap with the parts list's quarter to spare. Since the golfers, the image
    # (about 273 KB) outgrows the 256 KB partition: the Pico 2 takes the files.
    built = deploy.build(deploy.choose_profile(), build_dir=tmp_path / "build")
    image = deploy.romfs_image(built)
    if len(image) > code_heap.PICO2_ROMFS:
        need = deploy.code_ram(built) + max(deploy.GAME_HEAP.values())
        assert need * deploy.HEADROOM <= code_heap.PICO2_FREE_HEAP, (
            "the ROMFS image is %d bytes, over the Pico 2's %d, and as files the code and "
            "the largest game need %d bytes" % (len(image), code_heap.PICO2_ROMFS, need))
