"""DQC.US.0081 "Calculation Relationships Contrary to the US GAAP Taxonomy".

A filing's statement calculations (roles whose definition names "- Statement ") are compared with the us-gaap
calculation networks of its year (every us-gaap network at once, as the official us-gaap-cal-<year>-all set):

- 9277: the filer makes C a child of P, while us-gaap has C as a sibling of P or below one of P's siblings (the
  sibling's descendants, not below AdjustmentsToReconcileNetIncomeLossToCashProvidedByUsedInOperatingActivities's
  children).
- 9278: the filer makes S a sibling of V (both children of one parent), while us-gaap has S below V; V is a
  concept of a statement calculation with a monetary fact, other than the income totals of 9872.
- 9872: the same for the income totals (NetIncomeLoss, ProfitLoss, ...), outside cash flow statements.

The DQCRT exception lists (pairs that may be demoted or promoted, excluded elements) apply as in the official
rule. One finding per non-zero, non-dimensional fact of the misplaced element that has a fact of the other
element (the parent for 9277, the sibling V otherwise) in the same period and unit; the finding names the
misplaced element's fact.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from auditgraph.checks.filing_data import Arc, Fact, FilingData
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import dround
from auditgraph.errors import RuleDataMissing

RULE = "DQC.US.0081"
CALC_QUERY = "dqc.dqc_0081_usgaap_calc"
RELEASE_QUERY = "dqc.dqc_0081_usgaap_release"
STATEMENT = "- Statement "  # what the rule's loops require of a role definition
STATEMENT_CONCEPTS = "- Statement -"  # the narrower test of the STATEMENT_CONCEPTS constant (9278)
ADJUSTMENTS = "AdjustmentsToReconcileNetIncomeLossToCashProvidedByUsedInOperatingActivities"
LONG_TERM_INVESTMENTS = "LongTermInvestments"

# Constants of the rule set's own files (constant.xule), not of the DQCRT constants file: us-gaap local names.
CASH_FLOW_EXCEPTIONS = frozenset(
    (
        "ProceedsFromDepositsWithOtherInstitutions",
        "InterestPaidCapitalized",
        "ProceedsFromFederalHomeLoanBankAdvances",
        "PaymentsForFederalHomeLoanBankAdvances",
        "ProceedsFromPaymentsForTradingSecurities",
        "PaymentsForDepositsWithOtherInstitutions",
        "ProceedsFromPaymentsForInSecuritiesSoldUnderAgreementsToRepurchase",
        "IncreaseDecreaseInFederalFundsPurchasedAndSecuritiesSoldUnderAgreementsToRepurchaseNet",
        "IncreaseDecreaseOfRestrictedInvestments",
        "PaymentsForProceedsFromOtherDeposits",
        "ProceedsFromOtherDeposits",
        "PaymentsForOtherDeposits",
    )
)
# The income totals (INCOME_ITEMS); the rule adds the filer's own credit "IncomeLoss" elements, which have no
# us-gaap calculation descendants and so never yield a finding here.
INCOME_ITEMS = frozenset(
    (
        "ComprehensiveIncomeNetOfTax",
        "ComprehensiveIncomeNetOfTaxIncludingPortionAttributableToNoncontrollingInterest",
        "DiscontinuedOperationIncomeLossFromDiscontinuedOperationBeforeIncomeTax",
        "IncomeLossAttributableToNoncontrollingInterest",
        "IncomeLossAttributableToParent",
        "IncomeLossFromContinuingOperations",
        "IncomeLossFromContinuingOperationsAttributableToNoncontrollingEntity",
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesDomestic",
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
        "IncomeLossFromContinuingOperationsBeforeInterestExpenseInterestIncomeIncomeTaxesExtraordinaryItemsNoncontrollingInterestsNet",
        "IncomeLossFromContinuingOperationsIncludingPortionAttributableToNoncontrollingInterest",
        "IncomeLossFromDiscontinuedOperationsNetOfTax",
        "IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToNoncontrollingInterest",
        "IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToReportingEntity",
        "IncomeLossFromSubsidiariesNetOfTax",
        "IncomeLossIncludingPortionAttributableToNoncontrollingInterest",
        "NetIncomeLoss",
        "NetIncomeLossAllocatedToGeneralPartners",
        "NetIncomeLossAllocatedToLimitedPartners",
        "NetIncomeLossAttributableToNoncontrollingInterest",
        "NetIncomeLossAttributableToParentNetOfFederalHomeLoanBankAssessments",
        "NetIncomeLossAvailableToCommonStockholdersBasic",
        "NetIncomeLossIncludingPortionAttributableToNonredeemableNoncontrollingInterest",
        "ProfitLoss",
        "DiscontinuedOperationGainLossOnDisposalOfDiscontinuedOperationNetOfTax",
        "InvestmentCompanyNetAssetsFromOperationsIncreaseDecrease",
    )
)
CONSTANTS = (
    "SIBLINGS_DEMOTABLE_TO_CHILD",
    "ELEMENTS_EXCLUDED_FROM_RULE",
    "CHILD_ELEMENTS_PROMOTABLE_TO_SIBLING_OF_PARENT_ELEMENT",
    "SIBLING_ELEMENTS_WITH_SIBLINGS_DEMOTABLE_TO_DESCENDANT",
    "CHILD_ELEMENTS_PROMOTABLE_TO_SIBLING",
    "PARENT_ELEMENTS_WITH_CHILDREN_PROMOTABLE_TO_SIBLING",
)


def name_of(key: str) -> str:
    """The local name of a concept key ("{ns}#Name" or an extension's "{filing}|{ns}#Name")."""
    return key.rpartition("#")[2]


def gaap_key(year: int | None, name: str) -> str:
    return f"http://fasb.org/us-gaap/{year}#{name}"


# --- the us-gaap calculation networks ---------------------------------------------------------------------------


@dataclass
class TaxonomyCalc:
    """Summation-item networks by role: children (in order) and parents of each concept key."""

    children: dict[tuple[str, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    parents: dict[tuple[str, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    roles_of: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))  # concept key -> roles it is in
    _memo: dict[tuple[str, bool, str | None], frozenset[str]] = field(default_factory=dict)  # see _below
    _names: dict[str, frozenset[str]] = field(default_factory=dict)  # see names_below

    def add(self, role: str, parent: str, child: str) -> None:
        self.children[(role, parent)].append(child)
        self.parents[(role, child)].append(parent)
        self.roles_of[parent].add(role)
        self.roles_of[child].add(role)

    def siblings(self, key: str) -> set[str]:
        """The other children of each of the concept's parents, network by network."""
        out: set[str] = set()
        for role in self.roles_of.get(key, ()):
            for parent in self.parents.get((role, key), ()):
                out.update(c for c in self.children[(role, parent)] if c != key)
        return out

    def descendants(self, starts: Iterable[str], include_start: bool = False, stop_below: str | None = None) -> set[str]:
        """Every concept below the starts in any network. With include_start a start counts when it has a child in
        that network (the engine names a start through its first relationship). The children of `stop_below`
        count, their descendants do not."""
        out: set[str] = set()
        for start in starts:
            out |= self._below(start, include_start, stop_below)
        return out

    def _below(self, start: str, include_start: bool, stop_below: str | None) -> frozenset[str]:
        """`descendants` of one start, kept on the networks (read once per process and release, they are asked the
        same questions filing after filing)."""
        key = (start, include_start, stop_below)
        if key not in self._memo:
            out: set[str] = set()
            for role in self.roles_of.get(start, ()):
                if include_start and self.children.get((role, start)):
                    out.add(start)
                out |= self._reach(role, start, stop_below)
            self._memo[key] = frozenset(out)
        return self._memo[key]

    def names_below(self, start: str) -> frozenset[str]:
        """The local names of `descendants([start])`, kept like them."""
        if start not in self._names:
            self._names[start] = frozenset(name_of(k) for k in self._below(start, False, None))
        return self._names[start]

    def _reach(self, role: str, start: str, stop_below: str | None) -> set[str]:
        """The children of every concept reached from the start in the role: the start, then each child of a
        reached concept other than `stop_below` (each concept walked once, so a cycle ends)."""
        out: set[str] = set()
        walked, todo = {start}, [start]
        while todo:
            parent = todo.pop()
            for child in self.children.get((role, parent), ()):
                out.add(child)
                if parent != stop_below and child not in walked:
                    walked.add(child)
                    todo.append(child)
        return out


_CALC_CACHE: dict[tuple[object, ...], TaxonomyCalc] = {}  # a few years' networks, by server, database and release stamps
CACHE_SIZE = 4
_LAST: list[tuple[RuleInput, TaxonomyCalc]] = []  # the networks the last filing's input got (0081 and 0045 both ask)


def read_taxonomy_calc(inp: RuleInput) -> TaxonomyCalc:
    """The us-gaap calculation networks of the filing's year; RuleDataMissing when the graph holds none.

    Kept per process while the releases' load stamps stay the same (reading ~6,600 edges per filing costs more than
    the rule), and only for loaded releases: networks without a Release node (a hand-built graph) are read each time.
    A year whose release holds no networks is kept too (as empty networks), so each of its filings does not read
    them again. The rules of one filing's audit share its RuleInput: the stamps are read once for all of them."""
    if _LAST and _LAST[0][0] is inp:
        calc = _LAST[0][1]
    else:
        calc = _cached_calc(inp)
        _LAST[:] = [(inp, calc)]
    if not calc.children:
        raise RuleDataMissing(
            f"the us-gaap {inp.year} calculation networks are not in the database (no CALC edges owned by "
            f"us-gaap/{inp.year}); load the us-gaap {inp.year} taxonomy package with `auditgraph taxonomy load`"
        )
    return calc


_STAMPS: list[tuple[RuleInput, tuple[str, ...]]] = []  # the last filing's release stamps


def release_stamps(inp: RuleInput) -> tuple[str, ...]:
    """The load stamps of the us-gaap (us-gaap-ebp, srt) releases of the filing's year, read once per RuleInput:
    a reader of those releases may keep what it read while they stay the same (see `cache_key`)."""
    if not (_STAMPS and _STAMPS[0][0] is inp):
        [head] = inp.rows(RELEASE_QUERY) or [None]
        _STAMPS[:] = [(inp, tuple(sorted(head["stamps"])) if head is not None else ())]
    return _STAMPS[0][1]


def cache_key(inp: RuleInput) -> tuple[object, ...] | None:
    """The key under which a read of the year's us-gaap release may be kept per process (server, database, year,
    stamps), None when the release is not loaded (a hand-built graph: read each time)."""
    stamps = release_stamps(inp)
    if not any(s.startswith(f"us-gaap/{inp.year}@") for s in stamps):
        return None
    return (inp.graph.conn.uri, inp.graph.database, inp.year, stamps)


def _cached_calc(inp: RuleInput) -> TaxonomyCalc:
    key = cache_key(inp)
    if key is not None and key in _CALC_CACHE:
        return _CALC_CACHE[key]
    calc = TaxonomyCalc()
    for r in inp.rows(CALC_QUERY):
        calc.add(r["role"], r["parent_key"], r["child_key"])
    if key is not None:
        if len(_CALC_CACHE) >= CACHE_SIZE:
            _CALC_CACHE.pop(next(iter(_CALC_CACHE)))
        _CALC_CACHE[key] = calc
    return calc


def filing_descendants(data: FilingData, tops: set[str]) -> dict[str, str]:
    """{descendant key: the first role (by URI) where it is below one of `tops`} in the filing's own calculations,
    network by network (a path never leaves its role)."""
    children: dict[tuple[str, str], list[str]] = defaultdict(list)
    for a in data.calc:
        children[(a.role, a.source_key)].append(a.target_key)
    out: dict[str, str] = {}
    for role in sorted({a.role for a in data.calc}):
        todo, seen = list(tops), set(tops)
        while todo:
            for child in children.get((role, todo.pop()), ()):
                out.setdefault(child, role)
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
    return out


# --- the facts as the engine's factsets see them ------------------------------------------------------------------


def engine_facts(facts: Iterable[Fact], nils: bool = False) -> list[Fact]:
    """Facts (non-nil unless `nils`) with duplicates folded as the engine indexes them: facts of one concept, context
    and unit whose values agree at the lower of their decimals are one fact, the more precise one (on a tie the engine
    keeps the first in the document; the read has no document order, so the smaller fact id); nil duplicates are one."""
    kept: dict[tuple[str, str, str | None], list[Fact]] = defaultdict(list)
    for f in facts:
        if f.value is None and not (nils and f.nil):
            continue
        group = kept[(f.concept_key, f.context_key, f.unit)]
        for i, other in enumerate(group):
            if f.value is None or other.value is None:
                if f.value is None and other.value is None:
                    break
                continue
            d = _lower(f.decimals, other.decimals)
            if dround(f.amount, d) == dround(other.amount, d):
                if _more_precise(f.decimals, other.decimals) or (f.decimals == other.decimals and f.fact_id < other.fact_id):
                    group[i] = f
                break
        else:
            group.append(f)
    return [f for group in kept.values() for f in group]


def _lower(a: int | None, b: int | None) -> int | None:
    """The lower of two decimals where None is INF."""
    if a is None:
        return b
    return a if b is None else min(a, b)


def _more_precise(a: int | None, b: int | None) -> bool:
    return (a is None and b is not None) or (a is not None and b is not None and a > b)


@dataclass
class Facts:
    """The filing's non-dimensional facts (a closed factset with no dimension named), by local name and key."""

    by_name: dict[str, list[Fact]]
    by_key: dict[str, list[Fact]]

    @classmethod
    def of(cls, data: FilingData) -> Facts:
        by_name: dict[str, list[Fact]] = defaultdict(list)
        by_key: dict[str, list[Fact]] = defaultdict(list)
        for f in engine_facts(f for f in data.facts if not f.dims):
            by_name[f.name].append(f)
            by_key[f.concept_key].append(f)
        return cls(by_name, by_key)

    def aligned(self, key: str, fact: Fact) -> list[Fact]:
        """The facts of `key` in the fact's period and unit."""
        return [f for f in self.by_key.get(key, ()) if f.period_key == fact.period_key and f.unit == fact.unit]

    def nonzero(self, name: str) -> list[Fact]:
        return [f for f in self.by_name.get(name, ()) if f.amount != 0]


# --- the rule -----------------------------------------------------------------------------------------------------


@dataclass
class Lists:
    """The DQCRT exception lists of the year, as concept keys and local names."""

    demotable: frozenset[tuple[str, str]]  # (focus, sibling) : the sibling may be a child of the focus
    excluded: frozenset[str]
    promotable_of_parent: frozenset[str]
    demotable_except: dict[str, list[frozenset[str]]]  # focus name -> per entry, sibling names never demoted
    promotable: frozenset[tuple[str, str]]  # (parent, child) : the child may be a sibling of the parent
    promotable_except: dict[str, list[frozenset[str]]]  # focus name -> per entry, child names never promoted

    @classmethod
    def of(cls, inp: RuleInput) -> Lists:
        return cls(
            _pairs(inp.constant("SIBLINGS_DEMOTABLE_TO_CHILD")),
            frozenset(inp.constant("ELEMENTS_EXCLUDED_FROM_RULE")),
            frozenset(inp.constant("CHILD_ELEMENTS_PROMOTABLE_TO_SIBLING_OF_PARENT_ELEMENT")),
            _name_lists(inp.constant("SIBLING_ELEMENTS_WITH_SIBLINGS_DEMOTABLE_TO_DESCENDANT")),
            _pairs(inp.constant("CHILD_ELEMENTS_PROMOTABLE_TO_SIBLING")),
            _name_lists(inp.constant("PARENT_ELEMENTS_WITH_CHILDREN_PROMOTABLE_TO_SIBLING")),
        )


def _pairs(value: Any) -> frozenset[tuple[str, str]]:
    return frozenset((str(p[0]), str(p[1])) for p in value)


def _name_lists(value: Any) -> dict[str, list[frozenset[str]]]:
    """{focus name: [the names each entry of the focus never allows]}."""
    out: dict[str, list[frozenset[str]]] = defaultdict(list)
    for focus, names in value:
        out[str(focus)].append(frozenset(str(n) for n in names))
    return dict(out)


def spared(entries: dict[str, list[frozenset[str]]], focus: str, name: str) -> bool:
    """The focus is listed and one of its entries does not name `name` among those it never allows."""
    return any(name not in never for never in entries.get(focus, ()))


@dataclass
class Context:
    inp: RuleInput
    data: FilingData
    tax: TaxonomyCalc
    lists: Lists
    facts: Facts

    def role_text(self, role: str) -> str:
        r = self.data.roles.get(role)
        return r.definition if r else ""

    def statement_arcs(self, cash_too: bool = True) -> Iterator[Arc]:
        for a in self.data.calc:
            text = self.role_text(a.role)
            if STATEMENT not in text:
                continue
            if not cash_too and ("cash" in text.lower() or "cash" in a.role.lower()):
                continue
            yield a


def child_of_sibling(ctx: Context) -> list[CheckResult]:
    """9277: a child in the filing that us-gaap has as a sibling of the parent (or below one)."""
    year, lists, tax = ctx.inp.year, ctx.lists, ctx.tax
    adjustments, lti = gaap_key(year, ADJUSTMENTS), gaap_key(year, LONG_TERM_INVESTMENTS)
    cash_exceptions = {gaap_key(year, n) for n in CASH_FLOW_EXCEPTIONS}
    out = []
    sibling_names: dict[str, set[str]] = {}
    for arc in ctx.statement_arcs():
        p, c = arc.source_key, arc.target_key
        if (
            (p, c) in lists.demotable
            or p in (adjustments, lti)
            or p in lists.excluded
            or c in lists.promotable_of_parent
            or c in cash_exceptions
        ):
            continue
        if p not in sibling_names:  # the same parent recurs arc after arc: navigate us-gaap once per parent
            below_siblings = tax.descendants(tax.siblings(p) - {lti}, include_start=True, stop_below=adjustments)
            sibling_names[p] = {name_of(k) for k in below_siblings}
        if name_of(c) not in sibling_names[p]:
            continue
        if spared(lists.demotable_except, name_of(p), name_of(c)):
            continue
        if any(focus == p and c in tax.descendants([sib]) for focus, sib in lists.demotable):
            continue
        for fact in ctx.facts.nonzero(name_of(c)):
            for total in ctx.facts.aligned(p, fact)[:1]:
                out.append(_finding(ctx, "9277", arc, fact, total, p))
    return out


def sibling_of_descendant(ctx: Context, code: str) -> list[CheckResult]:
    """9278 / 9872: a sibling in the filing that us-gaap has below the element."""
    lists, tax = ctx.lists, ctx.tax
    income = {gaap_key(ctx.inp.year, n) for n in INCOME_ITEMS}
    if code == "9278":
        in_statements = {
            k for a in ctx.data.calc if STATEMENT_CONCEPTS in ctx.role_text(a.role) for k in (a.source_key, a.target_key)
        }
        values = {k for k, fs in ctx.facts.by_key.items() if k in in_statements and any(f.monetary for f in fs)} - income
    else:
        values = {k for k in ctx.facts.by_key if k in income}
    arcs = list(ctx.statement_arcs(cash_too=code == "9278"))
    children: dict[tuple[str, str], list[Arc]] = defaultdict(list)
    for a in arcs:
        children[(a.role, a.source_key)].append(a)
    out = []
    for v in sorted(values):
        if v in lists.excluded:
            continue
        below = tax.names_below(v)
        for up in [a for a in arcs if a.target_key == v]:
            for arc in children[(up.role, up.source_key)]:
                s = arc.target_key
                if s == v or (v, s) in lists.promotable or s in lists.promotable_of_parent or name_of(s) not in below:
                    continue
                if spared(lists.promotable_except, name_of(v), name_of(s)):
                    continue
                if any(focus == v and s in tax.descendants([kid]) for focus, kid in lists.promotable):
                    continue
                for fact in ctx.facts.nonzero(name_of(s)):
                    for other in ctx.facts.aligned(v, fact)[:1]:
                        out.append(_finding(ctx, code, arc, fact, other, v))
    return out


def _finding(ctx: Context, code: str, arc: Arc, fact: Fact, other: Fact, other_key: str) -> CheckResult:
    role_text = ctx.role_text(arc.role)
    other_name = other.qname
    if code == "9277":
        where = f"is a calculation child of {other_name} ({other.raw}) in {role_text!r}"
        why = f"us-gaap places it beside {other_name} (or under one of its siblings), not under it"
        fix = f"check the parent {other_name} and the child {fact.qname}: one of them is likely the wrong element"
    else:
        where = (
            f"sits beside {other_name} ({other.raw}) under {arc.source} in {role_text!r}"
            if arc.source
            else f"sits beside {other_name} ({other.raw}) in {role_text!r}"
        )
        why = f"us-gaap places it under {other_name}"
        fix = "check that both line items use the right elements"
    dims = ", ".join(fact.dim_strings) or "none"
    message = (
        f"{fact.qname} = {fact.raw} {where}, but {why}; {fix}. "
        f"Fact: period {fact.period_key}, unit {fact.unit}, dimensions {dims}. (DQC.US.0081.{code})"
    )
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.{code}",
        status="violation",
        concept=fact.qname,
        reported_value=fact.raw,
        decimals=fact.decimals_raw,
        period=fact.period_key,
        dimensions=fact.dim_strings,
        unit=fact.unit,
        network=arc.role,
        network_definition=role_text or None,
        facts=[fact.used()],
        contexts=[fact.context_id] if fact.context_id else [],
        message=message,
    )


def check(inp: RuleInput) -> list[CheckResult]:
    ctx = Context(inp, inp.data, read_taxonomy_calc(inp), Lists.of(inp), Facts.of(inp.data))
    return child_of_sibling(ctx) + sibling_of_descendant(ctx, "9278") + sibling_of_descendant(ctx, "9872")


FAMILY = Rule(
    key="0081",
    rule_id=RULE,
    name="Calculation Relationships Contrary to the US GAAP Taxonomy",
    codes=(f"{RULE}.9277", f"{RULE}.9278", f"{RULE}.9872"),
    check=check,
    constants=CONSTANTS,
    queries=(CALC_QUERY, RELEASE_QUERY),
    forms=frozenset(),  # the DQCRT rule names no form: it runs on every filing (the engine reports it on an S-1/A)
)
