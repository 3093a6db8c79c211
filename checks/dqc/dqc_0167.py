"""DQC.US.0167: a primary statement's calculation is missing, or split into trees that us-gaap joins.

Three sub-rules, one per statement: 10099 the balance sheet (a presentation network that presents
StatementOfFinancialPositionAbstract or whose role URI says "financialposition"), 10100 the income statement
(IncomeStatementAbstract or "incomestatement"), 10101 comprehensive income (StatementOfIncomeAndComprehensiveIncomeAbstract
or "comprehensiveincome", not "incomestatement"); each a "- Statement " network whose URI does not say
"parenthetical". Registration statements are not checked.

- When no calculation network of the filing has the role of such a network: one finding naming the roles (10101
  only when that statement presents at least two monetary elements).
- Otherwise, in each calculation network with such a role: a root (a total with no parent there) whose us-gaap
  calculation descendants include another root of that network is one finding, naming the root; the other root
  should be calculated under it. (10100: the diluted net income available to common stockholders does not count
  the basic one as misplaced.)

us-gaap's descendants come from the calculation networks of the filing's us-gaap year; when that release has none
loaded, the split-tree check reports not_evaluable.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from auditgraph.checks.dqc._common import descendants
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0167"
ROLES_QUERY = "dqc.dqc_0167_pres_roles"
BASE_QUERY = "dqc.dqc_0167_usgaap_calc"
REGISTRATIONS = frozenset(
    ("S-1", "S-3", "S-4", "S-6", "S-8", "S-11", "S-20", "S-1/A", "S-3/A", "S-4/A", "S-6/A", "S-8/A", "S-11/A", "S-20/A", "F-1", "F-3",
     "10-12G", "10-12G/A")
)  # fmt: skip
DILUTED, BASIC = "NetIncomeLossAvailableToCommonStockholdersDiluted", "NetIncomeLossAvailableToCommonStockholdersBasic"


@dataclass(frozen=True)
class Statement:
    code: str
    what: str
    abstract: str
    uri_word: str
    excluded_word: str | None = None
    min_monetary: int = 0

    def selects(self, row: Any) -> bool:
        uri = row["role"].lower()
        return (
            (self.abstract in row["abstracts"] or self.uri_word in uri)
            and "- Statement " in (row["definition"] or "")
            and "parenthetical" not in uri
            and not (self.excluded_word and self.excluded_word in uri)
        )


STATEMENTS = (
    Statement("10099", "a statement of financial position", "StatementOfFinancialPositionAbstract", "financialposition"),
    Statement("10100", "a statement of income", "IncomeStatementAbstract", "incomestatement"),
    Statement(
        "10101", "a statement of comprehensive income", "StatementOfIncomeAndComprehensiveIncomeAbstract", "comprehensiveincome",
        excluded_word="incomestatement", min_monetary=2,
    ),
)  # fmt: skip


def local(key: str) -> str:
    return key.rsplit("#", 1)[-1]


def check(inp: RuleInput) -> list[CheckResult]:
    data = inp.data
    if {r["value"] for r in data.dei if r["name"] == "DocumentType"} & REGISTRATIONS:
        return []
    roles = inp.rows(ROLES_QUERY)
    calc: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    qname: dict[str, str] = {}
    for a in data.calc:
        calc[a.role][a.source_key].append(a.target_key)
        qname[a.source_key], qname[a.target_key] = a.source, a.target
    base: Callable[[list[str]], Any] | None = None
    out: list[CheckResult] = []
    for st in STATEMENTS:
        chosen = [r for r in roles if st.selects(r)]
        if not chosen:
            continue
        with_calc = [r for r in chosen if r["role"] in calc]
        if not with_calc:
            if chosen[0]["monetary"] >= st.min_monetary:
                out.append(no_calculation(st, chosen))
            continue
        if base is None:
            base = lambda tops: inp.rows(BASE_QUERY, tops=tops)[0]  # noqa: E731 - read once, when a split tree is possible
        out += split_trees(st, with_calc, calc, qname, base)
    return out


def no_calculation(st: Statement, chosen: list[Any]) -> CheckResult:
    names = "; ".join(f"{r['role']} ({r['definition']})" for r in chosen)
    extra = f", which presents {chosen[0]['monetary']} monetary elements" if st.min_monetary else ""
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.{st.code}",
        status="violation",
        network=chosen[0]["role"],
        network_definition=chosen[0]["definition"],
        message=(
            f"No calculation network of the filing has the role of {st.what} ({names}){extra}. A primary statement should "
            "have its calculation in the same role as its presentation; check that the calculation uses that role."
        ),
    )


def split_trees(
    st: Statement, chosen: list[Any], calc: Any, qname: dict[str, str], base_rows: Callable[[list[str]], Any]
) -> list[CheckResult]:
    out: list[CheckResult] = []
    for row in chosen:
        net = calc[row["role"]]
        children = {c for kids in net.values() for c in kids}
        roots = sorted(p for p in net if p not in children)
        if len(roots) < 2:
            continue
        base = base_rows(roots)
        if not base["has_calc"]:
            reason = (
                f"{RULE}.{st.code} needs the calculation networks of {base['release']} to compare the roots of {row['role']}, "
                "which are not loaded (the package holds no calculation linkbase); load the official us-gaap package of that year"
            )
            out.append(
                CheckResult(rule_id=RULE, sub_rule=f"{RULE}.{st.code}", status="not_evaluable", reason=reason, message=reason)
            )
            continue
        nets: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        for a in base["arcs"]:
            nets[a["role"]][a["parent_key"]].append(a["child_key"])
        for root in roots:
            others = set(roots) - {root}
            if st.code == "10100" and local(root) == DILUTED:
                others = {o for o in others if local(o) != BASIC}
            misplaced = sorted(descendants(nets, root) & others)
            if misplaced:
                out.append(split_finding(st, row, root, roots, misplaced, qname))
    return out


def split_finding(
    st: Statement, row: Any, root: str, roots: list[str], misplaced: list[str], qname: dict[str, str]
) -> CheckResult:
    name = qname.get(root, local(root))
    others = ", ".join(qname.get(r, local(r)) for r in roots if r != root)
    moved = ", ".join(qname.get(m, local(m)) for m in misplaced)
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.{st.code}",
        status="violation",
        concept=name,
        network=row["role"],
        network_definition=row["definition"],
        message=(
            f"The calculation of {st.what} ({row['definition']}) has several trees: its root {name} stands beside the roots "
            f"{others}. us-gaap calculates {moved} under {name}, so the filing is missing the calculation that joins them; "
            f"add a parent for {moved} so the statement's calculation is a single tree."
        ),
    )


FAMILY = Rule(
    key="0167",
    rule_id=RULE,
    name="Statement Calculation Trees",
    codes=tuple(f"{RULE}.{s.code}" for s in STATEMENTS),
    check=check,
    queries=(ROLES_QUERY, BASE_QUERY),
    forms=frozenset(),  # empty: every form but the registration statements, which the rule itself leaves out
)
