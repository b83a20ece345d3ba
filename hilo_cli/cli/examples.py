"""``hilo examples``: the example deals and hand histories that the help uses, installed with hilo.

A plain install (``pip install hilo-cli``) has no checkout beside it, so the files the ``--help``
examples read (``examples/hands.txt``, ``examples/histories/hand.phh`` ...) come with the package
(``hilo_cli/examples``, the same bytes as the repository's ``examples/``): listed, printed, or copied
into a folder (``--copy``), after which every ``--help`` example runs as written
(tests/project/test_help_examples.py runs each one so).
"""

from __future__ import annotations

import sys
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

import click

from hilo_cli.cli.common import stdout_bytes
from hilo_cli.errors import ExitStatus, HiloError

# What each example shows, in the order listed.
DESCRIPTIONS: dict[str, str] = {
    "hands.txt": "text lines (hilo batch's text format): quartering, ties, side pots, stud",
    "quartered.json": "A is quartered: B's four kings take high, A and B tie for low",
    "split.json": "an ordinary split: one player high, the other low",
    "scoop.json": "one player takes both halves",
    "aces-not-kings.json": "a pair of aces over a pair of jacks, and the only low: A scoops",
    "side-pots.jsonl": "side pots: a short all-in, dead money, an uncalled bet, a side pot with no low",
    "disputed.jsonl": "checking amounts paid: the second record was paid wrong (exit 1)",
    "run-it-twice.json": "a pot run twice, quartered on the second run",
    "bomb-pot.json": "a double-board bomb pot in chips of 5",
    "histories/hand.phh": "a PHH hand for hilo check: high and low split, the odd chip to high",
    "histories/session.txt": "two PokerStars cash hands: a quartered pot after rake, a pot won unseen",
    "histories/ipoker.xml": "an iPoker XML session of one hand: high and low split",
    "limits/to-act.phh": "a PHH hand that stops where the next player is to act, for hilo limits",
}


def shipped() -> dict[str, Traversable]:
    """Every example file installed with the package, by its path in the folder (``histories/hand.phh``),
    in sorted order; a folder's files come after the folder's name (``histories/`` holds the hand
    histories that ``hilo check examples/histories/`` reads)."""
    found: dict[str, Traversable] = {}

    def walk(folder: Traversable, prefix: str) -> None:
        for f in sorted(folder.iterdir(), key=lambda f: f.name):
            if f.name.startswith((".", "__")):
                continue  # __pycache__ and the like, should an installer leave one
            if f.is_dir():
                walk(f, f"{prefix}{f.name}/")
            elif f.is_file():
                found[prefix + f.name] = f

    walk(files("hilo_cli") / "examples", "")
    return found


@click.command()
@click.argument("name", required=False, metavar="[NAME]")
@click.option(
    "--copy",
    "copy_to",
    metavar="FOLDER",
    is_flag=False,
    flag_value="examples",
    default=None,
    type=click.Path(file_okay=False),
    help="Copy every example into FOLDER (default: ./examples), "
    "so that the --help examples run as written.",
)
def examples(name: str | None, copy_to: str | None) -> None:
    """List the example deals and hand histories installed with hilo, print one (NAME), or copy them
    all (--copy).

    \b
    Examples:
      hilo examples
      hilo examples quartered.json | hilo batch -
      hilo examples histories/hand.phh | hilo check
      hilo examples --copy && hilo batch examples/hands.txt
    """
    found = shipped()
    if copy_to is not None:
        if name is not None:
            raise click.UsageError(
                "give NAME (print one example) or --copy (copy them all), not both"
            )
        _copy(found, Path(copy_to))
        sys.exit(ExitStatus.OK)
    out = stdout_bytes()
    if name is not None:
        example = found.get(name.removeprefix("examples/")) or _by_file_name(found, name)
        if example is None:
            raise HiloError(f"no example {name!r} (see 'hilo examples' for the list)", "NAME")
        out.write(example.read_bytes())
        out.flush()
        sys.exit(ExitStatus.OK)
    width = max(len(n) for n in found)
    listed = [n for n in DESCRIPTIONS if n in found] + [n for n in found if n not in DESCRIPTIONS]
    lines = [f"{n.ljust(width)}  {DESCRIPTIONS.get(n, '')}".rstrip() for n in listed]
    lines += [
        "",
        "hilo examples NAME prints one; hilo examples --copy copies them all into ./examples.",
    ]
    out.write(("\n".join(lines) + "\n").encode())
    out.flush()
    sys.exit(ExitStatus.OK)


def _by_file_name(found: dict[str, Traversable], name: str) -> Traversable | None:
    """The one example whose file name is ``name``'s (``hand.phh`` for ``histories/hand.phh``)."""
    named = [f for n, f in found.items() if Path(n).name == Path(name).name]
    return named[0] if len(named) == 1 else None


def _copy(found: dict[str, Traversable], folder: Path) -> None:
    """Copy every example into ``folder``, leaving a file that is already there with the same bytes, and
    refusing (before copying anything) to overwrite one that differs."""
    differing = [
        n
        for n, f in found.items()
        if (folder / n).exists()
        and (not (folder / n).is_file() or (folder / n).read_bytes() != f.read_bytes())
    ]
    if differing:
        raise HiloError(
            f"{', '.join(differing)} already there and different: not overwritten", str(folder)
        )
    try:
        for n, f in found.items():
            (folder / n).parent.mkdir(parents=True, exist_ok=True)
            (folder / n).write_bytes(f.read_bytes())
    except OSError as e:
        raise HiloError(f"cannot write the examples: {e.strerror or e}", str(folder)) from None
    click.echo(
        f"{len(found)} examples copied into {folder}{'' if str(folder).endswith('/') else '/'}",
        err=True,
    )
