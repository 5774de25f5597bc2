"""The `teebox` command line as a whole: version, help on every command, completion."""

import pytest
import typer
from typer.testing import CliRunner

from teebox_host import cli

runner = CliRunner()


@pytest.fixture(scope="module")
def teebox():
    """The `teebox` app with every command registered, as `main()` builds it."""
    cli._hide_flag_types()
    cli._register()
    return cli.app


def invoke(app, *args, env=None):
    return runner.invoke(app, list(args), prog_name="teebox",
                         env=dict({"COLUMNS": "100"}, **(env or {})))


def command_paths(command, path=()):
    """Every command and group under ``command``, as argument lists."""
    yield list(path)
    for name, sub in getattr(command, "commands", {}).items():
        yield from command_paths(sub, path + (name,))


def test_version_prints_the_installed_version(teebox):
    from importlib import metadata
    result = invoke(teebox, "--version")
    assert result.exit_code == 0, result.output
    assert result.output == "teebox %s\n" % metadata.version("teebox")


def test_every_command_takes_h_for_help_and_labels_no_flag_with_a_type(teebox):
    paths = list(command_paths(typer.main.get_command(teebox)))
    assert ["course", "check"] in paths and ["scores", "rename"] in paths
    for path in paths:
        short = invoke(teebox, *path, "-h")
        assert short.exit_code == 0, (path, short.output)
        assert "Usage: teebox" in short.output
        assert short.output == invoke(teebox, *path, "--help").output
        # A flag takes no value: "--demo <bool>" reads as if it wanted one.
        assert "<bool>" not in short.output, path


def test_shell_completion_completes_commands_and_options(teebox):
    script = invoke(teebox, "--show-completion", "bash", env={"SHELL": "/bin/bash"})
    assert script.exit_code == 0, script.output
    assert "complete -o default -F _teebox_completion teebox" in script.output

    def complete(line):
        words = line.split()
        result = invoke(teebox, env={"_TEEBOX_COMPLETE": "complete_bash",
                                     "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)})
        assert result.exit_code == 0, result.output
        return result.output.split()

    assert complete("teebox cou") == ["course"]
    assert "check" in complete("teebox course ch")
    assert complete("teebox scores leaderboard --mo") == ["--mode"]




def test_each_command_is_summed_up_in_lines_that_wrap_with_the_terminal(teebox):
    # `teebox -h` lists each command with the first paragraph of its help, line breaks
    # kept: one inside it showed as a line cut short in the middle of the list.
    def walk(command, path=()):
        for name, sub in getattr(command, "commands", {}).items():
            yield path + (name,), sub
            yield from walk(sub, path + (name,))

    for path, command in walk(typer.main.get_command(teebox)):
        summary = (command.short_help or command.help or "").strip().split("\n\n")[0]
        assert summary and "\n" not in summary, (path, summary)


def test_port_means_the_same_serial_port_in_every_command_that_talks_to_a_board(teebox):
    # Issue 17: "`--port` means the same in every command (deploy, board, sync, course)":
    # the board's serial port, and without it the one MicroPython board on USB
    # (teebox_host.link.find_port, which names the candidates when there are several).
    from teebox_host.link import PORT_HELP

    def walk(command, path=()):
        for name, sub in getattr(command, "commands", {}).items():
            yield path + (name,), sub
            yield from walk(sub, path + (name,))

    with_port = {}
    for path, command in walk(typer.main.get_command(teebox)):
        for param in getattr(command, "params", []):
            if param.name == "port" and path[0] != "serve":  # serve: its page's live view
                with_port[" ".join(path)] = param
    for name in ("deploy", "board status", "board watch", "board test", "board repl",
                 "sync", "course push", "course pull", "course delete", "course list"):
        assert name in with_port, sorted(with_port)
    for name, param in with_port.items():
        assert sorted(param.opts + param.secondary_opts) == ["--port", "-p"], name
        assert param.default is None and param.help == PORT_HELP, name
