"""DQC.US.0094: a maturity schedule's "remainder of the fiscal year" element is misused.

DQCRT MATURITY_SCHEDULE_ELEMENTS lists maturity schedules as (remainder of the fiscal year, year one, year two)
elements (lease payments, debt maturities, amortization expense, ...).

- 9526 (10-K, 10-K/A, 10-KT, 20-F, 20-F/A, 40-F, 40-F/A): a fact of a remainder-of-year element whose period ends on
  the document period end (of the first dei:DocumentPeriodEndDate fact): at a fiscal year end nothing of the year
  remains, so the amount belongs to year one. As the official engine does, the finding names the filing's
  dei:DocumentType fact; the message names the remainder fact.
- 9527 (every form): a remainder-of-year fact and a year-two fact for the same period, unit and dimensions with no
  year-one fact there (nil facts count as reported): year one should be reported, even as 0. The finding names the
  remainder fact.

Duplicate facts count once, as the engine reads them.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from typing import Any

from auditgraph.checks.dqc._common import engine_facts
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult, FactUsed
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation

RULE = "DQC.US.0094"
QUERY = "dqc.dqc_0094_document_type"
ANNUAL = frozenset(("10-K", "10-K/A", "10-KT", "20-F", "20-F/A", "40-F", "40-F/A"))
Align = tuple[str, str | None, tuple[tuple[str, str], ...]]


def local(key: str) -> str:
    return key.rsplit("#", 1)[-1]


def _date(v: Any) -> dt.date | None:
    if v is None or isinstance(v, dt.date):
        return v
    native = v.to_native() if hasattr(v, "to_native") else dt.date.fromisoformat(str(v))
    return native if isinstance(native, dt.date) else None


def check(inp: RuleInput) -> list[CheckResult]:
    schedules = sorted((remaining, one, two) for _, remaining, one, two in inp.constant("MATURITY_SCHEDULE_ELEMENTS"))
    wanted = {k for s in schedules for k in s}
    facts: dict[str, list[Fact]] = defaultdict(list)
    for f in engine_facts(f for f in inp.data.facts if f.concept_key in wanted):
        facts[f.concept_key].append(f)
    return year_end_remainders(inp, schedules, facts) + missing_year_one(schedules, facts)


def year_end_remainders(inp: RuleInput, schedules: list[tuple[str, str, str]], facts: dict[str, list[Fact]]) -> list[CheckResult]:
    """9526: remainder-of-year facts that end on the document period end of an annual report."""
    doc_types = [r for r in inp.rows(QUERY) if r["value"] in ANNUAL]
    if not doc_types:
        return []
    doc = doc_types[0]
    end = _date(doc["doc_end"])
    if end is None:
        return []
    named = FactUsed(
        fact_id=doc["fact_id"], concept=doc["concept"], value=doc["value"], decimals=None, context_id=doc["context_id"],
        period=doc["period_key"], role="fact",
    )  # fmt: skip
    out = []
    for remaining, one, _ in schedules:
        for f in sorted(facts.get(remaining, []), key=lambda f: f.fact_id):
            if f.end != end:
                continue
            out.append(
                fact_violation(
                    RULE,
                    "9526",
                    f,
                    (
                        f"{f.qname} = {f.raw if f.raw is not None else 'nil'} (context {f.context_id}, {f.period_key}"
                        f"{'; ' + ', '.join(f.dim_strings) if f.dims else ''}) ends on the document period end {end} of this "
                        f"{doc['value']}: at the fiscal year end no part of the year remains. An amount due in the coming "
                        f"year is year one: tag it {local(one)}."
                    ),
                    facts=[named],  # the official finding names the document type fact
                    contexts=[doc["context_id"]],
                )
            )
    return out


def missing_year_one(schedules: list[tuple[str, str, str]], facts: dict[str, list[Fact]]) -> list[CheckResult]:
    """9527: remainder and year two reported for an alignment without year one."""
    out = []
    for remaining, one, two in schedules:
        seconds: dict[Align, list[Fact]] = defaultdict(list)
        for f in facts.get(two, []):
            seconds[(f.period_key, f.unit, f.dims)].append(f)
        firsts = {(f.period_key, f.unit, f.dims) for f in facts.get(one, [])}
        for r in sorted(facts.get(remaining, []), key=lambda f: f.fact_id):
            at: Align = (r.period_key, r.unit, r.dims)
            if at in firsts:
                continue
            for y2 in seconds.get(at, []):
                out.append(
                    fact_violation(
                        RULE,
                        "9527",
                        r,
                        (
                            f"{r.qname} = {r.raw if r.raw is not None else 'nil'} (context {r.context_id}, {r.period_key}) and "
                            f"{y2.qname} = {y2.raw if y2.raw is not None else 'nil'} are reported, but {local(one)} is not, for "
                            "the same period, unit and dimensions. Report year one too: 0 if nothing falls due in it, or the "
                            "amount now tagged as year two if that is the year it belongs to."
                        ),
                    )
                )
    return out


FAMILY = Rule(
    key="0094",
    rule_id=RULE,
    name="Remainder of Fiscal Year Maturities",
    codes=(f"{RULE}.9526", f"{RULE}.9527"),
    check=check,
    constants=("MATURITY_SCHEDULE_ELEMENTS",),
    queries=(QUERY,),
    forms=frozenset(),  # empty: every form; 9526 keeps to the annual forms as the rule does
)
