# Play Nine turns: drawing, replacing, turning over, skipping, putting out, the last
# shots, the end of a hole and an empty deck. Runs under CPython and inside MicroPython.
from fwtest import raises

from playnine_kit import filler, replace_from_deck, stacked, tee_off, turn
from teebox.core.playnine import rules
from teebox.core.playnine.protocol import (
    DISCARD, DRAW, DRAW_CARD, FLIP, FROM_DECK, FROM_DISCARD, OUT_DISCARDED, OUT_DRAWN,
    OUT_PUT_OUT, OUT_REPLACED, OUT_RESHUFFLE, OUT_SCORED, OUT_SKIPPED, OUT_TURN, OUT_TURNED,
    PLACE_CARD, REPLACE, SKIP, TEE_OFF)
from teebox.core.playnine.scoring import hole_score

A = [1, 2, 3, 4, 5, 6, 7, 8]
B = [9, 10, 11, 12, 0, 1, 2, 3]


def _refused(game, choice, seat):
    # The refusal's reason; the game is unchanged and the choice was not logged.
    before = (game.state_digest(), len(game.inputs))
    why = raises(rules.IllegalMove, game.apply, choice, seat).args[0]
    assert (game.state_digest(), len(game.inputs)) == before
    return why


def _turn_over(game, slot):
    # Draw from the deck, discard it and turn ``slot`` over.
    return turn(game, (DRAW, FROM_DECK), (DISCARD, slot))


def _down_to_one(game):
    # Seat 0 turns over slots 1-3 and 5-6 (slot 7 stays down) while seat 1 keeps
    # replacing its slot 0.
    for slot in (1, 2, 3, 5, 6):
        _turn_over(game, slot)
        replace_from_deck(game, 0)


def test_a_card_drawn_from_the_deck_may_replace_a_face_down_or_face_up_card():
    """'If the player draws from the deck: Player may use the drawn card to replace either
    a face up or facedown card and discard the replaced card'"""
    g = stacked([A, B], discard=6, deck=[0, 11])
    tee_off(g)
    assert g.apply((DRAW, FROM_DECK), 0) == [(OUT_DRAWN, 0, FROM_DECK, 0)]
    d = g.pending()
    assert d.kind == PLACE_CARD and d.drawn == 0 and d.source == FROM_DECK
    assert g.apply((REPLACE, 2), 0) == [(OUT_REPLACED, 0, 2, 0, 3), (OUT_TURN, 1, 0)]
    assert g.shown(0) == [1, None, 0, None, 5, None, None, None] and g.discard[-1] == 3
    turn(g, (DRAW, FROM_DECK), (REPLACE, 0))      # seat 1: face up 9 out, 11 in
    assert g.shown(1)[0] == 11 and g.discard[-1] == 9


def test_a_drawn_card_may_be_discarded_to_turn_a_face_down_card_over():
    """'Player may discard the drawn card and then turn over any facedown card. If
    choosing this option, don't forget to turn over a facedown card.'"""
    g = stacked([A, B], discard=6, deck=[12])
    tee_off(g)
    g.apply((DRAW, FROM_DECK), 0)
    assert "face up already" in _refused(g, (DISCARD, 0), 0)
    assert g.apply((DISCARD, 3), 0) == [(OUT_DISCARDED, 0, 12), (OUT_TURNED, 0, 3, 4),
                                        (OUT_TURN, 1, 0)]
    assert g.discard[-1] == 12 and g.shown(0)[3] == 4


def test_a_card_taken_from_the_discard_pile_must_replace_a_card():
    """'If the player draws the top card from the discard pile: Player may use the drawn
    card to replace either a face up or facedown card and discard the replaced card.'"""
    g = stacked([A, B], discard=-5)
    tee_off(g)
    g.apply((DRAW, FROM_DISCARD), 0)
    assert g.pending().drawn == -5 and g.discard == []
    assert g.choices(0) == [(REPLACE, i) for i in range(8)]
    assert "must replace one of your cards" in _refused(g, (DISCARD, 1), 0)
    g.apply((REPLACE, 7), 0)
    assert g.discard == [8] and g.shown(0)[7] == -5


def test_play_passes_clockwise_after_each_turn():
    """'After discarding, play passes clockwise to the next player.' (to the left: seat
    numbers go up)"""
    g = stacked(filler(3), deck=[1] * 4)
    tee_off(g)
    seen = []
    for _ in range(4):
        seen.append(g.pending().player)
        replace_from_deck(g, 0)
    assert seen == [0, 1, 2, 0]
    assert "it is player 2's turn" in _refused(g, (DRAW, FROM_DECK), 0)


def test_every_turn_must_turn_over_or_replace_and_face_up_cards_may_be_replaced_again():
    """'Players must turn over or replace a card on every turn. A player may replace face
    up cards repeatedly, as long as one facedown card remains.'"""
    g = stacked([A, B])
    tee_off(g)
    g.apply((DRAW, FROM_DECK), 0)
    assert "skip only with one face-down card left, not 6" in _refused(g, (SKIP,), 0)
    assert (SKIP,) not in g.choices(0)
    g.apply((REPLACE, 0), 0)                 # a face-up card replaced
    replace_from_deck(g, 0)
    _down_to_one(g)
    for _ in range(3):  # one face-down card left: face-up cards replaced turn after turn
        replace_from_deck(g, 0)
        assert g.face_down(0) == [7]
        replace_from_deck(g, 0)


def test_with_one_face_down_card_left_a_player_may_skip_turns():
    """'When a player has only one facedown card remaining, that player has the option of
    skipping a turn ... To skip a turn, the player draws, then discards without replacing
    or turning over the last facedown card. Play moves to the next player. A player may
    skip turns repeatedly, as long as one facedown card remains.'"""
    g = stacked([A, B])
    tee_off(g)
    _down_to_one(g)
    for _ in range(2):
        g.apply((DRAW, FROM_DECK), 0)
        card = g.pending().drawn
        assert (SKIP,) in g.choices(0)
        assert g.preview((SKIP,), 0) == g.shown_score(0)
        outs = g.apply((SKIP,), 0)
        assert outs == [(OUT_DISCARDED, 0, card), (OUT_SKIPPED, 0), (OUT_TURN, 1, 0)]
        assert g.face_down(0) == [7] and g.discard[-1] == card
        replace_from_deck(g, 0)
    g.apply((DRAW, FROM_DISCARD), 0)  # a discard-pile card must be used: no skip
    assert "must replace" in _refused(g, (SKIP,), 0)


def test_putting_out_gives_every_other_player_one_last_shot_then_the_hole_is_scored():
    """'When a player replaces or turns over the last facedown card, showing eight face up
    cards, play ends for that player. All other players then take one last shot, drawing
    one last card. After all players have taken their last shot, all remaining facedown
    cards are turned over and individual scores are counted'"""
    grids = [A, B, [4, 4, 4, 4, 6, 6, 6, 6]]
    g = stacked(grids)
    tee_off(g)
    for slot in (1, 2, 3, 5, 6):
        _turn_over(g, slot)
        replace_from_deck(g, 0)
        replace_from_deck(g, 0)
    outs = _turn_over(g, 7)
    assert outs[-2:] == [(OUT_PUT_OUT, 0), (OUT_TURN, 1, 1)]
    assert g.pending().last == 1
    replace_from_deck(g, 1)                  # seat 1's last shot: a face-down card
    assert g.pending().player == 2 and g.pending().last == 1
    outs = replace_from_deck(g, 0)           # seat 2's last shot ends the hole
    turned = [o for o in outs if o[0] == OUT_TURNED]
    assert [o[1] for o in turned] == [1] * 5 + [2] * 6  # every card still down, turned
    assert [o[2] for o in turned[:5]] == [2, 3, 5, 6, 7]
    scored = [o for o in outs if o[0] == OUT_SCORED]
    assert scored == [(OUT_SCORED, s, 1, hole_score(g.grids[s]), hole_score(g.grids[s]))
                      for s in range(3)]
    assert g.over and g.totals == [o[3] for o in scored]


def test_a_hole_is_scored_after_the_putter_and_never_gives_the_putter_another_turn():
    g = stacked([A, B])
    tee_off(g)
    _down_to_one(g)
    _turn_over(g, 7)
    assert g.pending().player == 1
    outs = replace_from_deck(g, 1)
    assert outs[-1][0] != OUT_TURN and g.over


def test_an_empty_deck_is_refilled_from_the_discards_but_the_top_one():
    # Not in the rulebook (RULES-NOTES, Play Nine): when a draw empties the deck, the
    # discard pile but its top card is shuffled into a new deck.
    g = stacked(filler(2))
    tee_off(g)
    while len(g.deck) > 1:
        replace_from_deck(g, 0)
    discards = len(g.discard)
    top = g.discard[-1]
    outs = g.apply((DRAW, FROM_DECK), g.pending().player)
    assert outs[-1] == (OUT_RESHUFFLE, discards - 1)
    assert g.discard == [top] and len(g.deck) == discards - 1
    assert g.pending().kind == PLACE_CARD
    g.apply((REPLACE, 0), g.pending().player)
    assert g.pending().kind == DRAW_CARD and g.choices(g.pending().player) == [
        (DRAW, FROM_DECK), (DRAW, FROM_DISCARD)]


def test_choices_lists_exactly_what_apply_accepts_and_bad_choices_say_why():
    g = stacked([A, B])
    assert g.pending().kind == TEE_OFF
    assert g.choices(0) == [(FLIP, i) for i in range(8)]
    assert "say which player" in raises(rules.IllegalMove, g.apply, (FLIP, 0)).args[0]
    assert "no player 7" in _refused(g, (FLIP, 0), 7)
    assert "0 to 7" in _refused(g, (FLIP, 8), 0)
    assert "tuple of whole numbers" in _refused(g, "draw", 0)
    assert "takes 1 number" in _refused(g, (FLIP,), 0)
    assert "unknown choice verb 9" in _refused(g, (9, 1), 0)
    tee_off(g)
    assert g.choices(1) == []
    assert g.choices(0) == [(DRAW, FROM_DECK), (DRAW, FROM_DISCARD)]
    assert "draw a card first" in _refused(g, (REPLACE, 0), 0)
    g.apply((DRAW, FROM_DECK), 0)
    assert "you hold the" in _refused(g, (DRAW, FROM_DECK), 0)
    assert g.choices() == [(REPLACE, i) for i in range(8)] + [
        (DISCARD, i) for i in (1, 2, 3, 5, 6, 7)]


def test_preview_shows_the_score_a_replacement_would_leave_and_hides_face_down_cards():
    g = stacked([A, B], deck=[1])
    tee_off(g)                                   # seat 0 shows 1 over 5: 6
    assert g.shown_score(0) == 6
    g.apply((DRAW, FROM_DECK), 0)
    assert g.preview((REPLACE, 4), 0) == 0       # 1 over 1: a matching column
    assert g.preview((REPLACE, 3), 0) == 7
    assert g.preview((DISCARD, 3), 0) is None    # the card there is unknown
    assert g.preview((SKIP,), 0) is None         # not legal now
    assert g.preview((REPLACE, 4), 1) is None    # not seat 1's turn


def test_the_one_last_shot_may_be_a_skip_and_the_last_card_is_turned_at_the_end():
    # RULES-NOTES, Play Nine (skipping): a skip is open on the last shot too.
    g = stacked([A, B])
    tee_off(g)
    for slot in (1, 2, 3, 5, 6):
        _turn_over(g, slot)
        _turn_over(g, slot)
    g.apply((DRAW, FROM_DECK), 0)
    g.apply((SKIP,), 0)
    assert _turn_over(g, 7)[-2:] == [(OUT_PUT_OUT, 1), (OUT_TURN, 0, 1)]
    g.apply((DRAW, FROM_DECK), 0)
    assert (SKIP,) in g.choices(0)
    outs = g.apply((SKIP,), 0)
    assert (OUT_TURNED, 0, 7, 8) in outs and g.over and g.scores[0] == [hole_score(A)]
