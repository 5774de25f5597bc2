# Whole games on the simulated table, played only with button presses and card scans
# through the main loop; the scores must be what the rules engine gives replaying the
# same inputs. Runs under CPython and inside MicroPython.
import table_kit as K
from teebox.app import script
from teebox.app import table as T
from teebox.app.presenters.holes18 import presenter_autoplay


def _play(loop, auto):
    got = K.record_inputs(loop.table)
    lines = K.autoplay(loop.table, auto, K.runner_player(loop))
    return lines, got


def test_a_whole_match_is_played_with_buttons_and_scans_only():
    loop = K.sim_app()
    lines, got = _play(loop, K.autoplayer("match", "starter", 2, seed=7))
    t = loop.table
    assert t.phase == T.PH_OVER and t.game.over
    # Every input the table gave the engine went through the inputs hook, in order.
    assert got == t.game.inputs
    assert K.replay_standings(t, got) == t.game.standings()
    assert loop.hw.display.shown[0] == "Game over"
    assert [ln for ln in lines if ln.startswith("scan ")]  # clubs were chosen by card
    assert not [ln for ln in lines if not ln.split()[0] in ("press", "hold", "scan", "seed")]


def test_the_script_of_a_game_replays_to_the_same_game():
    first = K.sim_app()
    lines, got = _play(first, K.autoplayer("stroke", "nine", 2, seed=3))
    text = "# generated\n" + "\n".join(lines) + "\n"
    again = K.sim_app()
    script.Runner(again).run(script.parse(text, clubs=K.CLUBS))
    assert again.table.game.inputs == got
    assert again.table.game.state_digest() == first.table.game.state_digest()
    assert again.hw.display.shown == first.hw.display.shown


def test_bag_registration_readers_per_seat_and_no_display():
    loop = K.sim_app(readers=3, display=False)
    auto = K.autoplayer("stableford", "starter", 3, hands="bag", seed=5, seat_readers=True)
    lines, got = _play(loop, auto)
    t = loop.table
    bags = presenter_autoplay.deal_bags(K.CLUBS, 3, 5)   # the bags the autoplayer scanned
    assert t.game.setup.hands == tuple([tuple(h) for h in bags])
    assert K.replay_standings(t, got) == t.game.standings()
    assert [ln for ln in lines if ln.endswith(" on 2")]  # seat 2 used its own reader
