"""The vocabulary of the rules engine: decision kinds, choice verbs, outputs.

Everything that drives the engine (buttons, RFID scans, bots, tests, replays)
and everything that shows it (LEDs, display) speaks in these small integers.
The numbers are written into game logs: never renumber, only append.
See ``docs/engine-api.md`` for the shape of every choice and output.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# ---------------------------------------------------------------- decision kinds
# What ``Game.pending().kind`` says the engine is waiting for.
DRAFT_PICK = const(1)         # simultaneous: pick one club from the cards in front of you
SELECT_CLUB = const(2)        # simultaneous: lay a club face down (or reset an unusable hand;
                              # in an extra turn, decline it)
CHOOSE_ACTION = const(3)      # your turn: move one hex, play, big hit, exit bunker, reset
CHOOSE_DECK = const(4)        # the club shows two shot decks: which one
DECLARE_DIRECTION = const(5)  # before the draw: chip direction, or bunker exit target
FOLLOW_SPECIAL = const(6)     # several cards out: follow a super/short/shuffle card or stop
DISCARD_FOR_HITTER = const(7)  # big hit: the player to the hitter's left discards one card
CHOOSE_CARD = const(8)        # pick the card to play among the visible top cards
HIT_DIRECTION = const(9)      # after the draw: which way to hit
CHOOSE_OUTCOME = const(10)    # a wild card: which of its flight paths
GAME_OVER = const(11)         # nothing more to decide
POLICY_KINDS = const(64)      # kinds from here up are a policy's own (Game.ask)

DECISION_NAMES = ("", "draft pick", "select club", "choose action", "choose deck",
                  "declare direction", "follow special", "discard for hitter", "choose card",
                  "hit direction", "choose outcome", "game over")

# ---------------------------------------------------------------- choice verbs
# Every choice is a tuple of small ints, verb first: ``(MOVE, direction)``.
PICK = const(1)         # (PICK, club)
SELECT = const(2)       # (SELECT, club)
RESET = const(3)        # (RESET,): reset the hand (at selection, or as the turn's action)
MOVE = const(4)         # (MOVE, direction)
PLAY = const(5)         # (PLAY,)
BIG_HIT = const(6)      # (BIG_HIT,)
EXIT_BUNKER = const(7)  # (EXIT_BUNKER,)
DECK = const(8)         # (DECK, deck index into cards.DECKS)
AIM = const(9)          # (AIM, direction): declared before the draw or hit after it
FOLLOW = const(10)      # (FOLLOW, pile)
STOP = const(11)        # (STOP,): follow no more special cards
DISCARD = const(12)     # (DISCARD, pile)
KEEP = const(13)        # (KEEP, pile)
OUTCOME = const(14)     # (OUTCOME, index into the card's outcomes)
DECLINE = const(15)     # (DECLINE,): take no (more) extra turns this round (Chaos Golf)
EXTRA = const(16)       # (EXTRA, code): a choice a mode or golfer policy adds (core/holes18/policy.py)

VERB_NAMES = ("", "pick", "select", "reset", "move", "play", "big hit", "exit bunker", "deck",
              "aim", "follow", "stop", "discard", "keep", "outcome", "decline",
              "extra")
# Number of ints after the verb, by verb (the game log relies on it).
VERB_ARITY = (0, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1)
# The log's one-byte forms of the commonest choices with an argument (a shot's aim,
# the big hit's discard and keep): code ``SHORT_CODE + k`` in place of the verb stands
# for ``SHORT_FORMS[k]``. A 5-player 18-hole game has some 350 of them, so its record fits
# 2 KB. Codes stay below 32 (5 bits beside the seat); logs written before these
# forms never use a code from SHORT_CODE on, so they read alike.
SHORT_CODE = const(17)
SHORT_FORMS = ((AIM, 0), (AIM, 1), (AIM, 2), (AIM, 3), (AIM, 4), (AIM, 5),
               (DISCARD, 0), (DISCARD, 1), (KEEP, 0), (KEEP, 1))

# ---------------------------------------------------------------- outputs
# ``Game.apply`` returns a list of tuples, kind first.
OUT_NEXT_HOLE = const(1)     # (k, players, hole, tee_q, tee_r): these golfers stand on that tee
OUT_HAND_RESET = const(2)    # (k, player, reason): discards back to the hand
OUT_MISS_TURN = const(3)     # (k, player): stands the golfer up, skips this round
OUT_CHOSEN = const(4)        # (k, player): a club (or draft card) is face down; not which
OUT_REVEAL = const(5)        # (k, ((player, club), ...)) in seat order
OUT_ORDER = const(6)         # (k, (player, ...)) the play order of the round
OUT_TURN = const(7)          # (k, player, club, extra): this player's turn starts
OUT_DECLARE = const(8)       # (k, player, direction): announced before the draw
OUT_DRAW = const(9)          # (k, player, pile, shot): a shot card drawn onto a pile
OUT_SHUFFLE = const(10)      # (k, deck index, cards): a shuffle card put discards back
OUT_DISCARDED = const(11)    # (k, by_player, pile, shot): big hit card thrown away
OUT_KEPT = const(12)         # (k, player, pile, shot): the card chosen to play
OUT_MOVE = const(13)         # (k, player, (q, r), outcome): moved one hex
OUT_BUNKER = const(14)       # (k, player, icon): bunker outcome read from the card
OUT_FLIGHT = const(15)       # (k, player, path, (q, r), outcome, hit_tree): a ball flight
OUT_CLUB_RETURNED = const(16)  # (k, player, club): out of bounds, the club goes back to hand
OUT_CLUB_DISCARDED = const(17)  # (k, player, club): end of turn, club on the discard pile
OUT_PENALTY = const(18)      # (k, player, reason): a penalty stroke (Stroke Play)
OUT_REACHED = const(19)      # (k, player, hole): reached a green it plays for
OUT_SCORED = const(20)       # (k, player, hole, kind, points)
OUT_HOLE_IN_ONE = const(21)  # (k, player, hole)
OUT_LONGEST_DRIVE = const(22)  # (k, player): now holds the longest drive card
OUT_EXTRA_TURN = const(23)   # (k, player): a tee box gave this player another turn
OUT_GAME_OVER = const(24)    # (k, standings): see Game.standings()
OUT_PASS = const(25)         # (k, pick_round): draft hands passed to the left
OUT_DECLINED = const(26)     # (k, player): this player takes no more extra turns this round
OUT_NO_SHOT = const(27)      # (k, player): the decks ran out, no card drawn can be played
OUT_PEEK = const(28)         # (k, player, deck index, shot, public): a golfer looked at a deck's
                             # top card (Bunjil); public 0: show it to that player only
OUT_BORROWED = const(29)     # (k, player, club, owner): plays another player's club (Slick Rikesh)
OUT_NAMED = const(30)        # (k, player, club): the club that never expires (Dorian)
OUT_POWER = const(31)        # (k, player, ready): a golfer's power turned used (0) or ready (1)
OUT_WIND = const(32)         # (k, strength, direction): the hole's wind card (Taming the Wind;
#                              strength 0 calm, 1 windy, 2 strong; direction the tile's, 0-5)
OUT_GUST = const(33)         # (k, player, (q, r), (q2, r2)): the wind blew the ball one hex
POLICY_OUTPUTS = const(64)   # output kinds from here up are a mode's own (MatchPlay.output_text)

OUTPUT_NAMES = ("", "next hole", "hand reset", "miss turn", "chosen", "reveal", "order", "turn",
                "declare", "draw", "shuffle", "discarded", "kept", "move", "bunker", "flight",
                "club returned", "club discarded", "penalty", "reached", "scored",
                "hole in one", "longest drive", "extra turn", "game over", "pass",
                "declined", "no shot", "peek", "borrowed", "named", "power", "wind", "gust")

# Why a hand was reset (OUT_HAND_RESET).
RESET_EMPTY = const(0)     # no clubs left in hand: automatic at the start of a round
RESET_UNUSABLE = const(1)  # a club in hand cannot be used (e.g. Driver off a tee box)
RESET_ACTION = const(2)    # the turn's action E

# Where a ball or golfer ended up (OUT_FLIGHT, OUT_MOVE).
NORMAL = const(0)
WATER = const(1)
BUNKER = const(2)
OUT_OF_BOUNDS = const(3)
GREEN = const(4)           # a green the player scores on now
OUTCOME_NAMES = ("normal", "water", "bunker", "out of bounds", "green")

# Scoring kinds (OUT_SCORED).
FLAG = const(1)
TOKEN_1 = const(2)
TOKEN_2 = const(3)
TOKEN_5 = const(4)
STROKES = const(5)
STABLEFORD = const(6)
GREEN_REACHED = const(7)   # Golf Racing: one green further along the course
SCORE_NAMES = ("", "flag", "1-point token", "2-point token", "5-point token", "strokes",
               "stableford points", "green reached")

# Penalty reasons (OUT_PENALTY).
PENALTY_WATER = const(0)
PENALTY_OUT = const(1)
