# Skins: greens worth 1, 2 or 5 points, the players' own 5s, tied holes jackpot, the
# elimination play-off. Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import at, club, kinds, make_course, new_game, one, place, play, select
from teebox import shipped
from teebox.core import scoring
from teebox.core.hexgrid import E, W
from teebox.core.holes18 import bots, engine, gamelog, modes
from teebox.core.holes18.engine import Game, Setup
from teebox.core.holes18.modes.skins import BOX, PLACE
from teebox.core.holes18.protocol import (
    DRAFT_PICK, EXTRA, GAME_OVER, MOVE, OUT_GAME_OVER, OUT_NEXT_HOLE, OUT_SCORED, SELECT_CLUB,
    TOKEN_1, TOKEN_2, TOKEN_5)

# Three holes in lanes: 1 along row 2 (tee (1,2), green (7,2)), 2 back along row 4
# (tee (7,4), green (1,4)), 3 along row 6 (tee (1,6), green (7,6)).
ROWS = ["rrrrrrrrr", "rrrrrrrrr", "rTfffffGr", "rrrrrrrrr", "rGrrrrrTr", "rrrrrrrrr",
        "rTrrrrrGr"]
HOLES = [(4, (1, 2), (7, 2)), (3, (7, 4), (1, 4)), (4, (1, 6), (7, 6))]
BESIDE = ((6, 2, E), (2, 4, W), (6, 6, E))  # a hex beside each green, and the way onto it
HANDS = [[club("8 Iron"), club("6 Iron"), club("5 Iron")],
         [club("Driver"), club("3 Wood"), club("5 Wood")],
         [club("7 Iron"), club("4 Iron"), club("9 Iron")]]


def _skins(players=2, greens=(1, 2), seed=1):
    """A Skins game with each player's 5 placed on ``greens`` (seat order)."""
    g = new_game(make_course(ROWS, HOLES), HANDS[:players], "skins", seed=seed)
    for seat in range(players):
        g.apply((EXTRA, greens[seat]), seat)
    return g


def _hole(g, arrive, wander=()):
    """Play one round: each seat in ``arrive`` steps onto the green of the hole in play,
    each in ``wander`` steps about the rough; returns the outputs."""
    hole = g.players[arrive[0] if arrive else wander[0]].hole
    col, row, way = BESIDE[hole - 1]
    for s in arrive:
        place(g, s, col, row)
    for s in wander:
        place(g, s, 4, 0)
    outs = select(g, dict([(s, g.players[s].hand[0]) for s in g.pending().waiting]))
    while not g.over and g.pending().kind != SELECT_CLUB:
        s = g.pending().player
        outs += play(g, (MOVE, way if s in arrive else E))
    return outs


def _tokens(g):
    return [g.mode.green_tokens(h) for h in range(1, 4)]


def test_setup_a_five_on_the_last_green_then_each_player_places_a_five_in_seat_order():
    """Rulebook (Skins, SETUP, "Do this before club selection"): "Place a 5 point token
    on the 18th green. Give each player a 5 point token and have them select a green to
    place it on." On a shorter course the last green is the 18th; any green may take a
    player's 5, one already holding a token too."""
    g = new_game(make_course(ROWS, HOLES), HANDS[:3], "skins")
    d = g.pending()
    assert d.kind == PLACE and d.players == (0,)
    assert g.choices(0) == [(EXTRA, 1), (EXTRA, 2), (EXTRA, 3)]
    assert g.mode.greens[3] == [5] and g.mode.greens[1] == g.mode.greens[2] == []
    err = raises(engine.IllegalMove, g.apply, (EXTRA, 2), 1)
    assert str(err) == "it is player 1's turn"
    g.apply((EXTRA, 2), 0)
    assert g.pending().players == (1,)
    g.apply((EXTRA, 3), 1)   # onto the last green, beside its 5
    assert g.pending().players == (2,)
    g.apply((EXTRA, 2), 2)
    assert g.mode.greens[2] == [5, 5] and g.mode.greens[3] == [5, 5]
    assert g.pending().kind == SELECT_CLUB and g.round == 1


def test_the_shuffled_ones_and_twos_go_on_every_green_without_a_token_values_visible():
    """Rulebook: "Turn all the 1 and 2-point tokens point-side down. Shuffle. Select a
    token for each green without one. Place the tokens point side up so all players can
    see the value of each green." The box holds "18 1-point tokens", "18 2-point
    tokens", "18 5-point tokens"; what is not drawn stays in it."""
    seen = []
    for seed in range(1, 9):
        g = _skins(2, (3, 3), seed)
        assert g.mode.greens[3] == [5, 5, 5]
        drawn = g.mode.greens[1] + g.mode.greens[2]
        assert len(g.mode.greens[1]) == len(g.mode.greens[2]) == 1
        assert set(drawn) <= set((1, 2))
        assert _tokens(g) == [drawn[0], drawn[1], 15]
        assert g.mode.box == [BOX - drawn.count(1), BOX - drawn.count(2), BOX - 3]
        seen.append(tuple(drawn))
    assert len(set(seen)) > 1  # shuffled: the seed decides


def test_the_tokens_are_placed_before_the_club_draft():
    """Rulebook: "Do this before club selection"; "The club draft and club selection
    process change as players try to have their best clubs available for tackling the
    high-value holes": the greens' values are known when the clubs are drafted."""
    crs = shipped.load_builtin("starter")
    g = Game(crs, shipped.load_default_clubs(), shipped.load_default_shots(),
             Setup(2, "skins", seed=3, hands="draft"))
    assert g.pending().kind == PLACE and not g.players[0].hand
    g.apply((EXTRA, 1), 0)
    g.apply((EXTRA, 2), 1)
    assert g.pending().kind == DRAFT_PICK
    assert [g.mode.green_tokens(h) > 0 for h in range(1, crs.hole_count + 1)] == [True] * 5


def test_the_player_reaching_the_green_claims_its_tokens():
    """Rulebook: "Players who reach the green claim the token that is on the green."
    "Greens are worth 1, 2 or 5 points based on the value of the token on it." """
    g = _skins(2, (1, 2))
    outs = _hole(g, (0,), (1,))
    assert one(outs, OUT_SCORED)[1:] == (0, 1, TOKEN_5, 5)
    assert g.players[0].tokens == [(1, TOKEN_5)] and g.mode.greens[1] == []
    assert one(outs, OUT_NEXT_HOLE)[1:3] == ((0, 1), 2)  # everyone on, as in Match Play


def test_a_hole_tied_on_the_same_turn_jackpots_its_tokens_onto_the_next_green():
    """Rulebook: "If multiple players reach the green on the same turn, move all scoring
    tokens to the next green. The value jackpots!" ("Tied holes jackpot.") The same
    turn is the same round: each player has one turn a round."""
    g = _skins(2, (1, 2))
    outs = _hole(g, (0, 1))
    assert not kinds(outs, OUT_SCORED)
    assert _tokens(g) == [0, 10, 5] and g.mode.greens[2] == [5, 5]
    assert [p.hole for p in g.players] == [2, 2]
    outs = _hole(g, (1,), (0,))
    assert [o[1:] for o in kinds(outs, OUT_SCORED)] == [(1, 2, TOKEN_5, 5), (1, 2, TOKEN_5, 5)]
    assert g.players[1].score == 10


def test_a_tied_last_hole_that_decides_the_winner_goes_to_an_elimination_from_the_first_tee():
    """Rulebook (ELIMINATION): "If the 18th hole was a tie and the result will decide the
    winner, move the scoring tokens from the 18th green to the 1st green." "All players
    that tied are moved to the 1st tee box. Reset everyone's hand and remove any hazard
    effects." "Play as normal with the winner taking the remaining jackpot and the game
    ends when the jackpot is claimed." """
    g = _skins(3, (1, 2, 1))
    _hole(g, (0,), (1, 2))            # P1 takes 10
    _hole(g, (1,), (0, 2))            # P2 takes 5 and the 1 or 2 there
    assert [p.score for p in g.players][2] == 0
    g.players[0].score = g.players[1].score = 10  # set-up: level, so the last green decides
    g.players[1].miss_turn = True   # a hazard effect the elimination removes
    outs = _hole(g, (0, 1), (2,))
    assert not g.over and not kinds(outs, OUT_SCORED)
    assert one(outs, OUT_NEXT_HOLE)[1:3] == ((0, 1), 1)
    assert _tokens(g) == [5, 0, 0] and [at(g, s) for s in (0, 1)] == [(1, 2), (1, 2)]
    assert g.players[1].miss_turn is False
    for s in (0, 1):
        assert sorted(g.players[s].hand) == sorted(HANDS[s]) and g.players[s].discards == []
    assert g.pending().waiting == (0, 1)  # "The other players are eliminated."
    outs = _hole(g, (1,), (0,))
    assert one(outs, OUT_SCORED)[1:] == (1, 1, TOKEN_5, 5)
    assert one(outs, OUT_GAME_OVER)[1][0][:3] == (1, 1, 15)
    assert g.pending().kind == GAME_OVER and scoring.winners(g.standings()) == (1,)


def test_a_tied_last_hole_that_cannot_decide_the_winner_leaves_the_leader_the_winner():
    """Rulebook: "If the result won't determine the winner, then the player in the lead
    wins." The tokens stay on the last green."""
    g = _skins(3, (1, 1, 1))
    _hole(g, (2,), (0, 1))            # P3 takes 15
    _hole(g, (2,), (0, 1))            # and the 1 or 2 on green 2
    outs = _hole(g, (0, 1), (2,))     # P1 and P2 tie on the last green: 5 cannot catch P3
    assert g.over and one(outs, OUT_GAME_OVER)[1][0][1] == 2
    assert _tokens(g) == [0, 0, 5]


def test_a_tie_in_the_elimination_takes_only_the_tied_players_to_the_next_hole():
    """Rulebook: "If there is a tie, only the players that tied progress to the next hole.
    The other players are eliminated." The jackpot moves on with them."""
    g = _skins(3, (3, 3, 3))
    ones_and_twos = g.mode.green_tokens(1) + g.mode.green_tokens(2)
    _hole(g, (0, 1, 2))               # everyone ties: green 1's token jackpots
    _hole(g, (0, 1, 2))               # and again, onto the last green
    assert _tokens(g) == [0, 0, 20 + ones_and_twos]
    outs = _hole(g, (0, 1, 2))        # a three-way tie on the last green decides the winner
    assert one(outs, OUT_NEXT_HOLE)[1:3] == ((0, 1, 2), 1)
    jackpot = g.mode.green_tokens(1)
    outs = _hole(g, (0, 2), (1,))     # P1 and P3 tie the first elimination hole
    assert one(outs, OUT_NEXT_HOLE)[1:3] == ((0, 2), 2)
    assert _tokens(g) == [0, jackpot, 0] and g.pending().waiting == (0, 2)
    outs = _hole(g, (2,), (0,))
    assert one(outs, OUT_GAME_OVER)[1][0][1:3] == (2, jackpot)


def test_level_totals_are_decided_by_an_elimination_for_the_win():
    """Rulebook: "The player with the most points wins. Tie break using elimination
    rounds." The last green won outright can leave the totals level: the players level
    play on from the 1st tee (hands reset) for the win alone."""
    g = _skins(2, (1, 2))
    _hole(g, (0,), (1,))
    _hole(g, (1,), (0,))
    g.players[0].score = g.players[1].score + 5  # set-up: P2's 5 on the last green levels them
    outs = _hole(g, (1,), (0,))
    assert one(outs, OUT_NEXT_HOLE)[1:3] == ((0, 1), 1) and not g.over
    assert [p.score for p in g.players][0] == g.players[1].score
    outs = _hole(g, (0,), (1,))
    assert not kinds(outs, OUT_SCORED) and g.over
    table = one(outs, OUT_GAME_OVER)[1]
    assert [row[:2] for row in table] == [(1, 0), (2, 1)] and table[0][3] == 1


def test_skins_is_played_by_two_to_five_and_names_its_tie_break():
    """Rulebook: "PLAYS 2 - 5 players"; "PARTS NEEDED FOR SCORING 5-point tokens, 2-point
    tokens, 1-point tokens": a score is points, highest first, ties by elimination."""
    crs = shipped.load_builtin("starter")
    clubs, shots = shipped.load_default_clubs(), shipped.load_default_shots()
    err = raises(ValueError, Game, crs, clubs, shots, Setup(1, "skins"))
    assert "Skins is played by 2 to 5 players, not 1" in str(err)
    Game(crs, clubs, shots, Setup(5, "skins"))
    mode = modes.make("skins")
    assert (mode.unit, mode.lower_wins, mode.count_key, mode.spread, mode.roams) == (
        "points", False, "playoff_wins", False, False)


def test_a_skins_game_replays_from_its_log():
    """The placements are inputs like any other: the log rebuilds the game exactly."""
    crs = shipped.load_builtin("starter")
    clubs, shots = shipped.load_default_clubs(), shipped.load_default_shots()
    g = Game(crs, clubs, shots, Setup(3, "skins", seed=4))
    bots.play_game(g, [bots.SensibleBot(s) for s in range(3)])
    log = gamelog.decode(gamelog.encode(gamelog.of(g)))
    assert [c for _s, c in log.inputs[:3]] == [(EXTRA, c[1]) for _s, c in log.inputs[:3]]
    again = gamelog.replay(log, crs, clubs, shots)
    assert again.state_digest() == g.state_digest() and again.over


def test_the_sensible_bot_places_its_five_where_it_is_likeliest_to_be_first():
    """Rulebook (PLAY THIS MODE WHEN): "players try to have their best clubs available
    for tackling the high-value holes": a bot puts its 5 on the shortest hole (lowest
    par) still without a 5, so the values spread over the greens."""
    g = new_game(make_course(ROWS, HOLES), HANDS[:3], "skins")
    bot = bots.SensibleBot(1)
    assert bot.choose(g, 0) == (EXTRA, 2)      # the par 3
    g.apply((EXTRA, 2), 0)
    assert bot.choose(g, 1) == (EXTRA, 1)      # par 4, nearer than the last hole
    g.apply((EXTRA, 1), 1)
    assert bot.choose(g, 2) == (EXTRA, 2)      # every green holds a 5: the par 3 again


def test_sensible_bots_play_skins_to_the_end_of_every_built_in_course():
    """Rulebook: "The player with the most points wins": bots finish every course; every
    token ends on a green, with a player or in the box."""
    clubs, shots = shipped.load_default_clubs(), shipped.load_default_shots()
    for name in shipped.builtin_names():
        crs = shipped.load_builtin(name)
        g = Game(crs, clubs, shots, Setup(4, "skins", seed=len(name)))
        table = bots.play_game(g, [bots.SensibleBot(s + 1) for s in range(4)])
        assert g.over and len(scoring.winners(table)) == 1, name
        held = [0, 0, 0]
        for p in g.players:
            for _hole, kind in p.tokens:
                held[(TOKEN_1, TOKEN_2, TOKEN_5).index(kind)] += 1
        for h in range(1, crs.hole_count + 1):
            for v in g.mode.greens[h]:
                held[(1, 2, 5).index(v)] += 1
        assert [held[i] + g.mode.box[i] for i in range(3)] == [BOX] * 3, name
