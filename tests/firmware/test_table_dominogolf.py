# Domino Golf on the table: chosen in setup with its variations, the hole drawn on the
# LEDs, the numbers on the OLED, the golf bag kept secret, learning the dominoes' tags,
# bots in empty seats, resumed after a power cut (tagged dominoes laid on the reader:
# test_table_dominogolf_reader.py). Runs under CPython and inside MicroPython.
import table_kit as K
from teebox.app import script
from teebox.app import setup_flow as sf
from teebox.app import table as T
from teebox.app.bindings import Bindings, demo_uid
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.app.presenters.dominogolf import presenter as P
from teebox.app.presenters.dominogolf import tags
from teebox.app.view import FLASH_BUNKER
from teebox.core import terrain
from teebox.core.contract import play_game
from teebox.core.dominogolf import bot as bots
from teebox.core.dominogolf import dominoes, rules
from teebox.core.scoring import to_par
from teebox.core.dominogolf.protocol import (
    GODS, IN_FAIRWAY, IN_ROUGH, IN_SAND, KEEP, KEEP_SHOT, LUCK, MULLIGAN, ON_TEE, PLAY, SAND, SHOT,
    TAKE, TAKE_ONE)
from teebox.hal.store import SimStore


def _seed_where(pred, players=2, holes=3, **options):
    # The first seed whose game, as dealt, has the property the test needs.
    for seed in range(500):
        g = rules.Game(rules.Setup(players, seed, holes, **options))
        if pred(g):
            return seed
    raise AssertionError("no seed below 500 deals that")


def _started(players=2, seed=7, holes=3, bot_seats=(), store=None, **options):
    # A table in a game of Domino Golf set up through its buttons (the autoplayer's).
    t = K.new_table(store=store)
    opts = {"holes": holes}
    opts.update(options)
    auto = script.Autoplayer(K.CLUBS, players=players, seed=seed, game="domino-golf",
                             options=opts, bot_seats=bot_seats)
    d = K.Direct(t)
    while t.game is None:
        for text in auto.next_lines(t):
            d.line(text)
    return t, d


def _play(t, d, choice):
    # The shooter's choice, made with the buttons: peek (a shot), the option, OK.
    auto = script.Autoplayer(K.CLUBS, game="domino-golf")
    K.lines(d, *auto._play_keys.lines(auto, t, t.d.player, choice))


def test_domino_golf_is_set_up_with_its_holes_mulligans_and_change_of_luck():
    t = K.new_table()
    d = K.Direct(t)
    K.lines(d, "seed 9", "press OK", "press E 2")
    assert "> Domino Golf" in K.screen(t) and "2-5 players" in K.screen(t)
    K.lines(d, "press OK")
    assert t.setup.step == sf.S_PLAYERS and "1 Players" in K.screen(t)
    K.lines(d, "press E", "press OK 2")  # three players, the seats
    assert "3 Holes" in K.screen(t) and "> 18" in K.screen(t)  # "After all 18 holes"
    K.lines(d, "press E")  # the lengths wrap: whole groups of holes, 3 the shortest
    assert "> 3" in K.screen(t)
    K.lines(d, "press OK")
    assert "One mulligan each" in K.words(t) and "> no" in K.screen(t)
    K.lines(d, "press E", "press OK")
    assert "Change of luck" in K.words(t) and "> no" in K.screen(t)
    K.lines(d, "press E", "press OK")
    assert "Tagged dominoes" in K.words(t) and "> no" in K.screen(t)  # the table deals
    K.lines(d, "press OK")
    s = K.words(t)
    assert "Start?" in s and "Domino Golf" in s and "Mulligan: yes" in s
    # (an option at its default is left out of the last check, to fit the display)
    assert "Change luck: yes" in s and "Real set" not in s
    K.lines(d, "press OK")
    assert t.phase == T.PH_PLAY and t.game_name == "domino-golf"
    g = t.game
    assert (g.setup.players, g.setup.seed, g.setup.holes) == (3, 9, 3)
    assert g.setup.mulligan and g.setup.change_luck
    # The table draws from its own seed: the same game as the rules deal it.
    assert g.state_digest() == rules.Game(rules.Setup(3, 9, 3, True, True)).state_digest()


def test_a_par_5_is_drawn_tee_lay_up_approach_and_green_with_the_markers_on_the_tee():
    # "If the hole is a Par 5 ... one domino from the tee, one from a lay-up domino, and
    # one from an approach domino"; "higher number at the top, farther from the tee".
    seed = _seed_where(lambda g: g.par == 5 and not [x for x in g.layout
                                                     if dominoes.is_double(x)])
    t, _d = _started(seed=seed)
    pr = t.presenter.map
    kinds = t.course.cells()
    rows = pr.rows
    assert len(rows) == 4 and rows[0] > rows[1] > rows[2] > rows[3]  # tee at the bottom
    cx = t.width // 2
    assert kinds[pr.cell(cx, rows[0])] == terrain.TEE
    for station in (1, 2):  # lay-up, approach: fairway above rough, sand below, a tree
        fairway, rough, sand, tree = pr.spots(station)
        assert (kinds[fairway], kinds[rough], kinds[sand], kinds[tree]) == (
            terrain.FAIRWAY, terrain.ROUGH, terrain.BUNKER, terrain.TREE)
    hole, low, _sand, _tree = pr.spots(3)
    assert kinds[hole] == kinds[low] == terrain.GREEN
    # "All players place their markers on or next to the tee to begin each hole."
    assert [t.view.golfer[s] for s in range(2)] == [pr.cell(cx, rows[0])] * 2
    assert t.view.active == t.d.player
    assert t.view.cursor == pr.spots(1)[0]  # the domino aimed at blinks


def test_a_water_double_is_drawn_blue():
    # "When a double is drawn for an approach or lay-up domino, it means there is a
    # water hazard at that location instead of a tree."
    seed = _seed_where(lambda g: len(g.layout) > 1 and dominoes.is_double(g.layout[0]))
    t, _d = _started(seed=seed)
    fairway, rough, _sand, _tree = t.presenter.map.spots(1)
    assert t.course.cells()[fairway] == t.course.cells()[rough] == terrain.WATER


def test_the_oled_shows_the_hole_the_domino_aimed_at_and_keeps_the_bag_secret():
    t, d = _started(seed=3)
    g = t.game
    seat = t.d.player
    s = K.screen(t)
    target = g.layout[0]
    assert "H1 par %d" % g.par in s and "tot E" in s
    assert "%s %s=%d" % (("lay-up", "approach", "green")[3 - len(g.layout)],
                         dominoes.name(target),
                         dominoes.pips(target)) in s
    assert "tee 0 so far" in s and "Others look away" in s
    for x in g.bags[seat]:  # nobody at the table reads the bag until its player peeks
        assert dominoes.name(x) not in s.split("\n", 3)[3]
    assert t.prompt.count == 0  # nor counts its options on the LEDs
    K.lines(d, "press E")  # the directions do nothing while it is hidden
    assert "Others look away" in K.screen(t)
    K.lines(d, "press OK")  # peek
    s = K.words(t)
    assert "Bag " + " ".join([dominoes.name(x) for x in sorted(g.bags[seat])]) in s
    first = t.opts[0]
    res = g.preview(first, seat)
    assert "> %s %s" % (dominoes.name(first[1]), P.RESULT_TEXT[res]) in s
    # Without reading the OLED, the cell where it would land blinks (the LED-only form).
    assert t.view.cursor == t.presenter.map.landing(0, res)
    K.lines(d, "press BACK")
    assert "Others look away" in K.screen(t) and len(g.inputs) == 0
    assert t.view.cursor == t.presenter.map.spots(1)[0]  # hidden: the domino aimed at


def test_each_marker_stands_where_its_ball_lies():
    # "Place your marker on or next to the approach domino's higher number" (fairway),
    # "lower number" (rough), "just below the approach domino" (sand).
    seed = _seed_where(lambda g: g.par >= 4)
    t, d = _started(seed=seed, players=3)
    g = t.game
    pr = t.presenter.map
    for _ in range(3):  # every player's tee shot
        seat = t.d.player
        _play(t, d, t.opts[-1] if t.d.kind != SHOT else t.opts[0])
        if t.d.kind == KEEP:
            K.lines(d, "press OK")
        lie = g.lie[seat]
        fairway, rough, sand, _tree = pr.spots(1)
        cell = {IN_FAIRWAY: fairway, IN_SAND: sand}.get(lie, rough)
        if lie == IN_ROUGH and dominoes.is_double(g.layout[0]):
            cell = pr.spots(1)[3]  # a water drop: beside the double
        assert t.view.golfer[seat] == cell, (lie, seat)
    assert [g.lie[s] for s in range(3)].count(ON_TEE) == 0


def test_a_shot_into_the_sand_sprays_sand_and_the_next_shot_is_the_gods_of_golf():
    # "If your second shot is made from the sand, you may not play a domino from your
    # hand. Instead, you must pick a random domino from the gods of golf."
    def sandy(g):
        if g.par < 4:
            return False
        from teebox.core.dominogolf import shots
        return [x for x in g.bags[g.turn] if shots.result(x, g.layout[0], False) == SAND]
    seed = _seed_where(sandy)
    t, d = _started(seed=seed)
    g = t.game
    seat = t.d.player
    from teebox.core.dominogolf import shots
    x = [x for x in g.bags[seat] if shots.result(x, g.layout[0], False) == SAND][0]
    _play(t, d, (PLAY, x))
    assert g.lie[seat] == IN_SAND and t.view.flash == FLASH_BUNKER
    assert t.view.golfer[seat] == t.presenter.map.spots(1)[2]
    assert "P%d %s sand" % (seat + 1, dominoes.name(x)) in K.words(t)
    while t.d.player != seat:  # the others' tee shots
        _play(t, d, t.opts[0])
    assert t.opts == [(GODS,)] and "Sand: gods of golf" in K.words(t)
    assert "Others look away" not in K.words(t)  # nothing secret: OK draws and plays
    K.lines(d, "press OK")
    assert g.inputs[-1] == (seat, (GODS,))


def test_a_mulligan_is_offered_after_a_shot_and_takes_it_back():
    # "Players may agree before the game to allow each other a 'mulligan.' This allows
    # each player to re-do a shot once per game."
    t, d = _started(seed=3, mulligan=True)
    g = t.game
    seat = t.d.player
    while t.d.kind != KEEP:
        _play(t, d, t.opts[0] if t.d.kind == SHOT else t.opts[0])
        seat = g.inputs[-1][0]
    assert t.opts == [(KEEP_SHOT,), (MULLIGAN,)] and "keep it?" in K.words(t)
    assert "> Keep the shot" in K.words(t)
    K.lines(d, "press E")
    assert "> Mulligan (1)" in K.words(t)
    K.lines(d, "press OK")
    assert g.inputs[-1] == (seat, (MULLIGAN,)) and g.mulligans[seat] == 0
    assert t.d.kind == SHOT and t.d.player == seat and "mulligan" in K.words(t)


def test_change_of_luck_points_at_a_player_whose_bag_turns_face_up():
    # "he shows the double to all players and removes it from play, and then points to
    # another player. This player must temporarily turn all the dominoes in his golf bag
    # face-up. Then the player who had the double takes one ... and must play it".
    seed = _seed_where(lambda g: [x for x in g.bags[g.turn] if dominoes.is_double(x)],
                       change_luck=True)
    t, d = _started(seed=seed, change_luck=True)
    g = t.game
    seat = t.d.player
    other = 1 - seat
    double = [x for x in g.bags[seat] if dominoes.is_double(x)][0]
    K.lines(d, "press OK")
    while t.selected() != (LUCK, double, other):
        K.lines(d, "press E")
    assert "> Luck %s at P%d" % (dominoes.name(double), other + 1) in K.words(t)
    K.lines(d, "press OK")
    assert t.d.kind == TAKE and t.d.player == seat
    s = K.words(t)
    assert "Take from P%d:" % (other + 1) in s
    assert " ".join([dominoes.name(x) for x in sorted(g.bags[other])]) in s  # face up
    took = t.selected()[1]
    K.lines(d, "press OK")
    assert g.inputs[-1] == (seat, (TAKE_ONE, took)) and took in g.played[seat]


def _table_bots(players):
    # The bots the table seats, as objects for play_game: the same choices.
    class TableBot:
        def choose(self, game, seat):
            return bots.SensibleBot(P.bot_seed(game, seat)).choose(game, seat)
    return [TableBot() for _ in range(players)]


def test_bots_fill_the_empty_seats_and_play_to_the_end_like_the_core():
    t, d = _started(players=3, bot_seats=(1, 2), seed=11)
    g = t.game
    person = _table_bots(3)[0]
    for _ in range(600):
        if t.phase == T.PH_OVER:
            break
        if t.d.player == 0:
            _play(t, d, person.choose(g, 0))
        else:
            assert "Others look away" in K.screen(t) or t.d.kind != SHOT or len(t.opts) == 1
            K.land(t, T.BOT_MS)
    assert t.phase == T.PH_OVER and "Game over" in K.screen(t)
    # The last hole stays on the LEDs, every ball in its hole.
    hole = t.presenter.map.spots(len(t.presenter.map.layout))[0]
    assert t.course.cells()[hole] == terrain.GREEN
    assert [t.view.golfer[s] for s in range(3)] == [hole] * 3
    core = rules.Game(rules.Setup(3, 11, 3))
    assert play_game(core, _table_bots(3)) == g.standings()
    assert core.state_digest() == g.state_digest()
    # "After all 18 holes have been played, the lowest score wins": strokes and par.
    place, seat, total, _tb = g.standings()[0]
    assert "%d. P%d %d %s" % (place, seat + 1, total, to_par(total - sum(g.pars[:3]))) \
        in K.screen(t)


def test_when_a_hole_is_over_the_next_one_opens_with_everyones_strokes_on_it():
    # "After all players have finished the hole, tally their scores on a scoresheet."
    t, d = _started(seed=3, players=3)
    g = t.game
    while g.hole == 1:
        _play(t, d, t.opts[0])
    line = "H1 p%d: %d %d %d" % (g.pars[0], g.scores[0][0], g.scores[1][0], g.scores[2][0])
    assert line in K.screen(t).split("\n")
    assert "H2 par %d" % g.par in K.screen(t)


def test_scores_against_par_read_as_golfers_say_them():
    assert (to_par(0), to_par(3), to_par(-2)) == ("E", "+3", "-2")


def test_the_game_resumes_mid_hole_after_a_power_cut():
    from teebox.app import gamejournal
    t, d = _started(seed=5)
    store = SimStore()
    gj = gamejournal.GameJournal(store)
    gj.start(t.game, seats=b"\x00\x01", bots=b"\x00\x00", game_name="domino-golf")
    t.inputs = gj.record
    for _ in range(3):
        _play(t, d, t.opts[0])
    gj.flush()
    digest = t.game.state_digest()
    back = gamejournal.resume(store, lambda h: None, K.CLUBS, K.SHOTS)
    assert back.game_name == "domino-golf" and back.game.state_digest() == digest
    t2 = K.new_table()
    t2.resume_game(back.game, back.seats, back.bots, back.game_name)
    assert t2.phase == T.PH_PLAY and t2.d.player == t.d.player
    assert t2.course.cells() == t.course.cells()
    assert [t2.view.golfer[s] for s in range(2)] == [t.view.golfer[s] for s in range(2)]
    assert "Others look away" in K.screen(t2)


def test_card_learning_goes_on_to_the_dominoes_and_saves_their_tags():
    t = K.new_table()
    d = K.Direct(t)
    K.lines(d, "press E", "press OK")
    assert "Hold OK: dominoes" in K.words(t)
    K.lines(d, "hold OK")
    s = K.words(t)
    assert "Dominoes 1/91" in s and "Domino 0/0" in s and "no card yet" in s
    K.lines(d, "press E 2")
    assert "Domino 0/2" in K.words(t) and t.prompt.count == 3  # the third domino
    K.lines(d, "scan 04000000000001")
    again = Bindings(t.bindings.store.reboot(), tags.pieces(), tags)
    assert again.piece_of(bytes.fromhex("04000000000001")) == dominoes.of(0, 2)
    assert "Learned" in K.words(t) and "Domino 0/3" in K.words(t)
    # A club's card laid for a domino asks first: one sticker means one piece.
    K.lines(d, "scan " + demo_uid(0, club_tags.DEMO_KIND).hex())
    s = K.words(t)
    assert "Card is the Lob Wedge (1) Make it Domino 0/3?" in s
    K.lines(d, "press OK")
    assert t.bindings.piece_of(demo_uid(0, club_tags.DEMO_KIND)) == -1
    assert Bindings(t.bindings.store.reboot(), K.CLUBS, club_tags).uid_of(0) is None
    K.lines(d, "hold OK")
    assert "Learn 1/39" in K.words(t) and "no card yet" in K.words(t)


def test_a_six_domino_bag_and_a_long_note_fit_the_oled():
    # "Draw six dominoes for the last five holes": the peek still shows the option.
    t, d = _started(seed=3)
    g = t.game
    seat = t.d.player
    g.bags[seat][:] = [dominoes.of(a, b) for a, b in ((10, 12), (11, 12), (9, 12), (10, 11),
                                                       (9, 11), (8, 12))]
    t.note = "P2 gods 10/12 sand +4 and much more to say about it"
    t.presenter.enter()
    K.lines(d, "press OK")  # peek
    lines = [ln for ln in t.display.lines if ln]
    assert len(t.presenter.show().split("\n")) <= 8
    assert [ln for ln in lines if ln.startswith("> ")]  # the option stays on screen
    assert "12/12" not in K.words(t) and "10/12" in K.words(t) and "8/12" in K.words(t)
    text, note = P.fit("a\nb\nc\nd\ne\nf\ng", "P2 gods 10/12 sand +4 and more")
    assert note == "P2 gods 10/12." and len(text.split("\n")) + 1 == 8
