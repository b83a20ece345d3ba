"""Readers of records and writers of text, JSON and CSV (a writer per output kind)."""

from __future__ import annotations

from typing import Literal

OutputFormat = Literal["text", "json", "csv"]
"""The output formats every command writes (``--format``)."""
