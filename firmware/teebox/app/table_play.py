"""The table's play: the decision pending, what the buttons choose from, bots for
empty seats, and handing choices to the rules.

:class:`PlayKeeper` is the part of :class:`~teebox.app.table.Table` that does this
(the table derives from it); what a game looks like is its presenter's
(``app/presenters/``).
"""

from teebox.app.setup_flow import player_label
from teebox.core.contract import GAME_OVER, IllegalMove

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

PH_OVER = const(4)    # (the table's phase once the game is over)
BOT_MS = const(600)   # a bot's decision is shown this long (after any animation) first


class PlayKeeper:
    """The table while a game is played. Needs the table's ``game``, ``presenter``,
    ``view``, ``clock``, ``now``, ``inputs``, ``play_prompt`` and ``refuse``; keeps
    ``d`` (the decision pending), ``opts`` / ``sel`` / ``choice`` / ``opt_seats``
    (what the buttons choose from) and the bots' plans."""

    def options(self):
        """The choices the buttons step through now (a list of choice tuples)."""
        return self.opts

    def selected(self):
        """The choice OK would confirm now, or None."""
        if 0 <= self.sel < len(self.opts):
            return self.opts[self.sel]
        return self.choice

    def is_bot(self, seat):
        """Whether ``seat`` (a seat of the game in play) is a bot."""
        return self._bot[seat] == 1

    def label(self, seat):
        """How the display names a seat of the game in play (``"P2 yellow*"``: a bot)."""
        return player_label(seat, self._bot[seat])

    def acting(self):
        """The seat the selected choice is for."""
        if self.opt_seats and self.sel >= 0:
            return self.opt_seats[self.sel]
        return self.d.players[0] if self.d.players else -1


    def _clear_choice(self):
        self.opts = []
        self.sel = -1
        self.choice = None
        self.opt_seats = []

    def enter(self):
        """Set the buttons up for whatever the rules wait for now."""
        self.d = d = self.game.pending()
        self._quit = False
        self._clear_choice()
        self.view.clear_path()
        self.view.cursor = -1
        self.view.active = d.player
        if d.kind == GAME_OVER:
            self.phase = PH_OVER
            self.view.active = -1
        else:
            self.presenter.enter()
        self._bot_plan()
        self.show_decision()

    def _bot_plan(self):
        """If a bot decides now: its choice is selected (the presenter shows what it will
        do, as for a person) and timed for ``tick``, or taken at once."""
        self._bot_next = None
        seat = -1
        for s in self.d.waiting:  # (who decides now: one seat, or all still to choose)
            if self._bot[s]:
                seat = s
                break
        if seat < 0:
            return
        pr = self.presenter
        c = pr.bot(seat)
        self._bot_next = (seat, c)
        if pr.bot_at_once(c):
            self._bot_act()
            return
        if c in self.opts:
            self.sel = self.opts.index(c)
        else:
            self.choice = c
            self.sel = -1
        busy = pr.busy_until()
        self._bot_at = self.clock.ticks_add(self.now if busy is None else busy, BOT_MS)

    def _bot_act(self):
        # The bot's planned choice, through the same path as a person's.
        seat, c = self._bot_next
        self._bot_next = None
        self.presenter.act(seat, c)

    def _for_bot(self):
        # A bot decides now (not a choice everyone makes at once, where people choose
        # meanwhile): buttons cannot act for it (but may still quit the game).
        if (self._bot_next is not None and not self.presenter.all_at_once()
                and not self._quit):
            self.refuse("%s is a bot: it plays by itself" % self.label(self._bot_next[0]))
            return True
        return False

    def shared(self, choice):
        """``choice``, as one tuple shared by equal choices: the rules keep every input
        for the game log, so a whole game then holds a few dozen choice tuples instead
        of one per input."""
        got = self._choices.get(choice)  # (keyed by every number: a choice may have three)
        if got is None:
            self._choices[choice] = got = choice
        return got

    def take(self, choice, seat):
        """Hand ``choice`` for ``seat`` to the rules and journal it; returns their
        outputs, or None once the table has shown why they refuse it."""
        choice = self.shared(choice)
        try:
            outs = self.game.apply(choice, seat)
        except IllegalMove as exc:
            self.refuse(str(exc))
            return None
        if self.inputs is not None:
            self.inputs(seat, choice)
        return outs

    def apply(self, choice, seat):
        """Take ``choice`` for ``seat`` (:meth:`take`), animate what happened and go
        on to the next decision."""
        outs = self.take(choice, seat)
        if outs is not None:
            self.note = ""
            self.presenter.outputs(outs)
            self.enter()

    def show_decision(self):
        """Write the display form and the LED-only form of the decision now."""
        pr = self.play_prompt
        if self._quit:
            pr.set("Quit this game?\nOK: quit\nBACK: play on", 0, -1, 1, 0)
            text = pr.text
        elif self.d.kind == GAME_OVER:
            lines = ["Game over"]
            order = []
            for row in self.game.standings():
                lines.append(self.presenter.standings_line(row))
                order.append(row[1])
            lines.append("OK: new game")
            pr.set("\n".join(lines), GAME_OVER, -1, 0, -1, bytes(order))
            text = pr.text
        else:
            text = self.presenter.show()
        if self.note and not self._quit:
            # (joined at once: text + "\n" + note made the whole text twice, at every
            # decision a note follows)
            text = "\n".join((text, self.note))
        self._say(text)

