"""tests/unit/ is the fast lane (DEVELOPERS.md, "Two speeds"): no test in it needs Neo4j. tests/conftest.py stops a
run at collection when one does; these tests check that rule and the lane this run collected."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from lanes import NEO4J_FIXTURE, UNIT_DIR, in_unit_lane, misplaced_in_unit


def test_no_unit_test_this_run_collected_needs_neo4j(request: pytest.FixtureRequest):
    unit = [item for item in request.session.items if in_unit_lane(item)]
    assert request.node in unit  # this file is in the lane it checks
    assert [item.nodeid for item in unit if item.get_closest_marker("neo4j") is not None] == []
    assert [item.nodeid for item in unit if NEO4J_FIXTURE in getattr(item, "fixturenames", ())] == []


@dataclass
class Collected:
    """What misplaced_in_unit reads of a collected test: its path, node id and markers."""

    path: Path
    nodeid: str
    markers: set[str] = field(default_factory=set)

    def get_closest_marker(self, name: str) -> str | None:
        return name if name in self.markers else None


def test_a_unit_test_that_needs_neo4j_is_named_and_one_outside_is_not():
    items = [
        Collected(UNIT_DIR / "test_tables.py", "tests/unit/test_tables.py::test_fits_80_columns"),
        Collected(UNIT_DIR / "hostile" / "test_x.py", "tests/unit/hostile/test_x.py::test_wipes", {"neo4j"}),
        Collected(UNIT_DIR.parent / "test_filing.py", "tests/test_filing.py::test_loads", {"neo4j"}),
    ]
    assert misplaced_in_unit(items) == ["tests/unit/hostile/test_x.py::test_wipes"]
