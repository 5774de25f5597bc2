# The bags scanned after a physical draft keep each golfer card's draft rule: a club the
# seat's golfer may not carry blinks red, the display says why first, and no bag changes.
# The rule is the engine's own (Golfer.pick_reason, Slugger's carries_driver).
# Runs under CPython and inside MicroPython.
import table_kit as K
from teebox.app.presenters.holes18 import presenter_autoplay
from teebox.app.presenters.holes18.bags import BagRegistration
from teebox.app.view import FLASH_NONE, FLASH_REFUSED
from teebox.core.holes18 import golfers

ROWS = ["rrrrrrrrrrrr", "rrrrrrrrrrrr", "rTffffffffGr", "rrrrrrrrrrrr", "rTffffffffGr",
        "rrrrrrrrrrrr"]
HOLES = [(5, (1, 2), (10, 2)), (5, (1, 4), (10, 4))]


def _index(cid):
    for i in range(len(K.CLUBS)):
        if K.CLUBS[i].id == cid:
            return i
    raise AssertionError(cid)


def _bags_after(*presses):
    """A two-player table with bags after a physical draft and golfer cards chosen with
    ``presses`` (P1's, then P2's), at P1's bag; and its script player (seed 6)."""
    t, d, auto = K.golfers_to_choose(ROWS, HOLES, 6)
    K.lines(d, *presses)
    K.lines(d, "press OK")  # the summary: on to the bags
    assert "P1 red: Scan your bag" in K.words(t)
    return t, d, auto


def _bags(t):
    return [list(h) for h in t.flow.active.hands]


def _refused(t, cid, why):
    """Scanning ``cid`` blinks red, says ``why`` first and leaves every bag as it was."""
    before = _bags(t)
    t.view.flash = FLASH_NONE
    K.scan(t, cid)
    assert t.view.flash == FLASH_REFUSED
    assert K.words(t).startswith("NO: " + why), K.words(t)
    assert _bags(t) == before


def test_the_shark_b_may_not_carry_a_wedge_in_his_bag():
    """The Shark B: "As per A-SIDE plus The Shark may not carry any wedges. Wedges include
    Pitching Wedge, Sand Wedge and the Lob Wedge." Each wedge scanned into his bag is
    refused; another player's bag takes it."""
    t, d, _auto = _bags_after("press W", "press OK", "press OK")  # P1 The Shark B, P2 Bunjil A
    for cid in ("sand-wedge-7", "pitching-wedge-9", "lob-wedge-1"):
        _refused(t, cid, "%s: The Shark (B-side) may not carry wedges"
                 % K.CLUBS[_index(cid)].name)
    for cid in ("driver-34", "6-iron-12", "4-iron-24", "3-hybrid-2", "5-wood-20"):
        K.scan(t, cid)
    assert "P2 yellow: Scan your bag 0/5 clubs" in K.words(t)
    K.scan(t, "sand-wedge-7")
    assert _bags(t)[1] == [_index("sand-wedge-7")]


def test_iron_jane_b_may_not_carry_two_alike():
    """Iron Jane B: "Iron Jane may only carry four clubs. Iron Jane may not take two of
    the same club." Her bag holds four, and a second 9 Iron is refused."""
    t, d, _auto = _bags_after("press E 5", "press OK", "press OK")  # P1 Iron Jane B, P2 Bunjil A
    assert "0/4 clubs" in K.words(t)
    K.scan(t, "9-iron-3")
    _refused(t, "9-iron-8", "9 Iron: Iron Jane (B-side) may not take two of the same club")
    for cid in ("7-iron-14", "6-iron-12", "4-iron-24"):
        K.scan(t, cid)
    assert "P2 yellow: Scan your bag 0/5 clubs" in K.words(t)
    K.scan(t, "9-iron-8")  # the other bag may hold it
    assert _bags(t)[1] == [_index("9-iron-8")]


def test_slugger_carries_the_driver_and_nobody_else_may():
    """Slugger A: "Slugger must carry the driver. Remove this card from the deck before
    the Club Draft and give it to the player with Slugger. Slugger will select four clubs
    during the draft." Another player's Driver is refused, and Slugger's fifth club must
    be the Driver when his bag does not hold it yet; the game starts with it in his hand."""
    t, d, _auto = _bags_after("press OK", "press E 8", "press OK")  # P1 Bunjil A, P2 Slugger A
    _refused(t, "driver-34", "the Driver is P2's: Slugger carries it")
    for cid in ("9-iron-3", "7-iron-14", "6-iron-12", "4-iron-24", "3-hybrid-2"):
        K.scan(t, cid)
    assert "P2 yellow: Scan your bag 0/5 clubs Driver + picks 4" in K.words(t)
    for cid in ("5-hybrid-4", "sand-wedge-7", "7-iron-17", "5-wood-20"):
        K.scan(t, cid)
    _refused(t, "3-wood-29", "Slugger must carry the Driver: scan it")
    K.scan(t, "driver-34")
    K.lines(d, "press OK")
    assert t.game is not None and _index("driver-34") in t.game.players[1].hand
    assert t.game.setup.golfers[1] == ("slugger", "A")


def test_a_bot_slugger_is_dealt_the_driver_from_the_box():
    """Slugger's Driver is his from before the draft: a bot Slugger's hand, dealt from
    the clubs no bag holds, has it."""
    bags = BagRegistration(None, K.CLUBS, 2, bot=bytearray([0, 1]))
    choices = [("bunjil", "A"), ("slugger", "A")]
    bags.sizes([5, 5], ["", golfers.draft_rule(choices[1])], [False, False], choices)
    for seed in range(1, 6):
        hands = bags.hands_with_bots(seed)
        assert _index("driver-34") in hands[1] and len(hands[1]) == 5


def test_a_script_fills_the_bags_by_the_golfer_cards():
    """A script's bags (the simulator's, the virtual board's) keep the cards' draft rules:
    The Shark B's player passes the Sand Wedge and the Driver of the bag dealt to him
    ("The Shark may not carry any wedges"; Slugger's is "give it to the player with
    Slugger") and takes other clubs; Slugger's bag ends with the Driver."""
    t, d, auto = _bags_after("press W", "press OK", "press E 10", "press OK")
    assert t.flow.golfers() == [("the-shark", "B"), ("slugger", "A")]
    assert _index("sand-wedge-7") in presenter_autoplay.deal_bags(K.CLUBS, 2, 6)[0]
    while t.game is None:
        K.lines(d, *presenter_autoplay.register(auto, t.flow))
    shark, slugger = [p.hand for p in t.game.players]
    assert not [c for c in shark if K.CLUBS[c].wedge] and len(shark) == 5
    assert _index("driver-34") in slugger and len(slugger) == 5
