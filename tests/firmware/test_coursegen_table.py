# "New course" on the table's start menu: holes, difficulty, a seed to read out, a
# preview on the LEDs, and the course kept in the course store under its content hash.
# Runs under CPython and inside MicroPython.
import table_kit as K
from teebox import palette
from teebox.app import setup_flow as sf
from teebox.app.courses_store import PREFIX, CourseStore
from teebox.app.script import Runner, parse
from teebox.app.view import FLASH_REFUSED
from teebox.core import course, coursegen
from teebox.hal.store import SimStore
from teebox import shipped

TILES = shipped.load_default_tiles()


def _table():
    store = SimStore()
    return K.new_table(store=store, courses=CourseStore(store)), store


def _seed(t):
    # The seed as the display shows it at the seed step ("Seed > 4821").
    for line in t.display.lines:
        if line.startswith("Seed > "):
            return int(line[len("Seed > "):])
    raise AssertionError("no seed on the display:\n" + K.screen(t))


def _to_seed_step(t, d, seed):
    # Start menu -> New course -> 5 holes -> challenging -> the seed set to ``seed``.
    while t.setup.start_choice != 2:
        d.line("press E")
    K.lines(d, "press OK", "press W", "press OK", "press E", "press OK")
    ahead = (seed - _seed(t)) % sf.SEEDS
    for _ in range(ahead // 100):
        d.line("press SE")
    for _ in range(ahead % 100):
        d.line("press E")
    assert _seed(t) == seed


def test_new_course_is_on_the_start_menu():
    t, _ = _table()
    K.lines(K.Direct(t), "press E", "press E")
    assert "> New course" in K.screen(t)
    assert t.prompt.count == len(sf.START_LABELS) and t.prompt.index == 2


def test_the_players_choose_holes_and_difficulty_and_read_the_seed():
    t, _ = _table()
    d = K.Direct(t)
    K.lines(d, "press E", "press E", "press OK")
    assert "> 9 holes" in K.screen(t)
    K.lines(d, "press E")
    assert "> 18 holes" in K.screen(t) and t.prompt.count == 3 and t.prompt.index == 2
    K.lines(d, "press OK")
    assert "> normal" in K.screen(t) and "as laid" in K.screen(t)
    K.lines(d, "press W")
    assert "> relaxed" in K.screen(t) and "hazards covered" in K.screen(t)
    K.lines(d, "press OK")
    seed = _seed(t)
    assert 0 <= seed < sf.SEEDS
    # E adds 1, NE 10, SE 100; the left-hand buttons take as much off.
    K.lines(d, "press E", "press NE", "press SE")
    assert _seed(t) == (seed + 111) % sf.SEEDS
    K.lines(d, "press W", "press NW", "press SW")
    assert _seed(t) == seed
    K.lines(d, "hold OK")  # a new seed at random
    assert "Seed > " in K.screen(t)


def test_the_preview_lights_the_course_the_seed_makes_and_back_restores_the_menu_course():
    t, _ = _table()
    d = K.Direct(t)
    menu_course = t.course
    _to_seed_step(t, d, 4821)
    K.lines(d, "press OK")
    expected = course.load(coursegen.generate(TILES, 5, "challenging", 4821))
    assert t.course.hash == expected.hash and t.course.name == "New 5-hole challenging #4821"
    par = sum([expected.hole(n)[0] for n in range(1, 6)])
    assert "Seed 4821" in K.screen(t) and "(shown on table)" in K.screen(t)
    assert "5 holes, par %d" % par in K.screen(t) and "challenging" in K.screen(t)
    K.lines(d, "press BACK")
    assert t.course is menu_course or t.course.hash == menu_course.hash
    assert _seed(t) == 4821


def test_keeping_the_course_stores_it_under_its_hash_and_the_game_is_played_on_it():
    t, store = _table()
    d = K.Direct(t)
    _to_seed_step(t, d, 77)
    K.lines(d, "press OK", "press OK")
    expected = course.load(coursegen.generate(TILES, 5, "challenging", 77))
    name = "gen-" + expected.hash_hex()
    assert store.read(PREFIX + name) == expected.data
    assert t.setup.step == sf.S_MODE and t.setup.course == name
    K.lines(d, "seed 5", "press OK 9")  # mode, course, players, seats, hands, bounds,
    #                                     golfer cards, expansion, start
    assert t.game is not None and t.game.course.hash == expected.hash


def test_the_same_seed_makes_the_same_course_again():
    t, store = _table()
    d = K.Direct(t)
    for _ in range(2):
        _to_seed_step(t, d, 1234)
        K.lines(d, "press OK", "press OK", "press BACK 2")  # keep it, back to the start menu
    kept = [n for n in store.names() if n.startswith(PREFIX + "gen-")]
    assert len(kept) == 1, kept


def test_a_board_that_keeps_no_courses_says_so():
    t = K.new_table()  # the built-in courses only
    d = K.Direct(t)
    _to_seed_step(t, d, 3)
    K.lines(d, "press OK", "press OK")
    assert t.view.flash == FLASH_REFUSED and "this board cannot keep courses" in K.words(t)


def test_a_board_too_small_for_the_holes_says_so_and_the_players_choose_again():
    # A 12 x 10 table (a profile's own grid) holds a 5-hole course but not 18 holes: the
    # table says why instead of stopping, and fewer holes make a course.
    from teebox.app.table import Table
    from teebox.app.view import View
    from teebox.hal.clock import SimClock
    from teebox.hal.display import SimDisplay
    store = SimStore()
    courses = CourseStore(store, 12, 10, builtins=False)
    courses.install("small", coursegen.generate(TILES, 5, "normal", 3, 12, 10))
    t = Table(SimClock(), View(12 * 10), SimDisplay(), store, width=12, height=10,
              clubs=K.CLUBS, shots=K.SHOTS, courses=courses)
    d = K.Direct(t)
    while t.setup.start_choice != 2:
        d.line("press E")
    K.lines(d, "press OK", "press E", "press OK", "press OK", "press OK")  # 18, normal, make
    assert t.view.flash == FLASH_REFUSED
    assert ("NO: 18 holes do not fit this board: try fewer or another seed"
            in K.words(t)), K.screen(t)
    assert t.flow.step == sf.N_SEED and t.flow.data is None  # nothing laid, nothing lost
    K.lines(d, "press BACK", "press BACK", "press W", "press W", "press OK", "press OK",
            "press OK")  # 5 holes, normal, make
    assert "5 holes, par" in K.screen(t) and t.course.width == 12 and t.course.hole_count == 5


def test_a_kept_course_is_named_on_the_display_by_its_holes_difficulty_and_seed():
    # Its store name is its content hash; the players look for the seed they read out.
    t, store = _table()
    d = K.Direct(t)
    _to_seed_step(t, d, 77)
    K.lines(d, "press OK", "press OK", "press OK")  # make, keep, mode chosen: the course step
    assert t.setup.step == sf.S_COURSE
    assert "> New 5-hole challenging #77" in K.words(t) and "gen-" not in K.screen(t)
    K.lines(d, "press E")  # the next course: a built-in one, by its own name
    assert "gen-" not in K.screen(t) and "> " + t.setup.course in K.screen(t)
    K.lines(d, "press W", "press OK", "press OK", "press OK", "press OK",
            "press OK", "press OK", "press OK")  # on to the check
    assert t.setup.step == sf.S_CONFIRM and "New 5-hole challenging #77" in K.words(t)
    # After a restart the course is read from the store to name it.
    t2 = K.new_table(store=store, courses=CourseStore(store))
    name = [n for n in t2.setup.course_names if n.startswith("gen-")][0]
    assert t2.course_title(name) == "New 5-hole challenging #77"
    assert t2.course_title("starter") == "starter"


class _NoRoom:
    # A tile set read when the heap has no room left: what a board in pieces would do.
    @property
    def tees(self):
        raise MemoryError()


def test_a_board_short_of_memory_says_so_and_stays_on_the_seed():
    t, _ = _table()
    d = K.Direct(t)
    _to_seed_step(t, d, 5)
    t.flow._tiles = _NoRoom()
    K.lines(d, "press OK")
    assert t.view.flash == FLASH_REFUSED
    assert "NO: not enough memory to lay 5 holes: try fewer" in K.words(t), K.screen(t)
    assert t.flow.step == sf.N_SEED


def test_the_preview_is_what_the_leds_show_and_back_puts_the_menu_course_back_on_them():
    # Issue 18: "a preview on the LEDs before play": through the main loop, every cell of
    # the table's strip lights the terrain of the course the seed makes.
    loop = K.sim_app()
    t = loop.table
    leds = loop.hw.leds
    p = loop.hw.profile
    run = Runner(loop, render_all=True)

    def shows(crs):
        # Every cell of the course lights its terrain's colour.
        kinds = crs.cells()
        for cell in range(crs.width * crs.height):
            kind = kinds[cell]
            at = 3 * p.led_index(cell % crs.width, cell // crs.width)
            seen = leds.unprepare(leds.prepare(palette.TERRAIN[3 * kind:3 * kind + 3]), 0)
            if leds.unprepare(leds.frame, at) != seen:
                return False
        return True

    menu_course = t.course
    run.run(parse("wait 100", clubs=K.CLUBS))
    assert shows(menu_course)
    run.run(parse("press E 2\npress OK 3", clubs=K.CLUBS))  # New course, 9 holes, normal
    seed = _seed(t)
    run.run(parse("press OK\nwait 100", clubs=K.CLUBS))  # make it: the preview
    expected = course.load(coursegen.generate(TILES, 9, "normal", seed))
    assert t.course.hash == expected.hash and loop.renderer.course is t.course
    assert shows(expected) and not shows(menu_course)
    run.run(parse("press BACK\nwait 100", clubs=K.CLUBS))
    assert shows(menu_course)
