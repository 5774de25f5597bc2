# The golfer cards at the table: taken at the setup (chosen or dealt, A or B side), each
# seat's card and its power on the display and the LEDs, every golfer's own decision
# offered with the buttons, and Bunjil's look at a card kept for his player's eyes only.
# Runs under CPython and inside MicroPython.
import engine_kit as E
import table_kit as K
from fake_hardware import profile
from teebox.app import renderer as R
from teebox.app import setup_flow as sf
from teebox.app.presenters.holes18 import golfer_cards
from teebox.core.holes18 import cards, engine, golfers
from teebox.core.holes18.protocol import (
    CHOOSE_ACTION, CHOOSE_CARD, EXTRA, HIT_DIRECTION, SELECT, SELECT_CLUB)
from teebox.hal import buttons as B

ROWS = ["rrrrrrrrrrrr", "rrrrrrrrrrrr", "rTffffffffGr", "rrrrrrrrrrrr", "rTffffffffGr",
        "rrrrrrrrrrrr"]
HOLES = [(5, (1, 2), (10, 2)), (5, (1, 4), (10, 4))]
SSL = E.face("2", "SSL")
BOARD = profile()  # the default 24 x 16 table


def _frame(t, now=0):
    """The LED frame the table's view draws at ``now``."""
    return bytes(R.Renderer(BOARD, t.course, t.view).compose(now))


def _table(hands, choices, bots=(), tops=None, mode="match", at=None):
    """A table playing a game with these hands and golfers (``bots``: the seats bots
    play; ``at``: test set-up, the first golfer on this map cell), waiting for its first
    decision."""
    crs = E.make_course(ROWS, HOLES)
    t = K.new_table(courses=K.Courses("test", crs))
    t.load_course("test")
    setup = engine.Setup(len(hands), mode, 1, hands, choices)
    g = engine.Game(crs, K.CLUBS, K.SHOTS, setup, E.StackRng(1, tops or {}))
    if at is not None:
        E.place(g, 0, at[0], at[1])
    bot = bytes([1 if s in bots else 0 for s in range(len(hands))])
    t.resume_game(g, bytes(range(len(hands))), bot, "18-holes")
    return t, K.Direct(t)


def _scan(t, club):
    K.scan(t, K.CLUBS[club].id)


def _setup_to_golfers(t, d, how, players=2, bots=()):
    """Walk the setup with the buttons, golfer cards ``how`` ("dealt", "chosen"), up to
    the first player's golfer card."""
    auto = K.autoplayer("match", "test", players, seed=5)
    auto.options["golfers"] = how
    auto.bot_seats = list(bots)
    while t.phase == 0 or t.phase == 1:  # (the start menu and the setup)
        for text in auto.next_lines(t):
            d.line(text)
        if t.flow is not t.setup:
            return


def _golfer_flow(how, players=2, bots=()):
    t = K.new_table(courses=K.Courses("test", E.make_course(ROWS, HOLES)))
    d = K.Direct(t)
    _setup_to_golfers(t, d, how, players, bots)
    return t, d


# ------------------------------------------------------------------ setup

def test_each_player_picks_a_golfer_card_and_side_nobody_took_before():
    """Rulebook, SELECT GOLFER: "Each player selects a golfer card to play. You can let the
    players pick the one and side they want or deal one out at random." The box holds one
    card of each golfer: the next player cannot take a card the one before took."""
    t, d = _golfer_flow("chosen")
    s = K.words(t)
    assert "P1 red: pick a golfer > Bunjil A (1 of 16)" in s
    assert (t.prompt.code, t.prompt.seat, t.prompt.count, t.prompt.index) == (2, 0, 16, 0)
    K.lines(d, "press E", "press OK")        # Bunjil B
    assert "P2 yellow: pick a golfer > Dorian A (1 of 14)" in K.words(t)
    K.lines(d, "press W", "press OK")        # the last card: The Shark B
    assert "Golfer cards P1 Bunjil B P2 The Shark B OK: play" in K.words(t)
    K.lines(d, "press BACK")                 # P2 chooses again
    assert "> The Shark B" in K.words(t)
    K.lines(d, "press E", "press OK", "press OK")  # (round the list) Dorian A
    assert t.game.setup.golfers == (("bunjil", "B"), ("dorian", "A"))
    assert t.game.players[1].rules.title == "Dorian"


def test_dealt_cards_are_one_each_at_random_and_each_player_picks_its_side():
    """Rulebook: "deal one out at random", and "Each golfer card has an A-SIDE and a
    B-SIDE. ... You pick either A-SIDE or B-SIDE when playing." """
    t, d = _golfer_flow("dealt", players=3)
    flow = t.flow
    dealt = [flow.options()[0][0]]
    assert "dealt you" in K.words(t) and t.prompt.count == 2
    K.lines(d, "press E")                    # side B
    assert "%s B" % golfers.make(0, (dealt[0], "B")).title in K.words(t)
    K.lines(d, "press OK")
    dealt.append(flow.options()[0][0])
    K.lines(d, "press OK")
    dealt.append(flow.options()[0][0])
    K.lines(d, "press OK", "press OK")
    assert [g[0] for g in t.game.setup.golfers] == dealt and len(set(dealt)) == 3
    assert [g[1] for g in t.game.setup.golfers] == ["B", "A", "A"]


def test_after_a_draft_each_bag_holds_what_its_golfer_drafts():
    """Dorian B: "Dorian may only take three clubs during the draft." With bags scanned
    in after a physical draft, his player's bag is full at three."""
    t, d, _auto = K.golfers_to_choose(ROWS, HOLES, 5)
    K.lines(d, "press E 3", "press OK", "press OK")   # P1 Dorian B, P2 Bunjil A
    assert "P1 Dorian B P2 Bunjil A OK: bags" in K.words(t)
    K.lines(d, "press OK")
    assert "P1 red: Scan your bag 0/3 clubs" in K.words(t)
    for cid in ("driver-34", "6-iron-12", "4-iron-24"):
        K.scan(t, cid)
    assert "P2 yellow: Scan your bag 0/5 clubs" in K.words(t)
    for cid in ("3-hybrid-2", "5-hybrid-4", "sand-wedge-7", "7-iron-14", "5-wood-20"):
        K.scan(t, cid)
    K.lines(d, "press OK")
    assert t.game is not None, K.words(t)
    assert len(t.game.players[0].hand) == 3
    assert t.game.setup.golfers == (("dorian", "B"), ("bunjil", "A"))


def test_the_bags_after_a_draft_say_the_golfers_draft_passes():
    """The Shark B: "During the Club Draft Phase, a player who has The Shark must pass if
    the only available clubs are wedges." Slick Rikesh B: "only picks one card during the
    draft and may pick that club from any round of the draft." The draft is played with
    the cards, away from the table: while each bag is scanned the table says the pass
    that player's card allows (the engine's PASS in a draft it plays itself), and The
    Shark B's player, who passed when only wedges were left, ends his bag short with OK
    (RULES-NOTES G7: "if only wedges remain he plays with fewer clubs")."""
    t, d, _auto = K.golfers_to_choose(ROWS, HOLES, 5)
    K.lines(d, "press W", "press OK")        # P1 The Shark B (the last card)
    K.lines(d, "press E 9", "press OK")      # P2 Slick Rikesh B
    assert "P1 The Shark B P2 Slick Rikesh B OK: bags" in K.words(t)
    K.lines(d, "press OK")
    assert "P1 red: Scan your bag 0/5 clubs no wedges; pass if only wedges BACK" in K.words(t)
    K.lines(d, "press OK")                   # no club yet: nothing to end
    assert "0/5 clubs" in K.words(t)
    for cid in ("driver-34", "6-iron-12", "4-iron-24", "3-hybrid-2"):
        K.scan(t, cid)
    # Only wedges were left in the draft: he passed, and his bag ends at four.
    assert "P1 red: Scan your bag 4/5 clubs" in K.words(t) and "OK: pass" in K.words(t)
    K.lines(d, "press OK")
    assert "P2 yellow: Scan your bag 0/1 clubs 1 club: may pass in any round" in K.words(t)
    K.lines(d, "press BACK")                 # his bag open again
    assert "P1 red: Scan your bag 4/5 clubs" in K.words(t)
    K.lines(d, "press OK")
    K.scan(t, "7-iron-14")
    K.lines(d, "press OK")
    assert t.game is not None, K.words(t)
    assert [len(p.hand) for p in t.game.players] == [4, 1]


def test_the_golfer_deal_imports_no_golfer_card():
    """Game code is imported only when that game is played: the deal names the cards and
    sizes the bags from the golfers' facts, never from a golfer's module."""
    make = golfers.make

    def refuse(seat, choice):
        raise AssertionError("the deal made golfer %r" % (choice,))

    golfers.make = refuse
    try:
        t, d, _auto = K.golfers_to_choose(ROWS, HOLES, 5)
        K.lines(d, "press E 3", "press OK", "press OK")   # P1 Dorian B, P2 Bunjil A
        assert "P1 Dorian B P2 Bunjil A OK: bags" in K.words(t)
        K.lines(d, "press OK")
        assert "P1 red: Scan your bag 0/3 clubs takes 3 clubs" in K.words(t)
    finally:
        golfers.make = make


def test_a_bot_takes_the_a_side_of_a_card_nobody_took():
    t, d = _golfer_flow("chosen", players=2, bots=(1,))
    K.lines(d, "press OK")                   # P1: Bunjil A; P2 is a bot: no turn
    s = K.words(t)
    assert s.startswith("Golfer cards P1 Bunjil A P2 ") and s.split(" OK")[0].endswith("A*")
    K.lines(d, "press OK")
    golfer = t.game.setup.golfers[1]
    assert golfer[0] != "bunjil" and golfer[1] == "A"


def test_a_one_player_game_offers_no_slick_rikesh_b():
    """RULES-NOTES G6: Slick Rikesh B plays the clubs other players discard: not alone."""
    t = K.new_table(courses=K.Courses("test", E.make_course(ROWS, HOLES)))
    d = K.Direct(t)
    auto = K.autoplayer("stroke", "test", 1, seed=5)
    auto.options["golfers"] = "chosen"
    while t.flow is t.setup:
        for text in auto.next_lines(t):
            d.line(text)
    opts = t.flow.options()
    assert ("slick-rikesh", "A") in opts and ("slick-rikesh", "B") not in opts
    assert len(opts) == 15


def test_the_golfer_step_is_asked_only_in_a_mode_that_plays_golfer_cards():
    """Rulebook (Solo Chaos Golf): it skips the golfer cards; a mode says so itself."""
    t = K.new_table(courses=K.Courses("test", E.make_course(ROWS, HOLES)))
    steps = t.setup.steps()
    golfer_step = sf.S_OPTION + [o[0] for o in t.setup.module().OPTIONS].index("golfers")
    assert golfer_step in steps
    # Solo Chaos Golf: "Skip golfer cards" (its row in the modes' facts says so).
    t.setup.mode_index = [m[0] for m in t.setup.module().MODES].index("solo-chaos")
    t.setup._steps = None
    assert golfer_step not in t.setup.steps()
    assert "Golfers" not in " ".join(t.setup._answers())


# ------------------------------------------------------------------ display

def test_each_seat_shows_its_golfer_side_and_whether_its_power_is_used():
    """The card turned sideways in the box game: "Lucky may redraw a shot card ... While
    Lucky is oriented in landscape you cannot use this power." The display names the
    player's card on its turn and the seats whose power is ready; a used power dims its
    golfer on the LEDs until it is ready again."""
    tops = {"2": [E.face("2", "SL"), E.face("2", "SSS")]}
    t, d = _table([[E.club("8 Iron"), E.club("8 Iron", 1)], [E.club("5 Wood")]],
                  [("lucky", "A"), ("iron-jane", "B")], tops=tops)
    assert "Ready: P1" in K.words(t)
    _scan(t, E.club("8 Iron"))
    _scan(t, E.club("5 Wood"))
    assert t.game.pending().kind == CHOOSE_ACTION and t.game.pending().player == 0
    s = K.screen(t)
    assert "Lucky A ready" in s
    assert t.view.spent[0] == 0
    K.lines(d, "press OK")                    # play the 8 Iron: the card SL is drawn
    assert t.game.pending().kind == CHOOSE_CARD
    assert "> Redraw card 1" not in K.words(t)
    K.lines(d, "press E")
    assert "> Redraw card 1" in K.words(t)
    K.lines(d, "press OK")                    # Lucky's redraw: his power is used
    assert t.game.pending().kind == HIT_DIRECTION
    assert t.view.spent[0] == 1 and t.view.spent[1] == 0
    assert "P1 power used" in K.words(t)
    t.view.active = -1
    dim = _frame(t)
    t.view.spent[0] = 0
    assert sum(dim) < sum(_frame(t))          # his golfer is drawn dimmer


def test_iron_jane_has_no_power_to_turn():
    t, d = _table([[E.club("8 Iron")], [E.club("5 Wood")]], [None, ("iron-jane", "B")])
    assert "Ready" not in K.words(t)
    _scan(t, E.club("8 Iron"))
    _scan(t, E.club("5 Wood"))
    K.lines(d, "press E", "press OK")          # P1 moves
    assert "Iron Jane B\n" in K.screen(t) and "ready" not in K.screen(t)


# ------------------------------------------------------------------ decisions

def test_dorian_names_his_club_at_the_table_and_it_is_said_to_all():
    """Dorian A: "After the card draft, before the first hole, the player with Dorian tells
    the rest of the group which of their clubs never expire." """
    t, d = _table([[E.club("Driver"), E.club("6 Iron")], [E.club("5 Wood")]],
                  [("dorian", "A"), None])
    assert t.game.pending().kind == golfers.NAME_CLUB
    s = K.words(t)
    assert "P1 red Dorian: which club never expires? > 6 Iron" in s
    K.lines(d, "press E")
    assert "> Driver" in K.words(t)
    K.lines(d, "press OK")
    assert t.game.players[0].rules.named == E.club("Driver")
    assert t.game.pending().kind == SELECT_CLUB
    assert "P1: Driver never expires" in K.words(t)


def test_slick_rikesh_a_is_offered_the_revealed_clubs_at_the_table():
    """Slick Rikesh A: "After all players have revealed their club cards, Slick Rikesh may
    use another player's chosen club." """
    t, d = _table([[E.club("3 Wood")], [E.club("8 Hybrid")]], [("slick-rikesh", "A"), None])
    _scan(t, E.club("3 Wood"))
    _scan(t, E.club("8 Hybrid"))
    assert t.game.pending().kind == golfers.BORROW
    s = K.words(t)
    assert "Slick Rikesh: borrow a club?" in s and "> No: play mine" in s
    K.lines(d, "press E")
    assert "> P2's 8 Hybrid" in K.words(t)
    K.lines(d, "press OK")
    assert "P1 plays P2's 8 Hybrid" in K.words(t)
    assert t.view.spent[0] == 1


def test_slick_rikesh_b_takes_a_discarded_club_from_the_action_menu():
    """Slick Rikesh B: "Slick Rikesh will play their club as usual (to determine initiative)
    and may then select any discarded club of another player to use." """
    wedge = E.club("Lob Wedge")
    t, d = _table([[wedge], [E.club("8 Hybrid"), E.club("6 Iron")]],
                  [("slick-rikesh", "B"), None])
    _scan(t, wedge)
    _scan(t, E.club("8 Hybrid"))
    K.lines(d, "press E", "press OK", "press E", "press OK")  # both move one hex
    _scan(t, wedge)
    _scan(t, E.club("6 Iron"))
    assert t.game.pending().kind == CHOOSE_ACTION and t.game.pending().player == 0
    assert (EXTRA, golfers.CLUB + E.club("8 Hybrid")) in t.opts
    holds = t.opts.index((EXTRA, golfers.CLUB + E.club("8 Hybrid"))) - t.sel
    K.lines(d, *(["hold OK"] * holds))
    assert "> 8 Hybrid of P2" in K.words(t)
    assert (t.prompt.count, t.prompt.index) == (5, 4)  # after the four actions
    K.lines(d, "press OK")
    assert t.game.pending().club == E.club("8 Hybrid")


def test_lucky_b_chooses_the_club_to_discard_for_his_redraw():
    """Lucky B: "when using Lucky's ability, the player discards one of their other
    clubs." """
    tops = {"2": [E.face("2", "SL"), E.face("2", "SSS")]}
    t, d = _table([[E.club("8 Iron"), E.club("5 Iron")], [E.club("5 Wood")]],
                  [("lucky", "B"), None], tops=tops)
    _scan(t, E.club("8 Iron"))
    _scan(t, E.club("5 Wood"))
    K.lines(d, "press OK", "press E", "press OK")
    assert t.game.pending().kind == golfers.LUCKY_DISCARD
    s = K.words(t)
    assert "Lucky: discard a club to redraw" in s and "> 5 Iron" in s
    K.lines(d, "press OK")
    assert t.game.players[0].discards == [E.club("5 Iron")]


# ------------------------------------------------------------------ Bunjil's private look

def _bunjil(side, bots=(), hand=None, at=None):
    return _table([hand or [E.club("8 Iron"), E.club("5 Wood")],
                   [E.club("6 Iron"), E.club("3 Wood")]],
                  [("bunjil", side), None], bots=bots, tops={"2": [SSL]}, at=at)


def _look(t, d):
    # OK shows the first offer: Bunjil's look at deck 2 (his 8 Iron draws there).
    K.lines(d, "press OK")
    assert "P1 red Bunjil: Look: deck 2? </>: other OK: yes" in K.words(t)
    K.lines(d, "press OK")


def _public(t):
    """What everyone can see: the display text and the LEDs, view state and frame."""
    v = t.view
    return (K.screen(t), t.note, v.cursor, v.preview_len, v.flight_len, bytes(v.spent),
            list(v.golfer), _frame(t), t.prompt.code, t.prompt.count,
            t.prompt.index, t.prompt.seats)


def test_bunjils_look_shows_the_card_only_while_his_player_holds_ok():
    """Bunjil A: "Immediately before Bunjil selects their club to play, they may look at the
    top card of one deck once. ... The player must not show the card to other players."
    The table says which deck he looked at (a deck picked up is seen by all), never the
    card: not on the display, the LEDs or in a note, until his player holds OK (the
    others look away); letting go hides it again."""
    t, d = _bunjil("A")
    t.view.spent[0] = 1                        # (that he looked is no secret: dimmed)
    before = _public(t)
    t.view.spent[0] = 0
    _look(t, d)
    peeks = [o for o in t.game.inputs if o[1][0] == EXTRA]
    assert peeks == [(0, (EXTRA, golfers.DECK + cards.deck_index("2")))]
    after = _public(t)
    assert "P1 saw deck 2" in K.words(t) and "P1 hold OK: card" in K.words(t)
    assert "SSL" not in " ".join([str(x) for x in after])
    assert after[3:] == before[3:]             # the LEDs: not a cell changed
    t.handle_button(B.event(B.OK, B.PRESS))
    t.handle_button(B.event(B.OK, B.LONG))
    s = K.words(t)
    assert "P1 only: others look away deck 2 card: > SSL" in s
    assert _public(t)[3:] == before[3:]        # held: still nothing on the LEDs
    t.handle_button(B.event(B.OK, B.RELEASE))
    assert "SSL" not in K.screen(t) and _public(t) == after
    _scan(t, E.club("8 Iron"))                 # once his club is laid, no more looks
    K.lines(d, "hold OK")
    assert "SSL" not in K.screen(t)


def test_a_bots_look_is_never_shown():
    # (The bot looks for a shot that may reach the green: three hexes out.)
    t, d = _bunjil("A", bots=(0,), hand=[E.club("8 Iron")], at=(7, 2))
    K.land(t)
    K.land(t)
    assert t.game.players[0].rules.power_state(t.game, 0) == 0  # the bot looked
    K.lines(d, "hold OK")
    assert "SSL" not in K.screen(t) and "only" not in K.screen(t)


def test_bunjil_b_keeps_or_shows_the_card_in_secret_then_all_see_it_if_shown():
    """Bunjil B: "Bunjil has to decide to either keep the shot card and use it on their next
    shot or return the card to the top of the shot deck, face up for all players to
    see." The choice is asked in secret (the card is named in it); returned, it is said
    to all."""
    t, d = _bunjil("B")
    _look(t, d)
    assert t.game.pending().kind == golfers.PEEKED
    s = K.words(t)
    assert "P1 red: secret" in s and "Others look away" in s and "SSL" not in s
    K.lines(d, "press OK")                     # his player peeks
    s = K.words(t)
    assert "deck 2: SSL > Keep it" in s and "BACK: hide" in s
    K.lines(d, "press BACK")
    assert "SSL" not in K.words(t)
    K.lines(d, "press OK", "press E", "press OK")  # show it to all
    assert "P1 shows deck 2: SSL" in K.words(t)
    assert t.game.pending().kind == SELECT_CLUB
    K.lines(d, "hold OK")                      # public now: nothing private to hold
    assert "only" not in K.words(t)


def test_a_card_bunjil_b_shows_stays_on_the_display_until_it_is_drawn():
    """Bunjil B: "return the card to the top of the shot deck, face up for all players to
    see." In the box game it lies there in sight until someone draws it: while the clubs
    are chosen the display says it (``Up 2:SSL``), after the note that he showed it is
    gone, and no longer once it is drawn."""
    t, d = _bunjil("B")
    _look(t, d)
    K.lines(d, "press OK", "press E", "press OK")  # show it to all
    assert t.game.face_up("2") >= 0
    t.note = ""                                # (the note of the show has gone by)
    t.refresh()
    assert "Up 2:SSL" in K.words(t) and "on the reader" not in K.words(t)
    _scan(t, E.club("6 Iron"))                 # P2 lays a club: still in sight
    assert "Up 2:SSL" in K.words(t)
    _scan(t, E.club("8 Iron"))
    K.lines(d, "press OK")                     # he plays it: it draws from deck 2
    assert t.game.face_up("2") < 0
    auto = K.autoplayer("match", "test", 2, seed=5)
    K.play_until(t, d, auto, lambda: t.game.pending().kind == SELECT_CLUB)
    t.note = ""
    t.refresh()
    assert "Up " not in K.words(t) and "on the reader" in K.words(t)


def test_cards_face_up_on_several_decks_share_the_line_as_far_as_it_holds():
    # Bunjil looks once a hole, and a card shown on a deck nobody draws from stays: two
    # or more decks may show one. The display's line is 16 columns: as many as fit.
    t, d = _bunjil("B")
    for deck in ("2", "3", "4", "5"):
        t.game.decks.show(deck)
    line = golfer_cards.shown_line(t.game)
    parts = ["%s:%s" % (deck, cards.shot_text(t.game.shot_list[t.game.face_up(deck)]))
             for deck in ("2", "3", "4", "5")]
    assert line.startswith("Up " + parts[0] + " " + parts[1]) and len(line) <= 16
    fitted = "Up"
    for part in parts:
        if len(fitted) + 1 + len(part) > 16:
            break
        fitted += " " + part
    assert line == fitted
    t.refresh()
    assert line in K.screen(t)


def test_bunjil_b_keeps_the_card_and_may_look_at_it_again_while_choosing():
    t, d = _bunjil("B")
    _look(t, d)
    K.lines(d, "press OK", "press OK")         # peek, keep it
    assert t.game.pending().kind == SELECT_CLUB
    assert "SSL" not in K.words(t) and "P1 hold OK: card" in K.words(t)
    t.handle_button(B.event(B.OK, B.PRESS))
    t.handle_button(B.event(B.OK, B.LONG))
    assert "> SSL" in K.words(t)
    t.handle_button(B.event(B.OK, B.RELEASE))
    _scan(t, E.club("8 Iron"))
    _scan(t, E.club("3 Wood"))
    assert t.game.players[0].chosen == -1 or (SELECT, E.club("8 Iron")) in [
        i[1] for i in t.game.inputs]
