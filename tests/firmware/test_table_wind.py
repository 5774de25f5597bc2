# Taming the Wind on the table: the wind's direction on the LEDs (an arrow) and on the
# OLED, and the wind's decision as an option list lighting the flight each choice leaves.
# Runs under CPython and inside MicroPython.
import table_kit as K
from engine_kit import club, make_course
from fwtest import raises
from teebox import palette, shipped
from teebox.app.renderer import Renderer
from teebox.core import hexgrid
from teebox.core.hexgrid import E, NE
from teebox.core.holes18 import engine
from teebox.core.holes18.expansions.wind import GUST, IGNORE, WIND
from teebox.core.holes18.protocol import AIM, CHOOSE_ACTION, PLAY, SELECT

WIND_CARDS = shipped.load_default_wind()
ROWS = ["rrrrrrrrrrrr", "rrrrrrrrrrrr", "rTffffffffGr", "rrrrrrrrrrrr", "rTffffffffGr",
        "rrrrrrrrrrrr"]


def _table(deck, golfers=None):
    """A table carrying on a wind game (as after a power cut) on a 12 x 6 course."""
    crs = make_course(ROWS, [(5, (1, 2), (10, 2)), (5, (1, 4), (10, 4))], wind=deck)
    setup = engine.Setup(2, "match", 4, [[club("5 Wood")], [club("5 Wood", 1)]], golfers,
                         expansions=("wind",))
    game = engine.Game(crs, K.CLUBS, K.SHOTS, setup, wind=WIND_CARDS)
    t = K.new_table()
    t.resume_game(game, b"\x00\x01", b"\x00\x00", "18-holes")
    return t


def test_the_wind_tile_is_an_arrow_on_the_leds_and_words_on_the_display():
    """ "Orient the WIND TILE so that all players can see which direction the wind is
    blowing." A windy hole: a 3-hex arrow toward the wind across the middle of the course,
    its head brightest; a strong wind: 5 hexes; calm: none."""
    t = _table("TL0 TM0 TR1 BR0 BM0 BL0 S0 C0")
    v = t.view
    assert v.wind_len == 3
    cells = [hexgrid.to_offset(*hexgrid.cell_at(v.wind[i], 12)) for i in range(3)]
    q, r = hexgrid.from_offset(*cells[0])
    assert [hexgrid.to_offset(*h) for h in hexgrid.straight(q, r, NE, 2)] == cells[1:]
    assert "H1 R1 wind NE" in K.screen(t)
    r = Renderer(K.table_profile(), t.course, v)
    r.compose(0)
    assert r.rgb_of_cell(v.wind[2]) == palette.rgb(palette.WIND, 0)
    t = _table("TL0 TM0 TR0 BR0 BM0 BL0 S1 C0")
    assert t.view.wind_len == 5 and "gale" in K.screen(t)
    t = _table("TL0 TM0 TR0 BR0 BM0 BL0 S0 C1")
    assert t.view.wind_len == 0 and "H1 R1 calm" in K.screen(t)


def test_the_wind_decision_lights_the_flight_each_hex_would_leave():
    """ "You get to choose when to apply the wind": the table offers the hexes of the
    flight, the selected one blinking, and lights where the ball would end."""
    t = _table("TL0 TM0 TR1 BR0 BM0 BL0 S0 C0")
    g = t.game
    for seat in (0, 1):
        t.apply((SELECT, g.players[seat].hand[0]), seat)
    t.apply((PLAY,), t.acting())
    t.apply((AIM, E), t.acting())
    assert t.d.kind == WIND
    text = K.words(t)
    assert "blown from which hex?" in text and "from flight hex 1" in text, text
    assert t.view.cursor == t.cell(*hexgrid.from_offset(2, 2))
    land = g.added[0].choice_landing(g, GUST)[1]
    assert t.view.preview[t.view.preview_len - 1] == t.cell(land[0], land[1])


def test_wendy_a_may_ignore_a_windy_condition_at_the_table():
    """Wendy A: "Wendy may treat any WINDY condition as CALM on her turn. This means you can
    choose to apply the wind effect if it is to your advantage. You can also choose to
    ignore the wind effect if you want to." Her wind decision offers "ignore the wind"
    beside the flight's hexes; the other golfer's does not; taking it, the ball lands
    where it was hit."""
    def wind_decision(golfers):
        # P1 hits first here and decides the wind; the
        # options' words as right steps through them.
        t = _table("TL0 TM0 TR1 BR0 BM0 BL0 S0 C0", golfers)
        g = t.game
        for seat in (0, 1):
            t.apply((SELECT, g.players[seat].hand[0]), seat)
        t.apply((PLAY,), t.acting())
        t.apply((AIM, E), t.acting())
        assert t.d.kind == WIND and t.acting() == 0
        seen = []
        for _ in t.opts:
            seen.append(K.words(t).split("> ")[1].split(" </>")[0])
            K.lines(K.Direct(t), "press E")
        return t, seen

    t, seen = wind_decision([None, None])
    assert seen == ["from flight hex 1", "from flight hex 2", "from flight hex 3"]
    t, seen = wind_decision([("wendy", "A"), None])
    assert seen == ["from flight hex 1", "from flight hex 2", "from flight hex 3",
                    "ignore the wind"]
    g = t.game
    hit = g.added[0].choice_landing(g, IGNORE)[1]
    assert hit != g.added[0].choice_landing(g, GUST)[1]
    K.lines(K.Direct(t), "press W", "press OK")  # back from the first to the last: ignore
    assert g.players[0].position() == hit


def test_a_wind_game_cut_off_is_rebuilt_with_the_shipped_wind_deck():
    # At power-on the journal replays the game with the table's data: the wind deck is
    # read from the shipped files only because the game asks for it by name.
    from teebox.app import gamejournal
    from teebox.hal.store import SimStore
    crs = make_course(ROWS, [(5, (1, 2), (10, 2)), (5, (1, 4), (10, 4))])
    setup = engine.Setup(2, "match", 4, [[club("5 Wood")], [club("5 Wood", 1)]],
                         expansions=("wind",))
    game = engine.Game(crs, K.CLUBS, K.SHOTS, setup, wind=WIND_CARDS)
    store = SimStore()
    gj = gamejournal.GameJournal(store)
    gj.start(game, seats=b"\x00\x01", bots=b"\x00\x00", game_name="18-holes")
    gj.flush()
    data = K.new_table().replay_data(lambda h: crs)
    back = gamejournal.resume(store, data=data)
    assert back.game.setup.expansions == ("wind",)
    assert back.game.state_digest() == game.state_digest()
    raises(KeyError, data.__getitem__, "no-such-deck")  # nothing shipped by that name


# ------------------------------------------------------------------ Wendy B

WINDY_THEN_CALM = "TL0 TM0 TR1 BR0 BM0 BL0 S0 C1"  # hole 1 windy NE, hole 2 calm


def _wendy_b_chosen(seed):
    """A two-player Match Play table with the wind, walked through its setup with the
    buttons: P1 chooses Wendy's card, side B, P2 the first card offered; the game's
    journal on the table's store. ``(table, driver, script player, journal)``."""
    from teebox.app.gamejournal import GameJournal
    crs = make_course(ROWS, [(5, (1, 2), (10, 2)), (5, (1, 4), (10, 4))], wind=WINDY_THEN_CALM)
    t = K.new_table(courses=K.Courses("test", crs))
    gj = GameJournal(t.store)
    t.on_start = gj.start
    t.inputs = gj.record
    d = K.Direct(t)
    auto = K.autoplayer("match", "test", 2, seed=seed)
    auto.options["golfers"] = "chosen"
    auto.options["expansions"] = ("wind",)
    while t.flow is t.setup:
        for text in auto.next_lines(t):
            d.line(text)
    for _ in range(20):                       # P1: right through the cards to Wendy B
        if "> Wendy B" in K.words(t):
            break
        K.lines(d, "press E")
    K.lines(d, "press OK", "press OK")       # Wendy B; P2 the first card offered
    assert "P1 Wendy B" in K.words(t), K.words(t)
    K.lines(d, "press OK")                   # play
    return t, d, auto, gj


def test_wendy_b_chosen_at_the_table_plays_the_last_wind_on_a_calm_hole_after_a_power_cut():
    """Wendy B: "Wendy never plays CALM winds and uses the previous wind condition (either
    WINDY or STRONG WIND). Wendy does not get to optionally ignore the wind effect when
    using the B-SIDE." Chosen with the buttons in a wind game, on the calm hole 2 (after a
    windy hole 1, NE) the heading says "calm" while her turn says the wind she plays
    ("Wendy B wind NE"), her shot's wind decision names it and offers no "ignore the
    wind", and the LEDs light where each gust leaves the ball; P2 beside her plays the
    calm. The power fails at her decision: at power-on the game is back on hole 2 as far
    as the journal wrote it, her previous wind kept, and with the choices after that made
    again the table asks her the same decision in the same wind."""
    from teebox.app import gamejournal
    for seed in range(1, 40):
        t, d, auto, gj = _wendy_b_chosen(seed)
        if t.game.added[0].condition() == (1, NE):   # hole 1 windy NE (then calm)
            break
    g = t.game
    assert g.setup.golfers[0] == ("wendy", "B") and g.setup.expansions == ("wind",)
    seen = []

    def at(kind, seat):
        return lambda: (g.players[0].hole == 2 and t.d.kind == kind
                        and t.d.players[0] == seat)

    K.play_until(t, d, auto, lambda: g.players[0].hole == 2)
    head = K.screen(t).split("\n")[0]                  # "H2 R4 calm"
    assert g.added[0].condition()[0] == 0 and head.startswith("H2 ") and head.endswith(" calm")
    K.play_until(t, d, auto, at(CHOOSE_ACTION, 0))
    assert "Wendy B wind NE" in K.words(t), K.words(t)
    # (her shots on the hole until one whose wind leaves a choice of hexes)
    K.play_until(t, d, auto, lambda: (t.d.kind == WIND and t.acting() == 0)
                 or g.players[0].hole != 2)
    assert t.d.kind == WIND and t.acting() == 0, K.words(t)
    text = K.words(t)
    assert "Wind windy NE: blown from which hex?" in text, text
    options = []
    for _ in t.opts:
        options.append(K.words(t).split("> ")[1].split(" </>")[0])
        land = g.added[0].choice_landing(g, t.opts[t.sel][1])[1]
        assert t.view.preview[t.view.preview_len - 1] == t.cell(land[0], land[1])
        K.lines(d, "press E")
    assert "ignore the wind" not in options and len(options) > 1, options
    # The power fails; at power-on the journal replays the game with the table's data.
    back = gamejournal.resume(t.store, data=K.new_table().replay_data(lambda h: t.course))
    again = K.new_table(courses=K.Courses("test", t.course))
    again.load_course("test")
    again.resume_game(back.game, back.seats, back.bots, back.game_name)
    # (back at the last input written: the players make again what came after it)
    done = len(back.game.inputs)
    assert back.game.inputs == g.inputs[:done] and back.game.players[0].hole == 2, (done, len(g.inputs))
    for seat, choice in g.inputs[done:]:
        again.apply(choice, seat)
    assert back.game.state_digest() == g.state_digest() and back.game.added[0].last == (1, NE)
    assert again.d.kind == WIND and "Wind windy NE: blown from which hex?" in K.words(again)
    # P2, playing the calm hole beside her, is blown nowhere.
    K.play_until(t, d, auto, at(CHOOSE_ACTION, 1))
    assert "wind NE" not in K.words(t)
    K.play_until(t, d, auto, lambda: t.d.kind != CHOOSE_ACTION, seen)
    assert t.d.kind != WIND and not [s for s in seen if "blown" in s]
