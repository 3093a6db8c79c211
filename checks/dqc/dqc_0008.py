"""DQC.US.0008 "Reversed Calculation": a calculation relationship of the filing whose parent and child are the
child and parent of a us-gaap calculation relationship with the same weight (the DQCRT constant
CALC_RELATIONSHIPS lists us-gaap's relationships as "childNamespace:child:parentNamespace:parent" with their
weight). One finding per relationship; it names the relationship, no fact."""

from __future__ import annotations

from decimal import Decimal

from auditgraph.checks.filing_data import Arc
from auditgraph.checks.result import CheckResult, RelationshipUsed
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0008"
CODE = f"{RULE}.6819"


def _ns_name(key: str) -> tuple[str, str]:
    """(namespace, local name) of a concept key ("{ns}#Name", or an extension's "{filing}|{ns}#Name")."""
    ns, _, name = key.rpartition("|")[2].rpartition("#")
    return ns, name


def reversed_key(arc: Arc) -> str:
    """The filing's relationship written the way CALC_RELATIONSHIPS writes us-gaap's, parent and child swapped."""
    (pns, pname), (cns, cname) = _ns_name(arc.source_key), _ns_name(arc.target_key)
    return f"{cns}:{cname}:{pns}:{pname}"


def check(inp: RuleInput) -> list[CheckResult]:
    known = inp.constant("CALC_RELATIONSHIPS")
    out = []
    for arc in inp.data.calc:
        if arc.source_key == arc.target_key:
            continue
        key = reversed_key(arc)
        for weight in arc.weights or (arc.weight or Decimal(1),):
            if frozenset((key, weight)) in known:
                out.append(_finding(inp, arc, weight))
    return out


def _finding(inp: RuleInput, arc: Arc, weight: Decimal) -> CheckResult:
    role = inp.data.roles.get(arc.role)
    definition = role.definition if role else arc.role
    message = (
        f"The filing calculates {arc.target} into {arc.source} (weight {weight:+}) in {definition!r}, but us-gaap "
        f"calculates {arc.source} into {arc.target}: the relationship is reversed. Check the calculation, or whether "
        f"one of the two elements is the wrong one. (DQC.US.0008.6819)"
    )
    return CheckResult(
        rule_id=RULE,
        sub_rule=CODE,
        status="violation",
        concept=arc.source,
        network=arc.role,
        network_definition=definition,
        relationships=[
            RelationshipUsed(
                type="CALC", role=arc.role, source=arc.source, target=arc.target, weight=str(weight), owner=inp.filing_id
            )
        ],
        message=message,
    )


FAMILY = Rule(
    key="0008",
    rule_id=RULE,
    name="Reversed Calculation",
    codes=(CODE,),
    check=check,
    constants=("CALC_RELATIONSHIPS",),
    forms=frozenset(),  # the DQCRT rule names no form: it runs on every filing
)
