# Play Nine bots for empty seats: they play sensibly and finish games.
# Runs under CPython and inside MicroPython.
from fwtest import raises

from playnine_kit import replace_from_deck, stacked, tee_off, turn
from teebox.core.playnine import bot, rules
from teebox.core.playnine.protocol import (DISCARD, DRAW, FROM_DECK, FROM_DISCARD, OUT_PUT_OUT,
                                           REPLACE)

B = [9, 10, 11, 12, 0, 1, 2, 3]
DRAWS = [9, 10, 11, 12, 9, 10, 11, 12, 9, 10]  # ten draws before seat 0's bot turn


def _bot_turn(game, seat=0):
    # The bot's whole turn: its draw, then what it does with the card. The choices
    # and the outputs.
    sensible = bot.SensibleBot(1)
    first = sensible.choose(game, seat)
    outs = game.apply(first, seat)
    then = sensible.choose(game, seat)
    return first, then, outs + game.apply(then, seat)


def _one_face_down_left(grid, drawn):
    # Seat 0 turns over all but slot 7 while seat 1 keeps replacing its slot 0; then
    # the deck holds ``drawn`` on top for seat 0.
    g = stacked([grid, B], discard=6, deck=DRAWS + [drawn])
    tee_off(g)
    for slot in (1, 2, 3, 5, 6):
        turn(g, (DRAW, FROM_DECK), (DISCARD, slot))
        replace_from_deck(g, 0)
    return g


def test_the_bot_takes_a_hole_in_one_from_the_discard_pile_and_keeps_it():
    g = stacked([[1, 2, 3, 4, 5, 6, 7, 8], B], discard=-5)
    tee_off(g)
    first, then, _ = _bot_turn(g)
    assert first == (DRAW, FROM_DISCARD)
    assert then[0] == REPLACE and then[1] not in (0, 4)   # a face-down card goes
    assert -5 in g.shown(0)


def test_the_bot_completes_a_matching_column_with_the_discard():
    g = stacked([[7, 2, 3, 4, 9, 5, 6, 8], B], discard=7)
    tee_off(g)
    first, then, _ = _bot_turn(g)
    assert (first, then) == ((DRAW, FROM_DISCARD), (REPLACE, 4))
    assert g.shown_score(0) == 0


def test_the_bot_keeps_its_low_cards_and_turns_one_over_instead_of_taking_a_high_card():
    g = stacked([[-5, 2, 3, 4, 0, 5, 6, 8], B], discard=12, deck=[9])
    tee_off(g)
    first, then, _ = _bot_turn(g)
    assert first == (DRAW, FROM_DECK) and then[0] == DISCARD
    assert g.shown(0)[0] == -5 and g.shown(0)[4] == 0


def test_the_bot_putts_out_when_ahead():
    g = _one_face_down_left([0, 1, 2, 0, 1, 2, 0, 1], drawn=0)
    _, _, outs = _bot_turn(g)
    assert (OUT_PUT_OUT, 0) in outs


def test_the_bot_does_not_putt_out_when_behind():
    g = _one_face_down_left([12, 11, 10, 12, 11, 10, 12, 11], drawn=0)
    _, _, outs = _bot_turn(g)
    assert (OUT_PUT_OUT, 0) not in outs and g.face_down(0) == [7]


def test_the_sensible_bot_beats_a_random_one():
    for seed in (1, 2, 3):
        g = rules.Game(rules.Setup(2, seed, holes=3))
        bot.play_game(g, [bot.SensibleBot(seed), bot.RandomBot(seed)])
        assert g.totals[0] < g.totals[1]


def test_play_game_plays_to_the_end_or_says_the_bots_could_not_finish():
    g = rules.Game(rules.Setup(5, 9, holes=2))
    table = bot.play_game(g, [bot.RandomBot(i) for i in range(5)])
    assert g.over and table == g.standings() and len(table) == 5
    g = rules.Game(rules.Setup(2, 9))
    assert "did not finish within 10 choices" in raises(
        RuntimeError, bot.play_game, g, [bot.RandomBot(), bot.RandomBot()], 10).args[0]
