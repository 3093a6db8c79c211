"""DQC.US.0090 (lease payments due reconcile to the lease liability) on hand-built filings."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

Y24, Y23 = dt.date(2024, 12, 31), dt.date(2023, 12, 31)
NOTE = "http://example.com/role/LeaseMaturities"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0090"], RuleInput(graph, load_filing_data(graph, fid)))


def lease_filing(fid: str, form: str = "10-K") -> FilingBuilder:
    b = FilingBuilder(fid, form=form)
    # 2024: operating payments due 1,948,000 against 1,785,000 (no excess reported): a difference of 163,000
    b.fact("us-gaap:LesseeOperatingLeaseLiabilityPaymentsDue", "1948000", period=Y24, fact_id="pd-24")
    b.fact("us-gaap:OperatingLeaseLiability", "1785000", period=Y24)
    # 2024: finance leases differ by 2 at decimals 0: within twice the rounding unit
    b.fact("us-gaap:FinanceLeaseLiabilityPaymentsDue", "101", decimals="0", period=Y24)
    b.fact("us-gaap:FinanceLeaseLiability", "90", decimals="0", period=Y24)
    b.fact("us-gaap:FinanceLeaseLiabilityUndiscountedExcessAmount", "9", decimals="0", period=Y24)
    # 2023: the difference is exactly the obligation for leases not yet commenced
    b.fact("us-gaap:LesseeOperatingLeaseLiabilityPaymentsDue", "1000000", period=Y23)
    b.fact("us-gaap:OperatingLeaseLiability", "800000", period=Y23)
    b.fact("us-gaap:LesseeOperatingLeaseLiabilityUndiscountedExcessAmount", "100000", period=Y23)
    b.fact(
        "us-gaap:UnrecordedUnconditionalPurchaseObligationBalanceSheetAmount",
        "100000",
        period=Y23,
        dims={
            "us-gaap:UnrecordedUnconditionalPurchaseObligationByCategoryOfItemPurchasedAxis": "us-gaap:OperatingLeaseLeaseNotYetCommencedMember"
        },
    )
    return b


def test_payments_due_that_do_not_reconcile(graph: Graph):
    b = lease_filing("t-0090")
    b.write(graph)
    results = run(graph, "t-0090")
    assert [(r.sub_rule, r.concept, r.reported_value, r.expected_value, r.difference) for r in results] == [
        ("DQC.US.0090.9374", "us-gaap:LesseeOperatingLeaseLiabilityPaymentsDue", "1948000", "1785000", "163000")
    ]
    (r,) = results
    assert [(f.concept, f.context_id, f.value) for f in r.facts] == [
        ("dei:DocumentType", b.facts[0]["props"]["context_id"], "10-K")
    ]
    assert r.period == f"instant:{Y24}" and "163000" in r.message


def test_excused_by_an_extension_in_the_calculation_or_a_quarterly_report(graph: Graph):
    b = lease_filing("t-0090-ext")
    b.calc(NOTE, "us-gaap:LesseeOperatingLeaseLiabilityPaymentsDue", [("abc:LeasePaymentsDueYearSix", 1)])
    b.write(graph)
    assert run(graph, "t-0090-ext") == []
    lease_filing("t-0090-q", form="10-Q").write(graph)
    assert run(graph, "t-0090-q") == []
