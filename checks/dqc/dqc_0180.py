"""DQC.US.0180 "Dividends Per Share": dividends per share payable on an income statement, and dividends paid that
differ from dividends declared without a declared-per-share value.

Official logic (DQCRT 27):
- 10147: a statement presentation network (STATEMENT_PRES_NETWORKS) presenting both IncomeStatementAbstract and
  DividendsPayableAmountPerShare, when the filing reports a fact of DividendsPayableAmountPerShare (any context, nils
  too): one finding per network. The element is the amount payable at a date, not the dividend declared for a period.
- 10154: the same for a parenthetical statement network presenting DividendsPayableAmountPerShare.
- 10148 (common) / 10149 (preferred): each non-nil PaymentsOfDividendsCommonStock (PaymentsOfDividendsPreferredStockAnd
  PreferenceStock) fact that differs from the first of DividendsCommonStock, DividendsCommonStockCash (DividendsPreferredStock,
  DividendsPreferredStockCash) with the same period and dimensions (any unit), when the filing reports no non-nil
  CommonStockDividendsPerShareDeclared (PreferredStockDividendsPerShareDeclared) at all and no
  DividendsPerShareNotDisclosed = true. Payments with no declared amount to compare are not
  tested (an assumption: the engine's first-value of two absent facts; no shared filing tells). The finding is about the payment fact.
The facts of 10147/10154 are the DividendsPayableAmountPerShare facts (first by context). The rule set has no form test.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, us_gaap_key, violation
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0180"
C10147, C10148, C10149, C10154 = (f"{RULE}.{n}" for n in (10147, 10148, 10149, 10154))
QUERY = "dqc.dqc_0180_networks"
PAYABLE = "DividendsPayableAmountPerShare"
# (code, payments, declared amounts in order of preference, the per-share element that should be reported)
PAID_VS_DECLARED = (
    (
        C10148,
        "PaymentsOfDividendsCommonStock",
        ("DividendsCommonStock", "DividendsCommonStockCash"),
        "CommonStockDividendsPerShareDeclared",
    ),
    (
        C10149,
        "PaymentsOfDividendsPreferredStockAndPreferenceStock",
        ("DividendsPreferredStock", "DividendsPreferredStockCash"),
        "PreferredStockDividendsPerShareDeclared",
    ),
)


def _payable_in_networks(rows: list[dict[str, str]], facts: list[Fact]) -> list[CheckResult]:
    if not facts:
        return []
    first = sorted(facts, key=lambda f: (f.context_id or "", f.fact_id))[0]
    out = []
    for row in rows:
        if row["kind"] not in ("statement", "parenthetical"):
            continue
        code = C10147 if row["kind"] == "statement" else C10154
        where = "an income statement" if code == C10147 else "a parenthetical statement"
        msg = (
            f"The network {row['definition']} ({where}) presents {first.qname}, reported {len(facts)} time(s) (e.g. "
            f"{first.raw}, {described(first)}). That element is the dividend payable per share at a date; the dividend "
            "declared for the period is CommonStockDividendsPerShareDeclared (or the cash paid element)."
        )
        out.append(replace(violation(RULE, code, first, msg), network=row["uri"], network_definition=row["definition"]))
    return out


def _by_place(facts: list[Fact]) -> dict[tuple[str, tuple[tuple[str, str], ...]], list[Fact]]:
    out: dict[tuple[str, tuple[tuple[str, str], ...]], list[Fact]] = defaultdict(list)
    for f in facts:
        if not f.nil:
            out[(f.period_key, f.dims)].append(f)
    return out


def _paid_vs_declared(inp: RuleInput, index: dict[str, list[Fact]]) -> list[CheckResult]:
    out = []
    for code, paid, declared, per_share in PAID_VS_DECLARED:
        # any declared-per-share fact switches the test off: the engine's exists() has no value for the payment's
        # alignment when the per-share facts are elsewhere, and then reports nothing (NI_Q3_2023 declares per share by
        # class of stock only and is not reported)
        if any(not f.nil for f in index.get(us_gaap_key(inp.year, per_share), [])):
            continue
        # units are not aligned (the rule's factsets say @unit=*): period and dimensions are
        pools = [_by_place(index.get(us_gaap_key(inp.year, n), [])) for n in declared]
        for f in index.get(us_gaap_key(inp.year, paid), []):
            key = (f.period_key, f.dims)
            if f.nil:
                continue
            expense = next((pool[key] for pool in pools if pool.get(key)), [])
            for e in expense:
                if e.amount != f.amount:
                    msg = (
                        f"{f.qname} is {f.raw} but {e.qname} is {e.raw} ({described(f)}), and the filing reports no "
                        f"{per_share}. When the dividends paid differ from those declared, report the dividends "
                        f"declared per share with us-gaap:{per_share}."
                    )
                    out.append(violation(RULE, code, f, msg))
    return out


def check(inp: RuleInput) -> list[CheckResult]:
    rows = [dict(r) for r in inp.rows(QUERY)]
    index = engine_facts(inp.data)
    out = _payable_in_networks(rows, index.get(us_gaap_key(inp.year, PAYABLE), []))
    if not any(r["kind"] == "not-disclosed" for r in rows):
        out += _paid_vs_declared(inp, index)
    return out


FAMILY = Rule(
    key="0180",
    rule_id=RULE,
    name="Dividends Per Share",
    codes=(C10147, C10148, C10149, C10154),
    check=check,
    queries=(QUERY,),
    forms=frozenset(),  # the compiled official rule names no form: every form
)
