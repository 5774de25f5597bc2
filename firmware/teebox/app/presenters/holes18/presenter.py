"""18 Holes on the table: club cards laid in secret, the action menu, aiming with the
direction buttons, option lists for decks and cards (see ``app/presenters/__init__.py``
for what a presenter does for the table, and ``docs/table-guide.md`` for the players).

A bot lays its club in secret as soon as selection opens (before anyone else can);
every other decision of a bot is shown (the preview) and taken a moment later, but a
secret one (Kelly Golf's target), taken at once unseen. A mode's or golfer's own
decision is an option list; a secret one stays hidden until its player presses OK to
peek (the others look away), and BACK hides it again. A golfer's offers at the engine's
own decisions join what is offered there: Bunjil's look at a deck the offers at club
selection (OK, then right/left), Slick Rikesh B's discarded clubs the action menu,
Lucky's redraws the list of cards; Bunjil's card is his player's alone
(``golfer_cards.py``).
"""

from teebox.app.presenters.holes18 import BAG
from teebox.app.presenters.holes18.motion import Motion
from teebox.app.presenters.holes18.screen import ACTION_LABELS, ACTIONS, DIRECTION_KINDS, Screen
from teebox.app.setup_flow import step_index
from teebox.app.view import FLASH_ACK
from teebox.core import hexgrid
from teebox.core.hexgrid import DIR_NAMES
from teebox.core.holes18 import bots, engine, modes
from teebox.core.holes18.game import DEALT, GOLFERS_OPTION, NO_GOLFERS
from teebox.core.holes18.protocol import (
    AIM, CHOOSE_ACTION, CHOOSE_CARD, CHOOSE_DECK, CHOOSE_OUTCOME, DECLINE,
    DISCARD_FOR_HITTER, EXIT_BUNKER, EXTRA, FOLLOW_SPECIAL, MOVE, PLAY, POLICY_KINDS,
    SELECT, SELECT_CLUB)

# Decisions answered from an option list (right/left to step, OK to confirm).
_LIST_KINDS = (CHOOSE_DECK, FOLLOW_SPECIAL, DISCARD_FOR_HITTER, CHOOSE_CARD, CHOOSE_OUTCOME)
# The actions OK alone takes (made once: a tuple of imported names is built at every use).
_OK_ACTIONS = (PLAY, EXIT_BUNKER)


def _module_data(expansions):
    # The shipped data of the modules the setup chose, read only for a game playing them.
    data = {}
    if "greens" in expansions or "wind" in expansions:
        from teebox import shipped
        if "greens" in expansions:
            data["greens"] = shipped.load_default_greens()
        if "wind" in expansions:
            data["wind"] = shipped.load_default_wind()
    return data


class Presenter:
    """18 Holes for one table (``table``: the shell, :class:`~teebox.app.table.Table`)."""

    def __init__(self, table):
        self.t = table
        self.motion = Motion(table)
        self.golfers = None  # a game's golfer cards (golfer_cards.py), when it has any
        self.greens = None   # a game's putting (putting.py), when it reads the greens
        self.screen = Screen(table, self.motion)
        self._owner = bytearray(len(table.clubs))  # per club: the seat holding it, 0xFF none
        self._dealt = False  # whether the clubs are dealt (the owners are known)

    @property
    def board(self):
        """The course the game is played on (the LEDs draw it)."""
        return self.t.game.course

    def all_at_once(self):
        """Whether everyone chooses at once now: clubs are laid while a bot's is planned."""
        return self.t.d.kind == SELECT_CLUB

    # ------------------------------------------------------------ starting

    def flow(self, setup):
        """What comes between the setup and the game: the chosen course loaded (None:
        it cannot be, the table said why), then the golfer cards when the players play
        them (dealt or chosen, in a mode that has them), then bag registration after a
        physical draft, or nothing (False) for first-game hands without golfers."""
        t = self.t
        if not t.load_course(setup.course):
            return None
        then = None
        if setup.option("hands") == BAG:
            from teebox.app.presenters.holes18.bags import BagRegistration
            then = BagRegistration(t.bindings, t.clubs, setup.players, t.seat_readers,
                                   setup.bot)
        deal = setup.option(GOLFERS_OPTION)
        if deal != NO_GOLFERS and modes.make(setup.mode).golfer_cards:
            from teebox.app.presenters.holes18.golfer_deal import GolferDeal
            # Dealt at random: from the game's seed when the table is given one (tests,
            # scripts), else from the time the players took to set up.
            seed = t.seed if t.seed is not None else t.clock.ticks_ms()
            return GolferDeal(setup.players, setup.mode, deal == DEALT, setup.bot, seed, then,
                              setup.option("expansions"))
        return then if then is not None else False

    def setup_note(self):
        """What the setup's last check says of the club cards: how many have a tag, and
        to learn the others first (a card without one is refused at the table)."""
        learned, needed = self.t.card_count()
        return "Cards %d/%d%s" % (learned, needed,
                                  "" if learned >= needed else "\nLearn cards 1st")

    def new_game(self, setup, seed, rng, flow=None):
        """The engine Game of the setup's answers (``flow``: the golfer cards and the
        bag registration before it, or the bag registration alone)."""
        t = self.t
        golfers = None
        bags = flow
        if flow is not None and hasattr(flow, "golfers"):
            golfers = flow.golfers()
            bags = flow.then
        hands = engine.FIRST_GAME if bags is None else bags.hands_with_bots(seed)
        expansions = setup.option("expansions")
        return engine.Game(t.course, t.clubs, t.shots,
                           engine.Setup(setup.players, setup.mode, seed, hands, golfers,
                                        bounds=setup.option("bounds"),
                                        expansions=expansions), rng, **_module_data(expansions))

    def begin(self, game):
        """``game`` is the table's: who owns which club card."""
        own = self._owner
        for c in range(len(own)):
            own[c] = 0xFF
        self._dealt = False
        # The golfer cards' code is imported only for a game that plays them.
        self.golfers = None
        if [p for p in game.players if p.rules.name]:
            from teebox.app.presenters.holes18.golfer_cards import GolferCards
            self.golfers = GolferCards(self.t)
        self.screen.golfers = self.golfers
        # So is the putting's (Reading the Greens).
        self.greens = None
        if "greens" in game.expansions:
            from teebox.app.presenters.holes18.putting import GreensTable
            self.greens = GreensTable(self.t)
        self.screen.greens = self.motion.greens = self.greens
        for p in game.players:
            self._dealt = self._dealt or bool(p.hand or p.discards)
            for c in p.hand:
                own[c] = p.seat
            for c in p.discards:
                own[c] = p.seat
            if p.chosen >= 0:
                own[p.chosen] = p.seat

    def resumed(self):
        """Rebuilt after a power cut: the golfers where they stood."""
        self.motion.sync_view()

    def leave(self):
        """The game is left: no animation goes on."""
        self.motion.stop()

    # ------------------------------------------------------------ decisions

    def enter(self):
        """Set the buttons up for whatever the engine waits for now."""
        t = self.t
        g = t.game
        d = t.d
        k = d.kind
        if not self._dealt:
            self.begin(g)  # the clubs are dealt after a mode's own setup (Skins' 5s)
        if self.golfers is not None:
            self.golfers.enter()
        greens = self.greens
        if greens is not None and not self.motion.landing:
            greens.sync(t.view)  # whose dice lie around the green now
        if k == SELECT_CLUB:
            # What OK (reset, a golfer's power) and BACK (decline an extra turn) may
            # offer, and for whom.
            # (Only the offers: every player's whole choices, its clubs included, were
            # the largest garbage of a turn; see docs/performance.md, "Heap".)
            for s in d.waiting:
                if t.is_bot(s):
                    continue  # a bot takes its own offers
                for c in g.offers(s):
                    t.opts.append(c)
                    t.opt_seats.append(s)
        elif k == CHOOSE_ACTION:
            legal = g.choices()
            for v in ACTIONS:
                if (v,) in legal:
                    t.opts.append((v,))
            # Then the mode's own offers (Chaos Teams: the other golfer) and the golfer's
            # (Slick Rikesh B's discarded clubs), in their words.
            t.opts += [c for c in legal if c[0] == EXTRA]
            t.sel = self._default_action()
        elif greens is not None and greens.enter():
            pass  # a putting decision: putting.py sets it up
        elif k in _LIST_KINDS or k >= POLICY_KINDS:
            # (a mode's or golfer's own decision is an option list of its EXTRA choices)
            t.opts = g.choices(d.players[0])
            t.sel = -1 if self.secret() else 0

    def secret(self):
        """Whether the decision now is a secret one of the mode or of the deciding
        player's golfer: its options are shown to the deciding player alone, after it
        asks to peek."""
        t = self.t
        k = t.d.kind
        return k >= POLICY_KINDS and (k in t.game.mode.secret_kinds or (
            t.d.players and k in t.game.players[t.d.players[0]].rules.secret_kinds))

    def bot(self, seat):
        """The choice of the bot at ``seat``. Seeded by the game, the round, the decision
        and the seat, never by the clock, nor by who chose before it: a game resumed
        after a power cut goes on as it would have."""
        g = self.t.game
        seed = (((((g.setup.seed << 12) + g.round) << 4) + self.t.d.kind) << 3) + seat
        return bots.SensibleBot(seed).choose(g, seat)

    def bot_at_once(self, choice):
        """A club is laid in secret as soon as selection opens: before anyone else can
        choose, so the log is the same however fast the people are."""
        d = self.t.d
        return (d.kind == SELECT_CLUB and not d.extra) or self.secret()

    def act(self, seat, choice):
        """Take ``choice`` for ``seat`` (a bot's), as a person's would be taken."""
        if self._in_secret(choice):
            self._chose(seat, self.t.shared(choice))
        else:
            self.t.apply(choice, seat)

    def _in_secret(self, choice):
        # A club, or an action card on the green, is laid in secret: only who chose shows.
        return choice[0] == SELECT or (self.greens is not None and self.t.d.kind == SELECT_CLUB
                                       and self.greens.is_action(choice))

    def outputs(self, outs):
        """Animate the engine's outputs of a choice made (the play order shown so far
        stops blinking) and say what the golfers' powers did."""
        self.motion.clear_order()
        self.motion.outputs(outs)
        if self.golfers is not None:
            self.golfers.outputs(outs)
        if self.greens is not None:
            self.greens.outputs(outs)

    def tick(self, now):
        """Flights landing, the play order blinking."""
        self.motion.tick(now)

    def busy_until(self):
        """When the ball in the air lands (None: none is)."""
        return self.motion.land_at if self.motion.landing else None

    def show(self):
        """The OLED text and LED-only prompt of the decision now."""
        return self.screen.show()

    def standings_line(self, row):
        """A line of the final standings: place, player, score, a star per hole-in-one or
        (Kelly Golf) own secret target claimed: the mode's count (Skins' play-off wins are
        said by the place alone); with automated opponents (Solo Chaos Golf) their points
        and the deck rank beaten."""
        place, seat, score, count = row
        g = self.t.game
        stars = count if g.mode.count_key in ("hole_in_ones", "targets") else 0
        line = "%d. P%d %d%s" % (place, seat + 1, score, " *" * stars)
        others = g.mode.opponents(g)
        if others:
            # Automated opponents (Solo Chaos Golf): their points, and the rank beaten.
            line += "\nvs %s" % " ".join([str(points) for _name, points, _t in others])
            if count:
                line += "\nRank %d beaten" % count
        return line

    def _default_action(self):
        # Playing the club is the usual action, so OK alone does it; in a bunker
        # without the Sand Wedge it is getting out (then the first action the rules
        # allow). A big hit or a reset must be picked on purpose.
        opts = self.t.opts
        if opts and opts[0][0] in _OK_ACTIONS:
            return 0
        return -1

    # ------------------------------------------------------------ buttons

    def on_dir(self, d):
        """A direction: a one-hex move, an aim, or the next/previous option."""
        t = self.t
        k = t.d.kind
        if self.greens is not None and self.greens.picking():
            self.greens.on_dir(d)
        elif k == CHOOSE_ACTION:
            if (MOVE, d) not in t.game.choices():
                t.refuse("no move %s from here" % DIR_NAMES[d])
                return
            t.sel = -1
            t.choice = (MOVE, d)
        elif k in DIRECTION_KINDS:
            t.choice = (AIM, d)
        elif t.sel < 0 and self.secret():
            return  # hidden: only OK peeks
        elif t.opts:
            t.sel = 0 if t.sel < 0 else step_index(t.sel, len(t.opts), d)
        else:
            return
        t.show_decision()

    def on_more(self):
        """Holding OK: the next action of the menu, or the next option; at club selection
        a player with a private card (Bunjil's look) sees it until OK is let go."""
        t = self.t
        k = t.d.kind
        if self.golfers is not None and self.golfers.peeker() >= 0 and t.sel < 0:
            self.golfers.showing = True
            t.show_decision()
        elif self.greens is not None and self.greens.picking():
            self.greens.roll()
        elif k == CHOOSE_ACTION:
            if not t.opts:
                return
            t.choice = None
            t.sel = (t.sel + 1) % len(t.opts) if t.sel >= 0 else 0
            t.show_decision()
        elif k not in DIRECTION_KINDS:
            self.on_dir(hexgrid.E)  # holding OK: the next option

    def on_let_go(self):
        """OK let go after a hold: a private card shown is hidden again."""
        if self.golfers is not None and self.golfers.showing:
            self.golfers.showing = False
            self.t.show_decision()

    def on_ok(self):
        """Confirm the selected choice (or show the reset offer, or say why not)."""
        t = self.t
        choice = t.selected()
        if self.greens is not None and self.greens.picking():
            self.greens.on_ok()
            return
        if choice is None:
            if t.opts and self.secret():
                t.sel = 0  # the player peeks at its secret options
                t.show_decision()
            elif t.d.kind == SELECT_CLUB and [c for c in t.opts if c != (DECLINE,)]:
                # The first OK shows the first offer (a reset, a golfer's power), the
                # second takes it.
                t.sel = [i for i in range(len(t.opts)) if t.opts[i] != (DECLINE,)][0]
                t.show_decision()
            elif t.d.kind == CHOOSE_ACTION:
                t.refuse(self._why_no_play())
            return
        if self._in_secret(choice):
            self._chose(t.acting(), t.shared(choice))
            return
        t.apply(choice, t.acting())

    def _why_no_play(self):
        # OK alone plays the club, unless the rules forbid it here: why, and what instead.
        t = self.t
        d = t.d
        club = t.clubs[d.club]
        why = "the %s cannot be played here" % club.name
        if not t.game.usable(d.player, d.club):
            why = "the %s plays from a tee box only" % club.name
        # (in the prompt's own words: "Hold OK: action", "Dir: move 1")
        ways = ["Hold OK: " + ACTION_LABELS[ACTIONS.index(c[0])].lower() for c in t.opts
                if c[0] != EXTRA]
        if [c for c in t.game.choices() if c[0] == MOVE]:
            ways.append("Dir: move 1")
        return why + (". " + "; ".join(ways) if ways else "")

    def on_back(self):
        """Undo the selection (BACK at club selection offers to decline an extra turn)."""
        t = self.t
        k = t.d.kind
        t.choice = None
        if k == CHOOSE_ACTION:
            t.sel = self._default_action()
        elif k == SELECT_CLUB:
            # BACK says no to an offer shown; with none shown, it offers to decline
            # the extra turn (when one is offered).
            if t.sel < 0 and (DECLINE,) in t.opts:
                t.sel = t.opts.index((DECLINE,))
            else:
                t.sel = -1
        elif self.greens is not None and self.greens.picking():
            self.greens.on_back()
        elif self.secret():
            t.sel = -1  # hidden again
        elif t.opts:
            t.sel = 0

    # ------------------------------------------------------------ club cards

    def on_scan(self, seat, uid):
        """A club card laid while playing: chosen in secret for its owner."""
        t = self.t
        if seat is not None and t.is_bot(seat):  # (nobody's reader was refused before)
            t.refuse("%s is a bot: its clubs stay in the box" % t.label(seat))
            return
        if t.d.kind != SELECT_CLUB:
            t.refuse("not now: clubs are chosen at the start of a round")
            return
        club = t.bindings.piece_of(uid)
        if club < 0:
            t.refuse("unknown card")
            return
        owner = self._owner[club]
        name = t.clubs[club].name
        if owner == 0xFF:
            t.refuse("the %s is in no hand" % name)
            return
        if t.is_bot(owner):
            t.refuse("the %s is a bot's (%s): it stays in the box" % (name, t.label(owner)))
            return
        if t.seat_readers and seat is not None and seat >= 0 and seat != owner:
            t.refuse("the %s is P%d's club" % (name, owner + 1))
            return
        if owner not in t.d.players:
            t.refuse("P%d sits this round out" % (owner + 1))
            return
        if t.game.players[owner].chosen == club:
            t.flash_now(FLASH_ACK, owner)  # the same card again: still chosen
            return
        self._chose(owner, t.shared((SELECT, club)))

    def _chose(self, seat, choice):
        # A club chosen in secret (a card laid, or a bot's pick): acknowledged in the
        # seat's colour, saying only who chose.
        t = self.t
        outs = t.take(choice, seat)
        if outs is None:
            return
        t.note = "%s chose" % t.label(seat)
        t.flash_now(FLASH_ACK, seat)
        self.motion.outputs(outs)
        t.enter()
