"""Building cases from checker results: findings, injections with known answers, compliant cases."""

from __future__ import annotations

import random
from decimal import Decimal

from auditgraph.checks.result import CheckResult, FactUsed
from auditgraph.eval.build_cases import (
    FilingMeta,
    compliant_cases,
    finding_cases,
    injected_case,
    injected_value,
    plan_injections,
)
from auditgraph.eval.systems import translate

META = FilingMeta(
    id="ACME_FY_2023",
    ticker="ACME",
    form="10-K",
    filing_date=None,
    period_end=None,
    source="/x/ACME_FY_2023/acme.xml",
    collection="xule-2025",
)
P = "duration:2023-01-01/2023-12-31"


def _r(rule, status, concept, rep, exp, fact="f1", decimals="-3", tol=None, dims=(), members=()):
    def used(fid, value, role):
        return FactUsed(fact_id=fid, concept=concept, value=value, decimals=decimals, context_id="c1", period=P, role=role)

    return CheckResult(
        rule_id=rule,
        sub_rule=rule + ".1",
        status=status,
        concept=concept,
        reported_value=rep,
        expected_value=exp,
        period=P,
        unit="iso4217:USD",
        dimensions=list(dims),
        tolerance=tol,
        facts=[used(fact, rep, "total" if rule != "DQC.US.0015" else "fact")]
        + [used(f"m{i}", v, "member") for i, v in enumerate(members)],
    )


RESULTS = [
    _r("DQC.US.0015", "violation", "us-gaap:Revenues", "-500", "500", "f1"),
    _r("DQC.US.0126", "violation", "us-gaap:Revenues", "-500", "700", "f1", tol="3000"),
    _r("DQC.US.0015", "ok", "us-gaap:Assets", "1200000", "1200000", "f2"),
    _r("DQC.US.0126", "ok", "us-gaap:Liabilities", "800000", "800000", "f3", tol="3000"),
    _r("DQC.US.0126", "ok", "us-gaap:CostOfRevenue", "90000", "91000", "f4", tol="3000"),  # within tolerance only
    _r("DQC.US.0117", "ok", "us-gaap:Goodwill", "64000", "64000", "f5", tol="2000", members=("40000", "24000")),
    _r("DQC.US.0015", "ok", "us-gaap:Goodwill", "64000", "64000", "f5"),
]


def test_findings_follow_translator_priority_0126_over_0015():
    (case,) = finding_cases(META, RESULTS)
    assert (case.reference_rule, case.reference_verdict, case.origin) == ("DQC.US.0126", "violation", "checker_finding")
    assert case.reference_answer.model_dump() == {"extracted_value": "-500", "calculated_value": "700"}
    assert (case.ticker, case.form, case.source, case.reviewed) == ("ACME", "10-K", "xule-2025", False)


def test_compliant_cases_are_exactly_consistent_and_never_flagged():
    cases = compliant_cases(META, RESULTS, per_rule=5, rng=random.Random(0))
    assert {(c.concept, c.reference_rule) for c in cases} == {
        ("us-gaap:Assets", "DQC.US.0015"),
        ("us-gaap:Goodwill", "DQC.US.0015"),
        ("us-gaap:Goodwill", "DQC.US.0117"),
        ("us-gaap:Liabilities", "DQC.US.0126"),
    }
    assert all(c.reference_answer.extracted_value == c.reference_answer.calculated_value for c in cases)


def test_injections_have_known_answers():
    plans = plan_injections(META, RESULTS, per_rule=1, rng=random.Random(0))
    by_origin = {p.origin: p for p in plans}
    sign = by_origin["injected_sign_flip"]
    assert sign.new_value == -sign.original
    calc = by_origin["injected_calc_total"]
    assert calc.result.concept == "us-gaap:Liabilities"
    # 7% of 800000 = 56000 on the thousands grid, well past the 3000 tolerance, same sign
    assert (calc.original, calc.new_value) == (Decimal("800000"), Decimal("856000"))
    case = injected_case(calc, "ACME_FY_2023__calc-001")
    assert case.filing_id == "ACME_FY_2023__calc-001" and case.reviewed
    assert case.reference_answer.model_dump() == {"extracted_value": "856000", "calculated_value": "800000"}
    dim = injected_case(by_origin["injected_dim_total"], "copy")
    # below its largest member (90% of 40000): a member then exceeds the total, so no guard holds it back
    assert dim.reference_answer.model_dump() == {"extracted_value": "36000", "calculated_value": "64000"}
    flip = injected_case(sign, "copy2")
    assert Decimal(flip.reference_answer.extracted_value) == -Decimal(flip.reference_answer.calculated_value) < 0


def test_small_totals_move_by_at_least_ten_tolerances():
    r = _r("DQC.US.0126", "ok", "us-gaap:Liabilities", "-12", "-12", decimals="0", tol="3")
    assert injected_value(r, Decimal("-12")) == Decimal("-42")
    tight = _r("DQC.US.0117", "ok", "us-gaap:Revenues", "100", "100", decimals="0", tol="2", members=("95", "5"))
    assert injected_value(tight, Decimal("100")) is None  # 85 is within 10 tolerances of 100: no clean case


def test_checker_only_translator_on_findings_and_clean_facts():
    (case,) = finding_cases(META, RESULTS)
    rec = translate(case.query(), RESULTS)
    assert (rec.verdict, rec.rules) == ("violation", ("DQC.US.0126", "DQC.US.0015"))
    assert rec.prediction() == {"extracted_value": "-500", "calculated_value": "700"}
    clean = compliant_cases(META, RESULTS, per_rule=5, rng=random.Random(0))[0]
    rec = translate(clean.query(), RESULTS)
    assert rec.verdict == "consistent" and rec.prediction()["calculated_value"] == clean.reference_answer.extracted_value


def test_a_fact_another_rule_accepts_only_within_tolerance_is_never_injected():
    results = [
        _r("DQC.US.0117", "ok", "us-gaap:Revenues", "5000", "5000", "f9", tol="2000"),
        _r("DQC.US.0126", "ok", "us-gaap:Revenues", "5000", "4999", "f9", tol="3000"),
    ]
    assert plan_injections(META, results, per_rule=3, rng=random.Random(0)) == []
    assert compliant_cases(META, results, per_rule=3, rng=random.Random(0)) == []


def test_reviews_mark_or_drop_checker_findings(tmp_path):
    import json

    from auditgraph.eval.build_cases import apply_reviews, read_reviews

    (case,) = finding_cases(META, RESULTS)
    path = tmp_path / "reviews.jsonl"
    path.write_text(json.dumps({"original_id": case.original_id, "agree": True, "note": "Revenues is listed; -500 < 0"}) + "\n")
    (kept,), dropped = apply_reviews([case], read_reviews(path))
    assert kept.reviewed and "listed" in kept.notes and not dropped
    path.write_text(json.dumps({"original_id": case.original_id, "agree": False, "note": "excluded member"}) + "\n")
    assert apply_reviews([case], read_reviews(path))[0] == []
