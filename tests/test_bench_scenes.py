"""The frame benchmarks still set their scenes up (a change to the table's setup once
left them failing unseen): their CPython runs, one short batch each. Timings are
printed by the benchmarks, never asserted here."""

from tools.bench import frame, led_view, loop_step


def test_the_frame_benchmark_times_every_scene():
    rows = frame.cpython_rows(1)
    assert [r[0] for r in rows] == list(frame.SCENES)
    assert all(r[1] > 0 for r in rows)


def test_the_loop_benchmark_times_every_part():
    rows = loop_step.cpython_rows(1)
    assert rows and all(r[1] > 0 for r in rows)


def test_the_led_view_benchmark_times_every_look():
    rows = led_view.cpython_rows(1)
    assert [r[0] for r in rows] == ["unchanged", "whole frame", "in a game"]
    assert rows[0][1] > 0 and rows[1][1] > 0
