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
    from teebox_host import course_cmd, data_cmd

    app.add_typer(course_cmd.app, name="course")
    app.add_typer(data_cmd.app, name="data")


def main():
    """Run the `teebox` command line."""
    _register()
    app()
