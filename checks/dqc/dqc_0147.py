"""DQC.US.0147 "Elimination Member With the Sign of the Consolidated Total": an amount on ConsolidationItemsAxis with
ConsolidationEliminationsMember normally has the opposite sign of the consolidated amount it is eliminated from.

Official logic (DQCRT 27): each non-nil, non-zero fact of an element of DQCRT NON_NEG_ITEMS with
srt:ConsolidationItemsAxis = srt:ConsolidationEliminationsMember, unless another member, axis or member pair marks it as
an adjustment (the non-negative exclusions; "eliminat" and "consolidat" are dropped from the substrings, since the member
itself has them), compared with each non-nil, non-zero fact of the same element, period, unit and other dimensions
without ConsolidationItemsAxis. Same sign: a finding about the elimination fact. The compiled rule set has no form test.
"""

from __future__ import annotations

from collections import defaultdict

from auditgraph.checks.dqc.dqc_0108 import Exclusions
from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, violation
from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0147"
CODE = f"{RULE}.9871"
AXIS = "ConsolidationItemsAxis"
ELIMINATIONS = "ConsolidationEliminationsMember"
CONSTANTS = (
    "NON_NEG_ITEMS",
    "EXCLUDE_NON_NEG_STRING_MEMBERS",
    "EXCLUDE_NON_NEG_MEMBERS",
    "EXCLUDE_NON_NEG_AXIS",
    "EXCLUDE_NON_NEG_AXIS_MEMBERS",
)
Key = tuple[str, str, str | None, tuple[tuple[str, str], ...]]


def _axis(f: Fact) -> tuple[str, str] | None:
    return next(((a, m) for a, m in f.dims if local(a) == AXIS and a.startswith("srt:")), None)


def _sign(f: Fact) -> int:
    return 1 if f.amount > 0 else -1


def check(inp: RuleInput) -> list[CheckResult]:
    listed = set(inp.constant("NON_NEG_ITEMS"))
    ex = Exclusions(inp)
    ex.substrings = frozenset(ex.substrings - {"eliminat", "consolidat"})
    totals: dict[Key, list[Fact]] = defaultdict(list)
    elims: list[Fact] = []
    for key, facts in engine_facts(inp.data).items():
        for f in facts:
            if f.value is None or f.value == 0:
                continue
            on_axis = _axis(f)
            if on_axis is None:
                totals[(key, f.period_key, f.unit, f.dims)].append(f)
            elif key in listed and local(on_axis[1]) == ELIMINATIONS and ex.keeps(f):
                elims.append(f)
    out = []
    for f in elims:
        rest = tuple(d for d in f.dims if local(d[0]) != AXIS)
        for total in totals.get((f.concept_key, f.period_key, f.unit, rest), []):
            if _sign(total) == _sign(f):
                msg = (
                    f"{f.qname} is {f.raw} with the eliminations member ({described(f)}) and {total.raw} without "
                    f"{AXIS} (context {total.context_id}): both have the same sign. An elimination normally reduces "
                    "the consolidated amount; check the sign of the elimination value."
                )
                out.append(violation(RULE, CODE, f, msg))
    return out


FAMILY = Rule(
    key="0147",
    rule_id=RULE,
    name="Elimination Member With the Sign of the Consolidated Total",
    codes=(CODE,),
    check=check,
    constants=CONSTANTS,
    forms=frozenset(),  # the compiled official rule names no form: every form
)
