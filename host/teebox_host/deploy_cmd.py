"""`teebox deploy`: compile the firmware and copy what changed to the board (see deploy.py)."""

from typing import Optional

import typer

from teebox import profile as profile_mod
from teebox_host import deploy as deploy_mod
from teebox_host.link import PORT_HELP

def _fail(message):
    typer.echo(message, err=True)
    raise typer.Exit(1)


def _plural(n, noun):
    return "%d %s%s" % (n, noun, "" if n == 1 else "s")


def _kb(n):
    return "%d B" % n if n < 1024 else "%.1f KB" % (n / 1024)


_WHERE = {
    deploy_mod.FILES: "Code: .mpy files on the board's filesystem (imported into RAM).",
    deploy_mod.ROMFS: "Code: a ROMFS image in flash (runs in place; see docs/memory.md).",
    deploy_mod.SPLIT: "Code: a ROMFS image in flash with the table shell, and the packages "
                      "it could not hold as .mpy files (imported into RAM; docs/memory.md).",
    deploy_mod.FROZEN: "Code: frozen into the board's MicroPython (copying data, main.py "
                       "and the profile only).",
}


def _show_plan(report):
    """Print what was built, what the board said and the plan."""
    b = report.build
    prof = b.profile
    typer.echo("Profile %s (%s): %s" % (prof.name, prof.path, prof.profile.name))
    typer.echo("Built %s (.mpy version %d, %s), %s and %s in %s" % (
        _plural(b.count("module"), "module"), b.mpy_version, b.compiler,
        _plural(b.count("data"), "data file"),
        "main.py" if b.count("source") else "no main.py", b.build_dir))
    if report.board:
        info = report.board
        typer.echo("Board: MicroPython %s on %s (loads .mpy version %d), %s of heap free"
                   % (info.version, info.machine or info.platform, info.mpy_version,
                      _kb(info.heap_free)))
    split = report.split
    fit = (deploy_mod.ram_fit(b, report.board, split.rom if split else ())
           if report.mode in (deploy_mod.FILES, deploy_mod.SPLIT) else None)
    if fit is not None and fit.fits:
        typer.echo("Heap: code %s + the largest game (%s) %s = %s of the %s free%s." % (
            _kb(fit.code), fit.game, _kb(fit.need - fit.code), _kb(fit.need), _kb(fit.free),
            "" if fit.need * deploy_mod.HEADROOM <= fit.free else
            ": less than the 25 % headroom the parts list's board has"))
    for note in report.plan.notes:
        typer.echo("Note: " + note)
    for warning in report.warnings:
        typer.echo("Warning: " + warning, err=True)
    typer.echo(_WHERE[report.mode])
    rom = report.rom
    if rom is not None and report.mode == deploy_mod.FILES:
        typer.echo("ROMFS partition: %s" % ("empty it" if rom.write else "empty already"))
    elif rom is not None:
        typer.echo("ROMFS image %s (%s of the board's %s partition): %s" % (
            rom.path.name, _kb(rom.size), _kb(report.board.rom["size"]),
            "write it" if rom.write else "the board holds it already"))
    if split is not None:
        typer.echo("In the image (%d modules): %s" % (len(split.rom), ", ".join(split.rom)))
        typer.echo("As files (%d modules): %s" % (len(split.files), ", ".join(split.files)))
    plan = report.plan
    size = sum(f.size for f in plan.copy)
    typer.echo("Plan: copy %s (%s), remove %d, %d unchanged." % (
        _plural(len(plan.copy), "file"), _kb(size), len(plan.remove),
        len(plan.unchanged)))
    for f in plan.copy:
        typer.echo("  copy    %-40s %s" % (f.board_path, _kb(f.size)))
    for path in plan.remove:
        typer.echo("  remove  %s" % path)


def deploy(port: Optional[str] = typer.Option(None, "--port", "-p", help=PORT_HELP),
           profile: str = typer.Option(profile_mod.DEFAULT, "--profile", metavar="NAME",
                                       help="A board profile in hardware/profiles, or the "
                                            "path of a profile .json file."),
           dry_run: bool = typer.Option(False, "--dry-run",
                                        help="Show what would be copied; change nothing."),
           force: bool = typer.Option(False, "--force",
                                      help="Copy even when the code and a game will not fit "
                                           "the board's free heap.")):
    """Compile the firmware and copy what changed to the board, then check the copies.

    On a board with a ROMFS partition the compiled modules, card data and
    courses go into a ROMFS image that runs from flash; otherwise they are
    copied as files (docs/memory.md). main.py and the board profile (as
    /profile.json) are copied too; only what changed since the last deploy. A board
    whose free heap will not hold the code copied as files and a game is refused,
    with the figures, unless --force.
    """
    try:
        report = deploy_mod.deploy(port=port, profile=profile, dry_run=dry_run,
                                   echo=typer.echo, force=force)
    except deploy_mod.DeployError as exc:
        _fail(str(exc))
    finish(report)


def finish(report):
    """Print a report's plan and outcome; exit 1 if copies did not arrive intact."""
    _show_plan(report)
    plan = report.plan
    if report.dry_run:
        typer.echo("Dry run: nothing was changed on the board.")
        return
    wrote_rom = report.rom is not None and report.rom.write
    if not plan.changes and not wrote_rom:
        typer.echo("The board is up to date: nothing to copy.")
        return
    if report.mismatches:
        lines = ["%s: expected sha256 %s..., the board has %s" % (
            path, want[:12], (got[:12] + "...") if got else "no such file")
            for path, want, got in report.mismatches]
        _fail("%s did not arrive intact on the board:\n  %s\nRun 'teebox deploy' again to "
              "copy %s once more." % (_plural(len(lines), "file"), "\n  ".join(lines),
                                      "it" if len(lines) == 1 else "them"))
    done = [("ROMFS partition emptied" if report.mode == deploy_mod.FILES else
             "ROMFS image written intact")] if wrote_rom else []
    if plan.changes:
        done.append("%s copied intact%s, manifest written" % (
            _plural(len(report.copied), "file"),
            ", %d removed" % len(plan.remove) if plan.remove else ""))
    typer.echo("Checked on the board: %s; board restarted." % "; ".join(done))
