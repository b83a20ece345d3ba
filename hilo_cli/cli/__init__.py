"""The ``hilo`` command: Click only. Options, files and echo; the rules live in the library.

Each command is a module of this package (``COMMANDS``), imported only when it is run or its help is
shown, and each imports the library modules it needs when it runs: ``hilo showdown`` does not pay at
start-up for batch work, worker processes, equity tables or output formats it will not use.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from hilo_cli import __version__
from hilo_cli.cli.common import interrupted
from hilo_cli.errors import ExitStatus, HiloError

# Each command's module, in the order ``hilo --help`` lists them; the module defines a click command of
# the same name. A new command is a new module here and one line in this table.
COMMANDS: dict[str, str] = {
    "showdown": "hilo_cli.cli.showdown",
    "batch": "hilo_cli.cli.batch",
    "check": "hilo_cli.cli.check",
    "limits": "hilo_cli.cli.limits",
    "equity": "hilo_cli.cli.equity",
    "schema": "hilo_cli.cli.schema",
    "examples": "hilo_cli.cli.examples",
}

# Click 8.2 and later raise this for a bare `hilo`; older Clicks print the help and exit 0.
_NO_ARGS: type[Exception] = getattr(click.exceptions, "NoArgsIsHelpError", click.exceptions.Exit)


class HiloGroup(click.Group):
    """A group whose usage errors are one line on stderr and exit 2, under CliRunner too, and whose
    commands are imported only when they are used (``COMMANDS``)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMANDS.get(cmd_name)
        if module is None:
            return None
        command = getattr(importlib.import_module(module), cmd_name.replace("-", "_"))
        assert isinstance(command, click.Command)
        return command

    # Ctrl-C while Click parses the command line, imports the command or runs it: Click's main would
    # turn it into its Abort after a blank line of its own on stderr; here it is the one line.
    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            interrupted()

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            interrupted()

    def main(self, *args: Any, **kwargs: Any) -> Any:
        standalone = kwargs.pop("standalone_mode", True)
        try:
            rv = super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[call-overload]
        except KeyboardInterrupt:
            interrupted()
        except click.exceptions.Abort as e:
            if isinstance(e.__cause__, KeyboardInterrupt):
                interrupted()
            click.echo("hilo: aborted", err=True)
            sys.exit(ExitStatus.BAD_INPUT)
        except HiloError as e:
            _error(str(e))
            sys.exit(e.exit_status)
        except _NO_ARGS:
            names = list(COMMANDS)
            click.echo(
                f"hilo: error: missing command: {', '.join(names[:-1])} or {names[-1]} (see 'hilo --help')",
                err=True,
            )
            sys.exit(ExitStatus.BAD_INPUT)
        except OSError as e:
            _error(f"cannot write the output: {e.strerror or e}")
            sys.exit(ExitStatus.BAD_INPUT)
        except click.exceptions.ClickException as e:
            hint = (
                f" (see '{e.ctx.command_path} --help')"
                if isinstance(e, click.UsageError) and e.ctx
                else ""
            )
            _error(e.format_message(), hint)
            sys.exit(ExitStatus.BAD_INPUT)
        if not standalone:
            return rv
        sys.exit(rv if isinstance(rv, int) else ExitStatus.OK)


def _error(message: str, hint: str = "") -> None:
    """The one error line on stderr: the message escaped and cut to a few hundred characters, as it
    may quote the command line or an input (``safe.error_line``)."""
    from hilo_cli.formats.safe import error_line

    click.echo(f"hilo: error: {error_line(message)}{hint}", err=True)


@click.group(cls=HiloGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="hilo")
def main() -> None:
    """Settle Omaha Hi/Lo showdowns: best high and 8-or-better low hands, every pot in chips.

    \b
    The commands, one example each ('hilo COMMAND --help' for more):
    showdown  one showdown given as arguments
      hilo showdown --board "Ac 3d 6h Ks Kd" A="2c 4d Qc Jd" B="Kh Kc 2h 4s" --pot 1200
    batch     every deal in files or stdin: text lines, JSON or JSON Lines
      hilo batch examples/hands.txt --format json
    check     hand histories (PHH, PokerStars) replayed, settled and compared
      cat examples/histories/session.txt | hilo check
    limits    what the next player may do: the call, the smallest and largest raise
      hilo limits --structure pot --blinds 50/100 --pot 100 --bet 100
    equity    each player's share of the pot over every runout still to come
      hilo equity --board "Ah 7c 8d" A="As 2s Kd Qh" B="Ac 3c Th Td" --pot 100
    schema    the JSON Schema of a record hilo reads or writes
      hilo schema settlement
    examples  the example files the help uses (--copy puts them in ./examples)
      hilo examples

    \b
    At a terminal, reports are in colour (each command's --color and --suits;
    NO_COLOR is respected) and long runs show progress. Shell completion, bash:
      eval "$(_HILO_COMPLETE=bash_source hilo)"
    (zsh_source for zsh; for fish: _HILO_COMPLETE=fish_source hilo | source).
    """
