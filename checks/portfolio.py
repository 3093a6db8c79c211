"""The portfolio audit: every registered rule on every loaded filing, one summary per filing and per family.

Each filing is audited as `audit` audits it (audit.audit_filing: the same guards, verdicts and notes). What is
shared is read once: the DQCRT constants of each year (rulebook.Constants) and, for every structural rule, its
`cypher/dqc` query run once with `$filing_id` null (the rows then grouped by filing), so a portfolio costs one
query per structural rule rather than one per rule and filing.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from auditgraph.checks.audit import audit_filing
from auditgraph.checks.filing_data import read_records
from auditgraph.checks.result import AuditReport
from auditgraph.checks.rulebook import Constants, Coverage, registry
from auditgraph.errors import QueryFailed
from auditgraph.graph import Graph

WORKERS = 3  # filings audited at once: enough to keep a 2-core server busy while Python decides


@dataclass(kw_only=True)
class FilingSummary:
    filing_id: str
    form: str | None
    us_gaap_year: int | None
    verdict: str
    findings: int  # DQC findings
    calc11: int
    families: dict[str, int]  # rule id -> findings
    not_run: list[str]  # "DQC.US.0121: why" for every rule that could not run on this filing


@dataclass(kw_only=True)
class FamilySummary:
    rule_id: str
    name: str
    findings: int
    filings: int  # filings with a finding of the family
    not_run: int  # filings the family could not run on (year, form, missing data)


@dataclass(kw_only=True)
class PortfolioReport:
    filings: list[FilingSummary]
    families: list[FamilySummary]
    reports: list[AuditReport] = field(default_factory=list)


def loaded_filings(graph: Graph) -> list[str]:
    return [r["id"] for r in read_records(graph, "checks.loaded_filings")]


def prefetch(graph: Graph, rules: Sequence[str], workers: int = WORKERS) -> dict[str, dict[str, list[Any]]]:
    """query -> filing id -> rows, for every structural rule among `rules`: its query once over every filing."""
    wanted = list(dict.fromkeys(q for key in rules if (q := registry()[key].portfolio_query)))

    def grouped(query: str) -> dict[str, list[Any]] | None:
        try:
            rows = read_records(graph, query, filing_id=None)
        except QueryFailed:  # too slow over this whole database: the rule then reads filing by filing
            return None
        out: dict[str, list[Any]] = defaultdict(list)
        for row in rows:
            out[row["filing_id"]].append(row)
        return dict(out)

    with ThreadPoolExecutor(workers) as pool:
        return {q: rows for q, rows in zip(wanted, pool.map(grouped, wanted), strict=True) if rows is not None}


def summarize(report: AuditReport) -> FilingSummary:
    families = Counter(r.rule_id for r in report.findings)
    names = {r.key: r.rule_id for r in registry().values()}
    return FilingSummary(
        filing_id=report.filing_id,
        form=report.form,
        us_gaap_year=report.us_gaap_year,
        verdict=report.verdict,
        findings=len(report.findings),
        calc11=len(report.calc11),
        families=dict(sorted(families.items())),
        not_run=[f"{names.get(s.rule, s.rule)}: {s.not_run}" for s in report.rules if s.not_run],
    )


def audit_portfolio(
    graph: Graph,
    rules: Sequence[str],
    coverage: Coverage = "expanded",
    filing_ids: Sequence[str] | None = None,
    on_filing: Callable[[str], None] | None = None,
    keep_reports: bool = False,
    workers: int = WORKERS,
) -> PortfolioReport:
    """Every loaded filing (or `filing_ids`), every rule in `rules`; `on_filing` is called as each one is done."""
    ids = list(filing_ids) if filing_ids is not None else loaded_filings(graph)
    constants = Constants(graph)
    rows = prefetch(graph, rules, workers)

    def one(fid: str) -> AuditReport:
        report = audit_filing(graph, fid, rules, coverage, constants=constants, prefetched=rows)
        if on_filing:
            on_filing(fid)
        return report

    # a few filings at once: while one waits for the server, another computes (the driver is thread-safe)
    with ThreadPoolExecutor(workers) as pool:
        done = list(pool.map(one, ids))
    filings = [summarize(r) for r in done]
    reports = done if keep_reports else []
    return PortfolioReport(filings=filings, families=family_totals(rules, filings, reports), reports=reports)


def family_totals(rules: Sequence[str], filings: list[FilingSummary], reports: list[AuditReport]) -> list[FamilySummary]:
    del reports  # the totals come from the summaries alone
    out = []
    for key in rules:
        rule = registry()[key]
        if key == "calc11":
            counts = [f.calc11 for f in filings]
        else:
            counts = [f.families.get(rule.rule_id, 0) for f in filings]
        out.append(
            FamilySummary(
                rule_id=rule.rule_id,
                name=rule.name,
                findings=sum(counts),
                filings=sum(1 for c in counts if c),
                not_run=sum(1 for f in filings if any(n.startswith(rule.rule_id + ":") for n in f.not_run)),
            )
        )
    return out
