"""DQC.US.0137: a location axis with a single fact, where an extensible enumeration element should say it.

For each (element, extensible enumeration) pair of the DQCRT constant EXT_ENUM: the element's facts on
BalanceSheetLocationAxis (an instant element) or IncomeStatementLocationAxis (a duration element), grouped as the
engine aligns them (period and other dimensions; the unit does not split them). A group of one fact (duplicates with
the same value count once; nil facts count) means the axis only says where the amount sits in the statements, which
the paired enumeration element states instead. Only reports whose dimensionless dei:DocumentType is a 10-K, 10-Q,
20-F or 40-F (or an amendment or transition report of them).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0137"
CODE = f"{RULE_ID}.9838"
REPORT_FORMS = frozenset(("10-K", "10-KT", "10-K/A", "20-F", "10-Q", "10-Q/A", "20-F/A", "40-F", "40-F/A"))
AXIS_BY_KIND = {"instant": "BalanceSheetLocationAxis", "duration": "IncomeStatementLocationAxis"}
GAAP = "http://fasb.org/us-gaap/"


def _location(fact: Fact) -> tuple[str, str] | None:
    """(axis QName, member) of the fact's location axis for its period type, else None."""
    wanted = AXIS_BY_KIND.get(fact.kind)
    return next(((a, m) for a, m in fact.dims if local(a) == wanted), None)


def _precision_first(fact: Fact) -> tuple[int, str]:
    """Sort key: most decimals first (INF before any number), then fact id."""
    precise = 10**6 if fact.decimals is None and fact.decimals_raw else (fact.decimals if fact.decimals is not None else -(10**6))
    return (-precise, fact.fact_id)


def _report_form(inp: RuleInput) -> bool:
    rows: list[dict[str, Any]] = inp.data.dei
    return any(r["name"] == "DocumentType" and not r["dimensional"] and (r["value"] or "").strip() in REPORT_FORMS for r in rows)


def check(inp: RuleInput) -> list[CheckResult]:
    if not _report_form(inp):
        return []
    pairs: frozenset[tuple[str, str]] = inp.constant("EXT_ENUM")
    out = []
    for element, enumeration in sorted(pairs):
        groups: dict[tuple[Any, ...], dict[tuple[Any, ...], Fact]] = defaultdict(dict)
        # duplicates (same aspects and value) count once: the engine keeps the most precise, else the first
        facts = sorted(inp.data.by_concept.get(element, []), key=_precision_first)
        for f in facts:
            where = _location(f)
            if where is None:
                continue
            others = tuple(d for d in f.dims if d[0] != where[0])
            groups[(f.period_key, others)].setdefault((where[1], f.unit, f.value, f.nil), f)
        for group in groups.values():
            if len(group) != 1:
                continue
            [f] = group.values()
            axis, member = _location(f) or ("", "")
            value = "nil" if f.nil else f.raw
            out.append(
                CheckResult(
                    rule_id=RULE_ID,
                    sub_rule=CODE,
                    status="violation",
                    concept=f.qname,
                    reported_value=f.raw,
                    decimals=f.decimals_raw,
                    period=f.period_key,
                    dimensions=f.dim_strings,
                    unit=f.unit,
                    axis=local(axis),
                    facts=[f.used()],
                    contexts=[f.context_id] if f.context_id else [],
                    message=(
                        f"{f.qname} (value {value}, period {f.period_key}, dimensions {', '.join(f.dim_strings)}, unit "
                        f"{f.unit}, decimals {f.decimals_raw}, context {f.context_id}) is the only fact of the element on "
                        f"{local(axis)} ({member}). A location axis with one fact only says where the amount sits in the "
                        f"statements: drop the axis and state the line item with the extensible enumeration element "
                        f"{local(enumeration)} instead."
                    ),
                )
            )
    return out


FAMILY = Rule(
    key="0137",
    rule_id=RULE_ID,
    name="Location Axis With A Single Member",
    codes=(CODE,),
    check=check,
    constants=("EXT_ENUM",),
    forms=frozenset(),  # the rule reads dei:DocumentType itself (10-K, 10-Q, 20-F, 40-F and their variants)
)
