"""Domino Golf in the simulator (`teebox sim --game domino-golf`): the face beside the board
shows the par of every hole over the players' strokes, the hole in play so far, whose shot
it is at which domino, and never a domino of a golf bag."""

import io

from rich.console import Console
from rich.text import Text

from teebox.app import script
from teebox.core.dominogolf import dominoes
from teebox.core.dominogolf.protocol import PLAY
from teebox_host import sim_tui, simfaces


def test_the_face_shows_par_per_hole_the_hole_in_play_and_whose_shot_but_no_bag():
    sim = sim_tui.LiveTable(seed=2)
    auto = script.Autoplayer(sim.clubs, players=3, seed=2, game="domino-golf",
                             options={"holes": 6})
    while sim.table.game is None or len(sim.table.game.scores[0]) < 2 \
            or sim.table.game.station[sim.table.game.turn] == 0:
        for text in auto.next_lines(sim.table):
            sim.do(text)
        auto.check(sim.table)
    g = sim.table.game
    sim.follow()
    face = sim.face
    assert isinstance(face, simfaces.face_class("domino-golf"))
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(face.scorecard())
    card = console.export_text()
    rows = card.split("\n")
    assert rows[0].split() == ["Hole", "1", "2", "%d" % g.hole, "now", "Total"]
    par = [ln for ln in rows if ln.strip().startswith("Par ")][0].split()
    assert par[1:] == [str(g.pars[0]), str(g.pars[1]), str(g.pars[0] + g.pars[1])]
    for seat in range(3):
        row = [ln for ln in rows if ln.strip().startswith("P%d " % (seat + 1))][0].split()
        assert row[2:] == [str(g.scores[seat][0]), str(g.scores[seat][1]), str(g.strokes[seat]),
                           str(g.totals[seat])]
    assert "strokes per hole; now: the hole in play so far" in card
    assert face.title() == " \u00b7 hole %d of 6, par %d" % (g.hole, g.par)
    status = Text()
    d = g.pending()
    face.status(status, d)
    target = dominoes.name(d.target)
    assert ("P%d " % (d.player + 1)) in status.plain and ("%s (%d pips)" % (
        target, dominoes.pips(d.target))) in status.plain
    for x in g.bags[d.player]:  # the bag is the shooter's secret, on the screen too
        assert dominoes.name(x) + " " not in status.plain.replace(target, "")


def test_a_game_of_domino_golf_is_played_through_the_keys_beside_a_bot():
    # `teebox sim --game domino-golf`: P1 plays every shot with the keys (peeking at the
    # golf bag), P2 is the table's bot; three holes, to the final scorecard with par.
    from test_sim_tui import SIZE, play_out, run, scorecard_text, widget_text
    sim = sim_tui.LiveTable(seed=1)
    auto = script.Autoplayer(sim.clubs, players=2, seed=1, bot_seed=3, bot_seats=(1,),
                             game="domino-golf", options={"holes": 3})
    seen = {"hidden": False}

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            def each():
                app.redraw()
                if "Others look away" in widget_text(app, "oled"):
                    seen["hidden"] = True  # a shot waits: the bag stays hidden
            await play_out(pilot, sim, auto, 3000, each)
            app.redraw()
            await pilot.pause()
            g = sim.table.game
            assert sim.table.game_name == "domino-golf" and g.over and g.setup.holes == 3
            card = scorecard_text(app)
            assert "Final scorecard: Domino Golf, 3 holes" in card
            par = [ln for ln in card.split("\n") if ln.strip().startswith("Par ")][0]
            assert par.split()[1:] == [str(p) for p in g.pars[:3]] + [str(sum(g.pars[:3]))]
            assert "Game over" in widget_text(app, "oled")
    run(go())
    assert seen["hidden"]


def test_the_simulators_dominoes_come_learned_and_a_script_lays_one_from_the_bag():
    # A simulated table's tagged dominoes have their simulator tags (bindings.demo_uid of
    # the domino's number): a script plays a domino of the bag by laying it on the reader.
    from teebox import profile as profile_mod
    from teebox.app.bindings import demo_uid
    from teebox.app.presenters.dominogolf import tags
    from teebox_host import sim_cmd
    sim = sim_cmd.SimTable(profile_mod.load_named())
    auto = script.Autoplayer(sim.table.clubs, players=2, seed=3, game="domino-golf",
                             options={"holes": 3})
    while sim.table.game is None:
        for text in auto.next_lines(sim.table):
            sim.do(text)
    g = sim.table.game
    seat = g.pending().player
    x = g.bags[seat][0]
    sim.do("scan " + demo_uid(x, tags.DEMO_KIND).hex())
    assert g.inputs == [(seat, (PLAY, x))] and x in g.played[seat]


def _real_sim(seed=4, holes=3, bot_seats=(1,), players=2, **options):
    # A simulated table set up (through its keys) for a real set of tagged dominoes.
    sim = sim_tui.LiveTable(seed=seed)
    options.update({"holes": holes, "real_set": True})
    auto = script.Autoplayer(sim.clubs, players=players, seed=seed, bot_seed=3,
                             bot_seats=bot_seats, game="domino-golf", options=options)
    while sim.table.game is None:
        for text in auto.next_lines(sim.table):
            sim.do(text)
    sim.follow()
    return sim, auto


def test_a_real_set_game_is_played_to_the_end_by_laying_dominoes_on_the_simulated_reader():
    # `teebox sim --demo --game domino-golf --option real_set=yes`: the players hold the
    # dominoes (the autoplayer's Box); every domino turned up and every one played from a
    # bag is a scan of its tag, the table's bot goes with the gods of golf and a person
    # turns its pick up for it; the table knows only what lies face up.
    from teebox.core.dominogolf.protocol import DRAWN, GODS, KEEP_SHOT, MULLIGAN
    # 18 holes for five: new bags for each group of holes, the gods of golf refilled.
    sim, auto = _real_sim(seed=2, holes=18, players=5, bot_seats=(1, 3), mulligan=True,
                          change_luck=True)
    g = sim.table.game
    scans = []
    refills = []

    def play(text):
        if text.startswith("scan "):
            scans.append(text)
        removed = len(g.removed)
        sim.do(text)
        if len(g.removed) < removed:
            refills.append(text)
        box = auto.pieces
        if box is not None:  # the set in hand: the bags the rules count, each domino once
            box.follow()
            held = [d for bag in box.bags for d in bag] + box.aside
            up = g.face_up()
            assert [len(b) for b in box.bags] == [len(b) for b in g.bags]
            assert len(held) == len(set(held)) and not [d for d in held if up[d]]
    script.autoplay(sim.table, auto, play)
    assert g.real and g.over and len(g.scores[0]) == 18 and refills
    mine = [c for s, c in g.inputs if s == 0]
    assert [c for c in mine if c[0] == PLAY]  # P1 played from the bag in hand
    for bot in (1, 3):
        assert [c for s, c in g.inputs if s == bot and c[0] not in (GODS, DRAWN, KEEP_SHOT,
                                                                     MULLIGAN)] == []
        assert [c for s, c in g.inputs if s == bot and c[0] == DRAWN]  # its picks, turned up
    laid = len([c for s, c in g.inputs if c[0] in (PLAY, DRAWN)])
    assert len(scans) == laid  # every one of them through the reader
    assert "Game over" in "\n".join(sim.screen())


def test_the_card_key_offers_the_domino_to_turn_up_then_the_bag_in_hand():
    # `teebox sim --game domino-golf` with "Tagged dominoes": c lays a domino, the
    # picker offers the one a draw turned up, then the golf bag of the player to shoot.
    from test_sim_tui import SIZE, run, widget_text
    from teebox.app.presenters.dominogolf import tags
    from teebox.core.dominogolf.protocol import DRAW, DRAWN, SHOT
    sim, _auto = _real_sim(bot_seats=())
    g = sim.table.game

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            app.redraw()
            await pilot.pause()
            assert "turn the green face up and lay it on the reader" in " ".join(
                widget_text(app, "status").split())
            while g.pending().kind == DRAW:  # the green, the approach, the lay-up
                await pilot.press("c")
                picker = app.screen
                assert isinstance(picker, sim_tui.CardPicker) and picker.tagged is tags
                up = sim.card_groups()[0]
                assert up[0] == -2 and up[3].startswith("Turn up")
                assert picker.matches("")[0] == (-2, up[1][0], False)
                await pilot.press("enter")  # the first: the domino turned up
                sim.settle()
                assert g.inputs[-1][1] == (DRAWN, up[1][0])
            assert g.pending().kind == SHOT
            seat = g.pending().player
            await pilot.press("c")
            bag = sim.card_groups()[0]
            assert bag[0] == seat and len(bag[1]) == len(g.bags[seat]) == 5
            await pilot.press("enter")  # the bag's first domino, laid from the hand
            sim.settle()
            assert g.inputs[-1] == (seat, (PLAY, bag[1][0]))
            assert "a piece laid on the reader" in " ".join(sim.events)
    run(go())


def test_a_new_board_learns_the_dominoes_from_the_picker():
    # A simulated board that has learned nothing (--blank-cards): in "Learn cards",
    # holding OK goes on to the dominoes, and c lays the domino the display names.
    from test_sim_tui import SIZE, lay_card, run, widget_text
    from teebox.app import table as T
    from teebox.app.bindings import Bindings, demo_uid
    from teebox.app.presenters.dominogolf import tags
    sim = sim_tui.LiveTable(blank_cards=True)

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("d", "enter", "l")   # Learn cards; hold OK: the dominoes
            sim.settle()
            assert sim.table.phase == T.PH_LEARN and sim.tagged() is tags
            app.redraw()
            assert "Dominoes 1/91" in widget_text(app, "oled")
            await lay_card(pilot, "domino-0-0")
            sim.settle()
            learned = Bindings(sim.hw.store, tags.pieces(), tags)
            assert learned.piece_of(demo_uid(0, tags.DEMO_KIND)) == 0
            app.redraw()
            assert "Learned" in widget_text(app, "oled")
    run(go())


def test_the_players_set_follows_the_game_and_a_mulligan_puts_the_domino_back_in_hand():
    # The simulator's Box holds the dominoes the table cannot see: as many in each bag as
    # the rules count, none in two places or face up; "re-do a shot": the domino comes
    # back into the bag it was played from.
    from teebox.app.presenters.dominogolf.presenter_autoplay import Box
    from teebox.core.dominogolf import rules
    from teebox.core.dominogolf.protocol import DRAWN, KEEP, MULLIGAN, SHOT
    g = rules.Game(rules.Setup(2, 5, 3, mulligan=True, real_set=True))
    box = Box(g)
    while g.pending().kind != SHOT:
        g.apply((DRAWN, box.draw()), g.turn)
    box.follow()
    seat = g.turn
    x = box.bags[seat][0]
    g.apply((PLAY, x), seat)
    box.follow()
    assert x not in box.bags[seat] and g.pending().kind == KEEP
    g.apply((MULLIGAN,), seat)
    box.follow()
    assert x in box.bags[seat] and len(box.bags[seat]) == len(g.bags[seat])
    up = g.face_up()
    held = [d for bag in box.bags for d in bag]
    assert len(held) == len(set(held)) and not [d for d in held if up[d]]
