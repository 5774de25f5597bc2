# Kelly Golf at the table: a flag lit on every green, and each player's target kept in
# secret: the table names only who decides until that player presses OK to peek (the
# others look away), then shows the two greens one at a time, each lit on the course.
# Runs under CPython and inside MicroPython.
import engine_kit as E
import table_kit as K
from teebox.app import script
from teebox.core import hexgrid
from teebox.core.holes18 import gamelog
from teebox.core.holes18.modes.kelly import KEEP, KEEP_TARGET
from teebox.core.holes18.protocol import EXTRA, GAME_OVER, SELECT_CLUB

# Greens 1 (6,1), 2 (1,3) and 3 (8,3); tees (1,1), (6,3) and (8,1).
ROWS = ["rrrrrrrrrr", "rTffffGrTr", "rrrrrrrrrr", "rGffffTrGr", "rrrrrrrrrr"]
HOLES = [(4, (1, 1), (6, 1)), (4, (6, 3), (1, 3)), (4, (8, 1), (8, 3))]
GREENS = ((6, 1), (1, 3), (8, 3))


def _cell(col, row):
    q, r = E.ax(col, row)
    return hexgrid.cell_index(q, r, 10)


def _kelly():
    return K.game_table(E.make_course(ROWS, HOLES, "Kelly"), mode="kelly")


def test_every_green_shows_its_flag_on_the_leds():
    """Rulebook (Kelly Golf, SETUP): "1. Place a flag on each green." Each green is lit
    like a token lying on it; nothing else is."""
    t, d = _kelly()
    lit = [c for c in range(len(t.view.tokens)) if t.view.tokens[c]]
    assert sorted(lit) == sorted([_cell(c, r) for c, r in GREENS])


def test_a_target_is_kept_in_secret_peeking_with_ok_and_hiding_with_back():
    """Rulebook: "Each player draws two 1-point tokens keeping one and returning the
    other. Players keep their target secret." Until P1 peeks the display names no green
    and the LEDs light none; OK shows P1's first token, its green lit, E the other one,
    BACK hides them, and OK on a token keeps it; P2's turn to draw is hidden again."""
    t, d = _kelly()
    g = t.game
    assert g.pending().kind == KEEP_TARGET
    s = K.words(t)
    assert "P1 red: secret" in s and "Others look away" in s and "OK: peek" in s
    assert "green" not in s and t.view.cursor == -1
    assert (t.play_prompt.code, t.play_prompt.seat, t.play_prompt.count) == (13, 0, 0)
    offer = g.mode.offer[0]
    K.lines(d, "press OK")
    s = K.words(t)
    assert "Keep which target?" in s and "> green %d" % offer[0] in s
    h = g.course.hole(offer[0])
    assert t.view.cursor == t.cell(h[3], h[4])
    K.lines(d, "press E")
    assert "> green %d" % offer[1] in K.words(t)
    assert (t.play_prompt.code, t.play_prompt.count, t.play_prompt.index) == (13, 2, 1)
    K.lines(d, "press BACK")
    assert "green" not in K.words(t) and t.view.cursor == -1
    K.lines(d, "press E")  # a direction does not peek
    assert "green" not in K.words(t)
    K.lines(d, "press OK", "press E", "press OK")
    assert g.mode.target[0] == offer[1] and g.inputs[-1] == (0, (EXTRA, KEEP + 1))
    s = K.words(t)
    assert "P2 yellow: secret" in s and "green" not in s and t.view.cursor == -1
    K.lines(d, "press OK", "press OK")
    assert g.pending().kind == SELECT_CLUB


def test_claiming_a_green_clears_its_flag_and_says_the_points():
    """Rulebook (SCORING A TARGET GREEN): "take the flag off the board ... Take a 2 point
    token ... Add the 1-point token": the green goes dark and the note says 3 points."""
    t, d = _kelly()
    K.lines(d, "press OK", "press OK", "press OK", "press OK")
    g = t.game
    target = g.mode.target[0]
    h = g.course.hole(target)
    p = g.players[0]
    # Test set-up only: P1 one step west of its target green.
    p.q, p.r = h[3] - 1, h[4]
    K.scan(t, "8-hybrid-5")  # P1, initiative 5
    K.scan(t, "9-iron-3")    # P2, initiative 3: plays first
    K.lines(d, "press NE", "press OK")
    K.land(t)
    K.lines(d, "press E", "press OK")
    K.land(t)
    assert p.score == 3 and "P1 scores 3" in K.words(t)
    assert t.view.tokens[t.cell(h[3], h[4])] == 0


def test_a_bots_target_is_kept_at_once_and_never_shown():
    """A bot keeps its target without showing it: the display never names its green."""
    t = K.new_table()
    auto = script.Autoplayer(K.CLUBS, "kelly", "starter", 2, "first-game", 5, 0, False, (1,))
    shown = []
    d = K.Direct(t)

    def line(text):
        d.line(text)
        if t.game is not None and t.game.pending().kind == KEEP_TARGET:
            shown.append(K.words(t))
    K.autoplay(t, auto, line)
    g = t.game
    assert g.pending().kind == GAME_OVER
    assert [i for i in g.inputs if i[0] == 1 and i[1][0] == EXTRA]  # the bot kept targets
    assert not [s for s in shown if "P2 yellow*" in s and "> green" in s]


def test_a_kelly_golf_game_with_a_bot_plays_to_the_end_at_the_table():
    """A person and a bot play Kelly Golf round the starter course through the table's
    buttons and cards, the person's targets kept by peeking; the log replays to the same
    finish."""
    t = K.new_table()
    got = K.record_inputs(t)
    K.autoplay(t, script.Autoplayer(K.CLUBS, "kelly", "starter", 2, "first-game", 3, 0,
                                    False, (1,)), K.Direct(t).line)
    g = t.game
    assert g.pending().kind == GAME_OVER and g.mode.title == "Kelly Golf"
    assert got == [g.inputs[i] for i in range(len(g.inputs))]
    assert [i for i in got if i[0] == 0 and i[1][0] == EXTRA]  # the person kept targets
    assert not any(g.mode.flag) and "Game over" in K.words(t)
    again = gamelog.replay(gamelog.of(g), g.course, K.CLUBS, K.SHOTS)
    assert again.standings() == g.standings() and again.state_digest() == g.state_digest()
