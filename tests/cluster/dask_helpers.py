"""What the Dask tests share (issue 32): the files to check, what ``hilo check`` writes for them, and a
``LocalCluster`` of two worker processes. Nothing here imports dask until ``cluster`` is called, so
that the tests of what needs no dask run where it is not installed. (Not a conftest.py: the tests'
one conftest is tests/conftest.py, imported by that name.)"""

from __future__ import annotations

import gzip
import logging
import re
import shutil
import zipfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson
import pytest
from conftest import ROOT, SHARED_DIR, TEST_DATA, run

HISTORIES = SHARED_DIR / "handhistories"


def relative(path: Path) -> str:
    """A path as the command is given it from the repository (``tests/data/...``,
    ``../shared/handhistories/...``), so that records name files as a person's run does."""
    return (
        str(path.relative_to(ROOT))
        if path.is_relative_to(ROOT)
        else f"../{path.relative_to(ROOT.parent)}"
    )


def data_files() -> list[str]:
    """Every file of tests/data, in sorted path order: each reader's histories and bad input."""
    return [relative(p) for p in sorted(TEST_DATA.rglob("*")) if p.is_file()]


def shared_files() -> list[str]:
    """Every file of ../shared/handhistories (its notes too: each is one error record), or none."""
    if not HISTORIES.is_dir():
        return []
    return [relative(p) for p in sorted(HISTORIES.rglob("*")) if p.is_file()]


def archives(folder: Path) -> list[str]:
    """A ``.zip`` of two sites' files (in a subfolder, as an export keeps them) and a ``.gz`` of one,
    made in ``folder``: archives are read as the command reads them, members named ``archive:member``."""
    zipped = folder / "export.zip"
    with zipfile.ZipFile(zipped, "w") as archive:
        archive.write(TEST_DATA / "pokerstars" / "quartered.txt", "2024/quartered.txt")
        archive.write(TEST_DATA / "phh" / "illegal.phhs", "2024/illegal.phhs")
    packed = folder / "run-twice.txt.gz"
    with (
        (TEST_DATA / "pokerstars" / "run-twice.txt").open("rb") as raw,
        gzip.open(packed, "wb") as out,
    ):
        shutil.copyfileobj(raw, out)
    return [str(zipped), str(packed)]


def command(files: Sequence[str], *options: str) -> tuple[list[bytes], str]:
    """``hilo check --format json --summary OPTIONS FILES`` run from the repository: its lines, and
    stderr (the closing summary at its end)."""
    result = run(["check", "--format", "json", "--summary", *options, *files])
    assert result.exit_code in (0, 1, 2), result.output
    return result.stdout_bytes.splitlines(keepends=True), result.stderr


def written(records: Sequence[dict[str, Any]]) -> list[bytes]:
    """Records written as ``hilo check --format json`` writes each: orjson, one line."""
    return [orjson.dumps(r, option=orjson.OPT_APPEND_NEWLINE) for r in records]


_FIRST = re.compile(
    r"hilo check: ([\d,]+) hands? from ([\d,]+) files? in [^:]+: ([\d,]+) OK, ([\d,]+) MISMATCH, "
    r"([\d,]+) NOT CHECKABLE, ([\d,]+) bad"
)


def printed_summary(stderr: str) -> dict[str, Any]:
    """The command's closing summary (``--summary``) read back from what it printed: the counts of the
    first line and the table per site, as the keys of ``check_history``'s ``summary``."""
    lines = stderr.splitlines()
    at = max(i for i, line in enumerate(lines) if line.startswith("hilo check: "))
    found = _FIRST.fullmatch(lines[at])
    assert found is not None, lines[at]
    hands, files, ok, mismatch, not_checkable, bad = (
        int(g.replace(",", "")) for g in found.groups()
    )
    sites = []
    kinds = dict.fromkeys(("odd_chips", "payout", "site", "house"), 0)
    for line in lines[at + 2 :]:
        if line.startswith("  differing from RULES.md: "):
            # What differed, by kind (issue 28), in all; the lines per site after it are not read.
            for n, words in _KIND.findall(line):
                kinds[_KIND_WORDS[words]] = int(n.replace(",", ""))
            break
        *title, row_ok, row_mismatch, row_nc, row_bad = line.split()
        counts = (int(c.replace(",", "")) for c in (row_ok, row_mismatch, row_nc, row_bad))
        sites.append((" ".join(title), *counts))
    return {
        "hands": hands,
        "files": files,
        "counts": (ok, mismatch, not_checkable, bad),
        "sites": sites,
        "kinds": kinds,
    }


_KIND = re.compile(
    r"([\d,]+) (odd chips only|payout|site's own lines|OK: a site's own odd-chip practice)"
)
_KIND_WORDS = {
    "odd chips only": "odd_chips",
    "payout": "payout",
    "site's own lines": "site",
    "OK: a site's own odd-chip practice": "house",
}


def as_printed(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary dict (``check_summary``'s) in ``printed_summary``'s terms."""
    keys = ("ok", "mismatch", "not_checkable", "error")
    return {
        "hands": summary["hands"],
        "files": summary["files"],
        "counts": tuple(summary[k] for k in keys),
        "sites": [(s["title"], *(s[k] for k in keys)) for s in summary["by_site"]],
        "kinds": summary["kinds"],
    }


def needs_dask() -> None:
    """Skip where dask is not installed."""
    pytest.importorskip("dask.bag")
    pytest.importorskip("distributed")


@contextmanager
def cluster() -> Iterator[Any]:
    """A client of a ``LocalCluster``: two worker processes of one thread each, each under a nanny
    (which starts a new worker when its process dies)."""
    needs_dask()
    import distributed

    local = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    )
    with local, distributed.Client(local) as client:
        yield client
