"""Verifier parts that need no database: claim parsing, formulas, registry, planning, Z3 encoding."""

from __future__ import annotations

from decimal import Decimal

import pytest

from auditgraph.verifier import formula as fx
from auditgraph.verifier.check import Authorised, check
from auditgraph.verifier.claims import ClaimParseError, parse_claim
from auditgraph.verifier.ground import bounds, months_of
from auditgraph.verifier.plan import Planner, PlanFailure
from auditgraph.verifier.registry import load_registry
from auditgraph.verifier.types import Binding, Decision, Unit


@pytest.mark.parametrize("text,value,half,percent", [
    ("$1.2 billion", "1200000000", "50000000", False),
    ("(1,234)", "-1234", "0.5", False),
    ("-$5.5M", "-5500000", "50000", False),
    ("44.1%", "0.441", "0.0005", True),
    ("12 percent", "0.12", "0.005", True),
    ("$6.13 per diluted share", "6.13", "0.005", False),
    ("383,285 million", "383285000000", "500000", False),
    (123.4, "123.4", "0.05", False),
])
def test_claims_parse_to_exact_values_with_their_own_rounding(text, value, half, percent):
    c = parse_claim(text)
    assert (c.value, c.half_width, c.percent) == (Decimal(value), Decimal(half), percent)


@pytest.mark.parametrize("text,why", [("about a billion", "no number"), ("between 1 and 2 billion", "range"),
                                      ("1-2 billion", "range"), ("", "empty"), ("5% billion", "not one number"),
                                      ("1e999999999", "implausible magnitude")])
def test_unparsable_claims_say_why(text, why):
    with pytest.raises(ClaimParseError, match=why):
        parse_claim(text)


def test_fact_intervals_come_from_decimals_or_precision():
    assert bounds(Decimal("383285000000"), "-6", None) == (Decimal("383284500000"), Decimal("383285500000"))
    assert bounds(Decimal("6.13"), "2", None) == (Decimal("6.125"), Decimal("6.135"))
    assert bounds(Decimal("42"), "INF", None) == (Decimal("42"), Decimal("42"))
    assert bounds(Decimal("1234"), None, "2") == (Decimal("1184"), Decimal("1284"))  # precision 2 -> decimals -2
    assert [months_of(d) for d in (91, 98, 182, 273, 364, 371, 45)] == [3, 3, 6, 9, 12, 12, None]


def test_formulas_accept_only_arithmetic_over_names():
    e = fx.parse("(gross_profit - x) / revenue")
    assert fx.roles(e) == ["gross_profit", "x", "revenue"] and fx.render(e) == "(gross_profit - x) / revenue"
    with pytest.raises(fx.FormulaError):
        fx.parse("__import__('os').system('x')")
    assert fx.render(fx.weighted_sum([(Decimal(1), "a"), (Decimal(-1), "b"), (Decimal("0.5"), "c")])) == "a - b + 0.5 * c"


def test_registry_has_the_papers_metrics_across_statements():
    reg = load_registry()
    assert reg.version and len(reg.metrics) == 59 and len(reg.operations) == 17  # the paper: 59 metrics, 17 rules
    assert {m.statement for m in reg.metrics.values()} >= {"IS", "BS", "CF", "ratio"}
    assert reg.metrics["free_cash_flow"].formula == "cfo - capex"
    assert reg.metrics["quick_ratio"].optional == ("short_term_investments",)
    assert all(m.source.split(":")[0] in ("usgaap", "cfa", "analyst", "financebench") for m in reg.metrics.values())


def test_every_registry_candidate_is_a_us_gaap_concept_of_the_right_type(shared_dir):
    """Each candidate QName is declared by us-gaap 2025 with the item type of its unit (read from the zip)."""
    from auditgraph.verifier.registry import taxonomy_problems

    assert taxonomy_problems(load_registry(), shared_dir / "taxonomies" / "us-gaap-2025.zip") == []


def _b(role, value, decimals="-6", fid="f1"):
    lo, hi = bounds(Decimal(value), decimals, None)
    return Binding(role, role, role, "p", "iso4217:USD", "F", None, fid, Decimal(value), decimals, lo, hi, "registry")


def test_z3_named_core_direction_and_open_claim_interval():
    facts = [_b("rev", "383285000000"), _b("cogs", "214137000000", fid="f2")]
    f = [Authorised("formula:registry:1", fx.parse("rev - cogs"))]
    ok = check(facts, f, Decimal("169.05e9"), Decimal("169.15e9"))
    assert ok.decision is Decision.VERIFIED and ok.entailed
    bad = check(facts, f, Decimal("170.75e9"), Decimal("170.85e9"))
    assert bad.decision is Decision.VIOLATED and bad.direction == "overstates"
    assert bad.core == ("claim", "fact:cogs:f2", "fact:rev:f1", "formula:registry:1")
    # a claim interval that only touches the evidence interval is a different rounded figure
    touch = check([_b("a", "352583000000")], [Authorised("formula:filed-fact:1", fx.Ref("a"))],
                  Decimal("352583500000"), Decimal("352584500000"))
    assert touch.decision is Decision.VIOLATED and touch.direction == "overstates"
    zero = check([_b("a", "0", "INF")], [Authorised("formula:filed-fact:1", fx.Ref("a"))], Decimal(0), Decimal(0))
    assert zero.decision is Decision.VERIFIED


def test_planner_reads_metric_operation_period_and_scale_without_the_claim():
    p = Planner(load_registry())
    plan = p.plan("What was Apple's gross profit for fiscal 2023 (in millions, except per-share data)?", ["Apple"])
    assert plan.target == "metric:gross_profit" and plan.scale == Decimal(10) ** 6
    assert (plan.period.fiscal_year, plan.period.months) == (2023, 12)
    op = p.plan("What is the difference between net sales and cost of sales in the third quarter of fiscal 2023?")
    assert op.explicit_formula == "revenue - cost_of_revenue" and (op.period.quarter, op.period.fiscal_year) == (3, 2023)
    pct = p.plan("What was R&D as a percentage of revenue for the nine months ended June 29, 2024?")
    assert pct.unit is Unit.RATIO and pct.percent_question and pct.period.months == 9
    line = p.plan("What was accounts receivable, net of allowance for fiscal 2023?")
    assert isinstance(line, PlanFailure)  # "net of" here is part of a name; its operand is unknown: abstain


def test_solver_unknown_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch):
    """Z3 gives up (unknown) -> Abstain with its reason. The give-up is made certain, not timed: a
    resource limit of 1 (Z3 counts deterministic steps), where a 1 ms timeout raced the machine."""
    import z3

    from auditgraph.verifier import check as check_module

    class GivesUp(z3.Solver):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.set("rlimit", 1)

    monkeypatch.setattr(check_module.z3, "Solver", GivesUp)
    names = [f"x{i}" for i in range(12)]
    facts = [_b(n, str(1000 + 7 * i), "0", f"f{i}") for i, n in enumerate(names)]
    hard = [Authorised("formula:registry:1", fx.parse(" * ".join(names[:6]) + " / (" + " * ".join(names[6:]) + " - 3)")),
            Authorised("formula:registry:2", fx.parse(" * ".join(reversed(names)) + " / 7"))]
    r = check(facts, hard, Decimal("1.5"), Decimal("1.6"))
    assert r.decision is Decision.ABSTAIN and not r.evidence_inconsistent
    assert r.solver_unknown in ("max. resource limit exceeded", "canceled")
