"""DQC.US.0139 (banking regulatory capital values) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

P = "us-gaap:"
PURE = {"unit": "xbrli:pure", "decimals": "3", "period": "instant"}
USD = {"period": "instant"}
BANK = {"us-gaap:RegulatoryCapitalRequirementsUnderBankingRegulationsAxis": "abc:BankMember"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0139"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def found(graph: Graph, fid: str) -> list[tuple[str, str, str | None, str | None]]:
    return sorted((r.sub_rule, r.concept or "", r.facts[0].context_id, r.reported_value) for r in run(graph, fid))


def test_each_sub_rule(rules_graph: Graph):
    b = FilingBuilder("t-0139")
    b.fact(P + "SupplementaryLeverageRatio", "6.5", fact_id="pct", **PURE)  # 9855: a percentage, not a ratio
    b.fact(P + "SupplementaryLeverageRatio", "1", dims=BANK, **PURE)  # exactly 1: fine
    ent = {"srt:ConsolidatedEntitiesAxis": "abc:SubMember"}
    b.fact(P + "SupplementaryLeverageRatio", "5", dims=ent, **PURE)  # with ConsolidatedEntitiesAxis: not tested
    b.fact(P + "TierOneRiskBasedCapitalRequiredForCapitalAdequacy", "900", fact_id="req", **USD)  # 9856 and 9859
    b.fact(P + "TierOneRiskBasedCapital", "800", **USD)
    b.fact(P + "TierOneRiskBasedCapitalRequiredToBeWellCapitalized", "850", **USD)
    b.fact(P + "TierOneRiskBasedCapitalRequiredForCapitalAdequacy", "800", dims=BANK, **USD)  # equal: fine
    b.fact(P + "TierOneRiskBasedCapital", "800", dims=BANK, **USD)
    b.fact(P + "TierOneRiskBasedCapitalRequiredToBeWellCapitalized", "1000", dims=BANK, **USD)
    b.fact(P + "Assets", "5000", fact_id="assets", **USD)  # 9857: below risk-weighted assets of a bank
    b.fact(P + "RiskWeightedAssets", "6000", dims=BANK, fact_id="rwa", **USD)
    b.fact(P + "RiskWeightedAssets", "4000", **USD)
    b.fact(P + "TierOneRiskBasedCapitalRequiredForCapitalAdequacyToRiskWeightedAssets", "0.085", fact_id="rr", **PURE)
    b.fact(P + "TierOneRiskBasedCapitalRequiredToBeWellCapitalizedToRiskWeightedAssets", "0.08", **PURE)  # 9858
    b.fact(P + "TierOneRiskBasedCapitalToRiskWeightedAssets", "0.07", **PURE)  # 9860: below the minimum
    b.fact(P + "TierOneRiskBasedCapitalRequiredForCapitalAdequacyToRiskWeightedAssets", "0.06", dims=BANK, **PURE)
    b.fact(P + "TierOneRiskBasedCapitalRequiredToBeWellCapitalizedToRiskWeightedAssets", "0.08", dims=BANK, **PURE)
    b.fact(P + "TierOneRiskBasedCapitalToRiskWeightedAssets", "0.06", dims=BANK, **PURE)  # equal: fine
    b.write(rules_graph)
    assert found(rules_graph, "t-0139") == sorted(
        [
            ("DQC.US.0139.9855", P + "SupplementaryLeverageRatio", ctx(b, "pct"), "6.5"),
            ("DQC.US.0139.9856", P + "TierOneRiskBasedCapitalRequiredForCapitalAdequacy", ctx(b, "req"), "900"),
            ("DQC.US.0139.9857", P + "RiskWeightedAssets", ctx(b, "rwa"), "6000"),
            (
                "DQC.US.0139.9858",
                P + "TierOneRiskBasedCapitalRequiredForCapitalAdequacyToRiskWeightedAssets",
                ctx(b, "rr"),
                "0.085",
            ),
            ("DQC.US.0139.9859", P + "TierOneRiskBasedCapitalRequiredForCapitalAdequacy", ctx(b, "req"), "900"),
            (
                "DQC.US.0139.9860",
                P + "TierOneRiskBasedCapitalRequiredForCapitalAdequacyToRiskWeightedAssets",
                ctx(b, "rr"),
                "0.085",
            ),
        ]
    )
    [rwa] = [r for r in run(rules_graph, "t-0139") if r.sub_rule.endswith("9857")]
    assert [f.context_id for f in rwa.facts] == [ctx(b, "rwa"), ctx(b, "assets")]


def test_not_evaluable_without_the_constant(graph: Graph):
    b = FilingBuilder("t-0139-nc")
    b.fact(P + "SupplementaryLeverageRatio", "6.5", **PURE)
    b.write(graph)
    [r] = run(graph, "t-0139-nc")
    assert r.status == "not_evaluable" and "BANKING_MEASURES_BETWEEN_ZERO_AND_ONE" in r.reason
