"""`teebox sim`: the table's firmware on simulated hardware, in the terminal.

* ``teebox sim --script FILE``: plays a script of button presses and card scans
  (the format is in ``firmware/teebox/app/script.py`` and ``docs/table-guide.md``)
  on a simulated table and prints the final scorecard.
* ``teebox sim`` without a script, in a terminal: the table to play, keys for
  its buttons and a card picker for its reader (``sim_tui.py``).
* ``teebox sim --demo`` (and ``teebox sim`` without a terminal): a demo. Bots play
  a whole game through the table's buttons and card reader, exactly as players
  would, and every screen the display shows is printed with the line that led to it.

Both run on a :class:`SimTable`: the board's parts from a board profile, all
simulated (``board.build(profile, sim=True)``), with the firmware's own main
loop. An interactive simulator builds on the same class: it only has to turn
keys into script lines for :meth:`SimTable.do` and print :meth:`SimTable.screen`.
"""

import sys
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console
from rich.text import Text

from teebox import profile as profile_mod
from teebox.app import boot, presenters
from teebox.app import script as script_mod
from teebox.app.bindings import Bindings
from teebox.app import setup_flow as sf
from teebox.app.board import build
from teebox.core import games
from teebox_host import datadir, profiles, simfaces
from teebox_host.options import game_options
from teebox_host.course_cmd import _fail
from teebox_host.cli import lower

SCREEN_WIDTH = 16


class SimTable:
    """One simulated table running the firmware: ``hw``, ``loop``, ``table``.

    The pieces of every tagged set (``presenters.TAG_SETS``: the club cards, Domino
    Golf's dominoes) come learned, each with its simulator tag (``bindings.demo_uid``),
    unless ``blank_cards``. ``inputs`` collects every
    ``(seat, choice)`` the table gives the engine (its ``inputs`` hook).

    ``store``: the flash store (default: a new one in memory). The table starts
    as a board powers on (``boot.start``, without a link server): a game the
    store's journal holds is resumed, and every choice is journalled.

    ``face`` is what the simulator shows of the game being played or last played
    (``simfaces``: its status, scorecard and standings; None before the first),
    brought up to date by :meth:`follow`.
    """

    def __init__(self, profile, blank_cards=False, name="script", store=None):
        self.hw = build(profile, sim=True)
        if store is not None:
            self.hw.store = store
        if not blank_cards:
            for _title, module in presenters.TAG_SETS:
                pieces = presenters.tag_set(module)
                Bindings(self.hw.store, pieces.pieces(), pieces).bind_demo_tags()
        self.loop = boot.start(self.hw, serve=False)
        self.table = self.loop.table
        self.inputs = []
        record = self.table.inputs

        def inputs(seat, choice):
            self.inputs.append((seat, choice))
            record(seat, choice)
        self.table.inputs = inputs
        self.face = None
        self.runner = script_mod.Runner(self.loop, name=name)
        self._lines = 0

    def do(self, text):
        """Play one script line (ScriptError if it is bad or cannot be played)."""
        self._lines += 1
        try:
            step = script_mod.parse_line(text, self._lines, self.table.clubs)
        except ValueError as exc:
            raise script_mod.ScriptError(["line %d: %s" % (self._lines, exc)], self.runner.name)
        if step is not None:
            self.runner.step(step)

    def run(self, steps):
        """Play parsed script steps."""
        self.runner.run(steps)

    def screen(self):
        """What the display says now: eight lines (the text goes to a NullDisplay too)."""
        return tuple(self.hw.display.lines)

    def follow(self):
        """Bring :attr:`face` up to the table's game (a new face for a new game)."""
        g = self.table.game
        if g is not None and (self.face is None or g is not self.face.game):
            self.face = simfaces.face_for(self, g, self.table.game_name)
        if self.face is not None:
            self.face.follow()

def check_setup(game, mode, players, course, hands, course_names):
    """Check setup answers for a table offering ``course_names``; returns the number of
    players (``players`` None: 2, or the fewest the game or mode takes if more).
    ``mode``: one of the game's ``MODES`` (None: its first); ``course`` and ``hands``
    (None: its default) count only for a game that asks for them. ValueError names the option (as the
    command line spells it) and what is wrong."""
    if game not in games.names():
        raise ValueError("--game %s: unknown game (use one of: %s)"
                         % (game, ", ".join(games.names())))
    mod = games.load(game)
    names = [m[0] for m in mod.MODES]
    if mode is None:
        mode = games.default_mode(game)
    if mode not in names and (names or mode):
        raise ValueError("--mode %s: %s" % (
            mode, "unknown game mode (use one of: %s)" % ", ".join(names) if names
            else "%s has one way to play" % games.get(game).title))
    title, (lo, hi) = games.get(game).title, games.get(game).players
    for name, mode_title, span in mod.MODES:
        if name == mode:
            title, (lo, hi) = mode_title, span
    if players is None:
        players = min(hi, max(2, lo))  # (a solo mode: one)
    if not lo <= players <= hi:
        count = "%d to %d players" % (lo, hi) if lo < hi else "%d player%s" % (
            lo, "" if lo == 1 else "s")
        raise ValueError("--players %d: %s is played by %s" % (players, title, count))
    if "course" in mod.STEPS and course not in course_names:
        raise ValueError("--course %s: not on this table (courses: %s)"
                         % (course, ", ".join(course_names)))
    if "hands" in mod.STEPS and hands is not None:
        # (the hands the table asks: its presenter's, ``presenters.setup_options``)
        values = [o[2] for o in presenters.setup_options(game) if o[0] == "hands"][0]
        if hands not in values:
            raise ValueError("--hands %s: use one of: %s" % (hands, ", ".join(values)))
    return players


def _console():
    return Console(highlight=False)


def _framed(lines):
    edge = "+" + "-" * SCREEN_WIDTH + "+"
    return "\n".join([edge] + ["|%-*s|" % (SCREEN_WIDTH, ln) for ln in lines] + [edge])


def _load_profile(ref):
    # (the name of its file, the profile)
    try:
        return profiles.find(ref).stem, profiles.load(ref)
    except profile_mod.ProfileError as exc:
        _fail("--profile %s" % exc)


def _describe(face, inputs):
    s = face.game.setup
    return Text("%s, %d player%s, seed %d: %d inputs" % (
        face.describe(), s.players, "" if s.players == 1 else "s", s.seed, inputs),
        style="bold")


def _print_result(out, sim):
    """The final scorecard, or what the table is waiting for when the game is not over."""
    game = sim.table.game
    if game is None:
        out.print(Text("The script ended before a game started; the display shows:",
                       style="bold"))
        out.print(_framed(sim.screen()))
        return
    sim.follow()
    out.print(_describe(sim.face, len(sim.inputs)))
    if not game.over:
        out.print(Text("The script ended before the game was over (%s)." % sim.face.waiting(),
                       style="bold"))
    out.print(sim.face.final())


def _run_script(path, profile, blank_cards):
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _fail("cannot read script %s: %s" % (path, getattr(exc, "strerror", None) or exc))
    sim = SimTable(profile, blank_cards, name=path.name)
    try:
        steps = script_mod.parse(text, path.name, sim.table.clubs)
        sim.run(steps)
    except script_mod.ScriptError as exc:
        _fail(str(exc))
    _print_result(_console(), sim)


def _run_demo(profile, game, mode, players, course, seed, options=()):
    sim = SimTable(profile, name="demo")
    try:
        players = check_setup(game, mode, players, course, None,
                              sim.table.setup.course_names)
        auto = script_mod.Autoplayer(sim.table.clubs, mode, course, players, seed=seed,
                                     bot_seed=seed * 8 + 1, seat_readers=sim.hw.seat_readers,
                                     game=game, options=game_options(game, options, ("hands",)))
    except ValueError as exc:  # (a mode that does not play an option's value too)
        _fail(str(exc))
    out = _console()
    out.print(Text("Teebox simulator demo: bots play through the table's buttons and card "
                   "reader", style="bold"))
    out.print(_framed(sim.screen()))
    shown = [sim.screen()]

    def play(text):
        sim.do(text)
        screen = sim.screen()
        if screen != shown[0]:
            shown[0] = screen
            out.print("> " + text)
            out.print(_framed(screen))
    script_mod.autoplay(sim.table, auto, play)
    _print_result(out, sim)


def _mode_help():
    """Each game's ways to play, for --mode's help."""
    out = []
    for name in games.names():
        modes = [m[0] for m in games.load(name).MODES]
        out.append("%s: %s" % (games.get(name).title, ", ".join(modes) if modes else "one"))
    return "; ".join(out)


def _terminal():
    """Whether someone is at a terminal (stdin and stdout are one): the simulator can be
    played there."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def sim(
    script: Optional[Path] = typer.Option(
        None, "--script", metavar="FILE",
        help="Play this script of button presses and card scans, then print the scorecard."),
    profile: str = typer.Option(
        profile_mod.DEFAULT, "--profile", metavar="NAME|FILE",
        help="Board profile: a name (%s: hardware/profiles/NAME.json) or a profile "
             ".json file." % ", ".join(profiles.names())),
    blank_cards: bool = typer.Option(
        False, "--blank-cards",
        help="Start with no club card learned (to learn the cards, or script that)."),
    game: Optional[str] = typer.Option(
        None, "--game", callback=lower,
        help="The game: %s (default %s). Playing: --game/--mode/--course/--players/--hands "
             "answer the table's setup." % (", ".join(games.names()), games.names()[0])),
    mode: Optional[str] = typer.Option(
        None, "--mode", callback=lower,
        help="The game's way to play (default its first): %s." % _mode_help()),
    players: Optional[int] = typer.Option(None, "--players", help="Number of players."),
    course: Optional[str] = typer.Option(None, "--course",
                                         help="A course on the table (default starter)."),
    seed: Optional[int] = typer.Option(
        None, "--seed", help="Seed of the first game's shuffles (demo: and of the bots; "
                             "default: random when playing, 1 for the demo)."),
    hands: Optional[str] = typer.Option(
        None, "--hands", callback=lower,
        help="Playing: first-game, or bag (register the bags by card)."),
    demo: bool = typer.Option(
        False, "--demo", help="Bots play a game through the buttons and card reader, printed "
                              "as text (what runs without a terminal)."),
    option: List[str] = typer.Option(
        [], "--option", metavar="NAME=VALUE",
        help="A rule variation chosen at the table's setup (playing: with --game; the "
             "demo: the bots choose it) (18 Holes: "
             "bounds=strict or bounds=through, expansions=greens, wind or greens+wind; Play "
             "Nine: holes=N, playoff=yes or no; Domino "
             "Golf: holes=N, real_set=yes for a real set of tagged dominoes, each laid on "
             "the simulated reader)."),
    store: Optional[Path] = typer.Option(
        None, "--store", metavar="DIR",
        help="Playing: the simulated board's flash store, where a game in progress survives "
             "quitting or a crash (default: sim/PROFILE in the user data folder; with "
             "--blank-cards: a new one in memory)."),
):
    """Run the table's firmware on simulated hardware: play it, script it or watch a demo.

    Play it in the terminal, play a script, or watch a demo played by bots through the
    buttons and the card reader."""
    name, prof = _load_profile(profile)
    if script is not None:
        _run_script(script, prof, blank_cards)
    elif demo or not _terminal():
        _run_demo(prof, game or games.names()[0], mode, players, course or sf.DEFAULT_COURSE,
                  1 if seed is None else seed, option)
    else:
        _play(prof, seed, mode, course, players, hands, blank_cards,
              store or (None if blank_cards else default_store(name)), game,
              game_options(game, option, ("hands",)) if game and option else None)


def default_store(name):
    """The folder of the simulated board's flash store for the profile ``name`` (its
    file's name), in the user's data folder: a board per profile (their grids differ)."""
    return datadir.user_data_dir() / "sim" / name


def _play(profile, seed, mode, course, players, hands, blank_cards, store, game=None,
          options=None):
    from teebox_host import sim_tui  # textual loads only to play
    try:
        code = sim_tui.run(profile, seed, mode, course, players, hands, blank_cards, store,
                           game, options)
    except ValueError as exc:
        _fail(str(exc))
    if code:
        kept = "the game in progress is kept in %s: run teebox sim again to carry on" % store
        _fail("The simulator stopped on an error (above); %s." % (
            kept if store is not None else "its game was in memory only"))
