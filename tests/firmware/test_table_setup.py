# Setting a game up at the table with the buttons: mode, course, players, seats, hands.
# Runs under CPython and inside MicroPython.
import table_kit as K
from fwtest import raises
from teebox.app import board
from teebox.app import setup_flow as sf
from teebox.app import table as T
from teebox.app.bindings import Bindings
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.app.loop import Loop
from teebox.app.view import FLASH_REFUSED
from teebox.core import games
from teebox.core.course import CourseError, Problem
from teebox.hal.display import NullDisplay


def _setup(t, *texts):
    d = K.Direct(t)
    K.lines(d, *texts)
    return t.setup


def test_the_start_menu_offers_a_new_game_and_card_learning():
    t = K.new_table()
    s = K.screen(t)
    assert "TEEBOX" in s and "> New game" in s
    assert "Cards 34/34" in s  # every base club card has a tag
    _setup(t, "press E")
    assert "> Learn cards" in K.screen(t)
    assert t.prompt.count == 4 and t.prompt.index == 1  # New game, Learn cards, New course, wiring


def test_the_start_menu_says_to_learn_cards_when_some_have_no_tag():
    t = K.new_table(learned=False)
    s = K.screen(t)
    assert "Cards 0/34" in s and "Learn cards 1st" in s


def test_pressing_ok_through_the_defaults_starts_a_first_game():
    t = K.new_table()
    _setup(t, "seed 3", "press OK 11")
    g = t.game
    assert t.phase == T.PH_PLAY
    assert g.setup.players == 2 and g.setup.mode == "match" and g.setup.seed == 3
    assert g.setup.golfers is None  # no golfer cards unless asked for
    assert g.setup.hands == "first-game" and g.setup.bounds == "strict"
    assert g.course.name == "Starter Course"  # the default course
    assert "Lay your club" in K.screen(t)


def test_the_out_of_bounds_step_lets_the_players_agree_to_hit_through():
    """Rulebook (OUT-OF-BOUNDS & CLUBHOUSE, VARIATION): "If the players all agree to use
    this variation then you may allow players to hit through out-of-bounds." After the
    hands the table asks `6 Out of bounds` (`> strict`: the rule as written); right
    chooses `> through`, and the game started plays it, in any mode."""
    t = K.new_table()
    s = _setup(t, "seed 3", "press OK 2", "press E", "press OK 5")  # Stroke Play, 2 players
    assert s.step == sf.S_OPTION + 1 and "6 Out of bounds" in K.screen(t)
    assert "> strict" in K.screen(t)
    _setup(t, "press E")
    assert "> through" in K.screen(t) and s.option("bounds") == "through"
    _setup(t, "press OK 3")  # (no golfer cards, no expansion module)
    assert "Stroke Play" in K.screen(t) and "Bounds: through" in K.screen(t)
    _setup(t, "press OK")
    g = t.game
    assert g.setup.mode == "stroke" and g.setup.bounds == "through"


def test_a_mode_for_a_set_number_of_players_says_that_number():
    """Rulebook, Chaos Teams: "A two-player variant of Chaos Golf. Each team has two
    golfers"; Solo Chaos Golf is for one player. The mode step says "2 players" and
    "1 player", never a range from a number to itself ("2-2 players")."""
    t = K.new_table()
    s = _setup(t, "press OK 2", "press E 7")  # E from match ... to Chaos Teams
    assert s.mode == "teams" and "> Chaos Teams 2 players" in K.words(t)
    assert "2-2" not in K.screen(t)
    _setup(t, "press OK 2")
    assert s.step == sf.S_PLAYERS and "> 2 players (Chaos Teams: 2 only)" in K.words(t)
    _setup(t, "press BACK 2", "press E")
    assert s.mode == "solo-chaos" and "> Solo Chaos Golf 1 player " in K.words(t)
    assert "1-1" not in K.screen(t)


def test_choosing_a_mode_keeps_the_players_in_its_range():
    t = K.new_table()
    s = _setup(t, "press OK 2", "press E 3")  # E from match: stroke, stableford, chaos
    assert s.mode == "chaos" and "Chaos Golf" in K.screen(t) and "3-5 players" in K.screen(t)
    assert s.players == 3  # chaos needs 3: the 2 of the default went up
    _setup(t, "press OK 2")
    assert s.step == sf.S_PLAYERS and "> 3 players" in K.screen(t)
    _setup(t, "press E 2")
    assert s.players == 5
    _setup(t, "press E")
    assert s.players == 3  # wraps inside the mode's range
    _setup(t, "press W")
    assert s.players == 5


def test_stroke_play_may_be_played_alone():
    t = K.new_table()
    s = _setup(t, "press OK 2", "press E", "press OK 2", "press W")
    assert s.mode == "stroke" and s.players == 1


def test_back_goes_back_one_step_and_keeps_the_answers():
    t = K.new_table()
    s = _setup(t, "press OK 2", "press E", "press OK", "press BACK")
    assert s.step == sf.S_MODE and s.mode == "stroke"
    _setup(t, "press BACK", "press BACK")
    assert s.step == sf.S_START  # BACK on the start menu stays there


def test_the_course_looked_at_is_shown_on_the_table_once_the_choice_rests():
    t = K.new_table()
    assert t.course.name == "Starter Course"
    s = _setup(t, "press OK 3", "press E")
    assert s.course == "championship" and "championship" in K.screen(t)
    # Scrolling on does not load every course on the way...
    assert t.course.name == "Starter Course"
    _setup(t, "wait 100")
    assert t.course.name == "Starter Course"
    # ...the one the players stop at is loaded and drawn.
    _setup(t, "wait 300")
    assert t.course.name == "Championship Course"
    _setup(t, "press E", "press OK")
    assert t.course.name == "Chaos Meadow"  # OK loads at once


def test_a_course_pushed_while_the_menu_is_up_is_offered_at_once():
    # A course flashed from the laptop (teebox course push) is on the menu without a
    # reboot; deleting the one being looked at falls back to the default course.
    from link_kit import MINI
    from teebox.app.courses_store import CourseStore
    from teebox.core import course
    from teebox.hal.store import SimStore
    store = SimStore()
    courses = CourseStore(store)
    t = K.new_table(store=store, courses=courses)
    s = _setup(t, "press OK 3")
    assert s.step == sf.S_COURSE and "mini" not in s.course_names
    courses.install("mini", course.compile_source(MINI))
    _setup(t, "wait 20")
    assert "mini" in s.course_names
    while s.course != "mini":
        _setup(t, "press E")
    _setup(t, "wait 400")
    assert "mini" in K.screen(t) and t.course.name == "Mini Links"
    courses.delete("mini")
    _setup(t, "wait 20", "wait 400")  # the next frame sees it; the fallback then settles
    assert "mini" not in s.course_names
    assert s.course == "starter" and t.course.name == "Starter Course"
    assert "starter" in K.screen(t)


def test_seats_show_each_players_colour_in_seating_order():
    t = K.new_table()
    _setup(t, "press OK 4", "press E", "press OK")  # 3 players, then the seats
    s = K.screen(t)
    assert "4 Seats" in s and "P1 red\nP2 yellow\nP3 white\nOK" in s
    assert t.prompt.seats == bytes((0, 1, 2))


def test_the_last_step_sums_the_game_up():
    t = K.new_table()
    _setup(t, "press OK 2", "press E 2", "press OK 2", "press E", "press OK 2", "press E",
           "press OK", "press E", "press OK", "press E", "press OK", "press OK")
    s = K.screen(t)
    assert "9 Start?" in s and "Stableford" in s and "3 players" in s and "Scan bags" in s
    assert "Bounds: through" in s and "Golfers: dealt" in s
    assert "Expansions" not in s  # left as it was: not repeated
    _setup(t, "press BACK 2", "press W", "press OK 2")
    assert "Golfers" not in K.screen(t)  # none: the summary says nothing of them


def test_the_tables_first_game_hands_are_the_rules_own():
    # 18 Holes' presenter asks the hands its own way (app/presenters: SETUP_OPTIONS): the
    # rules' first-game hands, or the players' own draft scanned in as bags.
    from teebox.app.presenters import holes18 as table_holes18
    from teebox.core.holes18 import engine
    hands = [o for o in table_holes18.SETUP_OPTIONS if o[0] == "hands"][0]
    assert hands[2] == (engine.FIRST_GAME, table_holes18.BAG) and hands[3] == engine.FIRST_GAME


def test_bag_hands_lead_to_bag_registration():
    t = K.new_table()
    _setup(t, "press OK 6", "press E", "press OK 5")
    assert t.phase == T.PH_REGISTER and t.game is None
    assert "P1 red:" in K.screen(t)


def test_every_setup_step_has_an_led_only_form():
    t = K.new_table(display=NullDisplay())
    assert t.led_prompts  # no display: the LED-only prompts are drawn
    p = t.prompt
    assert (p.code, p.count, p.index) == (0, 4, 0)  # start menu: option 1 of 4
    _setup(t, "press OK 2", "press E")
    ways = len(games.load("18-holes").MODES)
    assert (p.code, p.count, p.index) == (1, ways, 1)  # mode: stroke is option 2
    _setup(t, "press OK")
    p = t.prompt
    assert p.code == 2 and p.count == len(t.setup.course_names)
    assert p.index == list(t.setup.course_names).index("starter")
    _setup(t, "press OK")
    assert t.prompt.code == 3 and t.prompt.seats == bytes((0, 1))  # two seat colours
    _setup(t, "press OK")
    assert t.prompt.code == 4
    _setup(t, "press OK")
    # hands: the game's first option, as its presenter asks it (first game, scan bags)
    assert (t.prompt.code, t.prompt.count, t.prompt.index) == (sf.S_OPTION, 2, 0)
    _setup(t, "press OK")  # out of bounds: strict or hit through (the second option)
    assert (t.prompt.code, t.prompt.count, t.prompt.index) == (sf.S_OPTION + 1, 2, 0)
    _setup(t, "press OK")  # golfer cards: 18 Holes' third option (S_OPTION + 2)
    assert (t.prompt.code, t.prompt.count, t.prompt.index) == (sf.S_OPTION + 2, 3, 0)
    _setup(t, "press OK")  # the expansion's modules offered at the table: none, greens,
    # wind, both (Stroke Play plays the greens once the rules engine says it does)
    holes = games.load("18-holes")
    offered = [v for v in holes.OPTIONS[3][2] if not holes.refused("stroke", "expansions", v)]
    assert (t.prompt.code, t.prompt.count, t.prompt.index) == (sf.S_OPTION + 3, len(offered), 0)
    _setup(t, "press OK")
    assert t.prompt.code == 6


def test_with_a_display_the_led_prompts_stay_off_unless_asked_for():
    assert not K.new_table().led_prompts
    assert K.new_table(led_prompts=True).led_prompts


def test_a_card_scanned_during_setup_blinks_red_and_changes_nothing():
    t = K.new_table()
    _setup(t, "press OK 2")
    K.scan(t, "driver-34")
    assert t.view.flash == FLASH_REFUSED
    assert t.setup.step == sf.S_MODE and t.game is None


def test_the_start_menu_leads_to_card_learning():
    t = K.new_table()
    _setup(t, "press E", "press OK")
    assert t.phase == T.PH_LEARN
    assert "Learn 1/" in K.screen(t)


class _Shelf(K.Courses):
    # Courses where "big" cannot be used on this board.
    def load(self, name):
        if name == "big":
            raise CourseError([Problem(3, None, "size 30x20 does not fit the board")],
                              "big.course")
        return K.Courses.load(self, name)


def _shelf_table():
    return K.new_table(courses=_Shelf("big", K.pond(), "pond", K.pond()))


def test_a_course_that_cannot_be_used_is_refused_and_the_one_shown_stays():
    t = _shelf_table()
    assert t.course is not None and t.setup.course == "pond"  # "big" was skipped at boot
    _setup(t, "press OK 3", "press W", "wait 400")
    assert t.setup.course == "big" and t.view.flash == FLASH_REFUSED
    assert K.words(t).startswith("NO: course big cannot be used: big.course:3: size 30x20")
    assert t.course.name == "Pond"
    _setup(t, "press OK 7")  # players, seats, hands, out of bounds, golfer cards,
    # expansion, start?
    assert t.setup.step == sf.S_CONFIRM
    _setup(t, "press OK")
    assert t.game is None and t.setup.step == sf.S_CONFIRM  # no game on a course it lacks
    assert "cannot be used" in K.words(t)


def test_a_board_without_any_usable_course_says_so():
    class Broken(K.Courses):
        def load(self, name):
            raise CourseError([Problem(0, None, "damaged")], name)
    err = raises(ValueError, K.new_table, courses=Broken("big", None))
    assert str(err) == "no course on this board fits its 24 x 16 grid"


# ---------------------------------------------------------------- one reader per seat


def _reader_table(readers=4, display=True):
    """A table on the simulated parts of a profile with ``readers`` readers, one per seat,
    built as the board builds it (board -> loop -> table)."""
    hw = board.build(K.table_profile(readers, display), sim=True)
    Bindings(hw.store, K.CLUBS, club_tags).bind_demo_tags()
    loop = Loop(hw)
    return loop, loop.table


def _shown(t):
    # The display's lines, without the blank ones below the text.
    return K.screen(t).rstrip("\n").split("\n")


def test_with_a_reader_per_seat_the_players_choose_which_seats_they_take():
    _loop, t = _reader_table(4)
    s = _setup(t, "press OK 5")  # start, game, mode, course, 2 players: the seats
    assert _shown(t) == [
        "4 Seats 2/2", "E  1 P1 red", "NE 2 P2 yellow", "NW 3 -", "W  4 -", "OK: seated"]
    # The players sit at seats 1 and 4: NE leaves seat 2, W takes seat 4.
    _setup(t, "press NE")
    assert "4 Seats 1/2" in K.screen(t) and "NE 2 -" in K.screen(t)
    assert "Button: sit/go" in K.screen(t)
    _setup(t, "press OK")  # one seat short: refused, nothing moves on
    assert s.step == sf.S_SEATS and t.view.flash == FLASH_REFUSED
    _setup(t, "press W")
    assert _shown(t)[1:] == ["E  1 P1 red", "NE 2 -", "NW 3 -", "W  4 P2 yellow",
                                           "OK: seated"]
    _setup(t, "press OK")
    assert s.options()[s.step - sf.S_OPTION][0] == "hands"
    assert [s.player_at(seat) for seat in range(4)] == [0, -1, -1, 1]


def test_a_button_without_a_reader_and_too_many_players_are_refused():
    _loop, t = _reader_table(3)
    s = _setup(t, "press OK 4", "press E 2")  # match: 2 to 5 players, but 3 readers
    assert s.players == 2  # 2 -> 3 -> back to 2: no more players than readers
    _setup(t, "press E", "press OK")
    assert s.players == 3 and "4 Seats 3/3" in K.screen(t)
    _setup(t, "press SW")  # a fifth button: only three readers
    assert t.view.flash == FLASH_REFUSED and "4 Seats 3/3" in K.screen(t)


def test_a_card_counts_for_the_player_at_that_reader_and_a_free_reader_refuses():
    _loop, t = _reader_table(4)
    _setup(t, "seed 3", "press OK 5", "press NE", "press W", "press OK 6")  # seats 1 and 4
    g = t.game
    assert g is not None and len(g.players) == 2
    p2_club = K.CLUBS[g.players[1].hand[0]].id
    K.scan(t, p2_club, seat=3)  # P2 sits at seat 4 (profile seat 3)
    assert g.players[1].chosen == g.players[1].hand[0]
    K.scan(t, K.CLUBS[g.players[0].hand[0]].id, seat=1)  # seat 2: nobody sits there
    assert t.view.flash == FLASH_REFUSED and "nobody sits at that reader" in K.words(t)
    assert g.players[0].chosen < 0


def test_the_seat_choice_has_an_led_only_form():
    loop, t = _reader_table(4, display=False)
    assert t.led_prompts
    _setup(t, "press OK 5", "press NE", "press W")
    p = t.prompt
    assert p.code == sf.S_SEATS and p.seats == bytes((0, sf.FREE, sf.FREE, 1))
    # Drawn on the bottom edge: each taken seat in its player's colour, a free one dim.
    prof = loop.hw.profile
    frame = bytearray(3 * prof.width * prof.height)
    loop.prompts.draw(frame, p, 0)
    cells = [bytes(frame[3 * prof.led_index(c, prof.height - 1):][:3]) for c in range(4)]
    dim_prompt = sf.Prompt()
    dim_prompt.set("", 1, -1, 4, -1)  # a strip of four options, none lit: all dim
    dim = bytearray(len(frame))
    loop.prompts.draw(dim, dim_prompt, 0)
    assert cells[1] == cells[2] == bytes(dim[3 * prof.led_index(1, prof.height - 1):][:3])
    assert len(set([cells[0], cells[1], cells[3]])) == 3  # red, dim, yellow


def test_with_one_reader_the_seat_step_only_says_to_sit_in_turn():
    t = K.new_table()
    s = _setup(t, "press OK 5")
    assert s.step == sf.S_SEATS and "left in turn" in K.screen(t)
    _setup(t, "press NE")
    assert "P1 red\nP2 yellow\nOK" in K.screen(t)  # no seat to choose: nothing changed
    assert s.player_at(3) == 3  # no choice: the reader's seat is the player's


def test_the_answers_stand_when_the_table_lets_go_of_the_game_s_code():
    # The board's table lets go of a game's code between games (Table.shed): the setup
    # imports the game again when it is next asked, and the players' answers stand.
    flow = sf.SetupFlow(["starter"])
    flow.game_index = [g.name for g in games.GAMES].index("play-nine")
    default = flow.option("holes")
    flow.option_index[0] = 2
    flow.let_go()
    assert flow.option("holes") == 3 != default
