"""Memory a course costs on the board, measured inside MicroPython."""

from teebox.core import course
from teebox_host import deploy
from tools.bench import code_heap, course_gen, course_heap


def test_a_loaded_18_hole_course_stays_small(micropython):
    # Measured 1024 bytes under MicroPython 1.27 (550-byte binary + the Course
    # object): a 24x16 course must never cost an object per cell.
    text = course_heap.generated_source(18)
    cost = course_heap.loaded_cost(text)
    assert len(course.compile_source(text)) <= cost <= 1536


def test_checking_an_18_hole_source_allocates_little(micropython):
    # Measured 36448 bytes allocated in all (nothing freed mid-call), so the
    # parse's peak on the board is below that; a walk that allocated per step
    # used to take 500 kB. With the Coastlines checks (a green reached only across the
    # ocean is refused) and the wind and green-card headers: 52,192 (2026-11-26).
    assert course_heap.parse_cost(course_heap.generated_source(18)) <= 56000


def test_making_a_course_takes_less_heap_than_the_largest_game_deploy_counts(
        compiled_firmware, tmp_path):
    # Issue 18: "The generator's code heap and its peak heap on the board are measured
    # (mpy-cross build) and fit the board's budget beside the table shell." The table
    # makes a course from its start menu, never beside a game, so the fit `teebox deploy`
    # checks (the shell, the largest game's code and its state) covers it when the
    # generator's code, the tile set and its peak come below that game's share.
    code, tiles, peak = course_gen.heap_figures(compiled_firmware, seeds=3)
    built = deploy.build(deploy.choose_profile(), build_dir=tmp_path / "build")
    game = deploy.peak_game(built)
    in_play = deploy.resident_modules().in_play(game, lambda mods: deploy.mpy_ram(built, mods))
    largest = deploy.mpy_ram(built, in_play) + deploy.GAME_HEAP[game]
    assert code + tiles + peak < largest, (code, tiles, peak, largest)
    # A Pico with the frozen build keeps the code in flash: the tile set and the course
    # being made take heap, with the parts list's quarter to spare.
    assert (tiles + peak) * deploy.HEADROOM <= code_heap.PICO_FREE_HEAP, (tiles, peak)
