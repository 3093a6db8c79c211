"""The row build's shortcuts give what Arelle's own properties give (no database: Arelle only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditgraph.loader.concepts import concept_key
from auditgraph.loader.facts import _all_facts, context_rows, fact_rows, period_row
from auditgraph.loader.filing import filing_session
from auditgraph.loader.filing_rows import is_extension
from auditgraph.loader.filing_source import filing_input
from auditgraph.loader.networks import _used_on

REPO = Path(__file__).resolve().parent.parent
SAMPLE_FILING = REPO / "src" / "auditgraph" / "sample" / "filing"
SAMPLE_TAXONOMY = REPO / "src" / "auditgraph" / "sample" / "taxonomy"


@pytest.fixture(scope="module")
def sample_filing():
    session = filing_session([SAMPLE_TAXONOMY])
    model = session.load(filing_input(SAMPLE_FILING).entry)
    yield model
    model.close()
    session.close()


def key_of(c):
    return concept_key(c.qname.namespaceURI, c.qname.localName, "F" if is_extension(c) else None)


def test_used_on_from_text_matches_arelles_validated_used_ons(sample_filing):
    role_types = [t for types in sample_filing.roleTypes.values() for t in types]
    assert role_types
    ours = [_used_on(t) for t in role_types]  # first: Arelle's usedOns validates the roleType
    assert ours == [{str(q) for q in t.usedOns} for t in role_types]


def test_fact_rows_match_arelles_per_fact_properties(sample_filing):
    rows = fact_rows(sample_filing, "F", key_of)
    facts = list(_all_facts(sample_filing))
    assert len(rows.facts) == len(facts) > 0
    for row, f in zip(rows.facts, facts, strict=True):
        assert row["numeric"] is bool(f.isNumeric)
        assert row["precision"] == (None if f.precision is None else str(f.precision).strip())
        assert row["concept_key"] == key_of(f.concept)
        assert rows.concepts[row["concept_key"]] is f.concept


def test_period_rows_cached_per_period_match_each_context(sample_filing):
    rows = context_rows(sample_filing, "F", key_of)
    by_key = {c["props"]["key"]: c["period"] for c in rows.contexts}
    for cid, ctx in sample_filing.contexts.items():
        assert by_key[rows.context_keys[cid]] == period_row(ctx)
