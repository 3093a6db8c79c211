"""The suite's two lanes (DEVELOPERS.md, "Two speeds"): tests/unit/ needs no Neo4j and parses nothing with Arelle,
so it answers in seconds; every other test runs in CI (and in the README's `pytest -q`) as well."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

UNIT_DIR = Path(__file__).resolve().parent.parent / "unit"
# A test that reaches Neo4j brings this fixture (through `graph`, `sample_filing_graph`, ...); tests/conftest.py
# marks it `neo4j`. A test that starts a server (or Neo4j's tools) of its own marks itself.
NEO4J_FIXTURE = "neo4j_connection"


def in_unit_lane(item: pytest.Item) -> bool:
    return UNIT_DIR in item.path.parents


def misplaced_in_unit(items: Iterable[pytest.Item]) -> list[str]:
    """Node ids of the tests under tests/unit/ that need Neo4j (marked `neo4j`): each belongs outside tests/unit/."""
    return [item.nodeid for item in items if in_unit_lane(item) and item.get_closest_marker("neo4j") is not None]
