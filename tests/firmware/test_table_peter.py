# Peter and Wendy, the expansion's golfers, at the table: dealt or chosen in the setup with
# their module, and Peter's putting powers (both sides) played with the buttons, the target
# he putts for on the OLED. Runs under CPython and inside MicroPython.
import greens_kit as G
import table_kit as K
from teebox.app.presenters.holes18.golfer_deal import GolferDeal
from teebox.core.holes18.expansions.greens_play import PUTT_DICE
from teebox.core.holes18.expansions.putting import PUTT


def _peter_on_the_green(side, targets):
    """A one-player Stroke Play game of the greens, P1 playing Peter on ``side`` ("A" or
    "B"), on the green of hole 1 (arrived from the west: the card's side 0), at the table;
    the scripted dice."""
    g, dice = G.game(G.hands(1), golfers=[("peter", side)], targets=targets, mode="stroke")
    G.to_green(g, [0])
    assert g.added[0].green.side[0] == 0
    t = K.new_table(courses=K.Courses("test", g.course))
    t.load_course("test")
    t.resume_game(g, bytes([0]), bytes([0]), "18-holes")
    return t, K.Direct(t), g, dice


def _putt(t, d, dice, throws, target):
    """Lay the PUTT card (the display saying the putt is for ``target``), pick the dice of
    ``throws`` with the buttons and roll them."""
    K.lines(d, "press OK")                      # the action card: PUTT shown first
    text = K.words(t)
    assert "> PUTT" in text and "putt %d W" % target in text, text
    K.lines(d, "press OK")
    assert t.d.kind == PUTT_DICE
    picked = []
    for die, _face in throws:
        if die not in picked:
            picked.append(die)
    gt = t.presenter.greens
    for die in sorted(picked):
        while gt.cur != die:
            K.lines(d, "press E")
        K.lines(d, "press OK")
    dice.load(throws)
    K.lines(d, "hold OK")


def test_peter_a_putts_from_a_side_without_a_target_for_the_lowest_target():
    """Peter A: "Peter can PUTT from sides that do not have a target. When he does he uses
    the lowest target on the green card." At the table his PUTT card is offered on a
    side without a target, the OLED says the putt is for the card's lowest target (28
    here), and the putt sinks in that target's window."""
    t, d, g, dice = _peter_on_the_green("A", (None, 30, 40, None, 35, 28))
    _putt(t, d, dice, [(G.O1, 7), (G.O2, 5), (G.R1, 9), (G.R2, 8)], 28)  # 29: in 28 to 38
    shown = K.words(t)
    assert "P1 rolled 29/28" in shown, shown
    assert "SUNK" in shown and g.players[0].hole == 2  # hole 1 done: on to the next tee


def test_without_peter_a_side_without_a_target_offers_no_putt():
    """The rule Peter A changes: "If the side you arrived from has no target, the only
    action you can take next turn is CHANGE POSITION." """
    g, dice = G.game(G.hands(1), targets=(None, 30, 40, None, 35, 28), mode="stroke")
    G.to_green(g, [0])
    t = K.new_table(courses=K.Courses("test", g.course))
    t.load_course("test")
    t.resume_game(g, bytes([0]), bytes([0]), "18-holes")
    d = K.Direct(t)
    K.lines(d, "press OK")
    text = K.words(t)
    assert "no putt" in text and "> PUTT" not in text, text
    assert g.added[0].green.action_reason(0, PUTT) is not None


def test_peter_b_halves_the_target_with_a_red_die_and_a_flag_keeps_the_ball_out():
    """Peter B: "When playing Peter you must halve any target when you use a red dice. If
    you roll any number of flags the putt does not sink." A putt for 30 with a red die
    is for 15 (the OLED says 15), and sinks at 15; the same putt with two flags (even:
    in, for anyone else) stays out."""
    t, d, g, dice = _peter_on_the_green("B", (30, 6, 6, 6, 6, 6))
    _putt(t, d, dice, [(G.WHITE, 2), (G.Y1, 4), (G.R1, 9)], 30)
    shown = K.words(t)
    assert "P1 rolled 15/15" in shown, shown
    assert "SUNK" in shown and g.players[0].hole == 2
    t, d, g, dice = _peter_on_the_green("B", (30, 6, 6, 6, 6, 6))
    _putt(t, d, dice, [(G.R1, G.F), (G.R1, G.F), (G.R1, 9), (G.R2, 8)], 30)
    shown = K.words(t)
    assert "P1 rolled 17/15" in shown and "2 flags" in shown, shown
    # (two flags, even: "in" for any other golfer) Peter B's ball stays out, on hole 1
    assert "SUNK" not in shown and g.players[0].hole == 1
    assert 0 not in g.added[0].green.sunk


def test_the_setup_deals_peter_with_the_greens_and_wendy_with_the_wind():
    """Reading the Greens: "Include PETER as a potential golfer players may choose"; Taming
    the Wind: "Add WENDY to the set of available golfers". The table's golfer cards offer
    each with its module only."""
    def cards(expansions):
        deal = GolferDeal(2, "match", False, bytes(2), 1, None, expansions)
        return sorted(set([name for name, _side in deal.options()]))

    base = cards(())
    assert "peter" not in base and "wendy" not in base and len(base) == 8
    assert cards(("greens",)) == sorted(base + ["peter"])
    assert cards(("wind",)) == sorted(base + ["wendy"])
    assert cards(("greens", "wind")) == sorted(base + ["peter", "wendy"])
    # Dealt: five seats draw from the ten cards.
    dealt = GolferDeal(5, "match", True, bytes(5), 3, None, ("greens", "wind"))
    assert len(set(dealt.golfers())) == 5
