"""One read of a filing for the rules: header, numeric facts, networks, roles (all via cypher/checks).

The rules then work in Python on exact Decimal values; nothing here chooses between facts.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property, lru_cache
from typing import Any

import neo4j

from auditgraph.checks.result import CheckResult, FactUsed
from auditgraph.checks.rule_data import split_key
from auditgraph.checks.xbrl_decimals import parse_decimals, parse_value
from auditgraph.graph import Graph


def local(qname: str) -> str:
    return qname.rsplit(":", 1)[-1]


def _date(v: object) -> dt.date | None:
    if v is None:
        return None
    if isinstance(v, dt.date):
        return v
    return v.to_native() if hasattr(v, "to_native") else dt.date.fromisoformat(str(v))


@dataclass(frozen=True)
class Fact:
    fact_id: str
    concept_key: str
    qname: str
    raw: str | None
    value: Decimal | None
    nil: bool
    decimals_raw: str | None
    decimals: int | None
    unit: str | None
    duplicate: str | None
    context_id: str | None
    context_key: str
    dims: tuple[tuple[str, str], ...]  # (axis QName, member QName or "typed:value"), sorted
    period_key: str
    kind: str
    start: dt.date | None
    end: dt.date | None
    balance: str | None
    base_type: str | None
    item_type: str | None

    @property
    def name(self) -> str:
        return split_key(self.concept_key)[1]

    @property
    def amount(self) -> Decimal:
        """The value of a fact the caller knows is numeric and not nil (the rules filter nils first)."""
        if self.value is None:
            raise ValueError(f"fact {self.fact_id} of {self.qname} has no numeric value")
        return self.value

    @property
    def namespace(self) -> str:
        return split_key(self.concept_key)[0]

    @property
    def monetary(self) -> bool:
        if self.base_type:
            return self.base_type == "monetary"
        if self.item_type:
            return self.item_type.endswith("monetaryItemType")
        return bool(self.unit and self.unit.startswith("iso4217:") and "/" not in self.unit)

    @property
    def days(self) -> int | None:
        return (self.end - self.start).days if self.kind == "duration" and self.start and self.end else None

    @property
    def dim_strings(self) -> list[str]:
        return [f"{a}={m}" for a, m in self.dims]

    def used(self, role: str = "fact", weight: Decimal | None = None) -> FactUsed:
        return FactUsed(
            fact_id=self.fact_id,
            concept=self.qname,
            value=self.raw,
            decimals=self.decimals_raw,
            context_id=self.context_id,
            period=self.period_key,
            dimensions=self.dim_strings,
            unit=self.unit,
            role=role,
            weight=None if weight is None else format(weight.normalize(), "f"),
        )

    def matches(self, concept: str) -> bool:
        """A concept argument may be a QName, a local name or a concept key."""
        return concept in (self.qname, self.concept_key, self.name)


@dataclass(frozen=True)
class Arc:
    role: str
    source_key: str
    source: str
    target_key: str
    target: str
    order: float | None
    weight: Decimal | None = None
    arc: str | None = None
    target_role: str | None = None
    weights: tuple[Decimal, ...] = ()  # CALC: one weight per effective relationship (2+ = duplicate arcs)

    @property
    def duplicates(self) -> int:
        """How many summation-item relationships this edge stands for (1 unless the filing repeats the arc)."""
        return max(1, len(self.weights))


@dataclass(frozen=True)
class Role:
    uri: str
    definition: str
    has_pres: bool
    has_calc: bool
    has_cube: bool


@dataclass
class FilingData:
    filing_id: str
    found: bool
    status: str | None = None
    form: str | None = None
    period_end: dt.date | None = None
    us_gaap_year: int | None = None
    cik: str | None = None
    dei: list[dict[str, Any]] = field(default_factory=list)
    chapter11: list[str] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)
    calc: list[Arc] = field(default_factory=list)
    defs: list[Arc] = field(default_factory=list)
    roles: dict[str, Role] = field(default_factory=dict)

    @cached_property
    def by_concept(self) -> dict[str, list[Fact]]:
        out: dict[str, list[Fact]] = defaultdict(list)
        for f in self.facts:
            out[f.concept_key].append(f)
        return out

    def _dei(self, name: str) -> dict[str, Any] | None:
        rows = [r for r in self.dei if r["name"] == name and not r["dimensional"]]
        return rows[0] if rows else None

    @property
    def document_type(self) -> str | None:
        row = self._dei("DocumentType")
        return (row["value"] if row else None) or self.form

    def current_period(self) -> tuple[dt.date | None, dt.date | None] | None:
        """(start, end) of the DocumentPeriodEndDate context (else the DocumentType one)."""
        row = self._dei("DocumentPeriodEndDate") or self._dei("DocumentType")
        if row is None:
            return None
        return _date(row["start"]), _date(row["end"])

    def document_days(self) -> int | None:
        row = self._dei("DocumentType")
        if row is None or row["kind"] != "duration":
            return None
        start, end = _date(row["start"]), _date(row["end"])
        return (end - start).days if start and end else None

    def refusal(self, rule_id: str, sub_rule: str, concept: str | None = None) -> CheckResult | None:
        """A not_evaluable result when the filing is unknown or not loaded, else None."""
        if not self.found:
            reason = f"no filing {self.filing_id!r} in the database; load it with `auditgraph filing load`"
        elif self.status != "loaded":
            reason = f"filing {self.filing_id!r} is {self.status or 'not loaded'}; reload it with `auditgraph filing load`"
        else:
            return None
        return CheckResult(
            rule_id=rule_id, sub_rule=sub_rule, status="not_evaluable", reason=reason, concept=concept, message=reason
        )


READ_TIMEOUT_S = 60.0  # the server aborts a filing read that takes longer (agents call checkers too)


def read_records(graph: Graph, name: str, **params: object) -> list[neo4j.Record]:
    """A named read of the filing with the checkers' timeout, records as the driver gives them
    (Graph.read_records: `Record.data()` would cost about as much as the query on a 5k-fact filing)."""
    return graph.read_records(name, timeout=READ_TIMEOUT_S, **params)


@lru_cache(maxsize=4096)
def parse_period(key: str) -> tuple[str, dt.date | None, dt.date | None]:
    """("duration", start, end) from "duration:2023-01-01/2023-12-31"; instants have no start."""
    kind, _, rest = key.partition(":")
    if kind == "instant":
        return kind, None, dt.date.fromisoformat(rest)
    if kind == "duration":
        a, _, b = rest.partition("/")
        return kind, dt.date.fromisoformat(a), dt.date.fromisoformat(b)
    return kind, None, None


def load_filing_data(graph: Graph, filing_id: str) -> FilingData:
    head = read_records(graph, "checks.filing_header", filing_id=filing_id)
    if not head:
        return FilingData(filing_id, found=False)
    h = head[0]
    data = FilingData(
        filing_id, True, h["status"], h["form"], _date(h["period_end"]), h["us_gaap_year"], h["cik"], h["dei"], h["chapter11"]
    )
    for r in read_records(graph, "checks.numeric_facts", filing_id=filing_id):
        dims = tuple(sorted(tuple(d.partition("=")[::2]) for d in r["dims"]))
        kind, start, end = parse_period(r["period_key"])
        data.facts.append(
            Fact(
                r["fact_id"],
                r["concept_key"],
                r["qname"] or split_key(r["concept_key"])[1],
                r["value"],
                None if r["nil"] else parse_value(r["value"]),
                bool(r["nil"]),
                r["decimals"],
                parse_decimals(r["decimals"]),
                r["unit"],
                r["duplicate"],
                r["context_id"],
                r["context_key"],
                dims,
                r["period_key"],
                kind,
                start,
                end,
                r["balance"],
                r["base_type"],
                r["item_type"],
            )
        )
    for r in read_records(graph, "checks.calc_arcs", filing_id=filing_id):
        w = Decimal(str(r["weight"])) if r["weight"] is not None else Decimal(1)
        ws = (
            tuple(Decimal(str(x)) if x is not None else Decimal(1) for x in r["weights"])
            if r["weights"]
            else (w,) * (r["arcs"] or 1)
        )
        data.calc.append(Arc(r["role"], r["parent_key"], r["parent"], r["child_key"], r["child"], r["order"], w, weights=ws))
    for r in read_records(graph, "checks.def_arcs", filing_id=filing_id):
        data.defs.append(
            Arc(
                r["role"],
                r["source_key"],
                r["source"],
                r["target_key"],
                r["target"],
                r["order"],
                arc=r["arc"],
                target_role=r["target_role"],
            )
        )
    pres = {r["role"] for r in read_records(graph, "checks.pres_roles", filing_id=filing_id)}
    calc = {a.role for a in data.calc}
    cube = {a.role for a in data.defs if a.arc == "all"}
    for r in read_records(graph, "checks.roles", filing_id=filing_id):
        data.roles[r["uri"]] = Role(r["uri"], r["definition"], r["uri"] in pres, r["uri"] in calc, r["uri"] in cube)
    return data


def distinct_values(facts: list[Fact]) -> set[Decimal]:
    return {f.value for f in facts if f.value is not None}
