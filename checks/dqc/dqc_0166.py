"""DQC.US.0166: a dimensional fact that no hypercube (dimensional table) of the filing holds.

Read as the official engine reads cubes (checks/dqc/dqc_0150.Networks): an element "is in a cube" when at least one
of its facts is valid in some cube of the filing (a primary item of the cube; on each of the cube's axes a member of
its tree, or no member when the axis default is in the tree; on a closed cube no other axis). Every fact with
dimensions of an element that is in no cube that way is one finding, except facts on the typed axis
RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis, on an ecd 2024 or spac 2025 axis,
and of the extension element TrdArrExpirationDate; the ecd/spac axes left out are those of the rule set's year.
Proxy statements (PRE/DEF 14A, DEF 14C) are skipped, and from 2024 SD and 485BPOS too. A filing with a nil
extensible-enumeration fact is not evaluable: the official engine's rule stops on it (as it does on DBD_Q2_2023).

The official engine names the filing's dei:DocumentType fact in each finding (the first fact its rule reads), so
the finding does too; the message, concept, value, period and dimensions are those of the dimensional fact.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from auditgraph.checks.dqc.dqc_0150 import ARCS_QUERY, Cube, Networks, read_arcs
from auditgraph.checks.dqc.dqc_0161 import FACTS_QUERY
from auditgraph.checks.result import CheckResult, FactUsed
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0166"
CODE = f"{RULE_ID}.10090"
PROXY_FORMS = frozenset(("PRE-14A", "PRE 14A", "DEF-14A", "DEF 14A", "DEF-14C", "DEF 14C"))
SKIPPED_FORMS = {
    2023: PROXY_FORMS,
    2024: PROXY_FORMS | {"SD", "2.01 SD", "485BPOS"},
    2025: PROXY_FORMS | {"SD", "2.01 SD", "485BPOS"},
}
TYPED_AXIS_EXCLUDED = "RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis"
AXIS_NAMESPACES_EXCLUDED = {  # each year's rule set leaves out the axes of its own ecd (and spac) release
    2023: ("http://xbrl.sec.gov/ecd/2023",),
    2024: ("http://xbrl.sec.gov/ecd/2024",),
    2025: ("http://xbrl.sec.gov/ecd/2025", "http://xbrl.sec.gov/spac/2025"),
}
CONCEPT_EXCLUDED = "TrdArrExpirationDate"  # an extension element the rule leaves out


@dataclass(frozen=True)
class AnyFact:
    """A fact of any type (dqc.dqc_0161_facts)."""

    fact_id: str
    concept_key: str
    qname: str
    extension: bool
    item_type: str | None
    nil: bool
    value: str | None
    decimals: str | None
    unit: str | None
    context_id: str | None
    period: str
    dims: tuple[str, ...]
    axis_keys: tuple[str, ...]

    @cached_property  # read for every cube a fact is tested against: computed once per fact
    def local_dims(self) -> dict[str, str]:
        """axis local name -> member local name ("typed:..." for a typed member)."""
        out = {}
        for d in self.dims:
            axis, _, member = d.partition("=")
            out[axis.rpartition(":")[2]] = member if member.startswith("typed:") else member.rpartition(":")[2]
        return out

    def used(self) -> FactUsed:
        return FactUsed(
            fact_id=self.fact_id,
            concept=self.qname,
            value=self.value,
            decimals=self.decimals,
            context_id=self.context_id,
            period=self.period,
            dimensions=list(self.dims),
            unit=self.unit,
        )


def read_facts(inp: RuleInput) -> list[AnyFact]:
    """Every fact of the filing, from the facts query 0161 and 0189 read too (one read per filing). A record unpacks by
    position (the query's column order): by-name access costs as much as the query on large filings."""
    rows: list[Any] = inp.rows(FACTS_QUERY)
    return [
        AnyFact(fid, ck, qn, bool(ext), it, bool(nil), val, dec, unit, cid, period, tuple(dims), tuple(a["axis"] for a in axes))
        for fid, ck, qn, val, nil, dec, unit, cid, period, dims, axes, ext, it in rows
    ]


def held_facts(nets: Networks, facts: list[AnyFact]) -> set[str]:
    """The ids of the facts some cube of the filing holds (Networks.in_cube), testing each (element, dimensions) once
    against only the cubes whose primary items include the element (in_cube is false for the others)."""
    by_primary: dict[str, list[Cube]] = defaultdict(list)
    for c in nets.cubes:
        for p in c.primaries:
            by_primary[p].append(c)
    verdicts: dict[tuple[str, tuple[tuple[str, str], ...]], bool] = {}
    held = set()
    for f in facts:
        cubes = by_primary.get(f.concept_key)
        if not cubes:
            continue
        key = (f.concept_key, tuple(sorted(f.local_dims.items())))
        verdict = verdicts.get(key)
        if verdict is None:
            verdict = verdicts[key] = any(nets.in_cube(c, f.concept_key, f.local_dims) for c in cubes)
        if verdict:
            held.add(f.fact_id)
    return held


def is_nil_enumeration_set(f: AnyFact) -> bool:
    return f.nil and bool(f.item_type) and "enumerationSet" in (f.item_type or "")


def excluded(f: AnyFact, year: int) -> bool:
    if TYPED_AXIS_EXCLUDED in f.local_dims:
        return True
    if any(k.rpartition("#")[0] in AXIS_NAMESPACES_EXCLUDED.get(year, ()) for k in f.axis_keys):
        return True
    return f.extension and f.qname.rpartition(":")[2] == CONCEPT_EXCLUDED


def check(inp: RuleInput) -> list[CheckResult]:
    year = inp.year or 0
    if (inp.data.document_type or "") in SKIPPED_FORMS.get(year, PROXY_FORMS):
        return []
    facts = read_facts(inp)
    nets = Networks(inp.data, read_arcs(inp))
    held = held_facts(nets, facts)
    in_cubes = {f.concept_key for f in facts if f.fact_id in held}
    # The official engine stops this rule when a fact it reads (one a cube holds, or one of an element no cube holds)
    # is a nil extensible enumeration (its value is no set); the rule then reports nothing, so neither do we.
    stopper = next((f for f in facts if is_nil_enumeration_set(f) and (f.fact_id in held or f.concept_key not in in_cubes)), None)
    if stopper is not None:
        reason = (
            f"the official rule cannot evaluate this filing: its fact {stopper.fact_id} of {stopper.qname} (context "
            f"{stopper.context_id}) is a nil extensible enumeration, which stops the official engine's rule"
        )
        return [
            CheckResult(
                rule_id=RULE_ID, sub_rule=RULE_ID, status="not_evaluable", reason=reason, concept=stopper.qname, message=reason
            )
        ]
    doc = next((f for f in facts if f.qname.rpartition(":")[2] == "DocumentType" and not f.dims), None)
    out = []
    for f in facts:
        if not f.dims or f.concept_key in in_cubes or excluded(f, year):
            continue
        dims = ", ".join(f.dims)
        msg = (
            f"The fact {f.qname} = {f.value if f.value is not None else 'nil'} (context {f.context_id}, period {f.period}"
            f"{', unit ' + f.unit if f.unit else ''}) has the dimensions {dims}, but no dimensional table (hypercube) of the "
            f"filing holds {f.qname} with them. Put every dimensional fact in a hypercube of its element."
        )
        named = doc if doc is not None else f  # the engine names the DocumentType fact
        out.append(
            CheckResult(
                rule_id=RULE_ID,
                sub_rule=CODE,
                status="violation",
                concept=f.qname,
                reported_value=f.value,
                decimals=f.decimals,
                period=f.period,
                dimensions=list(f.dims),
                unit=f.unit,
                facts=[named.used()],
                contexts=[f.context_id or ""],
                message=msg,
            )
        )
    return out


FAMILY = Rule(
    key="0166",
    rule_id=RULE_ID,
    name="Dimensional Facts Not in a Hypercube",
    codes=(CODE,),
    check=check,
    queries=(FACTS_QUERY, ARCS_QUERY),
    forms=frozenset(),  # empty: every form; the proxy and SD forms the rule skips are skipped in check
)
