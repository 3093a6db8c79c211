"""DQC.US.0114 "Net Assets Acquired Including Goodwill": for each acquisition (a member of BusinessAcquisitionAxis),
BusinessCombinationRecognizedIdentifiableAssetsAcquiredGoodwillAndLiabilitiesAssumedNet should equal
BusinessCombinationRecognizedIdentifiableAssetsAcquiredAndLiabilitiesAssumedNet + Goodwill.

Official logic (DQCRT 27): facts with a BusinessAcquisitionAxis member, aligned on that member, period, unit and every
other dimension. Both parts must be reported in the alignment: the engine leaves an alignment with only one of them
untested (on the shared filings, totals with goodwill alone or net assets alone are not reported), though the rule
writes the sum with <+>. A nil part counts as absent from the sum (both nil: nothing to test), a nil total as 0. Compared with tolerance_for_decimals_comp, factor 2: d = the lower decimals of
the two sides, a side without decimals taking the least decimals of the three elements' facts in the alignment
(INF or above 5: 5); a finding when the rounded values differ by more than 2 * 10^-d. The finding is about the total.
The default (no acquisition member) is not tested. The compiled rule set has no form test.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from decimal import Decimal

from auditgraph.checks.dqc.dqc_0004 import exceeds_comp
from auditgraph.checks.dqc.dqc_0113 import Align, least_decimals
from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, us_gaap_key, violation
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import fmt

RULE = "DQC.US.0114"
CODE = f"{RULE}.9563"
AXIS = "BusinessAcquisitionAxis"
TOTAL = "BusinessCombinationRecognizedIdentifiableAssetsAcquiredGoodwillAndLiabilitiesAssumedNet"
NET = "BusinessCombinationRecognizedIdentifiableAssetsAcquiredAndLiabilitiesAssumedNet"
GOODWILL = "Goodwill"


def _on_axis(facts: list[Fact]) -> dict[Align, list[Fact]]:
    out: dict[Align, list[Fact]] = defaultdict(list)
    for f in facts:
        if any(a.rsplit(":", 1)[-1] == AXIS for a, _ in f.dims):
            out[(f.period_key, f.unit, f.dims)].append(f)
    return out


def _decimals(f: Fact | None) -> int | None:
    return None if f is None or f.nil else f.decimals


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    totals, nets, goodwill = (_on_axis(index.get(us_gaap_key(inp.year, n), [])) for n in (TOTAL, NET, GOODWILL))
    out = []
    for key, tots in totals.items():
        parts_n, parts_g = nets.get(key, []), goodwill.get(key, [])
        min_d = least_decimals([f for f in tots + parts_n + parts_g if not f.nil])
        for t, n, g in itertools.product(tots, parts_n, parts_g):
            if n.nil and g.nil:
                continue
            calc = sum((f.amount for f in (n, g) if not f.nil), Decimal(0))
            value = t.value if t.value is not None else Decimal(0)
            if not exceeds_comp(value, _decimals(t), calc, None, min_d, 2):  # a sum has no decimals
                continue
            msg = (
                f"{t.qname} is {t.raw if not t.nil else 'nil'} ({described(t)}) but the net assets acquired without "
                f"goodwill ({n.raw or 'nil'}) plus goodwill ({g.raw or 'nil'}) make "
                f"{fmt(calc)}. For an acquisition these should be equal: check the three values and their decimals "
                f"({t.decimals_raw}, {n.decimals_raw}, {g.decimals_raw})."
            )
            out.append(violation(RULE, CODE, t, msg))
    return out


FAMILY = Rule(
    key="0114",
    rule_id=RULE,
    name="Net Assets Acquired Including Goodwill",
    codes=(CODE,),
    check=check,
    forms=frozenset(),  # the compiled official rule names no form: every form
)
