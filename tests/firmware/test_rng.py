# The seeded PRNG. Runs under CPython and inside MicroPython: the pinned values
# below are checked by both, which proves the two interpreters deal the same cards.
import gc

from fwtest import raises

from teebox.core.rng import Rng, SPAN, WIDE_SPAN


def test_a_seed_gives_a_fixed_known_sequence():
    rng = Rng(12345)
    assert rng.getstate() == (24381, 26274, 22933)
    assert [rng.next() for _ in range(8)] == [7691, 14355, 28757, 22015, 22554, 22650, 8743, 6151]


def test_below_shuffle_and_wide_below_are_pinned_too():
    rng = Rng(0)
    assert [rng.below(6) for _ in range(12)] == [2, 4, 4, 1, 0, 3, 3, 1, 3, 2, 5, 5]
    items = list(range(10))
    Rng(2024).shuffle(items)
    assert items == [0, 7, 2, 6, 5, 1, 9, 3, 8, 4]
    rng = Rng(1)
    assert [rng.below(100000) for _ in range(4)] == [97996, 46714, 56306, 72421]


def test_neighbouring_seeds_start_unrelated():
    firsts = [Rng(seed).next() for seed in range(6)]
    assert len(set(firsts)) == 6
    a = Rng(1 << 40)
    b = Rng(0)
    assert a.getstate() != b.getstate()  # bits above 32 still count


def test_state_round_trip_replays_the_same_values():
    rng = Rng(99)
    rng.next()
    saved = rng.getstate()
    ahead = [rng.below(74) for _ in range(20)]
    rng.setstate(saved)
    assert [rng.below(74) for _ in range(20)] == ahead
    assert "out of range" in str(raises(ValueError, rng.setstate, (0, 1, 1)))
    assert "three whole numbers" in str(raises(ValueError, rng.setstate, 5))


def test_bad_seeds_and_ranges_are_refused():
    assert "non-negative" in str(raises(ValueError, Rng, -1))
    assert "non-negative" in str(raises(ValueError, Rng, "7"))
    rng = Rng(3)
    assert "from 1 to" in str(raises(ValueError, rng.below, 0))
    assert "from 1 to" in str(raises(ValueError, rng.below, WIDE_SPAN + 1))


def test_below_covers_its_range_evenly():
    # Deterministic: a fixed seed and a fixed number of draws, so it cannot flake;
    # every face of a die must come up within 15% of its fair share.
    rng = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    for c in counts:
        assert 850 <= c <= 1150, counts
    # A deck-sized range: every card position is reached.
    seen = set(rng.below(74) for _ in range(2000))
    assert seen == set(range(74))


def test_below_beyond_one_raw_value_joins_two_and_reaches_the_top():
    rng = Rng(11)
    n = 3 * SPAN
    values = [rng.below(n) for _ in range(600)]
    assert min(values) >= 0 and max(values) < n
    thirds = [0, 0, 0]
    for v in values:
        thirds[v // SPAN] += 1
    for t in thirds:
        assert t >= 150, thirds


def test_below_one_is_always_zero_and_rejection_keeps_results_in_range():
    rng = Rng(5)
    assert [rng.below(1) for _ in range(5)] == [0] * 5
    n = SPAN // 2 + 1  # nearly half the raw values are rejected
    assert all(0 <= rng.below(n) < n for _ in range(500))


def test_shuffle_is_a_permutation_that_depends_on_the_seed():
    base = list(range(18))
    a = list(base)
    Rng(1).shuffle(a)
    b = list(base)
    Rng(2).shuffle(b)
    c = list(base)
    Rng(1).shuffle(c)
    assert sorted(a) == base and sorted(b) == base
    assert a != base
    assert a != b
    assert a == c
    empty = []
    Rng(1).shuffle(empty)
    assert empty == []


def test_choice_picks_every_item_and_refuses_an_empty_sequence():
    rng = Rng(8)
    seen = set(rng.choice("LSR") for _ in range(60))
    assert seen == {"L", "S", "R"}
    raises(IndexError, rng.choice, [])


def test_next_stays_in_small_ints():
    rng = Rng(0xFFFFFFFF)
    if hasattr(gc, "mem_alloc"):
        # MicroPython: small ints live in the pointer, so a call allocates nothing.
        rng.next()
        before = gc.mem_alloc()
        for _ in range(500):
            rng.next()
        assert gc.mem_alloc() - before == 0
    else:
        # CPython: the same calls never produce a value MicroPython would box.
        for _ in range(2000):
            value = rng.next()
            for part in rng.getstate() + (value,):
                assert 0 <= part < (1 << 23)
