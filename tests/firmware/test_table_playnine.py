# Play Nine on the table: chosen in setup, dealt by the table, played with the buttons,
# read from the LEDs and the OLED, bots in empty seats, resumed after a power cut.
# Runs under CPython and inside MicroPython.
import table_kit as K
from teebox.app import setup_flow as sf
from teebox.app import table as T
from teebox.app.presenters import playnine as P
from teebox.core import terrain
from teebox.core.contract import play_game
from teebox.core.playnine import bot as bots
from teebox.core.playnine import rules
from teebox.core.playnine.protocol import (DISCARD, DRAW_CARD, FROM_DECK, PLACE_CARD, REPLACE,
                                           TEE_OFF)


def _play_nine(players=2, bot_seats=(), seed=7, holes=1):
    # Start menu -> Game: Play Nine -> players (bots) -> seats -> holes -> playoff -> start.
    t = K.new_table()
    d = K.Direct(t)
    K.lines(d, "seed %d" % seed, "press OK", "press E")
    assert "> Play Nine" in K.screen(t) and t.setup.step == sf.S_GAME
    K.lines(d, "press OK")
    assert t.setup.step == sf.S_PLAYERS and "1 Players" in K.screen(t)
    K.lines(d, *["press E"] * (players - 2))
    if bot_seats:
        K.lines(d, "hold OK", *["press " + ("E", "NE", "NW", "W", "SW")[s] for s in bot_seats])
    K.lines(d, "press OK 2")  # the seats
    assert t.setup.step == sf.S_OPTION and "> 9" in K.screen(t)  # "nine holes"
    K.lines(d, *["press W"] * (9 - holes))
    K.lines(d, "press OK 2")  # the playoff: yes
    assert "Start?" in K.screen(t) and "Play Nine" in K.screen(t)
    assert "Cards" not in K.screen(t)  # the table deals: no card of the box is laid
    K.lines(d, "press OK")
    return t, d


def test_play_nine_is_chosen_in_setup_and_the_table_deals_from_its_seed():
    t, _d = _play_nine(seed=7)
    assert t.phase == T.PH_PLAY and t.game_name == "play-nine"
    g = t.game
    assert isinstance(g, rules.Game) and g.setup.seed == 7 and g.setup.holes == 1
    # Same seed, same deal: the table's shuffle is the rules' own.
    assert g.state_digest() == rules.Game(rules.Setup(2, 7, 1)).state_digest()


def test_pressing_ok_straight_through_still_plays_18_holes():
    t = K.new_table()
    K.lines(K.Direct(t), "seed 3", "press OK 11")
    assert t.game_name == "18-holes" and t.game.setup.mode == "match"


def test_every_grid_is_drawn_face_down_dim_and_face_up_in_its_value_band():
    # "Each player is dealt eight cards face down ... arranged in two rows of four."
    t, d = _play_nine()
    g = t.game
    felt = t.course
    for seat in range(2):
        for slot in range(8):
            assert felt.cells()[t.presenter.slot_cell(seat, slot)] == P.FACE_DOWN
    # "each player tees off by turning over any two cards"
    assert t.d.kind == TEE_OFF
    K.lines(d, "press OK")
    felt = t.course
    slot = [s for s in range(8) if g.up[0][s]][0]
    assert felt.cells()[t.presenter.slot_cell(0, slot)] == P.band(g.grids[0][slot])
    assert felt.cells()[t.presenter._cell(t.presenter.discard_at)] == P.band(g.discard[-1])


def test_the_value_bands_tell_low_cards_from_high_ones():
    assert P.band(-5) == terrain.GREEN and P.band(0) == P.band(3) == terrain.FAIRWAY
    assert P.band(4) == terrain.GORSE and P.band(9) == terrain.BUNKER
    assert P.band(12) == terrain.CLUBHOUSE


def test_the_oled_shows_the_grid_the_discard_and_the_running_score():
    t, d = _play_nine()
    g = t.game
    K.lines(d, "press E", "press OK", "press SE", "press E", "press OK")  # top 2, bottom 2
    assert g.up[0][1] and g.up[0][5]
    # P2 tees off on the same buttons, then P1's turn: "draw from the deck or discard".
    K.lines(d, "press OK", "press E", "press OK")
    assert t.d.kind == DRAW_CARD and t.d.player == g.turn
    s = K.screen(t)
    seat = g.turn
    row = K.screen(t).split("\n")[1]
    assert "Disc %d" % g.discard[-1] in s and "deck %d" % len(g.deck) in s
    assert "Score %d" % g.shown_score(seat) in s
    shown = g.shown(seat)
    assert row.split()[:4] == [("?" if c is None else str(c)) +
                               ("=" if c is not None and shown[(i + 4) % 8] == c else "")
                               for i, c in enumerate(shown[:4])]


def test_buttons_choose_the_discard_then_the_slot_to_replace():
    # "draw one card from either the top of the draw pile or the discard pile ...
    # replace any one of the cards in your layout with the drawn card"
    t, d = _play_nine()
    g = t.game
    K.lines(d, "press OK", "press E", "press OK", "press OK", "press E", "press OK")
    seat = g.turn
    top = g.discard[-1]
    K.lines(d, "press E")  # the discard pile
    assert "Take discard" in K.screen(t)
    K.lines(d, "press OK")
    assert t.d.kind == PLACE_CARD and t.d.drawn == top
    assert ("Drew %d: replace" % top) in K.screen(t)
    K.lines(d, "press SE", "press E")  # bottom row, second card
    assert "> bottom 2" in K.screen(t)
    old = g.grids[seat][5]
    K.lines(d, "press OK")
    assert g.grids[seat][5] == top and g.up[seat][5] and g.discard[-1] == old


def test_a_card_from_the_deck_may_be_discarded_and_a_face_down_card_turned():
    # "or discard the drawn card and turn over one of your face down cards"
    t, d = _play_nine()
    g = t.game
    K.lines(d, "press OK", "press E", "press OK", "press OK", "press E", "press OK")
    seat = g.turn
    K.lines(d, "press OK")  # the deck
    assert t.d.kind == PLACE_CARD and t.d.source == FROM_DECK
    K.lines(d, "hold OK")
    assert "discard,\nturn over" in K.screen(t)
    down = g.face_down(seat)[0]
    while t.presenter.slot != down:
        K.lines(d, "press E" if down // 4 == t.presenter.slot // 4 else
                ("press SE" if down >= 4 else "press NE"))
    K.lines(d, "press OK")
    assert g.up[seat][down] and t.d.kind == DRAW_CARD


def test_a_refused_choice_says_why_and_changes_nothing():
    # A card taken from the discard pile "must replace one of your cards".
    t, d = _play_nine()
    g = t.game
    K.lines(d, "press OK", "press E", "press OK", "press OK", "press E", "press OK",
            "press E", "press OK", "hold OK")
    assert t.selected()[0] == REPLACE  # discarding it again is not on offer
    K.lines(d, "press BACK")
    before = g.state_digest()
    t.choice = (DISCARD, 0)
    K.refused(t, lambda: K.lines(d, "press OK"))
    assert g.state_digest() == before


def test_a_card_laid_on_the_reader_is_refused():
    t, _d = _play_nine()
    K.refused(t, lambda: K.scan(t, "driver-34"))
    assert "the table deals" in K.words(t)


def _table_bots(seed, players):
    # The bots the table seats, as objects for play_game: the same choices.
    class TableBot:
        def choose(self, game, seat):
            return bots.SensibleBot(P.bot_seed(game, seat)).choose(game, seat)
    return [TableBot() for _ in range(players)]


def test_bots_fill_the_empty_seats_and_play_to_the_end_like_the_core():
    t, d = _play_nine(players=3, bot_seats=(1, 2), seed=11)
    g = t.game
    person = _table_bots(11, 3)[0]
    for _ in range(400):
        if t.phase == T.PH_OVER:
            break
        if g.pending().waiting and 0 in g.pending().waiting and not t.is_bot(0):
            t.choice = person.choose(g, 0)
            t.sel = t.opts.index(t.choice) if t.choice in t.opts else -1
            K.lines(d, "press OK")
        else:
            K.land(t, T.BOT_MS)
    assert t.phase == T.PH_OVER and "Game over" in K.screen(t)
    core = rules.Game(rules.Setup(3, 11, 1))
    assert play_game(core, _table_bots(11, 3)) == g.standings()
    assert core.state_digest() == g.state_digest()


def test_after_a_game_of_play_nine_18_holes_is_played_on_its_course():
    # The felt Play Nine drew on the LEDs once stayed the table's course: the next game of
    # 18 Holes started on it and failed ("'Felt' object has no attribute 'hole'").
    t, d = _play_nine(players=2, bot_seats=(1,), seed=11)
    person = _table_bots(11, 2)[0]
    for _ in range(400):
        if t.phase == T.PH_OVER:
            break
        if 0 in t.game.pending().waiting:
            t.choice = person.choose(t.game, 0)
            t.sel = t.opts.index(t.choice) if t.choice in t.opts else -1
            K.lines(d, "press OK")
        else:
            K.land(t, T.BOT_MS)
    K.lines(d, "press OK")  # the final standings read: the start menu
    assert t.phase == T.PH_SETUP
    K.lines(d, "seed 3", "press OK")
    for _ in range(3):
        if "> 18 Holes" not in K.screen(t):
            K.lines(d, "press W")
    K.lines(d, "press OK 10")
    assert t.phase == T.PH_PLAY and t.game_name == "18-holes", K.screen(t)
    assert t.game.course.name == "Starter Course" and t.course is t.game.course
    assert "NO:" not in K.screen(t)


def test_the_game_resumes_mid_hole_after_a_power_cut():
    from teebox.app import gamejournal
    from teebox.hal.store import SimStore
    t, d = _play_nine(seed=5)
    store = SimStore()
    gj = gamejournal.GameJournal(store)
    gj.start(t.game, seats=b"\x00\x01", bots=b"\x00\x00", game_name="play-nine")
    t.inputs = gj.record
    K.lines(d, "press OK", "press E", "press OK", "press OK", "press E", "press OK",
            "press OK")  # the first draw
    gj.flush()
    digest = t.game.state_digest()
    back = gamejournal.resume(store, lambda h: None, K.CLUBS, K.SHOTS)
    assert back.game_name == "play-nine" and back.game.state_digest() == digest
    t2 = K.new_table()
    t2.resume_game(back.game, back.seats, back.bots, back.game_name)
    assert t2.phase == T.PH_PLAY and t2.d.kind == PLACE_CARD and "Drew" in K.screen(t2)
    assert t2.course.cells() == t.course.cells()
