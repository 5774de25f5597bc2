# Skins at the table: each player puts a 5 on a green with the buttons (the green
# blinks while chosen), the greens show their tokens on the LEDs, the display says what
# the hole in play is worth, and a tied hole's jackpot shows on the next green.
# Runs under CPython and inside MicroPython.
import engine_kit as E
import table_kit as K
from teebox.app import script
from teebox.app.view import FLASH_REFUSED
from teebox.core import hexgrid
from teebox.core.holes18 import gamelog
from teebox.core.holes18.modes.skins import PLACE
from teebox.core.holes18.protocol import EXTRA, GAME_OVER, SELECT_CLUB

# Hole 1 along row 1 (tee (1,1), green (6,1)); hole 2 back along row 3 (tee (6,3),
# green (1,3)).
ROWS = ["rrrrrrrrrr", "rTffffGrrr", "rrrrrrrrrr", "rGffffTrrr", "rrrrrrrrrr"]
HOLES = [(4, (1, 1), (6, 1)), (4, (6, 3), (1, 3))]


def _skins():
    return K.game_table(E.make_course(ROWS, HOLES, "Skins"), mode="skins")


def _cell(col, row):
    q, r = E.ax(col, row)
    return hexgrid.cell_index(q, r, 10)


def test_each_player_puts_a_five_on_a_green_with_the_buttons_in_seat_order():
    """Rulebook (Skins, SETUP): "Place a 5 point token on the 18th green. Give each player
    a 5 point token and have them select a green to place it on." The table asks P1, then
    P2: right/left steps through the greens (the one chosen blinks, its points shown),
    OK puts the 5 there; the LEDs show every green's tokens."""
    t, d = _skins()
    g = t.game
    assert g.pending().kind == PLACE and g.pending().players == (0,)
    s = K.words(t)
    assert "P1 red Your 5 goes on > green 1: 0 pts" in s
    assert t.view.cursor == _cell(6, 1)           # green 1 blinks
    assert t.view.tokens[_cell(1, 3)] == 5        # the last green's 5
    K.lines(d, "press E")
    assert "> green 2: 5 pts" in K.words(t) and t.view.cursor == _cell(1, 3)
    K.lines(d, "press W", "press OK")             # P1: green 1
    assert g.inputs[0] == (0, (EXTRA, 1))
    assert "P2 yellow Your 5 goes on > green 1: 5 pts" in K.words(t)
    K.lines(d, "press E", "press OK")             # P2: green 2, beside the last green's 5
    assert g.mode.greens == [[], [5], [5, 5]]
    assert g.pending().kind == SELECT_CLUB
    assert (t.view.tokens[_cell(6, 1)], t.view.tokens[_cell(1, 3)]) == (5, 10)
    assert "Hole 1 round 1 Green: 5 pts" in K.words(t)


def test_the_clubs_are_laid_once_the_fives_are_placed():
    """Rulebook: "Do this before club selection": a club card laid while the 5s are being
    placed is refused; once they are, the cards dealt are their players' again."""
    t, d = _skins()
    K.scan(t, "8-hybrid-5")
    assert t.view.flash == FLASH_REFUSED and not t.game.inputs
    K.lines(d, "press OK", "press OK")
    K.scan(t, "8-hybrid-5")   # P1's
    assert "P1 red chose" in K.words(t)


def test_a_tied_hole_shows_its_jackpot_on_the_next_green():
    """Rulebook: "If multiple players reach the green on the same turn, move all scoring
    tokens to the next green. The value jackpots!" Both step onto green 1 in one round:
    its 5 joins green 2's tokens, lit there, and the display says what hole 2 is worth."""
    t, d = _skins()
    K.lines(d, "press OK", "press OK")   # both 5s on green 1
    g = t.game
    E.place(g, 0, 5, 1)
    E.place(g, 1, 5, 1)
    K.scan(t, "8-hybrid-5")  # P1, initiative 5
    K.scan(t, "9-iron-3")    # P2, initiative 3: plays first
    K.lines(d, "press E", "press OK")
    K.land(t)
    K.lines(d, "press E", "press OK")
    K.land(t)
    assert g.pending().kind == SELECT_CLUB and [p.score for p in g.players] == [0, 0]
    assert t.view.tokens[_cell(6, 1)] == 0 and t.view.tokens[_cell(1, 3)] == 15
    assert "Hole 2: 15 pts" in K.words(t) and "Green: 15 pts" in K.words(t)


def test_a_skins_game_with_a_bot_plays_to_the_end_at_the_table():
    """A person and a bot play Skins on the starter course through the table's buttons
    and cards, the 5s placed with the buttons; the game log replays to the same finish."""
    t = K.new_table()
    got = K.record_inputs(t)
    K.autoplay(t, script.Autoplayer(K.CLUBS, "skins", "starter", 2, "first-game", 3, 0,
                                    False, (1,)), K.Direct(t).line)
    g = t.game
    assert g.pending().kind == GAME_OVER and g.mode.title == "Skins"
    assert got == [g.inputs[i] for i in range(len(g.inputs))]
    assert got[0][1][0] == EXTRA and got[1][1][0] == EXTRA  # each player's 5
    assert "Game over" in K.words(t)
    again = gamelog.replay(gamelog.of(g), g.course, K.CLUBS, K.SHOTS)
    assert again.standings() == g.standings() and again.state_digest() == g.state_digest()
