"""DQC.US.0015 "Negative Values": listed concepts must not be reported negative.

Official logic (docs/dqc.md): form guard; every non-nil numeric fact of a listed concept with a
raw value < 0 (any unit, any period, no tolerance) is an error unless it is dimensional and one
of its dimensions is excluded (member substring, member, axis, or axis/member pair).

Coverage: "expanded" = the full official list (default). "limited" = the official list minus
credit-balance concepts, the paper's limited checker (credit-balance concepts may legitimately be
negative, e.g. accumulated deficit).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from auditgraph.checks.filing_data import Fact, FilingData, load_filing_data, local, read_records
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rule_data import LIST_YEARS, SignExclusions, applies_to_form, sign_exclusions, sign_list
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import fmt
from auditgraph.errors import ConfigError
from auditgraph.graph import Graph

RULE = "DQC.US.0015"
Coverage = Literal["expanded", "limited"]


def excluded_by(fact: Fact, ex: SignExclusions) -> str | None:
    """Why a negative dimensional fact is allowed, or None when no exclusion applies."""
    for axis, member in fact.dims:
        a, typed = local(axis), member.startswith("typed:")
        if a in ex.axes:
            return f"axis {axis} is excluded"
        if typed:
            continue
        m = local(member)
        low = m.lower()
        for s in ex.substrings:
            if s in low:
                return f"member {member} contains {s!r}"
        if m in ex.members:
            return f"member {member} is excluded"
        if (a, m) in ex.pairs:
            return f"{axis}={member} is an excluded axis/member pair"
    return None


def exclusions(graph: Graph, year: int) -> tuple[SignExclusions, str]:
    """The 0015 exclusions: member and axis lists from the loaded dqcrules taxonomy when it has them."""
    shipped = sign_exclusions(year)
    rows = read_records(graph, "checks.dqc_lists", rule_id=RULE, release=f"us-gaap/{year}")
    members = {r["name"] for r in rows if r["list"] == "ExcludeNonNegMembers"}
    axes = {r["name"] for r in rows if r["list"] == "ExcludeNonNegAxis"}
    if not members and not axes:
        return shipped, "shipped constants"
    return SignExclusions(
        shipped.substrings,
        frozenset(members) or shipped.members,
        frozenset(axes | {"IncomeTaxEffectChangeInLawAxis"}) if axes else shipped.axes,
        shipped.pairs,
    ), f"dqcrules taxonomy us-gaap/{year}"


def _not_evaluable(reason: str, concept: str | None = None, sub_rule: str = RULE) -> list[CheckResult]:
    return [CheckResult(rule_id=RULE, sub_rule=sub_rule, status="not_evaluable", reason=reason, concept=concept, message=reason)]


def check_sign(
    graph: Graph,
    filing_id: str,
    concept: str | None = None,
    coverage: Coverage = "expanded",
    period: str | None = None,
    data: FilingData | None = None,
) -> list[CheckResult]:
    """One result per fact of a listed concept (ok / violation); not_evaluable with the reason otherwise."""
    data = data or load_filing_data(graph, filing_id)
    if refusal := data.refusal(RULE, RULE, concept):
        return [refusal]
    form = data.document_type
    if not applies_to_form("0015", form):
        return _not_evaluable(f"DQC.US.0015 does not run on DocumentType {form!r} (official rule-form-lookup)", concept)
    if data.us_gaap_year is None:
        return _not_evaluable(f"filing {filing_id!r} has no us-gaap year; its taxonomy year decides the concept list", concept)
    try:
        lst = sign_list(data.us_gaap_year)
    except ConfigError as exc:
        return _not_evaluable(str(exc), concept)
    ex, _ = exclusions(graph, data.us_gaap_year)
    gaap: dict[str, Any] = dict(list_file=lst.usgaap.name, list_version=lst.usgaap.version)
    out: list[CheckResult] = []
    seen_concept = False
    for f in data.facts:
        if concept and not f.matches(concept):
            continue
        if period and f.period_key != period:
            continue
        seen_concept = True
        hit = lst.lookup(f.namespace, f.name)
        if hit is None or (coverage == "limited" and f.balance == "credit"):
            continue
        eid, listed_in = hit
        sub = f"{RULE}.{eid}"
        base: dict[str, Any] = dict(
            rule_id=RULE,
            sub_rule=sub,
            concept=f.qname,
            reported_value=f.raw,
            period=f.period_key,
            dimensions=f.dim_strings,
            unit=f.unit,
            facts=[f.used()],
            contexts=[f.context_id or f.context_key],
            list_file=listed_in.name,
            list_version=listed_in.version,
        )
        if f.nil:
            if concept:  # only worth saying when someone asked about this concept
                out.append(CheckResult(status="not_evaluable", reason="nil fact: no value to test", **base))
            continue
        if f.value is None:
            out.append(CheckResult(status="not_evaluable", reason=f"value {f.raw!r} is not a number", **base))
            continue
        if f.value >= 0:
            out.append(CheckResult(status="ok", expected_value=f.raw, **base))
            continue
        why = excluded_by(f, ex) if f.dims else None
        if why:
            out.append(CheckResult(status="ok", reason=f"negative value allowed: {why}", expected_value=f.raw, **base))
            continue
        dims = ", ".join(f.dim_strings) or "none"
        msg = (
            f"The concept {f.qname} with a value of {f.raw} is negative. This element should not have a negative "
            f"value; use a negated label to display it as negative. Period: {f.period_key}; dimensions: {dims}; "
            f"unit: {f.unit}. Rule Element Id: {eid}."
        )
        out.append(
            CheckResult(
                status="violation", expected_value=fmt(-f.value), difference=fmt(f.value * 2), tolerance="0", message=msg, **base
            )
        )
    if concept and not out:
        if not seen_concept:
            when = f" for period {period}" if period else ""
            return _not_evaluable(f"no facts of {concept}{when} in filing {filing_id!r}", concept)
        which = "limited (debit-balance) " if coverage == "limited" else ""
        files = ", ".join(f"{lf.name} ({lf.version})" for lf in lst.files)
        return [
            replace(r, **gaap)
            for r in _not_evaluable(
                f"{concept} is not on the {which}DQC.US.0015 list for us-gaap {data.us_gaap_year} ({files})", concept
            )
        ]
    return out


def _family_check(inp: RuleInput) -> list[CheckResult]:
    s = inp.scope
    return check_sign(inp.graph, inp.filing_id, s.concept, s.coverage, s.period, data=inp.data)


FAMILY = Rule(
    key="0015",
    rule_id=RULE,
    name="Negative Values",
    codes=(f"{RULE}.<element id>",),  # one code per listed element (dqc_data lists)
    check=_family_check,
    years=LIST_YEARS,
    forms=frozenset(),  # check_sign applies the official form lookup itself, with its own reason
    scoped=True,
)
