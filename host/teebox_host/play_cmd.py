"""`teebox demo` and `teebox replay`: whole bot games and saved game logs in the terminal.

``demo`` plays a game with computer players and shows the course with the
golfers on it, every hole's result and the final scorecard; ``replay`` reads a
saved game log (``--save-log`` here, or a game synced from the board), replays
it through the rules engine and prints the same final scorecard.
"""

from importlib import import_module
from pathlib import Path
from typing import List, Optional, Tuple

import typer
from rich.console import Console
from rich.text import Text

from teebox.core import course as course_mod, games
from teebox.core.holes18 import bots, engine, gamelog, inputlog, modes
from teebox.core.holes18.expansions import NAMES as EXPANSIONS
from teebox.core.holes18.player import GOLFERS
from teebox.core.holes18.setup import expansion_titles
from teebox.core.holes18.protocol import DECISION_NAMES
from teebox.core.rng import Rng
from teebox_host import options, render, replay_cmd, scorecard
from teebox_host.cli import lower
from teebox_host.course_cmd import _fail, _open, builtin_by_hash
from teebox import shipped

BOTS = {"sensible": bots.SensibleBot, "random": bots.RandomBot}
# The games whose demo is a module of its own (18 Holes' is drawn here), by registry
# name: each module has ``players_for(players)``, ``play(players, seed, bot_kind, out,
# limit)``, ``final_view(game)`` and ``encoded_log(game)``.
DEMOS = (
    ("play-nine", "teebox_host.playnine_demo"),
    ("domino-golf", "teebox_host.dominogolf_demo"),
)
# A demo stops with an error rather than run forever (random bots seldom hole out).
CHOICE_LIMIT = 20000


def _console():
    # No highlighting: numbers in the text keep the styles we give them.
    return Console(highlight=False)


def _load_cards():
    return shipped.load_default_clubs(), shipped.load_default_shots()


def _describe(game):
    """One line: mode, players, course, seed, and a rule variation if one was chosen."""
    s = game.setup
    return Text("%s, %d player%s, %s, seed %d%s" % (
        game.mode.title, s.players, "" if s.players == 1 else "s", game.course.name, s.seed,
        "" if s.bounds == engine.STRICT else ", out of bounds: %s" % s.bounds), style="bold")


def _hands(game):
    hands = game.setup.hands
    return hands + " hands" if isinstance(hands, str) else "hands chosen at setup"


def _modules(game):
    """The line naming the expansion modules a game plays, or None without any."""
    if not game.expansions:
        return None
    return "Expansion: " + ", ".join(expansion_titles(game.expansions))


def _expansion_names(text):
    """The module names of ``--expansion`` ("greens,wind,coast"; "" for none)."""
    return tuple([n.strip().lower() for n in text.split(",") if n.strip()])


def _tees(game):
    """Where the golfers stand before the first decision."""
    return [p.position() for p in game.players]


def _check_options(mode, players, seed, bot_kind):
    """The player count to use, or exit 1 saying which option is wrong and why."""
    if mode not in modes.NAMES:
        _fail("--mode %s: unknown game mode (use one of: %s)" % (mode, ", ".join(modes.NAMES)))
    lo, hi = modes.players(mode)
    if players is None:
        players = min(hi, max(2, lo))  # (a solo mode: one)
    if not lo <= players <= hi:
        _fail("--players %d: %s is played by %s" % (
            players, modes.title(mode),
            "%d to %d players" % (lo, hi) if lo < hi else render.count(lo, "player")))
    _check_seed_and_bots(seed, bot_kind)
    return players


def _check_seed_and_bots(seed, bot_kind):
    """Exit 1 saying what is wrong if the seed or the kind of bots is."""
    if seed < 0:
        _fail("--seed %d: the seed must be 0 or more" % seed)
    if bot_kind not in BOTS:
        _fail("--bots %s: use one of: %s" % (bot_kind, ", ".join(BOTS)))


def demo(
    players: Optional[int] = typer.Option(
        None, "--players", help="Number of bot players (default 2; 3 for chaos)."),
    mode: Optional[str] = typer.Option(None, "--mode", callback=lower,
                                       help="One of: %s (default %s)." % (
                                           ", ".join(modes.NAMES), modes.NAMES[0])),
    course: str = typer.Option("starter", "--course", metavar="NAME|FILE",
                               help="A built-in course name or a .course file."),
    seed: int = typer.Option(1, "--seed", help="Seed of the shuffles and the bots."),
    save_log: Optional[Path] = typer.Option(None, "--save-log", metavar="FILE",
                                            help="Write the game log here (for 'teebox replay')."),
    bot_kind: str = typer.Option("sensible", "--bots", callback=lower,
                                 help="sensible or random bots."),
    stop_after: Optional[int] = typer.Option(
        None, "--stop-after", metavar="CHOICES", min=1,
        help="Stop the game after this many choices (its --save-log is then a game in "
             "progress, and says so)."),
    game_name: str = typer.Option("18-holes", "--game", callback=lower,
                                  help="One of: %s (--mode, --course, --golfers: 18 Holes "
                                       "only)." % ", ".join(games.names())),
    golfer_cards: Optional[str] = typer.Option(
        None, "--golfers", metavar="random|NAME:SIDE,...",
        help="Golfer cards for the bots, drafting their clubs: 'random' deals each a card "
             "and side from the seed, or one NAME:SIDE per player (e.g. swift:A,lucky:B; "
             "'-' for none). Names: %s." % ", ".join(GOLFERS)),
    option: List[str] = typer.Option(
        [], "--option", metavar="NAME=VALUE",
        help="A rule variation, as the table's setup asks it (18 Holes: bounds=strict or "
             "bounds=through, the rulebook's hitting through out of bounds; Play Nine: "
             "holes=N, playoff=yes or no; Domino Golf: holes, mulligan, change_luck)."),
    expansion: str = typer.Option(
        "", "--expansion", metavar="MODULE,...",
        help="Expansion modules to play (18 Holes only), any of: %s. A course with "
             "coastline terrain always plays coast." % ", ".join(EXPANSIONS)),
):
    """Play a whole game with bots: the course, every hole's result and the final scorecard."""
    for name, module in DEMOS:
        if name == game_name:
            return _demo_of(import_module(module), players, seed, save_log, bot_kind,
                            options.game_options(game_name, option))
    if game_name != "18-holes":
        _fail("--game %s: unknown game (use one of: %s)" % (game_name, ", ".join(games.names())))
    if mode is None:
        mode = games.default_mode(game_name)
    players = _check_options(mode, players, seed, bot_kind)
    # (the table's choice of golfer cards: --golfers here)
    # (--expansion sets the modules)
    chosen = options.game_options(game_name, option, ("golfers", "expansions")
                                  if golfer_cards is None
                                  else ("hands", "golfers", "expansions"))
    crs = _open(course, course_mod.BOARD_WIDTH, course_mod.BOARD_HEIGHT)
    clubs, shots = _load_cards()
    try:
        modules = engine.Setup(players, mode, seed,
                               expansions=_expansion_names(expansion)).expansions
    except ValueError as exc:
        _fail("--expansion %s: %s" % (expansion, exc))
    if golfer_cards is None:
        setup = engine.Setup(players, mode, seed=seed, expansions=modules, **chosen)
    else:
        try:
            setup = engine.Setup(players, mode, seed, engine.DRAFT,
                                 _golfer_choices(golfer_cards, players, seed, modules),
                                 expansions=modules, **chosen)
        except ValueError as exc:
            _fail("--golfers %s: %s" % (golfer_cards, exc))
    try:
        game = engine.Game(crs, clubs, shots, setup, **options.module_data(modules))
    except ValueError as exc:
        _fail("--expansion %s: %s" % (expansion, exc))
    seats = [BOTS[bot_kind](seed * 8 + seat + 1) for seat in range(players)]
    out = _console()
    out.print(Text("Teebox demo: ", style="bold") + _describe(game))
    out.print("%s bots, %s" % (bot_kind.capitalize(), _hands(game)))
    if _modules(game):
        out.print(_modules(game))
    if setup.golfers is not None:
        out.print("Golfers: " + ", ".join([
            "%s %s" % (engine.player_name(i), "none" if g is None else "%s (%s-side)" % g)
            for i, g in enumerate(setup.golfers)]))
    out.print()
    out.print(render.course_view(crs, scorecard.golfer_overlays(
        _tees(game), [game.mode.partner(game, p) for p in game.players])))

    def show(tally, result):
        out.print()
        out.print(scorecard.result_view(tally, result))
        out.print(scorecard.position_map(tally, result.positions,
                                         getattr(result, "partners", ())))

    try:
        tally = scorecard.play_bots(game, seats, show, stop_after or CHOICE_LIMIT)
    except RuntimeError:
        if stop_after is None:
            _fail("the %s bots did not finish the game within %d choices (random play seldom "
                  "reaches a green): try --bots sensible" % (bot_kind, CHOICE_LIMIT))
        # Stopped as asked: play_bots kept its tally, so tally the choices made again.
        tally = scorecard.tally_inputs(engine.Game(crs, clubs, shots, game.setup,
                                                   **options.module_data(modules)),
                                       game.inputs)[0]
    out.print()
    if not game.over:
        out.print(Text("Stopped after %s, as --stop-after asked: the game is not "
                       "over." % render.count(len(game.inputs), "choice"), style="bold"))
    out.print(scorecard.final_view(tally))
    if save_log is not None:
        data = gamelog.save(gamelog.of(game), game.over)
        try:
            save_log.write_bytes(data)
        except OSError as exc:
            _fail("--save-log %s: cannot write the game log: %s" % (save_log, exc.strerror or exc))
        inputs = render.count(len(game.inputs), "input")
        out.print("Game log saved to %s (%d bytes, %s%s): replay it with "
                  "'teebox replay %s'" % (save_log, len(data), inputs,
                                          "" if game.over else ", a game in progress",
                                          save_log), soft_wrap=True)


def _golfer_choices(text, players, seed, expansions=()):
    """The golfers of ``--golfers``: 'random' (seeded, from the base game's eight, and
    Peter and Wendy with their modules in ``expansions``) or NAME:SIDE per player."""
    if text == "random":
        from teebox.core.holes18 import golfers
        rng = Rng(seed ^ 0x601F)
        names = list(golfers.base_game(expansions))
        rng.shuffle(names)
        return [(names[i], "AB"[rng.below(2)]) for i in range(players)]
    out: List[Optional[Tuple[str, str]]] = []
    for part in text.split(","):
        part = part.strip()
        if part == "-":
            out.append(None)
            continue
        name, _, side = part.rpartition(":")
        out.append((name.lower(), side.upper()) if name else (part.lower(), "A"))
    return out


def _demo_of(demo_mod, players, seed, save_log, bot_kind, chosen):
    """``teebox demo --game NAME`` of a game with a demo module (``DEMOS``); ``chosen``:
    its options, from ``--option``."""
    try:
        players = demo_mod.players_for(players)
    except ValueError as exc:
        _fail(str(exc))
    _check_seed_and_bots(seed, bot_kind)
    out = _console()
    try:
        game = demo_mod.play(players, seed, bot_kind, out, CHOICE_LIMIT, chosen)
    except RuntimeError as exc:
        _fail(str(exc))
    out.print()
    out.print(demo_mod.final_view(game))
    if save_log is not None:
        data = demo_mod.encoded_log(game)
        try:
            save_log.write_bytes(data)
        except OSError as exc:
            _fail("--save-log %s: cannot write the game log: %s" % (save_log, exc.strerror or exc))
        out.print("Game log saved to %s (%d bytes, %d inputs)" % (save_log, len(data),
                                                                 len(game.inputs)))


def _input_offset(log, data, index):
    """Byte offset of input ``index`` in ``data``, the log's bytes as written (its
    version decides whether an input takes one byte or two)."""
    pos = len(gamelog.encode(gamelog.GameLog(log.setup, log.course_hash, log.cards_crc, [])))
    for _ in range(index):
        pos = inputlog.read(data, pos, log.setup.players)[1]
    return pos


def _unfinished(log_file, log, kind):
    """Why a log whose game is not over, and that was not saved so, is refused."""
    if kind == gamelog.SAVED_BARE:
        return ("%s: the log ends before the game is over (%d inputs), and this old-format "
                "log (version %d, from before saved logs carried their length and CRC) cannot "
                "tell a file cut short from a game saved early, so it is refused as cut short"
                % (log_file, len(log.inputs), gamelog.BARE_VERSION))
    return ("%s: corrupt game log: the file says it holds the whole game, but the game is "
            "not over after its %d inputs" % (log_file, len(log.inputs)))


def _waiting_for(game):
    """The decision ``game`` waits for, in words: the engine's name, or the words of a
    mode's, an expansion module's or a golfer's own decision ('"Roll which dice?" (player
    1)': a putt of Reading the Greens)."""
    d = game.pending()
    if d.kind < len(DECISION_NAMES):
        return DECISION_NAMES[d.kind]
    seat = d.players[0]
    code = game.choices(seat)[0][1]
    for x in (game.mode,) + tuple(game.added) + (game.players[seat].rules,):
        if code in x.extras:
            return '"%s" (%s)' % (x.decision_text(game, d.kind), engine.player_name(seat))
    return "decision %d" % d.kind


def replay(
    log_file: Path = typer.Argument(..., metavar="LOG",
                                    help="A saved game log (*.tbgl, any game's) or a game "
                                         "record from a board (*.tbgr)."),
    course: Optional[str] = typer.Option(
        None, "--course", metavar="NAME|FILE",
        help="The course the game was played on (default: found among the built-ins by hash)."),
):
    """Replay a saved game log or a board's game record and print its final scorecard.

    The game is played again, choice by choice, by its own game's rules."""
    try:
        data = log_file.read_bytes()
    except OSError as exc:
        _fail("cannot read %s: %s" % (log_file, exc.strerror or exc))
    if data[:len(gamelog.MAGIC)] != gamelog.MAGIC and replay_cmd.handles(data):
        # A game record (any game's) or another game's log: replayed by its own game.
        crs = _open(course, course_mod.BOARD_WIDTH, course_mod.BOARD_HEIGHT) if course else None
        return replay_cmd.replay_bytes(_console(), log_file, data, crs)
    try:
        log, kind, start = gamelog.load(data)
    except ValueError as exc:
        _fail("%s: corrupt game log: %s" % (log_file, exc))
    wanted = log.course_hash.hex()
    if course is None:
        crs = builtin_by_hash(log.course_hash)
        if crs is None:
            _fail("%s: the game was played on a course with hash %s, and no built-in course "
                  "has it: give that course with --course NAME|FILE" % (log_file, wanted))
    else:
        crs = _open(course, course_mod.BOARD_WIDTH, course_mod.BOARD_HEIGHT)
        if bytes(crs.hash) != log.course_hash:
            _fail("%s: the game was played on a course with hash %s, not on %s (hash %s): "
                  "give the course it was played on with --course" % (
                      log_file, wanted, crs.name, crs.hash_hex()))
    clubs, shots = _load_cards()
    crc = gamelog.cards_fingerprint(clubs, shots)
    if crc != log.cards_crc:
        _fail("%s: card data mismatch: the game was played with card data CRC %08x, the card "
              "files here (%s) have CRC %08x; replay it with the clubs.json and shots.json "
              "it was played with" % (log_file, log.cards_crc, shipped.data_path(""), crc))
    modules = options.module_data(log.setup.expansions)
    try:
        game = engine.Game(crs, clubs, shots, log.setup, **modules)
    except ValueError as exc:
        _fail("%s: corrupt game log: its setup cannot be played: %s" % (log_file, exc))
    try:
        tally, _results = scorecard.tally_inputs(game, log.inputs)
    except engine.IllegalMove as exc:
        seat, choice = log.inputs[exc.index]
        _fail("%s: corrupt game log: byte %d: input %d (player %d, %r) is illegal: %s"
              % (log_file, start + _input_offset(log, data[start:], exc.index), exc.index,
                 seat + 1, choice, exc))
    # The engine's own replay is the check the host relies on: it must agree.
    digest = gamelog.replay(log, crs, clubs, shots, modules.get("wind"),
                            modules.get("greens")).state_digest()
    if digest != game.state_digest():
        _fail("%s: two replays of this log disagree (%s, %s): the rules engine is not "
              "deterministic; please report it" % (log_file, digest, game.state_digest()))
    if not game.over and kind != gamelog.SAVED_MIDGAME:
        _fail(_unfinished(log_file, log, kind))
    out = _console()
    out.print(Text("Replay of %s" % log_file, style="bold"), soft_wrap=True)
    out.print(_describe(game))
    out.print("%s, course hash %s, %s" % (_hands(game), crs.hash_hex(),
                                          render.count(len(log.inputs), "input")))
    if _modules(game):
        out.print(_modules(game))
    out.print()
    if kind == gamelog.SAVED_BARE:
        out.print("An old-format log (no length or CRC): whole, as its game is over.")
    if not game.over:
        out.print(Text("Saved on purpose before the end of the game: %s, round %d, "
                       "waiting for %s." % (render.count(len(log.inputs), "input"), game.round,
                                            _waiting_for(game)),
                       style="bold"))
    out.print(scorecard.final_view(tally))
    out.print("State digest %s" % digest, soft_wrap=True)
