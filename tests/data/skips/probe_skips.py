"""Run by tests/test_skip_policy.py in a child pytest, never collected on its own (not test_*.py)."""

import pytest


def test_a_plain_skip():
    pytest.skip("some module is not installed")


def test_an_external_server_skip():
    pytest.skip("external server: the Browser URL is not ours")


@pytest.mark.skipif(True, reason="a skipif marker")
def test_a_skipif_marker():
    pass


def test_a_pass():
    assert 1 + 1 == 2
