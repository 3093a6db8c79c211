"""Score verifier outputs on the natural-claims dev set (eval/datasets/claims/natural_dev.jsonl, issue 15).

Pure functions over (dev record, verifier output JSON) pairs; no graph, no verifier import.

    label true  & Verified -> TA      label false & Verified -> FA (the error VeriFin exists to prevent)
    label false & Violated -> TR      label true  & Violated -> FR
    decidable & Abstain    -> Abstain (lowers coverage)
    undecidable: Abstain is handled; a decision is a failure; where the record expects
    `wrong_entity`, the output's abstain_reason must say so.

Wrong grounding (facts matched on local name + namespace family and period key): a Verified
claim whose bindings miss a labelled fact, or a Violated claim none of whose violated sub-claims
is about labelled facts only (`grounding_errors`): the right answer for the wrong reason counts
as a failure.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# read from a checkout: the dev set is benchmark data, not shipped in the wheel (eval/datasets/README.md)
DEVSET = Path(__file__).resolve().parent / "datasets" / "claims" / "natural_dev.jsonl"
STYLES = ("analyst", "news", "earnings", "workpaper", "template")
DECIDED = ("Verified", "Violated")


@dataclass(frozen=True)
class FactRef:
    """A fact as the scorer matches it: extension prefixes and taxonomy years do not matter."""

    family: str  # "us-gaap", "dei", "srt", or the filer's extension prefix
    local: str
    period: str  # Period.key

    def __str__(self) -> str:
        return f"{self.family}:{self.local}@{self.period}"


@dataclass(frozen=True)
class DevClaim:
    id: str
    filing: str  # path under shared/filings
    style: str
    text: str | None
    question: str | None
    answer: str | None
    label: str  # true | false | undecidable
    error: str | None
    expected_abstain_reason: str | None
    facts: tuple[FactRef, ...]  # every labelled fact of every sub-claim

    @property
    def decidable(self) -> bool:
        return self.label in ("true", "false")


@dataclass(frozen=True)
class Outcome:
    id: str
    style: str
    label: str
    decision: str | None  # None: not run
    outcome: str  # TA FA TR FR Abstain | handled | decided_undecidable | not_run
    wrong_grounding: bool
    missing: tuple[str, ...]  # labelled facts absent from the bindings
    abstain_reason: str | None
    reason_ok: bool | None  # wrong_entity expected: did the output name it
    reason: str

    @property
    def failure(self) -> str | None:
        """Why the lead must look at this claim, or None."""
        if self.outcome in ("FA", "FR", "decided_undecidable"):
            return self.outcome
        if self.wrong_grounding:
            return "wrong_grounding"
        if self.reason_ok is False:
            return "abstain_reason"
        return None


@dataclass(frozen=True)
class Score:
    n: int
    not_run: int
    decidable: int
    ta: int
    fa: int
    tr: int
    fr: int
    abstain: int
    wrong_grounding: int
    undecidable: int
    undecidable_abstained: int
    wrong_entity: int
    wrong_entity_named: int

    @property
    def decided(self) -> int:
        return self.ta + self.fa + self.tr + self.fr

    @property
    def coverage(self) -> float | None:
        """Decided / decidable (among claims that ran)."""
        return _rate(self.decided, self.decidable)

    @property
    def accuracy(self) -> float | None:
        """Right decisions among decided ones."""
        return _rate(self.ta + self.tr, self.decided)

    @property
    def undecidable_handled(self) -> float | None:
        return _rate(self.undecidable_abstained, self.undecidable)

    @property
    def wrong_entity_handled(self) -> float | None:
        return _rate(self.wrong_entity_named, self.wrong_entity)

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "not_run": self.not_run,
            "decidable": self.decidable,
            "TA": self.ta,
            "FA": self.fa,
            "TR": self.tr,
            "FR": self.fr,
            "Abstain": self.abstain,
            "wrong_grounding": self.wrong_grounding,
            "undecidable": self.undecidable,
            "undecidable_abstained": self.undecidable_abstained,
            "wrong_entity": self.wrong_entity,
            "wrong_entity_named": self.wrong_entity_named,
            "coverage": self.coverage,
            "accuracy": self.accuracy,
            "undecidable_handled": self.undecidable_handled,
            "wrong_entity_handled": self.wrong_entity_handled,
        }


def _rate(k: int, n: int) -> float | None:
    return k / n if n else None


# ---------------------------------------------------------------- reading
_YEAR_TAIL = re.compile(r"[-_]?\d{4}(-\d{2}-\d{2})?$")


def family(prefix_or_ns: str) -> str:
    """'us-gaap' / 'http://fasb.org/us-gaap/2023' -> 'us-gaap'; 'nflx' -> 'nflx'."""
    text = prefix_or_ns.strip().lower()
    if "/" in text:  # a namespace URI: its last non-date segment
        parts = [p for p in text.rstrip("/").split("/") if p and not re.fullmatch(r"\d{4}(-\d{2}-\d{2})?", p)]
        text = parts[-1] if parts else text
    return _YEAR_TAIL.sub("", text) or text


def fact_ref(qname: str, period: str) -> FactRef:
    """From 'us-gaap:Revenues' or Clark '{ns}Revenues' plus a period key."""
    if qname.startswith("{"):
        ns, local = qname[1:].split("}", 1)
        return FactRef(family(ns), local, period)
    prefix, _, local = qname.rpartition(":")
    return FactRef(family(prefix), local, period)


def dev_claim(rec: Mapping[str, Any]) -> DevClaim:
    facts: list[FactRef] = []
    for sub in rec.get("subclaims") or []:
        for f in sub.get("facts") or []:
            ref = fact_ref(f["qname"], f["period"])
            if ref not in facts:
                facts.append(ref)
    return DevClaim(
        rec["id"],
        rec["filing"],
        rec["style"],
        rec.get("text"),
        rec.get("question"),
        rec.get("answer"),
        rec["label"],
        rec.get("error"),
        rec.get("expected_abstain_reason"),
        tuple(facts),
    )


def load_devset(path: Path = DEVSET) -> list[DevClaim]:
    return [dev_claim(json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def bindings(output: Mapping[str, Any]) -> set[FactRef]:
    """The facts a verifier output grounded on: its own bindings and every sub-claim's."""
    out: set[FactRef] = set()
    for b in output.get("bindings") or []:
        if b.get("concept") and b.get("period"):
            out.add(fact_ref(str(b["concept"]), str(b["period"])))
    for sub in output.get("subclaims") or []:
        out |= bindings(sub)
    for reading in output.get("readings") or []:  # other readings of the same words, which agreed
        out |= bindings(reading)
    return out


# ---------------------------------------------------------------- judging
def judge(claim: DevClaim, output: Mapping[str, Any] | None) -> Outcome:
    """One claim's outcome; `output` is the verifier's to_json(), or None when it did not run."""
    if output is None:
        return Outcome(claim.id, claim.style, claim.label, None, "not_run", False, (), None, None, "not run")
    decision = str(output.get("decision"))
    reason = str(output.get("reason") or "")
    abstain_reason = output.get("abstain_reason")
    if not claim.decidable:
        handled = decision not in DECIDED
        reason_ok = None
        if claim.expected_abstain_reason:
            reason_ok = handled and abstain_reason == claim.expected_abstain_reason
        return Outcome(
            claim.id,
            claim.style,
            claim.label,
            decision,
            "handled" if handled else "decided_undecidable",
            False,
            (),
            abstain_reason,
            reason_ok,
            reason,
        )
    if decision not in DECIDED:
        return Outcome(claim.id, claim.style, claim.label, decision, "Abstain", False, (), abstain_reason, None, reason)
    truth = claim.label == "true"
    outcome = {("Verified", True): "TA", ("Verified", False): "FA", ("Violated", False): "TR", ("Violated", True): "FR"}[
        (decision, truth)
    ]
    missing = grounding_errors(claim, output)
    return Outcome(claim.id, claim.style, claim.label, decision, outcome, bool(missing), missing, abstain_reason, None, reason)


def _named(sub: Mapping[str, Any]) -> set[FactRef]:
    """The facts a decided sub-claim is about: its reported figures (`target` bindings), else (a
    metric only a formula gives) the operands it computed from; calculation children are evidence,
    not what the claim names."""
    bs = [b for b in sub.get("bindings") or [] if b.get("concept") and b.get("period")]
    named = [b for b in bs if b.get("stage") == "target"] or [b for b in bs if b.get("stage") != "calc"]
    return {fact_ref(str(b["concept"]), str(b["period"])) for b in named}


def grounding_errors(claim: DevClaim, output: Mapping[str, Any]) -> tuple[str, ...]:
    """Why a decision is right for the wrong reason, or () when it is grounded as labelled.

    Verified: every labelled fact must be among the bindings (all sub-claims held, so all were
    grounded). Violated: at least one violated sub-claim must be about labelled facts only: the
    refutation has to come from the right concept and period, not from a misread neighbour."""
    subs = list(output.get("subclaims") or []) or [output]
    labelled = set(claim.facts)
    if output.get("decision") == "Verified":
        bound = bindings(output)
        return tuple(str(f) for f in claim.facts if f not in bound)
    violated = [s for s in subs if s.get("decision") == "Violated"]
    readings = [r for s in violated for r in [s, *(s.get("readings") or [])]]  # any agreeing reading may be the labeller's
    if any(_named(r) and _named(r) <= labelled for r in readings):
        return ()
    return tuple(sorted({str(f) for s in violated for f in _named(s) - labelled})) or (
        "no violated sub-claim names a labelled fact",
    )


def judge_all(claims: Iterable[DevClaim], outputs: Mapping[str, Mapping[str, Any] | None]) -> list[Outcome]:
    return [judge(c, outputs.get(c.id)) for c in claims]


def score(outcomes: Iterable[Outcome]) -> Score:
    c = {k: 0 for k in ("n", "not_run", "decidable", "TA", "FA", "TR", "FR", "Abstain", "wg", "und", "und_ok", "we", "we_ok")}
    for o in outcomes:
        c["n"] += 1
        if o.outcome == "not_run":
            c["not_run"] += 1
            continue
        if o.label in ("true", "false"):
            c["decidable"] += 1
            c[o.outcome] += 1
            c["wg"] += o.wrong_grounding
        else:
            c["und"] += 1
            c["und_ok"] += o.outcome == "handled"
            if o.reason_ok is not None:
                c["we"] += 1
                c["we_ok"] += bool(o.reason_ok)
    return Score(
        c["n"],
        c["not_run"],
        c["decidable"],
        c["TA"],
        c["FA"],
        c["TR"],
        c["FR"],
        c["Abstain"],
        c["wg"],
        c["und"],
        c["und_ok"],
        c["we"],
        c["we_ok"],
    )


def score_by(outcomes: Iterable[Outcome], key: str = "style") -> dict[str, Score]:
    groups: dict[str, list[Outcome]] = {}
    for o in outcomes:
        groups.setdefault(str(getattr(o, key)), []).append(o)
    order = {s: i for i, s in enumerate(STYLES)}
    return {k: score(v) for k, v in sorted(groups.items(), key=lambda kv: (order.get(kv[0], 99), kv[0]))}


def failures(outcomes: Iterable[Outcome]) -> list[Outcome]:
    """FA, FR, wrong grounding, undecidable decided, wrong abstain reason: what the lead works through."""
    return [o for o in outcomes if o.failure]


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def table(overall: Score, by_style: Mapping[str, Score]) -> str:
    """Markdown: one row overall and one per style."""
    head = (
        "| | n | not run | TA | FA | TR | FR | Abstain | coverage | accuracy | wrong grounding | undecidable → Abstain | wrong_entity named |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    )
    rows = [head]
    for name, s in [("**all**", overall), *by_style.items()]:
        und = f"{s.undecidable_abstained}/{s.undecidable} ({_pct(s.undecidable_handled)})" if s.undecidable else "-"
        we = f"{s.wrong_entity_named}/{s.wrong_entity}" if s.wrong_entity else "-"
        rows.append(
            f"| {name} | {s.n} | {s.not_run} | {s.ta} | {s.fa} | {s.tr} | {s.fr} | {s.abstain} | "
            f"{_pct(s.coverage)} | {_pct(s.accuracy)} | {s.wrong_grounding} | {und} | {we} |"
        )
    return "\n".join(rows)
