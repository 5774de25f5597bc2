"""Whole games on the simulated table in every mode, driven only through its buttons and
card readers (bots decide, the autoplayer presses and scans), checked against the rules
engine replaying the inputs the table gave it. CPython only: the same games run inside
MicroPython in tests/firmware/test_table_game.py and tests/test_table_heap.py."""

import sys
from pathlib import Path

import pytest

from teebox.app import script
from teebox.app.table import PH_OVER
from teebox.core.holes18 import gamelog

sys.path.insert(0, str(Path(__file__).resolve().parent / "firmware"))
import table_kit as K  # noqa: E402

GAMES = [
    # mode, course, players, hands, readers, display
    ("match", "starter", 2, "first-game", 1, True),
    ("match", "nine", 5, "bag", 5, False),
    ("stroke", "coastline", 1, "first-game", 1, True),
    ("stroke", "nine", 4, "bag", 1, True),
    ("stableford", "starter", 3, "first-game", 3, True),
    ("chaos", "chaos", 3, "first-game", 1, False),
    ("chaos", "chaos", 5, "bag", 1, True),
    ("racing", "nine", 4, "first-game", 4, True),
    ("kelly", "championship", 3, "first-game", 3, True),
    ("kelly", "chaos", 2, "bag", 1, False),  # LED-only: the secret peek lights the green
    ("teams", "chaos", 2, "first-game", 2, True),
    ("teams", "starter", 2, "bag", 1, False),  # LED-only: the golfer nominated blinks
]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("mode,course,players,hands,readers,display", GAMES)
def test_a_whole_game_through_the_ui_scores_as_the_engine_replays_it(
        mode, course, players, hands, readers, display, seed):
    loop = K.sim_app(readers, display)
    t = loop.table
    got = K.record_inputs(t)
    auto = K.autoplayer(mode, course, players, hands, seed=seed,
                        seat_readers=loop.hw.seat_readers)
    lines = K.autoplay(t, auto, K.runner_player(loop))
    g = t.game
    assert g.over and t.phase == PH_OVER
    assert got == g.inputs
    assert K.replay_standings(t, got) == g.standings()
    # The game log the journal will keep replays to the very same state.
    again = gamelog.replay(gamelog.decode(gamelog.encode(gamelog.of(g))), g.course, K.CLUBS,
                           K.SHOTS)
    assert again.state_digest() == g.state_digest()
    assert lines[0] == "press OK" and any(ln.startswith("scan ") for ln in lines)


def test_the_same_script_gives_the_same_game_on_a_fresh_table(tmp_path):
    first = K.sim_app()
    lines = K.autoplay(first.table, K.autoplayer("stableford", "championship", 2, seed=9),
                       K.runner_player(first))
    path = tmp_path / "game.txt"
    path.write_text("\n".join(lines) + "\n")
    again = K.sim_app()
    script.Runner(again).run(script.parse(path.read_text(), path.name, K.CLUBS))
    assert again.table.game.state_digest() == first.table.game.state_digest()
    assert again.hw.leds.frame == first.hw.leds.frame  # even the last LED frame


@pytest.mark.parametrize("players,bot_seats,readers,display", [
    (2, (), 1, True), (3, (1,), 3, True), (5, (0, 3), 1, False)])
def test_a_whole_game_of_play_nine_through_the_buttons_replays_from_its_log(
        players, bot_seats, readers, display):
    # Play Nine is chosen in setup and played with the buttons alone (the table deals),
    # people and the table's own bots alike; its log replays to the very same game.
    from teebox.core.playnine import log
    loop = K.sim_app(readers, display)
    t = loop.table
    got = K.record_inputs(t)
    auto = script.Autoplayer(K.CLUBS, players=players, seed=players, bot_seed=7,
                             seat_readers=loop.hw.seat_readers, bot_seats=bot_seats,
                             game="play-nine", options={"holes": 2})
    lines = K.autoplay(t, auto, K.runner_player(loop))
    g = t.game
    assert t.game_name == "play-nine" and g.over and t.phase == PH_OVER
    assert g.setup.holes == 2 and g.setup.players == players
    assert got == g.inputs and not [ln for ln in lines if ln.startswith("scan")]
    again = log.replay(log.decode(log.encode(log.of(g))))
    assert again.state_digest() == g.state_digest()
    assert again.standings() == g.standings()
