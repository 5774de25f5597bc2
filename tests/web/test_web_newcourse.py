"""A generated course on the web page before it goes to a board (issue 18: "If the web
page exists by then, it shows a generated course before it is sent to the board"): the
page draws exactly the course `teebox course generate` writes for the same seed, hex by
hex, its tees numbered, and offers that file; options it cannot take are a 400 saying
which there are."""

import re

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from teebox import palette
from teebox.core import course as course_mod
from teebox.core import hexgrid
from teebox_host.course_cmd import app as course_app
from teebox_host.web.app import create_app


@pytest.fixture
def client(tmp_path):
    return TestClient(create_app(tmp_path / "scores.sqlite3"))


@pytest.mark.parametrize("holes, difficulty, seed", [(9, "relaxed", 42), (18, "challenging", 7)])
def test_the_page_draws_the_course_the_command_generates(client, tmp_path, holes, difficulty,
                                                         seed):
    out = tmp_path / "new.course"
    result = CliRunner().invoke(course_app, ["generate", "--holes", str(holes), "--difficulty",
                                             difficulty, "--seed", str(seed), "-o", str(out)])
    assert result.exit_code == 0, result.output
    chash = re.search(r"hash ([0-9a-f]{16})", result.output).group(1)
    r = client.get(f"/new-course?holes={holes}&difficulty={difficulty}&seed={seed}")
    assert r.status_code == 200
    assert chash in r.text
    fills = re.findall(r'<polygon class="cell" data-cell="\d+"[^>]* fill="(#[0-9a-f]{6})"', r.text)
    marks = re.findall(r'<text class="mark" data-cell="(\d+)"[^>]*>(\d+)</text>', r.text)
    # the file the page offers is the command's, byte for byte
    src = client.get(f"/new-course/source?holes={holes}&difficulty={difficulty}&seed={seed}")
    assert src.status_code == 200 and src.text == out.read_text()
    assert f'filename="new-{holes}-{difficulty}-{seed}.course"' in src.headers[
        "content-disposition"]
    c = course_mod.load(course_mod.compile_source(out.read_text()))
    assert c.hash_hex() == chash
    assert fills == ["#%02x%02x%02x" % tuple(palette.TERRAIN[3 * k:3 * k + 3])
                     for k in c.cells()]
    # every hole's tee numbered where the course has it
    assert sorted(int(n) for _cell, n in marks) == list(range(1, holes + 1))
    for cell, n in marks:
        _par, tq, tr, _gq, _gr = c.hole(int(n))
        col, row = hexgrid.to_offset(tq, tr)
        assert int(cell) == row * c.width + col
    assert f"teebox course generate --holes {holes} --difficulty {difficulty} --seed {seed}" \
        in r.text


def test_without_a_seed_a_new_one_is_picked_and_the_address_keeps_it(client):
    r = client.get("/new-course?holes=5&difficulty=normal", follow_redirects=False)
    assert r.status_code == 303
    where = r.headers["location"]
    assert re.fullmatch(r"/new-course\?holes=5&difficulty=normal&seed=\d+", where)
    first = client.get(where)
    assert first.status_code == 200 and client.get(where).text == first.text
    assert client.get("/new-course", follow_redirects=True).status_code == 200


@pytest.mark.parametrize("query, reason", [
    ("holes=7&seed=1", "holes must be 5 or 9 or 18 (got '7')"),
    ("difficulty=brutal&seed=1", "difficulty must be relaxed, normal, challenging"),
    ("seed=-1", "the seed is a whole number from 0 to 999999999"),
    ("seed=12345678901", "the seed is a whole number"),
    ("seed=4%3Cb%3E", "the seed is a whole number"),
])
def test_options_it_cannot_take_are_a_400_with_the_choices(client, query, reason):
    for path in ("/new-course", "/new-course/source"):
        r = client.get(f"{path}?{query}")
        assert r.status_code == 400, path
        assert reason in r.text.replace("&#39;", "'")
        assert "Traceback" not in r.text
        # the page escapes what it was given; the file's answer is plain text
        assert "<b>" not in r.text if path == "/new-course" else \
            r.headers["content-type"].startswith("text/plain")


def test_the_file_needs_its_seed(client):
    r = client.get("/new-course/source?holes=9")
    assert r.status_code == 400 and "give the course's seed" in r.text
