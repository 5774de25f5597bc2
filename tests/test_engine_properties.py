"""Property tests of the rules engine: random bot games that must always hold together.

For every built-in course and every game mode, Hypothesis draws games (a legal number
of players for the mode, a seed, first-game or drafted hands, a bot per seat: sensible,
random or a mix, in half the games a random golfer card and side per seat, each card
once, and in half the games the rulebook's variation hitting through out of bounds) and
plays each to the end. After every input it checks what a player
would notice going wrong:

* each player's clubs are conserved: hand + discards + the face-down club are the
  clubs dealt (five, or the golfer's own number), none twice, none lost. Golfers that
  keep clubs (Slugger's Driver, Dorian's) take them back into the hand, and a club
  borrowed by Slick Rikesh stays its owner's, so the count holds for them too; a club
  laid face down stays in the hand until the reveal, also while a golfer's own decision
  (Bunjil's look) interrupts the selection;
* no golfer stands on a tree, the clubhouse or off the board;
* scores never go down (Match Play flags and tokens, and every other mode's total);
* tokens are conserved where a mode keeps a box of them (Skins): every 1-, 2- and
  5-point token is on a green, with a player or back in the box, and a player's score
  is the tokens it holds;
* in a mode whose golfers spread over the holes (Golf Racing), a racer is never past a
  green it has not reached: its outputs reach the greens one after another from the
  first, it tees off only on the hole after the last green it reached, and the hole it
  plays is always that one (its score counts exactly those greens);
* a green's flag is held by one player at most, in every mode (Match Play's flag goes to
  the first to reach the green, Kelly Golf's to whoever claims it);
* in a mode with a 5 and a 2 on every green (Chaos Golf), both are conserved: each is on
  its green or with exactly one player, the player who took a green's 5 never takes its
  2, and the mode's record of who took the 5 is that player;
* in a mode with a flag on every green and 1-point target tokens (Kelly Golf), flags and
  tokens are conserved: each green's flag is on it or was claimed by exactly one player
  (for 3, 2 or 1 points), and each green's 1-point token is in exactly one place: the
  bag, a player's secret target, a pair being drawn from, a player's score, or the box
  (its green was claimed as nobody's target);
* in a mode with automated opponents (Solo Chaos Golf), tokens and clubs are conserved:
  each green's 5 and 2 are on it or with exactly one scorer (the player or one
  opponent), nobody holds both of one green, every score is the tokens it holds; the 18
  hole tokens are in the stacks, revealed, or used (one per green an opponent acquired);
  the opponents' clubs, face down or turned over, are the 15 the player did not pick;
* in a mode of two golfers a team with one flag on each green (Chaos Teams), flags are
  conserved: each green's flag is on it or with exactly one team, a team's score is the
  flags it holds; and each team's second golfer stands where a golfer may;
* replaying the log reproduces the state: a twin game is fed every input as the log
  writes it (encoded, then read back as ``gamelog.decode`` reads an input; the whole
  log written is decoded at the end and must give the inputs the twin read) and must
  be in the game's state after every input. Compared after every input: a fingerprint of the state (the
  stage, round, running CRC of the cards drawn, the generator's state, each golfer's
  place, score and clubs), a few microseconds; and the full state digest after a random
  one input in ``DIGEST_EVERY`` and at the end (the digests were two fifths of the
  test's time). A difference the fingerprint misses still shows in a digest: a wrong
  card, place or generator state changes the game from then on, and a game of some 300
  inputs has about 40 sampled digests. When a sampled digest differs, the game is played
  again with the digest after every input, so the failure names the input that caused it;
* a choice ``choices()`` did not list is refused with IllegalMove and changes nothing
  (the twin never sees it, so the digest comparison proves nothing changed); a listed
  choice is accepted (checked on a copy of the game at a random one decision in
  ``FORK_EVERY``, a few thousand in all: one copy costs as much as a hundred decisions'
  other checks);
* where ``preview()`` shows a landing (moves, aims, wild-card outcomes), the golfer
  lands there.

At the end the game is over, the log written input by input is the log
``gamelog.encode`` writes for the whole game, and both games' standings agree.

``TEEBOX_PROPERTY_GAMES`` sets the number of games, shared evenly by the course and
mode pairs (default ``DEFAULT_GAMES``: some 80 s of CPU on the two-core development
machine, 2026-11-27; ``python -m tools.bench.property_games`` shows where the time
goes: over half of it the bots and the engine playing, a seventh the twin and the
state comparison, the rest the other checks). The ``teebox-properties`` settings profile is derandomized and
keeps no example database, so every run plays the same games. A longer soak:
``TEEBOX_PROPERTY_GAMES=20000 python -m pytest tests/test_engine_properties.py``.
A failure prints the drawn ``(players, seed, hands, bots, golfers, bounds)``;
``Checker(course, mode, *those).play()`` plays that game again.
"""

import copy
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from teebox.core import hexgrid, terrain
from teebox.core.holes18 import bots, engine, gamelog, inputlog, modes
from teebox.core.holes18 import golfers as golfer_cards
from teebox.core.holes18.modes.skins import BOX
from teebox.core.holes18.protocol import (AIM, DRAFT_PICK, FLAG, GAME_OVER, OUT_FLIGHT, OUT_MOVE,
                                  OUT_NEXT_HOLE, OUT_OF_BOUNDS, OUT_REACHED, SELECT_CLUB,
                                  TOKEN_1, TOKEN_2, TOKEN_5, VERB_ARITY)
from teebox.core.rng import Rng
from teebox import shipped

DEFAULT_GAMES = 2000


def games_from_env():
    """The number of games to play: ``TEEBOX_PROPERTY_GAMES``, else ``DEFAULT_GAMES``."""
    text = os.environ.get("TEEBOX_PROPERTY_GAMES", str(DEFAULT_GAMES))
    if not text.strip().isdigit() or int(text) < 1:
        raise ValueError("TEEBOX_PROPERTY_GAMES must be a whole number of games, like 3000; "
                         "not %r" % text)
    return int(text)


CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()
COURSES = {name: shipped.load_builtin(name) for name in shipped.builtin_names()}
PAIRS = [(name, mode) for name in sorted(COURSES) for mode in modes.NAMES]
SALT = 0x9E3779B9  # per pair, times the pair's index: spreads the seeds over 32 bits
GAMES = games_from_env()
settings.register_profile("teebox-properties",
                          max_examples=-(-GAMES // len(PAIRS)),  # rounded up
                          derandomize=True, database=None, deadline=None, print_blob=False,
                          suppress_health_check=[HealthCheck.too_slow])
PROFILE = settings.get_profile("teebox-properties")


def standable_cells(course):
    """Every hex a golfer may stand on, as a set of axial ``(q, r)``: built once a course."""
    cells = course.cells()
    out = set()
    for i in range(len(cells)):
        if terrain.standable(cells[i]):
            out.add(hexgrid.cell_at(i, course.width))
    return frozenset(out)


STANDABLE = {name: standable_cells(course) for name, course in COURSES.items()}
# One decision in FORK_EVERY, drawn at random (a fixed stride would fall in step with
# the rounds and always fork the same kind of decision), gets a listed choice tried
# on a copy of the game.
FORK_EVERY = 200
DIGEST_EVERY = 8
CHOICE_LIMIT = 20000


class MixedBot:
    """Plays like SensibleBot, but one choice in four is a random legal one."""

    def __init__(self, seed):
        self.rng = Rng(seed)
        self.sensible = bots.SensibleBot(seed)
        self.random = bots.RandomBot(seed + 1)

    def choose(self, game, seat):
        bot = self.random if self.rng.below(4) == 0 else self.sensible
        return bot.choose(game, seat)


BOTS = {"sensible": bots.SensibleBot, "random": bots.RandomBot, "mixed": MixedBot}
TOKEN_VALUES = {TOKEN_1: 1, TOKEN_2: 2, TOKEN_5: 5}


@st.composite
def game_specs(draw, mode, salt=0):
    """``(players, seed, hands, bot kinds, golfers, bounds)`` of a game of ``mode`` that
    can finish.

    ``salt`` is added to the drawn seed: derandomized Hypothesis draws the same numbers
    for every course and mode, and the salt gives each pair its own deals and shuffles.
    RandomBot seats sit only where a sensible player ends the holes for them (Match
    Play, Chaos Golf, Golf Racing): in Stroke Play and Stableford every golfer must hole out,
    and in a Skins elimination only the players in it play, so there they play as MixedBot.
    """
    lo, hi = modes.make(mode).players
    players = draw(st.integers(lo, hi))
    seed = (draw(st.integers(0, 2 ** 32 - 1)) + salt) % 2 ** 32
    hands = draw(st.sampled_from([engine.FIRST_GAME, engine.DRAFT]))
    golfers = None
    if draw(st.booleans()) and mode != "solo-chaos":  # ("Skip golfer cards" in Solo Chaos Golf)
        cards_ = draw(st.permutations(golfer_cards.base_game()))
        golfers = tuple([None if draw(st.integers(0, 3)) == 0
                         else (cards_[i], draw(st.sampled_from("AB"))) for i in range(players)])
        if golfers == (("slick-rikesh", "B"),):
            golfers = (("slick-rikesh", "A"),)  # his B-side needs other players (Setup)
    # (Golf Racing ends when anyone reaches the last green: a sensible racer does.)
    ends = ("match", "chaos", "racing", "kelly", "teams", "solo-chaos")
    kinds = ["sensible", "random", "mixed"] if mode in ends else ["sensible", "mixed"]
    seats = draw(st.lists(st.sampled_from(kinds), min_size=players, max_size=players))
    if "sensible" not in seats:
        seats[draw(st.integers(0, players - 1))] = "sensible"
    bounds = draw(st.sampled_from(engine.BOUNDS))
    return players, seed, hands, tuple(seats), golfers, bounds


def pair_specs(name, mode):
    """The strategy of the games played on course ``name`` in ``mode``."""
    return game_specs(mode, PAIRS.index((name, mode)) * SALT)


def fingerprint(game):
    """Some of the state a replay must reproduce, cheap to read (see the module docstring)."""
    out = [game.stage, game.round, game.draw_crc, game.order_pos]
    out.extend(game.rng.getstate())
    for p in game.players:
        out.extend((p.q, p.r, p.score, p.chosen, len(p.hand), len(p.discards)))
        out.append(game.mode.partner(game, p))  # a team's second golfer (Chaos Teams)
    return out


class Checker:
    """Plays one game with the checks of the module docstring after every input."""

    def __init__(self, name, mode, players, seed, hands, seats, golfers=None,
                 bounds=engine.STRICT, digest_every=DIGEST_EVERY):
        self.spec = (name, mode, players, seed, hands, seats, golfers, bounds)
        self.digest_every = digest_every
        # Which inputs get the full digest: its own generator, so the game and the
        # checker's choices are the same whatever digest_every is.
        self.sampler = Rng(seed ^ 0xD16E)
        self.course = COURSES[name]
        self.standable = STANDABLE[name]
        self.game = engine.Game(self.course, CLUBS, SHOTS,
                                engine.Setup(players, mode, seed=seed, hands=hands,
                                             golfers=golfers, bounds=bounds))
        # The twin starts from the log's header alone, as a replay does.
        self.header = gamelog.encode(gamelog.of(self.game))
        start = gamelog.decode(self.header)
        self.players = start.setup.players
        self.twin = gamelog.replay(start, self.course, CLUBS, SHOTS)
        self.written = [self.header]  # the log, input by input
        self.bots = [BOTS[kind](seed + 7 * seat + 1) for seat, kind in enumerate(seats)]
        self.rng = Rng(seed ^ 0x5EED)  # the checker's own random choices
        self.dealt = None              # per player: (bit mask of the clubs dealt, count)
        self.scores = [0] * players
        self.greens = [0] * players    # spread modes: the last green each racer reached

    def play(self):
        """Play the game to its end, checking after every input."""
        game = self.game
        for _ in range(CHOICE_LIMIT):
            d = game.pending()
            self.check_state(d.kind)
            if d.kind == GAME_OVER:
                break
            seat = d.waiting[0] if d.waiting else d.players[0]
            legal = game.choices(seat)
            assert legal, "seat %d may act on %r but has no choices" % (seat, d)
            refused = self.check_refused(seat, legal)
            self.check_replayed(refused)
            if self.rng.below(FORK_EVERY) == 0:
                self.check_accepted(seat, legal)
            choice = self.bots[seat].choose(game, seat)
            assert choice in legal
            preview = game.preview(choice, seat)
            if choice[0] == AIM and d.shot >= 0 and game.shot_list[d.shot].wild:
                # A wild card's preview is its first outcome in bounds (engine-api.md);
                # with several in bounds the player then picks, maybe another one.
                stay = [i for i in range(len(game.shot_list[d.shot].outcomes))
                        if game.simulate_shot(d.shot, i, choice[1])[2] != OUT_OF_BOUNDS]
                if len(stay) > 1:
                    preview = None
            outs = game.apply(choice, seat)
            self.check_preview(preview, choice, seat, outs)
            if game.mode.spread:
                self.check_race(outs)
            if hasattr(game.mode, "bag"):
                self.check_flags()
            elif hasattr(game.mode, "flag"):
                self.check_team_flags()
            if hasattr(game.mode, "stacks") and game.mode.deck:
                self.check_opponents()
            self.feed_twin(seat, choice)
        assert game.over, "the game did not finish within %d choices" % CHOICE_LIMIT
        self.check_replayed(None, True)
        written = b"".join(self.written)
        assert written == gamelog.encode(gamelog.of(game)), (
            "the log written input by input is not the game's log")
        assert gamelog.decode(written).inputs == list(self.twin.inputs), (
            "the log written input by input does not decode to the inputs the twin read")
        assert self.twin.standings() == game.standings()

    def feed_twin(self, seat, choice):
        """Write the input as the log does, read it back as ``gamelog.decode`` reads an
        input (``inputlog.read``, for the header's number of players) and apply it to
        the twin. The header is the same for every input: the whole log is decoded once,
        at the end (:meth:`play`)."""
        data = gamelog.encode_input(seat, choice)
        item, end = inputlog.read(data, 0, self.players)
        assert item == (seat, choice) and end == len(data), (
            "input %r of seat %d reads back as %r in %d of its %d bytes" % (
                choice, seat, item, end, len(data)))
        self.twin.apply(item[1], item[0])
        self.written.append(data)

    def check_replayed(self, refused, last=False):
        """The twin, fed the log, is in the game's state (and a refused choice changed
        nothing): the fingerprints always, the digests if sampled or ``last``."""
        game = self.game
        twin = self.twin
        same = fingerprint(game) == fingerprint(twin)
        if same and (last or self.digest_every == 1
                     or self.sampler.below(self.digest_every) == 0):
            same = game.state_digest() == twin.state_digest()
            if not same and self.digest_every > 1:
                # Play it again comparing digests after every input: that failure names
                # the input where the two first differ.
                Checker(*self.spec, digest_every=1).play()
        if not same:
            n = len(game.inputs)
            raise AssertionError(
                "after %d inputs (the last %r) the game and its replayed log differ%s" % (
                    n, game.inputs[n - 1] if n else None,
                    "" if refused is None else ", or the refused choice %r changed the game"
                    % (refused,)))

    def check_state(self, stage):
        """Clubs, golfers and scores hold together; ``stage``: the pending decision kind."""
        game = self.game
        if getattr(game.mode, "box", None) is not None:
            self.check_tokens()
        self.check_green_flags()
        if len(getattr(game.mode, "five", ())) > 1 and not hasattr(game.mode, "won"):
            self.check_fives_and_twos()  # (with automated opponents: check_opponents)
        if stage == DRAFT_PICK or game.players[0].hole == 0:
            return  # the clubs are not dealt or the golfers not on a tee yet (Skins' 5s)
        if self.dealt is None:
            self.dealt = [self.clubs_held(p.hand + p.discards) for p in game.players]
        for p in game.players:
            held = p.hand + p.discards
            if stage == SELECT_CLUB:
                # A face-down club stays in the hand until everyone has chosen.
                assert p.chosen == -1 or p.chosen in p.hand
            elif p.chosen >= 0 and p.chosen not in p.hand:
                held.append(p.chosen)  # (in the hand: a golfer's look before the reveal)
            assert self.clubs_held(held) == self.dealt[p.seat], (
                "player %d holds clubs %r (hand %r, discards %r, face down %d), dealt %r" % (
                    p.seat, held, p.hand, p.discards, p.chosen,
                    [c for c in range(self.dealt[p.seat][0].bit_length())
                     if self.dealt[p.seat][0] >> c & 1]))
            assert (p.q, p.r) in self.standable, "player %d stands on %s at %r" % (
                p.seat, terrain.NAMES[self.course.terrain(p.q, p.r)], p.position())
            other = game.mode.partner(game, p)
            assert other is None or other in self.standable, (
                "player %d's second golfer stands on %s at %r" % (
                    p.seat, terrain.NAMES[self.course.terrain(*other)], other))
            assert p.score >= self.scores[p.seat], "player %d's score went down" % p.seat
            self.scores[p.seat] = p.score

    def check_tokens(self):
        """Tokens are conserved (a mode that keeps a box of scoring tokens, Skins): every
        1-, 2- and 5-point token is on a green, with a player or back in the box, and a
        player's score is the tokens it holds."""
        game = self.game
        mode = game.mode
        count = {1: 0, 2: 0, 5: 0}
        for hole in range(1, game.course.hole_count + 1):
            for value in mode.greens[hole]:
                count[value] += 1
        for p in game.players:
            values = [TOKEN_VALUES[kind] for _hole, kind in p.tokens]
            for value in values:
                count[value] += 1
            assert sum(values) == p.score, "player %d scores %d holding %r" % (
                p.seat, p.score, p.tokens)
        for i, value in enumerate((1, 2, 5)):
            assert count[value] + mode.box[i] == BOX, (
                "%d %d-point tokens on greens and with players, %d in the box" % (
                    count[value], value, mode.box[i]))

    def check_green_flags(self):
        """No green's flag is held by two players (see the module docstring)."""
        holders = {}
        for p in self.game.players:
            for hole, kind in p.tokens:
                if kind == FLAG:
                    holders.setdefault(hole, []).append(p.seat)
        for hole, seats in holders.items():
            assert len(seats) == 1, "green %d's flag is held by players %r" % (hole, seats)

    def check_fives_and_twos(self):
        """Chaos Golf's 5 and 2 on every green are conserved (see the module docstring)."""
        m = self.game.mode
        held = {}
        for p in self.game.players:
            for hole, kind in p.tokens:
                if kind in (TOKEN_5, TOKEN_2):
                    held.setdefault((hole, kind), []).append(p.seat)
        for h in range(1, len(m.five)):
            fives, twos = held.get((h, TOKEN_5), []), held.get((h, TOKEN_2), [])
            assert len(fives) + m.five[h] == 1, "green %d: its 5 on it %d, with players %r" % (
                h, m.five[h], fives)
            assert len(twos) + m.two[h] == 1, "green %d: its 2 on it %d, with players %r" % (
                h, m.two[h], twos)
            assert not (fives and fives == twos), "player %d took both tokens of green %d" % (
                fives[0] if fives else -1, h)
            assert m.five_taker[h] == (fives[0] + 1 if fives else 0), (
                "green %d: the 5 was taken by seat %d, the mode says %d" % (
                    h, fives[0] if fives else -1, m.five_taker[h] - 1))

    def check_race(self, outs):
        """A racer is never past a green it has not reached (see the module docstring)."""
        greens = self.greens
        for out in outs:
            if out[0] == OUT_REACHED:
                assert out[2] == greens[out[1]] + 1, (
                    "player %d reached green %d after green %d" % (out[1], out[2],
                                                                   greens[out[1]]))
                greens[out[1]] = out[2]
            elif out[0] == OUT_NEXT_HOLE:
                for seat in out[1]:
                    assert out[2] == greens[seat] + 1, (
                        "player %d teed off on hole %d after reaching green %d" % (
                            seat, out[2], greens[seat]))
        for p in self.game.players:
            if p.hole == 0:  # not on the first tee yet (a draft)
                continue
            ahead = p.hole - greens[p.seat]
            assert ahead == 1 or (ahead == 0 and (p.done or self.game.over)), (
                "player %d plays hole %d after reaching green %d" % (p.seat, p.hole,
                                                                      greens[p.seat]))
            assert p.score == greens[p.seat], "player %d scores %d for %d greens" % (
                p.seat, p.score, greens[p.seat])

    def check_flags(self):
        """Flags and 1-point tokens are conserved (Kelly Golf, see the module docstring)."""
        m = self.game.mode
        claimed = {}
        for p in self.game.players:
            for hole, kind in p.tokens:
                claimed.setdefault(hole, []).append((p.seat, kind))
        targets = list(m.target)
        offered = [h for offer in m.offer for h in offer]
        for h in range(1, len(m.flag)):
            got = claimed.get(h, [])
            assert m.flag[h] == (not got), "green %d: flag %d, claimed %r" % (h, m.flag[h], got)
            assert len({seat for seat, _kind in got}) <= 1, "green %d claimed twice" % h
            places = (m.bag.count(h) + targets.count(h) + offered.count(h)
                      + [kind for _seat, kind in got].count(TOKEN_1))
            in_box = bool(got) and places == 0
            assert places + in_box == 1, "green %d's token is in %d places" % (h, places)

    def check_opponents(self):
        """Tokens and clubs are conserved with automated opponents (Solo Chaos Golf)."""
        m = self.game.mode
        p = self.game.players[0]
        assert p.score == sum([TOKEN_VALUES[kind] for _hole, kind in p.tokens])
        for k in range(len(m.won)):
            assert m.points[k] == sum([TOKEN_VALUES[kind] for _hole, kind in m.won[k]])
        for h in range(1, len(m.five)):
            got = []
            for k, tokens in enumerate([p.tokens] + m.won):
                got += [(k, kind) for hole, kind in tokens if hole == h]
            for kind, on in ((TOKEN_5, m.five[h]), (TOKEN_2, m.two[h])):
                n = len([g for g in got if g[1] == kind])
                assert n + on == 1, "green %d's %r is in %d places" % (h, kind, n + on)
            assert len({who for who, _kind in got}) == len(got), "green %d: %r" % (h, got)
        tokens = sum([len(s) for s in m.stacks]) + len([t for t in m.target if t]) + sum(
            m.greens)
        assert tokens == 18, "%d hole tokens" % tokens
        clubs = sorted(sum(m.clubs, []) + sum(m.spent, []))
        assert len(clubs) == 15 and len(set(clubs)) == 15
        assert not set(clubs) & set(p.hand + p.discards + [p.chosen])

    def check_team_flags(self):
        """Flags are conserved (Chaos Teams): every green's flag is on it or with exactly
        one team, and a team's score is the flags it holds."""
        game = self.game
        m = game.mode
        held = {}
        for p in game.players:
            flags = [hole for hole, kind in p.tokens if kind == FLAG]
            assert len(flags) == p.score, "team %d scores %d holding flags %r" % (
                p.seat, p.score, flags)
            for hole in flags:
                held[hole] = held.get(hole, 0) + 1
        for h in range(1, len(m.flag)):
            assert m.flag[h] + held.get(h, 0) == 1, "green %d: flag %d, with %d teams" % (
                h, m.flag[h], held.get(h, 0))

    @staticmethod
    def clubs_held(clubs):
        """``(bit mask, count)`` of a list of club indices: equal masks and counts mean
        the same clubs, and a count above the mask's bits means a club held twice."""
        mask = 0
        for c in clubs:
            mask |= 1 << c
        return mask, len(clubs)

    def check_preview(self, preview, choice, seat, outs):
        """What ``preview`` showed (the table lights it) is where the ball or golfer went."""
        landed = [o for o in outs if o[0] in (OUT_FLIGHT, OUT_MOVE) and o[1] == seat]
        if preview is None or not landed:
            return
        out = landed[0]
        if out[0] == OUT_MOVE:
            assert (out[2], out[3]) == (preview[1], preview[2]), (choice, preview, out)
        else:
            assert out[2:] == (tuple(preview[0]), preview[1], preview[2], int(preview[3])), (
                choice, preview, out)

    def check_refused(self, acting, legal):
        """A random choice that is not listed, by a random seat, is refused with IllegalMove
        and logs nothing; returns it (None if the draw happened to be legal).

        That it changed nothing is proved by the next :meth:`check_replayed`.
        """
        game = self.game
        rng = self.rng
        seat = rng.below(len(game.players))
        verb = rng.below(len(VERB_ARITY) + 1)
        arity = VERB_ARITY[verb] if verb < len(VERB_ARITY) and rng.below(8) else rng.below(3)
        choice = tuple([verb] + [rng.below(40) - 2 for _ in range(arity)])
        if choice in (legal if seat == acting else game.choices(seat)):
            return None
        inputs = len(game.inputs)
        try:
            game.apply(choice, seat)
        except engine.IllegalMove:
            pass  # try, not pytest.raises: this runs at every decision of thousands of games
        else:
            raise AssertionError("seat %d's unlisted choice %r was accepted" % (seat, choice))
        assert len(game.inputs) == inputs, "refused %r for seat %d but logged it" % (choice,
                                                                                    seat)
        return choice

    def check_accepted(self, seat, legal):
        """A listed choice, applied to a copy of the game, is accepted."""
        fork = copy.deepcopy(self.game, self._shared())
        choice = legal[self.rng.below(len(legal))]
        fork.apply(choice, seat)
        assert fork.inputs[-1] == (seat, choice)

    def _shared(self):
        # Deep-copy memo that shares the read-only course and card data with the copy.
        game = self.game
        memo = {}
        for obj in (game.course, game.clubs, game.shots, game.shot_list, game.effects) + \
                game.clubs + game.shot_list:
            memo[id(obj)] = obj
        return memo


@pytest.mark.parametrize("name,mode", PAIRS)
@PROFILE
@given(data=st.data())
def test_random_bot_games_hold_together(name, mode, data):
    spec = data.draw(pair_specs(name, mode), label="players, seed, hands, bots, golfers, bounds")
    Checker(name, mode, *spec).play()


def test_a_replay_difference_the_fingerprint_misses_is_named_at_its_input(monkeypatch):
    # A twin that drifts, after its 40th input, in state the fingerprint does not read:
    # a sampled digest sees it, and the game played again names that input.
    feed = Checker.feed_twin

    def drifting(checker, seat, choice):
        feed(checker, seat, choice)
        if len(checker.twin.inputs) == 40:
            checker.twin.pick_round += 1

    monkeypatch.setattr(Checker, "feed_twin", drifting)
    checker = Checker("starter", "stroke", 2, 5, engine.FIRST_GAME, ("sensible", "sensible"))
    with pytest.raises(AssertionError, match="after 40 inputs"):
        checker.play()



@pytest.mark.parametrize("seed", [2802362490, 2802362399])
def test_dorian_a_alone_with_his_never_expiring_club_still_holes_out(seed):
    # Dorian A: "Whenever you use this club, return it to your hand instead of being
    # discarded. Dorian may not reset their clubs during a hole". Alone on coastline he
    # ends a hole with only that club in hand. Seed 2802362490: the 3 Wood (4 hexes, 3
    # from the rough), whose flights circled the green on a lattice they never leave while
    # a step, judged a round at a time, went back and forth. Seed 2802362399: the 3 Iron,
    # too long for the green a few hexes off, so the bot stepped to and fro instead of
    # playing it. "Move one hex" and the club still reach the green: the game must end.
    checker = Checker("coastline", "stableford", 1, seed, engine.DRAFT, ("sensible",),
                      (("dorian", "A"),))
    checker.play()
    assert checker.game.over


def _rated_game(course, seed, cards):
    """Game ``seed`` of ``course rate --golfer`` (two players, Stroke Play, golfer
    ``cards`` per seat), played by its sensible bots until it ends or the choice limit."""
    setup = engine.Setup(2, "stroke", seed, engine.DRAFT, list(cards))
    game = engine.Game(shipped.load_builtin(course), shipped.load_default_clubs(),
                       shipped.load_default_shots(), setup)
    bots.play_game(game, [bots.SensibleBot(seed * 8 + 1), bots.SensibleBot(seed * 8 + 2)])
    return game


@pytest.mark.parametrize("seed, cards", [(7, (("slick-rikesh", "B"), None)),
                                         (63, (("dorian", "A"), None))])
def test_a_golfer_left_alone_beside_a_green_never_steps_to_and_fro(seed, cards):
    # RULES-NOTES G15. Coastline's 5th green, the other player holed out: Slick Rikesh B
    # holds a 2 Iron too long for the green (the discarded clubs no better), Dorian A his
    # 3 Iron. A step aside at the same distance left the same choice next round, and the
    # step back the round after, until the choice limit (as `course rate --golfer`
    # played these seeds): the bot must play the club or step somewhere better.
    assert _rated_game("coastline", seed, cards).over


def test_a_borrowed_wood_is_not_played_into_the_tree_beside_the_golfer_round_after_round():
    # Slick Rikesh B: "You may use any club discarded by another player". Issue 11: in
    # `course rate --golfer` game 80 on The Nine (Rikesh at seat 1), alone with a 3 Iron
    # beside a tree he took the other player's discarded 5 Wood each round and hit it into
    # the tree: the ball stayed, the hand reset, and the same round came again until the
    # choice limit. A flight that stops in the tree at once loses the turn: the bot must
    # judge it so, and the game must end.
    assert _rated_game("nine", 80, [None, ("slick-rikesh", "B")]).over


def test_dorian_a_never_plans_a_wood_shot_from_the_gorse():
    # Dorian A alone with his never-expiring 3 Wood on coastline's 5th hole (Stroke Play,
    # seed 11, issue 11). The booklet's gorse: "If you land in gorse you may only by
    # CHIPPING or MOVE ONE". The bot's shortest route to the green began with a wood shot
    # from the gorse beside him: he stepped into it, could not play the wood there, stepped
    # out, and stepped in again until the choice limit. The game must end.
    assert _rated_game("coastline", 11, [("dorian", "A"), None]).over


def test_a_lone_wood_that_only_goes_out_of_bounds_is_not_hit_out_round_after_round():
    # The booklet's out of bounds: "your golfer remains where they hit the shot. Return
    # your club to your hand". Issue 11: `course rate --golfer` game 84 on coastline
    # (Lucky B at seat 1): the other player, on the 6th hole two hexes from a green
    # behind a bunker with only a 3 Wood in hand, hit it out of bounds each round (every
    # other flight landed farther away), got it back, and the same round came again until
    # the choice limit. The bot resets its hand instead (4.E): the game must end.
    assert _rated_game("coastline", 84, [None, ("lucky", "B")]).over


def test_a_discarded_wood_is_not_hit_to_and_fro_between_two_hexes():
    # Slick Rikesh B: "You may use any club discarded by another player". Issue 11: in
    # `course rate --golfer` game 16 on Championship (Rikesh at seat 1), with only a 2
    # Iron of his own he took the other player's discarded 3 Wood each round and hit it
    # four hexes one way, then back: each flight was better than his 2 Iron but no nearer
    # the green than where he stood, until the choice limit. A borrowed wood must land
    # nearer than here; the game must end.
    assert _rated_game("championship", 16, [None, ("slick-rikesh", "B")]).over
