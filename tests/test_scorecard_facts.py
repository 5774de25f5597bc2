"""The scorecard takes its columns and legend from the mode (the facts each mode class
states), so adding a mode touches no scorecard code."""

import re

import pytest
from rich.console import Console

from teebox import shipped
from teebox.core import games
from teebox_host import scorecard

HOLES18 = games.load("18-holes")


def _card(mode, players=3, seed=7):
    lo, hi = HOLES18.records.mode_facts(mode).players
    players = min(hi, max(lo, players))  # (Solo Chaos Golf: one, against its opponents)
    game = HOLES18.new(HOLES18.Setup(players, mode, seed),
                       {"course": shipped.load_builtin("starter"),
                        "clubs": shipped.load_default_clubs(),
                        "shots": shipped.load_default_shots()})
    tally = scorecard.play_bots(game, [HOLES18.bot(seed + s) for s in range(players)])
    console = Console(width=200, record=True)
    console.print(scorecard.final_view(tally))
    return tally, console.export_text()


@pytest.mark.parametrize("mode", [m[0] for m in HOLES18.MODES])
def test_every_mode_writes_its_own_legend_and_cells_on_the_card(mode):
    lo, hi = [m[2] for m in HOLES18.MODES if m[0] == mode][0]
    tally, text = _card(mode, min(hi, max(lo, 3)))  # (Chaos Teams: two teams)
    facts = HOLES18.records.mode_facts(mode)
    assert facts.legend in text
    assert "Standings" in text and facts.unit.capitalize() in text
    cells = [scorecard.hole_cell(tally.mode, tally.holes[h][s])
             for h in tally.holes for s in range(tally.players)]
    if facts.scored_per_hole:
        # Stroke Play and Stableford: a number on every hole, adding up to the total.
        totals = {seat: score for _p, seat, score, _h in tally.standings}
        for s in range(tally.players):
            assert sum(int(scorecard.hole_cell(tally.mode, tally.holes[h][s]))
                       for h in tally.holes) == totals[s]
    else:
        # Match Play and Chaos Golf: the tokens won ("F", "1", "2", "5"), blank for none;
        # Golf Racing: the round each green was reached in ("r12").
        words = " ".join(cells).split()
        assert words and all(w in ("F", "1", "2", "5") or re.fullmatch(r"r\d+", w)
                             for w in words), words
    # A caller holding only the mode's name gets the same cells and legend.
    assert scorecard.LEGEND[mode] == facts.legend
    assert [scorecard.hole_cell(mode, tally.holes[h][0]) for h in tally.holes] == [
        scorecard.hole_cell(tally.mode, tally.holes[h][0]) for h in tally.holes]
