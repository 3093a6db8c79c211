"""DQC.US.0175 "Litigation Settlement Amounts in the Income Statement": LitigationSettlementAmountAwardedFromOtherParty
and LitigationSettlementAmountAwardedToOtherParty state the amount a court awarded, with no sign for gain or loss;
the income statement uses the gain or loss elements (e.g. GainLossRelatedToLitigationSettlement) instead.

Official logic (DQCRT 27): the concepts above either element in the filing's calculation networks (ancestors, network
by network) that are also below NetIncomeLoss or ProfitLoss in the us-gaap calculation networks of the filing's year
(the rule set's us-gaap-cal-all) make one finding for the filing, naming no fact. The compiled rule has no form test.
"""

from __future__ import annotations

from collections import defaultdict

from auditgraph.checks.dqc.dqc_0081 import CALC_QUERY, RELEASE_QUERY, read_taxonomy_calc
from auditgraph.checks.dqc.dqc_0195 import qname_of_key, us_gaap_key
from auditgraph.checks.filing_data import FilingData
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0175"
CODE = f"{RULE}.10130"
ELEMENTS = ("LitigationSettlementAmountAwardedFromOtherParty", "LitigationSettlementAmountAwardedToOtherParty")


def ancestors(data: FilingData, key: str) -> set[str]:
    """Every concept above `key` in the filing's own calculation networks, network by network."""
    parents: dict[tuple[str, str], set[str]] = defaultdict(set)
    for a in data.calc:
        parents[(a.role, a.target_key)].add(a.source_key)
    out: set[str] = set()
    for role in {a.role for a in data.calc}:
        todo, seen = [key], {key}
        while todo:
            for p in parents.get((role, todo.pop()), ()):
                if p not in seen:
                    seen.add(p)
                    out.add(p)
                    todo.append(p)
    return out


def check(inp: RuleInput) -> list[CheckResult]:
    above = {name: ancestors(inp.data, us_gaap_key(inp.year, name)) for name in ELEMENTS}
    if not any(above.values()):
        return []  # the elements are in no calculation of the filing: nothing to compare
    income = read_taxonomy_calc(inp).descendants([us_gaap_key(inp.year, n) for n in ("NetIncomeLoss", "ProfitLoss")])
    hits = {name: sorted(qname_of_key(k) for k in keys & income) for name, keys in above.items() if keys & income}
    if not hits:
        return []
    name = next(iter(hits))
    totals = sorted({q for qs in hits.values() for q in qs})
    msg = (
        f"us-gaap:{name} is added into {', '.join(totals)} in the filing's calculations, which are income statement "
        f"items in the us-gaap taxonomy. {' and '.join(f'us-gaap:{n}' for n in hits)} state an amount awarded, not a "
        "gain or loss: on the income statement use a litigation gain or loss element (e.g. "
        "us-gaap:GainLossRelatedToLitigationSettlement) with the right sign."
    )
    return [CheckResult(rule_id=RULE, sub_rule=CODE, status="violation", concept=f"us-gaap:{name}", message=msg)]


FAMILY = Rule(
    key="0175",
    rule_id=RULE,
    name="Litigation Settlement Amounts in the Income Statement",
    codes=(CODE,),
    check=check,
    queries=(CALC_QUERY, RELEASE_QUERY),
    forms=frozenset(),  # the compiled official rule names no form: every form
)
