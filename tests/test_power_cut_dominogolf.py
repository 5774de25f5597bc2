"""Power cuts at every point of a game of Domino Golf on the board's flash, as
``test_power_cut.py`` checks 18 Holes: for every ``k`` units of writing over a whole
game (its start, every journal flush, the finish record, removing the journal) the
board reboots and resumes it where an input last reached flash, mid-hole with every
golf bag as it was, or finds its record whole; playing on gives the record an uncut
board writes, once. The game has its mulligans and changes of luck on, and a bot."""

from test_power_cut import BOARD, WHO, Script, check_cut

from teebox.app.gamejournal import GameJournal
from teebox.app.shelf import Shelf
from teebox.core.dominogolf import bot, log, rules
from teebox.core.wire import gamerecord
from teebox.hal.store import SimStore


class DominoScript(Script):
    """One game of Domino Golf played once by bots: its setup and inputs."""

    def __init__(self, players, seed, holes, bot_seats):
        self.setup = rules.Setup(players, seed, holes, mulligan=True, change_luck=True)
        self.who = WHO[:players]
        self.seats = bytes(range(players))
        self.bots = bytes(bot_seats)
        game = self.new_game()
        store = SimStore()
        gj = GameJournal(store, board=BOARD)
        self.start_game(gj, game)
        players_ = [bot.SensibleBot(seed + i) for i in range(players)]
        while not game.over:
            seat = game.pending().player
            choice = players_[seat].choose(game, seat)
            game.apply(choice, seat)
            gj.record(seat, choice)
        self.inputs = list(game.inputs)
        self.record = Shelf(store).read(1)
        self.units = store.spent

    def new_game(self):
        return rules.Game(self.setup)

    def start_game(self, gj, game):
        return gj.start(game, self.who, seats=self.seats, bots=self.bots,
                        game_name="domino-golf")

    def start(self, gj):
        return self.start_game(gj, self.new_game())

    def digest_after(self, k):
        return log.replay(log.GameLog(self.setup, self.inputs[:k])).state_digest()


def test_a_cut_at_every_point_of_a_game_of_domino_golf_resumes_it_or_keeps_its_record():
    script = DominoScript(2, 6, 3, (0, 1))
    record = gamerecord.decode(script.record)
    assert record.game == "domino-golf" and record.bots == [False, True]
    assert len(record.holes) == 3 and {par for _h, par, _s in record.holes} <= {3, 4, 5}
    outcomes = [check_cut(script, n) for n in range(script.units + 1)]
    assert outcomes[-1] is True and outcomes.count(True) == 1
