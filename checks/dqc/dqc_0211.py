"""DQC.US.0211: an extensible enumeration names the statement line of an amount the filing does not report.

DQCRT EXT_ENUM pairs a statement element (OperatingLeaseLiabilityCurrent, DerivativeGainLoss..., GoodwillImpairmentLoss,
...) with the extensible-enumeration element that says on which statement line its amount is included. A fact of the
enumeration element is a finding (DQC.US.0211.10735, naming that fact) when the filing reports, for the same period
and the same dimensions, no fact of the statement element and none of the elements us-gaap calculates below it (nil
facts count as reported; any unit). The two income tax examination elements are not checked. us-gaap's calculation
descendants come from the networks of the filing's us-gaap year; when that release has none loaded, the rule
reports not_evaluable instead of guessing.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from auditgraph.checks.dqc._common import descendants
from auditgraph.checks.result import CheckResult, FactUsed
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0211"
ENUM_QUERY = "dqc.dqc_0211_enum_facts"
BASE_QUERY = "dqc.dqc_0211_usgaap_calc"
SKIPPED = ("IncomeTaxExaminationInterestExpense", "IncomeTaxExaminationPenaltiesExpense")


def local(key: str) -> str:
    return key.rsplit("#", 1)[-1]


def usgaap_descendants(arcs: list[Any], top: str) -> set[str]:
    """us-gaap calculation descendants of `top`, network by network."""
    nets: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for a in arcs:
        nets[a["role"]][a["parent_key"]].append(a["child_key"])
    return descendants(nets, top)


def check(inp: RuleInput) -> list[CheckResult]:
    pairs = sorted((fs, enum) for fs, enum in inp.constant("EXT_ENUM") if local(fs) not in SKIPPED)
    enum_facts = inp.rows(ENUM_QUERY, keys=sorted({e for _, e in pairs}))
    if not enum_facts:
        return []
    # where the filing reports each element: (period, dimensions); nil facts count, the unit does not
    reported: dict[str, set[tuple[str, frozenset[str]]]] = defaultdict(set)
    for f in inp.data.facts:
        reported[f.concept_key].add((f.period_key, frozenset(f.dim_strings)))
    by_enum: dict[str, list[Any]] = defaultdict(list)
    for r in enum_facts:
        by_enum[r["concept_key"]].append(r)
    tops = sorted({fs for fs, e in pairs if e in by_enum})
    base = inp.rows(BASE_QUERY, tops=tops)[0]
    out: list[CheckResult] = []
    for fs, enum in pairs:
        for r in by_enum.get(enum, []):
            at = (r["period_key"], frozenset(r["dims"]))
            if at in reported.get(fs, set()):
                continue
            if not base["has_calc"]:
                reason = (
                    f"{RULE} needs the calculation networks of {base['release']} to look for the elements below {local(fs)}, "
                    "which are not loaded (the package holds no calculation linkbase); load the official us-gaap package of that year"
                )
                return [
                    CheckResult(rule_id=RULE, sub_rule=f"{RULE}.10735", status="not_evaluable", reason=reason, message=reason)
                ]
            below = usgaap_descendants(base["arcs"], fs)
            if any(at in reported.get(c, set()) for c in below):
                continue
            out.append(finding(r, fs))
    return out


def finding(r: Any, fs: str) -> CheckResult:
    dims = list(r["dims"])
    where = f"context {r['context_id']}, {r['period_key']}" + (f", dimensions {', '.join(dims)}" if dims else "")
    line = (r["value"] or "").rsplit("#", 1)[-1] or "nil"
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.10735",
        status="violation",
        concept=r["concept"],
        reported_value=r["value"],
        period=r["period_key"],
        dimensions=dims,
        facts=[
            FactUsed(
                fact_id=r["fact_id"],
                concept=r["concept"],
                value=r["value"],
                decimals=None,
                context_id=r["context_id"],
                period=r["period_key"],
                dimensions=dims,
                role="fact",
            )
        ],  # fmt: skip
        contexts=[r["context_id"]] if r["context_id"] else [],
        message=(
            f"{r['concept']} ({where}) says the amount of {local(fs)} is included in the statement line {line}, but the filing "
            f"reports no {local(fs)} (nor any element us-gaap calculates below it) for that period and those dimensions. "
            f"Report {local(fs)} with the same period and dimensions as the enumeration, or remove the enumeration fact."
        ),
    )


FAMILY = Rule(
    key="0211",
    rule_id=RULE,
    name="Extensible Enumeration Without Its Amount",
    codes=(f"{RULE}.10735",),
    check=check,
    constants=("EXT_ENUM",),
    queries=(ENUM_QUERY, BASE_QUERY),
    forms=frozenset(),  # empty: every form (the official rule names none)
)
