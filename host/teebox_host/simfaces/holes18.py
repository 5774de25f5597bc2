"""18 Holes in the simulator: the scorecard of tokens won (or strokes, points) hole by
hole, the even standings of Stroke Play, where the ball flew and why, the clubs in each
hand, and every question of the table explained (see ``simfaces/__init__.py``).

The scorecard follows the game the table plays: a shadow game on the host gets the
table's inputs and a :class:`~teebox_host.scorecard.Tally` reads its outputs.
"""

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text

from teebox.core import hexgrid, scoring, terrain
from teebox.core.hexgrid import DIR_NAMES
from teebox.core.holes18 import engine
from teebox.core.holes18.expansions import greens_play
from teebox.core.holes18.expansions.greens_play import OUT_ACE_ROLL, OUT_MALLET_ROLL, OUT_PUTT
from teebox.core.holes18.expansions.putting import OUTCOME_NAMES, SUNK
from teebox.core.holes18.legality import decision_name
from teebox.core.holes18.protocol import (
    BUNKER, CHOOSE_ACTION, CHOOSE_CARD, CHOOSE_DECK, CHOOSE_OUTCOME, DECLARE_DIRECTION,
    DISCARD_FOR_HITTER, DRAFT_PICK, FOLLOW_SPECIAL, GAME_OVER, GREEN, HIT_DIRECTION,
    OUT_FLIGHT, OUT_GUST, OUT_MOVE, OUT_OF_BOUNDS, OUT_PENALTY, OUT_TURN, POLICY_KINDS,
    SELECT_CLUB, WATER)
from teebox_host import render, scorecard
from teebox_host.simfaces import GameFace, player_label as _label


class Face(GameFace):
    """18 Holes' face (``WORDS``: :data:`RULE_WORDS`). ``tally`` is the scorecard of the game (a ``scorecard.Tally``),
    ``shot`` what the last ball did and why (a rich Text, None before the first)."""

    def __init__(self, sim, game, name):
        GameFace.__init__(self, sim, game, name)
        t = sim.table
        self.shadow = engine.Game(game.course, t.clubs, t.shots, game.setup,
                                  greens=game.green_cards, wind=game.wind_cards)
        self.tally = scorecard.Tally(self.shadow)
        self.tally.feed(self.shadow.initial_outputs)
        self.shot = None
        self._club = {}   # seat -> the club of its turn

    def follow(self):
        """Replay the table's new inputs on the shadow game and tally its outputs."""
        g = self.game
        for seat, choice in g.inputs[len(self.shadow.inputs):]:
            outs = self.shadow.apply(choice, seat)
            for o in outs:
                if o[0] == OUT_TURN and o[2] >= 0:  # (a putt or a change of position: no club)
                    self._club[o[1]] = self.sim.table.clubs[o[2]]
            self.shot = shot_report(outs, self.tally.positions, g.course, self._club) or (
                self.shot)
            self.tally.feed(outs)

    def title(self):
        """The hole(s) the golfers are on and the round."""
        g = self.game
        holes = sorted(set(p.hole for p in g.players))
        words = "".join([" \u00b7 " + x.status_text(g) for x in g.added if x.status_text(g)])
        return " \u00b7 hole %s \u00b7 round %d%s" % ("/".join(str(h) for h in holes), g.round,
                                                    words)

    def card_groups(self):
        """Each seat's hand and played clubs."""
        return [(p.seat, sorted(p.hand), sorted(p.discards)) for p in self.game.players]

    @staticmethod
    def flow_status(out, flow):
        """The golfer cards (who takes one now), then bag registration: whose bag is
        scanned now, or OK to start."""
        if hasattr(flow, "golfers"):
            if flow.active is None:
                if flow.at >= flow.players:
                    out.append("Golfer cards taken: OK plays (BACK: choose again).",
                               style="bold")
                else:
                    out.append_text(_label(None, flow.at))
                    out.append(": take a golfer card and side (d e x: next, a w z: "
                               "previous), OK.")
                return
            flow = flow.active
        seat = flow.seat()
        if seat < 0:
            out.append("Bags ready: OK starts the game.", style="bold")
        else:
            out.append_text(_label(None, seat))
            out.append(": lay the five clubs of your bag on the reader (c).")

    @staticmethod
    def flow_groups(flow):
        """Each seat's bag as far as it is registered (none while golfer cards are taken)."""
        return [(s, list(flow.hands[s]), []) for s in range(len(flow.hands))]

    def status(self, out, d):
        """Whose decision it is, what the buttons do and what the question means."""
        t = self.sim.table
        k = d.kind
        if k == SELECT_CLUB:
            out.append("Round %d: waiting for " % self.game.round, style="bold")
            for i, s in enumerate(d.waiting):
                if i:
                    out.append(", ")
                out.append_text(_label(t, s))
            out.append(" to lay a club face down (c).")
            greens = t.presenter.greens
            if greens is not None and greens.offer():
                out.append(" On the green: OK shows your action card to you alone (the "
                           "others look away), d e x: the other card, OK: lay it.")
            return
        # Who decides now: the player on the left discards for a big hitter.
        out.append_text(_label(t, d.players[0] if d.players else d.player))
        out.append(": %s. " % self._question(k).replace("\n", " "))
        secret = k >= POLICY_KINDS and k in self._policy(k).secret_kinds
        greens = t.presenter.greens
        if greens is not None and greens.picking():
            out.append("d e x / a w z: the next / previous die (then the others' pool dice, "
                       "then ROLL), OK: pick or unpick it (on ROLL: putt), l (hold OK): putt.")
        elif secret and t.selected() is None:
            out.append("Secret: the others look away; OK: peek.")
        elif k >= POLICY_KINDS:
            out.append("d e x: the other option, OK: confirm%s." % (", BACK: hide" if secret
                                                                   else ""))
        elif k == CHOOSE_ACTION and t.selected() is None:
            out.append("The club cannot be played here (OK says why): a direction moves one "
                       "hex that way; l (hold OK): the other actions.")
        elif k == CHOOSE_ACTION:
            out.append("OK: play the club; a direction: move one hex that way; l (hold OK): "
                       "the other actions.")
        elif k == DECLARE_DIRECTION or k == HIT_DIRECTION:
            out.append("Pick a direction (w e d x z a), then OK; BACK clears it.")
        elif k != GAME_OVER:
            out.append("d e x: next option, a w z: previous, OK: confirm.")
        why = EXPLAIN.get(k)
        if k == CHOOSE_DECK:
            why += " This club: %s." % self.sim.club_reach(d.club)
        if why:
            out.append("\n" + why, style="italic")
        if self.shot is not None:
            out.append("\nLast shot: ", style="bold")
            out.append_text(self.shot)

    def _policy(self, k):
        # The mode, the golfer of the seat deciding or a module, whose own decision ``k`` is.
        g = self.game
        d = g.pending()
        seat = d.players[0] if d.players else d.player
        legal = g.choices(seat) if seat >= 0 else []
        for x in g.added:  # an expansion module's own decision (the wind's)
            if legal and legal[0][1] in x.extras:
                return x
        if legal and legal[0][1] not in g.mode.extras:
            return g.players[seat].rules
        return g.mode

    def _question(self, k):
        # A mode's or golfer's own decision in its words (Kelly Golf: "Keep which
        # target?", Dorian: "Dorian: which club never expires?").
        if k >= POLICY_KINDS:
            return self._policy(k).decision_text(self.game, k)
        return decision_name(k)

    def key(self):
        """The tally and how many outputs it has read."""
        return (self.tally, len(self.tally.game.inputs))

    def standings_rows(self):
        """The standings now: where fewer strokes win, mid-game, over the holes every
        player has finished (:func:`even_standings`)."""
        if self.tally.mode.lower_wins and not self.game.over:
            return even_standings(self.tally)
        return GameFace.standings_rows(self)

    def extra(self, count):
        """A standings row's hole-in-ones, as its last words."""
        return ", " + render.count(count, "hole-in-one", "holes-in-one") if count else ""

    def scorecard(self):
        """A row per player (in the table's colours), a column per hole so far, totals,
        standings; at the end of a game the final card with the winners."""
        tally = self.tally
        t = self.sim.table
        g = tally.game
        mode = tally.mode.name
        crs = tally.course
        current = set(p.hole for p in g.players) if not g.over else set()
        card = RichTable(box=None, padding=(0, 1), show_edge=False, header_style="bold")
        card.add_column("Hole")
        for h in range(1, crs.hole_count + 1):
            card.add_column(str(h), justify="center",
                            header_style="bold reverse" if h in current else "bold")
        card.add_column("Total", justify="right")
        card.add_row("Par", *[str(crs.hole(h)[0]) for h in range(1, crs.hole_count + 1)],
                     str(render.total_par(crs)), style="dim")
        standings = g.standings()
        totals = dict((row[1], row[2]) for row in standings)
        for seat in range(tally.players):
            cells = []
            for h in range(1, crs.hole_count + 1):
                lines = tally.holes.get(h)
                cells.append(scorecard.hole_cell(mode, lines[seat]) if lines else "")
            card.add_row(self._player(t, seat), *cells, Text(str(totals[seat]), style="bold"))
        parts = [card, Text(scorecard.LEGEND[mode], style="dim"), self.places()]
        if g.over:
            parts = [Text("Final scorecard: %s, %s" % (g.mode.title, crs.name),
                          style="bold")] + parts
            parts += scorecard.summary_lines(tally)[1:]
        return Group(*parts)

    def _player(self, t, seat):
        # A scorecard row's player: the label, and its golfer card with its power.
        label = _label(t, seat)
        rules = self.game.players[seat].rules
        if rules.name:
            state = rules.power_state(self.game, seat)
            label.append(" %s %s%s" % (rules.title, rules.side, "" if state is None else (
                ", ready" if state else ", used")), style="italic")
        return label

    # ------------------------------------------------------------ printed (sim_cmd)

    def describe(self):
        """Mode and course, and a rule variation chosen at setup: ``Stroke Play on The
        Nine`` or ``Skins on Starter Course (out of bounds: through)``."""
        bounds = self.game.setup.bounds
        return "%s on %s%s" % (self.game.mode.title, self.game.course.name,
                               "" if bounds == engine.STRICT else " (out of bounds: %s)" % bounds)

    def waiting(self):
        """The round and the decision the game waits for."""
        return "round %d, waiting for %s" % (self.game.round,
                                              self._question(self.game.pending().kind))

    def final(self):
        """The final scorecard of ``scorecard.final_view`` (the leaders, mid-game)."""
        self.follow()
        return scorecard.final_view(self.tally)


# The help screen (?): the keys, the board, the words of the game.
RULE_WORDS = (
    ("Initiative", "the number on a club card. Each round the lowest plays first."),
    ("Shot decks", "2 to 5: the higher, the further the flight (the card box shows each "
                   "club's decks and range). C, the chip deck: 2 hexes, over trees, the "
                   "direction said before the draw."),
    ("Flight SSLR", "a shot card's path, a letter per hex from the golfer: S straight on, "
                    "L and R bend left and right. You pick the direction it leaves in."),
    ("super>N, short>N", "draw again from deck N (super: longer, short: shorter) and play "
                         "the new card, or stop and play a card already drawn."),
    ("shuffle", "the deck's discards go back in; draw again from the same deck."),
    ("wild N", "a card with N flights: pick one."),
    ("Big hit", "one card more than usual, from the deck above the club's highest; the "
                "player on the left throws one away, you play one of the rest."),
    ("Woods", "fly a set number of hexes straight (fewer from the rough), no card."),
    ("Rough", "from the rough a shot flies one hex less (the card's rough mark); hybrids "
              "and chips do not mind it."),
    ("Trees", "stop the ball: it drops one hex back along its flight."),
    ("Water", "miss your next turn, then play from there as rough (Stroke Play: +1 stroke "
              "instead)."),
    ("Bunker", "get out first: say a direction, the card's bunker icon decides."),
    ("Out of bounds", "off the course: the golfer stays, the club goes back to the hand "
                      "(Stroke Play: +1 stroke)."),
    ("Driver", "only from a tee box. A club you cannot use lets you reset your hand "
               "(take your discards back) before choosing."),
    ("Reset hand", "all your played clubs back into your hand."),
    ("Reading the Greens", "on the green lay PUTT or CHANGE POSITION in secret (OK shows "
                           "your cards). Putt: roll dice toward your side's target; the board "
                           "lights the sides in the colour of the dice they need, and the "
                           "dice around them."),
)


# What each question of the table means, one line (the OLED has room for a word or two).
EXPLAIN = {
    DRAFT_PICK: "Club draft: take one club from the hand passed to you; the rest go on.",
    CHOOSE_DECK: "Which deck?: the shot deck to draw from. Higher decks fly further; "
                 "C is the chip deck (2 hexes, over trees, direction said first).",
    DECLARE_DIRECTION: "Chip or bunker exit: say the direction BEFORE the card is drawn; "
                       "the card then decides where the ball ends.",
    FOLLOW_SPECIAL: "Follow a card?: a super (longer) or short (shorter) card, e.g. "
                    "short>4, says: draw again from that deck and play the new card. Follow "
                    "it, or Stop and play a card already drawn.",
    DISCARD_FOR_HITTER: "Big hit: the player on the hitter's left throws away one of the "
                        "drawn cards; the hitter plays one of the others.",
    CHOOSE_CARD: "More than one card drawn: pick the one to play (its flight shows on "
                 "the board).",
    HIT_DIRECTION: "Aim SSSSR: the card's flight, a letter per hex: S straight on, L and R "
                   "bend left and right. Pick the direction it leaves in; the board shows "
                   "where it would land.",
    CHOOSE_OUTCOME: "A wild card: pick which of its flights to play.",
    greens_play.PUTT_DICE: "Reading the Greens: pick the dice to roll toward your side's "
                           "target (kept dice count again; one pool die of another player may "
                           "join). Reach it, at most 10 above: an even flag tally sinks it, an "
                           "odd one leaves it by the cup.",
    greens_play.ACE_DICE: "A hole-in-one on the green from the tee: roll for the card's highest "
                          "target + 1 in one roll.",
    greens_play.USE_MALLET: "The Mallet Putter: discard it to re-roll one die of this putt.",
    greens_play.NEW_SIDE: "CHANGE POSITION: move to a side next to yours (its target shows).",
    greens_play.GAP_SIDE: "The Gap Wedge landed on the green: putt from any side you like.",
}



# ---------------------------------------------------------------- what a ball did


def shot_report(outs, positions, course, clubs):
    """What the ball did in a batch of engine outputs and why, as a rich Text (None: no
    ball flew or was putted). ``positions``: each golfer's ``(q, r)`` before the batch;
    ``clubs``: the club of each seat's turn (the rough costs no distance with some)."""
    text = None
    penalty = [o for o in outs if o[0] == OUT_PENALTY] != []  # (Stroke Play)
    gusts = [o for o in outs if o[0] == OUT_GUST]
    for o in outs:
        if o[0] == OUT_FLIGHT:
            seat, path, land, outcome, tree = o[1], o[2], o[3], o[4], o[5]
            text = Text()
            text.append_text(_label(None, seat))
            text.append(": the ball flew %d hex%s" % (len(path), "" if len(path) == 1 else "es"))
            if gusts:
                # Taming the Wind: the gusts are hexes of the flight too.
                text.append(", the wind blowing it %s hex%s %s" % (
                    "one" if len(gusts) == 1 else "two", "" if len(gusts) == 1 else "es",
                    DIR_NAMES[hexgrid.direction_between(*(gusts[0][2] + gusts[0][3]))]))
            start = course.terrain(*positions[seat])
            club = clubs.get(seat)
            if (start == terrain.ROUGH or start == terrain.WATER) and club is not None and not (
                    club.no_rough_penalty or club.chips):
                text.append(" from the rough (one hex less: the card's rough mark)")
            if tree:
                text.append(", hit a tree and dropped one hex back")
            text.append(_landing_words(course, land, outcome, penalty))
        elif o[0] == OUT_MOVE and text is None:
            text = Text()
            text.append_text(_label(None, o[1]))
            text.append(": moved one hex" + _landing_words(course, o[2], o[3], penalty))
        elif o[0] in (OUT_PUTT, OUT_MALLET_ROLL, OUT_ACE_ROLL):
            # Reading the Greens: the dice thrown (a Mallet re-roll: the putt's dice again).
            seat, target, throws, total, flags, outcome = o[1:]
            text = Text()
            text.append_text(_label(None, seat))
            if not throws:
                text.append(": tapped in from beside the cup")
                continue
            putt = o[0] != OUT_ACE_ROLL
            text.append(": %s %d, rolled %s: %d" % (
                "putted for" if o[0] == OUT_PUTT else "re-rolled a die with the Mallet Putter "
                "for" if putt else "rolled for a hole-in-one, target", target,
                " ".join([str(face) for _die, face, _f in throws]), total))
            if flags:
                text.append(" (%d flag%s)" % (flags, "" if flags == 1 else "s"))
            # (the roll for a hole-in-one is in or not: "beside the cup" is no place then)
            text.append(", " + ("in the cup!" if outcome == SUNK else
                                OUTCOME_NAMES[outcome] if putt else "missed"))
    return text


def _landing_words(course, land, outcome, penalty):
    if outcome == OUT_OF_BOUNDS:
        return (": out of bounds (off the course). The golfer stays where it hit from and "
                "the club goes back to the hand%s." % (", +1 stroke" if penalty else ""))
    if outcome == WATER:
        return ": in the water. %s; it plays from there as rough." % (
            "+1 stroke instead of a missed turn" if penalty else "The next turn is missed")
    if outcome == BUNKER:
        return ": in a bunker. Next turn: get out first (say a direction, the card decides)."
    if outcome == GREEN:
        return ": on the green!"
    kind = course.terrain(*land)
    if kind == terrain.ROUGH:
        return ", into the rough: the next shot flies one hex less."
    return ", onto the %s." % terrain.NAMES[kind]



def even_standings(tally):
    """Mid-game standings where fewer strokes win: over the holes every player has
    finished (a player still on a hole others have finished has no strokes there yet,
    so would lead). Returns ``(heading, standings rows)``."""
    seats = range(tally.players)
    done = [set(h for h, lines in tally.holes.items() if lines[s].scores) for s in seats]
    common = sorted(set.intersection(*done))
    scores = [sum(tally.holes[h][s].points() for h in common) for s in seats]
    hio = [sum(1 for h in common if tally.holes[h][s].hole_in_one) for s in seats]
    if not common:
        head = "Standings come once every player has finished a hole."
        return head, ()
    head = "Standings after hole%s %s (every player has finished %s): " % (
        "s" if len(common) > 1 else "", ", ".join(str(h) for h in common),
        "them" if len(common) > 1 else "it")
    return head, scoring.standings(scores, hio, lower_wins=True)


Face.WORDS = RULE_WORDS  # (the words are long: they follow the class)
