"""Issue 19: a filing whose facts mostly report placeholder concepts says so (load, list, check, audit)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from auditgraph.cli import cli
from auditgraph.config import Connection
from auditgraph.graph import Graph
from auditgraph.loader.coverage import THRESHOLD, Coverage, Missing, filing_coverage, percent, taxonomy_of
from auditgraph.loader.taxonomy import load_taxonomies

REPO = Path(__file__).resolve().parent.parent
SAMPLE_FILING = REPO / "src" / "auditgraph" / "sample" / "filing"
SAMPLE_TAXONOMY = REPO / "src" / "auditgraph" / "sample" / "taxonomy"
FID = "smpl-20251231"


def test_coverage_arithmetic_and_package_names():
    cov = Coverage("f", 1771, 1587, (Missing("dei", 2022, 87), Missing("us-gaap", 2022, 1400), Missing("srt", 2022, 100)))
    assert cov.low and percent(cov.placeholder_share) == "90%"
    assert cov.packages() == ["sec-2022.zip", "srt-2022.zip", "us-gaap-2022.zip"]  # the order taxonomy load wants
    warning = cov.warning()
    assert warning and "1,587 of 1,771 facts (90%)" in warning and "us-gaap 2022 (1,400)" in warning
    assert "auditgraph taxonomy load sec-2022.zip srt-2022.zip us-gaap-2022.zip" in warning
    assert "auditgraph taxonomy fetch 2022" in warning
    assert Missing("us-gaap", 2021, 1).package == "us-gaap-2021-01-31.zip"  # FASB's dated names through 2021
    assert Missing("us-gaap-ebp", 2025, 1).package == "us-gaap-2025.zip"
    n = int(THRESHOLD * 1000)
    just_below = Coverage("f", 1000, n - 1, (Missing("us-gaap", 2022, n - 1),))
    assert not just_below.low and just_below.warning() is None
    assert Coverage("f", 1000, n, (Missing("us-gaap", 2022, n),)).low  # the threshold itself warns
    assert not Coverage("f", 1000, n, (Missing("dei", 2022, n),)).low  # cover-page facts alone do not
    assert not Coverage("f", 0, 0).low and Coverage("f", 0, 0).coverage == Decimal(1)
    assert taxonomy_of("http://xbrl.sec.gov/dei/2022") == "dei" and taxonomy_of("http://fasb.org/us-gaap/2022") == "us-gaap"


@pytest.fixture(scope="module")
def bare(neo4j_connection: Connection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Graph]:
    """The sample filing loaded through the CLI into an empty graph: no release loaded, facts on placeholders."""
    mp = pytest.MonkeyPatch()
    mp.setenv("NEO4J_URI", neo4j_connection.uri)
    mp.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))  # remembered packages stay here
    mp.setenv("COLUMNS", "80")
    g = Graph(neo4j_connection)
    g.write("db.wipe")
    g.run_script("schema.constraints")
    try:
        yield g
    finally:
        g.close()
        mp.undo()


def _cli(*args: str) -> tuple[str, str]:
    r = CliRunner().invoke(cli, list(args))
    assert r.exit_code == 0, (r.output, r.exception)
    return r.stdout, r.stderr


def test_low_coverage_is_reported_by_load_list_check_and_audit_until_the_release_is_loaded(bare: Graph):
    out, _ = _cli("filing", "load", str(SAMPLE_FILING), "--packages", str(SAMPLE_TAXONOMY), "--json")
    row = json.loads(out.splitlines()[0])
    cov = row["coverage"]
    assert row["id"] == FID and cov["low"] is True
    assert (cov["facts"], cov["placeholder_facts"]) == (66, 60)  # 6 facts report the filing's own extension concepts
    assert cov["packages"] == ["us-gaap-2025.zip"] or "us-gaap-2025.zip" in cov["packages"]
    assert "auditgraph taxonomy load" in cov["warning"] and "auditgraph taxonomy fetch 2025" in cov["warning"]
    assert Decimal(cov["coverage"]) == (Decimal(6) / Decimal(66)).quantize(Decimal("0.0001"))

    _, err = _cli("filing", "load", str(SAMPLE_FILING), "--packages", str(SAMPLE_TAXONOMY))  # table: unchanged, still warns
    assert "warning" in err and "60 of 66 facts" in err and "us-gaap-2025.zip" in err

    listed = json.loads(_cli("filing", "list", "--json")[0])
    assert listed[0]["placeholder_facts"] == 60 and listed[0]["coverage"] == pytest.approx(6 / 66, abs=1e-4)
    table, _ = _cli("filing", "list")
    assert "coverage" in table and FID in table

    report = json.loads(_cli("audit", FID, "--json")[0])
    assert any(n.startswith("low coverage:") and "us-gaap-2025.zip" in n for n in report["notes"])
    title = " ".join(_cli("audit", FID)[0].split("┏")[0].split())  # the table title, unwrapped
    assert "low coverage" in title  # the headline says it, whatever the verdict
    out, err = _cli("check", FID)
    assert "little to evaluate" in err and "60 of 66 facts" in err
    js, err = _cli("check", FID, "--json")
    assert all(json.loads(line) for line in js.splitlines())  # stdout stays one CheckResult a line
    assert "little to evaluate" in err

    load_taxonomies(bare, [SAMPLE_TAXONOMY])  # relinks the filing's facts to the release
    after = filing_coverage(bare, FID)
    assert after is not None and not after.low, after  # its 8 dei facts stay on placeholders (no dei release)
    assert [m.taxonomy for m in after.missing] == ["dei"]
    listed = json.loads(_cli("filing", "list", "--json")[0])
    assert listed[0]["coverage"] == pytest.approx(58 / 66, abs=1e-4)
    report = json.loads(_cli("audit", FID, "--json")[0])
    assert not any(n.startswith("low coverage:") for n in report["notes"])
    _, err = _cli("check", FID)
    assert "little to evaluate" not in err
