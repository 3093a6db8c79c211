"""DQC.US.0164: the balance sheet / income statement / OCI location axes used where they do not belong.

- 10086: a financial statement cube (the official STATEMENT_CUBES: a "- Statement -" role that is not parenthetical,
  equity, capital, investment, ... and not a schedule of investments table) has BalanceSheetLocationAxis,
  IncomeStatementLocationAxis or OtherComprehensiveIncomeLocationAxis. A finding when the cube holds facts on that
  axis of elements other than AllocatedShareBasedCompensationExpense (it names the first such fact), or when the
  cube holds no fact on that axis at all (it names the axis).
- 10087: a fact of an aggregate balance sheet element (Assets, Liabilities, StockholdersEquity, ...) on the
  BalanceSheetLocationAxis; 10088: a fact of an aggregate income statement element (Revenues, NetIncomeLoss,
  OperatingIncomeLoss, ...) on the IncomeStatementLocationAxis. One finding per fact.

Cubes are read as the official engine reads them (checks/dqc/dqc_0150.Networks). The official rule set runs it on
every form.
"""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0150 import ARCS_QUERY, Cube, Networks, read_arcs
from auditgraph.checks.dqc.dqc_0161 import FACTS_QUERY
from auditgraph.checks.dqc.dqc_0166 import AnyFact, is_nil_enumeration_set, read_facts
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rule_data import INVESTMENT_TABLES, STATEMENT_URI_EXCLUSIONS
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0164"
LOCATION_AXES = ("BalanceSheetLocationAxis", "IncomeStatementLocationAxis", "OtherComprehensiveIncomeLocationAxis")
ALLOWED_ON_STATEMENT = frozenset(("AllocatedShareBasedCompensationExpense",))
BALANCE_SHEET_AGGREGATES = frozenset(
    (
        "Assets",
        "Liabilities",
        "AssetsCurrent",
        "AssetsNoncurrent",
        "LiabilitiesCurrent",
        "LiabilitiesNoncurrent",
        "LiabilitiesAndStockholdersEquity",
        "StockholdersEquity",
        "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
    )
)
INCOME_STATEMENT_AGGREGATES = frozenset(
    (
        "ProfitLoss",
        "NetIncomeLoss",
        "IncomeLossFromContinuingOperationsIncludingPortionAttributableToNoncontrollingInterest",
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
        "OperatingIncomeLoss",
        "GrossProfit",
        "OperatingExpenses",
        "Revenues",
        "CostOfRevenue",
        "OperatingCostsAndExpenses",
        "OtherOperatingIncomeExpenseNet",
        "NonoperatingIncomeExpense",
        "OtherNonoperatingIncomeExpense",
        "IncomeTaxExpenseBenefit",
    )
)
US_GAAP = "http://fasb.org/us-gaap/"


def local(key_or_qname: str) -> str:
    return key_or_qname.replace("#", ":").rpartition(":")[2]


def is_us_gaap(f: AnyFact) -> bool:
    return f.concept_key.startswith(US_GAAP)


def statement_cubes(nets: Networks) -> list[Cube]:
    out = []
    for c in nets.cubes:
        definition = nets.role_definition(c.role)
        if "- Statement -" not in definition or any(w in c.role.lower() for w in STATEMENT_URI_EXCLUSIONS):
            continue
        if "schedule iii" in definition.lower() or "schedule iv" in definition.lower() or local(c.hypercube) in INVESTMENT_TABLES:
            continue
        out.append(c)
    return out


def fact_finding(code: str, f: AnyFact, message: str, network: str | None = None, definition: str | None = None) -> CheckResult:
    """A finding that names one fact."""
    return CheckResult(
        rule_id=RULE_ID,
        sub_rule=f"{RULE_ID}.{code}",
        status="violation",
        concept=f.qname,
        reported_value=f.value,
        decimals=f.decimals,
        period=f.period,
        dimensions=list(f.dims),
        unit=f.unit,
        network=network,
        network_definition=definition,
        facts=[f.used()],
        contexts=[f.context_id or ""],
        message=message,
    )


def location_on_statements(nets: Networks, facts: list[AnyFact]) -> list[CheckResult]:
    cases = []
    for cube in statement_cubes(nets):
        axes = {local(a): a for a in cube.axes}
        for name in LOCATION_AXES:
            axis = axes.get(name)
            if axis is not None and axis.startswith(US_GAAP):
                cases.append(
                    (cube, name, [f for f in facts if name in f.local_dims and nets.in_cube(cube, f.concept_key, f.local_dims)])
                )
    # The official engine stops this sub-rule when a fact it reads is a nil extensible enumeration (no set value)
    stopper = next((f for _, _, held in cases for f in held if is_nil_enumeration_set(f)), None)
    if stopper is not None:
        reason = (
            f"{RULE_ID}.10086 cannot be evaluated as the official rule runs: its fact {stopper.fact_id} of {stopper.qname} "
            f"(context {stopper.context_id}) is a nil extensible enumeration, which stops the official engine's rule"
        )
        return [CheckResult(rule_id=RULE_ID, sub_rule=f"{RULE_ID}.10086", status="not_evaluable", reason=reason, message=reason)]
    return [r for cube, name, held in cases if (r := axis_on_statement(nets, cube, name, held)) is not None]


def axis_on_statement(nets: Networks, cube: Cube, name: str, held: list[AnyFact]) -> CheckResult | None:
    """One statement cube with a location axis: a finding unless only allowed elements use the axis there."""
    bad = [f for f in held if local(f.qname) not in ALLOWED_ON_STATEMENT]
    if held and not bad:
        return None
    where = f"the financial statement cube {nets.role_definition(cube.role)!r}"
    advice = "A location axis belongs in the notes, not on the face of a financial statement; remove it from the statement."
    if bad:
        names = ", ".join(sorted({f.qname for f in bad}))
        msg = f"{name} is an axis of {where}, and facts of {names} are reported on it there. {advice}"
        return fact_finding("10086", bad[0], msg, cube.role, nets.role_definition(cube.role))
    return CheckResult(
        rule_id=RULE_ID,
        sub_rule=f"{RULE_ID}.10086",
        status="violation",
        concept=f"us-gaap:{name}",
        network=cube.role,
        network_definition=nets.role_definition(cube.role),
        message=f"{name} is an axis of {where}, though no fact is reported on it there. {advice}",
    )


def aggregates_on_location_axis(facts: list[AnyFact]) -> list[CheckResult]:
    out = []
    for code, axis, names in (
        ("10087", "BalanceSheetLocationAxis", BALANCE_SHEET_AGGREGATES),
        ("10088", "IncomeStatementLocationAxis", INCOME_STATEMENT_AGGREGATES),
    ):
        for f in facts:
            member = f.local_dims.get(axis)
            if member is None or not is_us_gaap(f) or local(f.qname) not in names:
                continue
            msg = (
                f"The fact {f.qname} = {f.value if f.value is not None else 'nil'} (context {f.context_id}, period {f.period}, "
                f"dimensions {', '.join(f.dims)}) splits an aggregate element by the {axis} (member {member}). Report the "
                f"amount with a more specific line item, or leave out the {axis}."
            )
            out.append(fact_finding(code, f, msg))
    return out


def check(inp: RuleInput) -> list[CheckResult]:
    facts = read_facts(inp)
    nets = Networks(inp.data, read_arcs(inp))
    return [*location_on_statements(nets, facts), *aggregates_on_location_axis(facts)]


FAMILY = Rule(
    key="0164",
    rule_id=RULE_ID,
    name="Location Axes on Statements and Aggregate Elements",
    codes=(f"{RULE_ID}.10086", f"{RULE_ID}.10087", f"{RULE_ID}.10088"),
    check=check,
    queries=(FACTS_QUERY, ARCS_QUERY),
    forms=frozenset(),  # empty: every form (the official rule set names none for this rule)
)
