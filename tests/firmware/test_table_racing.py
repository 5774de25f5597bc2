# Golf Racing at the table: the racers spread over the holes, so the display names each
# racer's hole (the green that counts for it) rather than one hole in play, and says who
# moves on. Runs under CPython and inside MicroPython.
import engine_kit as E
import table_kit as K
from teebox.app import script
from teebox.core import hexgrid
from teebox.core.holes18 import gamelog
from teebox.core.holes18.protocol import CHOOSE_ACTION, GAME_OVER, SELECT_CLUB

# Hole 1 along row 1 (tee (1,1), green (6,1)); hole 2 back along row 3 (tee (6,3),
# green (1,3)).
ROWS = ["rrrrrrrrrr", "rTffffGrrr", "rrrrrrrrrr", "rGffffTrrr", "rrrrrrrrrr"]
HOLES = [(4, (1, 1), (6, 1)), (4, (6, 3), (1, 3))]


def _race():
    t, d = K.game_table(E.make_course(ROWS, HOLES, "Race"), mode="racing")
    return t, d


def _cell(col, row):
    q, r = E.ax(col, row)
    return hexgrid.cell_index(q, r, 10)


def test_club_selection_lists_each_racer_with_the_hole_it_plays():
    """Rulebook (Golf Racing): "Everyone starts on the first tee box"; "players end up
    spread across multiple holes in the race for the 18th": the round, not one hole, heads
    the selection, and each racer waiting shows its hole."""
    t, d = _race()
    s = K.words(t)
    assert t.game.mode.title == "Golf Racing"
    assert "Round 1" in s and "Hole 1 round" not in s
    assert "Waiting: P1@1 P2@1" in s


def test_a_racer_reaching_its_green_moves_on_alone_and_the_table_says_so():
    """Rulebook: "A player may progress to the next tee box only after reaching the prior
    green." P1 steps onto green 1: at the end of the round the table notes that P1 alone
    goes to hole 2, shows its golfer on hole 2's tee and lists it there, P2 still on 1."""
    t, d = _race()
    E.place(t.game, 0, 5, 1)
    K.scan(t, "8-hybrid-5")  # P1, initiative 5
    K.scan(t, "9-iron-3")    # P2, initiative 3: plays first
    assert t.game.pending().kind == CHOOSE_ACTION and t.game.pending().player == 1
    assert "P2 yellow H1" in K.words(t)  # whose turn, and the hole whose green counts
    K.lines(d, "press W", "press OK")
    assert "P1 red H1" in K.words(t)
    K.lines(d, "press E")
    assert "=the green!" in K.words(t)  # P1's own green: it counts
    K.lines(d, "press OK")
    K.land(t)
    s = K.words(t)
    assert t.game.pending().kind == SELECT_CLUB
    assert "P1 to hole 2" in s and "Round 2" in s and "Waiting: P1@2 P2@1" in s
    assert t.view.golfer[0] == _cell(6, 3) and t.view.golfer[1] == _cell(0, 1)
    assert t.game.players[0].score == 1 and t.game.players[1].score == 0


def test_the_next_holes_green_is_no_green_for_a_racer_still_on_the_hole_before():
    """Rulebook: "Players must visit every green in order": the preview of a racer on
    hole 1 stepping onto green 2 shows rough, not "the green!"."""
    t, d = _race()
    E.place(t.game, 1, 2, 3)  # P2 beside green 2, still playing hole 1
    K.scan(t, "8-hybrid-5")
    K.scan(t, "9-iron-3")
    K.lines(d, "press W")
    s = K.words(t)
    assert "=the green!" not in s and "=green" in s


def test_a_golf_racing_game_with_a_bot_plays_to_the_end_at_the_table():
    """A person and a bot race round the starter course through the table's buttons and
    cards; the game log replays to the same finish."""
    t = K.new_table()
    got = K.record_inputs(t)
    K.autoplay(t, script.Autoplayer(K.CLUBS, "racing", "starter", 2, "first-game", 3, 0,
                                    False, (1,)), K.Direct(t).line)
    g = t.game
    assert g.pending().kind == GAME_OVER and g.mode.title == "Golf Racing"
    assert got == [g.inputs[i] for i in range(len(g.inputs))]
    assert max([p.score for p in g.players]) == g.course.hole_count
    assert "Game over" in K.words(t)
    again = gamelog.replay(gamelog.of(g), g.course, K.CLUBS, K.SHOTS)
    assert again.standings() == g.standings() and again.state_digest() == g.state_digest()
