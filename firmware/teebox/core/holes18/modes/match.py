"""Match Play: the standard rules, and the base every other mode overrides.

Rulebook: "1 point for the first player to reach the green. Multiple players
score the points if they reach the green on the same round." One of them takes
the flag, the others a 1-point token; then everyone moves to the next tee.

The engine calls these hooks (all take the :class:`~teebox.core.holes18.engine.Game`
first; ``p`` is a :class:`~teebox.core.holes18.player.PlayerState`):

* ``before_hands(game, outs)``: the mode's own setup before the clubs are dealt (it may
  ``game.ask`` decisions of its own: the deal waits until the last one resumes);
* ``start(game, outs)``: place the golfers for the first round;
* ``takes_part(game, p)``: whether ``p`` selects a club this round;
* ``targets(game, p)``: the holes whose greens ``p`` scores on right now;
* ``hole_in_one(game, p, hole, tee_hole)``: whether reaching ``hole`` with a hit
  from the tee box of ``tee_hole`` (0: not a hit from a tee) is a hole-in-one;
* ``on_reach(game, p, hole, hole_in_one, outs)``: ``p`` reached a target green;
* ``on_water(game, p, outs)`` / ``on_out_of_bounds(game, p, outs)``: hazards;
* ``before_shot(game, outs)``: the turn's shot cards are drawn (a wood: its shot is
  next); a mode may ask a decision of its own (``game.ask``) before the card is kept
  and the ball hit (Chaos Teams: which golfer hits);
* ``extra_turn(game, p, moved)``: whether the turn just ended earns another;
* ``end_of_round(game, outs)``: scoring, next hole, game over;
* ``between_turns(game, outs)``: before each round and turn, a decision of the mode's
  own (``game.ask``) or the game's end (Kelly Golf);
* ``standings(game)``: the places, best first;
* ``state_ints(out)``: the mode's own state, for the digest.

Bots, tables and scorecards also ask ``aims(game, p)`` (the greens a bot heads for),
``partner(game, p)`` (where a player's second golfer stands: Chaos Teams),
``mover(game, seat)`` (which of a team's golfers its turns move, in words: Chaos Teams),
``revealed(game)`` (what the mode kept secret, once the game is over), ``opponents(game)``
(automated opponents' points and tokens, for scorecards), ``markers(game)``
(golfers that are no seats, for the LEDs: Solo Chaos Golf's opponents), ``status(game)``
(a line or two of the mode's own state for the display) and ``output_text(game, out)``
(a note for an output of the mode's own, kinds ``protocol.POLICY_OUTPUTS`` and up).

A mode is also a :class:`~teebox.core.holes18.policy.Policy`: it may add choices of its own.
"""

from teebox.core import scoring
from teebox.core.holes18.policy import Policy
from teebox.core.holes18.protocol import FLAG, OUT_HOLE_IN_ONE, OUT_REACHED, TOKEN_1


class MatchPlay(Policy):
    """Match Play. Attributes: ``name``, ``title``, ``players`` (fewest, most), ``lower_wins``;
    for scorecards and the score history ``unit`` (what a total counts), ``legend`` (what
    a hole's cell shows), ``scored_per_hole`` (every player scores a number on every
    hole; else a hole's cell lists the tokens won), ``roams`` (golfers play the holes
    in any order), what the fourth number of a standings row counts: ``count_key``
    (its name in exports) and ``count_title`` (its column's title), and ``spread``
    (each golfer plays its own hole at its own pace: a table names each golfer's hole
    rather than one hole in play); ``plays_out``: each golfer plays the hole out to its
    own end, so one golfer's arrival (a sunk putt with Reading the Greens) ends nobody
    else's hole (Stroke Play, Stableford, Golf Racing); else the first arrivals win the
    hole and everyone moves on at the end of that round."""

    name = "match"
    title = "Match Play"
    players = (2, 5)
    lower_wins = False
    unit = "points"
    legend = "F: flag, 1: 1-point token"
    scored_per_hole = False
    roams = False  # holes one after another (a table names the hole in play)
    count_key = "hole_in_ones"  # each player's hole-in-ones (the tie-break, but in Chaos Golf)
    count_title = "Holes in one"
    spread = False  # everyone on the same hole
    plays_out = False  # the first arrivals end the hole for everyone
    golfer_cards = True  # the players may play golfer cards (not in Solo Chaos Golf)

    def __init__(self):
        self.reached = []  # (seat, hole_in_one) of this round's arrivals, in turn order

    def green_tokens(self, hole):
        """The points of the tokens lying on hole ``hole``'s green (none in this mode)."""
        return 0

    def aims(self, game, p):
        """The greens a bot playing ``p`` heads for: by default every green it scores on."""
        return self.targets(game, p)

    def partner(self, game, p):
        """The hex ``(q, r)`` of ``p``'s second golfer, the one its turns do not move now
        (Chaos Teams); None: a player has one golfer."""
        return None

    def mover(self, game, seat):
        """Which of ``seat``'s golfers its turns move now, in words for the table's notes
        and the round lines (Chaos Teams: ``"golfer 2"``); None: a player has one golfer."""
        return None

    def before_shot(self, game, outs):
        """The turn's cards are drawn: a mode may ask a decision of its own here
        (``game.ask``; its handler resumes at the card or the aim). Nothing by default."""

    def between_turns(self, game, outs):
        """Before each round and each turn: a mode may ask a decision of its own
        (``game.ask``) or end the game; True if it did (nothing by default)."""
        return False

    def revealed(self, game):
        """What the mode keeps secret, shown once the game is over (None: nothing)."""
        return None

    def opponents(self, game):
        """Automated opponents that are no seats, for scorecards: ``(name, points,
        ((hole, kind), ...))`` each, the tokens they won (none by default)."""
        return ()

    def markers(self, game):
        """Golfers that are no seats (automated opponents), each ``(q, r)`` or None, shown
        on the LEDs in the seat colours after the players' (none by default)."""
        return ()

    def status(self, game):
        """The mode's own state as a line or two for the display ("" by default)."""
        return ""

    def output_text(self, game, out):
        """The table's note for an output of the mode's own (None: no note)."""
        return None

    def before_hands(self, game, outs):
        """Nothing to set up before the clubs in Match Play."""

    def start(self, game, outs):
        """Everyone on the first tee."""
        game.tee_off(game.seats(), 1, outs)

    def takes_part(self, game, p):
        """Everyone plays every round."""
        return True

    def targets(self, game, p):
        """Only the green of the hole being played scores; other greens play as fairway."""
        return (p.hole,)

    def hole_in_one(self, game, p, hole, tee_hole):
        """Rulebook: "scored on your first turn for the hole when you hit from the tee box
        and land on the green"."""
        return tee_hole == hole and p.turns == 1

    def on_reach(self, game, p, hole, hole_in_one, outs):
        """Note the arrival; the flag and tokens are handed out when the round ends."""
        self.reached.append((p.seat, hole_in_one))
        outs.append((OUT_REACHED, p.seat, hole))

    def on_water(self, game, p, outs):
        """Rulebook: "You miss your next turn. Lay your golfer down."."""
        p.miss_turn = True

    def on_out_of_bounds(self, game, p, outs):
        """No penalty beyond the lost turn (the engine returns the club to the hand)."""

    def extra_turn(self, game, p, moved):
        """No extra turns in Match Play."""
        return False

    def end_of_round(self, game, outs):
        """Score the hole if anyone reached it this round, then move on."""
        if not self.reached:
            return
        hole = game.players[self.reached[0][0]].hole
        first = True
        for seat, hole_in_one in self.reached:
            game.award(game.players[seat], hole, FLAG if first else TOKEN_1, 1, outs)
            first = False
        self.award_hole_in_ones(game, hole, self.reached, outs)
        self.reached = []
        game.next_hole(outs)

    def award_hole_in_ones(self, game, hole, arrivals, outs):
        """Hand a hole-in-one token to every ``(seat, hole_in_one)`` arrival that made one."""
        for seat, hole_in_one in arrivals:
            if hole_in_one:
                game.players[seat].hole_in_ones += 1
                outs.append((OUT_HOLE_IN_ONE, seat, hole))

    def standings(self, game):
        """Best score first (highest, or lowest when ``lower_wins``), then most
        hole-in-ones; players still level share the place."""
        return scoring.standings([p.score for p in game.players],
                                 [p.hole_in_ones for p in game.players], self.lower_wins)

    def state_ints(self, out):
        """Append the mode's own state as ints."""
        out.append(len(self.reached))
        for seat, hole_in_one in self.reached:
            out.extend((seat, int(hole_in_one)))
