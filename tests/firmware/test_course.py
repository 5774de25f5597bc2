# Course text, validation, binary form and lookups. Runs under CPython and inside MicroPython.
import hashlib

from fwtest import raises

from teebox.core import course, hexgrid, terrain
from teebox import shipped

# Line numbers matter: the tests below edit lines by number.
TINY = "\n".join([
    "# a tiny test course",                            # 1
    "teebox-course 1",                                 # 2
    "name: Tiny",                                      # 3
    "author: Tests",                                   # 4
    "size: 6x5",                                       # 5
    "solo-par: 12",                                    # 6
    "greens: 1/1/0",                                   # 7
    "wind: TL1 TM0 TR0 BR0 BM0 BL0 S0 C1",             # 8
    "hole 1 par 3 tee 0,0 green 4,0",                  # 9
    "hole 2 par 3 tee 5,4 green 1,4",                  # 10
    "map:",                                            # 11
    "T f f r G r",                                     # 12  row 0
    " r r b r r .",                                    # 13  row 1
    "r w l t C r",                                     # 14  row 2
    " F Y ~ r r r",                                    # 15  row 3
    ". G f f r T",                                     # 16  row 4
]) + "\n"

TINY_ROWS = ("T f f r G r", "r r b r r .", "r w l t C r", "F Y ~ r r r", ". G f f r T")


def edit(text, line, new):
    """The text with 1-based line ``line`` replaced (line numbers stay the same)."""
    lines = text.split("\n")
    lines[line - 1] = new
    return "\n".join(lines)


def problems_of(text, width=24, height=16):
    return course.check(text, width, height)[1]


def find(problems, start):
    """The one problem whose message starts with ``start``."""
    hits = [p for p in problems if p.message.startswith(start)]
    assert len(hits) == 1, "no single %r in %r" % (start, problems)
    return hits[0]


def expect(problem, line, cell, message, error=True):
    assert problem.message == message, problem.message
    assert problem.line == line, problem.line
    assert problem.cell == cell, problem.cell
    assert problem.error == error


def only(text, width=24, height=16):
    problems = problems_of(text, width, height)
    assert len(problems) == 1, problems
    return problems[0]


# ---------------------------------------------------------------- a good course


def test_the_tiny_course_is_accepted_with_every_header_value():
    src, problems = course.check(TINY)
    assert problems == []
    assert (src.name, src.author, src.width, src.height) == ("Tiny", "Tests", 6, 5)
    assert src.solo_par == 12 and src.greens == (1, 1, 0)
    assert src.wind == (1, 0, 0, 0, 0, 0, 0, 1)
    assert [h[:6] for h in src.holes] == [(1, 3, 0, 0, 4, 0), (2, 3, 5, 4, 1, 4)]


def test_optional_headers_default_to_no_suggestion():
    text = TINY
    for line in (4, 6, 7, 8):
        text = edit(text, line, "# dropped")
    c = course.from_source(text)
    assert (c.author, c.solo_par, c.greens, c.wind) == ("", 0, (0, 0, 0), (0,) * 8)


def test_comments_blank_lines_crlf_and_a_byte_order_mark_are_ignored():
    text = "\ufeff" + TINY.replace("\n", "\r\n").replace("map:\r\n", "map:\r\n\r\n# row 0 next\r\n")
    assert problems_of(text) == []
    assert course.from_source(text).hash == course.from_source(TINY).hash


# ---------------------------------------------------------------- errors: format line and header


def test_missing_format_line_is_an_error_at_the_first_line():
    p = only(edit(TINY, 2, "# no format line"))
    expect(p, 3, None, "missing format line: the first line must be 'teebox-course 1'")
    problems = problems_of("# only a comment\n")
    expect(find(problems, "missing format"), 0, None,
           "missing format line: the first line must be 'teebox-course 1'")


def test_unknown_format_version_is_refused():
    p = only(edit(TINY, 2, "teebox-course 2"))
    expect(p, 2, None, "unknown format 'teebox-course 2': this Teebox reads 'teebox-course 1'")


def test_unknown_header_key_names_the_known_ones():
    p = only(edit(TINY, 6, "colour: red"))
    expect(p, 6, None, "unknown header 'colour' (use one of: name, author, size, solo-par, "
                       "greens, wind, hole, map)")
    p = only(edit(TINY, 6, "par 4"))
    assert p.line == 6 and p.message.startswith("unknown header 'par' ")


def test_a_header_given_twice_is_refused():
    p = only(edit(TINY, 6, "name: Other"))
    expect(p, 6, None, "name is given twice (first on line 3)")


def test_malformed_header_values_say_what_is_expected():
    cases = (
        (5, "size: 6by5", "size: '6by5' is not WxH (columns x rows), e.g. 'size: 24x16'"),
        (5, "size: 0x5", "size: '0x5' is not WxH (columns x rows), e.g. 'size: 24x16'"),
        (6, "solo-par: lots", "solo-par: 'lots' is not a number from 0 to 255"),
        (6, "solo-par: 256", "solo-par: '256' is not a number from 0 to 255"),
        (7, "greens: 4/10", "greens: '4/10' is not E/M/H (easy/medium/hard green cards), "
                            "e.g. 'greens: 4/10/4'"),
        (8, "wind: TL3 TM3", "wind: 'TL3 TM3' is not TLn TMn TRn BRn BMn BLn Sn Cn (how many of "
                             "each wind card), e.g. 'wind: TL3 TM3 TR3 BR0 BM0 BL0 S1 C3'"),
        (8, "wind: TM3 TL3 TR3 BR0 BM0 BL0 S1 C3", None),
        (3, "name:", "name: the course needs a name"),
        (3, "name: " + "x" * 41, "name: 41 bytes long, at most 40 allowed"),
        (4, "author: " + "\u00e9" * 21, "author: 42 bytes long, at most 40 allowed"),
    )
    for line, new, message in cases:
        p = only(edit(TINY, line, new))
        assert p.line == line and p.cell is None and p.error
        if message is not None:
            assert p.message == message, p.message
        else:
            assert p.message.startswith("wind: ")
    assert problems_of(edit(TINY, 3, "name: " + "x" * 40)) == []


def test_names_with_control_or_bidirectional_characters_are_refused():
    # An escape sequence in a name drives the terminal that prints it; a right-to-left
    # override makes "Tiny\u202eemoH" show as another name than it is.
    for line, new, message in (
            (3, "name: Ti\x1b[31mny", "name: character 3 is U+001B"),
            (3, "name: Tiny\u202eemoH", "name: character 5 is U+202E"),
            (3, "name: Ti\x07ny", "name: character 3 is U+0007"),
            (4, "author: A\u2066B", "author: character 2 is U+2066"),
            (4, "author: A\x9bB", "author: character 2 is U+009B")):
        p = only(edit(TINY, line, new))
        assert p.line == line and p.error, p
        assert p.message.startswith(message + ", a control or bidirectional character: "
                                    "write the "), p.message
    assert course.check(edit(TINY, 3, "name: Caf\u00e9 \u05e9\u05dc\u05d5\u05dd"))[1] == []


def test_clean_text_shows_what_a_name_may_not_hold_as_a_replacement_character():
    assert course.clean_text("Red") == "Red"
    assert course.clean_text("R\x1b[2Jed\u202e") == "R\ufffd[2Jed\ufffd"
    assert course.unsafe_char("Caf\u00e9") is None
    assert course.unsafe_char("ab\ncd") == (3, "U+000A")


def test_missing_name_size_and_map_are_each_reported():
    expect(only(edit(TINY, 3, "")), 0, None, "missing 'name:' line")
    src, problems = course.check(edit(TINY, 5, ""))
    assert src is None
    expect(find(problems, "missing 'size:'"), 0, None, "missing 'size:' line")
    # Without a size the map codes are still checked.
    src, problems = course.check(edit(edit(TINY, 5, ""), 12, "T f f q G r"))
    expect(find(problems, "unknown terrain"), 12, (3, 0),
           "unknown terrain code 'q' (use one of: . r f G T b w l t C F Y ~)")
    src, problems = course.check(edit(TINY, 11, ""))
    assert src is None
    expect(find(problems, "missing 'map:'"), 0, None,
           "missing 'map:' line (the map rows follow it, last in the file)")


def test_text_after_map_colon_is_refused():
    p = only(edit(TINY, 11, "map: here"))
    expect(p, 11, None, "map: nothing may follow 'map:' on its line (the map rows start on the "
                        "next line)")


def test_a_size_that_does_not_fit_the_board_is_refused():
    p = only(TINY, 5, 5)
    expect(p, 5, None, "size: 6x5 does not fit the board (5x5)")
    assert problems_of(TINY, 6, 5) == []
    err = raises(course.CourseError, course.compile_source, TINY, 24, 4)
    assert str(err) == "line 5: size: 6x5 does not fit the board (24x4)"


# ---------------------------------------------------------------- errors: the map


def test_too_few_map_rows_is_refused_at_the_map_line():
    problems = problems_of(edit(TINY, 16, ""))
    expect(find(problems, "map has"), 11, None, "map has 4 rows but the size is 6x5 (5 rows)")


def test_too_many_map_rows_is_refused_at_the_first_extra_row():
    problems = problems_of(TINY + "r r r r r r\nr r\n")
    expect(find(problems, "map has"), 17, None, "map has 7 rows but the size is 6x5 (5 rows)")


def test_wrong_number_of_cells_in_a_row_is_refused():
    p = only(edit(TINY, 13, " r r b r r . r"))
    expect(p, 13, None, "map row 1 has 7 cells but the size is 6x5 (6 cells a row)")
    problems = problems_of(edit(TINY, 14, "r w l t"))
    expect(find(problems, "map row"), 14, None,
           "map row 2 has 4 cells but the size is 6x5 (6 cells a row)")


def test_map_size_problems_count_one_row_and_one_cell_in_the_singular():
    one = "\n".join(["teebox-course 1", "name: One", "size: 1x1", "map:", "r", "r"]) + "\n"
    expect(find(problems_of(one), "map has"), 6, None, "map has 2 rows but the size is 1x1 (1 row)")
    one = one.replace("size: 1x1", "size: 1x2").replace("r\nr\n", "r r\n")
    expect(find(problems_of(one), "map row"), 5, None,
           "map row 0 has 2 cells but the size is 1x2 (1 cell a row)")
    expect(find(problems_of(one), "map has"), 4, None, "map has 1 row but the size is 1x2 (2 rows)")


def test_unknown_terrain_code_names_line_cell_and_the_legal_codes():
    p = only(edit(TINY, 14, "r w l t C q"))
    expect(p, 14, (5, 2), "unknown terrain code 'q' (use one of: . r f G T b w l t C F Y ~)")
    assert p.format("tiny.course") == ("tiny.course:14: cell (5,2): unknown terrain code 'q' "
                                       "(use one of: . r f G T b w l t C F Y ~)")
    p = only(edit(TINY, 14, "r w l tt C r"))
    expect(p, 14, (3, 2), "unknown terrain code 'tt' (use one of: . r f G T b w l t C F Y ~)")


# ---------------------------------------------------------------- errors: holes


def test_a_hole_line_that_does_not_parse_shows_the_expected_form():
    message = ("cannot read hole line: expected 'hole N par P tee C,R green C,R' with N from 1 "
               "to 99, e.g. 'hole 1 par 4 tee 3,12 green 9,3'")
    for bad in ("hole 2 par 3 tee 5;4 green 1,4", "hole two par 3 tee 5,4 green 1,4",
                "hole 2 par 3 tee 5,4", "hole 100 par 3 tee 5,4 green 1,4",
                "hole 2 par 3 green 5,4 tee 1,4", "hole: 2"):
        problems = problems_of(edit(TINY, 10, bad))
        expect(find(problems, "cannot read hole line"), 10, None, message)


def test_par_must_be_3_4_or_5():
    for par in (2, 6):
        p = only(edit(TINY, 10, "hole 2 par %d tee 5,4 green 1,4" % par))
        expect(p, 10, None, "hole 2: par %d is not 3, 4 or 5" % par)


def test_a_hole_number_used_twice_is_refused():
    problems = problems_of(edit(TINY, 10, "hole 1 par 3 tee 5,4 green 1,4"))
    expect(find(problems, "hole 1 is given"), 10, None, "hole 1 is given twice (first on line 9)")


def test_hole_numbers_must_run_from_1_without_gaps():
    # Holes 1 and 3: the gap and the number above the count are both named.
    problems = problems_of(edit(TINY, 10, "hole 3 par 3 tee 5,4 green 1,4"))
    assert len(problems) == 2, problems
    expect(problems[0], 10, None, "hole 3 is numbered above 2: 2 holes must be numbered 1 to 2 "
                                  "without gaps")
    expect(problems[1], 0, None, "hole 2 is missing: 2 holes must be numbered 1 to 2 without gaps")
    assert [p.format("tiny.course") for p in problems] == [
        "tiny.course:10: hole 3 is numbered above 2: 2 holes must be numbered 1 to 2 without gaps",
        "tiny.course: hole 2 is missing: 2 holes must be numbered 1 to 2 without gaps"]


def test_every_missing_and_every_too_high_hole_number_is_named():
    # Holes 3 and 4 of a two-hole course: 1 and 2 are missing, 3 and 4 too high.
    problems = problems_of(edit(edit(TINY, 9, "hole 3 par 3 tee 0,0 green 4,0"),
                                10, "hole 4 par 3 tee 5,4 green 1,4"))
    rule = "2 holes must be numbered 1 to 2 without gaps"
    assert [(p.line, p.message) for p in problems] == [
        (9, "hole 3 is numbered above 2: " + rule),
        (10, "hole 4 is numbered above 2: " + rule),
        (0, "hole 1 is missing: " + rule),
        (0, "hole 2 is missing: " + rule)]
    # One hole numbered 2: the count is one hole, not "1 holes".
    problems = problems_of(edit(edit(TINY, 9, "hole 2 par 3 tee 0,0 green 4,0"), 10, ""),
                           width=24, height=16)
    assert [p.message for p in problems if "numbered" in p.message] == [
        "hole 2 is numbered above 1: 1 hole must be numbered 1 to 1 without gaps",
        "hole 1 is missing: 1 hole must be numbered 1 to 1 without gaps"]


def test_a_course_without_holes_is_refused():
    problems = problems_of(edit(edit(TINY, 9, ""), 10, ""))
    expect(find(problems, "no holes"), 0, None,
           "no holes: add a line 'hole N par P tee C,R green C,R' for each hole")


def test_tee_and_green_must_be_a_tee_box_and_a_green():
    # One mistyped cell is one error: the tee box or green it leaves unclaimed is
    # named in it as the one likely meant, not reported again on its own.
    p = only(edit(TINY, 10, "hole 2 par 3 tee 4,4 green 1,4"))
    expect(p, 10, (4, 4), "hole 2: tee is rough, not a tee box (did you mean (5,4), the tee "
                          "box that belongs to no hole?)")
    p = only(edit(TINY, 9, "hole 1 par 3 tee 0,0 green 5,1"))
    expect(p, 9, (5, 1), "hole 1: green is off-board, not a green (did you mean (4,0), the "
                         "green that belongs to no hole?)")
    assert p.format("tiny.course") == ("tiny.course:9: cell (5,1): hole 1: green is off-board, "
                                       "not a green (did you mean (4,0), the green that "
                                       "belongs to no hole?)")
    # Without an unclaimed cell of the kind, there is nothing to suggest.
    p = only(edit(edit(TINY, 12, "f f f r G r"), 9, "hole 1 par 3 tee 1,0 green 4,0"))
    expect(p, 9, (1, 0), "hole 1: tee is fairway, not a tee box")


def test_one_unreadable_hole_line_is_one_error():
    # Before: 'hole 2 par3 ...' also gave "hole 2 is missing", "tee box belongs to no
    # hole" and "green belongs to no hole": five errors for one slip.
    message = "cannot read hole line: expected 'hole N par P tee C,R green C,R'"
    for bad in ("hole 2 par3 tee 5,4 green 1,4", "hole two par 3 tee 5,4 green 1,4",
                "hole 100 par 3 tee 5,4 green 1,4", "hole 2 par 3 green 5,4 tee 1,4",
                "hole 2 par 3 tee 5,4 green 1,4 again"):
        p = only(edit(TINY, 10, bad))
        assert p.line == 10 and p.message.startswith(message), (bad, p)
    # Hole lines 2 (unreadable) and 3: hole 3 is not "numbered above 2" and no hole
    # is "missing", as the unreadable line holds hole 2.
    text = edit(edit(TINY, 8, "hole 2 par 3 tee 9,9 grene 9,9"), 10,
                "hole 3 par 3 tee 5,4 green 1,4")
    p = only(text)
    assert p.line == 8 and p.message.startswith(message), p
    # Every hole line unreadable: two errors, not also "no holes".
    problems = problems_of(edit(edit(TINY, 9, "hole 1 par 3 tee 0,0 green: 4,0"), 10,
                                "hole 2 par 3 tee 5,4 gren 1,4"))
    assert [(p.line, p.message.startswith(message)) for p in problems] == [(9, True), (10, True)]


def test_tee_or_green_outside_the_map_is_refused():
    problems = problems_of(edit(TINY, 10, "hole 2 par 3 tee 6,4 green 1,5"))
    assert len(problems) == 2, problems
    expect(find(problems, "hole 2: tee"), 10, (6, 4), "hole 2: tee is outside the 6x5 map (did "
                                                      "you mean (5,4), the tee box that belongs "
                                                      "to no hole?)")
    expect(find(problems, "hole 2: green"), 10, (1, 5), "hole 2: green is outside the 6x5 map "
                                                        "(did you mean (1,4), the green that "
                                                        "belongs to no hole?)")


def test_two_holes_may_not_share_a_tee_box_or_a_green():
    problems = problems_of(edit(TINY, 10, "hole 2 par 3 tee 0,0 green 1,4"))
    expect(find(problems, "hole 2: tee"), 10, (0, 0), "hole 2: tee is also hole 1's tee")
    problems = problems_of(edit(TINY, 10, "hole 2 par 3 tee 5,4 green 4,0"))
    expect(find(problems, "hole 2: green"), 10, (4, 0), "hole 2: green is also hole 1's green")


def test_a_tee_box_or_green_on_the_map_must_belong_to_a_hole():
    p = only(edit(TINY, 13, " r r b r T ."))
    expect(p, 13, (4, 1), "tee box belongs to no hole (add a hole line for it or change the cell)")
    p = only(edit(TINY, 15, " F Y ~ G r r"))
    expect(p, 15, (3, 3), "green belongs to no hole (add a hole line for it or change the cell)")


def test_a_green_walled_in_by_trees_clubhouse_and_off_board_is_unreachable():
    # Green (4,0) on row 0: its neighbours are (3,0), (5,0) and (3,1), (4,1) below it.
    text = edit(edit(TINY, 12, "T f f t G C"), 13, " r r b . t .")
    p = only(text)
    expect(p, 9, (4, 0), "hole 1: green cannot be reached from the tee (0,0) by one-hex moves "
                         "that avoid trees, the clubhouse and off-board cells")
    # Opening one neighbour (to bunker) is enough.
    assert problems_of(edit(text, 13, " r r b . b .")) == []


# ---------------------------------------------------------------- warnings


def test_par_length_rule():
    assert course.par_length_range(3) == (3, 9)
    assert course.par_length_range(4) == (5, 13)
    assert course.par_length_range(5) == (9, 16)
    err = raises(ValueError, course.par_length_range, 6)
    assert "3, 4 or 5" in str(err)


def test_a_hole_too_short_for_its_par_is_a_warning_not_an_error():
    text = edit(TINY, 9, "hole 1 par 5 tee 0,0 green 4,0")
    p = only(text)
    expect(p, 9, (0, 0), "hole 1: tee is 4 hexes from the green, too short for par 5 "
                         "(9 to 16 hexes)", error=False)
    assert p.format("tiny.course") == ("tiny.course:9: warning: cell (0,0): hole 1: tee is "
                                       "4 hexes from the green, too short for par 5 "
                                       "(9 to 16 hexes)")
    c = course.from_source(text)  # warnings do not stop compiling
    assert c.hole(1)[0] == 5


def _one_row(cells, hole):
    # A one-row course: the map row and the hole line given.
    return "\n".join(["teebox-course 1", "name: Row", "size: %dx1" % len(cells.split()),
                      hole, "map:", cells])


def test_a_hole_too_long_for_its_par_is_a_warning():
    # 10 columns apart on one row: too long for a par 3.
    p = only(_one_row("T f f f f f f f f f G", "hole 1 par 3 tee 0,0 green 10,0"))
    expect(p, 4, (0, 0), "hole 1: tee is 10 hexes from the green, too long for par 3 "
                         "(3 to 9 hexes)", error=False)


def test_a_green_next_to_its_tee_is_one_hex_away():
    p = only(_one_row("f T G", "hole 1 par 3 tee 1,0 green 2,0"))
    expect(p, 4, (1, 0), "hole 1: tee is 1 hex from the green, too short for par 3 "
                         "(3 to 9 hexes)", error=False)


# ---------------------------------------------------------------- reporting


def test_every_problem_is_collected_in_line_order():
    text = edit(edit(edit(TINY, 6, "solo-par: x"), 14, "r w l t C q"),
                10, "hole 3 par 9 tee 5,4 green 1,4")
    problems = problems_of(text)
    assert [(p.line, p.message[:14]) for p in problems] == [
        (6, "solo-par: 'x' "), (10, "hole 3: par 9 "), (10, "hole 3 is numb"),
        (14, "unknown terrai"), (0, "hole 2 is miss")]
    err = raises(course.CourseError, course.compile_source, text)
    assert [p.format() for p in err.problems] == [p.format() for p in problems]
    assert str(err).split("\n") == [p.format() for p in problems]


def test_problem_format_without_a_file_name():
    p = course.Problem(14, (5, 3), "bad", error=False)
    assert str(p) == "line 14: warning: cell (5,3): bad"
    assert course.Problem(0, None, "x").format() == "x"
    assert course.Problem(0, (1, 2), "x").format("a.course") == "a.course: cell (1,2): x"


def test_reachable_walks_around_blocking_cells_only():
    # 3x3: the middle column is trees except a bunker at the bottom.
    cells = bytes([terrain.TEE, terrain.TREE, terrain.GREEN,
                   terrain.WATER, terrain.TREE, terrain.OCEAN,
                   terrain.ROUGH, terrain.BUNKER, terrain.ROUGH])
    start = hexgrid.from_offset(0, 0)
    goal = hexgrid.from_offset(2, 0)
    assert course.reachable(cells, 3, 3, start, goal)
    blocked = cells[:7] + bytes([terrain.CLUBHOUSE]) + cells[8:]
    assert not course.reachable(blocked, 3, 3, start, goal)
    assert course.reachable(blocked, 3, 3, start, start)


# ---------------------------------------------------------------- binary form


def test_round_trip_keeps_every_cell_every_hole_and_the_hash():
    src, _ = course.check(TINY)
    data = course.compile_source(TINY)
    c = course.load(data)
    assert (c.width, c.height, c.name, c.author) == (6, 5, "Tiny", "Tests")
    assert (c.solo_par, c.greens, c.wind) == (12, (1, 1, 0), (1, 0, 0, 0, 0, 0, 0, 1))
    assert c.data == data and bytes(c.cells()) == bytes(src.cells)
    for row in range(5):
        codes = TINY_ROWS[row].split()
        for col in range(6):
            kind = terrain.from_code(codes[col])
            assert c.terrain_at(col, row) == kind
            q, r = hexgrid.from_offset(col, row)
            assert c.terrain(q, r) == kind
    assert c.hole_count == 2
    assert c.hole(1) == (3,) + hexgrid.from_offset(0, 0) + hexgrid.from_offset(4, 0)
    assert c.hole(2) == (3,) + hexgrid.from_offset(5, 4) + hexgrid.from_offset(1, 4)
    again = course.load(course.compile_source(TINY))
    assert again.hash == c.hash and len(c.hash) == 8
    assert len(c.hash_hex()) == 16 and int(c.hash_hex(), 16) == int.from_bytes(c.hash, "big")


def test_content_hash_is_sha256_of_size_cells_and_holes():
    c = course.from_source(TINY)
    cells = bytes(course.check(TINY)[0].cells)
    holes = bytes([1, 3, 0, 0, 4, 0, 2, 3, 5, 4, 1, 4])
    assert c.hash == hashlib.sha256(bytes([6, 5]) + cells + holes).digest()[:8]


def test_hash_follows_play_not_names_or_suggestions():
    base = course.from_source(TINY).hash
    assert course.from_source(edit(TINY, 14, "r w l t C f")).hash != base
    assert course.from_source(edit(TINY, 10, "hole 2 par 4 tee 5,4 green 1,4")).hash != base
    for line, new in ((3, "name: Renamed"), (4, "author: Someone"), (6, "solo-par: 30"),
                      (7, "greens: 4/10/4"), (8, "wind: TL3 TM3 TR3 BR0 BM0 BL0 S1 C3")):
        assert course.from_source(edit(TINY, line, new)).hash == base


def test_binary_layout_matches_the_documented_header():
    data = course.compile_source(TINY)
    assert data[:4] == b"TBXC" and data[4] == 1
    assert (data[5], data[6], data[7], data[8], data[9]) == (6, 5, 2, 1, 12)
    assert data[29] == 4 and data[30:34] == b"Tiny" and data[34] == 5
    assert len(data) == 29 + 1 + 4 + 1 + 5 + 30 + 12 + 4


def test_coastline_flag_is_set_only_when_coastline_terrain_is_used():
    assert course.from_source(TINY).uses_coastline
    inland = course.from_source(edit(TINY, 15, " r r r r r r"))
    assert not inland.uses_coastline and inland.data[8] == 0


def test_a_flipped_byte_fails_the_crc_with_a_clear_message():
    data = bytearray(course.compile_source(TINY))
    data[40] ^= 0x01
    err = raises(course.CourseError, course.load, data)
    assert str(err).startswith("course data is corrupt: CRC-32 is ")
    assert len(err.problems) == 1 and err.problems[0].line == 0


def test_a_forged_crc_still_fails_the_content_hash():
    import binascii
    import struct
    data = bytearray(course.compile_source(TINY))
    data[40] ^= 0x01
    data[-4:] = struct.pack("<I", binascii.crc32(bytes(data[:-4])) & 0xFFFFFFFF)
    err = raises(course.CourseError, course.load, bytes(data))
    assert str(err) == "course data is corrupt: the content hash does not match the cells and holes"


def test_bad_magic_unknown_version_and_truncation_are_named():
    data = course.compile_source(TINY)
    err = raises(course.CourseError, course.load, b"PK\x03\x04" + data[4:])
    assert str(err) == "not a Teebox course: the data does not start with 'TBXC'"
    err = raises(course.CourseError, course.load, b"")
    assert str(err).startswith("not a Teebox course")
    err = raises(course.CourseError, course.load, data[:4] + b"\x02" + data[5:])
    assert str(err) == "unknown course format version 2: this Teebox reads version 1"
    err = raises(course.CourseError, course.load, data[:-1])
    assert str(err) == "course data is truncated: %d bytes, the course needs %d" % (
        len(data) - 1, len(data))
    err = raises(course.CourseError, course.load, data[:12])
    assert str(err) == "course data is truncated: 12 bytes, shorter than the 30-byte header"
    err = raises(course.CourseError, course.load, data[:32])
    assert str(err) == "course data is truncated: 32 bytes, it ends inside the name"
    err = raises(course.CourseError, course.load, data + b"\x00")
    assert str(err) == "course data is too long: %d bytes, the course needs %d" % (
        len(data) + 1, len(data))


# ---------------------------------------------------------------- lookups


def test_lookups_outside_the_grid_are_off_board():
    c = course.from_source(TINY)
    assert c.terrain(-1, 0) == terrain.OFF and c.terrain(0, 5) == terrain.OFF
    assert c.terrain(6, 0) == terrain.OFF
    assert c.terrain_at(6, 0) == terrain.OFF and c.terrain_at(0, -1) == terrain.OFF
    assert len(c.cells()) == 30


def test_tee_and_green_lookups_name_their_hole():
    c = course.from_source(TINY)
    for n in (1, 2):
        par, tq, tr, gq, gr = c.hole(n)
        assert c.tee_hole(tq, tr) == n and c.green_hole(gq, gr) == n
        assert c.terrain(tq, tr) == terrain.TEE and c.terrain(gq, gr) == terrain.GREEN
        assert c.green_hole(tq, tr) == 0 and c.tee_hole(gq, gr) == 0
    assert c.green_hole(*hexgrid.from_offset(3, 3)) == 0


def test_asking_for_a_hole_that_does_not_exist_names_the_range():
    c = course.from_source(TINY)
    for n in (0, 3):
        err = raises(ValueError, c.hole, n)
        assert str(err) == "no hole %d: Tiny has holes 1 to 2" % n


# ---------------------------------------------------------------- built-in courses


def test_unknown_builtin_course_names_the_known_ones():
    names = shipped.builtin_names()
    assert names == sorted(names)
    err = raises(course.CourseError, shipped.load_builtin, "no-such-course")
    assert str(err) == "unknown course 'no-such-course' (built-in courses: %s)" % (
        ", ".join(names) or "none")


def test_every_builtin_course_loads():
    for name in shipped.builtin_names():
        c = shipped.load_builtin(name)
        assert c.hole_count >= 1
