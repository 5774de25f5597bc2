"""`teebox course generate` and `teebox course tiles`, and generated courses made
byte for byte alike by CPython and MicroPython."""

import hashlib
import json

from typer.testing import CliRunner

from teebox.core import course, coursegen
from teebox_host.course_cmd import app
from teebox import shipped
from teebox_host import micropython as mpy
from tools.bench.course_gen import rate_difficulties

runner = CliRunner()
# Options for the cross-interpreter check: every hole count and difficulty, a few seeds.
CASES = [(h, d, s) for h in coursegen.HOLE_CHOICES for d in coursegen.DIFFICULTIES
         for s in (0, 1, 77, 999999999)]


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_generate_writes_a_course_that_checks_and_is_the_same_every_time(tmp_path):
    out = tmp_path / "new.course"
    res = invoke("generate", "--holes", 9, "--difficulty", "challenging", "--seed", 4821,
                 "-o", out)
    assert res.exit_code == 0, res.output
    first = out.read_text(encoding="utf-8")
    c = course.from_source(first)
    assert res.output == ("wrote %s: 'New 9-hole challenging #4821', 9 holes, par %d, "
                          "hash %s (seed 4821)\n"
                          % (out, sum(c.hole(n)[0] for n in range(1, 10)), c.hash_hex()))
    checked = invoke("check", out)
    assert checked.exit_code == 0 and "warning" not in checked.output, checked.output
    invoke("generate", "--holes", 9, "--difficulty", "challenging", "--seed", 4821, "-o", out)
    assert out.read_text(encoding="utf-8") == first


def test_generate_without_a_file_prints_the_course_and_without_a_seed_picks_one():
    res = invoke("generate", "--holes", 5)
    assert res.exit_code == 0, res.output
    c = course.from_source(res.output)
    assert c.hole_count == 5 and c.name.startswith("New 5-hole normal #")


def test_a_generated_course_can_be_rated(tmp_path):
    out = tmp_path / "new.course"
    invoke("generate", "--holes", 5, "--seed", 3, "-o", out)
    res = invoke("rate", out, "--rounds", 2)
    assert res.exit_code == 0, res.output
    assert "New 5-hole normal #3" in res.output and "Total" in res.output


def test_generate_refuses_options_it_cannot_meet_with_advice():
    for args, message in (
            (("--holes", 7), "a generated course has 5 or 9 or 18 holes, not 7"),
            (("--difficulty", "easy"), "unknown difficulty 'easy' (use one of: relaxed, "
                                       "normal, challenging)"),
            (("--seed", -2), "the seed is a whole number from 0 to 999999999, not -2"),
            (("--width", 8, "--height", 8, "--seed", 1), "too few for 18 holes")):
        res = invoke("generate", *args)
        assert res.exit_code == 1 and message in res.output, (args, res.output)
        assert "Traceback" not in res.output


def test_generate_says_when_it_cannot_write_the_file(tmp_path):
    res = invoke("generate", "--seed", 1, "-o", tmp_path / "no-such-folder" / "x.course")
    assert res.exit_code == 1 and "cannot write" in res.output


def test_tiles_checks_the_shipped_tile_set_and_lists_the_problems_of_a_bad_one(tmp_path):
    res = invoke("tiles")
    assert res.exit_code == 0, res.output
    assert ("18 tee tiles, 13 course tiles, 18 green tiles, 21 adjustment tiles"
            in res.output)
    data = json.loads(open(shipped.data_path("tiles.json")).read())
    data["courses"][0]["faces"][0]["cells"] = "tfrffrf"
    bad = tmp_path / "tiles.json"
    bad.write_text(json.dumps(data))
    res = invoke("tiles", bad)
    assert res.exit_code == 1
    assert ("courses[0] C1 face 1: cells 'tfrffrf', centre: tree hazard only on the left or "
            "right cell" in res.output)
    assert "tile set refused (1 problem)" in res.output


def _digest(binaries):
    h = hashlib.sha256()
    for data in binaries:
        h.update(data)
    return h.hexdigest()


def test_micropython_generates_the_same_bytes_as_cpython():
    tiles = shipped.load_default_tiles()
    expected = _digest(coursegen.generate(tiles, h, d, s) for h, d, s in CASES)
    code = """
import hashlib
from teebox.core import coursegen
from teebox import shipped
tiles = shipped.load_default_tiles()
h = hashlib.sha256()
for holes, difficulty, seed in %r:
    h.update(coursegen.generate(tiles, holes, difficulty, seed))
print("DIGEST", h.digest().hex())
""" % (CASES,)
    res = mpy.run(code=code)
    assert res.returncode == 0, res.stderr
    assert "DIGEST " + expected in res.stdout


def test_the_difficulties_differ_in_bot_strokes_over_par():
    # Rulebook, ADJUSTMENT TILES: "These mini hexes can be placed on top of the course
    # tiles to modify the difficulty of the course." The same 20 nine-hole layouts at
    # each difficulty, one Stroke Play round of the sensible bot each (`teebox course
    # rate`): every step up costs at least a stroke a round on average (the benchmark's
    # 300 courses a difficulty, docs/course-format.md, show about two).
    over = []
    for pars, strokes, hazards in rate_difficulties(20, 9).values():
        over.append(sum(strokes) / 20 - sum(pars) / 20)
    assert over[0] + 1 <= over[1] and over[1] + 1 <= over[2], over
