"""Memory a course costs on the board, measured inside MicroPython."""

from teebox.core import course
from tools.bench import course_heap


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
