"""The ``hilo`` command's entry point: the console script (pyproject.toml's ``hilo_cli.__main__:run``)
and ``python -m hilo_cli``, for when the script is not on PATH.

This module imports nothing at its top but ``sys`` (always loaded), so that ``run`` is running before
Click and the rest of hilo are imported: Ctrl-C while Python imports them is one line and exit 130,
as it is later, never Python's traceback (issue 29 item 8). ``hilo_cli.cli.main`` is the command
itself, for tests and programs.
"""

from __future__ import annotations

import sys

# ExitStatus.INTERRUPTED (128 + SIGINT), written out: Ctrl-C may come before hilo_cli.errors is imported.
INTERRUPTED = 130


def run(prog_name: str | None = None) -> None:
    """The ``hilo`` script: ``main``, with Ctrl-C one line and exit 130 from before the first import;
    then no last pass of the cycle collector over every object of the run (``gc.freeze``): the process
    is ending and its memory goes back whole, and on a piped showdown that pass was about a tenth of the
    command's time (benchmarks/startup.py). Tests and programs call ``main`` (or ``api``), which leaves
    the collector as it was."""
    import gc

    try:
        from hilo_cli.cli import main

        main(prog_name=prog_name)
    except KeyboardInterrupt:  # before ``main`` handles Ctrl-C itself (cli.common.interrupted)
        _say_interrupted()
        sys.exit(INTERRUPTED)
    finally:
        gc.freeze()


def _say_interrupted() -> None:
    """What was written goes out, then the one line (as cli.common.interrupted; Click may not be there)."""
    try:
        sys.stdout.flush()
    except (AttributeError, OSError, ValueError, RuntimeError):
        pass
    try:
        sys.stderr.write("hilo: interrupted\n")
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass


if __name__ == "__main__":
    run(prog_name="hilo")
