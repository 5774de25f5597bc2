"""The vocabulary of Play Nine: decision kinds, choice verbs, outputs.

Choices are tuples of small ints, verb first; outputs are tuples, kind first.
Slots number a player's grid: 0-3 the top row left to right, 4-7 the row below
(slot ``s`` and ``s + 4`` form a column). The numbers are written into game
logs: never renumber, only append. See ``docs/engine-api.md``, "Play Nine".
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# ---------------------------------------------------------------- decision kinds
TEE_OFF = const(1)     # simultaneous: every player turns two face-down cards, one at a time
DRAW_CARD = const(2)   # your turn: draw from the deck or take the top of the discard pile
PLACE_CARD = const(3)  # your turn: use the drawn card (replace, or discard and turn, or skip)
# GAME_OVER is teebox.core.contract.GAME_OVER (11), the same in every game.

DECISION_NAMES = ("", "tee off", "draw a card", "play the drawn card")

# ---------------------------------------------------------------- choice verbs
FLIP = const(1)      # (FLIP, slot): tee off, turning one face-down card over
DRAW = const(2)      # (DRAW, FROM_DECK or FROM_DISCARD)
REPLACE = const(3)   # (REPLACE, slot): the drawn card goes there, the card there is discarded
DISCARD = const(4)   # (DISCARD, slot): discard the drawn card and turn face-down slot over
SKIP = const(5)      # (SKIP,): discard the drawn card, keep the one face-down card down

FROM_DECK = const(0)
FROM_DISCARD = const(1)

VERB_NAMES = ("", "turn over", "draw", "replace", "discard and turn over", "skip")
VERB_ARITY = (0, 1, 1, 1, 1, 0)  # ints after the verb

# ---------------------------------------------------------------- outputs
OUT_CUT = const(1)       # (k, seat, card): a card selected to choose the dealer
OUT_DEALER = const(2)    # (k, seat): lowest card: this player deals the first hole
OUT_DEAL = const(3)      # (k, hole, dealer, seats, discard_top): a hole dealt to these seats
OUT_TURNED = const(4)    # (k, seat, slot, card): a face-down card turned face up
OUT_TURN = const(5)      # (k, seat, last): a turn starts; last 1 for the one last shot
OUT_DRAWN = const(6)     # (k, seat, source, card): the card drawn
OUT_REPLACED = const(7)  # (k, seat, slot, card, old): card put at slot, old one discarded
OUT_DISCARDED = const(8)  # (k, seat, card): the drawn card thrown on the discard pile
OUT_SKIPPED = const(9)   # (k, seat): discarded without turning the last face-down card
OUT_PUT_OUT = const(10)  # (k, seat): eight face-up cards: everyone else takes one last shot
OUT_RESHUFFLE = const(11)  # (k, cards): the deck ran out: the discards but the top reshuffled
OUT_SCORED = const(12)   # (k, seat, hole, score, total): a hole's score and the running total
OUT_PLAYOFF = const(13)  # (k, seats): these players are tied: sudden death playoff
OUT_GAME_OVER = const(14)  # (k, standings)

OUTPUT_NAMES = ("", "cut", "dealer", "deal", "turned", "turn", "drawn", "replaced",
                "discarded", "skipped", "put out", "reshuffle", "scored", "playoff",
                "game over")
