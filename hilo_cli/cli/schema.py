"""``hilo schema``: the JSON Schema (draft 2020-12) of a kind of record hilo reads or writes, or the list
of kinds."""

from __future__ import annotations

import sys
from importlib.resources import files

import click

from hilo_cli.cli.common import stdout_bytes
from hilo_cli.errors import ExitStatus

# Each kind, and what it describes (hilo_cli/schemas/KIND.json, written by docs/schemas/make_schemas.py).
KINDS: dict[str, str] = {
    "record": "a deal of hilo batch's JSON input (what hilo reads)",
    "settlement": "a settled deal: hilo showdown and hilo batch --format json",
    "error": "a record or hand that could not be read or settled",
    "check": "one hand's verdict: hilo check --format json",
    "equity": "an equity result: hilo equity --format json",
    "limits": "what the next player may do: hilo limits --format json",
    "allin-summary": "the all-in summary, the last line of hilo check --all-in --format json",
}


class OptionalKind(click.Argument):
    """KIND as the usage line shows an optional argument, ``[KIND]``, while errors name it ``KIND``
    (a metavar would be both, and the choices' own metavar is the whole list)."""

    def make_metavar(self, ctx: click.Context) -> str:
        return "[KIND]"

    def get_error_hint(self, ctx: click.Context | None) -> str:
        return "'KIND'"


@click.command()
@click.argument("kind", cls=OptionalKind, type=click.Choice(list(KINDS)), required=False)
def schema(kind: str | None) -> None:
    """Print the JSON Schema (draft 2020-12) of KIND: record, settlement, error, check, equity,
    limits or allin-summary; with no KIND, list them. Every object hilo writes names its schema in its
    field schema, KIND/VERSION, as the schema's $id ends.

    \b
    Examples:
      hilo schema
      hilo schema settlement
      hilo schema record > record.schema.json
    """
    out = stdout_bytes()
    if kind is None:
        width = max(map(len, KINDS))
        out.write("".join(f"{k.ljust(width)}  {what}\n" for k, what in KINDS.items()).encode())
    else:
        out.write((files("hilo_cli") / "schemas" / f"{kind}.json").read_bytes())
    out.flush()
    sys.exit(ExitStatus.OK)
