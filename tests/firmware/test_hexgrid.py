# Hex geometry. Runs under CPython and inside MicroPython.
from fwtest import raises

from teebox.core import hexgrid as hg
from teebox.core.hexgrid import E, NE, NW, W, SW, SE


def test_six_directions_are_named_counter_clockwise_from_east():
    assert hg.DIR_NAMES == ("E", "NE", "NW", "W", "SW", "SE")
    assert hg.direction_named("sw") == SW
    err = raises(ValueError, hg.direction_named, "N")
    assert "unknown direction" in str(err)


def test_neighbours_are_all_one_step_away_and_distinct():
    ring = hg.neighbours(3, -2)
    assert len(set(ring)) == 6
    for q, r in ring:
        assert hg.distance(3, -2, q, r) == 1
    assert hg.neighbour(0, 0, E) == (1, 0)
    assert hg.neighbour(0, 0, NE) == (1, -1)
    assert hg.neighbour(0, 0, SE) == (0, 1)


def test_turning_left_and_right_and_back():
    assert hg.turn_left(E) == NE
    assert hg.turn_left(SE) == E
    assert hg.turn_right(E) == SE
    assert hg.turn_right(NE, 2) == SE
    assert hg.opposite(NW) == SE
    for d in hg.DIRECTIONS:
        q, r = hg.neighbour(5, 5, d)
        assert hg.direction_between(5, 5, q, r) == d
        assert hg.neighbour(q, r, hg.opposite(d)) == (5, 5)
    assert hg.direction_between(0, 0, 2, 0) == -1


def test_distance_is_symmetric_and_counts_steps():
    assert hg.distance(0, 0, 0, 0) == 0
    assert hg.distance(0, 0, 3, 0) == 3
    assert hg.distance(0, 0, 2, -3) == 3
    assert hg.distance(-2, 4, 3, -1) == hg.distance(3, -1, -2, 4) == 5


def test_straight_walks_n_hexes_in_one_direction():
    assert hg.straight(0, 0, W, 3) == [(-1, 0), (-2, 0), (-3, 0)]
    assert hg.straight(2, 2, NE, 0) == []


def test_line_is_connected_and_as_long_as_the_distance():
    for target in ((5, -2), (-4, 7), (0, 6), (3, 3), (-6, 1)):
        pts = hg.line(0, 0, target[0], target[1])
        assert pts[0] == (0, 0)
        assert pts[-1] == target
        assert len(pts) == hg.distance(0, 0, target[0], target[1]) + 1
        for a, b in zip(pts, pts[1:]):
            assert hg.distance(a[0], a[1], b[0], b[1]) == 1


def test_line_along_a_direction_matches_straight():
    assert hg.line(1, 1, 1, 5)[1:] == hg.straight(1, 1, SE, 4)


def test_rotation_turns_directions_counter_clockwise():
    for d in hg.DIRECTIONS:
        q, r = hg.neighbour(0, 0, d)
        assert hg.rotate(q, r, 1) == hg.neighbour(0, 0, hg.turn_left(d))
    assert hg.rotate(4, -1, 6) == (4, -1)
    assert hg.rotate(3, 3, 2, 2, 2) != (3, 3)
    assert hg.distance(2, 2, *hg.rotate(5, 1, 2, 2, 2)) == hg.distance(2, 2, 5, 1)


def test_flight_path_bending_left_lands_left_of_the_straight_shot():
    # A shot hit east that goes straight twice and then bends left lands NE of
    # where the straight shot would have gone on: "bends left" is counter-clockwise.
    path = hg.walk(0, 0, E, "SSL")
    assert path == [(1, 0), (2, 0), (3, -1)]
    assert path[-1] == hg.neighbour(2, 0, hg.turn_left(E))
    right = hg.walk(0, 0, E, "SSR")
    assert right[-1] == hg.neighbour(2, 0, hg.turn_right(E))


def test_flight_path_turns_accumulate_relative_to_the_current_heading():
    # Two left bends in a row turn the ball 120 degrees in all.
    path = hg.walk(0, 0, E, "LL")
    assert path == [hg.neighbour(0, 0, NE), hg.neighbour(1, -1, NW)]


def test_left_of_target_is_the_same_left_in_every_direction():
    # Bunker exit: the hex left of the target is one turn left of the target.
    for d in hg.DIRECTIONS:
        target = hg.neighbour(0, 0, d)
        left_of = hg.neighbour(0, 0, hg.turn_left(d))
        assert hg.walk(0, 0, d, "L") == [left_of]
        assert hg.distance(target[0], target[1], left_of[0], left_of[1]) == 1


def test_bad_flight_path_step_is_refused():
    err = raises(ValueError, hg.walk, 0, 0, E, "SX")
    assert "S, L or R" in str(err)


def test_offset_round_trip_covers_the_whole_24_by_16_board():
    seen = set()
    for row in range(16):
        for col in range(24):
            q, r = hg.from_offset(col, row)
            assert hg.to_offset(q, r) == (col, row)
            assert hg.in_grid(q, r, 24, 16)
            idx = hg.cell_index(q, r, 24)
            assert idx == row * 24 + col
            assert hg.cell_at(idx, 24) == (q, r)
            seen.add(idx)
    assert len(seen) == 384
    assert not hg.in_grid(*hg.from_offset(24, 0), 24, 16)
    assert not hg.in_grid(0, -1, 24, 16)


def test_odd_rows_are_shifted_east_in_offset_grids():
    # (0,1) in offset is south-east of (0,0); (0,2) is south-east of (0,1)'s south-west.
    q0, r0 = hg.from_offset(0, 0)
    q1, r1 = hg.from_offset(0, 1)
    assert hg.direction_between(q0, r0, q1, r1) == SE
    q2, r2 = hg.from_offset(0, 2)
    assert hg.direction_between(q1, r1, q2, r2) == SW


def test_terrain_codes_round_trip_and_unknown_codes_are_named():
    from teebox.core import terrain
    assert len(terrain.CODES) == terrain.COUNT == len(terrain.NAMES)
    for kind in range(terrain.COUNT):
        assert terrain.from_code(terrain.CODES[kind]) == kind
    err = raises(ValueError, terrain.from_code, "q")
    assert "'q'" in str(err) and "use one of" in str(err)


def test_trees_clubhouse_and_off_board_cannot_be_stood_on():
    from teebox.core import terrain
    assert not terrain.standable(terrain.TREE)
    assert not terrain.standable(terrain.CLUBHOUSE)
    assert not terrain.standable(terrain.OFF)
    assert terrain.standable(terrain.BUNKER) and terrain.standable(terrain.OCEAN)
