# The LED renderer and its palette: terrain layer, golfers, preview, flight, flashes, tokens.
# Runs under CPython and inside MicroPython.
import json

from fwtest import raises

from teebox import profile as P
from teebox import palette
from teebox.app import renderer as R
from teebox.app.view import (View, FLASH_ACK, FLASH_BUNKER, FLASH_GREEN, FLASH_HOLE_IN_ONE,
                             FLASH_OUT, FLASH_REFUSED, FLASH_WATER, MARK_GREEN, MARK_HAZARD,
                             MARK_OUT, MARK_PLAIN, MARK_TREE)
from teebox.core import course, hexgrid, terrain
from teebox import shipped

from fake_hardware import PICO, profile, profile_dict

BOARD = profile()  # the default 24 x 16 serpentine table
CHAMP = shipped.load_builtin("championship")
W = CHAMP.width

# Every terrain kind once, on a course much smaller than the board.
TINY = course.from_source("""teebox-course 1
name: Tiny
size: 6x3
hole 1 par 3 tee 0,1 green 4,1
map:
r b w l t .
 T f f f G r
C F Y ~ r r
""")

DARK = (0, 0, 0)


def make(crs=CHAMP):
    view = View(crs.width * crs.height)
    return R.Renderer(BOARD, crs, view), view


def at(frame, led):
    return frame[3 * led], frame[3 * led + 1], frame[3 * led + 2]


def cell(col, row, width=W):
    return row * width + col


def terrain_rgb(kind):
    return palette.rgb(palette.TERRAIN, kind)


def seat_rgb(seat):
    return palette.rgb(palette.PLAYERS, seat)


def scaled(rgb, level):
    return ((rgb[0] * level) >> 8, (rgb[1] * level) >> 8, (rgb[2] * level) >> 8)


def distance(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2])


def green_cell(crs, n):
    par, tq, tr, gq, gr = crs.hole(n)
    return hexgrid.cell_index(gq, gr, crs.width)


def changed_cells(r, frame_copy):
    # Course cells whose colour differs from the terrain layer.
    out = []
    for c in range(r.course.width * r.course.height):
        led = r.cell_led(c)
        if at(frame_copy, led) != at(r.base, led):
            out.append(c)
    return out


# ---------------------------------------------------------------- palette


def test_terrain_colours_are_distinct_and_modest():
    assert len(palette.TERRAIN) == 3 * terrain.COUNT
    colours = [terrain_rgb(k) for k in range(terrain.COUNT)]
    assert colours[terrain.OFF] == DARK
    for a in range(terrain.COUNT):
        # modest: golfers and paths at full brightness must stand out
        assert max(colours[a]) <= 200, terrain.NAMES[a]
        for b in range(a + 1, terrain.COUNT):
            assert distance(colours[a], colours[b]) >= 60, (terrain.NAMES[a], terrain.NAMES[b])


def test_player_colours_are_full_bright_and_unlike_any_terrain_or_each_other():
    assert len(palette.PLAYERS) == 3 * 5 and len(palette.PLAYER_NAMES) == 5
    for s in range(5):
        rgb = seat_rgb(s)
        assert max(rgb) == 255
        for k in range(terrain.COUNT):
            assert distance(rgb, terrain_rgb(k)) >= 150, (palette.PLAYER_NAMES[s], terrain.NAMES[k])
        for o in range(s + 1, 5):
            assert distance(rgb, seat_rgb(o)) >= 150


def test_preview_marks_have_distinct_colours():
    marks = [palette.rgb(palette.MARKS, m) for m in range(5)]
    for a in range(5):
        for b in range(a + 1, 5):
            assert distance(marks[a], marks[b]) >= 120, (a, b)


# ---------------------------------------------------------------- terrain layer


def test_base_layer_puts_each_terrain_colour_at_its_led_through_the_serpentine():
    r, view = make()
    frame = r.compose(0)
    # Known cells of the championship map, at LED numbers worked out by hand:
    # row 0 runs east from LED 0, row 1 runs west from LED 24 (so column c is LED 47 - c).
    assert at(frame, 0) == DARK                                # (0,0) off-board
    assert at(frame, 1) == terrain_rgb(terrain.BUNKER)         # (1,0)
    assert at(frame, 6) == terrain_rgb(terrain.WATER)          # (6,0)
    assert at(frame, 20) == terrain_rgb(terrain.TEE)           # (20,0) hole 13's tee
    assert at(frame, 46) == terrain_rgb(terrain.GREEN)         # (1,1) hole 3's green
    assert at(frame, 41) == terrain_rgb(terrain.LAKE)          # (6,1)
    assert at(frame, 47) == terrain_rgb(terrain.ROUGH)         # (0,1)
    assert BOARD.led_index(15, 5) == 5 * 24 + 23 - 15
    assert at(frame, BOARD.led_index(15, 5)) == terrain_rgb(terrain.TREE)
    assert at(frame, BOARD.led_index(11, 14)) == terrain_rgb(terrain.CLUBHOUSE)
    assert at(frame, BOARD.led_index(2, 1)) == terrain_rgb(terrain.FAIRWAY)
    # and every other cell too
    for row in range(CHAMP.height):
        for col in range(W):
            led = BOARD.led_index(col, row)
            assert r.cell_led(cell(col, row)) == led
            assert at(frame, led) == terrain_rgb(CHAMP.terrain_at(col, row)), (col, row)
            assert r.rgb_of_cell(cell(col, row)) == at(frame, led)


def test_a_rows_chain_in_the_profile_moves_row_1_to_the_leds_a_row_wired_strip_has():
    # A table whose rows all start on the west side: profile "chain": "rows".
    d = profile_dict()
    d["leds"]["chain"] = "rows"
    board = P.load(json.dumps(d))
    r = R.Renderer(board, CHAMP, View(CHAMP.width * CHAMP.height))
    frame = r.compose(0)
    # Column c of row 1 is LED 24 + c now (47 - c on the serpentine table).
    assert at(frame, 24 + 1) == terrain_rgb(terrain.GREEN)     # (1,1) hole 3's green
    assert at(frame, 24 + 6) == terrain_rgb(terrain.LAKE)      # (6,1)
    assert at(frame, 24 + 0) == terrain_rgb(terrain.ROUGH)     # (0,1)


def test_a_course_smaller_than_the_board_sits_top_left_and_the_rest_stays_dark():
    r, view = make(TINY)
    frame = r.compose(0)
    lit = {}
    for row in range(3):
        for col in range(6):
            led = BOARD.led_index(col, row)
            assert r.cell_led(cell(col, row, 6)) == led
            lit[led] = TINY.terrain_at(col, row)
    kinds = set(lit.values())
    assert len(kinds) == terrain.COUNT  # the tiny course holds every terrain kind
    for led in range(BOARD.led_count):
        want = terrain_rgb(lit[led]) if led in lit else DARK
        assert at(frame, led) == want, led
    # row 1 of the tiny course is the far end of the board's second LED row
    assert at(frame, 47) == terrain_rgb(terrain.TEE)
    assert at(frame, 43) == terrain_rgb(terrain.GREEN)


def test_a_course_larger_than_the_board_is_refused():
    d = profile_dict(PICO)
    d["grid"] = {"width": 6, "height": 3}
    d["leds"]["count"] = 18
    small = P.load(json.dumps(d))
    err = raises(ValueError, R.Renderer, small, CHAMP, View(W * CHAMP.height))
    assert "24 x 16" in str(err) and "6 x 3" in str(err) and "Championship" in str(err)


def test_compose_returns_the_same_frame_and_an_empty_view_is_just_the_terrain():
    r, view = make()
    f1 = r.compose(0)
    f2 = r.compose(12345)
    assert f1 is f2 is r.frame
    assert f1 == r.base
    assert f1 is not r.base


def test_choosing_a_new_course_redraws_the_terrain_into_the_same_frame():
    r, view = make()
    frame = r.frame
    r.set_course(TINY)
    r.view = View(18)
    assert r.compose(0) is frame
    assert at(frame, BOARD.led_index(1, 0)) == terrain_rgb(terrain.BUNKER)
    assert at(frame, BOARD.led_index(10, 9)) == DARK  # championship green, not on Tiny
    assert r.cell_led(cell(5, 2, 6)) == BOARD.led_index(5, 2)


# ---------------------------------------------------------------- golfers


def test_a_golfer_shows_in_its_seat_colour_at_its_cell():
    r, view = make()
    view.seats = 3
    view.golfer[0] = cell(10, 15)
    view.golfer[1] = -1          # not on the board (e.g. holed out)
    view.golfer[2] = cell(4, 12)
    frame = r.compose(0)
    assert r.rgb_of_cell(cell(10, 15)) == seat_rgb(0)
    assert r.rgb_of_cell(cell(4, 12)) == seat_rgb(2)
    assert at(frame, BOARD.led_index(4, 12)) == seat_rgb(2)
    assert changed_cells(r, frame) == [cell(4, 12), cell(10, 15)]


def test_golfers_sharing_a_hex_take_turns_in_seat_order():
    r, view = make()
    view.seats = 5
    here = cell(10, 9)
    for s in range(5):
        view.golfer[s] = cell(s, 8)
    view.golfer[1] = here
    view.golfer[3] = here
    view.golfer[4] = here
    shown = [r.compose(t) and r.rgb_of_cell(here) for t in (0, 399, 400, 800, 1200, 1600)]
    assert shown == [seat_rgb(1), seat_rgb(1), seat_rgb(3), seat_rgb(4), seat_rgb(1), seat_rgb(3)]
    # the golfers alone on their hex stay put all along
    assert r.rgb_of_cell(cell(0, 8)) == seat_rgb(0)
    assert r.rgb_of_cell(cell(2, 8)) == seat_rgb(2)


def test_golfers_take_turns_only_while_they_share_a_hex():
    # Who shares a hex is worked out when a golfer moves (not every frame): moving onto
    # a golfer's hex, away from it, a partner arriving and a seat leaving all show at once.
    r, view = make()
    view.seats = 2
    here = cell(10, 9)
    view.golfer[0] = here
    view.golfer[1] = cell(3, 3)
    r.compose(400)
    assert r.rgb_of_cell(here) == seat_rgb(0) and r.rgb_of_cell(cell(3, 3)) == seat_rgb(1)
    view.golfer[1] = here            # joins golfer 0: its turn at 400 ms
    r.compose(400)
    assert r.rgb_of_cell(here) == seat_rgb(1) and r.rgb_of_cell(cell(3, 3)) == \
        terrain_rgb(CHAMP.cells()[cell(3, 3)])
    view.golfer[0] = cell(4, 4)      # golfer 0 leaves: golfer 1 alone, steady
    for t in (0, 400, 800):
        r.compose(t)
        assert r.rgb_of_cell(here) == seat_rgb(1) and r.rgb_of_cell(cell(4, 4)) == seat_rgb(0)
    view.partner[0] = here           # a team's second golfer arrives: turns again
    view.partner[1] = cell(6, 6)
    r.compose(0)
    assert r.rgb_of_cell(here) == seat_rgb(1)
    r.compose(400)
    assert r.rgb_of_cell(here) == scaled(seat_rgb(0), 128)
    view.partner[0] = view.partner[1] = -1
    view.seats = 1                   # seat 1 gone: only golfer 0 is drawn
    r.compose(400)
    assert r.rgb_of_cell(cell(4, 4)) == seat_rgb(0)
    assert r.rgb_of_cell(here) == terrain_rgb(CHAMP.cells()[here])


def test_a_teams_second_golfer_shows_in_its_seat_colour_at_half_brightness():
    """Chaos Teams: "Each team has two golfers": the golfer the team's turn does not move
    now (``view.partner``) shows in the team's colour, dimmer; on a shared hex the
    golfers take turns, the teams' first golfers before the second ones."""
    r, view = make()
    view.seats = 2
    view.golfer[0] = cell(5, 5)
    view.golfer[1] = cell(10, 10)
    view.partner[0] = cell(7, 7)
    view.partner[1] = cell(5, 5)
    r.compose(0)
    assert r.rgb_of_cell(cell(7, 7)) == scaled(seat_rgb(0), 128)
    assert r.rgb_of_cell(cell(5, 5)) == seat_rgb(0)
    r.compose(400)
    assert r.rgb_of_cell(cell(5, 5)) == scaled(seat_rgb(1), 128)
    assert r.rgb_of_cell(cell(10, 10)) == seat_rgb(1)


def test_the_active_golfer_pulses_and_the_others_stay_steady():
    r, view = make()
    view.seats = 2
    view.golfer[0] = cell(5, 5)
    view.golfer[1] = cell(10, 10)
    view.active = 1
    levels = []
    for t in range(0, 2000, 50):
        r.compose(t)
        assert r.rgb_of_cell(cell(5, 5)) == seat_rgb(0)
        rgb = r.rgb_of_cell(cell(10, 10))
        # dimmed, not recoloured: yellow keeps its red-to-green ratio
        assert rgb[2] == 0 and abs(rgb[1] * 255 - rgb[0] * 210) <= 255, rgb
        levels.append(rgb[0])
    assert max(levels) == 255                 # full colour at the top of the pulse
    assert min(levels) < 200                  # visibly dimmer at the bottom
    assert min(levels) > 150                  # but still brighter than any terrain
    assert levels[:20] == levels[20:]         # one period per second
    # a triangle: it brightens for half a second, then dims
    assert levels[:11] == sorted(levels[:11]) and levels[10:21] == sorted(levels[10:21], reverse=True)


# ---------------------------------------------------------------- preview


def test_preview_marks_show_distinct_colours_and_the_landing_is_brighter():
    r, view = make()
    path = [cell(c, 7) for c in range(4, 10)]
    marks = bytes((MARK_PLAIN, MARK_HAZARD, MARK_TREE, MARK_OUT, MARK_PLAIN, MARK_GREEN))
    view.set_path(path, marks, 6)
    r.compose(0)
    shown = [r.rgb_of_cell(c) for c in path]
    for i in range(5):
        assert shown[i] != at(r.base, r.cell_led(path[i]))  # tinted
    tinted = shown[1:4]
    for a in range(3):
        for b in range(a + 1, 3):
            assert distance(tinted[a], tinted[b]) >= 60
    # the landing shows its mark at full strength: its brightest channel outshines
    # every channel of the cells flown over
    assert shown[5] == palette.rgb(palette.MARKS, MARK_GREEN)
    for i in range(5):
        assert max(shown[i]) < max(shown[5]), i
    # a plain landing is brighter than the plain cells before it
    view.set_path(path, bytes(6), 6)
    r.compose(0)
    plain = [r.rgb_of_cell(c) for c in path]
    assert plain[5] == palette.rgb(palette.MARKS, MARK_PLAIN)
    for i in range(5):
        assert sum(plain[i]) < sum(plain[5]) and max(plain[i]) < max(plain[5]), i
    view.clear_path()
    assert r.compose(0) == r.base


def test_golfers_stay_visible_on_the_preview_path():
    r, view = make()
    view.seats = 1
    view.golfer[0] = cell(6, 7)
    view.set_path([cell(c, 7) for c in range(5, 8)], bytes(3), 3)
    r.compose(0)
    assert r.rgb_of_cell(cell(6, 7)) == seat_rgb(0)


def test_the_preview_follows_the_aim_frame_by_frame_whatever_comes_and_goes_under_it():
    # The preview is kept as a layer while the aim stays: every frame must still show what
    # a renderer drawing it afresh shows, as the path, its marks and length change, a
    # green's tokens come and take turns under it, whole-board flashes and a burst use
    # the same buffer, and the wind's arrow lies under it; the power total exact.
    r, view = make()
    green = green_cell(CHAMP, 1)
    gq, gr = hexgrid.cell_at(green, W)
    a = [hexgrid.cell_index(gq - 3 + i, gr, W) for i in range(6)]  # over the green
    b = [hexgrid.cell_index(gq - 3 + i, gr + 1, W) for i in range(6)]
    view.seats = 1
    view.golfer[0] = a[2]
    plain = bytes(6)
    marked = bytes((MARK_PLAIN, MARK_HAZARD, MARK_TREE, MARK_OUT, MARK_PLAIN, MARK_GREEN))

    def same(t):
        frame = r.compose(t)
        fresh = R.Renderer(BOARD, CHAMP, view)
        assert frame == fresh.compose(t), t
        assert r.total == sum(frame), t

    t = 1000
    for cells, marks, n in ((a, plain, 6), (a, plain, 6), (b, plain, 6), (b, marked, 6),
                            (b, marked, 4), (a, marked, 6)):
        view.set_path(cells, marks, n)
        same(t)
        t += 33
    for kind, at_cell in ((FLASH_REFUSED, -1), (FLASH_HOLE_IN_ONE, green), (FLASH_WATER, b[1])):
        view.start_flash(kind, 0, at_cell, t + 300)
        for _ in range(10):
            r.compose(t)
            t += 33
        same(t)
    for points in (5, 0, 7):  # a token, none again, then gold and silver in turns
        view.tokens[green] = points
        for _ in range(20):
            same(t)
            t += 33
    view.wind[0] = a[3]
    view.wind_len = 1
    same(t)
    view.wind_len = 0
    same(t + 33)
    view.clear_path()
    same(t + 66)


# ---------------------------------------------------------------- flight


def test_the_ball_flies_one_hex_per_step_with_a_fading_trail_and_then_is_gone():
    r, view = make()
    path = [cell(c, 9) for c in range(3, 8)]  # five hexes east
    view.start_flight(2, path, 5, 1000)
    step = R.FLIGHT_STEP_MS
    white = seat_rgb(2)
    r.compose(999)
    assert changed_cells(r, r.frame) == []          # not started yet
    for i in range(5):
        for t in (1000 + i * step, 1000 + (i + 1) * step - 1):
            frame = r.compose(t)
            assert r.rgb_of_cell(path[i]) == white, (i, t)
            lit = changed_cells(r, frame)
            # the ball and up to two trail hexes behind it, nothing ahead
            assert lit == sorted(path[max(0, i - 2):i + 1]), (i, lit)
            if i >= 1:
                assert r.rgb_of_cell(path[i - 1]) == scaled(white, 128)
            if i >= 2:
                assert r.rgb_of_cell(path[i - 2]) == scaled(white, 64)
    frame = r.compose(1000 + 5 * step)
    assert changed_cells(r, frame) == []
    assert r.compose(5000) == r.base


# ---------------------------------------------------------------- flashes


def test_every_flash_shows_from_its_start_and_ends_at_flash_until():
    for kind in (FLASH_WATER, FLASH_BUNKER, FLASH_OUT, FLASH_GREEN, FLASH_HOLE_IN_ONE,
                 FLASH_REFUSED, FLASH_ACK):
        for where in (cell(12, 8), -1):
            r, view = make()
            view.start_flash(kind, 1, where, 3000)
            frame = r.compose(2000)
            assert frame != r.base, (kind, where)
            if where >= 0 and kind != FLASH_HOLE_IN_ONE:
                # a flash at a cell stays around that cell
                for c in changed_cells(r, frame):
                    q, rr = hexgrid.cell_at(c, W)
                    assert hexgrid.distance(q, rr, *hexgrid.from_offset(12, 8)) <= 3, (kind, c)
            r.compose(2999)
            assert r.compose(3000) == r.base, (kind, where)
            assert r.compose(4000) == r.base, (kind, where)


def test_water_ripples_outwards_in_blue():
    r, view = make()
    centre = cell(12, 8)
    q0, r0 = hexgrid.cell_at(centre, W)
    view.start_flash(FLASH_WATER, 0, centre, 2000)
    blue = palette.rgb(palette.FLASH, FLASH_WATER)
    radii = []
    for t in (1000, 1150, 1300, 1450):
        r.compose(t)
        assert r.rgb_of_cell(centre) == blue
        lit = [c for c in changed_cells(r, r.frame) if c != centre]
        ds = set([hexgrid.distance(q0, r0, *hexgrid.cell_at(c, W)) for c in lit])
        assert len(ds) == 1 and len(lit) == 6 * min(ds)
        for c in lit:
            assert r.rgb_of_cell(c) == blue
        radii.append(ds.pop())
    assert radii == [1, 2, 3, 1]


def test_a_bunker_flash_sprays_sand():
    r, view = make()
    centre = cell(12, 8)
    view.start_flash(FLASH_BUNKER, 0, centre, 2000)
    sand = palette.rgb(palette.FLASH, FLASH_BUNKER)
    r.compose(1000)
    assert r.rgb_of_cell(centre) == sand and len(changed_cells(r, r.frame)) == 7
    r.compose(1120)
    assert r.rgb_of_cell(centre) == sand and len(changed_cells(r, r.frame)) == 1


def test_out_of_bounds_blinks_red_around_the_cell():
    r, view = make()
    view.seats = 1
    view.golfer[0] = cell(12, 8)
    view.start_flash(FLASH_OUT, 0, cell(12, 8), 2000)
    red = palette.rgb(palette.FLASH, FLASH_OUT)
    r.compose(1000)
    lit = changed_cells(r, r.frame)
    assert len(lit) == 7 and [r.rgb_of_cell(c) for c in lit] == [red] * 7
    r.compose(1000 + R.BLINK_MS)
    assert changed_cells(r, r.frame) == [cell(12, 8)]  # only the golfer in the dark phase
    r.compose(1000 + 2 * R.BLINK_MS)
    assert len(changed_cells(r, r.frame)) == 7


def test_reaching_the_green_blinks_it_in_the_seat_colour():
    r, view = make()
    green = green_cell(CHAMP, 1)
    view.start_flash(FLASH_GREEN, 3, green, 2000)
    r.compose(1000)
    lit = changed_cells(r, r.frame)
    assert green in lit and len(lit) == 7
    for c in lit:
        assert r.rgb_of_cell(c) == seat_rgb(3)
    r.compose(1000 + R.BLINK_MS)
    assert changed_cells(r, r.frame) == []


def test_a_hole_in_one_sends_gold_across_the_whole_board():
    r, view = make()
    green = green_cell(CHAMP, 13)  # the north-east corner green
    view.start_flash(FLASH_HOLE_IN_ONE, 0, green, 5000)
    gold = palette.rgb(palette.FLASH, FLASH_HOLE_IN_ONE)
    reached = bytearray(W * CHAMP.height)
    for t in range(1000, 3000, 25):
        r.compose(t)
        assert r.rgb_of_cell(green) == gold
        for c in range(len(reached)):
            if r.rgb_of_cell(c) == gold:
                reached[c] = 1
    assert sum(reached) == len(reached)  # every cell, even the far corner, turned gold


def test_the_burst_is_a_gold_ring_a_step_further_every_50_ms_with_a_half_bright_one_behind():
    # What a player sees of a hole-in-one, frame by frame over its whole length (every
    # ring out to the farthest corner, and again from the hole), painted beside a
    # straightforward reference: the cell itself gold, the ring (age // 50 ms) steps out
    # gold, the one inside it at half brightness, every other cell as the same table
    # shows it without the flash. Under the rings: golfers (one on the hole's own ring
    # path), the cursor, a preview, a ball in flight, a green whose 7 points take turns
    # gold and silver, and a refusal flashing the whole board in between, which shares
    # the burst's buffer; the power limit's total exact at every frame.
    for hole in (None, 13):  # None: at no cell, as 18 Holes flashes it (the centre)
        r, view = make()
        plain, pview = make()
        green = green_cell(CHAMP, hole) if hole else cell(W // 2, CHAMP.height // 2)
        flash_cell = green if hole else -1
        gq, gr = hexgrid.cell_at(green, W)
        cells = W * CHAMP.height
        away = [hexgrid.distance(gq, gr, *hexgrid.cell_at(c, W)) for c in range(cells)]
        path = [c for c in range(cells) if away[c] == 3][:4]  # across two rings' way
        for v in (view, pview):
            v.golfer[0] = cell(3, 3)
            v.golfer[1] = cell(20, 12)
            v.golfer[2] = path[0]
            v.seats = 3
            v.active = 1
            v.cursor = cell(10, 10)
            v.set_path(path, bytes((0, 1, 2, 4)), 4)
            v.start_flight(1, path, 4, 1000)
            v.tokens[green_cell(CHAMP, 2)] = 7
            v.tokens[green_cell(CHAMP, 5)] = 5
        gold = palette.rgb(palette.FLASH, FLASH_HOLE_IN_ONE)
        half = scaled(gold, 128)
        rounds = max(away) + 2
        ring = [[] for _ in range(rounds)]
        for c in range(cells):
            ring[away[c]].append(c)
        want = bytearray(len(r.frame))
        begun = 1000
        view.start_flash(FLASH_HOLE_IN_ONE, 0, flash_cell, begun + 9000)
        times = list(range(begun, begun + 50 * (2 * rounds + 5), 11))
        # The refusal comes as the second round's hole shows, the burst then starting at
        # the hole again: its layer must not be taken for the one it was.
        again = [t for t in times if 50 * rounds < t - begun < 50 * rounds + 50][1]
        for t in times:
            if t == again:  # a refusal over the whole board, then a burst
                view.start_flash(FLASH_REFUSED, 0, -1, t + 100)
                r.compose(t)
                view.start_flash(FLASH_HOLE_IN_ONE, 0, flash_cell, t + 9000)
                begun = t
            r.compose(t)
            want[:] = plain.compose(t)
            k = ((t - begun) // 50) % rounds
            for rgb, cs in ((half, ring[k - 1] if k > 0 else ()), (gold, ring[k]),
                            (gold, (green,))):
                for c in cs:
                    led = 3 * r.cell_led(c)
                    want[led:led + 3] = bytes(rgb)
            assert r.frame == want, (hole, t, k)
            assert r.total == sum(r.frame), (hole, t)


def test_the_rings_a_flash_paints_hold_every_hex_that_many_steps_away_once():
    # The rings are worked out once per centre and kept (the burst paints two a frame);
    # they must be the hexes at each distance, clipped to the course, on any board shape,
    # with the sum of the layer's bytes under each (the burst's power total).
    from array import array
    for w, h, centres in ((7, 5, range(35)), (2, 9, range(18)), (1, 1, (0,)),
                          (24, 16, (0, 23, 71, 200, 360, 383))):
        rings = R.Rings(w, h)
        layer = bytearray((7 * i) % 251 for i in range(3 * w * h))
        rings.set_course(w, h, array("H", range(0, 3 * w * h, 3)), layer)
        for centre in centres:
            cq, cr = hexgrid.cell_at(centre, w)
            far = [hexgrid.distance(cq, cr, *hexgrid.cell_at(c, w)) for c in range(w * h)]
            for k in range(-1, w + h + 2):
                want = sorted(3 * c for c in range(w * h) if far[c] == k)
                if not rings.reach(centre, k):
                    assert want == [], (w, h, centre, k)
                    continue
                got = sorted(rings.at[rings.start[k]:rings.start[k + 1]])
                assert got == want, (w, h, centre, k)
                assert rings.sums[k] == sum(sum(layer[b:b + 3]) for b in want), (centre, k)


def test_rings_found_a_row_at_a_time_ahead_of_need_are_the_same_and_keep_their_sums():
    # The burst finds its rings ahead, a few rows a frame (Rings.ahead), while a green's
    # tokens may be repainted under a ring half found: every ring must still hold the
    # hexes that many steps away, and its sum the layer's bytes under it as they are now
    # (the power limit's total).
    from array import array
    for w, h, centres in ((7, 5, (0, 17, 34)), (24, 16, (23, 200, 383))):
        layer = bytearray((5 * i) % 241 for i in range(3 * w * h))
        rings = R.Rings(w, h)
        rings.set_course(w, h, array("H", range(0, 3 * w * h, 3)), layer)
        for centre in centres:
            cq, cr = hexgrid.cell_at(centre, w)
            far = [hexgrid.distance(cq, cr, *hexgrid.cell_at(c, w)) for c in range(w * h)]
            last = max(far) + 1
            for step in range((last + 1) * h):  # enough for every row of every ring
                rings.ahead(centre, last, 1 + step % 3)
                c = (step * 37) % (w * h)  # a cell repainted meanwhile
                layer[3 * c] = (layer[3 * c] + 50) % 256
                change = layer[3 * c] - (layer[3 * c] - 50) % 256
                rings.changed(c, change)
            for k in range(last + 1):
                assert rings.reach(centre, k)
                want = sorted(3 * c for c in range(w * h) if far[c] == k)
                got = sorted(rings.at[rings.start[k]:rings.start[k + 1]])
                assert got == want, (w, h, centre, k)
                assert rings.sums[k] == sum(sum(layer[b:b + 3]) for b in want), (centre, k)


def test_a_refused_card_dims_the_whole_board_red_or_blinks_at_the_prompt():
    r, view = make()
    view.seats = 1
    view.golfer[0] = cell(3, 3)
    view.start_flash(FLASH_REFUSED, 0, -1, 2000)
    frame = r.compose(1000)
    red = palette.rgb(palette.FLASH, FLASH_REFUSED)
    dim = at(frame, 0)
    assert dim[0] > 0 and dim[1] == dim[2] == 0 and dim[0] < red[0] // 2
    for led in range(BOARD.led_count):
        if led != r.cell_led(cell(3, 3)):
            assert at(frame, led) == dim, led
    assert r.rgb_of_cell(cell(3, 3)) == seat_rgb(0)  # the golfers stay on top
    r.compose(1000 + R.BLINK_MS)
    assert changed_cells(r, r.frame) == [cell(3, 3)]
    # at a reader prompt cell: a red blink there only
    view.start_flash(FLASH_REFUSED, 0, cell(20, 2), 3000)
    r.compose(2500)
    assert r.rgb_of_cell(cell(20, 2)) == red
    assert at(r.frame, 0) == DARK


def test_an_acknowledgement_pulses_once_in_the_seat_colour_and_fades():
    r, view = make()
    here = cell(8, 8)
    view.start_flash(FLASH_ACK, 4, here, 1400)
    violet = seat_rgb(4)
    levels = []
    for t in range(1000, 1400, 50):
        r.compose(t)
        rgb = r.rgb_of_cell(here)
        levels.append(rgb[2])
    assert levels[0] == violet[2]
    assert levels == sorted(levels, reverse=True) and levels[-1] < violet[2] // 4
    # whole board: a steady dim glow in the seat colour
    view.start_flash(FLASH_ACK, 4, -1, 2000)
    a = r.compose(1500)[0:3]
    b = r.compose(1700)[0:3]
    assert a == b and a[2] > 0 and a[2] < violet[2] // 2


def test_chaos_tokens_show_gold_silver_or_both_on_greens():
    r, view = make()
    g5 = green_cell(CHAMP, 1)
    g2 = green_cell(CHAMP, 2)
    g7 = green_cell(CHAMP, 3)
    view.tokens[g5] = 5
    view.tokens[g2] = 2
    view.tokens[g7] = 7
    view.tokens[cell(0, 1)] = 5  # not a green: tokens only sit on greens
    gold = palette.rgb(palette.GOLD, 0)
    silver = palette.rgb(palette.SILVER, 0)
    r.compose(0)
    assert (r.rgb_of_cell(g5), r.rgb_of_cell(g2), r.rgb_of_cell(g7)) == (gold, silver, gold)
    assert r.rgb_of_cell(cell(0, 1)) == terrain_rgb(terrain.ROUGH)
    r.compose(R.TOKEN_MS)
    assert (r.rgb_of_cell(g5), r.rgb_of_cell(g2), r.rgb_of_cell(g7)) == (gold, silver, silver)
    view.tokens[g5] = 0
    r.compose(2 * R.TOKEN_MS)
    assert r.rgb_of_cell(g5) == terrain_rgb(terrain.GREEN)


def test_skins_tokens_show_bronze_ones_and_a_jackpot_takes_turns_with_its_rest():
    # A Skins green worth 1 is bronze; a jackpot shows its largest token, then the
    # largest of the rest (6 = 5 + 1: gold, then bronze; 3 = 2 + 1: silver, then bronze).
    r, view = make()
    g1 = green_cell(CHAMP, 1)
    g6 = green_cell(CHAMP, 2)
    g3 = green_cell(CHAMP, 3)
    view.tokens[g1] = 1
    view.tokens[g6] = 6
    view.tokens[g3] = 3
    gold = palette.rgb(palette.GOLD, 0)
    silver = palette.rgb(palette.SILVER, 0)
    bronze = palette.rgb(palette.BRONZE, 0)
    r.compose(0)
    assert (r.rgb_of_cell(g1), r.rgb_of_cell(g6), r.rgb_of_cell(g3)) == (bronze, gold, silver)
    r.compose(R.TOKEN_MS)
    assert (r.rgb_of_cell(g1), r.rgb_of_cell(g6), r.rgb_of_cell(g3)) == (bronze, bronze, bronze)


def test_the_cursor_blinks_white():
    r, view = make()
    view.cursor = cell(9, 9)
    r.compose(0)
    assert r.rgb_of_cell(cell(9, 9)) == palette.rgb(palette.CURSOR, 0)
    r.compose(R.CURSOR_BLINK_MS)
    assert r.rgb_of_cell(cell(9, 9)) == terrain_rgb(CHAMP.terrain_at(9, 9))


def test_animations_run_across_the_tick_counter_wrap():
    # MicroPython's ticks_ms wraps at 2**30: times just before and after it still compare.
    top = 0x3FFFFFFF
    r, view = make()
    path = [cell(c, 9) for c in range(3, 8)]
    view.start_flight(0, path, 5, top - 100)        # starts 101 ms before the wrap
    view.start_flash(FLASH_REFUSED, 0, cell(20, 2), 150)  # ends 151 ms after it
    r.compose(top - 100)
    r.compose(60)                                    # 161 ms in: third hex
    assert r.rgb_of_cell(path[2]) == seat_rgb(0)
    assert r.rgb_of_cell(cell(20, 2)) == palette.rgb(palette.FLASH, FLASH_REFUSED)
    r.compose(150)
    assert r.rgb_of_cell(cell(20, 2)) != palette.rgb(palette.FLASH, FLASH_REFUSED)
    assert r.compose(500) == r.base


# ---------------------------------------------------------------- prepared colours

def prepared(crs=CHAMP):
    from teebox.hal.leds import SimLeds
    leds = SimLeds(BOARD.led_count, BOARD.led_order, BOARD.brightness, BOARD.budget_ma)
    view = View(crs.width * crs.height)
    return R.Renderer(BOARD, crs, view, leds=leds), view, leds


def test_prepared_colours_light_the_leds_exactly_as_plain_frames_do():
    # The board draws with colours already through gamma, cap and GRB order, so
    # show_ready only has to copy: what the strip receives must not change.
    from teebox.hal.leds import SimLeds
    plain, pview = make()
    fast, fview, fast_leds = prepared()
    plain_leds = SimLeds(BOARD.led_count, BOARD.led_order, BOARD.brightness, BOARD.budget_ma)
    for view in (pview, fview):
        view.seats = 2
        view.golfer[0] = cell(10, 15)
        view.golfer[1] = cell(4, 12)
    plain_leds.show(plain.compose(0))
    fast.show(0)
    assert fast_leds.buf == plain_leds.buf
    assert fast_leds.last_ma == plain_leds.last_ma


def test_prepared_frames_still_keep_within_the_power_budget():
    from teebox.hal.leds import SimLeds
    leds = SimLeds(384, "GRB", 255, 3500)
    white = leds.prepare(bytes([255, 255, 255]))
    frame = bytearray(white * 384)
    leds.show_ready(frame)
    assert leds.last_ma <= 3500
    assert leds.buf[0] == leds.buf[1] == leds.buf[2] > 0  # dimmed evenly, not off


def test_the_simulator_sees_about_the_colour_a_prepared_cell_stands_for():
    plain, pview = make()
    fast, fview, leds = prepared()
    plain.compose(0)
    fast.compose(0)
    for c in (cell(0, 0), cell(10, 15), cell(4, 12), cell(12, 8)):
        a = plain.rgb_of_cell(c)
        b = fast.rgb_of_cell(c)
        assert distance(a, b) <= 36, (c, a, b)


# ---------------------------------------------------------------- the frame's total

KINDS = (FLASH_WATER, FLASH_BUNKER, FLASH_OUT, FLASH_GREEN, FLASH_HOLE_IN_ONE, FLASH_REFUSED,
         FLASH_ACK)


def test_the_tracked_total_is_the_frames_byte_sum_whatever_is_drawn():
    # The power limit takes the renderer's total instead of adding up the frame, so the
    # total must be exact after every layer and overlay the renderer draws.
    r, view, leds = prepared()
    view.seats = 5
    for s, c in enumerate((cell(10, 9), cell(10, 9), cell(4, 12), cell(13, 8), cell(20, 5))):
        view.golfer[s] = c                       # seats 0 and 1 share a hex
    view.active = 2
    view.set_path([cell(4, 11), cell(5, 10), cell(5, 9), cell(6, 8), cell(6, 7)],
                  bytes((MARK_PLAIN, MARK_HAZARD, MARK_TREE, MARK_OUT, MARK_GREEN)), 5)
    view.cursor = cell(4, 4)
    flight = [cell(14, 8), cell(15, 8), cell(16, 8), cell(16, 7), cell(17, 6), cell(17, 5)]
    frames = 0
    for k in range(420):
        t = 20 * k
        if k % 30 == 0:  # every flash kind, at a cell and over the whole board
            spot = cell(12, 8) if k % 60 else -1
            view.start_flash(KINDS[(k // 30) % len(KINDS)], k % 5, spot, t + 500)
        if k % 40 == 0:
            view.start_flight(k % 5, flight, len(flight), t)
        if k % 70 == 0:  # Chaos Golf tokens come and go
            view.tokens[green_cell(CHAMP, 1 + k // 70)] = (5, 2, 7)[k % 3]
            view.tokens[green_cell(CHAMP, 2 + k // 70)] = 0
        if k == 210:     # a new course, then back
            r.set_course(TINY)
            assert r.total == sum(r.frame)
            r.set_course(CHAMP)
        frame = r.compose(t)
        assert r.total == sum(frame), (k, r.total, sum(frame))
        frames += 1
    assert frames == 420


def test_the_total_the_table_passes_to_the_leds_is_exact_through_a_chaos_golf_game():
    # A whole Chaos Golf game on the table without a display: golfers, preview paths,
    # flights, hazard and green flashes, tokens on the greens, and the prompt strip the
    # main loop draws over the renderer's frame. Every frame the strip must get the same
    # bytes and current as if show_ready had added up the frame itself.
    import table_kit as K
    from teebox.app import script
    from teebox.hal.leds import SimLeds
    loop = K.sim_app(display=False)
    leds = loop.hw.leds
    ref = SimLeds(leds.count, BOARD.led_order, BOARD.brightness, leds.budget_ma)
    seen = {}

    def checked(frame, total=None):
        assert total is not None and total == sum(frame), (total, sum(frame))
        SimLeds.show_ready(leds, frame, total)
        ref.show_ready(frame)
        assert leds.buf == ref.buf and leds.last_ma == ref.last_ma
        v = loop.view
        now = loop.hw.clock.ticks_ms()
        for key, on in (("flight", 0 <= now - v.flight_start < v.flight_len * R.FLIGHT_STEP_MS),
                        ("flash", v.flash != 0 and v.flash_until - now > 0),
                        ("preview", v.preview_len > 0), ("tokens", any(v.tokens)),
                        ("prompt", loop.table.led_prompts)):
            if on:
                seen[key] = seen.get(key, 0) + 1
    leds.show_ready = checked
    run = script.Runner(loop, render_all=True)
    count = [0]

    def play(text):
        count[0] += 1
        st = script.parse_line(text, count[0], K.CLUBS)
        if st is not None:
            run.step(st)
    K.autoplay(loop.table, K.autoplayer("chaos", "starter", 3, seed=4), play)
    assert loop.table.game.over
    assert leds.frames > 500
    for key in ("flight", "flash", "preview", "tokens", "prompt"):
        assert seen.get(key, 0) > 20, seen
