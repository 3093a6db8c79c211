"""DQC.US.0196 "Opening and Closing Balances on the Statement of Shareholders Equity".

Official logic (dqc_us_rules DQC_0196, compiled rule set 27): an instant fact reported with a member of
StatementEquityComponentsAxis stands for an opening or closing balance of that equity column, which the statement
should tag with a total-equity element (StockholdersEquity, PartnersCapital, MembersEquity, ...: the sub-rule's
exclusion list), not with a specific one (CommonStockValue, RetainedEarningsAccumulatedDeficit, MinorityInterest, ...).
Each sub-rule takes the non-nil facts, value != 0, of an instant concept outside its exclusion list with its members
(further dimensions allowed):

- 10628 CommonStockMember and 10629 PreferredStockMember: monetary concepts only, and only facts that belong to a
  statement cube of the equity statement (a "- Statement -" role whose hypercube has the axis; XDT membership as the
  engine computes it); no statement cube at all: the sub-rule does not run.
- 10630 retained-earnings members, 10632 AdditionalPaidInCapitalMember, 10633 the AOCI members (constant
  AOCI_MEMBERS), 10635 the noncontrolling-interest members (constant NCI): any instant concept.
- 10631 treasury members: monetary concepts.

An extension concept is not reported when the filing also reports a standard exclusion-list element with the same
members in a statement equity cube, aligned with it (same period, unit and other dimensions): the extension then
carries something else than the balance.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from auditgraph.checks.dqc.dqc_0195 import (
    AXIS,
    COMMON,
    RETAINED,
    TREASURY,
    Index,
    described,
    engine_facts,
    member_on,
    nonzero,
    other_dims,
    qname_of_key,
    us_gaap_key,
    violation,
)
from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rule_data import family, split_key
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0196"
DEF_FLAGS = "dqc.dqc_0196_def_flags"

BALANCES = (
    "StockholdersEquity",
    "PartnersCapital",
    "PartnersCapitalIncludingPortionAttributableToNoncontrollingInterest",
    "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
)
TEMPORARY_AND_MEMBERS = (
    "TemporaryEquityCarryingAmountAttributableToParent",
    "TemporaryEquityCarryingAmountIncludingPortionAttributableToNoncontrollingInterests",
    "MembersEquity",
    "MembersCapital",
    "LimitedLiabilityCompanyLlcMembersEquityIncludingPortionAttributableToNoncontrollingInterest",
)
PREFERRED = ("PreferredStockValue", "PreferredStockValueOutstanding")
EXCLUDED_COMMON = BALANCES + TEMPORARY_AND_MEMBERS  # 10628, 10629
EXCLUDED = BALANCES + PREFERRED + TEMPORARY_AND_MEMBERS  # 10630, 10632, 10635
EXCLUDED_TREASURY = ("StockholdersEquity", "PartnersCapitalAccountUnits") + BALANCES[1:] + PREFERRED + TEMPORARY_AND_MEMBERS
EXCLUDED_AOCI = EXCLUDED + (
    "AccumulatedOtherComprehensiveIncomeLossBeforeTax1",
    "AociIncludingPortionAttributableToNoncontrollingInterestTax",
    "AociBeforeTaxAttributableToParent",
    "AociTaxAttributableToParent",
)


@dataclass(frozen=True)
class SubRule:
    number: int
    column: str  # how messages name the equity column
    members: Callable[[RuleInput], frozenset[str]]
    excluded: tuple[str, ...]
    monetary_only: bool
    statement_cube_only: bool  # 10628/10629: the fact must sit in a statement equity cube


def _fixed(*members: str) -> Callable[[RuleInput], frozenset[str]]:
    return lambda _inp: frozenset(members)


def _constant(name: str) -> Callable[[RuleInput], frozenset[str]]:
    return lambda inp: frozenset(qname_of_key(k) for k in inp.constant(name))


SUB_RULES = (
    SubRule(10628, "common stock", _fixed(COMMON), EXCLUDED_COMMON, True, True),
    SubRule(10629, "preferred stock", _fixed("us-gaap:PreferredStockMember"), EXCLUDED_COMMON, True, True),
    SubRule(10630, "retained earnings", _fixed(*RETAINED), EXCLUDED, False, False),
    SubRule(10631, "treasury stock", _fixed(*TREASURY), EXCLUDED_TREASURY, True, False),
    SubRule(10632, "additional paid-in capital", _fixed("us-gaap:AdditionalPaidInCapitalMember"), EXCLUDED, False, False),
    SubRule(10633, "accumulated other comprehensive income", _constant("AOCI_MEMBERS"), EXCLUDED_AOCI, False, False),
    SubRule(10635, "noncontrolling interest", _constant("NCI"), EXCLUDED, False, False),
)


# --- XDT cubes as the official engine builds them ------------------------------------------------------------------


@dataclass
class Cube:
    """One dimensional relationship set: a hypercube in a role, its primary items and its dimensions."""

    role: str
    hypercube: str
    primaries_all: set[str] = field(default_factory=set)  # concept keys
    primaries_not_all: set[str] = field(default_factory=set)
    closed: dict[str, bool] = field(default_factory=dict)  # primary concept key -> its has-hypercube arc is closed
    members: dict[str, dict[str, bool]] = field(default_factory=dict)  # axis local name -> member local name -> usable

    def holds(self, fact: Fact, defaults: dict[str, str], primaries: set[str]) -> bool:
        """XDT validity of the fact in this cube (the engine's rule: each cube dimension has a usable member, or the
        fact leaves it to its default when the default is a usable member; a closed cube admits no other dimension)."""
        if fact.concept_key not in primaries:
            return False
        dims = {local(a): m for a, m in fact.dims}
        for axis, members in self.members.items():
            member = dims.get(axis)
            if member is None:
                default = defaults.get(axis)
                if default is None or not members.get(default, False):
                    return False
            elif not member.startswith("typed:") and not members.get(local(member), False):
                return False
        return not (self.closed.get(fact.concept_key) and set(dims) - set(self.members))


@dataclass(frozen=True)
class DefArc:
    role: str
    arc: str
    source_key: str
    source: str
    target_key: str
    target: str
    target_role: str | None
    closed: bool
    usable: bool


class Cubes:
    """The filing's cubes and dimension defaults from its definition arcs (`def_arcs`)."""

    def __init__(self, arcs: Iterable[DefArc]) -> None:
        self.children: dict[tuple[str, str, str], list[DefArc]] = defaultdict(list)  # (arc, role, source key) -> arcs
        self.defaults: dict[str, str] = {}  # axis local -> default member local (every role: the engine's rule)
        has_hypercube: dict[tuple[str, str], list[DefArc]] = defaultdict(list)
        for a in arcs:
            self.children[(a.arc, a.role, a.source_key)].append(a)
            if a.arc == "dimension-default":
                self.defaults[local(a.source)] = local(a.target)
            elif a.arc in ("all", "notAll"):
                has_hypercube[(a.role, a.target_key)].append(a)
        self.cubes = [self._cube(role, hc, rels) for (role, hc), rels in has_hypercube.items()]

    def _cube(self, role: str, hypercube_key: str, rels: list[DefArc]) -> Cube:
        cube = Cube(role, rels[0].target)
        for rel in rels:
            positive = rel.arc == "all"
            primaries = cube.primaries_all if positive else cube.primaries_not_all
            primaries.add(rel.source_key)
            cube.closed[rel.source_key] = rel.closed
            seen: set[str] = set()
            for child in self._walk("domain-member", rel.role, rel.source_key, seen):
                primaries.add(child.target_key)
                cube.closed[child.target_key] = rel.closed
            for hd in self.children.get(("hypercube-dimension", rel.target_role or rel.role, hypercube_key), []):
                members = cube.members.setdefault(local(hd.target), {})
                dim_role = hd.target_role or hd.role
                for dd in self.children.get(("dimension-domain", dim_role, hd.target_key), []):
                    members[local(dd.target)] = dd.usable
                    for dm in self._walk("domain-member", dd.target_role or dim_role, dd.target_key, {dd.target_key}):
                        members[local(dm.target)] = dm.usable
        return cube

    def _walk(self, arc: str, role: str, source_key: str, seen: set[str]) -> list[DefArc]:
        """Domain-member descendants, following target roles, each concept once (as the engine traverses)."""
        out = []
        for a in self.children.get((arc, role, source_key), []):
            if a.target_key in seen:
                continue
            seen.add(a.target_key)
            out.append(a)
            out += self._walk(arc, a.target_role or role, a.target_key, seen)
        return out

    def facts_in(self, cube: Cube, facts: Iterable[Fact]) -> set[str]:
        """Fact ids in the cube: valid for an 'all' primary, not excluded by a 'notAll' cube of the same role."""
        inside = {f.fact_id for f in facts if cube.holds(f, self.defaults, cube.primaries_all)}
        for other in self.cubes:
            if other.role == cube.role and other.primaries_not_all:
                inside -= {f.fact_id for f in facts if other.holds(f, self.defaults, other.primaries_not_all)}
        return inside


def def_arcs(inp: RuleInput) -> list[DefArc]:
    """The filing's definition arcs (FilingData.defs, already read) with the closed and usable flags. Only the arcs
    whose flags are not the defaults (closed false, usable true) are read here: re-reading every arc of a filing with
    its flags cost more than the rule itself."""
    flags = {
        (r["role"], r["arc"], r["source_key"], r["target_key"], r["target_role"], r["order"]): (r["closed"], r["usable"])
        for r in inp.rows(DEF_FLAGS)
    }
    out = []
    for a in inp.data.defs:
        closed, usable = flags.get((a.role, a.arc, a.source_key, a.target_key, a.target_role, a.order), (False, True))
        out.append(DefArc(a.role, a.arc or "", a.source_key, a.source, a.target_key, a.target, a.target_role, closed, usable))
    return out


# --- the rule -----------------------------------------------------------------------------------------------------


def is_extension(fact: Fact) -> bool:
    """Not a us-gaap element (the official test: the concept is not in the us-gaap taxonomy)."""
    return family(split_key(fact.concept_key)[0]) != "us-gaap"


def statement_equity_cubes(inp: RuleInput, cubes: Cubes) -> list[Cube]:
    roles = inp.data.roles
    return [
        c for c in cubes.cubes if c.role in roles and "- Statement -" in roles[c.role].definition and local(AXIS) in c.members
    ]


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    # every sub-rule is about facts with a member on the axis: the rest of the filing is never looked at
    on_axis = [f for facts in index.values() for f in facts if member_on(f, AXIS) is not None]
    cubes = Cubes(def_arcs(inp))
    she = statement_equity_cubes(inp, cubes)
    in_she: set[str] = set()
    for cube in she:
        in_she |= cubes.facts_in(cube, on_axis)
    names = sorted({inp.data.roles[c.role].definition for c in she})
    out = []
    for sub in SUB_RULES:
        if sub.statement_cube_only and not she:
            continue
        out += _sub_rule(inp, sub, index, on_axis, in_she, names)
    return out


def _sub_rule(
    inp: RuleInput, sub: SubRule, index: Index, on_axis: list[Fact], in_she: set[str], names: list[str]
) -> list[CheckResult]:
    members = sub.members(inp)
    excluded = {us_gaap_key(inp.year, n) for n in sub.excluded}
    # the standard balances reported with these members in a statement equity cube, by alignment
    standard = {
        (f.period_key, f.unit, other_dims(f, AXIS))
        for key in excluded
        for f in index.get(key, [])
        if not f.nil and member_on(f, AXIS) in members and f.fact_id in in_she
    }
    code = f"{RULE_ID}.{sub.number}"
    out = []
    for f in on_axis:
        if f.concept_key in excluded or f.nil or member_on(f, AXIS) not in members or f.kind != "instant" or not nonzero(f):
            continue
        if sub.monetary_only and not f.monetary:
            continue
        if sub.statement_cube_only and f.fact_id not in in_she:
            continue
        extension = is_extension(f)
        if extension and (f.period_key, f.unit, other_dims(f, AXIS)) in standard:
            continue
        out.append(violation(RULE_ID, code, f, _message(f, sub, names, extension)))
    return out


def _message(f: Fact, sub: SubRule, names: list[str], extension: bool) -> str:
    where = f" in the statement {'; '.join(names)}" if sub.statement_cube_only and names else ""
    text = (
        f"{f.qname} is reported as {f.raw} with {member_on(f, AXIS)} on {AXIS}{where} ({described(f)}). An instant "
        f"value in an equity column stands for the opening or closing balance of the {sub.column} column, which should "
        f"be tagged with a total-equity element ({', '.join(sub.excluded[:4])}, ...), not with {f.name}: remove the "
        "member from this fact or tag the balance with one of those elements."
    )
    if extension:
        text += (
            " This is an extension element: if it stands for a movement in equity its period type should be duration; "
            "if it is a balance, use the standard element instead."
        )
    return text


FAMILY = Rule(
    key="0196",
    rule_id=RULE_ID,
    name="Opening and Closing Balances on the Statement of Shareholders Equity",
    codes=tuple(f"{RULE_ID}.{s.number}" for s in SUB_RULES),
    check=check,
    constants=("AOCI_MEMBERS", "NCI"),
    queries=(DEF_FLAGS,),
    forms=frozenset(),  # the official rule names no document type
)
