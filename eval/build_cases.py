"""`auditgraph eval build-cases`: audit cases with known answers from loaded filings.

Three kinds of case per filing, all concept-period questions in the Table 10 schema:
- checker_finding: a violation the checkers report on the real filing; the reference is the
  checker's reported/expected value (marked reviewed=False until a person checks it).
- injected_*: a fact that the rule evaluated as exactly consistent (expected == reported) is
  rewritten in a COPY of the filing, which is loaded as a filing of its own. The reference is
  known by construction, independent of any checker: extracted = the injected value,
  calculated = the original value (for a sign flip: the original positive value; for a broken
  calculation or dimensional total: the original total, which its children / members sum to).
- compliant: untouched facts that every rule evaluated as exactly consistent; reference
  verdict consistent, both values = the reported value (nothing to correct).

When one concept-period has several findings the reference follows the paper's translator
priority DQC.US.0126 > DQC.US.0015 > DQC.US.0117.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any, cast

from auditgraph.checks.case import PRIORITY  # the paper's translator order, shared with the checker-only system
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rule_data import split_key
from auditgraph.errors import AuditGraphError, ConfigError
from auditgraph.eval.cases import RULE_FAMILIES, AuditCase, Origin, ReferenceAnswer
from auditgraph.eval.inject import FactEdit, copy_filing, format_value, rewrite_fact
from auditgraph.graph import Graph

INJECTION: dict[str, Origin] = {
    "DQC.US.0015": "injected_sign_flip",
    "DQC.US.0126": "injected_calc_total",
    "DQC.US.0117": "injected_dim_total",
}


@dataclass(frozen=True)
class FilingMeta:
    id: str
    ticker: str | None
    form: str | None
    filing_date: date | None
    period_end: date | None
    source: str | None  # path of the instance (or its folder) the filing was loaded from
    collection: str = "unknown"


@dataclass(frozen=True)
class Injection:
    """A planned edit: rewrite the fact `fact_id` of `filing` to `new_value` in a copy."""

    case_id: str
    filing: FilingMeta
    result: CheckResult  # the consistent evaluation the case starts from
    fact_id: str
    new_value: Decimal
    original: Decimal

    @property
    def origin(self) -> Origin:
        return INJECTION[self.result.rule_id]


def case_key(r: CheckResult) -> tuple[Any, ...]:
    return (r.concept, r.period, tuple(sorted(r.dimensions)), r.unit)


def _dec(v: str | None) -> Decimal | None:
    try:
        return Decimal(v) if v is not None else None
    except ArithmeticError:
        return None


def _reported(r: CheckResult) -> Decimal:
    """The reported value of an exactly consistent result (exactly_consistent has parsed it)."""
    v = _dec(r.reported_value)
    assert v is not None, f"{r.rule_id} {r.concept}: reported value {r.reported_value!r} is not a number"
    return v


def exactly_consistent(r: CheckResult) -> bool:
    """ok, with a nonzero reported value that its expected value equals exactly."""
    rep, exp = _dec(r.reported_value), _dec(r.expected_value)
    return r.status == "ok" and rep is not None and exp is not None and rep == exp and rep != 0


def total_fact(r: CheckResult) -> str | None:
    """The fact id whose value the case is about (the total of a calculation / breakdown)."""
    for role in ("total", "fact"):
        for f in r.facts:
            if f.role == role:
                return f.fact_id
    return r.facts[0].fact_id if r.facts else None


def _base(filing: FilingMeta, r: CheckResult, case_id: str, filing_id: str | None = None) -> dict[str, Any]:
    return dict(
        case_id=case_id,
        source=filing.collection,
        filing_id=filing_id or filing.id,
        ticker=filing.ticker,
        form=filing.form,
        filing_date=filing.filing_date,
        period_end=filing.period_end,
        concept=r.concept,
        period=r.period,
        dims=tuple(sorted(r.dimensions)),
        unit=r.unit,
        original_id=f"{filing.id}|{r.sub_rule}|{total_fact(r)}",
        reference_rule=r.rule_id,
    )


def finding_cases(filing: FilingMeta, results: Sequence[CheckResult]) -> list[AuditCase]:
    """One case per concept-period with a violation; the highest-priority rule gives the reference."""
    best: dict[tuple[Any, ...], CheckResult] = {}
    for r in results:
        if r.status != "violation" or r.rule_id not in RULE_FAMILIES or not r.concept or not r.period:
            continue
        k = case_key(r)
        if k not in best or PRIORITY.index(r.rule_id) < PRIORITY.index(best[k].rule_id):
            best[k] = r
    cases = []
    for i, r in enumerate(sorted(best.values(), key=lambda r: (PRIORITY.index(r.rule_id), str(case_key(r))))):
        cases.append(
            AuditCase(
                **_base(filing, r, f"{filing.id}:finding:{i:03d}"),
                reference_verdict="violation",
                reference_answer=ReferenceAnswer(extracted_value=r.reported_value, calculated_value=r.expected_value),
                origin="checker_finding",
                reviewed=False,
                notes=f"{r.sub_rule}: {r.message[:300]}",
            )
        )
    return cases


def _clean_keys(results: Iterable[CheckResult]) -> tuple[dict[tuple[Any, ...], list[CheckResult]], set[tuple[Any, ...]]]:
    """Exactly consistent results by case key, and the keys no case may start from: flagged by
    any rule, or ok only within a tolerance (another rule's expected value could then differ
    from the original, and the reference would depend on which rule a system names)."""
    ok: dict[tuple[Any, ...], list[CheckResult]] = {}
    unsafe: set[tuple[Any, ...]] = set()
    for r in results:
        if not r.concept or not r.period:
            continue
        if exactly_consistent(r) and r.rule_id in RULE_FAMILIES:
            ok.setdefault(case_key(r), []).append(r)
        elif r.status in ("violation", "ok"):
            unsafe.add(case_key(r))
    return ok, unsafe


def _clean_pools(
    results: Sequence[CheckResult], exclude: AbstractSet[tuple[Any, ...]]
) -> tuple[dict[tuple[Any, ...], list[CheckResult]], dict[str, list[Any]]]:
    """Per rule family, the concept-periods that rule found exactly consistent and nothing flagged."""
    ok, flagged = _clean_keys(results)
    return ok, {
        rule: sorted(
            (k for k, rs in ok.items() if k not in flagged and k not in exclude and any(r.rule_id == rule for r in rs)), key=str
        )
        for rule in RULE_FAMILIES
    }


def compliant_cases(
    filing: FilingMeta,
    results: Sequence[CheckResult],
    per_rule: int,
    rng: random.Random,
    exclude: AbstractSet[tuple[Any, ...]] = frozenset(),
) -> list[AuditCase]:
    """Up to per_rule untouched, exactly consistent concept-periods per rule family."""
    ok, pools = _clean_pools(results, exclude)
    cases: list[AuditCase] = []
    for rule, pool in pools.items():
        for k in rng.sample(pool, min(per_rule, len(pool))):
            r = next(r for r in ok[k] if r.rule_id == rule)
            cid = f"{filing.id}:compliant:{rule[-4:]}:{len(cases):03d}"
            cases.append(
                AuditCase(
                    **_base(filing, r, cid),
                    reference_verdict="consistent",
                    reference_answer=ReferenceAnswer(extracted_value=r.reported_value, calculated_value=r.reported_value),
                    origin="compliant",
                    notes=f"{r.sub_rule} evaluated ok, expected == reported",
                )
            )
    return cases


def injected_value(r: CheckResult, original: Decimal) -> Decimal | None:
    """The value written into the copy, or None when the fact cannot carry a clean violation.

    Sign flip: the negated value. Calculation total: the original grown by about 7% (at least 10
    tolerances) on the fact's own decimals grid. Dimensional total: set below its largest member
    (90% of it, on the grid), because DQC.US.0117 holds back an axis whose facts also appear in
    a disclosure cube unless a member exceeds the total, and its ASC 606 exception may excuse a
    revenue total above its member sum but never one below it. Nothing crosses zero, so
    DQC.US.0015 stays silent on the edited fact."""
    if r.rule_id == "DQC.US.0015":
        return -original
    d = None
    for f in r.facts:
        if f.fact_id == total_fact(r) and f.decimals not in (None, "INF"):
            d = int(f.decimals)
    step = Decimal(1).scaleb(-d) if d is not None else Decimal(1)
    tol = _dec(r.tolerance) or step
    if r.rule_id == "DQC.US.0117":
        members = [v for f in r.facts if f.role == "member" and (v := _dec(f.value)) is not None]
        if original <= 0 or not members or max(members) <= 0:
            return None
        new = (max(members) * Decimal("0.9") / step).to_integral_value(rounding="ROUND_FLOOR") * step
        return new if 0 < new < max(members) and original - new > 10 * tol else None
    delta = max(abs(original) * Decimal("0.07"), 10 * tol, step)
    delta = (delta / step).to_integral_value() * step
    return original + delta if original > 0 else original - delta


def plan_injections(
    filing: FilingMeta,
    results: Sequence[CheckResult],
    per_rule: int,
    rng: random.Random,
    exclude: AbstractSet[tuple[Any, ...]] = frozenset(),
) -> list[Injection]:
    """Up to per_rule exactly consistent, non-negative-by-rule facts per family to break in a copy."""
    ok, pools = _clean_pools(results, exclude)
    plans: list[Injection] = []
    for rule, pool in pools.items():
        if rule == "DQC.US.0015":  # positive, non-dimensional facts: the flip is then a violation with no exclusion
            pool = [k for k in pool if not k[2] and _reported(next(r for r in ok[k] if r.rule_id == rule)) > 0]
        for k in rng.sample(pool, min(per_rule, len(pool))):
            r = next(r for r in ok[k] if r.rule_id == rule)
            fact_id = total_fact(r)
            if fact_id is None:
                continue
            original = _reported(r)
            new_value = injected_value(r, original)
            if new_value is None:
                continue
            cid = f"{filing.id}:{INJECTION[rule].removeprefix('injected_')}:{len(plans):03d}"
            plans.append(Injection(cid, filing, r, fact_id, new_value, original))
    return plans


def injected_case(inj: Injection, copy_filing_id: str) -> AuditCase:
    r = inj.result
    calculated = abs(inj.original) if r.rule_id == "DQC.US.0015" else inj.original
    return AuditCase(
        **_base(inj.filing, r, inj.case_id, filing_id=copy_filing_id),
        reference_verdict="violation",
        reference_answer=ReferenceAnswer(extracted_value=format_value(inj.new_value), calculated_value=format_value(calculated)),
        origin=inj.origin,
        reviewed=True,
        notes=f"{r.sub_rule}: fact {inj.fact_id} of {inj.filing.id} changed from "
        f"{format_value(inj.original)} to {format_value(inj.new_value)} in a copy",
    )


@dataclass(frozen=True)
class Review:
    """A person's check of one checker finding against the official rule text."""

    original_id: str  # AuditCase.original_id: "{filing}|{sub_rule}|{fact_id}"
    agree: bool  # the finding is a violation of the rule as written
    note: str


def read_reviews(path: Path) -> dict[str, Review]:
    from auditgraph.eval.cases import iter_jsonl

    out = {}
    for lineno, obj in iter_jsonl(path):
        if not isinstance(obj.get("original_id"), str) or not isinstance(obj.get("agree"), bool):
            raise ConfigError(f"{path}:{lineno}: a review needs original_id (string) and agree (true/false)")
        out[obj["original_id"]] = Review(obj["original_id"], obj["agree"], str(obj.get("note", "")))
    return out


def apply_reviews(cases: list[AuditCase], reviews: dict[str, Review]) -> tuple[list[AuditCase], list[str]]:
    """Mark reviewed findings; drop the ones a reviewer found not to be violations of the rule."""
    kept, dropped = [], []
    for c in cases:
        r = reviews.get(c.original_id or "")
        if c.origin != "checker_finding" or r is None:
            kept.append(c)
        elif r.agree:
            kept.append(c.model_copy(update={"reviewed": True, "notes": f"{c.notes} | review: {r.note}"}))
        else:
            dropped.append(f"{c.case_id}: {r.note}")
    return kept, dropped


Evaluate = Callable[[str], list[CheckResult]]  # filing id -> every evaluated item (violation, ok, not_evaluable)


def filing_folder(source: str | None) -> Path:
    """The folder a filing was loaded from (its instance's folder); errors name the fix."""
    p = Path(source or "")
    while str(p) not in ("", ".") and not p.exists():  # "pkg.zip/inner/x.xml" entries: walk up to the zip
        p = p.parent
    if p.is_file() and p.suffix.lower() == ".zip":
        raise ConfigError(f"{source}: filings loaded from a zip cannot be copied for injection yet; load the unpacked folder")
    if not p.exists() or str(p) in ("", "."):
        raise ConfigError(f"{source!r}: the filing's source files are gone; reload the filing from its folder")
    return p if p.is_dir() else p.parent


def safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text)


@dataclass
class BuildStats:
    filings: int = 0
    findings: int = 0
    injected: int = 0
    compliant: int = 0
    failed_injections: list[str] = field(default_factory=list)
    checker_errors: list[str] = field(default_factory=list)


def build(
    graph: Graph,
    out_dir: Path,
    evaluate: Evaluate,
    load_copy: Callable[[Path], str],
    filing_ids: Sequence[str] | None = None,
    findings_per_filing: int = 4,
    injected_per_rule: int = 1,
    compliant_per_rule: int = 1,
    seed: int = 0,
    on_filing: Callable[[str], None] | None = None,
) -> tuple[list[AuditCase], BuildStats]:
    """Cases for the loaded filings (all, or `filing_ids`); injected copies go to out_dir/filings/."""
    rng = random.Random(seed)
    rows = [r for r in graph.read("eval.loaded_filings") if COPY_MARK not in r["id"]]
    if filing_ids:
        missing = set(filing_ids) - {r["id"] for r in rows}
        if missing:
            raise ConfigError(f"filing(s) {', '.join(sorted(missing))} not loaded; load them with `auditgraph filing load`")
        rows = [r for r in rows if r["id"] in set(filing_ids)]
    stats, cases = BuildStats(), []
    for row in rows:
        meta = FilingMeta(
            id=row["id"],
            ticker=row["ticker"],
            form=row["form"],
            filing_date=_to_date(row["filing_date"]),
            period_end=_to_date(row["period_end"]),
            source=row["source"],
            collection=_collection(row["source"]),
        )
        results = evaluate(meta.id)
        stats.checker_errors += [r.reason for r in results if r.reason.startswith("checker crashed")]
        found = finding_cases(meta, results)
        if len(found) > findings_per_filing:
            found = sorted(rng.sample(found, findings_per_filing), key=lambda c: c.case_id)
        plans = plan_injections(meta, results, injected_per_rule, rng)
        used = {case_key(p.result) for p in plans}
        clean = compliant_cases(meta, results, compliant_per_rule, rng, exclude=used)
        for plan in plans:
            try:
                cases.append(injected_case(plan, _inject(graph, plan, out_dir, load_copy)))
                stats.injected += 1
            except AuditGraphError as exc:
                stats.failed_injections.append(f"{plan.case_id}: {exc}")
        cases += found + clean
        stats.filings += 1
        stats.findings += len(found)
        stats.compliant += len(clean)
        if on_filing:
            on_filing(meta.id)
    return sorted(cases, key=lambda c: c.case_id), stats


COPY_MARK = "__inj-"


def _inject(graph: Graph, plan: Injection, out_dir: Path, load_copy: Callable[[Path], str]) -> str:
    loc = graph.read("eval.fact_location", filing_id=plan.filing.id, fact_id=plan.fact_id)
    if not loc:
        raise ConfigError(f"fact {plan.fact_id} of {plan.filing.id} is not in the graph; reload the filing")
    ns, name = split_key(loc[0]["concept_key"])
    src = filing_folder(plan.filing.source)
    kind = plan.origin.removeprefix("injected_").replace("_", "-")
    copy_name = safe_name(f"{plan.filing.id}{COPY_MARK}{kind}-{plan.case_id[-3:]}")
    dest = copy_filing(src, out_dir / "filings" / copy_name)
    original = dest / Path(plan.filing.source or "").name
    if not original.is_file():
        raise ConfigError(f"{original}: the copied folder lacks the instance the filing was loaded from")
    # the copy's own instance name: whether the loader names a filing by folder or by instance
    # stem, the copy gets an id of its own and can never replace the original or another copy
    instance = original.rename(dest / f"{copy_name}{original.suffix}")
    edit = FactEdit(ns, name, loc[0]["fact_id"], tuple(loc[0]["context_ids"]), loc[0]["unit_id"], plan.new_value)
    rewrite_fact(instance, edit)
    copy_id = load_copy(dest)
    # the eval namespace: user listings (filing list, checks, verifier, MCP) filter out :EvalCopy
    graph.write("eval.mark_copy", filing_id=copy_id)
    return copy_id


def _to_date(v: Any) -> date | None:
    return cast(date | None, v.to_native() if hasattr(v, "to_native") else v)  # neo4j Date -> datetime.date


def _collection(source: str | None) -> str:
    parts = Path(source or "").parts
    for name in ("xule-2025", "edgar"):
        if name in parts:
            return name
    return "injected" if COPY_MARK in (source or "") else "local"
