# The five courses Teebox ships. Runs under CPython and inside MicroPython.
from teebox.core import course, hexgrid, terrain
from teebox import shipped

BUILTINS = ("starter", "nine", "championship", "chaos", "coastline")
BASE_KINDS = (terrain.ROUGH, terrain.FAIRWAY, terrain.GREEN, terrain.TEE, terrain.BUNKER,
              terrain.WATER, terrain.LAKE, terrain.TREE, terrain.CLUBHOUSE, terrain.OFF)
COAST_KINDS = (terrain.FESCUE, terrain.GORSE, terrain.OCEAN)
# The Taming the Wind deck: 22 cards, three windy cards for each of the six
# directions, one strong wind, three calm (TL TM TR BR BM BL S C).
WIND_DECK = (3, 3, 3, 3, 3, 3, 1, 3)

_loaded = {}


def _course(name):
    # Compiling a course is the slow part under MicroPython: do it once per name.
    if name not in _loaded:
        _loaded[name] = shipped.load_builtin(name)
    return _loaded[name]


def _kinds(c):
    # Every terrain kind used anywhere on the course.
    found = set()
    for row in range(c.height):
        for col in range(c.width):
            found.add(c.terrain_at(col, row))
    return found


def _greens(c):
    # Axial (q, r) of every hole's green.
    return [c.hole(n)[3:] for n in range(1, c.hole_count + 1)]


def _par_total(c):
    return sum([c.hole(n)[0] for n in range(1, c.hole_count + 1)])


def test_all_five_courses_are_built_in():
    names = shipped.builtin_names()
    for name in BUILTINS:
        assert name in names, "%s.course is not among the built-in courses %s" % (name, names)


def test_every_builtin_course_checks_without_errors_or_warnings():
    for name in shipped.builtin_names():
        src, problems = course.check(shipped.builtin_source(name))
        assert src is not None, name
        assert problems == [], "\n".join([p.format(name + ".course") for p in problems])


def test_every_builtin_course_fits_the_default_board():
    for name in shipped.builtin_names():
        c = _course(name)
        assert c.width <= 24 and c.height <= 16, "%s is %dx%d" % (name, c.width, c.height)
        for n in range(1, c.hole_count + 1):
            par, tq, tr, gq, gr = c.hole(n)
            assert c.terrain(tq, tr) == terrain.TEE, "%s hole %d tee" % (name, n)
            assert c.terrain(gq, gr) == terrain.GREEN, "%s hole %d green" % (name, n)


def test_every_builtin_course_ships_its_suggestions():
    # A name, Teebox as author, a solo par, one green card per hole and a wind
    # deck that can be dealt from the real 22 cards.
    for name in shipped.builtin_names():
        c = _course(name)
        assert c.name and c.author == "Teebox", name
        assert 10 <= c.solo_par <= 30, "%s solo par %d" % (name, c.solo_par)
        assert sum(c.greens) == c.hole_count, "%s greens %s" % (name, c.greens)
        assert sum(c.wind) > 0, name
        for have, most in zip(c.wind, WIND_DECK):
            assert have <= most, "%s wind %s" % (name, c.wind)


def test_builtin_courses_all_have_different_hashes():
    hashes = [_course(name).hash_hex() for name in shipped.builtin_names()]
    assert len(set(hashes)) == len(hashes), hashes


def test_starter_course_is_five_gentle_holes_on_part_of_the_board():
    c = _course("starter")
    assert c.name == "Starter Course"
    assert c.hole_count == 5
    for n in range(1, 6):
        assert c.hole(n)[0] == 3
    off = 0
    for row in range(c.height):
        for col in range(c.width):
            if c.terrain_at(col, row) == terrain.OFF:
                off += 1
    assert off * 3 >= c.width * c.height, "only %d cells off-board" % off
    assert terrain.BUNKER in _kinds(c) and terrain.WATER in _kinds(c)


def test_nine_has_nine_holes_of_mixed_pars():
    c = _course("nine")
    assert c.hole_count == 9
    pars = [c.hole(n)[0] for n in range(1, 10)]
    assert 3 in pars and 4 in pars and 5 in pars
    # Pars are the sensible bot's average strokes per hole, rounded, 3 at least
    # (teebox course rate): short holes on a 24 x 16 board make a low total.
    assert _par_total(c) == 30


def test_championship_is_eighteen_holes_using_every_base_terrain():
    c = _course("championship")
    assert c.hole_count == 18
    assert _par_total(c) == 59  # pars from teebox course rate, as for the nine
    kinds = _kinds(c)
    for kind in BASE_KINDS:
        assert kind in kinds, "championship has no %s" % terrain.NAMES[kind]


def _loose_greens(c):
    # What keeps a course from being tightly packed for Chaos Golf: fewer than
    # 16 greens, or a green with fewer than two other greens within 4 hexes.
    problems = []
    greens = _greens(c)
    if len(greens) < 16:
        problems.append("only %d greens" % len(greens))
    for q, r in greens:
        near = [g for g in greens
                if g != (q, r) and hexgrid.distance(q, r, g[0], g[1]) <= 4]
        if len(near) < 2:
            problems.append("green %s has %d other greens within 4 hexes" % ((q, r), len(near)))
    return problems


def test_chaos_course_packs_many_greens_and_tees_close_together():
    # Rulebook, Chaos Golf setup: "For best results, design a tightly packed
    # course with all the multi-green hexes included."
    c = _course("chaos")
    assert _loose_greens(c) == []
    # Tee boxes (extra turns in Chaos Golf) lie among the other holes' greens.
    greens = _greens(c)
    for n in range(1, c.hole_count + 1):
        _, tq, tr, gq, gr = c.hole(n)
        nearest = min([hexgrid.distance(tq, tr, g[0], g[1]) for g in greens if g != (gq, gr)])
        assert nearest <= 3, "hole %d's tee is %d hexes from any other green" % (n, nearest)


def test_the_championship_course_is_not_tightly_packed():
    # The measure above tells a Chaos course from a course of lanes: the
    # championship's 18 greens are spread hole by hole over the whole board.
    assert _loose_greens(_course("championship")) != []


def test_only_the_coastline_course_needs_the_coastlines_expansion():
    c = _course("coastline")
    assert c.hole_count == 9
    assert c.uses_coastline
    kinds = _kinds(c)
    for kind in COAST_KINDS:
        assert kind in kinds, "coastline has no %s" % terrain.NAMES[kind]
    for name in ("starter", "nine", "championship", "chaos"):
        other = _course(name)
        assert not other.uses_coastline, name
        for kind in COAST_KINDS:
            assert kind not in _kinds(other), "%s uses %s" % (name, terrain.NAMES[kind])
