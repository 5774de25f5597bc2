"""The vocabulary of Domino Golf: decision kinds, choice verbs, shot results, lies,
outputs.

Choices are tuples of small ints, verb first; outputs are tuples, kind first. A
domino is its number in the set (:mod:`teebox.core.dominogolf.dominoes`). The
numbers are written into game logs: never renumber, only append. See
``docs/engine-api.md``, "Domino Golf".
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# ---------------------------------------------------------------- decision kinds
SHOT = const(1)  # your stroke: PLAY a bag domino, GODS, or LUCK (change of luck)
TAKE = const(2)  # change of luck: take one domino of the pointed-at player's bag
KEEP = const(3)  # mulligan: keep the shot just played, or take it back
DRAW = const(4)  # a real (tagged) set: scan the domino just drawn face up: (DRAWN, d)
# GAME_OVER is teebox.core.contract.GAME_OVER (11), the same in every game.

DECISION_NAMES = ("", "play a shot", "take a domino", "keep the shot or take a mulligan",
                  "scan the domino drawn")

# ---------------------------------------------------------------- choice verbs
PLAY = const(1)      # (PLAY, domino): play a domino of your golf bag
GODS = const(2)      # (GODS,): play a random domino of the gods of golf (it must be played)
LUCK = const(3)      # (LUCK, double, seat): show a double of your bag, point at seat
TAKE_ONE = const(4)  # (TAKE_ONE, domino): after LUCK, the domino of their bag you play
KEEP_SHOT = const(5)  # (KEEP_SHOT,): the shot stands
MULLIGAN = const(6)  # (MULLIGAN,): take the shot back and play it again (once a game)
DRAWN = const(7)     # (DRAWN, domino): a real set: the domino a draw turned face up

VERB_NAMES = ("", "play", "gods of golf", "change of luck", "take", "keep", "mulligan",
              "drawn")
VERB_ARITY = (0, 1, 0, 2, 1, 0, 0, 1)  # ints after the verb

# ---------------------------------------------------------------- a real set's face-up draws
# What a DRAW decision's domino is for (``Turn.draw``). A real set's face-down dominoes
# (the greens still to come, the tee, the golf bags, the penalty dominoes, the gods of
# golf) are UNSEEN: the table knows how many lie where, not which.
FOR_GREEN = const(1)     # the hole's green (a double: another from the gods of golf)
FOR_APPROACH = const(2)  # the approach domino
FOR_LAYUP = const(3)     # the lay-up domino
FOR_GODS = const(4)      # a gods-of-golf pick, played at once
FOR_CHECK = const(5)     # the pick of a double that may go in (hole-in-one, eagle)
UNSEEN = const(-1)

DRAW_NAMES = ("", "green", "approach", "lay-up", "gods of golf", "hole-in pick")

# ---------------------------------------------------------------- where a domino came from
FROM_BAG = const(0)   # the player's golf bag
FROM_GODS = const(1)  # a random pick of the gods of golf
FROM_LUCK = const(2)  # another player's bag (change of luck)

# ---------------------------------------------------------------- shot results
# A shot at a lay-up or approach domino:
FAIRWAY = const(1)  # matched its higher number (a water double: its number)
ROUGH = const(2)    # matched its lower number (water: pips equal or fewer)
SAND = const(3)     # pips equal or fewer: the next shot is a gods-of-golf pick
TREE = const(4)     # none of those: one chip stroke (a face-down domino), then rough
WATER = const(5)    # none of those at a double: two penalty strokes, then rough
# A shot at the green (strokes still to take: 1, 2, 3 putts, or 4 from the sand):
ONE_PUTT = const(6)    # matched the green's higher number
TWO_PUTTS = const(7)   # matched its lower number
THREE_PUTTS = const(8)  # pips equal or fewer
GREENSIDE_SAND = const(9)  # none of those: four more strokes
HOLED = const(10)      # a double and its gods-of-golf pick matched: hole-in-one or eagle

RESULT_NAMES = ("", "fairway", "rough", "sand", "tree", "water", "on the green, one putt",
                "on the green, two putts", "on the green, three putts",
                "sand by the green", "in the hole")

# ---------------------------------------------------------------- lies
ON_TEE = const(0)
IN_FAIRWAY = const(1)
IN_ROUGH = const(2)
IN_SAND = const(3)
HOLED_OUT = const(4)  # finished the hole

LIE_NAMES = ("tee", "fairway", "rough", "sand", "holed out")

# ---------------------------------------------------------------- outputs
OUT_FIRST = const(1)      # (k, seat): the start player, chosen at random
OUT_BAGS = const(2)       # (k, group, holes, size): every player in play takes a new golf bag
OUT_GREEN_DOUBLE = const(3)  # (k, domino): a double turned up as the green: mixed back
OUT_HOLE = const(4)       # (k, hole, par, layout, order): layout tee outward, green last
OUT_TURN = const(5)       # (k, seat, station, lie): a player's stroke from station 0 (tee) up
OUT_SHOT = const(6)       # (k, seat, domino, source, result, strokes)
OUT_PENALTY = const(7)    # (k, seat, domino): a face-down domino: a penalty stroke
OUT_DRAWN = const(8)      # (k, seat, domino): a replacement domino into the golf bag
OUT_CHECK = const(9)      # (k, seat, domino, made): the hole-in-one / eagle pick
OUT_LUCK = const(10)      # (k, seat, double, target): change of luck shown and pointed
OUT_MULLIGAN = const(11)  # (k, seat): the last shot taken back
OUT_SCORED = const(12)    # (k, seat, hole, strokes, par, total)
OUT_REFILL = const(13)    # (k, count): the gods of golf restored from removed dominoes
OUT_PLAYOFF = const(14)   # (k, seats): tied after the last hole: these play on
OUT_GAME_OVER = const(15)  # (k, standings)

OUTPUT_NAMES = ("", "first", "bags", "green double", "hole", "turn", "shot", "penalty",
                "drawn", "check", "luck", "mulligan", "scored", "refill", "playoff",
                "game over")
