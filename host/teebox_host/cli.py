"""Entry point of the `teebox` command. Each command group lives in its own module."""

import typer

app = typer.Typer(
    help="Teebox: the lit-up hex table for 18 Holes. Courses, demo games, the simulator, "
         "deploying firmware and syncing scores.",
    no_args_is_help=True,
    add_completion=False,
)


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


def main():
    """Run the `teebox` command line."""
    _register()
    app()
