# Reading the Greens at the table: the setup offers it where the mode plays it, the action
# card is laid in secret with the buttons, the dice are picked and rolled with the buttons,
# and the green, the golfers on it and the dice show on the LEDs and the OLED; bots putt
# for empty seats. Runs under CPython and inside MicroPython.
import table_kit as K
from fwtest import raises
from teebox import palette, shipped
from teebox.app import script
from teebox.app import setup_flow as sf
from teebox.app.renderer import Renderer
from teebox.core.hexgrid import DIR_NAMES
from teebox.core.holes18 import bots, engine
from teebox.core.holes18.expansions import greens, putting_bot
from teebox.core.holes18.expansions.greens_data import DICE_PER_PLAYER, NO_TARGET
from teebox.core.holes18.expansions.greens_play import ACTION, PUTT_DICE, ROLL
from teebox.core.holes18.expansions.putting import CENTRE, OFF, PUTT, putt_code
from teebox.core.holes18.policy import LAID
from teebox.core.holes18.protocol import EXTRA, SELECT_CLUB

GREENS = {"expansions": ("greens",)}


def _to_expansion_step(d, mode_presses=0):
    # From the start menu to the setup's expansion step (as tests/firmware/
    # test_table_expansion.py counts it), ``mode_presses`` right at the mode step.
    K.lines(d, "seed 3", "press OK 2")
    if mode_presses:
        K.lines(d, "press E %d" % mode_presses)
    K.lines(d, "press OK 7")


def _lit(t):
    # A moment when blinking cells are lit (a die that threw flags blinks).
    now = t.clock.ticks_ms()
    return now - now % 500


def test_the_setup_offers_the_greens_only_where_the_mode_plays_them():
    """A mode the rules engine refuses the greens in (Chaos Golf: "The reading the greens
    expansion isn't compatible with the nature of chaos golf and the first player to
    reach the green scoring the points") offers only the wind at the expansion step, and
    choosing it drops the greens chosen before (test_table_expansion.py: Match Play offers
    none, greens, wind and both)."""
    t = K.new_table()
    d = K.Direct(t)
    _to_expansion_step(d, 3)
    s = t.setup
    assert s.mode == "chaos"
    seen = []
    for _ in range(2):
        K.lines(d, "press E")
        seen.append(s.option("expansions"))
    assert seen == [("wind",), ()]
    # Greens chosen in Match Play, then Chaos Golf chosen: no greens any more.
    t = K.new_table()
    d = K.Direct(t)
    _to_expansion_step(d)
    K.lines(d, "press E")
    assert t.setup.option("expansions") == ("greens",)
    while t.setup.step != sf.S_MODE:
        K.lines(d, "press BACK")
    K.lines(d, "press E 3")
    assert t.setup.option("expansions") == ()


def test_a_putt_at_the_table_from_the_action_card_to_the_hole_sunk():
    """A golfer on the green: "Players that are on the GREEN must select one of the two
    player actions cards. These are placed faced-down in front of the player as per club
    selection" (the display shows the cards to their player alone); its PUTT turn picks the dice to roll ("Every putt requires you
    to roll at least one of your dice") with the buttons; the roll, its total against
    the target, shows on the OLED and the dice lie around the green on the LEDs, each in
    its colour. The hole ends when the putt is sunk ("The player who SUNK THE PUTT takes
    the FLAG")."""
    t = K.new_table()
    d = K.Direct(t)
    _to_expansion_step(d)
    K.lines(d, "press E", "press OK", "press OK")
    g = t.game
    assert g.expansions == ("greens",)
    auto = script.Autoplayer(K.CLUBS, "match", "starter", 2, seed=3, options=GREENS)
    gt = t.presenter.greens
    x = gt.x

    def p1_on_green():
        return t.d.kind == SELECT_CLUB and 0 in t.d.waiting and x.green.side[0] != OFF

    K.play_until(t, d, auto, p1_on_green)
    v = t.view
    # The green card's sides around the green hex, each in the colour of its target
    # (none: dark), P1's golfer on the side it came from.
    side = x.green.side[0]
    assert v.green_len >= 6
    if side != CENTRE:
        assert v.golfer[0] == v.green[side]
    r = Renderer(K.table_profile(), t.course, v)
    K.land(t)  # (the green reached has flashed)
    r.compose(_lit(t))
    inks = [palette.rgb(palette.DICE, i) for i in range(4)]
    by_target = []
    for s in range(6):
        target = x.green.card.targets[s]
        if v.green[s] < 0 or v.green[s] in list(v.golfer):
            continue
        rgb = r.rgb_of_cell(v.green[s])
        if target == NO_TARGET:
            assert rgb == (0, 0, 0)
        else:
            by_target.append((target, inks.index(rgb)))  # a die's colour
    # "the darker the red the higher the numbers": a longer putt, a darker colour
    assert [c for _t, c in sorted(by_target)] == sorted([c for _t, c in by_target])
    assert "OK: action card" in K.words(t)
    club = t.clubs[g.players[0].hand[0]]
    K.refused(t, lambda: K.scan(t, club.id))  # its clubs stay in the bag on the green
    assert "you are on the green" in K.words(t)
    K.lines(d, "press OK")
    text = K.words(t)
    assert "P1 red: secret" in text and "Others look away" in text and "> PUTT" in text
    # The green card's targets, side by side, as the hex directions they face.
    turn = greens.card_turn(t.course, 1)
    for way in range(6):
        target = x.green.card.targets[(way - turn) % 6]
        assert "%s%s" % (DIR_NAMES[way], target or "-") in text.split(), (way, text)
    K.lines(d, "press OK")
    assert "P1 red chose" in K.words(t) and g.players[0].chosen == LAID
    assert "PUTT" not in K.words(t)  # the card laid stays secret
    K.play_until(t, d, auto, lambda: t.d.kind == PUTT_DICE and t.d.players[0] == 0
                and gt.picking())
    text = K.words(t)
    assert "Roll which dice?" in text and "WYYOORR" in text, text
    # Nothing picked: refused in the booklet's words; a die picked, BACK unpicks it.
    K.refused(t, lambda: K.lines(d, "hold OK"))
    assert "Every putt requires you to roll at least one of your dice" in K.words(t)
    K.lines(d, "press OK")
    assert "*" in K.words(t)
    K.lines(d, "press BACK")
    assert "*" not in K.words(t)
    roll, borrow = putting_bot.putt(x.green, 0)
    for i in roll:
        while gt.cur != i:
            K.lines(d, "press E")
        K.lines(d, "press OK")
    lines = list(t.display.lines)
    line = lines[lines.index("WYYOORR") + 1]  # each die's state under its colour
    assert [i for i in range(DICE_PER_PLAYER) if line[i] == "*"] == list(roll), line
    if borrow >= 0:
        while gt.cur != DICE_PER_PLAYER + gt.lenders.index(borrow):
            K.lines(d, "press E")
        K.lines(d, "press OK")
    before = len(g.inputs)
    K.lines(d, "hold OK")
    assert g.inputs[before:] == [(0, (EXTRA, ROLL + putt_code(roll, borrow)))]
    shown = K.words(t)
    assert "P1 rolled" in shown, shown
    # The dice as they lie: P1's rolled dice around the green, lit by their faces.
    values = x.green.values[0]
    lit = [v.green_level[6 + i] for i in range(DICE_PER_PLAYER)]
    for i in roll:
        if values[i]:
            assert lit[i] == min(255, 60 + 28 * values[i])
            if v.green[6 + i] >= 0 and v.green[6 + i] not in list(v.golfer) and x.green.pool[0] != i:
                K.land(t)
                r.compose(_lit(t))
                ink = palette.rgb(palette.DICE, x.data.set[i])
                want = tuple([(c * (lit[i] + 1)) >> 8 for c in ink])
                assert r.rgb_of_cell(v.green[6 + i]) == want
    seen = []
    K.play_until(t, d, auto, lambda: g.players[0].hole == 2, seen)
    assert [s for s in seen if "SUNK" in s], "no putt was sunk at the table"
    assert sum([row[2] for row in g.standings()]) == 1  # the flag of hole 1


def test_bots_putt_for_empty_seats_through_whole_games():
    """A bot at an empty seat lays its action card in secret and putts by itself; the
    people play the other seats through the buttons: Match Play with the greens ends, every
    seat having putted; so do Golf Racing with the wind too ("they leave their die on the
    green card until they reach the next green": several greens in play at once) and
    Stroke Play."""
    for mode, players, modules in (("match", 2, ("greens",)), ("racing", 3, ("greens", "wind")),
                                   ("stroke", 2, ("greens",))):
        t = K.new_table()
        d = K.Direct(t)
        auto = script.Autoplayer(K.CLUBS, mode, "starter", players, seed=5, bot_seats=(1,),
                                 options={"expansions": modules})
        seen = []

        def play(text):
            d.line(text)
            seen.append(K.words(t))

        K.autoplay(t, auto, play)
        g = t.game
        # "The other players putting from ANY side may choose to use ONE of these dice": a person
        # picking dice sees the others' pool dice with their faces.
        assert [w for w in seen if "Roll which dice?" in w and "Pool P" in w], mode
        assert g.over and g.expansions == modules and g.mode.name == mode
        for seat in range(players):
            assert [c for s, c in g.inputs if s == seat and c[0] == EXTRA and c[1] >= ROLL]
            assert [c for s, c in g.inputs if s == seat and c == (EXTRA, ACTION + PUTT)]


def test_a_game_resumed_on_the_green_shows_the_green_as_it_stood():
    """After a power cut the table rebuilds the game from its journal: the green card's
    sides light again, each golfer on the green stands on its side, and the golfer on the
    green is offered its action card."""
    crs = shipped.load_builtin("starter")
    game = engine.Game(crs, K.CLUBS, K.SHOTS, engine.Setup(2, "match", 4,
                                                           expansions=("greens",)),
                       greens=shipped.load_default_greens())
    bot = bots.SensibleBot(1)
    x = game.added[0]
    while not (game.pending().kind == SELECT_CLUB and x.green.side[0] not in (OFF, CENTRE)
               and 0 in game.pending().waiting):
        seat = game.pending().waiting[0]
        game.apply(bot.choose(game, seat), seat)
    t = K.new_table()
    t.resume_game(game, b"\x00\x01", b"\x00\x00", "18-holes")
    v = t.view
    assert v.green_len >= 6 and v.golfer[0] == v.green[x.green.side[0]]
    assert "OK: action card" in K.words(t)


def test_a_script_answers_the_expansion_step_past_the_values_a_mode_skips():
    """The autoplayer presses right until the table shows the modules asked for: in Chaos
    Golf the table skips the greens, so the wind is one press away, not two."""
    t = K.new_table()
    d = K.Direct(t)
    auto = script.Autoplayer(K.CLUBS, "chaos", "starter", 3, seed=2,
                             options={"expansions": ("wind",)})
    while t.game is None:
        for text in auto.next_lines(t):
            d.line(text)
    assert t.game.expansions == ("wind",) and t.game.mode.name == "chaos"
    exc = raises(ValueError, script.Autoplayer, K.CLUBS, "chaos", "starter", 3, options=GREENS)
    assert "not played in Chaos Golf" in str(exc)


def test_the_roll_for_a_hole_in_one_is_said_in_or_out_and_the_hole_in_one_stays_first():
    """Booklet, REACHING THE GREEN: "find the highest PUTT TARGET and add 1 to it. If the
    player can roll this target in one roll of the dice, the ball goes in." At the table a
    roll that misses says so ("P1 ace 35/36 out": beside the cup means nothing from the
    tee); one that goes in says "IN", and the hole-in-one, told at the round's end in
    Match Play, stays on the display before what else the round's end says (a hand reset,
    the next hole)."""
    import greens_kit as G
    from engine_kit import club, make_course, select
    from teebox.core.hexgrid import E
    from teebox.core.holes18.protocol import AIM, PLAY

    rows = ["rrrrrr", "rTffGr", "rrrrrr", "rTffGr", "rrrrrr"]
    crs = make_course(rows, [(3, (1, 1), (4, 1)), (3, (1, 3), (4, 3))])
    setup = engine.Setup(2, "match", 1, [[club("5 Wood")], [club("5 Wood", 1)]],
                         expansions=("greens",))
    dice = G.Dice(1)
    g = engine.Game(crs, K.CLUBS, K.SHOTS, setup, dice, greens=G.GREENS)
    g.added[0].green.card = G.card((20, 30, 25, None, 35, 28))
    select(g, {0: club("5 Wood"), 1: club("5 Wood", 1)})
    t = K.new_table(courses=K.Courses("test", crs))
    t.load_course("test")
    t.resume_game(g, b"\x00\x01", b"\x00\x00", "18-holes")
    every = putt_code((0, 1, 2, 3, 4, 5), -1)
    t.apply((PLAY,), 0)
    t.apply((AIM, E), 0)                     # three hexes: onto the green from the tee
    dice.load([(G.WHITE, 3), (G.Y1, 5), (G.Y2, 5), (G.O1, 7), (G.O2, 7), (G.R1, 8)])
    t.apply((EXTRA, ROLL + every), 0)        # 35 for 36
    assert "P1 ace 35/36 out" in K.screen(t) and "cup" not in K.screen(t)
    t.apply((PLAY,), 1)
    t.apply((AIM, E), 1)
    dice.load([(G.WHITE, 3), (G.Y1, 5), (G.Y2, 5), (G.O1, 7), (G.O2, 7), (G.R1, 9)])
    t.apply((EXTRA, ROLL + every), 1)        # 36: in, and the round (and hole) ends
    shown = K.screen(t)
    assert "P2 ace 36/36 IN" in shown and "P2 HOLE IN ONE" in shown, shown
    assert t.note.startswith("P2 ace 36/36 IN\nP2 HOLE IN ONE\n"), t.note  # then the rest
    assert g.players[1].hole_in_ones == 1 and g.players[0].hole_in_ones == 0


def mallet_putt():
    """A game (the greens kit's two holes) where P1, on the green, has putted 15 against a
    target of 20 and may use the Mallet Putter, and its scripted dice: ``(game, dice)``."""
    import engine_kit as E
    import greens_kit as G
    g, dice = G.game([[E.club("6 Iron"), G.MALLET], G.hands()[1]])
    G.to_green(g, (0,))
    G.act(g, 0, PUTT)
    g.apply((engine.SELECT, E.club("5 Iron")), 1)
    return g, dice


def test_the_mallet_putters_re_roll_is_shown_as_the_putt_again():
    """Mallet Putter: "If you have this club in your hand you may discard it to re-roll ONE
    die from your putt." "Using this club to re-roll one die isn't considered an additional
    stroke." The table's display says the putt re-rolled ("P1 mallet 18/20"), not a second
    putt (tests/test_greens_history.py: the scorecard counts one putt and its re-roll)."""
    import greens_kit as G
    from teebox.core.holes18.expansions.greens_play import MALLET, USE_MALLET

    g, dice = mallet_putt()
    t = K.new_table(courses=K.Courses("test", g.course))
    t.load_course("test")
    t.resume_game(g, bytes(range(2)), bytes(2), "18-holes")
    dice.load([(G.Y1, 2), (G.O1, 4), (G.R1, 9)])              # 15: short of 20
    t.apply((EXTRA, ROLL + putt_code([G.Y1, G.O1, G.R1], -1)), 0)
    assert "P1 rolled 15/20" in K.words(t) and t.d.kind == USE_MALLET
    dice.load([(G.O1, 7)])
    t.apply((EXTRA, MALLET + G.O1), 0)
    shown = K.words(t)
    assert "P1 mallet 18/20" in shown and "P1 rolled" not in shown, shown
