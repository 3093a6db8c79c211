"""DQC.US.0085 "Deferred Tax Assets and Liabilities".

- 9361: a footnote-only deferred tax element (DeferredTaxAssetsNet, DeferredTaxAssetsLiabilitiesNet,
  DeferredTaxLiabilities) in a statement's presentation network: cypher/dqc/dqc_0085.cypher.
- 9362 / 9363: a non-dimensional DeferredIncomeTaxAssetsNet / DeferredIncomeTaxLiabilitiesNet fact whose element has
  no summation-item parent in any of the filing's calculation networks.
- 9364 / 9365 / 9367: a fact (any dimensions) of DeferredTaxAssetsNet / DeferredTaxAssetsLiabilitiesNet /
  DeferredTaxLiabilities whose element has Assets (Liabilities or LiabilitiesAndStockholdersEquity for 9367) among
  its calculation ancestors within one network.
Nil facts count, as in the official engine (it keeps nils in fact queries unless told otherwise).
"""

from __future__ import annotations

from collections import defaultdict

from auditgraph.checks.filing_data import Arc, Fact, FilingData
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation, findings_from_rows

RULE = "DQC.US.0085"
QUERY = "dqc.dqc_0085"
USGAAP = "http://fasb.org/us-gaap/"

# 9362 / 9363: balance sheet elements that must have a calculation parent
NEEDS_PARENT = {"DeferredIncomeTaxAssetsNet": "9362", "DeferredIncomeTaxLiabilitiesNet": "9363"}
# 9364 / 9365 / 9367: footnote elements that must not roll up into these totals
FOOTNOTE_TOTALS = {
    "DeferredTaxAssetsNet": ("9364", ("Assets",)),
    "DeferredTaxAssetsLiabilitiesNet": ("9365", ("Assets",)),
    "DeferredTaxLiabilities": ("9367", ("Liabilities", "LiabilitiesAndStockholdersEquity")),
}


def _usgaap_name(key: str) -> str | None:
    """The local name of a us-gaap concept key, None for any other namespace."""
    ns, _, name = key.rpartition("#")
    return name if ns.startswith(USGAAP) else None


def _ancestor_names(arcs: list[Arc], name: str) -> set[str]:
    """us-gaap names of the calculation ancestors of `name`, network by network (a path never changes role)."""
    parents: dict[tuple[str, str], set[str]] = defaultdict(set)
    starts = set()
    for a in arcs:
        parents[(a.role, a.target_key)].add(a.source_key)
        if _usgaap_name(a.target_key) == name:
            starts.add((a.role, a.target_key))
    found: set[str] = set()
    for role, key in starts:
        todo, seen = [key], {key}
        while todo:
            for p in parents.get((role, todo.pop()), ()):
                if p not in seen:
                    seen.add(p)
                    todo.append(p)
                    found.add(_usgaap_name(p) or "")
    return found - {""}


def _has_parent(arcs: list[Arc], name: str) -> bool:
    return any(_usgaap_name(a.target_key) == name for a in arcs)


def _describe(f: Fact) -> str:
    dims = ", ".join(f.dim_strings) or "none"
    value = "nil" if f.nil else f.raw
    return f"value {value}, period {f.period_key}, dimensions {dims}, unit {f.unit}, decimals {f.decimals_raw}"


def _no_parent(data: FilingData) -> list[CheckResult]:
    out = []
    for f in data.facts:
        name = _usgaap_name(f.concept_key)
        if name not in NEEDS_PARENT or f.dims or _has_parent(data.calc, name):
            continue
        side, total = ("asset", "Assets") if name.endswith("AssetsNet") else ("liability", "Liabilities")
        message = (
            f"{f.qname} ({_describe(f)}) is a balance sheet {side} but has no parent in any calculation of the filing. "
            f"Put it on the balance sheet in a calculation that rolls up into {total}, or report it with the Balance Sheet "
            "Location Axis; if this is the jurisdictionally netted amount shown only in the tax footnote, also report the "
            "amount before netting with the footnote element."
        )
        out.append(fact_violation(RULE, NEEDS_PARENT[name], f, message))
    return out


def _under_totals(data: FilingData) -> list[CheckResult]:
    out = []
    ancestors: dict[str, set[str]] = {}
    for f in data.facts:
        name = _usgaap_name(f.concept_key)
        if name not in FOOTNOTE_TOTALS:
            continue
        code, totals = FOOTNOTE_TOTALS[name]
        if name not in ancestors:
            ancestors[name] = _ancestor_names(data.calc, name)
        hit = [t for t in totals if t in ancestors[name]]
        if not hit:
            continue
        message = (
            f"{f.qname} ({_describe(f)}) is a footnote element, yet the filing's calculations roll it up into "
            f"{' and '.join(hit)} on the face statements. Use DeferredIncomeTaxAssetsNet or "
            "DeferredIncomeTaxLiabilitiesNet on the balance sheet and keep this element for the income tax footnote."
        )
        out.append(fact_violation(RULE, code, f, message))
    return out


def check(inp: RuleInput) -> list[CheckResult]:
    statement = findings_from_rows(FAMILY, inp.rows(QUERY))
    return statement + _no_parent(inp.data) + _under_totals(inp.data)


FAMILY = Rule(
    key="0085",
    rule_id=RULE,
    name="Deferred Tax Assets and Liabilities",
    codes=tuple(f"{RULE}.{c}" for c in ("9361", "9362", "9363", "9364", "9365", "9367")),
    check=check,
    queries=(QUERY,),
    forms=frozenset(),  # the official rule set has no form test: any form (9361 itself skips 8-K)
    portfolio_query=QUERY,  # its rows are findings per filing, so a portfolio audit may run it once for all
)
