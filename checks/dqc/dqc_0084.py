"""DQC.US.0084 "Durational Aggregation": a duration fact should equal the sum of the consecutive shorter periods
reported for it (e.g. a nine-month amount and its three quarters).

For every non-nil monetary duration fact of a base taxonomy element (us-gaap and the SEC taxonomies; not an
"average" element, no typed dimension), the rule looks in the same alignment (element, unit, dimensions) for a chain of
two to four facts: the first starting on the same day and ending earlier, each next one starting the day after the
previous one ends, the last ending on the same day. Every such chain is tested on its own (so one total may give
several findings): the total and the chain's sum may differ by at most (parts - 1) x 3 x 10^-d, d being the smallest
decimals of the total and the parts (no tolerance when all are INF). A difference under 1% passes when d is 0 and the
filing reports an ImmaterialDifferenceFlag. N-CSR filings are left out. The finding names the total.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterator
from decimal import Decimal

from auditgraph.checks.dqc._common import total_violation
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import fmt

RULE = "DQC.US.0084"
NUMBER = "9298"
CODE = f"{RULE}.{NUMBER}"
QUERY = "dqc.dqc_0084_flags"
FACTOR = 3  # the rule's decimal tolerance factor
# the rule set's ALL_BASE_TAXONOMIES_ELTS: us-gaap and the SEC exch, stpr, naics, sic, ecd and cyd taxonomies
BASE = tuple(["http://fasb.org/us-gaap/"] + [f"http://xbrl.sec.gov/{t}/" for t in ("ecd", "cyd", "exch", "stpr", "naics", "sic")])
FUND_REPORTS = frozenset({"N-CSR", "N-CSRS", "N-CSR/A", "N-CSRS/A"})
DAY = dt.timedelta(days=1)
INF = Decimal("Infinity")


def _tested(f: Fact) -> bool:
    return (
        f.value is not None
        and f.kind == "duration"
        and f.start is not None
        and f.end is not None
        and f.monetary
        and f.namespace.startswith(BASE)
        and "average" not in f.name.lower()
        and not any(m.startswith("typed:") for _, m in f.dims)
    )


def _chains(total: Fact, by_start: dict[dt.date, list[Fact]]) -> Iterator[list[Fact]]:
    """Every chain of 2-4 consecutive facts covering the total's period (the official rule's p1..p4)."""
    assert total.start is not None and total.end is not None

    def extend(chain: list[Fact]) -> Iterator[list[Fact]]:
        last = chain[-1]
        assert last.end is not None
        for nxt in by_start.get(last.end + DAY, []):
            if nxt.end == total.end:
                yield [*chain, nxt]
            elif len(chain) < 3:  # a fourth part must end the chain
                yield from extend([*chain, nxt])

    for first in by_start.get(total.start, []):
        if first.end is not None and first.end < total.end:
            yield from extend([first])


def _decimals(f: Fact) -> Decimal:
    return INF if f.decimals is None else Decimal(f.decimals)


def _differs(total: Fact, parts: list[Fact], flagged: bool) -> bool:
    difference = abs(total.amount - sum((p.amount for p in parts), Decimal(0)))
    least = min([_decimals(total)] + [_decimals(p) for p in parts])
    tolerance = Decimal(0) if least == INF else (len(parts) - 1) * Decimal(10) ** -int(least) * FACTOR
    if flagged and least == 0 and difference < abs(total.amount) * Decimal("0.01"):
        return False
    return difference > tolerance


def _finding(total: Fact, parts: list[Fact]) -> CheckResult:
    parts_sum = sum((p.amount for p in parts), Decimal(0))
    listed = "; ".join(f"{p.period_key} {p.raw} (decimals {p.decimals_raw})" for p in parts)
    message = (
        f"{total.qname} is {total.raw} for {total.period_key} (decimals {total.decimals_raw}), but the {len(parts)} "
        f"consecutive periods that make it up add up to {fmt(parts_sum)}, a difference of {fmt(abs(total.amount - parts_sum))}, "
        f"more than rounding explains: {listed}. Check the values of the total and of its periods."
    )
    return total_violation(RULE, NUMBER, total, parts_sum, message)


def check(inp: RuleInput) -> list[CheckResult]:
    if inp.data.document_type in FUND_REPORTS:
        return []
    groups: dict[tuple[str, str | None, tuple[tuple[str, str], ...]], list[Fact]] = defaultdict(list)
    for f in inp.data.facts:
        if _tested(f):
            groups[(f.concept_key, f.unit, f.dims)].append(f)
    flagged = any(r["flags"] for r in inp.rows(QUERY))
    out = []
    for facts in groups.values():
        by_start: dict[dt.date, list[Fact]] = defaultdict(list)
        for f in facts:
            assert f.start is not None
            by_start[f.start].append(f)
        for total in facts:
            for parts in _chains(total, by_start):
                if _differs(total, parts, flagged):
                    out.append(_finding(total, parts))
    return out


FAMILY = Rule(
    key="0084",
    rule_id=RULE,
    name="Durational Aggregation",
    codes=(CODE,),
    check=check,
    queries=(QUERY,),
    forms=frozenset(),  # the rule leaves out N-CSR itself; the rule set adds no form guard
)
