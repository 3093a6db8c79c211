"""The audit as one self-contained HTML page: a section per finding with the calculation tree or
member breakdown, the difference highlighted, and the Cypher (from cypher/checks/) that
reproduces it in Neo4j Browser."""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import Any

from auditgraph import queries
from auditgraph.checks.audit import headline
from auditgraph.checks.result import AuditReport, CheckResult

CSS = """
body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem;color:#222}
h1{font-size:1.4rem}h3{font-size:1rem}h2{font-size:1.1rem;margin-top:2rem;border-top:1px solid #ccc;padding-top:1rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.25rem .6rem;text-align:left}
td.num{text-align:right;font-family:ui-monospace,monospace}.diff{background:#fdd;font-weight:bold}
.ok{color:#070}.bad{color:#b00}.ne{color:#a60}pre{background:#f6f6f6;padding:.6rem;overflow-x:auto;font-size:.85rem}
.tree td:first-child{padding-left:1.5rem}.total td{font-weight:bold;background:#f3f3f3}
"""


def _params(values: dict[str, Any]) -> str:
    return "\n".join(f":param {k} => {json.dumps(v)}" for k, v in values.items())


def reproduce(r: CheckResult, filing_id: str) -> tuple[str, dict[str, Any]] | None:
    """The registry query and parameters that show this finding's facts in the Browser."""
    if r.query:  # a structural rule: its own query lists the filing's findings of the family
        return r.query, {"filing_id": filing_id}
    total = next((f for f in r.facts if f.role == "total"), r.facts[0] if r.facts else None)
    if total is None:
        return None
    if r.rule_id == "DQC.US.0015":
        return "checks.reproduce_fact", {"filing_id": filing_id, "fact_id": total.fact_id}
    if r.rule_id == "DQC.US.0117" and r.axis:
        return "checks.reproduce_members", {
            "filing_id": filing_id,
            "concept": total.concept,
            "period_key": total.period,
            "dims": total.dimensions,
            "axis": r.axis,
        }
    if r.network:
        return "checks.reproduce_calc", {
            "filing_id": filing_id,
            "role": r.network,
            "parent": total.concept,
            "period_key": total.period,
        }
    return None


def _rows(r: CheckResult) -> str:
    out = []
    for f in r.facts:
        sign = "" if f.weight is None else ("+ " if not f.weight.startswith("-") else "− ")
        cls = ' class="total"' if f.role == "total" else ""
        label = f.concept if f.role != "member" else ", ".join(f.dimensions) or f.concept
        out.append(
            f"<tr{cls}><td>{escape(sign + label)}</td><td class=num>{escape(f.value or 'nil')}</td>"
            f"<td>{escape(f.decimals or 'INF')}</td><td>{escape(f.fact_id)}</td></tr>"
        )
    if r.expected_value is None:  # a structural finding names facts; there is no value to expect
        return "<table class=tree><tr><th>item</th><th>value</th><th>decimals</th><th>fact</th></tr>" + "".join(out) + "</table>"
    out.append(
        f"<tr><td>expected ({'sum' if r.rule_id != 'DQC.US.0015' else 'sign-corrected'})</td>"
        f"<td class=num>{escape(r.expected_value or '')}</td><td>{escape(r.decimals or '')}</td><td></td></tr>"
    )
    out.append(
        f"<tr><td>difference (tolerance {escape(r.tolerance or '')})</td><td class='num diff'>"
        f"{escape(r.difference or '')}</td><td></td><td></td></tr>"
    )
    return "<table class=tree><tr><th>item</th><th>value</th><th>decimals</th><th>fact</th></tr>" + "".join(out) + "</table>"


def _section(r: CheckResult, filing_id: str) -> str:
    status = {"violation": "bad", "ok": "ok"}.get(r.status, "ne")
    head = (
        f"<h3><span class={status}>{escape(r.sub_rule)}</span> {escape(r.concept or '')}</h3>"
        f"<p>{escape(r.network_definition or r.network or '')} · period {escape(r.period or '')} · unit "
        f"{escape(r.unit or '')}{' · ' + escape(', '.join(r.dimensions)) if r.dimensions else ''}</p>"
    )
    note = f"<p>{escape(r.reason)}</p>" if r.reason and r.message and r.reason != r.message else ""
    body = _rows(r) + f"<p>{escape(r.message or r.reason)}</p>" + note
    if r.list_file:
        body += f"<p>DQC list: {escape(r.list_file)} ({escape(r.list_version or '')})</p>"
    rep = reproduce(r, filing_id)
    if rep:
        name, params = rep
        body += (
            f"<details><summary>Cypher that reproduces it ({escape(name)})</summary><pre>"
            f"{escape(_params(params))}\n\n{escape(queries.get(name).text)}</pre></details>"
        )
    return head + body


def _families(report: AuditReport) -> str:
    """The findings grouped by rule family, each under a heading with its count (DQC families, then CALC11)."""
    groups: dict[str, list[CheckResult]] = {}
    for r in report.findings + report.calc11:
        groups.setdefault(r.rule_id, []).append(r)
    out = []
    for rule_id, rs in groups.items():
        body = "".join(_section(r, report.filing_id) for r in rs)
        out.append(f"<h2 id='{escape(rule_id)}'>{escape(rule_id)}: {len(rs)} finding(s)</h2>{body}")
    return "".join(out)


def render_html(report: AuditReport, sections: Sequence[str] = ()) -> str:
    """The page; `sections` are more HTML sections composed by the CLI root from later stages (the
    narrative check of `audit --narrative`), which this stage may not import."""
    summary = "".join(
        f"<tr><td>{escape(s.rule)}</td><td class=num>{s.evaluated}</td><td class=num>{s.violations}</td>"
        f"<td class=num>{s.ok}</td><td class=num>{s.not_evaluable}</td><td>{escape(s.not_run or '')}</td></tr>"
        for s in report.rules
    )
    findings = _families(report) or "<p class=ok>No findings.</p>"
    extra = "".join(sections)
    notes = "".join(f"<li>{escape(n)}</li>" for n in report.notes)
    return (
        f"<!doctype html><html><head><meta charset=utf-8><title>Audit {escape(report.filing_id)}</title>"
        f"<style>{CSS}</style></head><body><h1>Audit of {escape(report.filing_id)}: {escape(headline(report))}</h1>"
        f"<p>{escape(report.form or '')} · period end {escape(report.period_end or '?')} · us-gaap "
        f"{report.us_gaap_year or '?'}</p><table><tr><th>rule</th><th>evaluated</th><th>violations</th><th>ok</th>"
        f"<th>not evaluable</th><th>not run</th></tr>{summary}</table><ul>{notes}</ul>{findings}{extra}</body></html>"
    )
