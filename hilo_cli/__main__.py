"""The ``hilo`` command's entry point: the console script (pyproject.toml's ``hilo_cli.__main__:run``)
and ``python -m hilo_cli``, for when the script is not on PATH.

This module imports nothing at its top but ``sys`` (always loaded), so that ``run`` is running before
Click and the rest of hilo are imported: Ctrl-C while Python imports them is one line and exit 130,
as it is later, never Python's traceback (issue 29 item 8). ``hilo_cli.cli.main`` is the command
itself, for tests and programs.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing before ``run`` is running
if TYPE_CHECKING:
    from collections.abc import Callable

# ExitStatus.INTERRUPTED (128 + SIGINT), written out: Ctrl-C may come before hilo_cli.errors is imported.
INTERRUPTED = 130

# Where ``_dropped`` passes on what is not an interrupt: the hook ``run`` found.
_report: Callable[[sys.UnraisableHookArgs], object] = sys.__unraisablehook__


def run(prog_name: str | None = None) -> None:
    """The ``hilo`` script: ``main``, with Ctrl-C one line and exit 130 from before the first import, even
    where Python would drop it (``_dropped``); then no last pass of the cycle collector over every
    object of the run (``gc.freeze``): the process is ending and its memory goes back whole, and on a
    piped showdown that pass was about a tenth of the command's time (benchmarks/startup.py). Tests and
    programs call ``main`` (or ``api``), which leaves the collector and the hooks as they were."""
    import gc

    global _report
    _report, sys.unraisablehook = sys.unraisablehook, _dropped
    try:
        from hilo_cli.cli import main

        main(prog_name=prog_name)
    except KeyboardInterrupt:  # before ``main`` handles Ctrl-C itself (cli.common.interrupted)
        _say_interrupted()
        sys.exit(INTERRUPTED)
    finally:
        gc.freeze()


def _dropped(unraisable: sys.UnraisableHookArgs) -> None:
    """``sys.unraisablehook`` for the run. A KeyboardInterrupt raised where nothing can catch it (in a
    weakref's callback, as importlib's module locks have after every import; in a ``__del__``; in a
    callback of the collector or of atexit) is dropped by Python with an "Exception ignored in" report,
    and the run went on as if Ctrl-C had not been pressed. Here it ends the run, at once: nothing needs
    finishing outside the output loop of batch and check, which keeps such an interrupt itself until
    the record being written is whole (cli.output.WholeRecords). Anything else is reported as before."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        import os

        _say_interrupted()
        os._exit(INTERRUPTED)
    _report(unraisable)


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
