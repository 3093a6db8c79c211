"""DQC.US.0041: the filing changes the default member that the us-gaap taxonomy gives a base axis.

For each dimension-default arc of the filing whose (axis, default) pair is not one of the taxonomy's defaults
(the DQCRT constant TAXONOMY_DEFAULTS), when the axis is a base-taxonomy axis that TAXONOMY_DEFAULTS gives a default,
one finding names the axis, the taxonomy's default, the filing's default and the role that declares it. It names no
fact. The official rule set runs it on every form.
"""

from __future__ import annotations

from auditgraph.checks.filing_data import Arc
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0041"
CODE = f"{RULE_ID}.73"


def plain_key(key: str) -> str:
    """A concept key without the filing prefix an extension's key carries ("{ns}#{name}")."""
    return key.split("|", 1)[-1]


def check(inp: RuleInput) -> list[CheckResult]:
    taxonomy: dict[str, set[str]] = {}
    for pair in inp.constant("TAXONOMY_DEFAULTS"):
        axis, member = pair
        taxonomy.setdefault(axis, set()).add(member)
    first: dict[tuple[str, str], Arc] = {}
    for a in sorted((a for a in inp.data.defs if a.arc == "dimension-default"), key=lambda a: (a.role, a.order or 0.0)):
        first.setdefault((plain_key(a.source_key), plain_key(a.target_key)), a)
    out = []
    for (axis, member), arc in first.items():
        base = "|" not in arc.source_key  # an extension axis carries the filing prefix in its key
        if not base or axis not in taxonomy or member in taxonomy[axis]:
            continue
        role = inp.data.roles.get(arc.role)
        where = role.definition if role else arc.role
        expected = ", ".join(sorted(m.rpartition("#")[2] for m in taxonomy[axis]))
        msg = (
            f"The filing makes {arc.target} the default member of {arc.source} (role {where!r}), but the us-gaap "
            f"taxonomy's default for that axis is {expected}. An extension taxonomy must not change the default of a "
            f"base axis (SEC staff interpretations and FAQs, question E.16); keep the taxonomy's default."
        )
        out.append(
            CheckResult(
                rule_id=RULE_ID,
                sub_rule=CODE,
                status="violation",
                concept=arc.source,
                network=arc.role,
                network_definition=role.definition if role else None,
                message=msg,
            )
        )
    return out


FAMILY = Rule(
    key="0041",
    rule_id=RULE_ID,
    name="Axis Default Changed in the Extension",
    codes=(CODE,),
    check=check,
    constants=("TAXONOMY_DEFAULTS",),
    forms=frozenset(),  # empty: every form (the official rule set names none for this rule)
)
