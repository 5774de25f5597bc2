"""`teebox course`: check, draw and list courses (see docs/course-format.md)."""

from pathlib import Path
from typing import List

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from teebox.core import course as course_mod
from teebox_host import render
from teebox import shipped

app = typer.Typer(
    help="Check, draw and list Teebox courses (*.course files and the built-in ones).",
    no_args_is_help=True,
)

WIDTH_OPTION = typer.Option(course_mod.BOARD_WIDTH, "--width", help="Board columns.")
HEIGHT_OPTION = typer.Option(course_mod.BOARD_HEIGHT, "--height", help="Board rows.")
ALL_COURSES = "all"  # `course rate all --golfer`: every built-in course, then over them all


def _fail(message):
    """Print ``message`` to stderr and stop with exit code 1."""
    typer.echo(message, err=True)
    raise typer.Exit(1)


def _read(path):
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        _fail(f"{path} is not UTF-8 text: save the course as UTF-8 and try again.")
    except OSError as exc:
        _fail(f"cannot read {path}: {exc.strerror or exc}. Give the path of a .course file.")


def _refuse(filename, problems):
    """Print every problem of a refused course to stderr and exit 1."""
    for problem in problems:
        typer.echo(problem.format(filename), err=True)
    errors = sum(1 for p in problems if p.error)
    warnings = len(problems) - errors
    _fail(f"{filename}: course refused ({render.count(errors, 'error')}, "
          f"{render.count(warnings, 'warning')}). Fix the lines above and check again.")


def _compile(ref, width, height):
    """Check and load a course file or a built-in course (by name): ``(course, warnings,
    file)``, or exits listing every error, or with advice if ``ref`` is neither."""
    path = Path(ref)
    if not (path.is_file() or ref.endswith(".course")):
        names = shipped.builtin_names()
        ref = ref.lower() if ref.lower() in names else ref  # "Starter" is starter
        if ref not in names:
            known = ", ".join(names) if names else "none yet"
            _fail(f"unknown course {ref!r}: no such file and no built-in course of that name "
                  f"(built-in courses: {known}). Give the path of a .course file or a "
                  f"built-in name (see 'teebox course list').")
        path = Path(shipped.courses_dir()) / (ref + ".course")
    src, problems = course_mod.check(_read(path), width, height)
    if any(p.error for p in problems):
        _refuse(str(path), problems)
    return course_mod.load(course_mod.encode(src)), problems, path


def builtins_by_hash():
    """Yield ``(hash, course)`` for each built-in course, compiled one at a time as the
    caller asks for the next: a game's course is usually found before all are compiled.
    A built-in that does not compile is skipped ('teebox course list' reports it)."""
    for name in shipped.builtin_names():
        try:
            crs = shipped.load_builtin(name)
        except course_mod.CourseError:
            continue
        yield bytes(crs.hash), crs


def builtin_by_hash(course_hash):
    """The built-in course with this content hash, or None."""
    course_hash = bytes(course_hash)
    return next((crs for h, crs in builtins_by_hash() if h == course_hash), None)


def _open(ref, width, height):
    """A course from a file path or a built-in name; exits with advice if neither."""
    return _compile(ref, width, height)[0]


@app.command()
def check(ref: str = typer.Argument(..., metavar="NAME|FILE",
                                    help="A .course file or a built-in course name."),
          width: int = WIDTH_OPTION, height: int = HEIGHT_OPTION):
    """Validate a course: list every problem, or print its holes, pars and hash."""
    course, warnings, path = _compile(ref, width, height)
    pars = [course.hole(n)[0] for n in range(1, course.hole_count + 1)]
    typer.echo(f"OK {path}: {course.name!r}, {render.count(course.hole_count, 'hole')}, "
               f"par {sum(pars)} ({' '.join(str(p) for p in pars)}), hash {course.hash_hex()}")
    for problem in warnings:
        typer.echo(problem.format(str(path)))


@app.command()
def show(ref: str = typer.Argument(..., metavar="NAME|FILE",
                                   help="A built-in course name or a .course file."),
         width: int = WIDTH_OPTION, height: int = HEIGHT_OPTION):
    """Draw a course in the terminal: the hex map, a legend and the hole table."""
    Console().print(render.course_view(_open(ref, width, height)))


@app.command("list")
def list_courses():
    """List the built-in courses with their holes, total par and hash."""
    names = shipped.builtin_names()
    if not names:
        typer.echo(f"no built-in courses in {shipped.courses_dir()}")
        return
    table = Table("Name", "Course", "Holes", "Par", "Hash")
    broken = []
    for name in names:
        try:
            c = shipped.load_builtin(name)
        except course_mod.CourseError as exc:
            broken.append(exc)
            table.add_row(name, "[red]refused (see below)[/red]", "", "", "")
            continue
        table.add_row(name, escape(c.name), str(c.hole_count), str(render.total_par(c)),
                      c.hash_hex())
    Console().print(table)
    for refusal in broken:
        typer.echo(str(refusal), err=True)
    if broken:
        _fail(f"{render.count(len(broken), 'built-in course')} refused: "
              f"fix {shipped.courses_dir()}/{broken[0].filename} and run "
              f"'teebox course check' on it.")


@app.command()
def rate(ref: str = typer.Argument(..., metavar="NAME|FILE",
                                   help="A built-in course name or a .course file (with "
                                        "--golfer also all: every built-in course)."),
         rounds: int = typer.Option(20, "--rounds", help="Bot games to play."),
         players: int = typer.Option(None, "--players",
                                     help="Bots in each game (default: the fewest the mode "
                                          "is played by)."),
         seed: int = typer.Option(1, "--seed", help="Seed of the first game (then +1 each)."),
         mode: str = typer.Option(None, "--mode",
                                  help="The way to play it is rated for (default Stroke "
                                       "Play): one of 18 Holes' modes (teebox demo --help)."),
         option: List[str] = typer.Option(
             [], "--option", metavar="NAME=VALUE",
             help="A rule variation the games are played with (bounds=through: hitting "
                  "through out of bounds)."),
         solo: bool = typer.Option(False, "--solo",
                                   help="Measure the solo par: Solo Chaos Golf games at each "
                                        "deck rank (--rounds games each)."),
         golfer: str = typer.Option(None, "--golfer", metavar="NAME|all",
                                    help="Rate a golfer card instead: each side's strokes per "
                                         "hole against games without golfers (--rounds "
                                         "games per side); with --mode match or chaos "
                                         "(--players: 3 to 5), its share of the points; "
                                         "on course all, each side and each card's "
                                         "A − B on every built-in course and over them "
                                         "all."),
         expansion: str = typer.Option(
             "", "--expansion", help="Expansion modules to play, comma-separated: 'greens' "
             "(Reading the Greens, in Match Play), 'wind' (Taming the Wind). Rate with and "
             "without to compare."),
         width: int = WIDTH_OPTION, height: int = HEIGHT_OPTION):
    """Rate a course: its holes' strokes and hazards, or in a --mode what each green paid.

    With --solo: its wins at each Solo Chaos Golf deck rank, and the solo par they give."""
    from teebox_host import rate as rating  # the engine loads only for this command
    from teebox_host.options import game_options

    # (the rating deals the hands; golfer cards: --golfer)
    chosen = game_options("18-holes", option, ("hands", "golfers"))
    modules = tuple([m.strip() for m in expansion.split(",") if m.strip()])
    if mode is not None:
        chosen["mode"] = mode.lower()

    everywhere = ref.lower() == ALL_COURSES and not Path(ref).is_file()
    if golfer is not None:
        courses = ([_open(name, width, height) for name in shipped.builtin_names()]
                   if everywhere else [_open(ref, width, height)])
        _rate_golfers(courses, golfer, rounds, seed, chosen.get("mode"), players)
        return
    if everywhere:
        _fail("course rate all: every built-in course is rated for golfer cards only "
              "(--golfer); name one course or a .course file.")
    crs = _open(ref, width, height)
    # Twenty games take a while: a bar on stderr while the bots play (shown on a
    # terminal only, and gone once the table is printed on stdout).
    err = _stderr()
    with Progress(TextColumn("Bots playing {task.description}"), BarColumn(),
                  MofNCompleteColumn(), TextColumn("games, about"), TimeRemainingColumn(),
                  TextColumn("to go"), console=err, transient=True,
                  disable=not err.is_terminal) as bar:
        games = rounds * len(rating.solo_ranks(shipped.load_default_shots())) if solo else rounds
        task = bar.add_task(crs.name, total=games)
        try:
            if solo:
                view = rating.solo_view(rating.rate_solo(
                    crs, rounds, seed, lambda done: bar.update(task, completed=done)))
            else:
                view = rating.rating_view(rating.rate_course(
                    crs, rounds, players, seed, lambda done: bar.update(task, completed=done),
                    expansions=modules, **chosen))
        except ValueError as exc:
            _fail(str(exc))
    Console().print(view)


def _rate_golfers(courses, golfer, rounds, seed, mode, players):
    """``course rate --golfer``: the golfer sides' table on each of ``courses`` in games
    of ``mode`` (None: the rating's first, Stroke Play) of ``players`` bots (None: the
    rating's choice), a bar while the bots play; with more than one course, then each
    side against no card and each card's A − B on every course and over them all."""
    from teebox_host import rate_golfers

    try:
        sides = len(rate_golfers.golfer_sides(golfer)) + 1
    except ValueError as exc:
        _fail(str(exc))
    err = _stderr()
    by_course = []
    with Progress(TextColumn("Golfers on {task.description}"), BarColumn(),
                  MofNCompleteColumn(), TextColumn("sides"), console=err, transient=True,
                  disable=not err.is_terminal) as bar:
        task = bar.add_task(courses[0].name, total=sides * len(courses))
        for n, crs in enumerate(courses):
            bar.update(task, description=crs.name)
            try:
                result = rate_golfers.rate_golfers(
                    crs, golfer, rounds, seed,
                    lambda done: bar.update(task, completed=n * sides + done),
                    mode or rate_golfers.MODES[0], players)
            except ValueError as exc:
                _fail(str(exc))
            by_course.append((crs, result))
    out = Console()
    for crs, result in by_course:
        out.print(rate_golfers.golfers_view(crs, result, seed))
    if len(by_course) > 1:
        out.print(rate_golfers.courses_view(by_course, seed))


def _stderr():
    """The console for progress: stderr, so that stdout holds only the result."""
    return Console(stderr=True)


@app.command()
def generate(holes: int = typer.Option(18, "--holes", help="Holes: 5, 9 or 18."),
             difficulty: str = typer.Option("normal", "--difficulty",
                                            help="relaxed, normal or challenging."),
             seed: int = typer.Option(None, "--seed",
                                      help="Seed (same seed and options: same course); "
                                           "a new one is picked and printed if not given."),
             output: Path = typer.Option(None, "-o", "--output",
                                         help="Write the .course file here (default: print it)."),
             width: int = WIDTH_OPTION, height: int = HEIGHT_OPTION):
    """Generate a new course from the tile set, as a .course file (see docs/course-format.md)."""
    from teebox.core import coursegen  # only this command lays tiles

    if seed is None:
        import secrets
        seed = secrets.randbelow(10000)
    try:
        src = coursegen.generate_source(shipped.load_default_tiles(), holes, difficulty, seed,
                                        width, height)
    except coursegen.GenerateError as exc:
        _fail(f"cannot generate a course: {exc}.")
    text = coursegen.source_text(src)
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"cannot write {output}: {exc.strerror or exc}. Give a path in a folder you can "
              f"write to.")
    c = course_mod.load(course_mod.encode(src))
    typer.echo(f"wrote {output}: {c.name!r}, {render.count(c.hole_count, 'hole')}, par "
               f"{render.total_par(c)}, hash {c.hash_hex()} (seed {seed})")


@app.command()
def tiles(file: Path = typer.Argument(None, help="A tile file (default: the shipped one).")):
    """Check the tile set that generated courses are laid from: list every problem."""
    from teebox.core import coursegen_tiles

    path = file if file is not None else Path(shipped.data_path("tiles.json"))
    try:
        tileset = coursegen_tiles.load_tiles(_read(path), str(path))
    except coursegen_tiles.TileError as exc:
        for line in exc.problems:
            typer.echo(line, err=True)
        _fail(f"{path}: tile set refused ({render.count(len(exc.problems), 'problem')}). "
              f"Fix the lines above and check again.")
    typer.echo(f"OK {path}: {render.count(len(tileset.tees), 'tee tile')}, "
               f"{render.count(len(tileset.courses), 'course tile')}, "
               f"{render.count(len(tileset.greens), 'green tile')}, "
               f"{render.count(len(tileset.adjustments), 'adjustment tile')}")
