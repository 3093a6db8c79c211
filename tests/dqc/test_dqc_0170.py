"""DQC.US.0170 (insider trading arrangement flags) on hand-built filings: each sub-rule fires, and narrowly misses."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

FLAGS = ("Rule10b51ArrAdoptedFlag", "NonRule10b51ArrAdoptedFlag", "Rule10b51ArrTrmntdFlag", "NonRule10b51ArrTrmntdFlag")


class EcdBuilder(FilingBuilder):
    """FilingBuilder that puts ecd: concepts in the SEC ecd namespace (the rule matches them there)."""

    def key(self, qname: str) -> str:
        prefix, name = qname.split(":")
        if prefix == "ecd":
            return f"http://xbrl.sec.gov/ecd/{self.us_gaap_year}#{name}"
        return super().key(qname)

    def flag(self, name: str, value: str, dims: dict[str, str] | None = None) -> str:
        return self.fact(f"ecd:{name}", value, decimals=None, unit=None, base_type="string", dims=dims)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0170"], RuleInput(graph, load_filing_data(graph, fid)))


def test_10103_a_10k_without_any_flag(graph: Graph):
    b = EcdBuilder("t-0170-none", form="10-K", period_end=dt.date(2023, 12, 31))
    b.write(graph)
    results = run(graph, "t-0170-none")
    assert [(r.status, r.sub_rule) for r in results] == [("violation", "DQC.US.0170.10103")]
    (r,) = results
    assert [f.concept for f in r.facts] == ["dei:DocumentType"] and r.reported_value == "10-K"
    assert r.facts[0].context_id == b.facts[0]["props"]["context_id"]
    assert "2023-12-31" in r.message and "NoInsiderTradingFlag" in r.message


def test_10103_narrow_misses(graph: Graph):
    # period ends the day before the rule applies
    EcdBuilder("t-0170-early", form="10-K", period_end=dt.date(2023, 12, 30)).write(graph)
    # a 10-Q needs no flags
    EcdBuilder("t-0170-q", form="10-Q", period_end=dt.date(2024, 3, 31)).write(graph)
    # all four false
    b = EcdBuilder("t-0170-false", form="10-K", period_end=dt.date(2024, 12, 31))
    for name in FLAGS:
        b.flag(name, "false")
    b.write(graph)
    # one true flag, reported per insider (dimensional), with its adoption date
    b = EcdBuilder("t-0170-true", form="10-K", period_end=dt.date(2024, 12, 31))
    b.flag("Rule10b51ArrAdoptedFlag", "true", dims={"ecd:IndividualAxis": "abc:JaneDoeMember"})
    b.fact(
        "ecd:TrdArrAdoptionDate", "2024-11-01", None, None, base_type="string", dims={"ecd:IndividualAxis": "abc:JaneDoeMember"}
    )
    b.write(graph)
    # the filer says it has no insider trading disclosure
    b = EcdBuilder("t-0170-nodisc", form="10-K", period_end=dt.date(2024, 12, 31))
    b.text_fact("abc:NoInsiderTradingFlag", "true")
    b.write(graph)
    for fid in ("t-0170-early", "t-0170-q", "t-0170-false", "t-0170-true", "t-0170-nodisc"):
        assert run(graph, fid) == [], fid


def test_10103_three_false_flags_are_not_enough(graph: Graph):
    b = EcdBuilder("t-0170-three", form="10-KT", period_end=dt.date(2024, 6, 30))
    for name in FLAGS[:3]:
        b.flag(name, "false")
    b.write(graph)
    assert [r.sub_rule for r in run(graph, "t-0170-three")] == ["DQC.US.0170.10103"]


def test_10129_and_10131_true_flags_without_dates(graph: Graph):
    b = EcdBuilder("t-0170-dates", form="10-Q", period_end=dt.date(2024, 9, 30))
    b.flag("Rule10b51ArrAdoptedFlag", "true")
    b.flag("Rule10b51ArrTrmntdFlag", "true")
    b.write(graph)
    results = run(graph, "t-0170-dates")
    assert sorted((r.sub_rule, r.concept) for r in results) == [
        ("DQC.US.0170.10129", "ecd:Rule10b51ArrTrmntdFlag"),
        ("DQC.US.0170.10131", "ecd:Rule10b51ArrAdoptedFlag"),
    ]
    assert all(r.facts[0].concept == "dei:DocumentType" and r.reported_value == "10-Q" for r in results)
    assert "TrdArrTerminationDate" in next(r.message for r in results if r.sub_rule.endswith("10129"))


def test_10129_a_termination_date_without_a_true_flag(graph: Graph):
    b = EcdBuilder("t-0170-orphan", form="10-K", period_end=dt.date(2024, 12, 31))
    for name in FLAGS:
        b.flag(name, "false")
    b.fact("ecd:TrdArrTerminationDate", "2024-10-01", None, None, base_type="string", dims={"ecd:IndividualAxis": "abc:X"})
    b.write(graph)
    results = run(graph, "t-0170-orphan")
    assert [(r.sub_rule, r.concept) for r in results] == [("DQC.US.0170.10129", "ecd:TrdArrTerminationDate")]


def test_not_evaluable_when_the_filing_is_not_loaded(graph: Graph):
    results = run(graph, "t-0170-missing")
    assert [(r.status, r.rule_id) for r in results] == [("not_evaluable", "DQC.US.0170")]
    assert "t-0170-missing" in results[0].reason
