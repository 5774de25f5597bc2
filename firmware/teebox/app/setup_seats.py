"""Where the players sit and which of them are bots: :class:`Seating`, the part of
:class:`~teebox.app.setup_flow.SetupFlow` behind the seats step and the bots step, and
what the table asks of it during a game (who sits at a reader, where a resumed game's
players sat)."""

from teebox.app.prompt import FREE, player_label
from teebox.app.setup_steps import S_BOTS, S_SEATS
from teebox.app.view import MAX_SEATS as MAX_PLAYERS
from teebox.core.hexgrid import DIR_NAMES, DIRECTIONS


class Seating:
    """The seats and the bots of :class:`~teebox.app.setup_flow.SetupFlow`.

    ``reader_seats`` are the profile seats of the readers when each seat has its own
    (two or more). The players then choose which of those seats they take: the
    direction buttons E NE NW W SW SE each sit at or leave one reader's seat, in seat
    order, and OK goes on once as many seats are taken as there are players (players
    are numbered in seat order); :meth:`player_at` then says who sits at a reader.
    With one reader the step only tells the players to sit in turn.

    Any player but one may be a bot (:data:`S_BOTS`, reached by holding OK at the
    players step): the direction buttons E NE NW W SW SE each make player 1 to 5 a
    bot or a person again; ``bot[p]`` is 1 for a bot. Bots count as players (the
    mode's range) and sit at a seat like anyone else. By default nobody is a bot.
    """

    def _init_seats(self, reader_seats):
        # (called by SetupFlow.__init__) Only as many readers as there are direction
        # buttons can be chosen with them.
        self.reader_seats = tuple(sorted(reader_seats))[:len(DIRECTIONS)]
        if len(self.reader_seats) < 2:
            self.reader_seats = ()
        self.taken = bytearray(len(self.reader_seats))  # 1: someone sits at that reader
        self.bot = bytearray(MAX_PLAYERS)  # 1: that player is a bot

    def seated(self):
        """How many reader seats are taken."""
        return sum(self.taken)

    def sit_in_order(self, players):
        """Seat ``players`` players at the first readers, in seat order (the choice
        before the players make one, and for a game resumed after a power cut)."""
        for i in range(len(self.taken)):
            self.taken[i] = 1 if i < players else 0

    def seats_of_players(self):
        """The profile seat of each player's reader (``bytes``, one per player): what
        the game journal keeps, so :meth:`sit_at` can put them back after a power cut.
        Without a choice of seats player ``p`` sits at seat ``p``."""
        if not self.reader_seats:
            return bytes(range(self.players))
        return bytes([self.reader_seats[i] for i in range(len(self.taken)) if self.taken[i]])

    def sit_at(self, seats, bots):
        """Seat the players of a resumed game as :meth:`seats_of_players` said
        (``seats``), ``bots`` the bot flag of each. Seats this board has no reader
        for put the players at the first readers."""
        self.players = len(bots)
        for p in range(MAX_PLAYERS):
            self.bot[p] = 1 if p < len(bots) and bots[p] else 0
        if not self.reader_seats:
            return
        for i in range(len(self.taken)):
            self.taken[i] = 1 if self.reader_seats[i] in seats else 0
        if self.seated() != len(bots):
            self.sit_in_order(len(bots))

    def bots(self):
        """How many of the players are bots."""
        return sum(self.bot[:self.players])

    def player_at(self, seat):
        """The player sitting at the reader of profile seat ``seat``: -1 if nobody
        does; ``seat`` itself when the players do not choose seats."""
        if not self.reader_seats:
            return seat
        n = 0
        for i in range(len(self.reader_seats)):
            if self.taken[i]:
                if self.reader_seats[i] == seat:
                    return n
                n += 1
        return -1

    def _keep_a_person(self):
        # Fewer players may leave only bots: the first player is a person again.
        if self.bots() >= self.players:
            self.bot[0] = 0

    # ------------------------------------------------------------ buttons and prompt

    def _seat_dir(self, st, d):
        # A direction button at the seats or bots step: R_REFUSED's reason (why), "" if
        # it did something, None if there is nothing to choose here.
        if st == S_SEATS and self.reader_seats:
            i = DIRECTIONS.index(d)
            if i >= len(self.reader_seats):
                return "no reader for %s" % DIR_NAMES[d]
            self.taken[i] ^= 1
        elif st == S_BOTS:
            p = DIRECTIONS.index(d)
            if p >= self.players:
                return "no P%d: %d players" % (p + 1, self.players)
            if not self.bot[p] and self.bots() + 1 >= self.players:
                return "one player must stay a person"
            self.bot[p] ^= 1
        else:
            return None
        return ""

    def _show_seating(self, st, n):
        # The prompt of the bots or the seats step (number ``n``): False if ``st`` is neither.
        p = self.prompt
        if st == S_BOTS:
            lines = ["%-3s%s" % (DIR_NAMES[DIRECTIONS[i]], player_label(i, self.bot[i]))
                     for i in range(self.players)]
            # LED-only: each person's colour, a bot dim.
            p.set("%d Bots: * is one\n%s\nButton: bot/not\nOK: next  BACK"
                  % (n, "\n".join(lines)), st, -1, 0, -1,
                  bytes([FREE if self.bot[i] else i for i in range(self.players)]))
        elif st == S_SEATS and self.reader_seats:
            self._show_reader_seats(n)
        elif st == S_SEATS:
            # Seat i passes to seat i + 1 on its left (the big hit discard; Play Nine's
            # deal and turns): sit in turn.
            names = "\n".join([player_label(s, self.bot[s]) for s in range(self.players)])
            p.set("%d Seats, to the\nleft in turn:\n%s\nOK: seated" % (n, names),
                  st, -1, 0, -1, bytes(range(self.players)))
        else:
            return False
        return True

    def _show_reader_seats(self, number):
        # One line per reader: its button, its seat and who sits there. The LED strip
        # has one cell per reader: the player's colour, or dim when the seat is free.
        lines = []
        strip = bytearray(len(self.reader_seats))
        n = 0
        for i in range(len(self.reader_seats)):
            who = "-"
            strip[i] = FREE
            if self.taken[i]:
                who = player_label(n, self.bot[n])
                strip[i] = n
                n += 1
            lines.append("%-3s%d %s" % (DIR_NAMES[DIRECTIONS[i]], self.reader_seats[i] + 1, who))
        done = "OK: seated" if n == self.players else "Button: sit/go"
        self.prompt.set("%d Seats %d/%d\n%s\n%s" % (number, n, self.players, "\n".join(lines),
                                                       done),
                        S_SEATS, -1, 0, -1, bytes(strip))
