"""Movement in 18 Holes: how a golfer's lie plays, the flight of a shot or a one-hex
move, and what the landing cell does (water, out of bounds, a green that scores:
the mode decides through its hooks).

A part of :class:`~teebox.core.holes18.engine.Game` (its state lives there).
"""

from teebox.core import hexgrid, terrain
from teebox.core.holes18 import flight
from teebox.core.holes18.protocol import GREEN, NORMAL, OUT_FLIGHT, OUT_MOVE, OUT_OF_BOUNDS, WATER


class Movement:
    """Flights and landings: :class:`~teebox.core.holes18.engine.Game` inherits these."""

    def usable(self, seat, club):
        """Whether a club in hand can be played where the golfer stands (Driver: tee boxes)."""
        p = self.players[seat]
        return not self.clubs[club].tee_only or self.course.terrain(p.q, p.r) == terrain.TEE

    def lie(self, seat, club=-1):
        """How a shot by ``seat`` plays from where it stands (``flight.LIE_*``).

        With ``club`` given, the Sand Wedge's bunker-as-rough power applies.
        """
        p = self.players[seat]
        lie = self.effects.lie_at(self, p)
        if lie == flight.LIE_BUNKER and club >= 0 and self.clubs[club].sand_as_rough:
            return flight.LIE_ROUGH
        return lie

    def simulate_shot(self, shot, outcome, direction):
        """Where the current turn's ball would land with card ``shot`` (-1 for a wood).

        Read-only; uses the turn's player, club and lie. Returns
        ``(path, (q, r), outcome, hit_tree)`` with GREEN for a green that scores.
        """
        p = self._turn_player()
        return self._classify(p, self._flight(p, shot, outcome, direction))

    def shot_hexes(self, shot, outcome, direction):
        """The hexes the current turn's ball would fly over with card ``shot`` (-1: a
        wood), before the wind, and whether it is a chip: ``(hexes, chip)`` (read-only)."""
        return self._flight_hexes(self._turn_player(), shot, outcome, direction)

    def simulate_move(self, direction):
        """Where moving the current turn's golfer one hex would put it (read-only)."""
        p = self._turn_player()
        return self._classify(p, self._step(p, direction))

    def _turn_player(self):
        if self.t_player < 0:
            raise ValueError("no turn is being played: nothing to simulate")
        return self.players[self.t_player]

    def _flight(self, p, shot, outcome, direction):
        # The raw flight of a card (or a wood when shot < 0) from p's position.
        hexes, chip = self._flight_hexes(p, shot, outcome, direction)
        return self.effects.fly(self.course, p.q, p.r, hexes, chip)

    def _flight_hexes(self, p, shot, outcome, direction):
        # The hexes a card's (or a wood's) flight path passes from p, and whether it chips.
        lie = self.lie(p.seat, self.t_club)
        c = self.clubs[self.t_club]
        if shot < 0:
            steps = flight.wood_steps(c, lie)
            chip = False
        else:
            card = self.shot_list[shot]
            hybrid = c.no_rough_penalty and self.effects.hybrids_help(
                self.course.terrain(p.q, p.r))
            steps = flight.shot_steps(card.outcomes[outcome], lie, hybrid)
            chip = card.deck == "C"  # a super out of the chip deck loses the fly-over
        return flight.path_hexes(p.q, p.r, direction, steps), chip

    def _step(self, p, direction):
        q, r = hexgrid.neighbour(p.q, p.r, direction)
        return self.effects.fly(self.course, p.q, p.r, [(q, r)])

    def _classify(self, p, res):
        # The outcome a player sees: water a golfer ignores is nothing; a scoring green is GREEN.
        path, land, outcome, hit_tree = res
        was = outcome
        if outcome == WATER and not p.rules.water_applies(self.course.terrain(land[0], land[1])):
            outcome = NORMAL
        if outcome == NORMAL or outcome == WATER:  # WATER: back ashore from the ocean
            hole = self.course.green_hole(land[0], land[1])
            if hole and hole in self.mode.targets(self, p):
                outcome = GREEN
        if outcome == was:
            return res  # (the flight's own tuple: no new one at every preview and landing)
        return path, land, outcome, hit_tree

    def _land(self, p, res, tee_hole, outs, kind):
        # Move the golfer as ``res`` says and apply what the landing cell does.
        # ``tee_hole``: the hole whose tee box the shot was hit from (0: not a hit
        # from a tee box). Returns whether the golfer moved.
        path, land, outcome, hit_tree = self._classify(p, res)
        self.effects.landed(self, p, land, outcome)
        start = p.position()
        if kind == OUT_MOVE:
            outs.append((OUT_MOVE, p.seat, land, outcome))
        else:
            outs.append((OUT_FLIGHT, p.seat, path, land, outcome, int(hit_tree)))
        if outcome == OUT_OF_BOUNDS:
            # "your golfer remains where they hit the shot. Return your club to your hand"
            self.t_out = True
            p.out += 1
            self.mode.on_out_of_bounds(self, p, outs)
            return False
        p.q, p.r = land
        if outcome == WATER:
            p.water += 1
            self.mode.on_water(self, p, outs)
        elif outcome == GREEN:
            hole = self.course.green_hole(land[0], land[1])
            hole_in_one = self.mode.hole_in_one(self, p, hole, tee_hole)
            came = start
            for cell in path:  # the last hex of the flight before the green
                if cell == land:
                    break
                came = cell
            played = False
            for x in self.added:
                played = x.on_green(self, p, hole, came, hole_in_one, outs) or played
            if not played:
                self.mode.on_reach(self, p, hole, hole_in_one, outs)
        return land != start


