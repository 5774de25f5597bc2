"""`teebox data`: check the club, shot and Solo Chaos Golf card files (and Reading the Greens'
dice and green cards) against the rules.

The card faces are editable data (docs/card-data.md). After editing them to match
a printing, `teebox data check` lists every problem before the files go on a board.
"""

from pathlib import Path
from typing import Optional

import typer

from teebox.core.holes18 import cards
from teebox.core.holes18.expansions import greens_data
from teebox.core.holes18.expansions import winddata
from teebox_host.render import count
from teebox import shipped

app = typer.Typer(help="Club and shot card data of 18 Holes: check edited card files.",
                  no_args_is_help=True, add_completion=False)


@app.callback()
def _group():
    """Club and shot card data of 18 Holes."""




def _club_summary(clubs):
    base = [c for c in clubs if not c.expansion]
    extra = len(clubs) - len(base)
    deal = ", ".join("%d with %s" % (cards.in_play(base, n), label)
                     for n, label in ((2, "1-2 players"), (4, "3-4 players"), (5, "5 players")))
    return "%s (%s) and %s" % (count(len(base), "base club card"), deal,
                               count(extra, "expansion card"))


def _solo_summary(solo):
    combined = sum(r.count("C") for _id, _v, r in solo)
    return "%s (%s, difficulty %d to %d)" % (
        count(len(solo), "Solo Chaos Golf card"), count(combined, "combined scoring round"),
        min(v for _id, v, _r in solo), max(v for _id, v, _r in solo))


def _greens_summary(greens):
    levels = "/".join(str(len(greens.by_putters(n))) for n in (1, 2, 3))
    return "%s (%s easy/medium/hard) and %s a player" % (
        count(len(greens.cards), "green card"), levels,
        count(len(greens.set), "putting die", "putting dice"))


def _shot_summary(decks):
    sizes = ", ".join("%s: %d" % (d, len(decks[d])) for d in cards.DECKS)
    return "%s (%s)" % (count(sum(len(v) for v in decks.values()), "shot card"), sizes)


def _wind_summary(deck):
    kinds = [len([c for c in deck if c.strength == s]) for s in (winddata.CALM, winddata.WINDY,
                                                                 winddata.STRONG)]
    return "%s (%d calm, %d windy, %d strong)" % (count(len(deck), "wind card"), *kinds)


@app.command()
def check(
    clubs: Optional[Path] = typer.Option(
        None, "--clubs", help="Club card file (default: the shipped clubs.json)."),
    shots: Optional[Path] = typer.Option(
        None, "--shots", help="Shot card file (default: the shipped shots.json)."),
    solo: Optional[Path] = typer.Option(
        None, "--solo", help="Solo Chaos Golf card file (default: the shipped solo.json)."),
    greens: Optional[Path] = typer.Option(
        None, "--greens",
        help="Reading the Greens dice and green cards (default: the shipped greens.json)."),
    wind: Optional[Path] = typer.Option(
        None, "--wind", help="Wind card file of Taming the Wind (default: the shipped wind.json)."),
):
    """Validate the card data files and print every problem (exit 1 if there are any).

    The files: clubs, shots, the Solo Chaos Golf cards, the green cards and the wind."""
    failed = False
    for path, default, load, summary in (
        (clubs, "clubs.json", cards.load_clubs, _club_summary),
        (shots, "shots.json", cards.load_shots, _shot_summary),
        (solo, "solo.json", cards.load_solo, _solo_summary),
        (greens, "greens.json", greens_data.load_greens, _greens_summary),
        (wind, "wind.json", winddata.load_wind, _wind_summary),
    ):
        path = path if path is not None else Path(shipped.data_path(default))
        name = str(path)
        try:
            loaded = load(path.read_text(encoding="utf-8"), name)
        except OSError as exc:
            typer.echo("%s: cannot read: %s" % (name, exc.strerror or exc))
            failed = True
        except UnicodeDecodeError as exc:
            typer.echo("%s: not UTF-8 text (byte %d)" % (name, exc.start))
            failed = True
        except cards.CardDataError as exc:
            for line in exc.problems:
                typer.echo(line)
            typer.echo("%s: %s" % (name, count(len(exc.problems), "problem")))
            failed = True
        else:
            typer.echo("%s: OK, %s" % (name, summary(loaded)))
    if failed:
        raise typer.Exit(1)
