# Generated courses: deterministic, always valid, playable in every mode, and the
# difficulty adjustments do what the rulebook says. Runs under CPython and inside
# MicroPython (fewer seeds there: checking a course text is slow on that port;
# tests/test_course_generate.py shows both interpreters make the same bytes).
import sys

from engine_kit import old_course
from fwtest import raises

from teebox.core import course, coursegen, hexgrid, terrain
from teebox.core.holes18 import bots, engine, modes
from teebox import shipped

TILES = shipped.load_default_tiles()
CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()
MICROPYTHON = sys.implementation.name == "micropython"
SEEDS = 2 if MICROPYTHON else 250  # per hole count and difficulty: 2,250 courses
ROOM_SEEDS = 2 if MICROPYTHON else 400  # the same: 3,600 courses
HAZARDS = (terrain.BUNKER, terrain.WATER, terrain.LAKE, terrain.TREE)
LINE = (terrain.TEE, terrain.FAIRWAY, terrain.GREEN)  # a hole's playing line


def _count(data, kinds):
    c = course.load(data)
    return len([k for k in c.cells() if k in kinds])


def _holes(data):
    return _holes_of(course.load(data))


def _holes_of(c):
    return [c.hole(n) for n in range(1, c.hole_count + 1)]


def test_the_same_seed_and_options_give_the_same_bytes():
    for holes in coursegen.HOLE_CHOICES:
        first = coursegen.generate(TILES, holes, "normal", 2026)
        assert coursegen.generate(TILES, holes, "normal", 2026) == first


def test_other_seeds_give_other_courses():
    hashes = set()
    for seed in range(10):
        hashes.add(bytes(course.load(coursegen.generate(TILES, 9, "normal", seed)).hash))
    assert len(hashes) == 10


def test_every_generated_course_passes_the_course_check_without_a_warning():
    for holes in coursegen.HOLE_CHOICES:
        for difficulty in coursegen.DIFFICULTIES:
            for seed in range(SEEDS):
                src = coursegen.generate_source(TILES, holes, difficulty, seed)
                text = coursegen.source_text(src)
                checked, problems = course.check(text)
                where = "%d holes, %s, seed %d" % (holes, difficulty, seed)
                assert problems == [], where + ":\n" + "\n".join([p.format() for p in problems])
                # The text says exactly what the generator made: same binary either way.
                assert course.encode(checked) == course.encode(src), where
                assert len(src.holes) == holes, where


def _line_from(c, ends):
    # The playing-line hexes (tee box, fairway, green) joined to ``ends`` step by step.
    seen = set(ends)
    todo = list(ends)
    while todo:
        q, r = todo.pop()
        for n in hexgrid.neighbours(q, r):
            if n not in seen and c.terrain(n[0], n[1]) in LINE:
                seen.add(n)
                todo.append(n)
    return seen


def test_holes_have_room_between_them():
    # Issue 18: the generator lays the holes "without overlaps, with room between holes".
    # Rulebook, COURSE TILES: "Use these tiles to build the course you play on. There are
    # 49 double-sided tiles you can use to create a new course each time you play."
    # FROM TEE BOX TO GREEN: "The tee box is on the bottom tile. From the tee box to the
    # green runs the fairway." No hex of one hole's playing line (tee box, fairway, green)
    # touches one of another's (docs/course-format.md, "How a course is laid"): following
    # the fairway from a hole's tee box or green, hex by hex, never leads onto another
    # hole's tee box or green. (Shots still may: "You can land on the fairways and greens
    # of other holes".) Every difficulty: adjustments only take hexes off the line.
    for holes in coursegen.HOLE_CHOICES:
        for difficulty in coursegen.DIFFICULTIES:
            for seed in range(ROOM_SEEDS):
                c = course.load(coursegen.generate(TILES, holes, difficulty, seed))
                ends = [((h[1], h[2]), (h[3], h[4])) for h in _holes_of(c)]
                for i in range(holes):
                    line = _line_from(c, ends[i])
                    for j in range(holes):
                        assert j == i or (ends[j][0] not in line and ends[j][1] not in line), \
                            "%s: hole %d's line runs into hole %d's" % (c.name, i + 1, j + 1)


def test_holes_have_the_pars_their_tee_tiles_give():
    pars = set()
    for seed in range(20):
        for par, tq, tr, gq, gr in _holes(coursegen.generate(TILES, 5, "normal", seed)):
            lo, hi = course.par_length_range(par)
            assert lo <= hexgrid.distance(tq, tr, gq, gr) <= hi
            pars.add(par)
    assert pars == {3, 4, 5}, pars


def test_the_difficulty_keeps_the_holes_and_adjusts_the_hazards():
    # Rulebook, ADJUSTMENT TILES: "For a more relaxed game, cover up the hazards with
    # rough-side up tiles. If you're looking for a challenge, use the hazard side to
    # adjust existing ones or add new ones."
    for seed in range(5):
        relaxed, normal, hard = [coursegen.generate(TILES, 9, d, seed)
                                 for d in coursegen.DIFFICULTIES]
        assert _holes(relaxed) == _holes(normal) == _holes(hard)
        counts = [_count(data, HAZARDS) for data in (relaxed, normal, hard)]
        assert counts[0] < counts[1] < counts[2], (seed, counts)
        # The box has 21 mini hexes: the relaxed course covers at most that many.
        assert counts[1] - counts[0] <= len(TILES.adjustments)


def test_a_relaxed_short_course_has_every_hazard_covered():
    # Five holes lay fewer hazards than there are mini hexes to cover them with.
    data = coursegen.generate(TILES, 5, "relaxed", 11)
    assert _count(data, HAZARDS) == 0
    assert _count(coursegen.generate(TILES, 5, "normal", 11), HAZARDS) > 0


def test_a_generated_course_ships_its_suggestions():
    # Solo par (Solo Chaos Golf deck rank), one green card per hole (Reading the Greens)
    # and a wind deck dealt from the 22 cards (Taming the Wind), harder when challenging.
    deck = (3, 3, 3, 3, 3, 3, 1, 3)
    ranks = []
    for difficulty in coursegen.DIFFICULTIES:
        c = course.load(coursegen.generate(TILES, 18, difficulty, 4))
        assert sum(c.greens) == 18
        assert 10 <= c.solo_par <= 30
        for have, most in zip(c.wind, deck):
            assert have <= most, c.wind
        ranks.append(c.solo_par)
        assert c.name == "New 18-hole %s #4" % difficulty and c.author == "Teebox generator"
    # A harder course: a lower deck rank is already a challenge. The ranks are what the
    # sensible bot measured (`teebox course rate --solo`, docs/course-format.md): on 18
    # holes normal and challenging courses measured the same median (2026-11-27).
    assert ranks[0] >= ranks[1] >= ranks[2] and ranks[0] > ranks[2], ranks
    # Rulebook, SOLO CHAOS GOLF: "Each course provided in the game also comes with a solo
    # par score." On the measured courses a longer course never gets a lower rank.
    for difficulty in coursegen.DIFFICULTIES:
        pars = [course.load(coursegen.generate(TILES, h, difficulty, 4)).solo_par
                for h in coursegen.HOLE_CHOICES]
        assert pars[0] <= pars[1] <= pars[2] and pars[0] < pars[2], (difficulty, pars)


def test_every_mode_plays_to_the_end_on_a_generated_course():
    # Every way to play, on a course of each size (MicroPython: five holes), every
    # difficulty in turn; tools/bench/course_gen --modes plays 100 courses of each size.
    sizes = (5,) if MICROPYTHON else coursegen.HOLE_CHOICES
    for i in range(len(modes.NAMES)):
        name = modes.NAMES[i]
        for holes in sizes:
            crs = course.load(coursegen.generate(TILES, holes, coursegen.DIFFICULTIES[
                (i + holes) % 3], 30 + i))
            lo, hi = modes.make(name).players
            players = min(hi, max(2, lo))  # (Solo Chaos Golf: one)
            game = engine.Game(crs, CLUBS, SHOTS, engine.Setup(players, name, seed=i + 1))
            table = bots.play_game(game, [bots.SensibleBot(s + 1) for s in range(players)])
            assert game.over and len(table) == players, (name, holes)


def test_both_modules_play_to_the_end_on_a_generated_course_with_its_suggestions():
    # The wind deck comes from the course's wind header and Reading the Greens deals one
    # green card a hole from its greens header (played in Match Play for now); the wind
    # blows in every way to play. A few seeds, each size in turn.
    wind = shipped.load_default_wind()
    greens = shipped.load_default_greens()
    for i in range(len(modes.NAMES)):
        name = modes.NAMES[i]
        holes = 5 if MICROPYTHON else coursegen.HOLE_CHOICES[i % 3]
        crs = course.load(coursegen.generate(TILES, holes, coursegen.DIFFICULTIES[i % 3],
                                             50 + i))
        lo, hi = modes.make(name).players
        players = min(hi, max(2, lo))
        added = ("greens", "wind") if name == "match" else ("wind",)
        setup = engine.Setup(players, name, seed=i + 1, expansions=added)
        game = engine.Game(crs, CLUBS, SHOTS, setup, greens=greens, wind=wind)
        assert len(game.added) == len(added), (name, game.added)
        table = bots.play_game(game, [bots.SensibleBot(s + 1) for s in range(players)])
        assert game.over and len(table) == players, (name, holes)


def test_a_lone_wood_whose_flight_goes_out_of_bounds_is_hit_somewhere_in_play():
    # Rulebook, OUT-OF-BOUNDS & CLUBHOUSE: "When you are out-of-bounds, your golfer
    # remains where they hit the shot. Return your club to your hand; your turn is over."
    # On hole 11 of this course a golfer with only the 3 Wood left stands 3 hexes from the
    # flag, where the wood's flight towards it goes out of bounds: the sensible bot chose
    # that flight turn after turn, and the Stableford game never ended (3,024 games of
    # every mode on generated courses, docs/course-format.md). The course as seed 47 laid
    # it then: since holes have room between them the seed lays another.
    crs = old_course("new-18-challenging-47")
    game = engine.Game(crs, CLUBS, SHOTS, engine.Setup(2, "stableford", seed=48))
    table = bots.play_game(game, [bots.SensibleBot(1), bots.SensibleBot(2)], limit=3000)
    assert game.over and len(table) == 2


def test_options_it_cannot_meet_are_refused_with_what_to_do():
    err = raises(coursegen.GenerateError, coursegen.generate, TILES, 7, "normal", 1)
    assert str(err) == "a generated course has 5 or 9 or 18 holes, not 7"
    err = raises(coursegen.GenerateError, coursegen.generate, TILES, 9, "hard", 1)
    assert str(err) == "unknown difficulty 'hard' (use one of: relaxed, normal, challenging)"
    err = raises(coursegen.GenerateError, coursegen.generate, TILES, 9, "normal", -1)
    assert str(err) == "the seed is a whole number from 0 to 999999999, not -1"
    err = raises(coursegen.GenerateError, coursegen.generate, TILES, 18, "normal", 1, 8, 8)
    assert "a 8x8 board has room for" in str(err) and "too few for 18 holes" in str(err)


def test_a_smaller_board_gets_a_course_that_fits_it():
    src = coursegen.generate_source(TILES, 5, "normal", 3, 12, 10)
    checked, problems = course.check(coursegen.source_text(src), 12, 10)
    assert problems == [] and checked.width == 12 and checked.height == 10


def test_an_added_tree_never_stands_next_to_another_tree():
    # A row of trees walls a ball in: on 18-hole challenging seed 104 two added trees
    # beside a tile's tree boxed the sensible bot in for ever (course rate never ended;
    # the seed has laid another course since holes have room between them).
    for seed in (104,) + tuple(range(SEEDS)):
        normal = course.load(coursegen.generate(TILES, 18, "normal", seed))
        hard = course.load(coursegen.generate(TILES, 18, "challenging", seed))
        for row in range(hard.height):
            for col in range(hard.width):
                if (hard.terrain_at(col, row) != terrain.TREE
                        or normal.terrain_at(col, row) == terrain.TREE):
                    continue
                q, r = hexgrid.from_offset(col, row)
                for nq, nr in hexgrid.neighbours(q, r):
                    assert hard.terrain(nq, nr) != terrain.TREE, (seed, col, row)


def test_a_board_too_big_for_the_generator_is_refused_not_crashed():
    err = raises(coursegen.GenerateError, coursegen.generate, TILES, 5, "normal", 1, 60, 60)
    assert str(err) == ("a 60x60 board is too big to lay a course on: at most 255 large "
                        "tiles fit the generator")
