"""Power cuts at every point of a game's life on the board's flash.

``SimStore(cut_after=k)`` lets exactly ``k`` units of writing reach flash (a
byte, a rename, a remove) and then fails, tearing the write in progress. For
every ``k`` over a whole game (start, every journal flush, the finish record,
the game record, removing the journal) the board reboots and resumes; then:

* the resumed game is exactly where it stood after an input that reached
  flash (same inputs, same state digest): at the last complete flush, or a
  whole record of the flush the cut tore; never at a torn record;
* a game that reached its end is never lost: its record is on the shelf after
  the reboot, byte for byte the one an uninterrupted board writes;
* playing on from the resumed game gives that same record, once: nothing is
  ever shelved twice, and game numbers are never reused;
* the players are back at the reader seats they chose, and a bot is still a bot
  (the longer game has a bot seat and seats chosen apart).
"""

import link_fakes
import pytest

from teebox.core.wire import gamerecord
from teebox.app import gamejournal
from teebox.app.shelf import Shelf
from teebox.app.gamejournal import GameJournal
from teebox.core import course
from teebox.core.holes18 import bots, engine, gamelog
from teebox.core.holes18.modes import solo
from teebox.core.holes18.protocol import CHOOSE_ACTION
from teebox.hal.store import PowerCut, SimStore
from teebox import shipped

CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()
GREENS = shipped.load_default_greens()
WIND = shipped.load_default_wind()
POCKET = course.from_source(link_fakes.POCKET)
STARTER = shipped.load_builtin("starter")
WHO = [("Ann", (255, 0, 0)), ("Bo", (0, 0, 255)), ("Cy", (9, 9, 9))]
BOARD = "c0ffee00c0ffee00"


def loader(content_hash):
    for c in (POCKET, STARTER):
        if bytes(c.hash) == bytes(content_hash):
            return c
    return None


def resume(store):
    # What the table rebuilds a game with (its ReplayData): the expansion's data too.
    return gamejournal.resume(store, board=BOARD, data={
        "courses": loader, "clubs": CLUBS, "shots": SHOTS, "greens": GREENS, "wind": WIND})


class Script:
    """One game, played once by bots: its setup and inputs, to be re-applied exactly."""

    def __init__(self, crs, mode, players, seed, seats=None, bot_seats=None, golfers=None,
                 hands=engine.FIRST_GAME, expansions=()):
        self.crs = crs
        self.setup = engine.Setup(players, mode, seed, hands, golfers=golfers,
                                  expansions=expansions)
        self.who = WHO[:players]
        self.seats = bytes(range(players)) if seats is None else bytes(seats)
        self.bots = bytes(players) if bot_seats is None else bytes(bot_seats)
        game = self.new_game()
        store = SimStore()
        gj = GameJournal(store, board=BOARD)
        gj.start(game, self.who, seats=self.seats, bots=self.bots)
        players_ = [bots.SensibleBot(seed + i) for i in range(players)]
        while not game.over:
            seat = game.pending().waiting[0]
            choice = players_[seat].choose(game, seat)
            game.apply(choice, seat)
            gj.record(seat, choice)
        self.inputs = list(game.inputs)
        self.record = Shelf(store).read(1)
        self.units = store.spent

    def new_game(self):
        return engine.Game(self.crs, CLUBS, SHOTS, self.setup, greens=GREENS, wind=WIND)

    def digest_after(self, k):
        return _replayed(self, k).state_digest()

    def play_on(self, gj, progress):
        """Apply the remaining inputs to ``gj.game``. ``progress``: [inputs surely on flash
        (a flush completed), inputs handed to the journal so far]."""
        game = gj.game
        for seat, choice in self.inputs[len(game.inputs):]:
            game.apply(choice, seat)
            progress[1] = len(game.inputs)
            gj.record(seat, choice)
            if gj.journal.pending() == 0:
                progress[0] = len(game.inputs)

    def start(self, gj):
        """Start the game in journal ``gj``; returns its number."""
        return gj.start(self.new_game(), self.who, seats=self.seats, bots=self.bots)

    def run(self, store, progress):
        """The whole game on a fresh board: start it, play every input, finish."""
        gj = GameJournal(store, board=BOARD)
        self.start(gj)
        progress[0] = progress[1] = 0
        self.play_on(gj, progress)


def check_cut(script, n, fat=False):
    """Cut the power after ``n`` units of the game, reboot, check, play on, check."""
    board = SimStore(cut_after=n, fat=fat)
    progress = [-1, -1]  # see Script.play_on; -1: the header was not written yet
    try:
        script.run(board, progress)
        completed = True
    except PowerCut:
        completed = False
    after = board.reboot()
    gj = resume(after)
    shelf = Shelf(after)
    total = len(script.inputs)
    if shelf.numbers():
        # The game had ended: its record is there, exactly as an uncut board writes it.
        assert shelf.numbers() == [1], n
        assert shelf.read(1) == script.record, n
        assert gj.game is None and "game.jnl" not in after.names(), n
        return completed
    assert not completed and progress[0] < total, n
    if gj.game is None:
        # Cut before the header was on flash: no game to resume, nothing lost. The
        # table starts it again (with the next number if the cut came after taking one).
        assert progress[0] == -1, n
        number = script.start(gj)
        script.play_on(gj, [0, 0])
        assert shelf.numbers() == [number] and number in (1, 2), n
        again = gamerecord.decode(shelf.read(number))
        expected = gamerecord.decode(script.record)
        assert (again.log, again.holes, again.standings) == (expected.log, expected.holes,
                                                             expected.standings)
        return completed
    k = len(gj.game.inputs)
    assert progress[0] <= k <= progress[1], (n, k, progress)
    assert gj.game.inputs == script.inputs[:k]
    assert gj.game.state_digest() == script.digest_after(k), n
    assert gj.number == 1 and gj.players == script.who
    assert (gj.seats, gj.bots) == (script.seats, script.bots), n
    script.play_on(gj, [0, 0])
    assert shelf.numbers() == [1] and shelf.read(1) == script.record, n
    return completed


POCKET_GAME = Script(POCKET, "stroke", 2, 3)


@pytest.mark.parametrize("fat", [False, True], ids=["littlefs", "fat"])
def test_a_cut_at_every_point_of_a_whole_game(fat):
    outcomes = [check_cut(POCKET_GAME, n, fat) for n in range(POCKET_GAME.units + 1)]
    assert outcomes[-1] is True and outcomes.count(True) == 1


def test_cuts_across_a_longer_game_on_a_real_course():
    # Three players at reader seats 1, 3 and 5; the second is a bot.
    script = Script(STARTER, "match", 3, 11, seats=(0, 2, 4), bot_seats=(0, 1, 0))
    assert gamerecord.decode(script.record).bots == [False, True, False]
    assert len(script.inputs) > 100
    # Every 40th unit, every 5th near the end (the last flush, the record, the journal's
    # removal) and every one of the last few (the renames and removes). The pocket
    # game above has every unit.
    tail = len(script.record) + 200
    points = sorted(set(range(0, script.units, 40))
                    | set(range(script.units - tail, script.units, 5))
                    | set(range(script.units - 30, script.units + 1)))
    for n in points:
        check_cut(script, n)


def test_a_cut_while_starting_the_next_game_never_touches_the_waiting_one():
    base = SimStore()
    link_fakes.play_bots(GameJournal(base, board=BOARD), POCKET_GAME.new_game(),
                         [bots.SensibleBot(3), bots.SensibleBot(4)], POCKET_GAME.who)
    first = Shelf(base).read(1)
    numbers = set()
    for completed, board in base.every_cut(
            lambda s: GameJournal(s, board=BOARD).start(POCKET_GAME.new_game(),
                                                        POCKET_GAME.who)):
        gj = resume(board)
        if gj.game is None:
            gj.start(POCKET_GAME.new_game(), POCKET_GAME.who)
        POCKET_GAME.play_on(gj, [0, 0])
        shelf = Shelf(board)
        assert shelf.read(1) == first
        assert len(shelf.numbers()) == 2 and shelf.numbers()[1] in (2, 3)
        numbers.add(shelf.numbers()[1])
    assert numbers == {2, 3}  # a cut after the number was taken skips it: never reused


def test_a_cut_while_the_board_forgets_an_acknowledged_game():
    base = SimStore()
    shelf = Shelf(base)
    shelf.put(1, POCKET_GAME.record)
    for completed, board in base.every_cut(lambda s: Shelf(s).remove(1)):
        board.recover()
        left = Shelf(board).read(1)
        assert left in (None, POCKET_GAME.record)  # there whole, or gone: never torn
        if completed:
            assert left is None


def test_cuts_across_a_golf_racing_game_resume_the_racers_on_their_own_holes():
    # Golf Racing spreads the racers over the holes ("players end up spread across
    # multiple holes"): a resumed game has each racer back on its own hole, exactly.
    script = Script(STARTER, "racing", 3, 5, bot_seats=(0, 0, 1))
    spread = [k for k in range(0, len(script.inputs), 10)
              if len(set(p.hole for p in gamelog.replay(
                  gamelog.GameLog(script.setup, STARTER.hash,
                                  gamelog.cards_fingerprint(CLUBS, SHOTS), script.inputs[:k]),
                  STARTER, CLUBS, SHOTS).players)) > 1]
    assert spread  # the racers were on different holes for part of the game
    for n in sorted(set(range(0, script.units, 60)) | set(range(script.units - 30,
                                                               script.units + 1))):
        check_cut(script, n)


def test_cuts_across_a_kelly_golf_game_resume_with_the_same_secret_targets():
    # Kelly Golf keeps each player's secret target in the game log (the kept token is an
    # input): a resumed game has every flag, target and token where it was (the state
    # digest covers them), including while a player is choosing a new target, and
    # plays on to the same record.
    script = Script(STARTER, "kelly", 3, 4, bot_seats=(0, 1, 0))
    keeps = [k for k in range(len(script.inputs)) if script.inputs[k][1][0] == engine.EXTRA]
    assert len(keeps) > 3  # the first three targets, then redraws during the game
    for n in sorted(set(range(0, script.units, 60)) | set(range(script.units - 30,
                                                               script.units + 1))):
        check_cut(script, n)


def test_cuts_across_a_chaos_teams_game_resume_both_golfers_of_each_team_mid_hole():
    # Chaos Teams: which golfer a team moves is an input (the nomination after the draw,
    # or the other golfer named before the action): a resumed game has both golfers of
    # each team where they stood and a nomination asked again where it was asked, and
    # plays on to the same record.
    script = Script(STARTER, "teams", 2, 3, bot_seats=(0, 1))
    named = [k for k in range(len(script.inputs)) if script.inputs[k][1][0] == engine.EXTRA]
    assert len(named) > 3
    assert [k for k in named if _apart(_replayed(script, k))]  # golfers standing apart
    cuts = set(range(0, script.units, 60)) | set(range(script.units - 30, script.units + 1))
    for n in sorted(cuts):
        check_cut(script, n)


def _apart(game):
    # Whether a team's two golfers stand on different hexes.
    return any(game.mode.partner(game, p) != p.position() for p in game.players)


def _replayed(script, k):
    return gamelog.replay(gamelog.GameLog(script.setup, script.crs.hash,
                                          gamelog.cards_fingerprint(CLUBS, SHOTS),
                                          script.inputs[:k]), script.crs, CLUBS, SHOTS,
                          WIND if "wind" in script.setup.expansions else None,
                          GREENS if "greens" in script.setup.expansions else None)


def test_cuts_across_a_skins_game_resume_the_placed_fives_the_jackpots_and_the_elimination():
    # Skins: each player's 5 is placed on a green before the clubs are dealt (the first
    # inputs), tied holes move their tokens on, and a tied last hole goes to an
    # elimination from the 1st tee: a resumed game has every token where it lay and only
    # the players still in the elimination playing, exactly.
    script = Script(STARTER, "skins", 3, 6, bot_seats=(0, 0, 1))
    assert [choice[0] for _seat, choice in script.inputs[:3]] == [16, 16, 16]  # EXTRA: the 5s
    elimination = [k for k in range(0, len(script.inputs), 4)
                   if _replayed(script, k).mode.contenders]
    assert elimination  # the game went to an elimination play-off
    for n in sorted(set(range(0, script.units, 60)) | set(range(0, 200, 10))
                    | set(range(script.units - 30, script.units + 1))):
        check_cut(script, n)


def _units_after_each_input(script):
    """``store.spent`` after each input of ``script`` is journalled on an uncut board,
    and whether the journal had written everything then."""
    store = SimStore()
    gj = GameJournal(store, board=BOARD)
    script.start(gj)
    game = gj.game
    spent = []
    for seat, choice in script.inputs:
        game.apply(choice, seat)
        gj.record(seat, choice)
        spent.append((store.spent, game.over or gj.journal.pending() == 0))
    return spent


def test_every_skins_five_is_on_flash_before_the_next_player_places_and_the_play_off_resumes():
    # Rulebook (Skins, SETUP): "Give each player a 5 point token and have them select a
    # green to place it on." Each player's 5 is written as the next player is asked, so
    # a cut at any point of the placing loses no 5 already placed (the table shows them
    # on their greens after power on); a cut anywhere around the start of the
    # elimination ("All players that tied are moved to the 1st tee box") comes back with
    # the same players in it, exactly.
    script = Script(STARTER, "skins", 3, 6, bot_seats=(0, 0, 1))
    spent = _units_after_each_input(script)
    assert [written for _units, written in spent[:3]] == [True, True, True]
    for n in range(spent[3][0] + 1):
        check_cut(script, n)
    for placed in (1, 2):
        board = SimStore(cut_after=spent[placed - 1][0] + 1)
        with pytest.raises(PowerCut):
            script.run(board, [-1, -1])
        gj = resume(board.reboot())
        # The 18th green's 5 and every 5 placed are back on their greens.
        assert len(gj.game.inputs) == placed
        assert sum([g.count(5) for g in gj.game.mode.greens]) == 1 + placed
    off = [k for k in range(len(script.inputs)) if _replayed(script, k).mode.contenders][0]
    for n in range(spent[off - 4][0], spent[min(off + 8, len(spent) - 1)][0] + 1):
        check_cut(script, n)


def test_a_cut_while_a_kelly_player_redraws_keeps_the_claim_and_the_two_tokens_drawn():
    # Rulebook (Kelly Golf, SCORING ANOTHER'S TARGET GREEN): "If someone claims your
    # target, hand them your 1-point token. Draw two replacement 1-point tokens, keep one
    # and return the other." P3 claims P2's target: the journal writes P3's turn as P2 is
    # asked to draw, so a cut while P2 chooses comes back with the claim scored and P2
    # choosing between the same two tokens; P2's keep is written at the next turn end.
    from teebox.core.holes18.modes.kelly import KEEP_TARGET
    script = Script(STARTER, "kelly", 3, 31)
    redraws = [k for k in range(4, len(script.inputs))
               if _replayed(script, k).pending().kind == KEEP_TARGET
               and _replayed(script, k).pending().player not in (
                   -1, _replayed(script, k).pending().players[0])]
    assert redraws  # another player's target was claimed in this game
    k = redraws[0]
    was = _replayed(script, k)
    spent = _units_after_each_input(script)
    assert spent[k - 1][1]  # written as P2 is asked
    # P2's keep is on flash by the end of the round it falls in (a turn end, where the
    # journal flushes), at most a club and a move for each of the three players later.
    assert any(written for _units, written in spent[k:k + 6])
    board = SimStore(cut_after=spent[k - 1][0] + 1)
    with pytest.raises(PowerCut):
        script.run(board, [-1, -1])
    g = resume(board.reboot()).game
    assert len(g.inputs) == k and g.state_digest() == was.state_digest()
    assert g.pending().kind == KEEP_TARGET and g.pending().players == was.pending().players
    assert g.mode.offer == was.mode.offer and bytes(g.mode.target) == bytes(was.mode.target)
    for n in range(spent[k - 2][0], spent[k + 1][0] + 1):
        check_cut(script, n)


def test_cuts_across_a_solo_chaos_golf_game_resume_mid_hole_with_the_opponents_as_they_were():
    # Solo Chaos Golf: the deck's rank (and combined rounds) are the first inputs, the
    # opponents' stacks, clubs and points are the mode's state rebuilt from the log: a
    # game cut mid-turn (between a club laid and the ball landing, in a peek) resumes
    # with the deck, the turn marker and every opponent's token where they were (the
    # state digest covers them), and plays on to the same record.
    script = Script(STARTER, "solo-chaos", 1, 3)
    assert script.inputs[0][1][0] == engine.EXTRA  # the rank
    waits = [_replayed(script, k).pending().kind for k in range(1, len(script.inputs))]
    assert solo.PEEK_CLUB in waits and CHOOSE_ACTION in waits  # mid-turn decisions
    assert max(_replayed(script, len(script.inputs)).mode.points) > 0  # opponents scored
    for n in sorted(set(range(0, script.units, 40)) | set(range(script.units - 30,
                                                               script.units + 1))):
        check_cut(script, n)


def test_cuts_across_a_game_with_golfer_cards_resume_every_power_used_or_ready():
    # A golfer's power used is the card turned sideways ("While Lucky is oriented in
    # landscape you cannot use this power"): game state, in the digest (RULES-NOTES G12).
    # The cards are in the journal's log header and the powers are inputs, so a board
    # resumed after a cut has each card, and each power used or ready, as it stood.
    cards = [("lucky", "A"), ("bunjil", "B"), ("slick-rikesh", "A")]
    script = Script(STARTER, "match", 3, 8, bot_seats=(0, 0, 1), golfers=cards)
    assert [c for _s, c in script.inputs if c[0] == engine.EXTRA]  # the powers were used
    seen = set()
    for n in sorted(set(range(0, script.units, 50)) | set(range(script.units - 30,
                                                               script.units + 1))):
        check_cut(script, n)
        board = SimStore(cut_after=n)
        try:
            script.run(board, [-1, -1])
        except PowerCut:
            pass
        gj = resume(board.reboot())
        if gj.game is None:
            continue
        g = gj.game
        want = _replayed(script, len(g.inputs))
        assert g.setup.golfers == tuple(cards)
        states = [p.rules.power_state(g, p.seat) for p in g.players]
        assert states == [p.rules.power_state(want, p.seat) for p in want.players], n
        seen.update(states)
    assert {0, 1} <= seen  # resumed with a power used, and with one ready


def test_cuts_across_reading_the_greens_games_resume_mid_putt_and_never_re_roll():
    # Booklet, Reading the Greens: the putting dice are the table's seeded dice, and "a roll
    # or a wind card survives a power cut: the table never re-rolls on resume" (RULES-NOTES
    # E-G13). A cut at every write around the first putts and the Mallet Putter's re-rolls
    # ("discard it to re-roll ONE die from your putt"), alone and with Taming the Wind, and
    # in Golf Racing (each racer on its own green), resumes with every die as it lay (the
    # state digest covers the dice, the pools and the sides), and playing on gives the
    # record an uncut board writes.
    from teebox.core.holes18.expansions.greens_play import MALLET, ROLL
    for mode, players, expansions, seed in (("match", 2, ("greens",), 3),
                                            ("match", 2, ("greens", "wind"), 1),
                                            ("racing", 3, ("greens",), 3)):
        script = Script(STARTER, mode, players, seed, hands=engine.DRAFT,
                        expansions=expansions)
        thrown = [k for k in range(len(script.inputs))
                  if script.inputs[k][1][0] == engine.EXTRA
                  and (script.inputs[k][1][1] >= ROLL or MALLET <= script.inputs[k][1][1]
                       < MALLET + 7)]
        mallets = [k for k in thrown if script.inputs[k][1][1] < ROLL]
        assert len(thrown) > 5 and mallets
        spent = _units_after_each_input(script)
        assert all(spent[k][1] for k in thrown)  # each throw on flash as it is thrown
        cuts = set(range(0, script.units, 80)) | set(range(script.units - 30, script.units + 1))
        for k in thrown[:2] + mallets[:1]:
            cuts |= set(range(spent[k - 1][0], spent[k][0] + 1))
        for n in sorted(cuts):
            check_cut(script, n)
