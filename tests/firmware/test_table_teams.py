# Chaos Teams at the table: a flag lit on every green, each team's two golfers on the
# LEDs (the one its turn moves, and the other dimmer), the other golfer offered on the
# action menu, and the nomination after the draw asked as an option list with each
# golfer lit where it stands. Runs under CPython and inside MicroPython.
import engine_kit as E
import table_kit as K
from teebox.app import script
from teebox.core import hexgrid
from teebox.core.holes18 import gamelog
from teebox.core.holes18.modes.teams import GOLFER, NOMINATE
from teebox.core.holes18.protocol import CHOOSE_ACTION, EXTRA, GAME_OVER, HIT_DIRECTION

# Greens 1 (6,1), 2 (1,3) and 3 (8,3); tees (1,1), (6,3) and (8,1).
ROWS = ["rrrrrrrrrr", "rTffffGrTr", "rrrrrrrrrr", "rGffffTrGr", "rrrrrrrrrr"]
HOLES = [(4, (1, 1), (6, 1)), (4, (6, 3), (1, 3)), (4, (8, 1), (8, 3))]
GREENS = ((6, 1), (1, 3), (8, 3))


def _cell(col, row):
    q, r = E.ax(col, row)
    return hexgrid.cell_index(q, r, 10)


def _teams(tops=None):
    return K.game_table(E.make_course(ROWS, HOLES, "Teams"), mode="teams", tops=tops)


def _place(g, seat, golfer, col, row):
    """Test set-up only: stand golfer ``golfer`` (0 or 1) of team ``seat`` on a map cell."""
    q, r = E.ax(col, row)
    if g.mode.moving[seat] == golfer:
        g.players[seat].q, g.players[seat].r = q, r
    else:
        g.mode.other[seat] = [q, r]


def test_every_green_shows_its_flag_and_each_team_both_its_golfers():
    """Rulebook (Chaos Teams): "Place only one flag on each green." "Each team has two
    golfers": both stand on the first tee box, lit in the team's colour."""
    t, d = _teams()
    lit = [c for c in range(len(t.view.tokens)) if t.view.tokens[c]]
    assert sorted(lit) == sorted([_cell(c, r) for c, r in GREENS])
    tee = _cell(1, 1)
    assert list(t.view.golfer[:2]) == [tee, tee] and list(t.view.partner[:2]) == [tee, tee]
    assert t.game.mode.title == "Chaos Teams"


def test_the_other_golfer_is_on_the_action_menu_and_moves_on_the_leds():
    """Before a one-hex move (no card drawn) the team names its golfer: holding OK steps
    through the actions to "Use golfer 2", lit where it stands; OK makes it the golfer
    the turn moves, and the LEDs show the two golfers swapped (RULES-NOTES T3)."""
    t, d = _teams()
    g = t.game
    _place(g, 0, 1, 2, 3)
    K.scan(t, "8-hybrid-5")  # P1, initiative 5
    K.scan(t, "9-iron-3")    # P2, initiative 3: plays first
    K.lines(d, "press NE", "press OK")
    K.land(t)
    assert g.pending().kind == CHOOSE_ACTION and g.pending().player == 0
    assert t.sel == 0  # "Play club", the default
    K.lines(d, *(["hold OK"] * [o[0] for o in t.opts].index(EXTRA)))
    s = K.words(t)
    assert "> Use golfer 2" in s and t.view.cursor == _cell(2, 3)
    assert t.play_prompt.index == t.play_prompt.count - 1  # after the four action slots
    K.lines(d, "press OK")
    K.land(t)
    assert g.inputs[-1] == (0, (EXTRA, GOLFER + 1))
    assert (t.view.golfer[0], t.view.partner[0]) == (_cell(2, 3), _cell(1, 1))
    K.lines(d, "press W", "press OK")
    K.land(t)
    assert g.players[0].score == 1 and "P1 golfer 2 scores 1" in K.words(t)
    assert t.view.tokens[_cell(1, 3)] == 0 and t.view.golfer[0] == _cell(1, 3)


def test_after_the_draw_the_team_nominates_its_golfer_from_an_option_list():
    """Rulebook: "They nominate which golfer they are moving after they have drawn their
    shot card." The display asks "Which golfer hits?" and names each golfer with its
    distance to the nearest flag, lighting where it stands; E steps, OK nominates."""
    t, d = _teams({"2": [E.face("2", "SS")]})
    g = t.game
    _place(g, 0, 1, 4, 1)
    K.scan(t, "8-hybrid-5")
    K.scan(t, "9-iron-3")
    K.lines(d, "press NE", "press OK")
    K.land(t)
    K.lines(d, "press OK")  # P1 plays the 8 Hybrid: one card drawn
    K.land(t)
    assert g.pending().kind == NOMINATE
    s = K.words(t)
    assert "Which golfer hits?" in s and "> golfer 1, 2 to flag" in s
    assert t.view.cursor == _cell(1, 1)
    K.lines(d, "press E")
    assert "> golfer 2, 2 to flag" in K.words(t) and t.view.cursor == _cell(4, 1)
    K.lines(d, "press OK")
    assert g.pending().kind == HIT_DIRECTION and g.inputs[-1] == (0, (EXTRA, GOLFER + 1))
    K.lines(d, "press E", "press OK")
    K.land(t)
    assert g.players[0].score == 1 and t.view.tokens[_cell(6, 1)] == 0
    assert (t.view.golfer[0], t.view.partner[0]) == (_cell(6, 1), _cell(1, 1))


def test_a_chaos_teams_game_with_a_bot_plays_to_the_end_at_the_table():
    """A person and a bot play Chaos Teams round the starter course through the table's
    buttons and cards, nominating golfers; the log replays to the same finish."""
    t = K.new_table()
    got = K.record_inputs(t)
    K.autoplay(t, script.Autoplayer(K.CLUBS, "teams", "starter", 2, "first-game", 3, 0,
                                    False, (1,)), K.Direct(t).line)
    g = t.game
    assert g.pending().kind == GAME_OVER and g.mode.title == "Chaos Teams"
    assert got == [g.inputs[i] for i in range(len(g.inputs))]
    assert [i for i in got if i[0] == 0 and i[1][0] == EXTRA]  # the person nominated
    assert "Game over" in K.words(t)
    again = gamelog.replay(gamelog.of(g), g.course, K.CLUBS, K.SHOTS)
    assert again.standings() == g.standings() and again.state_digest() == g.state_digest()


def test_the_table_names_the_golfer_the_team_nominated_as_it_aims_and_lands():
    """Rulebook (Chaos Teams): "Each team has two golfers and five clubs. They nominate
    which golfer they are moving after they have drawn their shot card." The seat alone
    would not say which golfer flies: the aim prompt names the nominated one ("P1 red
    golfer 2") and the note where it lands ("P1 golfer 2 scores 1": its flag)."""
    t, d = _teams({"2": [E.face("2", "SS")]})
    g = t.game
    _place(g, 0, 1, 4, 1)
    K.scan(t, "8-hybrid-5")
    K.scan(t, "9-iron-3")
    K.lines(d, "press NE", "press OK")  # P2 (initiative 3) moves its golfer 1 NE
    K.land(t)
    K.lines(d, "press OK")  # P1 plays the 8 Hybrid: the card is drawn, P1 nominates
    K.land(t)
    K.lines(d, "press E", "press OK")  # golfer 2
    assert g.pending().kind == HIT_DIRECTION
    assert "P1 red golfer 2" in K.words(t)
    K.lines(d, "press E", "press OK")
    K.land(t)
    assert "P1 golfer 2 scores 1" in K.words(t)


def test_the_golfer_that_lands_on_a_tee_box_is_named_for_the_extra_turn():
    """Rulebook (Chaos Teams): "When a golfer lands on a tee box, that golfer must be the
    one that receives the additional turn." Golfer 2 hits onto hole 2's tee: the extra
    turn is offered to "P1 golfer 2", and its action menu is headed by that golfer and
    offers no switch to golfer 1."""
    t, d = _teams({"2": [E.face("2", "SS")]})
    g = t.game
    _place(g, 0, 1, 4, 3)  # two hexes west of hole 2's tee (6, 3)
    K.scan(t, "8-hybrid-5")
    K.scan(t, "9-iron-3")
    K.lines(d, "press NE", "press OK")
    K.land(t)
    K.lines(d, "press OK")
    K.land(t)
    K.lines(d, "press E", "press OK", "press E", "press OK")  # golfer 2, aimed east
    K.land(t)
    assert t.view.golfer[0] == _cell(6, 3)
    assert "Extra turn: P1 golfer 2" in K.words(t)
    K.scan(t, "6-iron-12", 0)  # P1's extra turn
    s = K.words(t)
    assert "P1 red golfer 2" in s and "Use golfer" not in s
