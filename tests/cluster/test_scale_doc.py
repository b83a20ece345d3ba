"""docs/scale.md's examples run as written (Python's doctest, as tests/project/test_api.py runs
docs/python.md's): the Dask ones on a ``LocalCluster`` of two workers, the Spark functions on the
pairs ``binaryFiles`` would give."""

from __future__ import annotations

import doctest

import pytest
from conftest import ROOT
from dask_helpers import needs_dask


@pytest.mark.slow  # a cluster's start
def test_the_documented_examples_run() -> None:
    needs_dask()
    failures, tried = doctest.testfile(
        str(ROOT / "docs" / "scale.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried > 30
    assert failures == 0
