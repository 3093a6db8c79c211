"""Batch verification: claims JSONL in, one decision JSON per line out, plus acceptance metrics.

Input lines: {"case_id", "filing_id" (or "filing"), "question", "claim", optional "correct"
(bool) or "label" ("correct"/"incorrect")}, or {"case_id", "filing_id", "sentence", ...} for a
claim sentence; anything else is passed through under "input".
Accept = Verified, reject = Violated (VeriFin §4.2): TA/FA count correct/incorrect accepted
claims, TR/FR incorrect/correct rejected ones, Abs every abstention. Claims without a label
count only in coverage.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from auditgraph.errors import ConfigError
from auditgraph.verifier.types import Decision, SentenceVerdict, Verdict
from auditgraph.verifier.verify import Verifier


@dataclass(frozen=True)
class Case:
    case_id: str
    filing_id: str
    question: str
    claim: str
    correct: bool | None
    raw: dict[str, Any]
    sentence: str | None = None  # sentence mode: question and claim are empty


@dataclass(frozen=True)
class Summary:
    n: int
    ta: int
    fa: int
    tr: int
    fr: int
    abstain: int
    unlabelled: int

    @property
    def precision(self) -> float | None:
        return _rate(self.ta, self.ta + self.fa)

    @property
    def decision_accuracy(self) -> float | None:
        return _rate(self.ta + self.tr, self.ta + self.fa + self.tr + self.fr)

    @property
    def coverage(self) -> float | None:
        return _rate(self.n - self.abstain, self.n)

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "TA": self.ta,
            "FA": self.fa,
            "TR": self.tr,
            "FR": self.fr,
            "Abs": self.abstain,
            "unlabelled": self.unlabelled,
            "precision": self.precision,
            "decision_accuracy": self.decision_accuracy,
            "coverage": self.coverage,
        }


def _rate(k: int, n: int) -> float | None:
    return k / n if n else None


def read_cases(path: Path) -> list[Case]:
    if not path.exists():
        raise ConfigError(f"{path}: no such claims file; pass a JSONL file with filing_id, question and claim per line")
    cases = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path}:{n}: not JSON ({exc.msg}); one JSON object per line") from exc
        if not isinstance(row, dict):
            raise ConfigError(f"{path}:{n}: a JSON object is expected, not {type(row).__name__}")
        filing = row.get("filing_id") or row.get("filing")
        sentence = row.get("sentence")
        need = (
            (("filing_id", filing), ("sentence", sentence))
            if sentence is not None
            else (("filing_id", filing), ("question", row.get("question")), ("claim", row.get("claim")))
        )
        missing = [k for k, v in need if v in (None, "")]
        if missing:
            raise ConfigError(
                f"{path}:{n}: missing {', '.join(missing)}; each line needs filing_id and a sentence, "
                "or filing_id, question and claim"
            )
        correct = row.get("correct")
        if correct is None and isinstance(row.get("label"), str):
            correct = {"correct": True, "incorrect": False}.get(row["label"].lower())
        cases.append(
            Case(
                str(row.get("case_id") or f"line-{n}"),
                str(filing),
                str(row.get("question") or ""),
                str(row.get("claim") or ""),
                correct if isinstance(correct, bool) else None,
                row,
                str(sentence) if sentence is not None else None,
            )
        )
    return cases


def run(
    verifier: Verifier, cases: Iterable[Case], on_done: Callable[[Case, Verdict | SentenceVerdict], None] | None = None
) -> Iterator[tuple[Case, Verdict | SentenceVerdict]]:
    for case in cases:
        verdict: Verdict | SentenceVerdict
        if case.sentence is not None:
            verdict = verifier.verify_sentence(case.filing_id, case.sentence, case_id=case.case_id)
        else:
            verdict = verifier.verify(case.filing_id, case.question, case.claim, case_id=case.case_id)
        if on_done:
            on_done(case, verdict)
        yield case, verdict


def record(case: Case, verdict: Verdict | SentenceVerdict) -> dict[str, Any]:
    rec = verdict.to_json()
    rec["correct"] = case.correct
    extra = {
        k: v
        for k, v in case.raw.items()
        if k not in ("case_id", "filing_id", "filing", "question", "claim", "sentence", "correct", "label")
    }
    if extra:
        rec["input"] = extra
    return rec


def summarise(pairs: Iterable[tuple[Decision, bool | None]]) -> Summary:
    n = ta = fa = tr = fr = ab = unl = 0
    for decision, correct in pairs:
        n += 1
        if decision is Decision.ABSTAIN:
            ab += 1
        elif correct is None:
            unl += 1
        elif decision is Decision.VERIFIED:
            ta += correct
            fa += not correct
        else:
            tr += not correct
            fr += correct
    return Summary(n, ta, fa, tr, fr, ab, unl)
