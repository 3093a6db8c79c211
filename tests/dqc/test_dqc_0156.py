"""DQC.US.0156 on hand-built filings: a numeric extension element named "...BasicAndDiluted..." is flagged fact by
fact (nil facts too); us-gaap elements, text extensions and near-miss names are not."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

EPS = "iso4217:USD/xbrli:shares"


def run(graph: Graph, filing_id: str) -> list[CheckResult]:
    return run_rules(graph, filing_id, ["0156"])[0]["0156"]


def test_0156_flags_every_fact_of_a_basic_and_diluted_extension(graph: Graph):
    b = FilingBuilder("t-0156")
    b.fact("abc:NetLossPerShareBasicAndDiluted", "-0.12", decimals="2", unit=EPS, fact_id="eps")
    prior = (dt.date(2023, 1, 1), dt.date(2023, 12, 31))
    b.fact("abc:NetLossPerShareBasicAndDiluted", None, decimals=None, unit=EPS, period=prior, fact_id="eps-nil")
    b.fact("abc:WEIGHTEDAVERAGESHARESBASICANDDILUTED", "1000", decimals="0", unit="xbrli:shares", fact_id="shares")
    b.fact("us-gaap:EarningsPerShareBasicAndDiluted", "-0.12", decimals="2", unit=EPS, fact_id="gaap")  # us-gaap: fine
    b.fact("abc:NetLossPerShareBasicOrDiluted", "-0.12", decimals="2", unit=EPS, fact_id="near")  # no "BasicAndDiluted"
    b.fact("abc:BasicAndDilutedPolicyNote", "text", decimals=None, unit=None, base_type="string", fact_id="text")
    b.write(graph)
    results = run(graph, "t-0156")
    found = {r.facts[0].fact_id: r for r in results}
    assert set(found) == {"eps", "eps-nil", "shares"}
    assert {r.sub_rule for r in results} == {"DQC.US.0156.10074"}
    eps = found["eps"]
    assert (eps.status, eps.concept, eps.reported_value, eps.period) == (
        "violation",
        "abc:NetLossPerShareBasicAndDiluted",
        "-0.12",
        "duration:2024-01-01/2024-12-31",
    )
    assert eps.facts[0].context_id == b.facts[1]["props"]["context_id"]
    assert "abc:NetLossPerShareBasicAndDiluted" in eps.message and "-0.12" in eps.message
    nil = found["eps-nil"]
    assert nil.reported_value is None and nil.period == "duration:2023-01-01/2023-12-31" and "value nil" in nil.message
    assert found["shares"].concept == "abc:WEIGHTEDAVERAGESHARESBASICANDDILUTED"


def test_0156_runs_on_any_form_and_is_quiet_without_such_elements(graph: Graph):
    b = FilingBuilder("t-0156-s1", form="S-1/A")
    b.fact("abc:EarningsPerShareBasicAndDiluted1", "0.5", decimals="2", unit=EPS, fact_id="eps")
    b.write(graph)
    assert [r.facts[0].fact_id for r in run(graph, "t-0156-s1")] == ["eps"]
    clean = FilingBuilder("t-0156-clean")
    clean.fact("us-gaap:EarningsPerShareBasic", "0.5", decimals="2", unit=EPS)
    clean.write(graph)
    assert run(graph, "t-0156-clean") == []


def test_0156_not_evaluable_for_an_unknown_filing(graph: Graph):
    [r] = run(graph, "no-such-filing")
    assert r.status == "not_evaluable" and "no filing 'no-such-filing'" in r.reason
