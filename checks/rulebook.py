"""The rule model: every DQC rule family (and CALC11) is one registered `Rule` with one signature.

A rule is a function of a `RuleInput` (the filing read once, its scope, the rule data of the filing's
us-gaap year) that returns `CheckResult`s. `registry()` finds every rule: the four first rules
(sign, dim_consistency, calc_tree, calc11) and every module of `auditgraph.checks.dqc` that defines
`FAMILY` (or `FAMILIES`). `check`, `audit`, the eval systems, the tool catalog and the MCP server read the
registry; nothing else lists rules.

`run_rule` is the one place that guards a rule: an unknown or unloaded filing, a form or us-gaap year the
rule does not apply to, rule data that is not loaded (a DQCRT constant, a query): each is one
`not_evaluable` result naming the reason and the fix, never a silent "no findings".

A structural rule is one named Cypher query in `cypher/dqc/` (`cypher_rule`): it returns the findings of
`$filing_id`, or of every loaded filing when `$filing_id` is null, in the columns `finding_columns` lists,
so a person can run it in the Browser over the whole portfolio. docs/architecture.md shows how to add one.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, Literal

from auditgraph.checks.filing_data import Fact, FilingData, local, read_records
from auditgraph.checks.result import CheckResult, FactUsed
from auditgraph.errors import ConfigError, RuleDataMissing
from auditgraph.graph import Graph

Coverage = Literal["expanded", "limited"]
Severity = Literal["error", "warning", "info"]
DQCRT_YEARS = (2023, 2024, 2025)  # us-gaap years with an official DQCRT rule set and constants (checks/dqc_data/dqcrt)
RULE_SET_VERSION = "DQCRT 27.0.1"  # the Arelle/EDGAR rule sets our DQC rules follow (dqc_data/dqcrt/README.md)


@dataclass(frozen=True)
class Scope:
    """What a check is limited to: a concept (QName or local name), a period key, the 0015 list coverage."""

    concept: str | None = None
    period: str | None = None
    coverage: Coverage = "expanded"


class Constants:
    """The DQCRT constants of the years a run meets, read from the graph once per (year, name)."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self._cache: dict[tuple[int, str], Any] = {}

    def get(self, year: int | None, name: str) -> Any:
        """The decoded constant (checks/dqc_constants.decode): qnames as concept keys "{ns}#{name}"."""
        if year is None:
            raise RuleDataMissing(f"the filing declares no us-gaap year, so it has no DQCRT constant {name}")
        if (year, name) not in self._cache:
            from auditgraph.checks.dqc_constants import read_constant

            self._cache[(year, name)] = read_constant(self.graph, year, name)
        return self._cache[(year, name)]


@dataclass
class RuleInput:
    """Everything a rule reads: the graph, the filing read once, the scope, the year's rule data."""

    graph: Graph
    data: FilingData
    scope: Scope = field(default_factory=Scope)
    constants: Constants | None = None
    prefetched: dict[str, dict[str, list[Any]]] = field(default_factory=dict)  # query -> filing id -> rows
    _rows: dict[tuple[str, tuple[tuple[str, str], ...]], list[Any]] = field(default_factory=dict, repr=False)

    @property
    def filing_id(self) -> str:
        return self.data.filing_id

    @property
    def year(self) -> int | None:
        return self.data.us_gaap_year

    def constant(self, name: str) -> Any:
        """A DQCRT constant of the filing's us-gaap year; RuleDataMissing when it is not loaded."""
        if self.constants is None:
            self.constants = Constants(self.graph)
        return self.constants.get(self.year, name)

    def rows(self, query: str, **params: object) -> list[Any]:
        """A named read for this filing (`$filing_id` set), with the checkers' timeout. Read once per filing: rules
        that share a query (a filing's definition arcs, its facts) share the rows; a portfolio audit has run a
        structural rule's query once for every filing (`prefetched`), so its rows come from there."""
        if not params and query in self.prefetched:
            return self.prefetched[query].get(self.filing_id, [])
        key = (query, tuple(sorted((k, repr(v)) for k, v in params.items())))
        if key not in self._rows:
            self._rows[key] = read_records(self.graph, query, filing_id=self.filing_id, **params)
        return list(self._rows[key])  # a copy: a rule that sorts or extends its rows leaves the shared ones alone


Check = Callable[[RuleInput], list[CheckResult]]


@dataclass(frozen=True)
class Rule:
    """One rule family: its official id and codes, the years and forms it applies to, what it reads."""

    key: str  # what --rule takes: "0018", "calc11"
    rule_id: str  # "DQC.US.0018", "CALC11"
    name: str  # the official title, e.g. "Deprecated Element"
    codes: tuple[str, ...]  # the sub-rule codes it reports: ("DQC.US.0018.34",)
    check: Check
    years: tuple[int, ...] = DQCRT_YEARS  # us-gaap years it has rule data for
    constants: tuple[str, ...] = ()  # DQCRT constants it reads
    queries: tuple[str, ...] = ()  # named queries it reads (a structural rule: its one cypher/dqc query)
    forms: frozenset[str] | None = None  # dei:DocumentType values it runs on (None: the 10-K/10-Q family)
    severity: Severity = "error"
    scoped: bool = False  # the check applies Scope itself (else run_rule filters its results by scope)
    portfolio_query: str | None = None  # a structural rule's query: run once with $filing_id null for a portfolio

    @property
    def reads(self) -> tuple[str, ...]:
        """What the rule reads, for people: ("constant DEP_CONCEPTS", "query dqc.0018")."""
        return tuple(f"constant {c}" for c in self.constants) + tuple(f"query {q}" for q in self.queries)


NOT_APPLICABLE = "not applicable:"  # a refusal that is the rule's own scope (a form it does not cover), not a gap


# The forms of the periodic-report family: a rule of the official rule set that names no forms runs on these.
PERIODIC_FORMS = frozenset(("10-K", "10-K/A", "10-KT", "10-KT/A", "10-Q", "10-Q/A", "10-QT", "10-QT/A"))
_CORE = ("sign", "dim_consistency", "calc_tree", "calc11")  # the first four rules, before the DQC package


@cache
def registry() -> dict[str, Rule]:
    """Every registered rule by key, DQC families in rule-number order, CALC11 last."""
    found: list[Rule] = []
    for name in _CORE:
        found += _rules_of(importlib.import_module(f"auditgraph.checks.{name}"))
    from auditgraph.checks import dqc

    for info in pkgutil.iter_modules(dqc.__path__):
        if not info.name.startswith("_"):
            found += _rules_of(importlib.import_module(f"auditgraph.checks.dqc.{info.name}"))
    keys = [r.key for r in found]
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    if dupes:  # two modules claiming one family is a bug, not a choice
        raise RuntimeError(f"rule key(s) registered twice: {', '.join(dupes)}")
    return {r.key: r for r in sorted(found, key=lambda r: (r.key == "calc11", r.key))}


def _rules_of(module: Any) -> list[Rule]:
    if hasattr(module, "FAMILIES"):
        return list(module.FAMILIES)
    return [module.FAMILY] if hasattr(module, "FAMILY") else []


def rule_keys() -> tuple[str, ...]:
    return tuple(registry())


def parse_rules(text: str | Sequence[str] | None) -> tuple[str, ...]:
    """Rule keys from "0015,DQC.US.0018,calc11" (or a list); every rule when empty; exit 2 naming the families."""
    rules = registry()
    if not text:
        return tuple(rules)
    parts = [text] if isinstance(text, str) else list(text)
    items = [r.strip().lower() for part in parts for r in part.split(",") if r.strip()]
    keys = [_key_of(i) for i in items]
    bad = [i for i, k in zip(items, keys, strict=True) if k not in rules]
    if bad:
        raise ConfigError(f"unknown rule(s) {', '.join(bad)}; choose from {', '.join(rules)} (a family: 0018 or DQC.US.0018)")
    return tuple(dict.fromkeys(keys))


def _key_of(item: str) -> str:
    """ "dqc.us.0018.34" / "DQC.US.0018" / "18" -> "0018"; "calc11" stays."""
    item = item.removeprefix("dqc.us.")
    head = item.split(".", 1)[0]
    return head.zfill(4) if head.isdigit() else head


def refused(rule: Rule, reason: str, concept: str | None = None) -> CheckResult:
    return CheckResult(
        rule_id=rule.rule_id, sub_rule=rule.rule_id, status="not_evaluable", reason=reason, concept=concept, message=reason
    )


def rule_set(rule: Rule, year: int | None) -> str:
    """The version a finding names: "DQCRT 27.0.1, us-gaap 2025" (CALC11: the specification)."""
    if rule.key == "calc11":
        return "XBRL Calculations 1.1"
    return f"{RULE_SET_VERSION}, us-gaap {year}"


def guard(rule: Rule, inp: RuleInput) -> str | None:
    """Why the rule cannot run on this filing at all (filing, form, year, rule data), else None."""
    data = inp.data
    if refusal := data.refusal(rule.rule_id, rule.rule_id):
        return refusal.reason
    form = data.document_type
    forms = PERIODIC_FORMS if rule.forms is None else rule.forms
    if form and forms and form not in forms:
        shown = ", ".join(sorted(forms)[:6]) + (", …" if len(forms) > 6 else "")
        return f"{NOT_APPLICABLE} {rule.rule_id} does not apply to form {form} (it runs on {shown})"
    if rule.years and data.us_gaap_year not in rule.years:
        year = data.us_gaap_year or "none declared"
        have = ", ".join(map(str, rule.years))
        return f"no {rule.rule_id} rule data for us-gaap {year} (the rule set covers {have}); not evaluated"
    for name in rule.constants:
        try:
            inp.constant(name)
        except RuleDataMissing as exc:
            return str(exc)
    return None


def run_rule(rule: Rule, inp: RuleInput) -> list[CheckResult]:
    """The rule's results on one filing, guarded, limited to the scope, each naming severity and rule set."""
    if reason := guard(rule, inp):
        return [refused(rule, reason, inp.scope.concept)]
    try:
        results = rule.check(inp)
    except RuleDataMissing as exc:
        return [refused(rule, str(exc), inp.scope.concept)]
    if not rule.scoped:
        results = [r for r in results if in_scope(r, inp.scope)]
    version = rule_set(rule, inp.year)
    return [r if r.rule_set else replace(r, severity=r.severity or rule.severity, rule_set=version) for r in results]


def in_scope(result: CheckResult, scope: Scope) -> bool:
    """A result is in scope when it (or a fact it names) is of the scope's concept and period."""
    facts = result.facts
    if scope.concept:
        c = scope.concept
        named = [result.concept or ""] + [f.concept for f in facts]
        if not any(n in (c, local(c)) or local(n) == c or n == c for n in named if n):
            return False
    if scope.period:
        periods = [result.period] + [f.period for f in facts]
        if scope.period not in periods:
            return False
    return True


def fact_violation(rule_id: str, code: str, fact: Fact, message: str, **more: Any) -> CheckResult:
    """The finding most rule families report: one fact of the filing, named with its value, period, dimensions and
    unit; `code` is the sub-rule number ("34" -> "DQC.US.0018.34"), `more` any further CheckResult fields."""
    fields: dict[str, Any] = dict(
        rule_id=rule_id,
        sub_rule=f"{rule_id}.{code}",
        status="violation",
        concept=fact.qname,
        reported_value=fact.raw,
        decimals=fact.decimals_raw,
        period=fact.period_key,
        dimensions=fact.dim_strings,
        unit=fact.unit,
        facts=[fact.used()],
        contexts=[fact.context_id or fact.context_key],
        message=message,
    )
    return CheckResult(**(fields | more))


# --- structural rules: one cypher/dqc query each ---------------------------------------------------------------

FINDING_COLUMNS = ("filing_id", "sub_rule", "concept", "facts", "network", "message")
"""The columns every cypher/dqc query returns, one row per finding:
filing_id STRING; sub_rule STRING (the official code, "DQC.US.0018.34"); concept STRING (the QName the finding
is about); facts LIST<MAP> (each fact_id, concept, context_id, value, decimals, unit, period, dims; [] when the
finding names no fact); network STRING (the role URI, or null); message STRING (our words); optionally
network_definition STRING (the role's definition, "00000003 - Statement - Income Statement")."""


def findings_from_rows(rule: Rule, rows: Sequence[Any]) -> list[CheckResult]:
    out = []
    for row in rows:
        facts = [
            FactUsed(
                fact_id=f["fact_id"],
                concept=f["concept"],
                value=f.get("value"),
                decimals=f.get("decimals"),
                context_id=f.get("context_id"),
                period=f.get("period") or "",
                dimensions=list(f.get("dims") or []),
                unit=f.get("unit"),
            )
            for f in (row["facts"] or [])
        ]
        first = facts[0] if facts else None
        out.append(
            CheckResult(
                rule_id=rule.rule_id,
                sub_rule=row["sub_rule"],
                status="violation",
                concept=row["concept"],
                reported_value=first.value if first else None,
                decimals=first.decimals if first else None,
                period=first.period if first else None,
                dimensions=first.dimensions if first else [],
                unit=first.unit if first else None,
                network=row["network"],
                network_definition=row.get("network_definition"),  # optional column: the role's definition
                facts=facts,
                contexts=[f.context_id for f in facts if f.context_id],
                message=row["message"],
                query=rule.queries[0] if rule.queries else None,
            )
        )
    return out


def cypher_rule(
    key: str,
    rule_id: str,
    name: str,
    codes: tuple[str, ...],
    query: str,
    *,
    years: tuple[int, ...] = DQCRT_YEARS,
    constants: tuple[str, ...] = (),
    forms: frozenset[str] | None = None,
    severity: Severity = "error",
) -> Rule:
    """A structural rule: its findings are the rows of one named query (`$filing_id` set to the filing)."""

    def check(inp: RuleInput) -> list[CheckResult]:
        return findings_from_rows(rule, inp.rows(query))

    rule = Rule(
        key=key,
        rule_id=rule_id,
        name=name,
        codes=codes,
        check=check,
        years=years,
        constants=constants,
        queries=(query,),
        forms=forms,
        severity=severity,
        portfolio_query=query,
    )
    return rule
