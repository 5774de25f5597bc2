"""`teebox course rate`: per-hole strokes and hazard catches of the sensible bot (teebox_host.rate)."""

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from teebox.core import course, hexgrid
from teebox.core.holes18 import bots, engine, modes
from teebox.core.holes18.protocol import (AIM, CHOOSE_ACTION, DECLARE_DIRECTION, EXIT_BUNKER,
                                  HIT_DIRECTION, MOVE, PLAY, SELECT, SELECT_CLUB)
from teebox_host import course_cmd, rate, scorecard
from teebox_host.course_cmd import app
from teebox import shipped

runner = CliRunner()
CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()

# Hole 1: three hexes of fairway to a pond, then two to the green. Hole 2: off the
# board to the west, a bunker with a tree behind it, the green south-east of the bunker.
HAZARD_COURSE = """\
teebox-course 1
name: Hazards
size: 6x4
hole 1 par 3 tee 0,0 green 5,0
hole 2 par 3 tee 0,2 green 2,3
map:
T f f w f G
 . . . . . .
T f b t r r
 r r G r r r
"""


def club(club_id):
    return [c.id for c in CLUBS].index(club_id)


def rows_of(text):
    """Table rows as lists of cells (numbered holes and the Total row)."""
    out = []
    for line in text.splitlines():
        if line.startswith("│"):
            out.append([c.strip() for c in line.strip("│").split("│")])
    return out


class Script:
    """One golfer in Stroke Play on HAZARD_COURSE, played by hand, tallied as it goes."""

    def __init__(self):
        self.course = course.from_source(HAZARD_COURSE)
        hand = ["5-wood-20", "5-wood-25", "3-wood-29", "sand-wedge-7", "sand-wedge-11"]
        self.game = engine.Game(self.course, CLUBS, SHOTS,
                                engine.Setup(1, "stroke", seed=3, hands=[hand]))
        self.tally = scorecard.Tally(self.game)
        self.tally.feed(self.game.initial_outputs)

    def apply(self, choice):
        self.tally.feed(self.game.apply(choice, 0))

    def turn(self, club_index, action, direction):
        """Select a club and take one turn: PLAY (aimed), EXIT_BUNKER (declared) or MOVE."""
        assert self.game.pending().kind == SELECT_CLUB
        self.apply((SELECT, club_index))
        assert self.game.pending().kind == CHOOSE_ACTION
        if action == MOVE:
            self.apply((MOVE, direction))
            return
        self.apply((action,))
        if self.game.pending().kind in (DECLARE_DIRECTION, HIT_DIRECTION):
            self.apply((AIM, direction))

    def hand_club(self, with_deck):
        p = self.game.players[0]
        return [c for c in p.hand if not with_deck or CLUBS[c].decks][0]


def test_hazards_and_strokes_are_read_from_the_engine_outputs_per_hole():
    s = Script()
    p = s.game.players[0]
    E, W, SE = hexgrid.E, hexgrid.W, hexgrid.SE
    s.turn(club("5-wood-20"), PLAY, E)        # three hexes: into the pond (penalty stroke)
    s.turn(club("5-wood-25"), PLAY, E)        # from the water (rough): two hexes, the green
    assert p.hole == 2
    s.turn(club("3-wood-29"), PLAY, W)        # off the board: out of bounds, club back
    s.turn(club("3-wood-29"), PLAY, E)        # stopped by the tree, back onto the bunker
    turns = 2
    bunker = hexgrid.from_offset(2, 2)
    green = s.course.hole(2)[3:5]
    while not s.game.over:
        if p.position() == bunker:
            s.turn(s.hand_club(True), EXIT_BUNKER, SE)  # exit toward the green
        else:                                           # beside the green
            s.turn(s.hand_club(False), MOVE,
                   hexgrid.direction_between(p.q, p.r, green[0], green[1]))
        turns += 1

    one, two = s.tally.holes[1][0], s.tally.holes[2][0]
    assert (one.turns, one.penalties, one.points()) == (2, 1, 3)
    assert one.caught == {"water": 1, "bunker": 0, "trees": 0, "out": 0}
    assert (two.turns, two.penalties, two.points()) == (turns, 1, turns + 1)
    assert two.caught["out"] == 1 and two.caught["water"] == 0
    assert two.caught["trees"] >= 1 and two.caught["bunker"] >= 1

    rating = rate.CourseRating(s.course)
    rating.add(s.tally)
    h1, h2 = rating.holes
    assert (h1.rounds, h1.average(), h1.par) == (1, 3, 3)
    assert [h1.share(z) for z in scorecard.HAZARDS] == [1, 0, 0, 0]
    assert h2.average() == turns + 1
    assert [h2.share(z) for z in scorecard.HAZARDS] == [0, 1, 1, 1]
    assert rating.caught == {"water": 1, "bunker": 1, "trees": 1, "out": 1}
    assert rating.catches["water"] == 1 and rating.catches["out"] == 1
    assert rating.average() == 3 + turns + 1

    console = Console(width=100, record=True)
    console.print(rate.rating_view(rating))
    rows = rows_of(console.export_text())
    assert rows[0] == ["1", "3", "3.00", "+0.00", "100%", "0%", "0%", "0%"]
    assert rows[1][4:] == ["0%", "100%", "100%", "100%"]
    assert rows[2][:4] == ["Total", "6", "%.2f" % (4 + turns), "%+.2f" % (turns - 2)]


def invoke(*args):
    return runner.invoke(app, ["rate"] + [str(a) for a in args])


def test_rate_prints_every_hole_and_a_total_that_adds_up():
    result = invoke("starter", "--rounds", 4)
    assert result.exit_code == 0, result.output
    starter = shipped.load_builtin("starter")
    lines = result.stdout.splitlines()
    assert lines[0] == "Starter Course (hash %s)" % starter.hash_hex()
    assert lines[1] == "4 games of Stroke Play, 1 SensibleBot each (seeds 1-4): 4 rounds"
    rows = rows_of(result.stdout)
    holes, total = rows[:-1], rows[-1]
    assert [r[:2] for r in holes] == [[str(n), str(starter.hole(n)[0])] for n in range(1, 6)]
    for r in holes:
        assert float(r[3]) == pytest.approx(float(r[2]) - int(r[1]), abs=0.006)
        for share in r[4:]:
            assert re.fullmatch(r"\d+%", share) and 0 <= int(share[:-1]) <= 100
            assert int(share[:-1]) % 25 == 0  # a share of 4 rounds
    assert total[0] == "Total" and total[1] == str(sum(starter.hole(n)[0] for n in range(1, 6)))
    assert float(total[2]) == pytest.approx(sum(float(r[2]) for r in holes), abs=0.03)
    assert re.search(r"^Catches per round: water \d+\.\d\d, bunker \d+\.\d\d, trees hit "
                     r"\d+\.\d\d, out of bounds \d+\.\d\d$", result.stdout, re.M)


def test_rate_is_repeatable_and_the_seed_changes_the_games():
    first = invoke("nine", "--rounds", 3, "--players", 2)
    assert first.exit_code == 0, first.output
    assert "3 games of Stroke Play, 2 SensibleBots each (seeds 1-3): 6 rounds" in first.stdout
    assert invoke("nine", "--rounds", 3, "--players", 2).stdout == first.stdout
    other = invoke("nine", "--rounds", 3, "--players", 2, "--seed", 40)
    assert "(seeds 40-42)" in other.stdout
    assert rows_of(other.stdout) != rows_of(first.stdout)


def test_rate_with_the_wind_module_plays_the_wind():
    """`teebox course rate --expansion wind`: the same games in the wind (Taming the Wind),
    to compare with the rating without it."""
    calm = invoke("nine", "--rounds", 2)
    windy = invoke("nine", "--rounds", 2, "--expansion", "wind")
    assert windy.exit_code == 0, windy.output
    assert ("2 games of Stroke Play, 1 SensibleBot each (seeds 1-2, with Taming the Wind): "
            "2 rounds") in " ".join(windy.stdout.split())  # (wrapped at the terminal width)
    assert rows_of(windy.stdout) != rows_of(calm.stdout)
    bad = invoke("nine", "--rounds", 1, "--expansion", "moon")
    assert bad.exit_code == 1 and "unknown expansion module 'moon'" in bad.output


def test_rate_of_one_game_counts_in_the_singular():
    result = invoke("starter", "--rounds", 1)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1] == ("1 game of Stroke Play, 1 SensibleBot each "
                                             "(seed 1): 1 round")


def test_rate_shows_its_progress_on_a_terminal_and_keeps_stdout_for_the_table(monkeypatch):
    done = []
    rate.rate_course(shipped.load_builtin("starter"), rounds=3, progress=done.append)
    assert done == [1, 2, 3]
    # Not a terminal (a pipe, a test): stderr stays empty.
    quiet = invoke("starter", "--rounds", 2)
    assert quiet.exit_code == 0 and quiet.stderr == ""
    assert quiet.stdout.startswith("Starter Course (hash ")
    screen = io.StringIO()
    monkeypatch.setattr(course_cmd, "_stderr",
                        lambda: Console(file=screen, force_terminal=True, color_system=None,
                                        width=100))
    shown = invoke("starter", "--rounds", 2)
    assert shown.exit_code == 0 and shown.stdout == quiet.stdout
    assert re.search(r"Bots playing Starter Course .* 2/2 games", screen.getvalue())


def test_rate_takes_a_course_file(tmp_path):
    path = tmp_path / "hazards.course"
    path.write_text(HAZARD_COURSE)
    result = invoke(path, "--rounds", 2)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Hazards (hash ")
    assert len(rows_of(result.stdout)) == 3


def test_rating_rotates_the_first_game_hands():
    hands = [rate.first_game_hands(CLUBS, game, 2) for game in range(5)]
    letters = [[CLUBS[h[0]].hand for h in pair] for pair in hands]
    assert letters == [["A", "B"], ["B", "C"], ["C", "D"], ["D", "E"], ["E", "A"]]
    assert all(len(h) == 5 for pair in hands for h in pair)


@pytest.mark.parametrize("args, message", [
    (("starter", "--rounds", 0), "--rounds 0: play at least 1 round"),
    (("starter", "--players", 6), "--players 6: Stroke Play is played by 1 to 5 players"),
    (("starter", "--players", 0), "--players 0: Stroke Play is played by 1 to 5 players"),
    (("starter", "--seed", -2), "--seed -2: the seed must be 0 or more"),
    (("nowhere",), "unknown course 'nowhere'"),
    (("starter", "--mode", "golf"), "--mode golf: unknown game mode 'golf' (use one of: %s)"
                                    % ", ".join(modes.NAMES)),
    (("chaos", "--mode", "chaos", "--players", 2),
     "--players 2: Chaos Golf is played by 3 to 5 players"),
])
def test_rate_refuses_bad_options_with_exit_1(args, message):
    result = invoke(*args)
    assert result.exit_code == 1
    assert message in result.stderr


@pytest.mark.parametrize("name", ["starter", "nine", "championship", "coastline"])
def test_built_in_courses_play_close_to_their_par(name):
    # The evidence that the card data and the pars fit each other: over 40 rounds the
    # sensible bot finishes within 15% of par (pars are its average strokes per hole,
    # rounded, 3 at least: the starter's short holes take about 2.6, hence the margin).
    # Chaos Meadow is left out: Chaos Golf has no pars, any green scores.
    c = shipped.load_builtin(name)
    r = rate.rate_course(c, rounds=40, players=1, seed=1)
    strokes = sum(h.average() for h in r.holes)
    par = sum(c.hole(n)[0] for n in range(1, c.hole_count + 1))
    assert abs(par - strokes) <= 0.15 * par, "%s: par %d, the bot %.2f" % (name, par, strokes)


def _scores_per_game(name, mode, games, players):
    """The players' summed scores of each game ``rate`` plays (same seeds, hands, bots)."""
    c = shipped.load_builtin(name)
    out = []
    for i in range(games):
        setup = engine.Setup(players, mode, seed=1 + i,
                             hands=rate.first_game_hands(CLUBS, i, players))
        game = engine.Game(c, CLUBS, SHOTS, setup)
        bots.play_game(game, [bots.SensibleBot((1 + i) * 8 + s + 1) for s in range(players)])
        out.append(sum(p.score for p in game.players))
    return out


def test_skins_rates_what_each_green_paid_with_its_jackpots_and_how_often_it_was_tied():
    # Rulebook (Skins): "each green is worth either 1, 2, or 5 points" and "If multiple
    # players reach the green on the same turn, move all scoring tokens to the next
    # green. The value jackpots!" What matters is what a green pays (its tokens and the
    # jackpots that reach it) and how often it is tied: every point paid is a player's.
    result = invoke("starter", "--mode", "skins", "--rounds", 3)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == "3 games of Skins, 2 SensibleBots each (seeds 1-3)"
    rows = rows_of(result.stdout)
    head = [line for line in lines if "Green" in line and "Paid" in line][0]
    assert [c.strip() for c in head.strip("┃").split("┃")] == [
        "Green", "Par", "Paid", "Claimed", "Rounds", "Tied"]
    holes, total = rows[:-1], rows[-1]
    assert [r[0] for r in holes] == ["1", "2", "3", "4", "5"]
    paid = sum(_scores_per_game("starter", "skins", 3, 2)) / 3
    assert float(total[2]) == pytest.approx(paid, abs=0.006)
    assert float(total[2]) == pytest.approx(sum(float(r[2]) for r in holes), abs=0.03)
    for r in holes:
        assert re.fullmatch(r"\d+%", r[3]) and re.fullmatch(r"\d+%|-", r[5])
    assert re.search(r"^A game takes \d+\.\d rounds; the winner scores \d+\.\d\d points\.$",
                     result.stdout, re.M)
    assert re.search(r"^Catches per game: water \d+\.\d\d, ", result.stdout, re.M)


@pytest.mark.parametrize("mode, players, when", [
    ("match", 2, "Rounds"), ("chaos", 3, "Round"), ("racing", 3, "Rounds"),
    ("kelly", 3, "Round")])
def test_every_mode_scoring_greens_rates_what_they_paid_and_when(mode, players, when):
    # Each mode's greens pay what its rules say (Match Play's flags, Chaos Golf's 5s and
    # 2s, a racer's green, Kelly Golf's targets and flags): the paid column adds up to
    # the players' scores; a mode holes in any order rates the round each green was
    # first claimed in, one racing rates the rounds a racer spent on it, and only a
    # mode playing one hole at a time can tie a green.
    name = "chaos" if mode in ("chaos", "kelly") else "starter"
    result = invoke(name, "--mode", mode, "--players", players, "--rounds", 2)
    assert result.exit_code == 0, result.output
    title = scorecard.mode_facts(mode).title
    assert result.stdout.splitlines()[1] == ("2 games of %s, %d SensibleBots each (seeds 1-2)"
                                             % (title, players))
    head = [line for line in result.stdout.splitlines() if "Paid" in line and "┃" in line][0]
    columns = [c.strip() for c in head.strip("┃").split("┃")]
    assert columns[:4] == ["Green", "Par", "Paid", "Claimed"] and columns[4] == when
    assert ("Tied" in columns) == (mode == "match")
    total = rows_of(result.stdout)[-1]
    assert float(total[2]) == pytest.approx(sum(_scores_per_game(name, mode, 2, players)) / 2,
                                            abs=0.006)


def test_stableford_rates_the_points_of_each_hole_without_strokes_against_par():
    # Rulebook (Stableford): "you get 2 points for achieving par ... The highest score per
    # hole is 4, 5 or 6 depending on if it's a par 3, 4 or 5. The lowest score per hole
    # is zero (0)." The rating shows the average points of each hole, within those bounds.
    result = invoke("starter", "--mode", "stableford", "--rounds", 3)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1] == ("3 games of Stableford, 1 SensibleBot each "
                                             "(seeds 1-3): 3 rounds")
    assert "Points" in result.stdout and "vs par" not in result.stdout
    rows = rows_of(result.stdout)
    for r in rows[:-1]:
        assert 0 <= float(r[2]) <= int(r[1]) + 1
    assert float(rows[-1][2]) == pytest.approx(
        sum(_scores_per_game("starter", "stableford", 3, 1)) / 3, abs=0.006)


def test_rate_plays_the_hit_through_out_of_bounds_variation_when_asked():
    # Rulebook (OUT-OF-BOUNDS, VARIATION): "you may allow players to hit through
    # out-of-bounds": a designer rates a course under the rule the players agreed on.
    result = invoke("starter", "--rounds", 2, "--option", "bounds=through")
    assert result.exit_code == 0, result.output
    assert " ".join(result.stdout.split()).startswith(
        "Starter Course (hash %s) 2 games of Stroke Play, 1 SensibleBot each (seeds 1-2, out "
        "of bounds: through): 2 rounds" % shipped.load_builtin("starter").hash_hex())
    strict = invoke("starter", "--rounds", 2)
    assert "out of bounds: " not in strict.stdout.splitlines()[1]
    refused = invoke("starter", "--option", "hands=draft")
    assert refused.exit_code == 1
    assert "--option hands=draft: 18 Holes has no option 'hands' (use one of: bounds, expansions)" in (
        refused.stderr)


def test_rate_solo_measures_the_solo_par_at_every_deck_rank():
    """Rulebook: "Each course provided in the game also comes with a solo par score. If you
    build a deck equalling this score, you have what we designers believe is a
    challenging experience." `teebox course rate --solo` plays Solo Chaos Golf at every
    rank of a deck with six combined rounds and names the highest rank the bot wins at
    least half of (docs/course-format.md, "Solo par")."""
    result = invoke("starter", "--solo", "--rounds", 3)
    assert result.exit_code == 0, result.output
    assert "3 games of Solo Chaos Golf at each deck rank" in result.stdout
    ranks = [int(r[0]) for r in rows_of(result.stdout)]
    assert ranks == list(range(9, 30))
    measured = rate.rate_solo(shipped.load_builtin("starter"), rounds=3)
    assert measured.par() == max([r for r in measured.wins if measured.wins[r] >= 1.5]
                                 or [9])
    said = "Solo par: %d (the highest rank the bot wins at least 50%% of; solo-par 10" % (
        measured.par())
    assert said in " ".join(result.stdout.split())


@pytest.mark.parametrize("name", ["starter", "nine", "championship", "coastline", "chaos"])
def test_built_in_solo_pars_are_ranks_the_bot_wins_half_of(name):
    """Each built-in course's solo par is what `teebox course rate --solo` measured: at
    its rank the bot wins about half its games, clearly more than at the highest ranks.
    (20 games a rank here, 100 when it was measured: the share is allowed some noise.)"""
    crs = shipped.load_builtin(name)
    clubs, shots = CLUBS, SHOTS
    wins = {}
    for rank in (crs.solo_par, 29):
        wins[rank] = 0
        for i in range(20):
            game = rate.solo_game(crs, clubs, shots, 1 + i,
                                  rate.first_game_hands(clubs, i, 1)[0], rank)
            wins[rank] += bots.play_game(game, [bots.SensibleBot((1 + i) * 8 + 1)])[0][3] > 0
    assert 6 <= wins[crs.solo_par] <= 16 and wins[29] < wins[crs.solo_par], wins
