"""Hand-built filings in the graph model (docs/graph-model.md), for tests and worked examples.

A few lines describe a filing that triggers or narrowly misses a rule:

    b = FilingBuilder("t-0126")
    b.role(IS, "100 - Statement - Income Statement")
    b.calc(IS, "us-gaap:GrossProfit", [("us-gaap:Revenues", 1), ("us-gaap:CostOfRevenue", -1)])
    b.fact("us-gaap:GrossProfit", "40000", decimals="-3")
    b.write(graph)

A test fixture, not shipped: its writes (checks.build_*) live in tests/cypher/checks. tests/conftest.py
puts this folder on sys.path and adds tests/cypher to the registry; a script does the same first
(scripts/bench_checks.py).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from typing import Any

from auditgraph.graph import Graph

STANDARD = {"us-gaap": "http://fasb.org/us-gaap/{y}", "srt": "http://fasb.org/srt/{y}", "dei": "http://xbrl.sec.gov/dei/{y}"}
SUMMATION = "http://www.xbrl.org/2003/arcrole/summation-item"


@dataclass
class FilingBuilder:
    filing_id: str
    form: str = "10-K"
    year_start: dt.date = dt.date(2024, 1, 1)
    period_end: dt.date = dt.date(2024, 12, 31)
    us_gaap_year: int = 2025
    cik: str = "0000000001"
    concepts: dict[str, dict[str, Any]] = field(default_factory=dict)
    facts: list[dict[str, Any]] = field(default_factory=list)
    roles: list[dict[str, Any]] = field(default_factory=list)
    arcs: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: {"calc": [], "def": [], "pres": []})
    dqc: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.text_fact("dei:DocumentType", self.form)
        self.text_fact("dei:DocumentPeriodEndDate", self.period_end.isoformat())

    # ---------------------------------------------------------------- concepts
    def key(self, qname: str) -> str:
        prefix, name = qname.split(":")
        if prefix in STANDARD:
            return STANDARD[prefix].format(y=self.us_gaap_year) + "#" + name
        return f"{self.filing_id}|http://example.com/{prefix}/{self.period_end.year}#{name}"

    def concept(self, qname: str, balance: str | None = None, base_type: str = "monetary", period_type: str = "duration") -> str:
        key = self.key(qname)
        if key not in self.concepts:
            prefix, name = qname.split(":")
            ns = key.split("|")[-1].rsplit("#", 1)[0]
            std = prefix in STANDARD
            self.concepts[key] = {
                "key": key,
                "filing_id": None if std else self.filing_id,
                "props": {
                    "namespace": ns,
                    "name": name,
                    "prefix": prefix,
                    "qname": qname,
                    "year": self.us_gaap_year if std else None,
                    "release": f"{prefix}/{self.us_gaap_year}" if std else None,
                    "type": f"xbrli:{base_type}ItemType",
                    "base_type": base_type,
                    "balance": balance,
                    "period_type": period_type,
                    "abstract": False,
                    "numeric": base_type != "string",
                    "label": name,
                },
            }
        elif balance is not None:
            self.concepts[key]["props"]["balance"] = balance
        return key

    # ---------------------------------------------------------------- facts
    def _period(self, period: str | dt.date | tuple[dt.date, dt.date] | None) -> tuple[str, dict[str, Any]]:
        if period is None:
            period = (self.year_start, self.period_end)
        if isinstance(period, str):
            period = self.period_end if period == "instant" else (self.year_start, self.period_end)
        if isinstance(period, dt.date):
            return f"instant:{period.isoformat()}", {"kind": "instant", "end": period}
        start, end = period
        return (
            f"duration:{start.isoformat()}/{end.isoformat()}",
            {"kind": "duration", "start": start, "end": end, "days": (end - start).days},
        )

    def fact(
        self,
        qname: str,
        value: str | None,
        decimals: str | None = "-3",
        unit: str | None = "iso4217:USD",
        period: str | dt.date | tuple[dt.date, dt.date] | None = None,
        dims: dict[str, str] | None = None,
        balance: str | None = None,
        fact_id: str | None = None,
        duplicate: str | None = None,
        base_type: str = "monetary",
    ) -> str:
        ckey = self.concept(qname, balance=balance, base_type=base_type)
        pkey, pprops = self._period(period)
        dims = dict(sorted((dims or {}).items()))
        axes = []
        for axis, member in dims.items():
            akey = self.concept(axis, base_type="string")
            self.concepts[akey]["props"].update(is_dimension=True, abstract=True)
            mkey = None if member.startswith("typed:") else self.concept(member, base_type="string")
            axes.append({"axis_key": akey, "member_key": mkey, "member": member, "axis": axis})
        dim_list = [f"{a}={m}" for a, m in dims.items()]
        ctx_hash = hashlib.sha1(f"{pkey}|{dim_list}".encode()).hexdigest()[:12]
        fid = fact_id or f"f{len(self.facts) + 1}"
        ctx_props = {
            "filing_id": self.filing_id,
            "context_ids": [f"c_{ctx_hash}"],
            "entity_scheme": "http://www.sec.gov/CIK",
            "entity_id": self.cik,
            "period_type": pprops["kind"],
            "dims": dim_list,
            "dimensional": bool(dims),
        }
        ctx_props.update({k: v for k, v in pprops.items() if k in ("start", "end")})
        if pprops["kind"] == "instant":
            ctx_props["instant"] = pprops["end"]
        self.facts.append(
            {
                "key": f"{self.filing_id}|{fid}",
                "period_key": pkey,
                "period": pprops,
                "context_key": f"{self.filing_id}|{ctx_hash}",
                "context": ctx_props,
                "axes": axes,
                "props": {
                    "filing_id": self.filing_id,
                    "fact_id": fid,
                    "concept_qname": qname,
                    "concept_key": ckey,
                    "value": value,
                    "numeric": base_type != "string",
                    "nil": value is None,
                    "decimals": decimals,
                    "context_id": f"c_{ctx_hash}",
                    "context_key": f"{self.filing_id}|{ctx_hash}",
                    "unit_id": unit,
                    "unit_key": unit,
                    "duplicate": duplicate,
                    "num": float(value) if value is not None and base_type != "string" else None,
                },
            }
        )
        return fid

    def text_fact(self, qname: str, value: str) -> str:
        return self.fact(qname, value, decimals=None, unit=None, base_type="string")

    # ---------------------------------------------------------------- networks
    def role(self, uri: str, definition: str) -> None:
        self.roles.append({"uri": uri, "definition": definition, "used_on": []})

    def calc(self, role: str, parent: str, children: list[tuple[str, int]], owner: str | None = None) -> None:
        p = self.concept(parent)
        edges: dict[str, dict[str, Any]] = {}
        for i, (child, weight) in enumerate(children):
            if child in edges:  # a repeated child is one edge standing for two arcs, as the loader writes it
                props = edges[child]["props"]
                props["arcs"] = props.get("arcs", 1) + 1
                props["weights"] = props.get("weights", [props["weight"]]) + [float(weight)]
                continue
            edges[child] = {
                "source": p,
                "target": self.concept(child),
                "props": {
                    "owner": owner or self.filing_id,
                    "role": role,
                    "arcrole": SUMMATION,
                    "order": float(i + 1),
                    "weight": float(weight),
                },
            }
            self.arcs["calc"].append(edges[child])
            self.arcs["pres"].append(
                {
                    "source": p,
                    "target": self.concept(child),
                    "props": {
                        "owner": owner or self.filing_id,
                        "role": role,
                        "order": float(i + 1),
                        "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child",
                    },
                }
            )

    def def_arc(self, role: str, arc: str, source: str, target: str, target_role: str | None = None) -> None:
        self.arcs["def"].append(
            {
                "source": self.concept(source, base_type="string"),
                "target": self.concept(target, base_type="string"),
                "props": {
                    "owner": self.filing_id,
                    "role": role,
                    "arc": arc,
                    "target_role": target_role,
                    "order": float(len(self.arcs["def"]) + 1),
                    "arcrole": f"http://xbrl.org/int/dim/arcrole/{arc}",
                },
            }
        )

    def cube(
        self,
        role: str,
        line_items: list[str],
        axis: str,
        domain: str,
        members: dict[str, str | None],
        table: str = "us-gaap:StatementTable",
        line_items_abstract: str = "us-gaap:StatementLineItems",
    ) -> None:
        """A statement cube: table -> axis -> domain -> members (member -> parent member or None)."""
        for li in line_items:
            self.concept(li)
        self.def_arc(role, "all", line_items_abstract, table)
        for li in line_items:
            self.arcs["def"].append(
                {
                    "source": self.concept(line_items_abstract, base_type="string"),
                    "target": self.concept(li),
                    "props": {"owner": self.filing_id, "role": role, "arc": "domain-member", "order": 1.0},
                }
            )
        self.def_arc(role, "hypercube-dimension", table, axis)
        self.def_arc(role, "dimension-domain", axis, domain)
        self.def_arc(role, "dimension-default", axis, domain)
        for member, parent in members.items():
            self.def_arc(role, "domain-member", parent or domain, member)

    def dqc_list(self, rule_id: str, list_name: str, qnames: list[str]) -> None:
        """Rule data as the taxonomy loader writes it from dqcrules (DqcRule -LISTS-> Concept)."""
        self.dqc.setdefault(rule_id, []).extend(
            {"concept_key": self.concept(q, base_type="string"), "list": list_name} for q in qnames
        )

    # ---------------------------------------------------------------- write
    def write(self, graph: Graph) -> str:
        graph.write(
            "checks.build_filing",
            filing_id=self.filing_id,
            props={
                "form": self.form,
                "period_end": self.period_end,
                "us_gaap_year": self.us_gaap_year,
                "cik": self.cik,
                "accession": None,
                "entity_name": f"Hand-built {self.filing_id}",
                "source": "handbuilt",
            },
        )
        graph.write_batches("checks.build_concepts", list(self.concepts.values()))
        graph.write_batches("checks.build_roles", self.roles, filing_id=self.filing_id)
        graph.write_batches("checks.build_facts", self.facts, filing_id=self.filing_id)
        for kind, rows in self.arcs.items():
            graph.write_batches(f"checks.build_{kind}_arcs", rows)
        for rule_id, rows in self.dqc.items():
            graph.write("checks.build_dqc_lists", rule_id=rule_id, release=f"us-gaap/{self.us_gaap_year}", rows=rows)
        return self.filing_id
