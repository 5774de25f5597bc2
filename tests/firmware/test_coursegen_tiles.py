# The tile set of generated courses (teebox/data/tiles.json) and its checker.
# Runs under CPython and inside MicroPython.
import json

from fwtest import raises

from teebox.core import coursegen_tiles as tiles, terrain
from teebox.core.course import par_length_range
from teebox import shipped

TILES = shipped.load_default_tiles()


def _tile_file(**changes):
    # The shipped file as a dict with some groups replaced: a valid base to break one thing in.
    with open(shipped.data_path("tiles.json")) as f:
        data = json.loads(f.read())
    for key in changes:
        data[key] = changes[key]
    return data


def _problems(data):
    text = data if isinstance(data, str) else json.dumps(data)
    return raises(tiles.TileError, tiles.load_tiles, text, "my.json").problems


def _one_tee(cells="Tfrrrrf", par=3, count=0):
    return [{"id": "T1", "faces": [{"par": par, "tiles": count, "cells": cells}]}]


def test_the_box_has_49_large_tiles_and_21_adjustment_tiles():
    # Rulebook, contents of the box: "49 course tiles", "21 adjustment tiles".
    assert len(TILES.tees) + len(TILES.courses) + len(TILES.greens) == 49
    assert len(TILES.adjustments) == 21


def test_course_tiles_come_in_three_levels_of_difficulty():
    # Rulebook, COURSE TILES: "The tiles have one of three levels of difficulty
    # indicated using stars in the corner of each tile."
    stars = set()
    for tile in TILES.courses:
        for face in tile:
            stars.add(face[1])
    assert stars == {1, 2, 3}


def test_more_stars_mean_more_hazards_on_a_course_tile():
    # Hazard cells (anything but rough and fairway) per face, averaged per star level.
    hazards = {1: [], 2: [], 3: []}
    for tile in TILES.courses:
        for cells, stars in tile:
            hazards[stars].append(len([k for k in cells
                                       if k != terrain.ROUGH and k != terrain.FAIRWAY]))
    means = [sum(hazards[s]) * 100 // len(hazards[s]) for s in (1, 2, 3)]
    assert means[0] < means[1] < means[2], means


def test_tee_tiles_set_the_par_and_how_many_tiles_come_before_the_green():
    # Rulebook, TEE BOX: "These tiles indicate the par and how many large course tiles
    # to add before the green." A straight hole of that many tiles fits the par.
    seen = set()
    for tile in TILES.tees:
        for face in tile:
            par, count = tiles.tee_par(face), tiles.tee_tiles(face)
            lo, hi = par_length_range(par)
            assert lo <= tiles.straight_length(count) <= hi, (par, count)
            assert face[0][0] == terrain.TEE
            seen.add(par)
    assert seen == {3, 4, 5}


def test_adjustment_tiles_have_a_hazard_side_for_each_base_hazard():
    # Rulebook, ADJUSTMENT TILES: "use the hazard side to adjust existing ones or add new ones."
    kinds = set(TILES.adjustments)
    assert kinds == {terrain.BUNKER, terrain.WATER, terrain.TREE}


def test_a_face_with_the_wrong_number_of_cells_is_refused_naming_the_tile():
    problems = _problems(_tile_file(tees=_one_tee("Tfr")))
    assert ("my.json: tees[0] T1 face 1: cells 'Tfr' has 3 codes, a tile has 7 (centre, "
            "front-left, left, back-left, back-right, right, front-right)") in problems


def test_an_unknown_code_is_refused_naming_the_cell():
    problems = _problems(_tile_file(tees=_one_tee("Tfrrqrf")))
    assert any("tees[0] T1 face 1: cells 'Tfrrqrf', back-right: unknown terrain code 'q'" in p
               for p in problems), problems


def test_a_tree_across_the_fairway_is_refused():
    problems = _problems(_tile_file(tees=_one_tee("Tfrtrrf")))
    assert any("back-left: tree hazard only on the left or right cell" in p
               for p in problems), problems


def test_a_face_reads_as_its_map_codes_trees_at_the_sides_included():
    data = _tile_file()
    data["tees"][0]["faces"][0]["cells"] = "Tftwrtb"
    data["courses"][0]["faces"][0]["cells"] = "lrtrrtf"
    got = tiles.load_tiles(json.dumps(data))
    assert got.tees[0][0][0] == bytes([terrain.TEE, terrain.FAIRWAY, terrain.TREE,
                                       terrain.WATER, terrain.ROUGH, terrain.TREE,
                                       terrain.BUNKER])
    assert got.courses[0][0][0] == bytes([terrain.LAKE, terrain.ROUGH, terrain.TREE,
                                          terrain.ROUGH, terrain.ROUGH, terrain.TREE,
                                          terrain.FAIRWAY])


def test_coastline_terrain_and_a_green_on_a_course_tile_are_refused():
    problems = _problems(_tile_file(courses=[{"id": "C1", "faces": [
        {"stars": 1, "cells": "GrrFrrf"}]}]))
    text = "\n".join(problems)
    assert "centre: a green may only be the centre of a green tile" in text
    assert ("back-left: fescue cannot be on a tile (use base terrain: r f b w l t)"
            in text), text


def test_a_tee_face_needs_its_tee_box_in_the_centre_and_no_green():
    problems = _problems(_tile_file(tees=_one_tee("fTrrrGf")))
    text = "\n".join(problems)
    assert "centre: must be the tee box (T), not fairway" in text
    assert "front-left: a tee box may only be the centre of a tee tile" in text
    assert "right: a green may only be the centre of a green tile" in text


def test_a_tee_whose_tiles_cannot_make_its_par_is_told_what_fits():
    problems = _problems(_tile_file(tees=_one_tee(par=5, count=1)))
    assert ("my.json: tees[0] T1 face 1: par 5 with 1 tile: a straight hole is 6 hexes, "
            "par 5 needs 9 to 16 (give it 2 or 3 or 4 tiles)") in problems


def test_every_problem_is_listed_at_once():
    data = _tile_file(tees=_one_tee("Tfr"), adjustments=[{"id": "C1", "hazard": "x"}])
    data["format"] = "teebox-tiles 2"
    problems = _problems(data)
    text = "\n".join(problems)
    assert "format: is 'teebox-tiles 2', this Teebox reads 'teebox-tiles 1'" in text
    assert "has 3 codes" in text
    assert "adjustments[0] C1: id 'C1' is used twice" in text
    assert "hazard 'x': the hazard side shows one of b w l t" in text
    assert "tees: has 1 tile: an 18-hole course needs 18 (one per hole)" in text


def test_missing_and_unknown_fields_are_named():
    problems = _problems(_tile_file(courses=[{"id": "C1", "faces": [{"cells": "ffrffrf",
                                                                     "star": 1}]}]))
    text = "\n".join(problems)
    assert "courses[0] C1 face 1: missing field 'stars'" in text
    assert "courses[0] C1 face 1: unknown field 'star' (allowed: stars, cells)" in text


def test_broken_json_says_where():
    problems = _problems('{"format": "teebox-tiles 1",\n "tees": [}')
    assert len(problems) == 1 and problems[0].startswith("my.json: "), problems
