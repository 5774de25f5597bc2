"""Entry point of the `teebox` command. Each command group lives in its own module."""

from typing import Optional

import typer

app = typer.Typer(
    help="Teebox: the lit-up hex table for 18 Holes. Courses, demo games, the simulator, "
         "deploying firmware and syncing scores.",
    no_args_is_help=True,
    # -h as well as --help, on every command (Click hands this down to each subcommand).
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version():
    """The installed teebox version ("0.1.0"), or "unknown" when run from a bare checkout."""
    from importlib import metadata
    try:
        return metadata.version("teebox")
    except metadata.PackageNotFoundError:
        return "unknown"


def _print_version(value: bool):
    if value:
        typer.echo(f"teebox {_version()}")
        raise typer.Exit()


@app.callback()
def _root(version: Optional[bool] = typer.Option(
        None, "--version", callback=_print_version, is_eager=True,
        help="Print the teebox version and exit.")):
    """The options that come before a command (the help text is the app's)."""


def _hide_flag_types():
    """Show no value type after a flag in the help: Typer 0.29 labels every flag ``<bool>``
    although a flag takes no value (older Typers show nothing there already)."""
    from typer import core
    shown = getattr(core.TyperOption, "display_type_rich", None)
    if shown is None or getattr(shown, "hides_flags", False):
        return

    def display_type_rich(self, ctx):
        return None if self.is_flag else shown(self, ctx)

    display_type_rich.hides_flags = True
    core.TyperOption.display_type_rich = display_type_rich


def lower(value):
    """Option callback: a choice given in any case (``--mode Stroke``) as its lower-case name."""
    return value.lower() if isinstance(value, str) else value


def _register():
    # Imported here so that `teebox --help` stays fast and each group is self-contained.
    from teebox_host import (board_cmd, course_cmd, data_cmd, deploy_cmd, play_cmd, scores_cmd,
                             sim_cmd, sync_cmd)

    app.command("sim")(sim_cmd.sim)
    app.command("demo")(play_cmd.demo)
    app.command("replay")(play_cmd.replay)
    app.add_typer(course_cmd.app, name="course")
    sync_cmd.add_course_commands(course_cmd.app, course_cmd.list_courses)  # push/pull/--board
    app.add_typer(data_cmd.app, name="data")
    app.add_typer(board_cmd.app, name="board")
    app.command("sync")(sync_cmd.sync)
    app.add_typer(scores_cmd.app, name="scores")
    app.command("deploy")(deploy_cmd.deploy)
    from teebox_host.web import serve_cmd
    app.command("serve")(serve_cmd.serve)


def main():
    """Run the `teebox` command line."""
    _hide_flag_types()
    _register()
    app()
