"""DQC.US.0078 "Ownership Percentages Reported without OwnershipAxis": a fact of one of the five ownership interest
percentage elements (MinorityInterestOwnershipPercentageByParent, ...ByNoncontrollingOwners and the LLC / LP
interests) that does not carry srt:OwnershipAxis. One finding per fact (nil facts too, as the official rule reads
them)."""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0081 import engine_facts, gaap_key
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0078"
CODE = f"{RULE}.7655"
OWNERSHIP_AXIS = "OwnershipAxis"  # srt:OwnershipAxis
ELEMENTS = (
    "LimitedLiabilityCompanyLLCOrLimitedPartnershipLPManagingMemberOrGeneralPartnerOwnershipInterest",
    "MinorityInterestOwnershipPercentageByParent",
    "SubsidiaryOfLimitedLiabilityCompanyOrLimitedPartnershipOwnershipInterest",
    "LimitedLiabilityCompanyLLCOrLimitedPartnershipLPMembersOrLimitedPartnersOwnershipInterest",
    "MinorityInterestOwnershipPercentageByNoncontrollingOwners",
)


def _has_ownership_axis(f: Fact) -> bool:
    """The fact carries OwnershipAxis (the instance names dimensions by QName; the filer's prefix for srt varies,
    so the local name decides: no extension axis of that name is in use)."""
    return any(axis.rsplit(":", 1)[-1] == OWNERSHIP_AXIS for axis, _ in f.dims)


def check(inp: RuleInput) -> list[CheckResult]:
    wanted = {gaap_key(inp.year, n) for n in ELEMENTS}
    facts = engine_facts((f for f in inp.data.facts if f.concept_key in wanted), nils=True)
    return [_finding(f) for f in facts if not _has_ownership_axis(f)]


def _finding(f: Fact) -> CheckResult:
    dims = ", ".join(f.dim_strings) or "no dimensions"
    message = (
        f"{f.qname} = {f.raw if not f.nil else 'nil'} ({f.period_key}, {dims}) is an ownership percentage reported without "
        f"srt:OwnershipAxis; report it with that axis and a member naming the entity whose ownership it measures "
        f"(FASB implementation guide on dimensional modeling of noncontrolling interests). (DQC.US.0078.7655)"
    )
    return CheckResult(
        rule_id=RULE,
        sub_rule=CODE,
        status="violation",
        concept=f.qname,
        reported_value=f.raw,
        decimals=f.decimals_raw,
        period=f.period_key,
        dimensions=f.dim_strings,
        unit=f.unit,
        facts=[f.used()],
        contexts=[f.context_id] if f.context_id else [],
        message=message,
    )


FAMILY = Rule(
    key="0078",
    rule_id=RULE,
    name="Ownership Percentages Reported without OwnershipAxis",
    codes=(CODE,),
    check=check,
    forms=frozenset(),  # the DQCRT rule names no form: it runs on every filing
)
