"""A new course from the generator, shown before it goes to a board (issue 18: "If the
web page exists by then, it shows a generated course before it is sent to the board").

* ``/new-course?holes=18&difficulty=normal&seed=42``: the course ``teebox course
  generate`` makes with those options, drawn hex by hex in its terrain colours with
  each hole's tee numbered, its holes and pars, its content hash and the commands that
  put it on a board. Without a seed a new one is picked and the page moves to its
  address, so the address names the course for good;
* ``/new-course/source?...``: the same course as a ``.course`` file to download.

Options the generator does not take are a 400 naming the choices; options it cannot
meet (no course fits the board with that seed) a 422 saying so.
"""

import secrets

from starlette.exceptions import HTTPException

from teebox import palette, shipped
from teebox.core import course as course_mod
from teebox.core import coursegen, hexgrid
from teebox_host.web import plots, whole_number
from teebox_host.web.boards import colour

DEFAULTS = {"holes": "18", "difficulty": "normal"}


def options(query):
    """``(holes, difficulty, seed or None)`` from a request's query, checked: HTTPException
    400 naming the choices."""
    holes = query.get("holes", DEFAULTS["holes"])
    if holes not in [str(h) for h in coursegen.HOLE_CHOICES]:
        raise HTTPException(400, "holes must be " + " or ".join(
            str(h) for h in coursegen.HOLE_CHOICES) + f" (got {holes[:20]!r})")
    difficulty = query.get("difficulty", DEFAULTS["difficulty"])
    if difficulty not in coursegen.DIFFICULTIES:
        raise HTTPException(400, "difficulty must be " + ", ".join(coursegen.DIFFICULTIES)
                            + f" (got {difficulty[:20]!r})")
    seed = query.get("seed")
    if seed is not None and (not whole_number(seed) or len(seed) > 9):
        raise HTTPException(400, f"the seed is a whole number from 0 to {coursegen.MAX_SEED} "
                                 f"(got {seed[:20]!r})")
    return int(holes), difficulty, None if seed is None else int(seed)


def generate(holes, difficulty, seed):
    """The course's source (``course.Source``) and compiled ``Course``; HTTPException 422
    when no course fits."""
    try:
        src = coursegen.generate_source(shipped.load_default_tiles(), holes, difficulty, seed)
    except coursegen.GenerateError as exc:
        raise HTTPException(422, f"cannot generate that course: {exc}") from None
    return src, course_mod.load(course_mod.encode(src))


def preview(holes, difficulty, seed):
    """What the page shows of the generated course (see the module's docstring)."""
    src, c = generate(holes, difficulty, seed)
    board = {"width": c.width, "height": c.height,
             "cells": [colour(palette.TERRAIN, 3 * kind) for kind in c.cells()]}
    rows = []
    tees = {}
    for n in range(1, c.hole_count + 1):
        par, tq, tr, gq, gr = c.hole(n)
        col, row = hexgrid.to_offset(tq, tr)
        tees[row * c.width + col] = str(n)
        rows.append({"number": n, "par": par, "tee": hexgrid.to_offset(tq, tr),
                     "green": hexgrid.to_offset(gq, gr)})
    file = f"new-{holes}-{difficulty}-{seed}.course"
    return {"name": c.name, "hash": c.hash_hex(), "holes": rows,
            "par": sum(r["par"] for r in rows), "seed": seed, "difficulty": difficulty,
            "hole_count": holes, "file": file,
            "svg": plots.hexes(board, f"The course {c.name}", marks=tees),
            "command": f"teebox course generate --holes {holes} --difficulty {difficulty} "
                       f"--seed {seed} -o {file}"}


def address(holes, difficulty, seed, tail=""):
    """The page's address for these options (``tail`` "/source": the file's)."""
    return f"/new-course{tail}?holes={holes}&difficulty={difficulty}&seed={seed}"


def new_seed():
    """A seed for a course no one asked for yet."""
    return secrets.randbelow(coursegen.MAX_SEED + 1)


def source_text(holes, difficulty, seed):
    """The generated course's ``.course`` text and its file name."""
    src, _c = generate(holes, difficulty, seed)
    return coursegen.source_text(src), f"new-{holes}-{difficulty}-{seed}.course"
