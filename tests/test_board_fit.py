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


def test_the_code_figure_is_what_importing_the_board_s_mpy_files_measures(tmp_path):
    firmware = deploy.firmware_dir()
    built = deploy.build(deploy.choose_profile(), firmware, tmp_path / "build")
    board = deploy.board_modules(firmware)
    costs = code_heap.measure(built.build_dir, code_heap.import_order(firmware, board))
    # (of the game modes, imported one at a time when a game starts, the costliest alone)
    measured = sum(costs[n] for n in deploy.resident_modules(firmware,
                                                             deploy.module_sizes(built)))
    assert _close(deploy.code_ram(built), measured), (deploy.code_ram(built), measured)


def test_the_play_nine_figure_is_its_measured_peak(compiled_firmware):
    heap = game_heap.game_heap("play-nine", compiled_firmware)
    assert _close(deploy.GAME_HEAP["play-nine"], heap.live), heap.live


def test_only_the_costliest_game_mode_counts_of_the_modes_the_board_imports_one_at_a_time(
        tmp_path):
    built = deploy.build(deploy.choose_profile(), build_dir=tmp_path / "build")
    firmware = deploy.firmware_dir()
    sizes = deploy.module_sizes(built)
    resident = deploy.resident_modules(firmware, sizes)
    modes = [n for n in deploy.board_modules(firmware)
             if n.startswith(tuple(p + "." for p in deploy.ALTERNATIVES))]
    counted = [n for n in resident if n in modes]
    assert "teebox.core.holes18.modes.match" in counted  # every mode is Match Play "except"
    assert "teebox.core.holes18.modes.stroke" not in counted  # (a costlier mode chain counts)
    assert len(counted) < len(modes) and set(resident) - set(counted) == set(
        deploy.board_modules(firmware)) - set(modes)
    for mode in modes:  # no mode with the modes it imports costs more than those counted
        chain = deploy.alternative_chain(firmware, mode, modes)
        assert sum(sizes[m] for m in chain) <= sum(sizes[m] for m in counted)


def test_the_parts_list_s_board_holds_shell_and_largest_game_with_a_quarter_to_spare(
        tmp_path):
    built = deploy.build(deploy.choose_profile(), build_dir=tmp_path / "build")
    need = deploy.code_ram(built) + max(deploy.GAME_HEAP.values())
    # the free heap after boot of stock MicroPython, cited in hardware/README.md
    assert need * deploy.HEADROOM <= code_heap.PICO2_FREE_HEAP
    assert need > code_heap.PICO_FREE_HEAP  # why the Pico needs the frozen build
    # ... and that board is the default profile and the parts list's default.
    assert profile_mod.DEFAULT == "pico2-24x16"
    hardware = (ROOT / "hardware" / "README.md").read_text(encoding="utf-8")
    default, = re.findall(r"`profiles/([\w-]+)\.json` \(default\)", hardware)
    assert default == profile_mod.DEFAULT
    assert "Pico 2" in profile_mod.load_named().name


def test_the_parts_list_s_board_takes_the_code_into_its_romfs_partition(tmp_path):
    # On a stock Pico 2, `teebox deploy` writes the code and data as a ROMFS image
    # (docs/memory.md, "Three ways to deploy"); an image larger than the stock
    # partition is refused, so the board the parts list names must take it.
    built = deploy.build(deploy.choose_profile(), build_dir=tmp_path / "build")
    image = deploy.romfs_image(built)
    assert len(image) <= code_heap.PICO2_ROMFS, (
        "the ROMFS image is %d bytes, over the Pico 2's %d" % (len(image), code_heap.PICO2_ROMFS))
