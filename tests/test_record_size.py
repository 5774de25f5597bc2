"""A finished game's record fits 2 KB on the board's shelf (issue 16's goal): a
5-player game of every game and mode, played by its bots, as the board writes it.
``python -m tools.bench.record_size`` gives the median and maximum over many seeds."""

import pytest

from teebox.core import games
from tools.bench import record_size

CASES = [(name, mode) for name in games.names()
         for mode in [m[0] for m in games.load(name).MODES] or [""]]


@pytest.mark.parametrize("name, mode", CASES)
def test_a_five_player_record_fits_2_kb(name, mode):
    for size, log in record_size.sizes(name, mode, 5):
        assert size <= record_size.GOAL, (size, log)
        assert log < size  # the log is inside the record, with the scores and names
