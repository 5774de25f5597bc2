"""Domino Golf on a board that lets go of a game's code between games (``Table.shed``, as
``main.py`` makes the board's table), measured inside MicroPython from the mpy-cross
build: none of its code stays at the start menu after it (its hole map included:
``core/dominogolf/board.py``, in its package), nor after card learning walked the dominoes, and a second game
of it after Play Nine plays as the first."""

from teebox_host import micropython as mp
from tests.test_table_heap import PROFILE

SCENARIO = """
import sys
from teebox import profile
from teebox.app import board, script, table
from teebox.app.view import View
hw = board.build(profile.load(%r), sim=True)
t = table.Table(hw.clock, View(384), hw.display, hw.store)
t.shed = True  # as main.py makes the board's table


def play(game, seed, moves):
    auto = script.Autoplayer(None, players=2, seed=seed, game=game, options={"holes": 3}
                             if game == "domino-golf" else {"holes": 1})
    n = 0
    while n < moves:
        lines = auto.next_lines(t)
        if not lines:
            break
        for ln in lines:
            n += 1
            table_line(ln, n)
        auto.check(t)
    assert t.game_name == game and len(t.game.inputs) > 0
    print("PLAYED", game, len(t.game.inputs), t.view.golfer[0])
    for ln in ("hold BACK", "press OK"):  # quit to the start menu
        table_line(ln, 0)
    assert t.phase == table.PH_SETUP


def table_line(text, n):
    from teebox.hal import buttons as B
    st = script.parse_line(text, n, None)
    op, arg, extra, _line = st
    if op == script.OP_PRESS:
        for _ in range(extra):
            t.handle_button(B.event(arg, B.PRESS))
            t.handle_button(B.event(arg, B.RELEASE))
    elif op == script.OP_HOLD:
        for kind in (B.PRESS, B.LONG, B.RELEASE):
            t.handle_button(B.event(arg, kind))
    elif op == script.OP_SEED:
        t.seed = arg
    else:
        t.clock.advance(arg)
        t.tick(t.clock.ticks_ms())


def dominoes_loaded():
    return sorted([n for n in sys.modules if "dominogolf" in n])


play("domino-golf", 3, 60)
print("MENU", len(dominoes_loaded()), " ".join(dominoes_loaded()))
play("play-nine", 4, 20)
play("domino-golf", 5, 60)
# Card learning walks the dominoes too (hold OK), and lets go of them when done.
for ln in ("press E", "press OK", "hold OK"):
    table_line(ln, 0)
assert t.phase == table.PH_LEARN and "Dominoes 1/91" in t.flow.prompt.text
table_line("press BACK", 0)
assert t.phase == table.PH_SETUP
print("LEARNED", len(dominoes_loaded()), " ".join(dominoes_loaded()))
print("DONE")
"""


def test_domino_golf_lets_go_of_all_its_code_and_plays_again_after_another_game(
        micropython, compiled_firmware):
    res = mp.run(code=SCENARIO % PROFILE, mounts=compiled_firmware)
    assert res.returncode == 0, res.stderr + res.stdout
    out = res.stdout.splitlines()
    menu = [ln for ln in out if ln.startswith("MENU")]
    assert menu == ["MENU 0 "], out  # nothing of Domino Golf at the start menu
    played = [ln.split() for ln in out if ln.startswith("PLAYED")]
    assert [p[1] for p in played] == ["domino-golf", "play-nine", "domino-golf"]
    assert int(played[2][3]) >= 0  # the second game's balls are drawn on its hole
    assert [ln for ln in out if ln.startswith("LEARNED")] == ["LEARNED 0 "], out
    assert "DONE" in out
