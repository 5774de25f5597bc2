# The table's setup offers the expansion's modules (the 18 Holes game's "expansions"
# option, asked after the out-of-bounds step). Runs under CPython and inside MicroPython.
import table_kit as K
from teebox.app import setup_flow as sf


def test_the_expansion_step_offers_the_modules_and_the_game_plays_them():
    """Booklet, A NOTE ON RULES: "This expansion includes two modules. You may play either
    of them or both in the same game." The table asks `8 Expansion` (`> none` first);
    right steps to greens, wind, both (in Match Play, which plays both modules; see
    test_table_greens.py for a mode that refuses the greens), and the game started names
    the module chosen."""
    t = K.new_table()
    d = K.Direct(t)
    K.lines(d, "seed 3", "press OK 9")  # start, mode, course, players, seats, hands, bounds,
    # golfer cards
    s = t.setup
    assert s.step == sf.S_OPTION + 3 and "8 Expansion" in K.screen(t)
    assert "> none" in K.screen(t)
    seen = []
    for _ in range(4):
        K.lines(d, "press E")
        seen.append(s.option("expansions"))
    assert seen == [("greens",), ("wind",), ("greens", "wind"), ()]
    K.lines(d, "press E 2", "press OK")
    assert "9 Start?" in K.screen(t) and "Expansions: wind" in K.words(t)
    K.lines(d, "press OK")
    assert t.game.setup.expansions == ("wind",) == t.game.expansions

