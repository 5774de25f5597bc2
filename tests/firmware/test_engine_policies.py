# A mode or golfer plugs new decisions in as a policy (core/holes18/policy.py): its choices are
# listed, refused with its reasons and replayed from the game log like any other.
# Runs under CPython and MicroPython.
from fwtest import raises

from engine_kit import CLUBS, SHOTS, StackRng, club, face, kinds, make_course, select
from teebox.core.holes18 import engine, gamelog
from teebox.core.hexgrid import E
from teebox.core.holes18.player import Golfer
from teebox.core.holes18.protocol import (
    AIM, CHOOSE_CARD, EXTRA, KEEP, OUT_DRAW, OUT_FLIGHT, PLAY, POLICY_KINDS)

REDRAW = 1          # (EXTRA, REDRAW): use the power
PILE = 10           # (EXTRA, PILE + i): redraw card i
WHICH = POLICY_KINDS  # the toy's own decision: which card to redraw


class Redrawer(Golfer):
    """A toy golfer, like Lucky: once per hole, after the draw, it may redraw one of the
    cards showing; which one is a decision of its own."""

    extras = (REDRAW, PILE, PILE + 1, PILE + 2)

    def __init__(self):
        self.used = 0  # the hole of the last redraw

    def extra_choices(self, game, seat, kind):
        if kind == CHOOSE_CARD:
            return (REDRAW,)
        if kind == WHICH:
            return tuple(range(PILE, PILE + len(game.pending().piles)))
        return ()

    def extra_reason(self, game, seat, code):
        if code == REDRAW:
            if self.used == game.players[seat].hole:
                return "a redraw is allowed once per hole"
            return None
        return game.redraw_reason(code - PILE)

    def extra_apply(self, game, seat, code, outs):
        if code == REDRAW:
            game.ask(WHICH, seat)
        else:
            self.used = game.players[seat].hole
            game.resume()
            game.redraw(code - PILE, outs)

    def state_ints(self, out):
        out.append(self.used)


def _golfers(seat, choice):
    return Redrawer() if seat == 0 else Golfer()


ROWS = ["rrrrrrrrrr", "rrrrrrrrrr", "rTffffffGr", "rrrrrrrrrr"]
TOPS = {"C": [face("C", "SS"), face("C", nth=1), face("C", nth=2)]}


def _game():
    crs = make_course(ROWS, [(4, (1, 2), (8, 2))])
    setup = engine.Setup(2, "match", 1, [[club("9 Iron")], [club("Driver")]])
    g = engine.Game(crs, CLUBS, SHOTS, setup, StackRng(1, TOPS), _golfers)
    select(g, {0: club("9 Iron"), 1: club("Driver")})
    g.apply((PLAY,))
    g.apply((AIM, E))  # a chip: the direction first, then two cards
    return g


def test_a_golfer_policy_adds_a_choice_and_a_decision_of_its_own():
    g = _game()
    assert g.pending().kind == CHOOSE_CARD
    assert g.choices() == [(KEEP, 0), (KEEP, 1), (EXTRA, REDRAW)]
    g.apply((EXTRA, REDRAW))
    d = g.pending()
    assert d.kind == WHICH and d.players == (0,) and g.choices() == [(EXTRA, 10), (EXTRA, 11)]
    for refused in ((EXTRA, 12), (KEEP, 0)):  # two cards show; the toy's decision is on
        err = raises(engine.IllegalMove, g.apply, refused)
        assert str(err).startswith(
            "that is not a choice now: the game waits for decision 64 of a mode or golfer")
    outs = g.apply((EXTRA, 11))
    assert [(o[2], g.shot_list[o[3]].id) for o in kinds(outs, OUT_DRAW)] == [(1, TOPS["C"][2])]
    assert g.pending().kind == CHOOSE_CARD and g.choices() == [(KEEP, 0), (KEEP, 1)]
    err = raises(engine.IllegalMove, g.apply, (EXTRA, REDRAW))
    assert str(err) == "a redraw is allowed once per hole"
    assert kinds(g.apply((KEEP, 1)), OUT_FLIGHT)


def test_a_game_with_a_policy_replays_from_its_log():
    g = _game()
    g.apply((EXTRA, REDRAW))
    g.apply((EXTRA, 10))
    g.apply((KEEP, 0))
    log = gamelog.decode(gamelog.encode(gamelog.of(g)))
    again = engine.Game(g.course, CLUBS, SHOTS, log.setup, StackRng(1, TOPS), _golfers)
    for seat, choice in log.inputs:
        again.apply(choice, seat)
    assert (0, (EXTRA, 10)) in list(log.inputs)
    assert again.state_digest() == g.state_digest()


def test_without_a_policy_no_extra_choice_is_offered_or_taken():
    crs = make_course(ROWS, [(4, (1, 2), (8, 2))])
    setup = engine.Setup(2, "match", 1, [[club("9 Iron")], [club("Driver")]])
    g = engine.Game(crs, CLUBS, SHOTS, setup, StackRng(1, TOPS))
    select(g, {0: club("9 Iron"), 1: club("Driver")})
    g.apply((PLAY,))
    g.apply((AIM, E))
    assert g.pending().kind == CHOOSE_CARD
    assert g.choices() == [(KEEP, 0), (KEEP, 1)]
    err = raises(engine.IllegalMove, g.apply, (EXTRA, REDRAW))
    assert str(err) == "that is not a choice now: the game waits for choose card"
