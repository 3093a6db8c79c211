"""Checker results as tables for people, shared by `check` and `audit` (auditgraph.tables keeps ids and
numbers whole and drops low-value columns to fit the console).

The concept and the period tell one finding from the next, so neither is ever dropped. When a long concept
name leaves no room for both in one table, the results are grouped under a line naming rule, concept and
dimensions (the terminal wraps that line; nothing cuts it), each group a table of its periods and values.
``wide`` keeps the one flat table with every column, however wide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from auditgraph.checks.result import CheckResult
from auditgraph.checks.xbrl_decimals import fmt, parse_value
from auditgraph.tables import Col, dropped, fit_table, fits, print_table

if TYPE_CHECKING:  # portfolio imports audit, which imports this module
    from auditgraph.checks.portfolio import PortfolioReport

LONG_NOTE = 60  # characters: a longer detail is printed under its group's table, not as a column
_STATUS_STYLE = {"violation": "red", "not_evaluable": "yellow"}


def list_label(r: CheckResult) -> str:
    """`dqc_15_usgaap_2023_concepts.csv (dqc_us_rules@e54b01f59c3b)`, or "" for results no list decided."""
    return f"{r.list_file} ({r.list_version})" if r.list_file else ""


def number(value: str | None) -> str:
    """One format for every value a table shows, reported or computed: the exact decimal without a float's
    noise ("-261000.0" -> "-261000", as the expected value "-1517000" is written); JSON keeps the fact's text."""
    if value is None:
        return ""
    return fmt(parse_value(value)) or value


def detail(r: CheckResult) -> str:
    """Why: the rule's reason (a CALC11 total: computed vs reported), then the difference and tolerance."""
    parts = [r.reason] if r.reason else []
    if r.difference is not None:
        parts.append(f"diff {number(r.difference)}, tol {number(r.tolerance)}")
    elif not parts and r.message:
        parts.append(r.message)
    return "; ".join(parts)


def print_findings(console: Console, results: list[CheckResult], *, title: str, status: bool, wide: bool = False) -> None:
    """Print the results: one flat table when it fits (or ``wide``), else grouped under each concept.
    ``status`` adds the status column (`check` shows ok rows too; `audit` lists findings only)."""
    with_list = any(r.list_file for r in results)  # 0015: which DQC list (file, version) decided each row
    flat_cols = [
        Col("rule", "id"),
        *([Col("status", "id")] if status else []),
        Col("concept", "id"),
        Col("reported", "number"),
        Col("expected", "number"),
        Col("period", "id"),
        Col("dimensions", "id", drop=2),
        Col("detail", drop=1),
        *([Col("list", drop=3)] if with_list else []),
    ]
    flat = [
        [
            r.sub_rule,
            *([_status(r)] if status else []),
            r.concept or "",
            number(r.reported_value),
            number(r.expected_value),
            r.period or "",
            "\n".join(r.dimensions),
            escape(detail(r)),
            *([list_label(r)] if with_list else []),
        ]
        for r in results
    ]
    width = console.width  # read once: rich works it out from the terminal each time
    if wide or fits(flat_cols, flat, width):
        print_table(console, fit_table(flat_cols, flat, width, wide=wide, title=title, show_lines=True), wide=wide)
        _say_dropped(console, [] if wide else dropped(flat_cols, flat, width), width)
        return
    console.print(title, style="italic", justify="center", soft_wrap=True)
    groups: dict[tuple[str, str, tuple[str, ...]], list[CheckResult]] = {}
    for r in results:
        groups.setdefault((r.sub_rule, r.concept or "", tuple(r.dimensions)), []).append(r)
    left_out: list[str] = []
    for (rule, concept, dims), group in groups.items():
        # one status for the whole group goes on its heading: the room it frees keeps the difference column
        shared = group[0].status if status and len({r.status for r in group}) == 1 else None
        where = f" [{', '.join(dims)}]" if dims else ""
        # a Text, not markup: nothing in the names is read as a tag, and there is nothing to parse
        heading = Text.assemble((rule, "bold"), f" {concept}{where}")
        if shared:
            heading.append_text(Text.assemble(": ", (shared, _STATUS_STYLE.get(shared, ""))))
        console.print(heading, soft_wrap=True, highlight=False)
        with_status = status and not shared
        cols = [
            Col("period", "id"),
            *([Col("status", "id")] if with_status else []),
            Col("reported", "number"),
            Col("expected", "number"),
            Col("difference", "number", drop=1),
            Col("detail", drop=2),
        ]
        rows = [
            [
                r.period or "",
                *([_status(r)] if with_status else []),
                number(r.reported_value),
                number(r.expected_value),
                number(r.difference),
                escape(r.reason or r.message or "") if r.difference is None else "",
            ]
            for r in group
        ]
        # a short note is a column; a long one (a structural rule's message names whole QNames, which no column can
        # break) follows the table as lines the terminal wraps, so the table itself fits
        long_notes = any(len(row[-1]) > LONG_NOTE for row in rows)
        if not any(row[-1] for row in rows) or long_notes:
            cols = cols[:-1]
        if not any(row[len(cols) - 1] for row in rows) and cols[-1].name == "difference":
            cols = cols[:-1]  # no row has a difference (a structural rule): an empty column says nothing
        table_rows = sorted(row[: len(cols)] for row in rows)
        if "difference" in dropped(cols, table_rows, width):  # the short header is often the few columns missing
            cols = [Col("diff", "number", drop=1) if c.name == "difference" else c for c in cols]
        print_table(console, fit_table(cols, table_rows, width))  # a structural finding too: one row per finding
        for name in dropped(cols, table_rows, width):
            name = "difference" if name == "diff" else name
            left_out += [] if name in left_out else [name]
        for note in dict.fromkeys(row[-1] for row in rows if long_notes and row[-1]):
            console.print(Text(note), soft_wrap=True, highlight=False)
    _say_dropped(console, left_out, width)


def _say_dropped(console: Console, names: list[str], width: int) -> None:
    """A column left out for width is said, never silent."""
    if names:
        console.print(f"[dim]Not shown at {width} columns: {', '.join(names)} (--wide or --json shows every column).[/dim]")


def _status(r: CheckResult) -> str:
    style = _STATUS_STYLE.get(r.status, "")
    return f"[{style}]{r.status}[/{style}]" if style else r.status


__all__ = ["detail", "list_label", "print_findings"]


_FILING_COLS = (
    Col("filing", "id"),
    Col("form", "id", drop=2),
    Col("year", "number", drop=3),
    Col("verdict", "id"),
    Col("DQC", "number"),
    Col("CALC11", "number"),
    Col("not run", "number", drop=1),
)
_FAMILY_COLS = (
    Col("family", "id"),
    Col("findings", "number"),
    Col("filings", "number"),
    Col("not run", "number", drop=2),
    Col("name", "text", drop=1),
)


def print_portfolio(console: Console, result: PortfolioReport, *, wide: bool = False) -> None:
    """`audit --all`: one row per filing (most findings first), then one per rule family with findings or
    filings it could not run on; "not run" counts the rules that could not run (year, form, missing data)."""
    filings = sorted(result.filings, key=lambda f: (-(f.findings + f.calc11), f.filing_id))
    rows = [
        [f.filing_id, f.form or "", str(f.us_gaap_year or ""), f.verdict, str(f.findings), str(f.calc11), str(len(f.not_run))]
        for f in filings
    ]
    title = f"Portfolio audit: {len(filings)} filings"
    print_table(console, fit_table(_FILING_COLS, rows, console.width, wide=wide, title=title), wide=wide)
    fams = [f for f in result.families if f.findings or f.not_run]
    fam_rows = [[f.rule_id, str(f.findings), str(f.filings), str(f.not_run), f.name] for f in fams]
    quiet = len(result.families) - len(fams)
    title = f"Rule families: {sum(f.findings for f in fams)} findings ({quiet} families found nothing and ran everywhere)"
    print_table(console, fit_table(_FAMILY_COLS, fam_rows, console.width, wide=wide, title=title), wide=wide)
