"""Readers of records and writers of text, JSON and CSV (a writer per output kind)."""

from __future__ import annotations

from typing import Literal

from hilo_cli import __version__

OutputFormat = Literal["text", "json", "csv"]
"""The output formats every command writes (``--format``)."""

SCHEMA_VERSION = __version__.rsplit(".", 1)[0]
"""The version of hilo's JSON Schemas (``0.1``): hilo's release line, in which fields are only added."""


def schema_tag(kind: str) -> str:
    """The ``schema`` field of every JSON object of ``kind`` hilo writes (``settlement/0.1``): the kind of
    ``hilo schema KIND`` and the schemas' version, as that schema's ``$id`` ends."""
    return f"{kind}/{SCHEMA_VERSION}"
