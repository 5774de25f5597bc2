"""`teebox course check/show/list` and the terminal course renderer."""

import re

import pytest
from rich.color import ColorSystem
from rich.console import Console
from rich.style import Style
from typer.testing import CliRunner

from teebox.core import course, hexgrid, terrain
from teebox_host import render
from teebox_host.course_cmd import app
from teebox import shipped

TINY = """\
# a tiny test course
teebox-course 1
name: Tiny
author: Tests
size: 6x5
solo-par: 12
greens: 1/1/0
wind: TL1 TM0 TR0 BR0 BM0 BL0 S0 C1
hole 1 par 3 tee 0,0 green 4,0
hole 2 par 3 tee 5,4 green 1,4
map:
T f f r G r
 r r b r r .
r w l t C r
 F Y ~ r r r
. G f f r T
"""

INLAND = TINY.replace("name: Tiny", "name: Inland").replace(" F Y ~ r r r", " r r r r r r")

runner = CliRunner()


@pytest.fixture
def write(tmp_path):
    """Write a course text to a file in tmp_path and return its path."""
    def _write(text, name="tiny.course"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return _write


@pytest.fixture
def builtins(tmp_path, monkeypatch):
    """An empty built-in course folder the test can fill."""
    folder = tmp_path / "builtin"
    folder.mkdir()
    monkeypatch.setattr(shipped, "courses_dir", lambda: str(folder))
    return folder


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


# ---------------------------------------------------------------- check


def test_check_ok_prints_name_holes_pars_and_hash(write):
    path = write(TINY)
    result = invoke("check", path)
    assert result.exit_code == 0, result.output
    expected_hash = course.from_source(TINY).hash_hex()
    assert result.stdout == f"OK {path}: 'Tiny', 2 holes, par 6 (3 3), hash {expected_hash}\n"
    assert result.stderr == ""


def test_check_ok_lists_warnings_with_file_and_line(write):
    path = write(TINY.replace("hole 1 par 3", "hole 1 par 5"))
    result = invoke("check", path)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"OK {path}: 'Tiny', 2 holes, par 8 (5 3), hash ")
    assert lines[1:] == [f"{path}:9: warning: cell (0,0): hole 1: tee is 4 hexes from the green, "
                         "too short for par 5 (9 to 16 hexes)"]


def test_check_prints_every_problem_to_stderr_and_exits_1(write):
    bad = (TINY.replace("solo-par: 12", "solo-par: many")
           .replace("r w l t C r", "r w l t C q")
           .replace("hole 1 par 3", "hole 1 par 5"))
    path = write(bad)
    result = invoke("check", path)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{path}:6: solo-par: 'many' is not a number from 0 to 255",
        f"{path}:9: warning: cell (0,0): hole 1: tee is 4 hexes from the green, "
        "too short for par 5 (9 to 16 hexes)",
        f"{path}:14: cell (5,2): unknown terrain code 'q' (use one of: . r f G T b w l t C F Y ~)",
        f"{path}: course refused (2 errors, 1 warning). Fix the lines above and check again.",
    ]


def test_check_takes_a_builtin_course_by_name(builtins):
    (builtins / "tiny.course").write_text(TINY)
    result = invoke("check", "tiny")
    assert result.exit_code == 0, result.output
    assert result.stdout == (f"OK {builtins / 'tiny.course'}: 'Tiny', 2 holes, par 6 (3 3), "
                             f"hash {course.from_source(TINY).hash_hex()}\n")
    assert invoke("check", "Tiny").stdout == result.stdout  # a name in any case
    (builtins / "tiny.course").write_text(TINY.replace("name: Tiny", "name:"))
    result = invoke("check", "tiny")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{builtins / 'tiny.course'}:3: name: the course needs a "
                                    "name\n")
    result = invoke("check", "tiny2")
    assert result.exit_code == 1
    assert result.stderr.startswith("unknown course 'tiny2': no such file and no built-in course "
                                    "of that name (built-in courses: tiny)")


def test_check_refuses_a_course_too_big_for_the_board_profile(write):
    path = write(TINY)
    result = invoke("check", path, "--width", "5")
    assert result.exit_code == 1
    assert f"{path}:5: size: 6x5 does not fit the board (5x16)" in result.stderr


def test_check_of_a_missing_or_unreadable_file_says_what_to_do(write, tmp_path):
    result = invoke("check", tmp_path / "absent.course")
    assert result.exit_code == 1
    assert result.stderr == (f"cannot read {tmp_path / 'absent.course'}: No such file or "
                             "directory. Give the path of a .course file.\n")
    binary = tmp_path / "binary.course"
    binary.write_bytes(b"\xff\xfe\x00bad")
    result = invoke("check", binary)
    assert result.exit_code == 1
    assert result.stderr == f"{binary} is not UTF-8 text: save the course as UTF-8 and try again.\n"


# ---------------------------------------------------------------- show


def test_show_draws_the_map_legend_and_hole_table(write):
    result = invoke("show", write(TINY))
    assert result.exit_code == 0, result.output
    out = result.stdout
    c = course.from_source(TINY)
    assert f"Tiny by Tests  2 holes, par 6, 6x5, hash {c.hash_hex()}" in out
    assert "suggested: solo par 12, greens 1/1/0, wind TL1 TM0 TR0 BR0 BM0 BL0 S0 C1" in out
    for line in render.course_map(c).plain.split("\n"):
        assert line.rstrip() in out
    for name in terrain.NAMES[1:]:
        assert name in out
    assert table_rows(out) == [["1", "3", "4", "0,0", "4,0"], ["2", "3", "4", "5,4", "1,4"],
                               ["Total", "6", "", "", ""]]


def test_show_of_an_unknown_name_says_how_to_find_courses(builtins):
    (builtins / "alpha.course").write_text(TINY)
    result = invoke("show", "nope")
    assert result.exit_code == 1
    assert result.stderr == (
        "unknown course 'nope': no such file and no built-in course of that name (built-in "
        "courses: alpha). Give the path of a .course file or a built-in name (see 'teebox "
        "course list').\n")


def test_show_of_a_missing_course_file_or_a_bad_one_fails(write, tmp_path):
    result = invoke("show", tmp_path / "absent.course")
    assert result.exit_code == 1 and result.stderr.startswith("cannot read ")
    path = write(TINY.replace("size: 6x5", "size: 6x4"))
    result = invoke("show", path)
    assert result.exit_code == 1
    assert f"{path}:16: map has 5 rows but the size is 6x4 (4 rows)" in result.stderr
    assert "course refused" in result.stderr


def test_show_a_builtin_by_name(builtins):
    (builtins / "tiny.course").write_text(TINY)
    result = invoke("show", "tiny")
    assert result.exit_code == 0, result.output
    assert "Tiny by Tests" in result.stdout


def test_show_a_broken_builtin_names_its_file(builtins):
    (builtins / "tiny.course").write_text(TINY.replace("name: Tiny", "name:"))
    result = invoke("show", "tiny")
    assert result.exit_code == 1
    assert "tiny.course:3: name: the course needs a name" in result.stderr


# ---------------------------------------------------------------- list


def test_list_shows_name_holes_par_and_hash_of_each_builtin(builtins):
    (builtins / "tiny.course").write_text(TINY)
    (builtins / "inland.course").write_text(INLAND.replace("hole 2 par 3", "hole 2 par 4"))
    (builtins / "notes.txt").write_text("not a course")
    result = invoke("list")
    assert result.exit_code == 0, result.output
    rows = table_rows(result.stdout)
    assert rows == [
        ["inland", "Inland", "2", "7", course.from_source(
            INLAND.replace("hole 2 par 3", "hole 2 par 4")).hash_hex()],
        ["tiny", "Tiny", "2", "6", course.from_source(TINY).hash_hex()],
    ]


def test_list_shows_a_course_name_as_written_not_as_markup(builtins):
    (builtins / "tiny.course").write_text(TINY.replace("name: Tiny", "name: [bold]Tiny[/]"))
    result = invoke("list")
    assert result.exit_code == 0, result.output
    assert table_rows(result.stdout)[0][:2] == ["tiny", "[bold]Tiny[/]"]


def test_list_with_no_builtins_says_where_they_live(builtins):
    result = invoke("list")
    assert result.exit_code == 0
    assert result.stdout == f"no built-in courses in {builtins}\n"


def test_list_reports_a_broken_builtin_and_exits_1(builtins):
    (builtins / "bad.course").write_text(TINY.replace("T f f r G r", "T f f r G x"))
    (builtins / "tiny.course").write_text(TINY)
    result = invoke("list")
    assert result.exit_code == 1
    assert table_rows(result.stdout)[0][:2] == ["bad", "refused (see below)"]
    assert table_rows(result.stdout)[1][:2] == ["tiny", "Tiny"]
    assert "bad.course:12: cell (5,0): unknown terrain code 'x'" in result.stderr
    assert f"fix {builtins}/bad.course" in result.stderr


def test_the_real_builtin_courses_list_cleanly():
    if not shipped.builtin_names():
        pytest.skip("no built-in courses yet")
    result = invoke("list")
    assert result.exit_code == 0, result.output
    assert [r[0] for r in table_rows(result.stdout)] == shipped.builtin_names()


# ---------------------------------------------------------------- render


def table_rows(out):
    """The cells of each body row of a rich table in plain output."""
    return [[cell.strip() for cell in line.strip().strip("│").split("│")]
            for line in out.splitlines() if line.startswith("│")]


def style_at(text, offset):
    """The combined style of the character at ``offset`` of a rich Text."""
    style = Style()
    for span in text.spans:
        if span.start <= offset < span.end:
            style += Style.parse(span.style) if isinstance(span.style, str) else span.style
    return style


def cell_offset(text, col, row):
    """Where the two characters of offset cell (col, row) start in the map text."""
    line_starts = [0] + [m.end() for m in re.finditer("\n", text.plain)]
    return line_starts[row] + (row & 1) + 2 * col


def test_map_draws_two_characters_a_cell_with_odd_rows_indented():
    c = course.from_source(TINY)
    # Mark the first cell of every row: odd rows start half a cell (one character) east.
    marks = {hexgrid.from_offset(0, row): ("XY", "") for row in range(c.height)}
    lines = render.course_map(c, overlays=marks).plain.split("\n")
    assert len(lines) == 5
    for row, line in enumerate(lines):
        assert len(line) == 12 + (row & 1)
        assert line.index("XY") == (row & 1)
    # Off-board cells are blank and unstyled.
    text = render.course_map(c)
    at = cell_offset(text, 5, 1)
    assert text.plain[at:at + 2] == "  " and style_at(text, at) == Style()


def test_tee_boxes_and_greens_carry_their_hole_number():
    c = course.from_source(TINY)
    text = render.course_map(c)
    for col, row, label, kind in ((0, 0, "T1", terrain.TEE), (4, 0, "G1", terrain.GREEN),
                                  (5, 4, "T2", terrain.TEE), (1, 4, "G2", terrain.GREEN)):
        at = cell_offset(text, col, row)
        assert text.plain[at:at + 2] == label
        assert style_at(text, at).bgcolor == Style.parse(render.PALETTE[kind][0]).bgcolor
    plain = render.course_map(c, numbers=False)
    at = cell_offset(plain, 0, 0)
    assert plain.plain[at:at + 2] == "TT"


def test_two_digit_hole_numbers_fill_the_cell():
    c = shipped.load_builtin("championship")
    text = render.course_map(c)
    for n in (9, 10, 18):
        _par, tq, tr, gq, gr = c.hole(n)
        tee = cell_offset(text, *hexgrid.to_offset(tq, tr))
        green = cell_offset(text, *hexgrid.to_offset(gq, gr))
        expected = ("T%d" % n, "G%d" % n) if n < 10 else (str(n), str(n))
        assert (text.plain[tee:tee + 2], text.plain[green:green + 2]) == expected


def test_every_terrain_looks_different_and_keeps_its_colour_on_the_map():
    looks = [render.PALETTE[k] for k in range(terrain.COUNT)]
    assert len(set(looks)) == terrain.COUNT
    c = course.from_source(TINY)
    text = render.course_map(c, numbers=False)
    for row in range(c.height):
        for col in range(c.width):
            kind = c.terrain_at(col, row)
            at = cell_offset(text, col, row)
            style, glyph = render.PALETTE[kind]
            assert text.plain[at:at + 2] == glyph
            assert style_at(text, at) == Style.parse(style)


def test_overlays_label_cells_over_the_terrain_colour():
    c = course.from_source(TINY)
    rough = hexgrid.from_offset(3, 0)
    tee = c.hole(1)[1:3]
    text = render.course_map(c, overlays={rough: ("A", "bold red"), tee: ("BB", "on magenta"),
                                          (40, 40): ("Z", "red")})
    at = cell_offset(text, 3, 0)
    assert text.plain[at:at + 2] == " A"
    style = style_at(text, at)
    assert style.color.name == "red" and style.bold
    assert style.bgcolor == Style.parse(render.PALETTE[terrain.ROUGH][0]).bgcolor
    at = cell_offset(text, 0, 0)
    assert text.plain[at:at + 2] == "BB"
    assert style_at(text, at).bgcolor.name == "magenta"
    assert "Z" not in text.plain  # off the grid: nowhere to draw


def record(renderable, color_system=None):
    console = Console(record=True, width=100, color_system=color_system)
    console.print(renderable)
    return console.export_text()


def test_without_colour_every_terrain_has_its_own_glyph():
    # NO_COLOR or output piped to a file: only the characters are left. Each
    # kind of cell must still read differently, tee boxes from greens too.
    c = course.from_source(TINY)
    lines = record(render.course_map(c, numbers=False)).split("\n")
    seen = {}
    for row in range(c.height):
        for col in range(c.width):
            at = (row & 1) + 2 * col
            seen.setdefault(c.terrain_at(col, row), set()).add(lines[row][at:at + 2])
    assert len(seen) == terrain.COUNT  # TINY has every kind of cell
    glyphs = [seen[kind] for kind in range(terrain.COUNT)]
    assert all(len(g) == 1 for g in glyphs), seen  # one glyph per kind...
    assert len(set([g.pop() for g in glyphs])) == terrain.COUNT  # ...none shared
    for kind in (terrain.TEE, terrain.GREEN, terrain.FAIRWAY, terrain.ROUGH, terrain.BUNKER,
                 terrain.WATER, terrain.TREE):
        assert render.PALETTE[kind][1].strip(), terrain.NAMES[kind]  # never a blank cell
    # With hole numbers, the tee box and green of a hole still differ.
    row0 = record(render.course_map(c)).split("\n")[0]
    assert (row0[0:2], row0[8:10]) == ("T1", "G1")


def test_on_a_16_colour_terminal_every_glyph_stands_out_from_its_cell():
    # Fairway and green both become bright green there: the glyph must show.
    for kind in range(1, terrain.COUNT):
        style = Style.parse(render.PALETTE[kind][0])
        fg = style.color.downgrade(ColorSystem.STANDARD).number
        bg = style.bgcolor.downgrade(ColorSystem.STANDARD).number
        assert fg != bg, terrain.NAMES[kind]


def test_legend_lists_only_the_terrain_the_course_uses():
    full = record(render.legend(course.from_source(TINY)))
    inland = record(render.legend(course.from_source(INLAND)))
    for name in ("fescue", "gorse", "ocean"):
        assert name in full and name not in inland
    for name in ("rough", "fairway", "green", "tee box", "bunker", "water",
                 "fairway with a lake", "tree hazard", "clubhouse"):
        assert name in inland
    assert "off-board" not in full
    for glyph, name in ((",,", "rough"), ("..", "fairway"), ("GG", "green"), ("TT", "tee box"),
                        ("::", "bunker"), ("~~", "water"), ("/\\", "tree hazard")):
        assert glyph + " " + name in inland
    assert "T1 G1: the tee box and green of hole 1 (from hole 10 on, the number alone)" in full


def test_course_view_without_suggestions_has_no_suggestion_line():
    text = "\n".join(line for line in TINY.split("\n")
                     if not line.startswith(("solo-par", "greens", "wind", "author")))
    out = record(render.course_view(course.from_source(text)))
    assert "suggested" not in out
    assert out.splitlines()[0].startswith("Tiny  2 holes, par 6, 6x5, hash ")


def test_a_course_of_one_hole_says_1_hole():
    one = TINY.replace("hole 2 par 3 tee 5,4 green 1,4\n", "").replace(". G f f r T", ". r f f r r")
    assert record(render.course_title(course.from_source(one))).startswith("Tiny by Tests  "
                                                                           "1 hole, par 3, ")


def test_a_compiled_course_with_control_characters_in_its_name_is_drawn_cleaned():
    # A compiled course (from a board or a .tbc file) skipped the text check.
    src, _problems = course.check(TINY)
    src.name, src.author = "Ti\x1b[2Jny", "Te\u202ests"
    out = record(render.course_title(course.load(course.encode(src))))
    assert out.startswith("Ti\ufffd[2Jny by Te\ufffdsts  2 holes")


def test_course_delete_removes_a_stored_course_from_the_board_and_says_why_not_otherwise():
    # Against the virtual board (the table's firmware behind a pseudo-terminal).
    from link_fakes import POCKET, teebox
    from teebox_host.link import Link
    from teebox_host.virtual_board import VirtualBoard
    with VirtualBoard() as board:
        with Link(board.port) as link:
            link.hello()
            link.push_course("pocket", course.compile_source(POCKET))
        board.power_cycle()  # the start menu lists the courses found at power-on
        board.play("stroke", 2, seed=3, course_name="pocket", inputs=2)
        result = teebox("course", "delete", "pocket", "--port", board.port)
        assert result.exit_code == 1
        assert "course 'pocket' is being played (game 1): delete it once the game is over" \
            in result.output
        board.play("stroke", 2, seed=3, course_name="pocket")  # played to the end
        result = teebox("course", "delete", "pocket", "--port", board.port)
        assert result.exit_code == 0, result.output
        assert f"deleted course 'pocket' from board {board.board_id}" in result.output
        assert "pocket" not in teebox("course", "list", "--board", "--port", board.port).output
        result = teebox("course", "delete", "pocket", "--port", board.port)
        assert result.exit_code == 1
        assert f"board {board.board_id} has no stored course 'pocket': nothing deleted" \
            in result.output
        result = teebox("course", "delete", "starter", "--port", board.port)
        assert result.exit_code == 1
        assert "'starter' is a built-in course: it cannot be deleted" in result.output
