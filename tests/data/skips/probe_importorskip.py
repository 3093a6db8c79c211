"""A module-level importorskip: skipped at collection (see tests/test_skip_policy.py)."""

import pytest

pytest.importorskip("auditgraph_no_such_module")


def test_never_reached():
    raise AssertionError("the importorskip above skips this module")
