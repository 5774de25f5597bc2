# Solo Chaos Golf at the table: the deck's rank asked before the clubs (the course's solo
# par first), the three automated opponents lit on the greens they score next, the solo
# card and its turn marker on the display, and the peek at an opponent's top club.
# Runs under CPython and inside MicroPython.
import engine_kit as E
import table_kit as K
from teebox.app import script
from teebox.core.holes18 import gamelog
from teebox.core.holes18.modes import solo as S
from teebox.core.holes18.protocol import EXTRA, GAME_OVER, SELECT_CLUB

# Greens 1 (6,1), 2 (1,3) and 3 (8,3); tees (1,1), (6,3) and (8,1).
ROWS = ["rrrrrrrrrr", "rTffffGrTr", "rrrrrrrrrr", "rGffffTrGr", "rrrrrrrrrr"]
HOLES = [(4, (1, 1), (6, 1)), (4, (6, 3), (1, 3)), (4, (8, 1), (8, 3))]
SOLO = E.SHOTS["solo"]


def _solo():
    return K.game_table(E.make_course(ROWS, HOLES, "Solo"), mode="solo-chaos", players=1)


def _green(t, hole):
    h = t.game.course.hole(hole)
    return t.cell(h[3], h[4])


def _dealt(t, d):
    """The rank (and combined rounds) taken as offered: the clubs are dealt."""
    while t.game.pending().kind in (S.DECK_RANK, S.COMBINED_ROUNDS):
        K.lines(d, "press OK")


def test_the_deck_rank_is_asked_before_the_clubs_with_the_solo_par_first():
    """Rulebook: "Build a deck of Solo Chaos Golf cards based on the difficulty you
    want." "Each course provided in the game also comes with a solo par score." The
    display offers the ranks as a list, the course's par (the rulebook's rank-17 example
    on a course without one) first; E steps to the next rank."""
    t, d = _solo()
    g = t.game
    assert g.pending().kind == S.DECK_RANK
    s = K.words(t)
    assert "Solo deck rank?" in s and "> rank 17" in s
    K.lines(d, "press E")
    assert "> rank 9" in K.words(t)
    K.lines(d, "press W", "press OK")
    _dealt(t, d)
    assert g.mode.rank == 17 and g.pending().kind == SELECT_CLUB


def test_the_opponents_show_on_the_greens_they_score_next_and_the_card_on_the_display():
    """Rulebook: "Reveal the top 1-point token for each opponent. This hole is the one they
    score at the next combined scoring phase." "Reveal the top card of the Solo Chaos Golf
    deck and place the solo turn marker above the first symbol." The opponents' golfers
    are lit in the next seat colours on their greens; the display shows the card, the
    marker on its first symbol and the opponents' points."""
    t, d = _solo()
    _dealt(t, d)
    m = t.game.mode
    v = t.view
    assert v.seats == 4
    assert [v.golfer[1 + k] for k in range(3)] == [_green(t, m.target[k]) for k in range(3)]
    rounds = SOLO[m.deck[0]][2]
    s = K.screen(t)
    assert "C1/%d [%s]%s" % (len(m.deck), rounds[0], rounds[1:].lower()) in s
    assert "AI 0 0 0" in s and "Lay your club" in s


def test_after_laying_a_club_the_player_may_peek_at_an_opponents_top_club():
    """Rulebook: "you may reveal the club card of an opponent to see their initiative. You
    may only do this after you have determined which club you are going to play and
    before moving your golfer." In a combined round, once the club is laid, the display
    offers "play on" first, then each opponent (its green lit); OK on one shows its club
    and initiative, and OK on "play on" goes to the turn."""
    t, d = _solo()
    _dealt(t, d)
    g = t.game
    m = g.mode
    m.deck = [[i for i in range(len(SOLO)) if SOLO[i][2] == "CP"][0]]  # test set-up only
    m.clubs[1].append(E.club("3 Wood"))  # test set-up only: opponent 2's top club
    t.enter()
    K.scan(t, "8-hybrid-5")
    assert g.pending().kind == S.PEEK_CLUB
    assert "Peek at a club?" in K.words(t) and "> play on" in K.words(t)
    K.lines(d, "press E", "press E")
    assert "> AI 2: green %d" % m.target[1] in K.words(t)
    assert t.view.cursor == _green(t, m.target[1])
    K.lines(d, "press OK")
    assert m.shown[1] == 1 and t.note == "AI 2: 3 Wood 29"
    assert g.inputs[-1] == (0, (EXTRA, S.PEEK + 1))
    K.lines(d, "press OK")
    assert g.pending().kind != S.PEEK_CLUB and "8 Hybrid" in K.words(t)


def test_a_solo_chaos_golf_game_plays_to_the_end_at_the_table_and_replays():
    """A player plays Solo Chaos Golf round the starter course through the table's buttons
    and cards; the final screen gives the opponents' points and, for a win, the deck rank
    beaten ("If you can win with a higher rank, congratulations!"); the log replays to the
    same finish."""
    t = K.new_table()
    got = K.record_inputs(t)
    K.autoplay(t, script.Autoplayer(K.CLUBS, "solo-chaos", "starter", 1, "first-game", 3),
               K.Direct(t).line)
    g = t.game
    assert g.pending().kind == GAME_OVER and g.mode.title == "Solo Chaos Golf"
    assert got == [g.inputs[i] for i in range(len(g.inputs))]
    assert got[0] == (0, (EXTRA, S.RANK + g.course.solo_par))
    s = K.words(t)
    assert "Game over" in s and "vs %d %d %d" % tuple(g.mode.points) in s
    assert ("Rank %d beaten" % g.mode.rank in s) == (g.standings()[0][3] > 0)
    again = gamelog.replay(gamelog.of(g), g.course, K.CLUBS, K.SHOTS)
    assert again.standings() == g.standings() and again.state_digest() == g.state_digest()
