"""Our DQC findings against the official DQC engine's, finding by finding (scripts/compare_dqc.py,
scripts/bench_xule.py and tests/test_dqc_engine.py share it).

A finding is its code (`DQC.US.0018.34`) and the facts it names, a fact by (concept local name, context id):
the engine names concepts by the prefix of its own document, we by the filing's, so local names are compared.
A finding that names no fact (a structural rule about an element or a network) matches an engine finding of
the same code that names no fact and whose message names our finding's network (its definition) or, for a
finding about an element, its concept as a whole word; when the recorded message was cut (300 characters) before
naming either, fact-less findings of the same code on the same filing are paired one for one.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from auditgraph.checks.result import CheckResult

FactKey = tuple[str, str]  # (concept local name, context id)
RECORDED_CUT = 300  # findings.jsonl keeps the first 300 characters of the engine's message
VALUE_RULES = ("DQC.US.0015", "DQC.US.0117", "DQC.US.0126")  # results that list addends after the fact they flag


@dataclass(frozen=True)
class Known:
    """A difference from the official engine on the shared filings that we keep, and why."""

    engine_only: int
    ours_only: int
    reason: str


# family -> the differences tests/test_dqc_engine.py accepts on the shared filings (docs/benchmarks.md lists them)
KNOWN_DIFFERENCES: dict[str, Known] = {
    "DQC.US.0015": Known(4, 0, "element ids 10911/10912 are newer than the DQC.US.0015 list version we ship (dqc_data)"),
    "DQC.US.0006": Known(
        0, 1, "DBD_Q2_2023: the engine stops on the filing's nil extensible-enumeration facts (7 engine errors) and loses it"
    ),
    "DQC.US.0047": Known(
        0, 3, "nvda/nflx (us-gaap 2023): the engine's 2023 rule set errs on naics-2023, absent from the offline packages"
    ),
    "DQC.US.0150": Known(
        25,
        25,
        "9877: the engine names whichever addend its member set yields first (Python hash order, different per run); "
        "ours the first in the filing's arc order, the same filing, table, line item and period in all 25",
    ),
    "DQC.US.0154": Known(
        1, 0, "MTEX_FY_2023: the filer's label of a presented element without facts is not loaded (FILER_LABEL)"
    ),
}


def local(qname: str) -> str:
    return re.split(r"[:#}]", qname)[-1]


@dataclass(frozen=True)
class Finding:
    code: str
    facts: frozenset[FactKey]
    concept: str = ""  # ours: the local name of the element a finding is about
    message: str = ""
    network: str = ""  # ours: the definition of the network a fact-less finding is about
    role: str = ""  # ours: that network's role URI (a message may name the network by its URI alone)

    @property
    def family(self) -> str:
        return ".".join(self.code.split(".")[:3])


@dataclass
class FamilyScore:
    family: str
    official: int = 0
    ours: int = 0
    matched: int = 0
    seconds: float = 0.0
    engine_only: list[tuple[str, Finding]] = field(default_factory=list)
    ours_only: list[tuple[str, Finding]] = field(default_factory=list)

    @property
    def exact(self) -> bool:
        return not self.engine_only and not self.ours_only


def engine_findings(path: Path) -> dict[str, list[Finding]]:
    """The recorded findings (findings.jsonl) by engine filing folder ("xule-2025/BXP_Q1_2024")."""
    out: dict[str, list[Finding]] = defaultdict(list)
    for line in path.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        facts = frozenset((local(f["concept"]), f["context"]) for f in d["facts"] if f.get("context"))
        out[d["filing"]].append(Finding(d["code"], facts, message=d["message"]))
    return out


def our_findings(results: Iterable[CheckResult]) -> list[Finding]:
    """Our violations as comparable findings; a value rule names the fact it flags first (the engine names that one)."""
    out = []
    for r in results:
        if r.status != "violation":
            continue
        named = r.facts
        if r.rule_id in VALUE_RULES and r.facts:
            named = [f for f in r.facts if f.role in ("total", "fact")][:1] or r.facts[:1]
        facts = frozenset((local(f.concept), f.context_id) for f in named if f.context_id)
        out.append(
            Finding(
                r.sub_rule,
                facts,
                concept=local(r.concept or ""),
                message=r.message,
                network=r.network_definition or "",
                role=r.network or "",
            )
        )
    return out


def match(official: list[Finding], mine: list[Finding]) -> tuple[int, list[Finding], list[Finding]]:
    """(matched, engine only, ours only) for one filing."""
    left = Counter(f for f in official if f.facts)
    by_key: dict[tuple[str, frozenset[FactKey]], list[Finding]] = defaultdict(list)
    for f in left:
        by_key[(f.code, f.facts)].append(f)
    factless = [f for f in official if not f.facts]
    matched, ours_only = 0, []
    for f in mine:
        hit = next((o for o in by_key.get((f.code, f.facts), []) if left[o] > 0), None) if f.facts else None
        if hit is not None:
            left[hit] -= 1
            matched += 1
            continue
        if not f.facts and (f.concept or f.network or f.role):
            found = next((o for o in factless if o.code == f.code and _names(o.message, f)), None)
            if found is not None:
                factless.remove(found)
                matched += 1
                continue
        ours_only.append(f)
    # a recorded message is cut at 300 characters, maybe before it names the element: a fact-less finding of ours
    # is then paired with a cut one of the same code, one for one (same filing, same code, nothing else to compare)
    for f in list(ours_only):
        cut = next((o for o in factless if not f.facts and o.code == f.code and len(o.message) >= RECORDED_CUT), None)
        if cut is not None:
            factless.remove(cut)
            ours_only.remove(f)
            matched += 1
    engine_only = [o for o, n in left.items() for _ in range(n)] + factless
    return matched, engine_only, ours_only


def _names(message: str, f: Finding) -> bool:
    """The engine's message names our finding's network (its definition) or, else, its concept as a whole word.
    A network comes first: a rule that lists a network's elements (DQC.US.0099) lists them in an arbitrary order
    and the recorded message is cut at 300 characters."""
    if f.network or f.role:
        return bool(f.network and f.network in message) or bool(f.role and f.role in message)
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(f.concept)}(?![A-Za-z0-9])", message) is not None


def score(
    scores: dict[str, FamilyScore], folder: str, families: Iterable[str], official: list[Finding], mine: list[Finding]
) -> None:
    """Add one filing's comparison to the per-family scores (only `families`: the ones we ran)."""
    for fam in families:
        s = scores.setdefault(fam, FamilyScore(fam))
        theirs = [f for f in official if f.family == fam]
        ours = [f for f in mine if f.family == fam]
        n, engine_only, ours_only = match(theirs, ours)
        s.official += len(theirs)
        s.ours += len(ours)
        s.matched += n
        s.engine_only += [(folder, f) for f in engine_only]
        s.ours_only += [(folder, f) for f in ours_only]


def engine_folder(source: str | None) -> str | None:
    """The engine's name of a loaded filing ("xule-2025/BXP_Q1_2024") from its source path, else None."""
    path = Path(source or "")
    for part in (path, *path.parents):
        if part.parent.name in ("xule-2025", "edgar"):
            return f"{part.parent.name}/{part.name}"
    return None
