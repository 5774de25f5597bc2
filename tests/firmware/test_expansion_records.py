# Which expansion modules a game used travels with its log and its record (journal,
# sync, replay). Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import CLUBS, SHOTS
from teebox import shipped
from teebox.core import varint
from teebox.core.holes18 import bots, gamelog
from teebox.core.holes18.engine import Game, Setup
from teebox.core.wire import gamerecord

STARTER = shipped.load_builtin("starter")
COAST = shipped.load_builtin("coastline")
GREENS = shipped.load_default_greens()
WIND = shipped.load_default_wind()


def varint_of(n):
    out = bytearray()
    varint.put(out, n)
    return out


def _finished(course, expansions, seed=5):
    g = Game(course, CLUBS, SHOTS, Setup(2, "stroke", seed, expansions=expansions))
    bots.play_game(g, [bots.SensibleBot(seed + i) for i in range(2)])
    return g


def test_a_log_names_the_modules_its_setup_chose_and_a_replay_plays_them():
    """Booklet: "You may play either of them or both in the same game": the log keeps
    which, so a replay (the journal after a power cut, the host's check) plays the same
    game. The modules ride in the teams flag's bits above bit 0, so a log without them
    keeps its bytes and the version stays 3."""
    plain = gamelog.encode(gamelog.of(Game(STARTER, CLUBS, SHOTS, Setup(2, "match", 5))))
    assert plain[4] == gamelog.VERSION == 3
    for modules in (("coast",), ("greens", "wind"), ("greens", "wind", "coast")):
        data = gamelog.encode(gamelog.of(Game(STARTER, CLUBS, SHOTS,
                                              Setup(2, "match", 5, expansions=modules),
                                              greens=GREENS, wind=WIND)))
        assert data[4] == gamelog.VERSION and data != plain
        assert gamelog.decode(data).setup.expansions == modules
    g = _finished(COAST, ("coast",))
    again = gamelog.replay(gamelog.decode(gamelog.encode(gamelog.of(g))), COAST, CLUBS, SHOTS)
    assert again.setup.expansions == ("coast",) and again.expansions == ("coast",)
    assert again.state_digest() == g.state_digest()


def test_a_log_with_unknown_modules_is_refused_by_name():
    """A log naming a module this firmware does not know is refused, not half read."""
    data = bytearray(gamelog.encode(gamelog.of(Game(STARTER, CLUBS, SHOTS,
                                                    Setup(1, "stroke", 5, "first-game",
                                                          expansions=("coast",))))))
    # No input yet: the teams flag ends the log ("coast": module 2, bit 3, a varint of 8).
    assert data[-1:] == bytes(varint_of(8))
    data[-1:] = varint_of(16)
    assert "unknown expansion modules 8" in str(raises(ValueError, gamelog.decode, data))
    data[4] = 5
    assert "reads versions 1, 3 and 4" in str(raises(ValueError, gamelog.decode, data))


def test_a_record_carries_the_modules_through_sync_and_replay():
    """The record synced to the host holds the log; its replay names the modules."""
    g = _finished(COAST, ("coast",))
    rec = gamerecord.decode(gamerecord.encode(g, "e6614c311b2c9a2f", 7, 1700000000))
    game, holes = gamerecord.replay(rec.game, rec.log, {
        "courses": lambda h: COAST if h == bytes(COAST.hash) else None,
        "clubs": CLUBS, "shots": SHOTS})
    assert game.setup.expansions == ("coast",) and game.expansions == ("coast",)
    assert [h[0] for h in holes] == list(range(1, COAST.hole_count + 1))


def test_the_modules_and_the_out_of_bounds_variation_share_the_log():
    """Rulebook VARIATION "hit through out-of-bounds" and the modules are both kept."""
    s = Setup(2, "match", 5, expansions=("greens", "coast"), bounds="through")
    g = Game(STARTER, CLUBS, SHOTS, s, greens=GREENS)
    back = gamelog.decode(gamelog.encode(gamelog.of(g))).setup
    assert back.expansions == ("greens", "coast") and back.bounds == "through"
