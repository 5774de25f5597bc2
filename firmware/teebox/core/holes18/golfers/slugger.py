"""Slugger: carries the Driver from before the draft, picks four clubs, and the Driver goes
back to his hand after use; on his B-side he plays a Wood or the Driver on every tee box."""

from teebox.core import terrain
from teebox.core.holes18.golfers import is_wood
from teebox.core.holes18.player import Golfer


class Slugger(Golfer):
    """Slugger, ``side`` "A" or "B"."""

    name = "slugger"
    title = "Slugger"

    def __init__(self, side):
        self.side = side

    def carries_driver(self):
        """"Slugger must carry the driver"."""
        return True

    def keeps_club(self, club):
        """"During play, you never discard the driver." """
        return club.tee_only

    def select_reason(self, game, seat, club):
        """B-side: "Slugger must use a Wood or Driver on all tee boxes"."""
        if self.side != "B":
            return None
        p = game.players[seat]
        if game.course.terrain(p.q, p.r) != terrain.TEE or _long(game.clubs[club]):
            return None
        if not [c for c in p.hand if _long(game.clubs[c])]:
            return None  # no Wood and no Driver in hand (a hand given by the setup)
        return "Slugger (B-side) must use a Wood or the Driver on a tee box"


def _long(club):
    return club.tee_only or is_wood(club)
