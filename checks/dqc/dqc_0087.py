"""DQC.US.0087 "Breakdown of Operating Lease liabilities across Financial Statement Lines Items": an operating lease liability reported but not placed on the balance sheet.

For a 10-K, 10-KT or 20-F, each non-zero fact of OperatingLeaseLiability (9369), OperatingLeaseLiabilityCurrent (9370)
or OperatingLeaseLiabilityNoncurrent (9371), reported without dimensions or with the BalanceSheetLocationAxis only,
is tested in its period (the official rule aligns everything on the period):
- no finding when the element (or, as the sub-rule says, a related one) is in a statement presentation network, or
  when a ...StatementOfFinancialPositionExtensibleList fact of the same period names the balance sheet line;
- no finding when the amount is split over two or more BalanceSheetLocationAxis members;
- with exactly one member: a finding when it equals the undimensioned total (or there is none): the axis is then not
  needed, the extensible list is;
- with no member: a finding (the liability is nowhere on the face statements).
9369 names the fact tested; 9370/9371 name the member fact (one member) or the undimensioned fact. As in the official
engine, a period with both a total and a member fact is tested once per fact, so the same finding may repeat.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation

RULE = "DQC.US.0087"
QUERY = "dqc.dqc_0087_context"
USGAAP = "http://fasb.org/us-gaap/"
BSL = "BalanceSheetLocationAxis"
OLL, CURRENT, NONCURRENT = "OperatingLeaseLiability", "OperatingLeaseLiabilityCurrent", "OperatingLeaseLiabilityNoncurrent"
FORMS = frozenset({"10-K", "10-KT", "20-F"})


def _list(name: str) -> str:
    return f"{name}StatementOfFinancialPositionExtensibleList"


@dataclass(frozen=True)
class SubRule:
    code: str
    concept: str
    in_statement: tuple[str, ...]  # any of these in a statement network: no finding
    lists: tuple[str, ...]  # an extensible list of any of these in the period: no finding
    members_elsewhere: tuple[str, ...]  # a BalanceSheetLocationAxis member fact of these in the period: no finding
    names_member: bool  # the finding names the member (or total) fact rather than the fact tested


SUB_RULES = (
    SubRule("9369", OLL, (OLL, CURRENT, NONCURRENT), (OLL, CURRENT, NONCURRENT), (CURRENT, NONCURRENT), False),
    SubRule("9370", CURRENT, (CURRENT, OLL), (CURRENT, OLL), (), True),
    SubRule("9371", NONCURRENT, (NONCURRENT, OLL), (NONCURRENT, OLL), (), True),
)


class Facts:
    """The filing's lease liability facts by element and period: undimensioned ones and BalanceSheetLocationAxis ones."""

    def __init__(self, facts: list[Fact]) -> None:
        self.plain: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        self.member: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        self.tested: dict[str, list[Fact]] = defaultdict(list)
        for f in facts:
            ns, _, name = f.concept_key.rpartition("#")
            if not ns.startswith(USGAAP) or name not in (OLL, CURRENT, NONCURRENT) or f.unit is None:
                continue
            axes = [local(a) for a, _ in f.dims]
            if not axes:
                self.plain[(name, f.period_key)].append(f)
            elif axes == [BSL]:
                self.member[(name, f.period_key)].append(f)
            else:
                continue
            if f.value is not None and f.value != 0:
                self.tested[name].append(f)


def _finding(rule: SubRule, fact: Fact, member: Fact | None) -> CheckResult:
    if member is not None:
        where = f"only with the {BSL} member {member.dim_strings[0].split('=')[1]} ({member.raw})"
        fix = f"the {BSL} is meant for an amount split over several balance sheet lines; use {_list(rule.concept)} instead"
    else:
        where = "but it is not in any statement presentation network"
        fix = (
            f"name the balance sheet line that includes it with {_list(rule.concept)}, or split it over two or more {BSL} members"
        )
    message = (
        f"{fact.qname} is reported as {fact.raw} for {fact.period_key} {where}. Put the operating lease liability on "
        f"the face statements, or {fix}."
    )
    return fact_violation(RULE, rule.code, fact, message)


def _test(rule: SubRule, tested: Fact, facts: Facts, lists: set[tuple[str, str]]) -> CheckResult | None:
    period = tested.period_key
    if any((_list(n), period) in lists for n in rule.lists) or any(facts.member.get((n, period)) for n in rule.members_elsewhere):
        return None
    members = facts.member.get((rule.concept, period), [])
    totals = facts.plain.get((rule.concept, period), [])
    if len(members) > 1:
        return None
    if len(members) == 1:
        member = members[0]
        if totals and not any(t.value is not None and t.value == member.value for t in totals):
            return None
        return _finding(rule, member if rule.names_member else tested, member)
    named = totals[0] if rule.names_member and totals else tested
    return _finding(rule, named, None)


def check(inp: RuleInput) -> list[CheckResult]:
    if inp.data.document_type not in FORMS:
        return []
    rows = inp.rows(QUERY)
    statement = {r["name"] for r in rows if r["kind"] == "statement"}
    lists = {(r["name"], r["period"]) for r in rows if r["kind"] == "extensible_list"}
    facts = Facts(inp.data.facts)
    out = []
    for rule in SUB_RULES:
        if any(n in statement for n in rule.in_statement):
            continue
        for tested in facts.tested.get(rule.concept, []):
            if (found := _test(rule, tested, facts, lists)) is not None:
                out.append(found)
    return out


FAMILY = Rule(
    key="0087",
    rule_id=RULE,
    name="Breakdown of Operating Lease liabilities across Financial Statement Lines Items",
    codes=tuple(f"{RULE}.{r.code}" for r in SUB_RULES),
    check=check,
    queries=(QUERY,),
    forms=frozenset(),  # the rule tests DocumentType itself (10-K, 10-KT, 20-F); the rule set adds no form guard
)
