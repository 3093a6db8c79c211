"""DQC.US.0087 (operating lease liabilities off the balance sheet) on hand-built filings: findings and narrow misses."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
NOTE = "http://example.com/role/LeasesDetails"
Y23, Y24 = dt.date(2023, 12, 31), dt.date(2024, 12, 31)
BSL = "us-gaap:BalanceSheetLocationAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0087"], RuleInput(graph, load_filing_data(graph, fid)))


def found(results: list[CheckResult]) -> list[tuple[str, str | None, str]]:
    return sorted((r.sub_rule, r.concept, r.facts[0].fact_id) for r in results)


def lease_filing(fid: str, form: str = "10-K") -> FilingBuilder:
    b = FilingBuilder(fid, form=form)
    b.role(BS, "200 - Statement - Balance Sheet")
    b.role(NOTE, "700 - Disclosure - Leases (Details)")
    b.calc(BS, "us-gaap:Liabilities", [("us-gaap:AccountsPayableCurrent", 1), ("us-gaap:OtherLiabilitiesNoncurrent", 1)])
    b.calc(
        NOTE,
        "us-gaap:OperatingLeaseLiability",
        [("us-gaap:OperatingLeaseLiabilityCurrent", 1), ("us-gaap:OperatingLeaseLiabilityNoncurrent", 1)],
    )
    return b


def test_lease_liabilities_nowhere_on_the_face_statements(graph: Graph):
    b = lease_filing("t-0087")
    # 2024: an extensible list names the line of the current part, which excuses the total and the current part
    # (the rule tests the total against every list) but not the noncurrent part
    b.fact("us-gaap:OperatingLeaseLiability", "900", period=Y24, fact_id="oll-24")
    b.fact("us-gaap:OperatingLeaseLiabilityCurrent", "300", period=Y24, fact_id="cur-24")
    b.fact("us-gaap:OperatingLeaseLiabilityNoncurrent", "600", period=Y24, fact_id="nc-24")
    b.fact(
        "us-gaap:OperatingLeaseLiabilityCurrentStatementOfFinancialPositionExtensibleList",
        "us-gaap:OtherLiabilities",
        None,
        None,
        Y24,
        base_type="string",
    )
    # 2023: the current part on one balance sheet location member equal to its total (flagged, naming the member),
    # the noncurrent part split over two members (fine), the total a zero (not tested)
    b.fact("us-gaap:OperatingLeaseLiabilityCurrent", "250", period=Y23, fact_id="cur-23")
    b.fact("us-gaap:OperatingLeaseLiabilityCurrent", "250", period=Y23, fact_id="cur-23-m", dims={BSL: "abc:AccruedMember"})
    b.fact("us-gaap:OperatingLeaseLiabilityNoncurrent", "400", period=Y23, fact_id="nc-23-a", dims={BSL: "abc:OtherMember"})
    b.fact("us-gaap:OperatingLeaseLiabilityNoncurrent", "100", period=Y23, fact_id="nc-23-b", dims={BSL: "abc:DeferredMember"})
    b.fact("us-gaap:OperatingLeaseLiability", "0", period=Y23, fact_id="oll-23")
    b.write(graph)
    results = run(graph, "t-0087")
    assert found(results) == [
        # the current part is tested twice in 2023 (its total and its member), as the official engine does
        ("DQC.US.0087.9370", "us-gaap:OperatingLeaseLiabilityCurrent", "cur-23-m"),
        ("DQC.US.0087.9370", "us-gaap:OperatingLeaseLiabilityCurrent", "cur-23-m"),
        ("DQC.US.0087.9371", "us-gaap:OperatingLeaseLiabilityNoncurrent", "nc-24"),
    ]
    member = results[0] if results[0].sub_rule.endswith("9370") else results[1]
    written = next(f for f in b.facts if f["props"]["fact_id"] == "cur-23-m")
    assert member.facts[0].context_id == written["props"]["context_id"] and "AccruedMember" in member.message


def test_total_off_the_statements_and_misses(graph: Graph):
    b = lease_filing("t-0087-oll")
    b.fact("us-gaap:OperatingLeaseLiability", "900", period=Y24, fact_id="oll-24")  # 9369
    b.fact("us-gaap:OperatingLeaseLiability", "800", period=Y23, fact_id="oll-23")
    b.fact(
        "us-gaap:OperatingLeaseLiability", "500", period=Y23, fact_id="oll-23-m", dims={BSL: "abc:OtherMember"}
    )  # differs: fine
    b.write(graph)
    assert found(run(graph, "t-0087-oll")) == [("DQC.US.0087.9369", "us-gaap:OperatingLeaseLiability", "oll-24")]


def test_on_the_balance_sheet_or_a_quarterly_report(graph: Graph):
    b = lease_filing("t-0087-bs")
    b.calc(BS, "us-gaap:LiabilitiesNoncurrent", [("us-gaap:OperatingLeaseLiabilityNoncurrent", 1)])
    b.fact("us-gaap:OperatingLeaseLiabilityNoncurrent", "600", period=Y24)  # on the balance sheet: fine
    b.fact("us-gaap:OperatingLeaseLiability", "900", period=Y24)  # OperatingLeaseLiabilityNoncurrent is there: fine
    b.write(graph)
    assert run(graph, "t-0087-bs") == []
    q = lease_filing("t-0087-q", form="10-Q")  # the rule tests annual reports only
    q.fact("us-gaap:OperatingLeaseLiability", "900", period=Y24)
    q.write(graph)
    assert run(graph, "t-0087-q") == []
