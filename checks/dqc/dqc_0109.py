"""DQC.US.0109: ConcentrationRiskPercentage1 used without (or with the wrong) concentration risk axes.

The percentage only means something with a risk type (ConcentrationRiskByTypeAxis, the numerator) and a benchmark
(ConcentrationRiskByBenchmarkAxis, the denominator). Per fact, as the official rule set does:
- 9565: no dimensions at all and a value other than 1;
- 9566: other axes but neither concentration axis, when no dimensionless fact of the concept shares its period and unit;
- 9567 / 9568: the type axis without the benchmark axis / the benchmark axis without the type axis;
- 9569: exactly the two axes (no third axis naming the risk area) and a value other than 1 (labor force and unionized
  employee risks excepted);
- 9570: a us-gaap risk type that does not belong with the us-gaap benchmark (the rule's own table below);
- 9571 / 9572: a risk type member on the benchmark axis / a benchmark member on the type axis (DQCRT
  SET_CONCENTRATION_RISK_ITEMS / SET_BENCHMARK_ITEMS); these two look at nil facts too, the others skip nils.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0109"
CONCEPT = "ConcentrationRiskPercentage1"  # the us-gaap element (an extension of that name is not it)
US_GAAP = "http://fasb.org/us-gaap/"
BENCHMARK_AXIS = "ConcentrationRiskByBenchmarkAxis"
TYPE_AXIS = "ConcentrationRiskByTypeAxis"
MEMBERS_QUERY = "dqc.dqc_0109_members"
ONE = Decimal(1)
WORKFORCE_RISKS = frozenset(("LaborForceConcentrationRiskMember", "UnionizedEmployeesConcentrationRiskMember"))

_REVENUE_RISKS = frozenset(
    (
        "GeographicConcentrationRiskMember",
        "CustomerConcentrationRiskMember",
        "ProductConcentrationRiskMember",
        "RevenueFromRightsConcentrationRiskMember",
        "GovernmentContractsConcentrationRiskMember",
        "SupplierConcentrationRiskMember",
    )
)
# The risk types the rule accepts with each us-gaap benchmark (part of the rule, not of the DQCRT constants).
RISKS_BY_BENCHMARK: dict[str, frozenset[str]] = {
    "SalesRevenueNetMember": _REVENUE_RISKS,
    "SalesRevenueProductLineMember": _REVENUE_RISKS,
    "SalesRevenueSegmentMember": _REVENUE_RISKS,
    "RevenueFromContractWithCustomerMember": _REVENUE_RISKS,
    "RevenueFromContractWithCustomerProductAndServiceBenchmarkMember": _REVENUE_RISKS,
    "RevenueFromContractWithCustomerSegmentBenchmarkMember": _REVENUE_RISKS,
    "AccountsReceivableMember": frozenset(
        ("CreditConcentrationRiskMember", "GeographicConcentrationRiskMember", "CustomerConcentrationRiskMember")
    ),
    "CostOfGoodsTotalMember": frozenset(
        (
            "GeographicConcentrationRiskMember",
            "SupplierConcentrationRiskMember",
            "ProductConcentrationRiskMember",
            "LaborForceConcentrationRiskMember",
            "UnionizedEmployeesConcentrationRiskMember",
        )
    ),
    "ReinsuranceRecoverableMember": frozenset(("ReinsurerConcentrationRiskMember",)),
}

ADVICE = (
    " If the amount is the threshold percentage of a concentration risk policy, use an extension element such as "
    "ConcentrationRiskThresholdPercentage instead."
)


def _axes(fact: Fact) -> dict[str, str]:
    """Axis local name -> member QName of the fact's explicit dimensions."""
    return {local(axis): member for axis, member in fact.dims}


def _describe(fact: Fact) -> str:
    dims = ", ".join(fact.dim_strings) or "none"
    value = "nil" if fact.nil else fact.raw
    return f"(value {value}, period {fact.period_key}, dimensions {dims}, unit {fact.unit}, context {fact.context_id})"


def _finding(code: str, fact: Fact, text: str) -> CheckResult:
    return CheckResult(
        rule_id=RULE_ID,
        sub_rule=f"{RULE_ID}.{code}",
        status="violation",
        concept=fact.qname,
        reported_value=fact.raw,
        decimals=fact.decimals_raw,
        period=fact.period_key,
        dimensions=fact.dim_strings,
        unit=fact.unit,
        facts=[fact.used()],
        contexts=[fact.context_id] if fact.context_id else [],
        message=f"{fact.qname} {_describe(fact)}: {text}",
    )


def _placement(fact: Fact, undimensioned: set[tuple[str, str | None]]) -> Iterable[CheckResult]:
    """9565-9569: which of the two axes the (non-nil) fact carries."""
    axes = _axes(fact)
    bench, risk = axes.get(BENCHMARK_AXIS), axes.get(TYPE_AXIS)
    if not axes:
        if fact.amount != ONE:
            yield _finding(
                "9565",
                fact,
                "a concentration risk percentage reported without any axis means nothing; report it with "
                f"{TYPE_AXIS} (the risk) and {BENCHMARK_AXIS} (the benchmark it is a share of)." + ADVICE,
            )
    elif bench is None and risk is None:
        # only when no dimensionless fact of the concept stands for the same period and unit (the rule's alignment)
        if (fact.period_key, fact.unit) not in undimensioned:
            yield _finding(
                "9566",
                fact,
                f"the percentage uses other axes but neither {TYPE_AXIS} nor {BENCHMARK_AXIS}; add both to say which "
                "risk it measures and against which benchmark." + ADVICE,
            )
    elif bench is None:
        yield _finding(
            "9567",
            fact,
            f"the percentage has a risk type on {TYPE_AXIS} but no benchmark; add {BENCHMARK_AXIS} with the member "
            "for the denominator (revenue, receivables, ...)." + ADVICE,
        )
    elif risk is None:
        yield _finding(
            "9568",
            fact,
            f"the percentage has a benchmark on {BENCHMARK_AXIS} but no risk type; add {TYPE_AXIS} with the member "
            "for the risk measured." + ADVICE,
        )
    elif len(axes) == 2 and fact.amount != ONE and local(risk) not in WORKFORCE_RISKS:
        yield _finding(
            "9569",
            fact,
            f"with only {TYPE_AXIS} ({risk}) and {BENCHMARK_AXIS} ({bench}) the percentage can only be 1 (100%); "
            "add a third axis (a customer, supplier, product or region) identifying the concentration." + ADVICE,
        )


def _pairing(fact: Fact, member_keys: dict[str, str]) -> Iterable[CheckResult]:
    """9570: a us-gaap risk type that does not go with the us-gaap benchmark."""
    axes = _axes(fact)
    bench, risk = axes.get(BENCHMARK_AXIS), axes.get(TYPE_AXIS)
    if bench is None or risk is None or local(bench) not in RISKS_BY_BENCHMARK:
        return
    risk_key = member_keys.get(_dim(fact, TYPE_AXIS), "")
    if "|" in risk_key:  # an extension risk type is the filer's choice
        return
    allowed = RISKS_BY_BENCHMARK[local(bench)]
    if local(risk) not in allowed:
        yield _finding(
            "9570",
            fact,
            f"the risk type {risk} does not belong with the benchmark {bench}; use an extension risk type or one of "
            f"{', '.join(sorted(allowed))}.",
        )


def _dim(fact: Fact, axis_name: str) -> str:
    return next(f"{a}={m}" for a, m in fact.dims if local(a) == axis_name)


def _swapped(fact: Fact, member_keys: dict[str, str], risks: frozenset[str], benchmarks: frozenset[str]) -> Iterable[CheckResult]:
    """9571 / 9572: a risk type used as the benchmark, a benchmark used as the risk type (nil facts included)."""
    axes = _axes(fact)
    if BENCHMARK_AXIS in axes and member_keys.get(_dim(fact, BENCHMARK_AXIS)) in risks:
        yield _finding(
            "9571",
            fact,
            f"the member {axes[BENCHMARK_AXIS]} on {BENCHMARK_AXIS} is a type of risk, not a benchmark; the benchmark "
            "names what the risk is measured against (revenues, receivables, loans, ...).",
        )
    if TYPE_AXIS in axes and member_keys.get(_dim(fact, TYPE_AXIS)) in benchmarks:
        yield _finding(
            "9572",
            fact,
            f"the member {axes[TYPE_AXIS]} on {TYPE_AXIS} is a benchmark, not a type of risk; the risk type names "
            "the risk (customer, supplier, geographic, ...) measured against the benchmark.",
        )


def check(inp: RuleInput) -> list[CheckResult]:
    facts = [f for f in inp.data.facts if f.name == CONCEPT and f.namespace.startswith(US_GAAP)]
    if not facts:
        return []
    risks: frozenset[str] = inp.constant("SET_CONCENTRATION_RISK_ITEMS")
    benchmarks: frozenset[str] = inp.constant("SET_BENCHMARK_ITEMS")
    member_keys = {r["dim"]: r["member_key"] for r in inp.rows(MEMBERS_QUERY)}
    present = [f for f in facts if not f.nil and f.value is not None]
    undimensioned = {(f.period_key, f.unit) for f in present if not f.dims}
    out: list[CheckResult] = []
    for f in present:
        out += _placement(f, undimensioned)
        out += _pairing(f, member_keys)
    for f in facts:
        out += _swapped(f, member_keys, risks, benchmarks)
    return out


FAMILY = Rule(
    key="0109",
    rule_id=RULE_ID,
    name="Concentration Risk",
    codes=tuple(f"{RULE_ID}.{c}" for c in ("9565", "9566", "9567", "9568", "9569", "9570", "9571", "9572")),
    check=check,
    constants=("SET_CONCENTRATION_RISK_ITEMS", "SET_BENCHMARK_ITEMS"),
    queries=(MEMBERS_QUERY,),
    forms=frozenset(),  # the official rule names no form: every form
)
